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

/// `NAME[cond]... = value`: one assignment, possibly continued over several lines with `\`.
public struct Assignment: Hashable, Sendable {
    /// The setting name.
    public var name: String
    /// Where the name is.
    public var nameRange: SourceRange
    /// The conditions in the order written.
    public var conditions: [Condition]
    /// Where the `=` is.
    public var equalsLocation: SourceLocation
    /// The value as Xcode hands it to expression parsing: the chunks of each physical line
    /// (comments cut, whitespace trimmed, one trailing `;` dropped, the continuation `\`
    /// removed) joined with single spaces (semantics §1.3).
    public var value: String
    /// The source range of each chunk that makes up `value`, in order.
    /// `value` is exactly these ranges' text joined with one space. Continued chunks that are
    /// empty after trimming are left out, as Xcode leaves them out; the last chunk is kept even
    /// when empty (`A = x \` then `;` gives the value `"x "`), so it may be an empty range.
    public var chunks: [SourceRange]
    /// The `//` comments on the assignment's lines, from `//` to the end of the line.
    public var comments: [SourceRange]
    /// The `;` that Xcode dropped from the end of the value (its last chunk), if any.
    public var droppedSemicolon: SourceRange?
    /// Every `;` Xcode dropped, one per chunk at most, in order. A continued chunk loses its `;`
    /// before the `\` test, so `A = x \;` continues (semantics §1.3).
    public var droppedSemicolons: [SourceRange]
    /// Byte offset of the `=`.
    public var equalsOffset: Int
    /// Where Xcode's parser stopped reading the assignment: the line terminator (or end of file)
    /// of the last line it consumed, comments skipped.
    public var end: SourceLocation
    /// Byte offset of ``end``.
    public var endOffset: Int

    public init(
        name: String,
        nameRange: SourceRange,
        conditions: [Condition],
        equalsLocation: SourceLocation,
        value: String,
        chunks: [SourceRange],
        comments: [SourceRange],
        droppedSemicolon: SourceRange?,
        droppedSemicolons: [SourceRange]? = nil,
        equalsOffset: Int = 0,
        end: SourceLocation? = nil,
        endOffset: Int = 0
    ) {
        self.name = name
        self.nameRange = nameRange
        self.conditions = conditions
        self.equalsLocation = equalsLocation
        self.value = value
        self.chunks = chunks
        self.comments = comments
        self.droppedSemicolon = droppedSemicolon
        self.droppedSemicolons = droppedSemicolons ?? (droppedSemicolon.map { [$0] } ?? [])
        self.equalsOffset = equalsOffset
        self.end = end ?? equalsLocation
        self.endOffset = endOffset
    }

    /// The columns Xcode records as the assignment's provenance (semantics §1.8): both are
    /// measured from the first byte of the name (column 1), `start` just past the `=`, `end` at
    /// ``end`` even when that is on a later line.
    public var xcodeColumns: (start: Int, end: Int) {
        (equalsOffset + 2 - nameRange.startOffset, endOffset + 1 - nameRange.startOffset)
    }

    /// The conditions rendered as Xcode renders them: `[sdk=iphoneos*][arch=arm64]`.
    public var conditionSuffix: String {
        var text = ""
        for condition in conditions {
            text += "[\(condition.parameter)=\(condition.pattern)]"
        }
        return text
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
/// Indirect so that a ``Statement`` stays small (64 bytes rather than 232): blank and comment
/// lines, the bulk of many files, then cost no more than their range.
public indirect enum StatementKind: Hashable, Sendable {
    /// A setting assignment.
    case assignment(Assignment)
    /// An include directive.
    case include(IncludeDirective)
    /// A line holding only whitespace and a `//` comment.
    case comment
    /// A line holding only whitespace (or nothing).
    case blank
    /// A line Xcode's parser rejects; the diagnostic says why. Xcode skips the rest of the
    /// physical line and resumes on the next one.
    case invalid(Diagnostic)
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

/// A parsed configuration file: a lossless tree over the input bytes.
public struct SyntaxTree: Sendable {
    /// The input, unchanged.
    public let bytes: [UInt8]
    /// The statements, in source order, tiling `bytes`.
    public let statements: [Statement]
    /// Byte offset at which each line starts (index 0 is line 1), counted as Xcode counts lines:
    /// after every LF, CR, CRLF, U+2028 and U+2029, except a U+2028/U+2029 that Xcode's parser
    /// swallows into a directive keyword (`#foo<U+2028>bar`), which it does not count either.
    public let lineStarts: [Int]

    public init(bytes: [UInt8], statements: [Statement], lineStarts: [Int]) {
        self.bytes = bytes
        self.statements = statements
        self.lineStarts = lineStarts
    }

    /// Every parse diagnostic, in source order, without a file.
    public var diagnostics: [Diagnostic] {
        statements.compactMap {
            if case .invalid(let diagnostic) = $0.kind { return diagnostic }
            return nil
        }
    }

    /// The assignments, in source order.
    public var assignments: [Assignment] {
        statements.compactMap {
            if case .assignment(let assignment) = $0.kind { return assignment }
            return nil
        }
    }

    /// The include directives, in source order.
    public var includes: [IncludeDirective] {
        statements.compactMap {
            if case .include(let include) = $0.kind { return include }
            return nil
        }
    }

    /// The input printed back from the tree: byte for byte the input.
    public func printed() -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        for statement in statements {
            output.append(contentsOf: bytes[statement.range.offsets])
        }
        return output
    }

    /// The text of a range, decoded as Xcode decodes it (invalid UTF-8 becomes U+FFFD).
    public func text(_ range: SourceRange) -> String {
        String(decoding: bytes[range.offsets], as: UTF8.self)
    }

    /// The line and column of a byte offset.
    public func location(ofOffset offset: Int) -> SourceLocation {
        // Binary search for the last line start <= offset.
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if lineStarts[mid] <= offset { low = mid } else { high = mid - 1 }
        }
        return SourceLocation(line: low + 1, column: offset - lineStarts[low] + 1)
    }
}
