/// A parsed configuration file: a lossless tree over the input bytes.
public struct SyntaxTree: Sendable {
    /// The input, unchanged.
    public let bytes: [UInt8]
    /// The statements, in source order, tiling `bytes`; made from the tree's records when read
    /// (readers of many statements use the raw API, ``assignmentRecord(_:)``).
    public var statements: [Statement] { (0..<records.count).map(records.statement(at:)) }
    /// Byte offset at which each line starts (index 0 is line 1), counted as Xcode counts lines:
    /// after every LF, CR, CRLF, U+2028 and U+2029, except a U+2028/U+2029 that Xcode's parser
    /// swallows into a directive keyword (`#foo<U+2028>bar`), which it does not count either.
    public let lineStarts: [Int]
    /// The statements as records, which ``statements`` and the raw API read
    /// (``assignmentRecord(_:)``).
    @usableFromInline let records: StatementRecords

    public init(bytes: [UInt8], statements: [Statement], lineStarts: [Int]) {
        self.bytes = bytes
        self.records = StatementRecords(bytes: bytes, statements: statements)
        self.lineStarts = lineStarts
    }

    /// The tree of a parse, its statements kept as records.
    init(bytes: [UInt8], records: StatementRecords, lineStarts: [Int]) {
        self.bytes = bytes
        self.records = records
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
