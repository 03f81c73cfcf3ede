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
    public internal(set) var fileIndex: Int
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
    /// Where every assignment of ``assignments`` is written, in the same order: the listing
    /// the include walk makes and the resolver reads, each assignment's parts read through its
    /// file's tree (``SyntaxTree/assignmentRecord(_:)``).
    package internal(set) var assignmentIndices: [AssignmentIndex]
    /// Every include directive met, in encounter order.
    public internal(set) var includes: [IncludeEdge]
    /// Parse and include diagnostics, in encounter order, each with its file.
    public internal(set) var diagnostics: [Diagnostic]
    /// The root and every resolved include, in encounter order, without repeats.
    public internal(set) var dependencies: [String]

    init(
        files: [ConfigurationFile], assignments: [AssignmentIndex], includes: [IncludeEdge], diagnostics: [Diagnostic],
        dependencies: [String]
    ) {
        self.files = files
        self.assignmentIndices = assignments
        self.includes = includes
        self.diagnostics = diagnostics
        self.dependencies = dependencies
    }

    /// Every assignment in evaluation order: each include's assignments stand where the
    /// directive is, once per inclusion (semantics §1.6). Made from the listing when read.
    public var assignments: [SourcedAssignment] {
        assignmentIndices.map { index in
            SourcedAssignment(assignment: files[index.file].tree.assignment(ofRecord: index.record), fileIndex: index.file)
        }
    }

    /// The path of the file at `index`.
    public func path(ofFile index: Int) -> String? { files[index].path }
}

/// Where one assignment of a load is written: its file's index in
/// ``LoadedConfiguration/files`` and its statement's index in that file's tree. Two plain
/// integers: a load lists one per assignment, and a list of them holds no reference.
package struct AssignmentIndex: Hashable, Sendable {
    private var storedFile: Int32
    private var storedRecord: Int32

    /// Files and statements are counted far below 2³¹ (``Limits``).
    package init(file: Int, record: Int) {
        storedFile = Int32(file)
        storedRecord = Int32(record)
    }

    /// The file's index in ``LoadedConfiguration/files``.
    package var file: Int { Int(storedFile) }
    /// The statement's index in the file's tree (a record index of the raw API).
    package var record: Int { Int(storedRecord) }

    /// The same assignment in a load whose files start `offset` files later.
    package func movingFile(by offset: Int) -> AssignmentIndex {
        AssignmentIndex(file: file + offset, record: record)
    }
}
