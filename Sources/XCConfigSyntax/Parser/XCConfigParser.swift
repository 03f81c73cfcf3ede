/// The xcconfig line parser: reads a configuration file byte by byte exactly as Xcode's
/// `MacroConfigFileParser` does and keeps every byte in a ``SyntaxTree``.
///
/// The parser never fails. Lines Xcode rejects become ``StatementKind/invalid(_:)`` statements
/// carrying Xcode's diagnostic (semantics §2.1); like Xcode, the parser then skips the rest of that
/// physical line and parses the next one afresh.
///
/// Decisions worth knowing:
/// - `#include "a" junk` is an ``StatementKind/invalid(_:)`` statement, not an include: Xcode
///   reports `unexpected character at end of line` and does **not** include the file (it only asks
///   for the file once the line has ended cleanly).
/// - Line numbers are Xcode's. The only place Xcode's line counter skips a terminator is a
///   directive keyword, which runs to the next ASCII whitespace byte and so swallows a U+2028/U+2029
///   separator (`#foo<U+2028>bar`); such a separator is not counted in ``SyntaxTree/lineStarts``
///   either, so every line we print agrees with Xcode's.
/// - Where Xcode prints a raw line terminator or a NUL byte as the "found" character, the message
///   says `end of line` / `end of file` instead; control bytes are written as `U+XXXX`.
/// - Diagnostic columns point where Xcode's parser stopped: the offending byte, or the end of the
///   line for unterminated constructs; for an unsupported directive, the start of its keyword.
public enum XCConfigParser {
    /// Parses `bytes` as an xcconfig file. Linear in the input size; never recursive.
    public static func parse(_ bytes: [UInt8]) -> SyntaxTree {
        let source = Assignment.Source(bytes)
        // Real files average 30 to 70 bytes a line, some far fewer: reserving room for a line
        // every 16 bytes costs less than growing the arrays, and pages never touched are never
        // resident.
        let reserved = bytes.count / 16 + 8
        var records: [StatementRecord] = []
        var boxes: [Statement] = []
        let lineStarts = [Int](reservingCapacity: reserved) { lineStarts in
            records = [StatementRecord](reservingCapacity: reserved) { records in
                bytes.withUnsafeBufferPointer { buffer in
                    var parser = LineParser(buffer, source: source, lineStarts: lineStarts)
                    parser.parseFile(into: &records)
                    lineStarts = parser.lineStarts!
                    boxes = parser.boxes
                }
            }
        }
        return SyntaxTree(
            bytes: bytes, records: StatementRecords(source: source, records: records, boxes: boxes),
            lineStarts: lineStarts)
    }

    /// Parses UTF-8 text; a convenience for tests and tools.
    public static func parse(_ text: String) -> SyntaxTree {
        parse(Array(text.utf8))
    }

    /// The value of the assignment whose `=` is at `equals` in `source`, read again exactly as
    /// the parse read it; `line` and `lineStart` are those of the `=`'s line.
    static func readValue(_ source: Assignment.Source, equals: Int, line: Int, lineStart: Int) -> ValueLayout {
        source.bytes.withUnsafeBufferPointer { buffer in
            var parser = LineParser(rereading: buffer, source: source, at: equals + 1, line: line, lineStart: lineStart)
            var layout = ValueLayout()
            _ = parser.scanValue(&layout)
            return layout
        }
    }

    /// The `count` conditions of the assignment whose name ends at `nameEnd` in `source`, read
    /// again exactly as the parse read them.
    ///
    /// The parse accepted the assignment, so only inline whitespace and whole
    /// `[parameter=pattern]` conditions stand between name and `=`, all on one line: each `[`
    /// opens one, its parameter ends at the first `=` (no `]` comes before it) and its pattern at
    /// the next `]`. The resolver reads conditions once per conditional assignment, so none of
    /// the parse's checks are repeated here.
    static func readConditions(_ source: Assignment.Source, count: Int, nameEnd: Int, line: Int, lineStart: Int) -> [Condition] {
        if count == 0 { return [] }
        return source.bytes.withUnsafeBufferPointer { buffer in
            var conditions: [Condition] = []
            conditions.reserveCapacity(count)
            forEachConditionRange(in: buffer, count: count, nameEnd: nameEnd) { open, equals, close in
                conditions.append(Condition(
                    parameter: decodeCondition(buffer, open + 1, equals),
                    pattern: decodeCondition(buffer, equals + 1, close),
                    range: SourceRange(
                        start: SourceLocation(line: line, column: open - lineStart + 1),
                        end: SourceLocation(line: line, column: close + 1 - lineStart + 1),
                        startOffset: open, endOffset: close + 1)))
                return true
            }
            return conditions
        }
    }

    /// ``readConditions(_:count:nameEnd:line:lineStart:)`` as bytes: `body` gets each
    /// condition's parameter and pattern until it returns `false`.
    @usableFromInline
    static func forEachCondition(
        _ source: Assignment.Source, count: Int, nameEnd: Int,
        _ body: (_ parameter: UnsafeBufferPointer<UInt8>, _ pattern: UnsafeBufferPointer<UInt8>) -> Bool
    ) {
        if count == 0 { return }
        source.bytes.withUnsafeBufferPointer { buffer in
            forEachConditionRange(in: buffer, count: count, nameEnd: nameEnd) { open, equals, close in
                body(UnsafeBufferPointer(rebasing: buffer[open + 1..<equals]), UnsafeBufferPointer(rebasing: buffer[equals + 1..<close]))
            }
        }
    }

    /// Finds the `count` conditions after the name (the parse checked their shape), and calls
    /// `body` with the offsets of each one's `[`, `=` and `]` until it returns `false`.
    /// The readers of conditions (``readConditions(_:count:nameEnd:line:lineStart:)``, the raw
    /// API's ``AssignmentRecord/forEachCondition(in:_:)``) all find them here.
    @inlinable
    static func forEachConditionRange(
        in buffer: UnsafeBufferPointer<UInt8>, count: Int, nameEnd: Int, _ body: (_ open: Int, _ equals: Int, _ close: Int) -> Bool
    ) {
        var offset = nameEnd
        for _ in 0..<count {
            while buffer[offset] != UInt8(ascii: "[") { offset += 1 }
            let open = offset
            var equals = open + 1
            while buffer[equals] != UInt8(ascii: "=") { equals += 1 }
            var close = equals + 1
            while buffer[close] != UInt8(ascii: "]") { close += 1 }
            offset = close + 1
            if !body(open, equals, close) { return }
        }
    }

    /// `bytes[start..<end]` decoded as `String(decoding:as:)` decodes it. Condition parts are
    /// short ASCII words (`sdk`, `iphoneos*`), which this way become small strings without a
    /// UTF-8 validation pass; other bytes are repaired alike.
    @inline(__always)
    static func decodeCondition(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> String {
        String(unsafeUninitializedCapacity: end - start) { target in
            _ = target.initialize(fromContentsOf: UnsafeBufferPointer(rebasing: bytes[start..<end]))
            return end - start
        }
    }
}
