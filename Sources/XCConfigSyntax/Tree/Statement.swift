/// One `[parameter=pattern]` condition of an assignment, exactly as written.
///
/// Neither part is trimmed: `FOO[ sdk = mac* ]` has the parameter `" sdk "` and the
/// pattern `" mac* "`, which Xcode treats as an unknown parameter (semantics §1.3).
public struct Condition: Hashable, Sendable {
    /// Every byte between `[` and the first `=`.
    public var parameter: String
    /// Every byte between that `=` and `]`.
    public var pattern: String
    /// From `[` to `]`, both included.
    public var range: SourceRange

    public init(parameter: String, pattern: String, range: SourceRange) {
        self.parameter = parameter
        self.pattern = pattern
        self.range = range
    }
}
/// `#include "path"` or `#include? "path"`.
public struct IncludeDirective: Hashable, Sendable {
    /// The quoted file name, without the quotes; no escapes exist (semantics §1.5).
    public var path: String
    /// `true` for `#include?`, which is silent when the file is missing.
    public var isOptional: Bool
    /// The range of the path between the quotes.
    public var pathRange: SourceRange
    /// The `//` comment after the directive, if any.
    public var comment: SourceRange?

    public init(path: String, isOptional: Bool, pathRange: SourceRange, comment: SourceRange?) {
        self.path = path
        self.isOptional = isOptional
        self.pathRange = pathRange
        self.comment = comment
    }
}

/// What a statement is.
///
/// An assignment is stored inline (it is compact, and most statements are assignments: boxing it
/// cost a heap allocation each); the rarer include and invalid lines are boxed so that they do
/// not make every ``Statement`` larger.
public enum StatementKind: Hashable, Sendable {
    /// A setting assignment.
    case assignment(Assignment)
    /// An include directive.
    indirect case include(IncludeDirective)
    /// A line holding only whitespace and a `//` comment.
    case comment
    /// A line holding only whitespace (or nothing).
    case blank
    /// A line Xcode's parser rejects; the diagnostic says why. Xcode skips the rest of the
    /// physical line and resumes on the next one.
    indirect case invalid(Diagnostic)
}

/// One statement of a configuration file: one or more whole physical lines, terminators included.
///
/// The statements of a ``SyntaxTree`` tile its bytes: concatenating their ranges gives the input back.
public struct Statement: Hashable, Sendable {
    /// What the statement is.
    public var kind: StatementKind
    /// Every byte of the statement's lines, line terminators included.
    public var range: SourceRange

    public init(kind: StatementKind, range: SourceRange) {
        self.kind = kind
        self.range = range
    }
}
