
/// A cursor over the bytes with Xcode's line bookkeeping. One instance parses one file.
struct LineParser {
    let bytes: UnsafeBufferPointer<UInt8>
    /// The input `bytes` points into; assignments keep it to read their parts on demand.
    let source: Assignment.Source
    let count: Int
    /// Current byte offset.
    var index = 0
    /// Current line, 1-based, counted as Xcode counts it.
    var line = 1
    /// Offset at which the current line starts.
    var lineStart = 0
    /// `nil` when reading a part of an assignment again, which needs no line starts.
    var lineStarts: InPlaceAppender<Int>?

    init(_ bytes: UnsafeBufferPointer<UInt8>, source: Assignment.Source, lineStarts: InPlaceAppender<Int>) {
        self.bytes = bytes
        self.source = source
        self.count = bytes.count
        self.lineStarts = lineStarts
        self.lineStarts?.append(0)
    }

    /// A parser placed at `index` on the line starting at `lineStart`, to read a part of an
    /// assignment again.
    init(rereading bytes: UnsafeBufferPointer<UInt8>, source: Assignment.Source, at index: Int, line: Int, lineStart: Int) {
        self.bytes = bytes
        self.source = source
        self.count = bytes.count
        self.index = index
        self.line = line
        self.lineStart = lineStart
        lineStarts = nil
    }

    // MARK: Cursor primitives (semantics §1.2)

    @inline(__always) func byte(_ offset: Int) -> UInt8 {
        offset < count ? bytes[offset] : 0
    }

    /// Length of the line terminator at `offset` (LF, CR, CRLF, U+2028, U+2029), or 0.
    @inline(__always) func terminatorLength(at offset: Int) -> Int {
        guard offset < count else { return 0 }
        switch bytes[offset] {
        case ASCII.lineFeed:
            return 1
        case ASCII.carriageReturn:
            return byte(offset + 1) == ASCII.lineFeed ? 2 : 1
        case 0xE2:
            if byte(offset + 1) == 0x80 {
                let third = byte(offset + 2)
                if third == 0xA8 || third == 0xA9 { return 3 }
            }
            return 0
        default:
            return 0
        }
    }

    /// At a line terminator or at the end of the input.
    @inline(__always) var isAtEndOfLine: Bool {
        guard index < count else { return true }
        let b = bytes[index]
        // Most bytes are neither LF, CR nor the lead byte of U+2028/U+2029.
        if b > ASCII.carriageReturn && b != 0xE2 { return false }
        return terminatorLength(at: index) > 0
    }

    /// Consumes one line terminator, if the cursor is at one, and starts a new line.
    mutating func scanEndOfLine() {
        let length = terminatorLength(at: index)
        guard length > 0 else { return }
        index += length
        line += 1
        lineStart = index
        lineStarts?.append(index)
    }

    /// Advances to the next line terminator or the end of the input.
    mutating func skipRestOfLine() {
        index = endOfLine(from: index, stopAtComment: false)
    }

    /// The offset of the next line terminator (or of the next `//` when `stopAtComment`), or
    /// `count`; see ``endOfLineOffset(in:from:stopAtComment:)``.
    @inline(__always) func endOfLine(from start: Int, stopAtComment: Bool) -> Int {
        endOfLineOffset(in: bytes, from: start, stopAtComment: stopAtComment)
    }

    /// The offset of the first byte at or after `start` that is not `[A-Za-z0-9_]`, or `count`;
    /// see ``endOfNameOffset(in:from:)``.
    @inline(__always) func endOfName(from start: Int) -> Int {
        endOfNameOffset(in: bytes, from: start)
    }

    /// Skips inline whitespace and a `//` comment (which runs to the end of the line).
    /// Returns the comment's range if one was skipped.
    @inline(__always) mutating func skipWhitespaceAndComments() -> SourceRange? {
        var i = index
        while i < count {
            let b = bytes[i]
            if b.isInlineSpace {
                i &+= 1
                continue
            }
            index = i
            // The byte just read is seldom a '/': test it before looking past it.
            guard b == ASCII.slash && i &+ 1 < count && bytes[i &+ 1] == ASCII.slash else { return nil }
            return skipComment()
        }
        index = i
        return nil
    }

    /// Skips the `//` comment at the cursor, to the end of the line; returns its range.
    @inline(never) mutating func skipComment() -> SourceRange {
        let start = index
        index = endOfLine(from: start, stopAtComment: false)
        return range(start, index)
    }

    // MARK: Locations

    /// Location of an offset on the current line.
    @inline(__always) func location(_ offset: Int) -> SourceLocation {
        // Offsets and line numbers stay below `count`: wrapping arithmetic, no overflow checks.
        SourceLocation(line: line, column: offset &- lineStart &+ 1)
    }

    /// Range of offsets on the current line.
    @inline(__always) func range(_ start: Int, _ end: Int) -> SourceRange {
        SourceRange(start: location(start), end: location(end), startOffset: start, endOffset: end)
    }

    @inline(__always) func text(_ start: Int, _ end: Int) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
    }

    // MARK: File and lines

    mutating func parseFile(into records: inout InPlaceAppender<StatementRecord>) {
        // One record, filled in place line by line: an assignment's fields are written straight
        // into it, and the other statements leave them as they were (their code says so).
        var record = StatementRecord()
        while index < count {
            // Every statement starts a line: the one before took its terminator.
            record.start = index
            record.line = Int32(truncatingIfNeeded: line)
            record.code = parseLine(into: &record)
            // Whatever the line was, the cursor now sits at its end (semantics §2.1: error
            // recovery resumes on the next physical line). The statement takes the terminator,
            // most often an LF, read here without the general test of every terminator.
            if index < count && bytes[index] == ASCII.lineFeed {
                let end = index &+ 1
                record.endLine = Int32(truncatingIfNeeded: line &+ 1)
                record.endColumn = 1
                if record.code >= 0 { finishBox(record, end: end) }
                records.append(record)
                index = end
                line &+= 1
                lineStart = end
                lineStarts?.append(end)
                continue
            }
            let terminator = terminatorLength(at: index)
            let end = index &+ terminator
            let endLocation = terminator > 0 ? SourceLocation(line: line &+ 1, column: 1) : location(index)
            record.endLine = endLocation.storedLine
            record.endColumn = endLocation.storedColumn
            if record.code >= 0 { finishBox(record, end: end) }
            records.append(record)
            if terminator > 0 {
                index = end
                line &+= 1
                lineStart = end
                lineStarts?.append(end)
            }
        }
    }

    /// Statements that a ``StatementRecord`` does not hold (includes, invalid lines, assignments
    /// too large for a record's fields), in the order met; a record's `code` is the index of its
    /// own.
    var boxes: [Statement] = []

    /// Keeps `kind` in ``boxes`` and returns the code of a record for it; the statement's range
    /// is set by ``finishBox(_:end:)`` once its line has ended.
    mutating func box(_ kind: StatementKind) -> Int {
        boxes.append(Statement(kind: kind, range: SourceRange(
            start: SourceLocation(line: 0, column: 0), end: SourceLocation(line: 0, column: 0), startOffset: 0, endOffset: 0)))
        return boxes.count - 1
    }

    /// Sets the range of the boxed statement of `record`, which ends at `end`.
    @inline(never)
    mutating func finishBox(_ record: StatementRecord, end: Int) {
        boxes[record.code].range = record.range(endOffset: end)
    }

    /// Parses one logical line (several physical ones for a continued value), leaving the cursor
    /// at its last line terminator; returns the `code` of its record, and fills in the
    /// assignment fields of `record` for an assignment. Inlined into its one caller, the
    /// statement loop.
    @inline(__always)
    mutating func parseLine(into record: inout StatementRecord) -> Int {
        // Most lines are assignments written from the first column: a name start is neither
        // whitespace, a comment, a line end nor `#`, so none of those tests can succeed.
        if index < count && bytes[index].isNameStart {
            return parseAssignment(into: &record)
        }
        let comment = skipWhitespaceAndComments()
        if isAtEndOfLine {
            return comment == nil ? StatementRecord.blankCode : StatementRecord.commentCode
        }
        let first = bytes[index]
        if first == ASCII.hash {
            return box(parseDirective())
        }
        if first.isNameStart {
            return parseAssignment(into: &record)
        }
        // A BOM lands here too: 0xEF is reported as ‘ï’ and the first line is lost (semantics §1.1).
        return box(fail("unexpected character \(quoted(found: index))", at: index))
    }

    /// Reports an error at `offset` and skips the rest of the physical line, as Xcode does.
    mutating func fail(_ message: String, at offset: Int) -> StatementKind {
        let diagnostic = Diagnostic(severity: .error, message: message, location: location(offset))
        skipRestOfLine()
        return .invalid(diagnostic)
    }

    // MARK: Directives (semantics §1.5)

    mutating func parseDirective() -> StatementKind {
        index += 1  // '#'
        _ = skipWhitespaceAndComments()
        if isAtEndOfLine {
            return fail("unexpected end-of-line after ‘#’", at: index)
        }

        // The keyword runs to the next isspace() byte, so `#include"a"` has the keyword
        // `include"a"`, `//` inside it is no comment, and a U+2028/U+2029 separator does not end it:
        // Xcode swallows the next line into the keyword without counting it (semantics §1.5).
        let keywordStart = index
        while index < count && !bytes[index].isKeywordTerminator { index += 1 }
        let isOptional: Bool
        switch index - keywordStart {
        case 7 where matches(keywordStart, "include"):
            isOptional = false
        case 8 where matches(keywordStart, "include?"):
            isOptional = true
        default:
            let keyword = printable(text(keywordStart, index))
            return fail("unsupported preprocessor directive ‘\(keyword)’", at: keywordStart)
        }

        _ = skipWhitespaceAndComments()
        guard index < count && bytes[index] == ASCII.quote else {
            // `#include <a>` and a missing file name alike (semantics §1.5).
            return fail(unexpected(at: index), at: index)
        }
        index += 1
        let pathStart = index
        // The file name has no escapes: it ends at the next '"' (semantics §1.5).
        while !isAtEndOfLine && bytes[index] != ASCII.quote { index += 1 }
        if isAtEndOfLine {
            return fail("unterminated file name", at: index)
        }
        let pathEnd = index
        index += 1  // closing '"'

        let comment = skipWhitespaceAndComments()
        if !isAtEndOfLine {
            // Xcode does not include the file when junk follows the name.
            return fail("unexpected character at end of line: \(quoted(found: index))", at: index)
        }
        return .include(IncludeDirective(
            path: text(pathStart, pathEnd),
            isOptional: isOptional,
            pathRange: range(pathStart, pathEnd),
            comment: comment))
    }

    func matches(_ offset: Int, _ word: StaticString) -> Bool {
        let length = word.utf8CodeUnitCount
        guard offset + length <= count else { return false }
        let pointer = word.utf8Start
        for k in 0..<length where bytes[offset + k] != pointer[k] { return false }
        return true
    }
}

extension LineParser {
    // MARK: Message text

    /// The "found" part of `expected a ‘=’, but found X`.
    func found(at offset: Int) -> String {
        if offset >= count { return "end of file" }
        if terminatorLength(at: offset) > 0 { return "end of line" }
        return character(bytes[offset])
    }

    /// `‘X’` for a byte, as in `unexpected character ‘X’`.
    func quoted(found offset: Int) -> String {
        "‘\(character(bytes[offset]))’"
    }

    /// `unexpected character ‘X’`, or a readable end of line / end of file.
    func unexpected(at offset: Int) -> String {
        if offset >= count { return "unexpected end of file" }
        if terminatorLength(at: offset) > 0 { return "unexpected end of line" }
        return "unexpected character \(quoted(found: offset))"
    }

    /// A byte rendered as Xcode renders it: the scalar with the same value, so 0xEF is `ï`
    /// (semantics §2.1); control bytes, which would break the line, as `U+XXXX`.
    func character(_ byte: UInt8) -> String {
        if byte < 0x20 || (byte >= 0x7F && byte < 0xA0) {
            return "U+" + hex4(UInt32(byte))
        }
        return String(Character(Unicode.Scalar(byte)))
    }
}

/// Escapes characters that would break a one-line message (control characters, U+2028/U+2029).
func printable(_ text: String) -> String {
    var needsEscape = false
    for scalar in text.unicodeScalars where isUnprintable(scalar) {
        needsEscape = true
        break
    }
    guard needsEscape else { return text }
    var result = ""
    for scalar in text.unicodeScalars {
        if isUnprintable(scalar) {
            result += "\\u{" + hex4(scalar.value) + "}"
        } else {
            result.unicodeScalars.append(scalar)
        }
    }
    return result
}

func isUnprintable(_ scalar: Unicode.Scalar) -> Bool {
    let value = scalar.value
    return value < 0x20 || (value >= 0x7F && value < 0xA0) || value == 0x2028 || value == 0x2029
}

func hex4(_ value: UInt32) -> String {
    let digits = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
}
