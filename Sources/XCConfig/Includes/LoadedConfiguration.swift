import XCConfigSyntax

/// One parsed file of an include graph.
public struct ConfigurationFile: Sendable {
    /// The file's absolute, lexically normalised path (as found, symbolic links not resolved),
    /// or `nil` for a configuration given as bytes.
    public let path: String?
    /// Its syntax tree.
    public let tree: SyntaxTree
}

/// An assignment and the file it is written in.
public struct SourcedAssignment: Sendable {
    /// The assignment as parsed.
    public let assignment: Assignment
    /// Index of its file in ``LoadedConfiguration/files``.
    public let fileIndex: Int
}

/// What became of one `#include` directive during loading.
public struct IncludeEdge: Sendable {
    /// What happened.
    public enum Outcome: Sendable, Hashable {
        /// The file was parsed in place.
        case included
        /// Not found: an error for `#include`, silent for `#include?`.
        case notFound
        /// Found but not readable (also an error for `#include?`, semantics §1.6).
        case unreadable
        /// Skipped because it would form a cycle (a warning).
        case cycle
        /// Skipped because the include limit was reached.
        case limitReached
    }
    /// Index of the including file in ``LoadedConfiguration/files``.
    public let includerIndex: Int
    /// The directive.
    public let directive: IncludeDirective
    /// Where the directive's line starts.
    public let location: SourceLocation
    /// The path the name resolved to, when it resolved to one.
    public let resolvedPath: String?
    /// Index of the included file when it was parsed.
    public let targetIndex: Int?
    /// What happened.
    public let outcome: Outcome
}

/// A configuration file with its includes expanded in place, as Xcode's loader reads it.
public struct LoadedConfiguration: Sendable {
    /// Every distinct file parsed, the root first (a file included twice is parsed once and
    /// listed once).
    public internal(set) var files: [ConfigurationFile]
    /// Every assignment in evaluation order: each include's assignments stand where the
    /// directive is, once per inclusion (semantics §1.6).
    public internal(set) var assignments: [SourcedAssignment]
    /// Every include directive met, in encounter order.
    public internal(set) var includes: [IncludeEdge]
    /// Parse and include diagnostics, in encounter order, each with its file.
    public internal(set) var diagnostics: [Diagnostic]
    /// The root and every resolved include, in encounter order, without repeats.
    public internal(set) var dependencies: [String]

    /// The path of the file at `index`.
    public func path(ofFile index: Int) -> String? { files[index].path }
}
