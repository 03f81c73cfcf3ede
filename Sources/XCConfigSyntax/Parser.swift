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
        var boxes: [StatementKind] = []
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
            scanConditions(buffer, count: count, nameEnd: nameEnd) { open, equals, close in
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
            scanConditions(buffer, count: count, nameEnd: nameEnd) { open, equals, close in
                body(UnsafeBufferPointer(rebasing: buffer[open + 1..<equals]), UnsafeBufferPointer(rebasing: buffer[equals + 1..<close]))
            }
        }
    }

    /// Finds the `count` conditions after the name (the parse checked their shape), and calls
    /// `body` with the offsets of each one's `[`, `=` and `]` until it returns `false`.
    @inline(__always)
    private static func scanConditions(
        _ buffer: UnsafeBufferPointer<UInt8>, count: Int, nameEnd: Int, _ body: (_ open: Int, _ equals: Int, _ close: Int) -> Bool
    ) {
        var offset = nameEnd
        for _ in 0..<count {
            while buffer[offset] != ASCII.openBracket { offset += 1 }
            let open = offset
            var equals = open + 1
            while buffer[equals] != ASCII.equals { equals += 1 }
            var close = equals + 1
            while buffer[close] != ASCII.closeBracket { close += 1 }
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

/// Receives the parts of a value as the parser reads them. The parse only needs the value's
/// extent and passes ``ValueExtentOnly``, for which the specialised scan makes no ranges at all;
/// reading a value again passes a ``ValueLayout``, which keeps every part.
protocol ValueRecorder {
    /// `false` when every call would be thrown away, so that none is made.
    static var records: Bool { get }
    mutating func recordComment(_ range: SourceRange)
    /// A chunk, continued ones already trimmed (and left out when empty).
    mutating func recordChunk(_ range: SourceRange)
    /// A dropped `;`; `isFinal` for the one of the last chunk.
    mutating func recordDroppedSemicolon(_ range: SourceRange, isFinal: Bool)
    mutating func recordEnd(_ location: SourceLocation, offset: Int)
}

/// The recorder of the parse: the scan's result says all it needs.
struct ValueExtentOnly: ValueRecorder {
    static var records: Bool { false }
    func recordComment(_ range: SourceRange) {}
    func recordChunk(_ range: SourceRange) {}
    func recordDroppedSemicolon(_ range: SourceRange, isFinal: Bool) {}
    func recordEnd(_ location: SourceLocation, offset: Int) {}
}

/// What the compact form of an assignment does not keep of its value, read again on demand.
struct ValueLayout: ValueRecorder {
    var chunks: [SourceRange] = []
    var comments: [SourceRange] = []
    var droppedSemicolons: [SourceRange] = []
    /// The `;` dropped from the last chunk.
    var finalSemicolon: SourceRange?
    var end = SourceLocation(line: 0, column: 0)
    var endOffset = 0

    static var records: Bool { true }
    mutating func recordComment(_ range: SourceRange) { comments.append(range) }
    mutating func recordChunk(_ range: SourceRange) { chunks.append(range) }
    mutating func recordDroppedSemicolon(_ range: SourceRange, isFinal: Bool) {
        droppedSemicolons.append(range)
        if isFinal { finalSemicolon = range }
    }
    mutating func recordEnd(_ location: SourceLocation, offset: Int) {
        end = location
        endOffset = offset
    }
}

// MARK: - Output arrays

/// Appends to an array under construction, in place while its reserved storage lasts: the parse
/// appends a statement and a line start per line, and `Array.append` checks uniqueness and
/// capacity each time. Elements beyond the reservation are kept in `overflow`.
struct InPlaceAppender<Element> {
    /// The array's reserved storage; the first `count` slots are initialised.
    let slots: UnsafeMutableBufferPointer<Element>
    var count = 0
    var overflow: [Element] = []

    @inline(__always) mutating func append(_ element: Element) {
        if count < slots.count {
            (slots.baseAddress.unsafelyUnwrapped + count).initialize(to: element)
            count += 1
        } else {
            overflow.append(element)
        }
    }
}

extension Array {
    /// The elements `fill` appends, stored in place up to `capacity` (which the array keeps).
    init(reservingCapacity capacity: Int, appending fill: (inout InPlaceAppender<Element>) -> Void) {
        var overflow: [Element] = []
        self.init(unsafeUninitializedCapacity: capacity) { slots, initializedCount in
            var appender = InPlaceAppender(slots: slots)
            fill(&appender)
            initializedCount = appender.count
            overflow = appender.overflow
        }
        if !overflow.isEmpty { append(contentsOf: overflow) }
    }
}

// MARK: - Byte classes

private enum ASCII {
    static let tab: UInt8 = 0x09
    static let lineFeed: UInt8 = 0x0A
    static let carriageReturn: UInt8 = 0x0D
    static let space: UInt8 = 0x20
    static let quote: UInt8 = 0x22
    static let hash: UInt8 = 0x23
    static let slash: UInt8 = 0x2F
    static let semicolon: UInt8 = 0x3B
    static let equals: UInt8 = 0x3D
    static let openBracket: UInt8 = 0x5B
    static let backslash: UInt8 = 0x5C
    static let closeBracket: UInt8 = 0x5D
}

extension UInt8 {
    /// Xcode's inline whitespace: space, TAB, VT, FF; never CR or LF (semantics §1.2).
    @inline(__always) fileprivate var isInlineSpace: Bool {
        self == 0x20 || self == 0x09 || self == 0x0B || self == 0x0C
    }

    /// `isspace()`: space and 0x09...0x0D. Only ends a directive keyword (semantics §1.5).
    @inline(__always) fileprivate var isKeywordTerminator: Bool {
        self == 0x20 || (self >= 0x09 && self <= 0x0D)
    }

    /// `[A-Za-z_]`.
    @inline(__always) fileprivate var isNameStart: Bool {
        let folded = self | 0x20
        return (folded >= 0x61 && folded <= 0x7A) || self == 0x5F
    }

    /// `[A-Za-z0-9_]`.
    @inline(__always) fileprivate var isNameContinuation: Bool {
        (self | 0x20) &- 0x61 < 26 || self &- 0x30 < 10 || self == 0x5F
    }
}

// MARK: - The parser proper

/// A cursor over the bytes with Xcode's line bookkeeping. One instance parses one file.
private struct LineParser {
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
            records.append(record)
            if terminator > 0 {
                index = end
                line &+= 1
                lineStart = end
                lineStarts?.append(end)
            }
        }
    }

    /// Kinds that a ``StatementRecord`` does not hold, in the order met; a record's `code` is
    /// the index of its own.
    var boxes: [StatementKind] = []

    /// Keeps `kind` in ``boxes`` and returns the code of a record for it.
    mutating func box(_ kind: StatementKind) -> Int {
        boxes.append(kind)
        return boxes.count - 1
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

    // MARK: Assignments (semantics §1.3)

    /// Inlined into the statement loop with ``parseLine()``: most statements are assignments, and
    /// the call and the copy of its result cost as much as reading a short one.
    @inline(__always)
    mutating func parseAssignment(into record: inout StatementRecord) -> Int {
        let nameStart = index
        let nameEnd = endOfName(from: index + 1)
        index = nameEnd
        // The conditions and the value are only checked here: the assignment reads them again
        // from the input when asked, which keeps it small and the parse free of allocations.
        var conditionCount = 0
        let equals: Int
        if nameEnd &+ 2 < count && bytes[nameEnd] == ASCII.space && bytes[nameEnd &+ 1] == ASCII.equals
            && bytes[nameEnd &+ 2] == ASCII.space {
            // `NAME = value`, the common spelling: the general steps below would skip the space,
            // find neither a comment nor a condition, accept the `=`, and the value scan would
            // skip the second space.
            equals = nameEnd &+ 1
            index = nameEnd &+ 3
        } else {
            // A comment before the '=' runs to the end of the line, so the '=' test below fails:
            // such comments never belong to an assignment.
            _ = skipWhitespaceAndComments()
            if index < count && bytes[index] == ASCII.openBracket, let failure = checkConditions(counting: &conditionCount) {
                return box(failure)
            }
            // Only a plain '=': `+=`, `?=` and the like are errors (semantics §1.3).
            guard index < count && bytes[index] == ASCII.equals else {
                return box(fail("expected a ‘=’, but found \(found(at: index))", at: index))
            }
            equals = index
            index += 1
        }
        let nameLine = line
        let nameLineStart = lineStart

        let chunk: (start: Int, end: Int)
        if let oneLine = scanOneLineValue() {
            chunk = oneLine
        } else {
            var extentOnly = ValueExtentOnly()
            chunk = scanValue(&extentOnly)
        }

        // The record's fields are 32 bits: an assignment longer, or further into its line, keeps
        // every property in a record of its own.
        if index &- nameStart >= Int(Int32.max) || nameStart &- nameLineStart >= Int(Int32.max) {
            return box(.assignment(Assignment(general: generalLayout(
                nameStart: nameStart, nameEnd: nameEnd, nameLine: nameLine, nameLineStart: nameLineStart, equals: equals,
                conditionCount: conditionCount))))
        }
        switch chunk.start {
        case Self.continuedValue:
            record.chunkStartDelta = Assignment.continued
            record.chunkEndDelta = Assignment.continued
        case Self.absentValue:
            record.chunkStartDelta = Assignment.absent
            record.chunkEndDelta = Assignment.absent
        default:
            record.chunkStartDelta = Int32(truncatingIfNeeded: chunk.start &- nameStart)
            record.chunkEndDelta = Int32(truncatingIfNeeded: chunk.end &- nameStart)
        }
        // Every offset is within the input, so the differences cannot overflow. The name is on
        // the statement's first line, which the record's start begins.
        assert(nameLineStart == record.start)
        record.nameDelta = Int32(truncatingIfNeeded: nameStart &- nameLineStart)
        record.nameLength = Int32(truncatingIfNeeded: nameEnd &- nameStart)
        record.equalsDelta = Int32(truncatingIfNeeded: equals &- nameStart)
        record.endDelta = Int32(truncatingIfNeeded: index &- nameStart)
        record.conditionCount = Int32(truncatingIfNeeded: conditionCount)
        return StatementRecord.assignmentCode
    }

    /// At a byte that ends the line: LF, CR, or the first byte of U+2028/U+2029.
    @inline(__always) func isLineEnd(_ byte: UInt8, at offset: Int) -> Bool {
        if byte <= ASCII.carriageReturn { return byte == ASCII.lineFeed || byte == ASCII.carriageReturn }
        return byte == 0xE2 && terminatorLength(at: offset) > 0
    }

    /// Checks the `[parameter=pattern]` conditions from the `[` at the cursor up to the `=`
    /// (semantics §1.3), leaving the cursor after them and adding each one accepted to `accepted`.
    /// Returns the statement Xcode makes of the line when it rejects one.
    /// ``XCConfigParser/readConditions(_:count:nameEnd:line:lineStart:)`` reads them, relying on
    /// these checks.
    mutating func checkConditions(counting accepted: inout Int) -> StatementKind? {
        while index < count && bytes[index] == ASCII.openBracket {
            // Most conditions are short ASCII words (`[sdk=iphoneos*]`) that one window reads whole.
            if let close = shortConditionClose(in: bytes, open: index) {
                index = close &+ 1
                accepted += 1
                _ = skipWhitespaceAndComments()
                continue
            }
            // Neither part is trimmed (semantics §1.3): the parameter runs to the first `=`.
            var i = endOfConditionPart(from: index + 1, stopAtEquals: true)
            index = i
            if isAtEndOfLine {
                // A `\` inside a condition does not continue the line (semantics §6.1 P9).
                return fail("unterminated macro condition on line \(line)", at: index)
            }
            if bytes[index] == ASCII.closeBracket {
                return fail("expected to find ‘=’ in macro condition", at: index)
            }
            // The pattern runs to the first `]`.
            i = endOfConditionPart(from: i + 1, stopAtEquals: false)
            index = i
            if isAtEndOfLine {
                return fail("unterminated macro condition", at: index)
            }
            index += 1  // ']'
            accepted += 1
            _ = skipWhitespaceAndComments()
        }
        return nil
    }

    /// The offset of the first `]`, line terminator (or `=` when `stopAtEquals`) at or after
    /// `start`, or `count`: where a condition's parameter or pattern ends. Eight bytes at a time,
    /// by ``firstOffsetInWords(in:from:flagging:_:where:)``: its test flags every byte below 0x0E,
    /// from 0x80, and `]` (and `=`), and ``isLineEnd(_:at:)`` rejects the other flagged bytes.
    @inline(__always) func endOfConditionPart(from start: Int, stopAtEquals: Bool) -> Int {
        @inline(__always) func ends(_ offset: Int) -> Bool {
            let b = bytes[offset]
            return b == ASCII.closeBracket || (stopAtEquals && b == ASCII.equals) || isLineEnd(b, at: offset)
        }
        // Parts are short words (`sdk`, `iphoneos*`): the word scan reads them as fast as the
        // vector scan and stays small enough to be inlined into `checkConditions`.
        return firstOffsetInWords(in: bytes, from: start, flagging: ASCII.closeBracket, stopAtEquals ? ASCII.equals : nil, where: ends)
    }

    /// ``scanValue(_:)`` of the parse for the common value: a chunk on one line, maybe with a
    /// comment after it, and no `\` continuing it. Returns its bounds, with the cursor at the
    /// line's end, exactly as ``scanValue(_:)`` would; `nil`, with the cursor unmoved, for any
    /// other value.
    ///
    /// Inlined into the statement loop: the general scan is a generic function the compiler
    /// keeps out of line (despite its attribute), and its call, with the parser's state stored
    /// and loaded around it, cost about ten instructions a value.
    @inline(__always)
    mutating func scanOneLineValue() -> (start: Int, end: Int)? {
        var valueStart = index
        while valueStart < count && bytes[valueStart].isInlineSpace { valueStart &+= 1 }
        // A line end (no chunk), a `/` (maybe a comment) or a control byte: the general scan.
        guard valueStart < count else { return nil }
        let first = bytes[valueStart]
        guard first > ASCII.carriageReturn && first != ASCII.slash && first != 0xE2 else { return nil }
        let chunkEnd = endOfLine(from: valueStart, stopAtComment: true)
        // The chunk is not empty (its first byte is no space, nor the `/` of a comment), so `end`
        // stays above `valueStart`.
        var end = chunkEnd
        while bytes[end &- 1].isInlineSpace { end &-= 1 }
        // Xcode drops one trailing ';' only (semantics §1.3).
        if bytes[end &- 1] == ASCII.semicolon {
            end &-= 1
            while end > valueStart && bytes[end &- 1].isInlineSpace { end &-= 1 }
        }
        if end > valueStart && bytes[end &- 1] == ASCII.backslash { return nil }
        index = chunkEnd
        // The scan stopped at `//`: a comment follows the chunk and runs to the end of the line.
        if chunkEnd < count && bytes[chunkEnd] == ASCII.slash { _ = skipComment() }
        return (valueStart, end)
    }

    /// ``scanValue(_:)``'s `start` for a value without chunk, and for one spanning lines.
    static var absentValue: Int { -1 }
    static var continuedValue: Int { -2 }

    /// Reads a value from just past its `=` to the end of its last line, where it leaves the
    /// cursor (semantics §1.3), handing every part to `recorder`. Returns the bounds of its chunk
    /// when it has one line and a chunk, else ``absentValue`` or ``continuedValue`` as `start`.
    @inline(__always)
    mutating func scanValue<Recorder: ValueRecorder>(_ recorder: inout Recorder) -> (start: Int, end: Int) {
        var result = (start: Self.absentValue, end: Self.absentValue)
        // One chunk per physical line; a chunk ending in `\` continues onto the next line,
        // whatever that line holds (semantics §1.3).
        while true {
            if let comment = skipWhitespaceAndComments(), Recorder.records { recorder.recordComment(comment) }
            if isAtEndOfLine { break }  // absent chunk: ends the value

            let valueStart = index
            // `//` starts a comment anywhere, even inside quotes (semantics §1.3).
            let i = endOfLine(from: valueStart, stopAtComment: true)
            index = i
            var end = i
            if i < count && bytes[i] == ASCII.slash {
                skipRestOfLine()
                if Recorder.records { recorder.recordComment(range(i, index)) }
            }
            while end > valueStart && bytes[end - 1].isInlineSpace { end -= 1 }
            // Xcode drops one trailing ';' only (semantics §1.3). The chunk is never empty here.
            var semicolon = -1
            if bytes[end - 1] == ASCII.semicolon {
                end -= 1
                semicolon = end
                while end > valueStart && bytes[end - 1].isInlineSpace { end -= 1 }
            }

            if end > valueStart && bytes[end - 1] == ASCII.backslash {
                // Xcode tests `hasSuffix("\\")` on the decoded String, which compares grapheme
                // clusters: a `\` glued to a prepended mark (U+0600...) does not continue.
                let decoded = text(valueStart, end)
                if decoded.hasSuffix("\\") {
                    result = (Self.continuedValue, Self.continuedValue)
                    if Recorder.records {
                        if semicolon >= 0 {
                            recorder.recordDroppedSemicolon(range(semicolon, semicolon + 1), isFinal: false)
                        }
                        if let chunk = trimmedContinuedChunk(valueStart, end - 1) { recorder.recordChunk(chunk) }
                    }
                    scanEndOfLine()
                    continue
                }
            }

            // The last chunk is kept even when empty (`A = x \` + `;` gives "x ").
            if result.start != Self.continuedValue { result = (valueStart, end) }
            if Recorder.records {
                recorder.recordChunk(range(valueStart, end))
                if semicolon >= 0 { recorder.recordDroppedSemicolon(range(semicolon, semicolon + 1), isFinal: true) }
            }
            break
        }
        if Recorder.records { recorder.recordEnd(location(index), offset: index) }
        return result
    }

    /// A continued chunk, `\` already cut: Xcode trims it with Foundation's `.whitespaces`
    /// (TAB and Unicode Zs, not VT/FF), on both ends, and drops it when empty (semantics §1.3).
    func trimmedContinuedChunk(_ start: Int, _ end: Int) -> SourceRange? {
        var chunkStart = start
        var chunkEnd = end
        while chunkEnd > chunkStart {
            let length = trailingFoundationSpaceLength(chunkStart, chunkEnd)
            if length == 0 { break }
            chunkEnd -= length
        }
        while chunkStart < chunkEnd {
            let length = leadingFoundationSpaceLength(chunkStart, chunkEnd)
            if length == 0 { break }
            chunkStart += length
        }
        return chunkStart < chunkEnd ? range(chunkStart, chunkEnd) : nil
    }

    /// Every property of an assignment too long for 32-bit offsets, with the cursor at its end.
    @inline(never)
    func generalLayout(
        nameStart: Int, nameEnd: Int, nameLine: Int, nameLineStart: Int, equals: Int, conditionCount: Int
    ) -> Assignment.GeneralLayout {
        let value = XCConfigParser.readValue(source, equals: equals, line: nameLine, lineStart: nameLineStart)
        return Assignment.GeneralLayout(
            source: source.bytes, name: nil,
            nameRange: SourceRange(
                start: SourceLocation(line: nameLine, column: nameStart - nameLineStart + 1),
                end: SourceLocation(line: nameLine, column: nameEnd - nameLineStart + 1),
                startOffset: nameStart, endOffset: nameEnd),
            conditions: XCConfigParser.readConditions(
                source, count: conditionCount, nameEnd: nameEnd, line: nameLine, lineStart: nameLineStart),
            equalsLocation: SourceLocation(line: nameLine, column: equals - nameLineStart + 1),
            equalsOffset: equals, value: nil, chunks: value.chunks, comments: value.comments,
            droppedSemicolon: value.finalSemicolon, droppedSemicolons: value.droppedSemicolons,
            end: value.end, endOffset: value.endOffset)
    }

    /// Byte length of a TAB or Unicode Zs character ending at `end` (not before `start`), or 0.
    func trailingFoundationSpaceLength(_ start: Int, _ end: Int) -> Int {
        let last = bytes[end - 1]
        if last == ASCII.space || last == ASCII.tab { return 1 }
        if end - start >= 2 && last == 0xA0 && bytes[end - 2] == 0xC2 { return 2 }  // U+00A0
        if end - start >= 3 && isMultiByteZs(bytes[end - 3], bytes[end - 2], last) { return 3 }
        return 0
    }

    /// Byte length of a TAB or Unicode Zs character starting at `start` (ending by `end`), or 0.
    func leadingFoundationSpaceLength(_ start: Int, _ end: Int) -> Int {
        let first = bytes[start]
        if first == ASCII.space || first == ASCII.tab { return 1 }
        if end - start >= 2 && first == 0xC2 && bytes[start + 1] == 0xA0 { return 2 }
        if end - start >= 3 && isMultiByteZs(first, bytes[start + 1], bytes[start + 2]) { return 3 }
        return 0
    }

    /// U+1680, U+2000...U+200A, U+202F, U+205F, U+3000: the three-byte members of Zs.
    func isMultiByteZs(_ b0: UInt8, _ b1: UInt8, _ b2: UInt8) -> Bool {
        switch (b0, b1) {
        case (0xE1, 0x9A): return b2 == 0x80
        case (0xE2, 0x80): return (b2 >= 0x80 && b2 <= 0x8A) || b2 == 0xAF
        case (0xE2, 0x81): return b2 == 0x9F
        case (0xE3, 0x80): return b2 == 0x80
        default: return false
        }
    }

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

/// The offset in `bytes` of the next line terminator at or after `start` (LF, CR, U+2028,
/// U+2029), or of the next `//` when `stopAtComment`, or `bytes.count`.
///
/// Comments and values are most of a file, so this tests eight bytes at a time, and checks each
/// flagged byte of a word in turn before loading the next: a '/' of a path (`$(SRCROOT)/a/b`)
/// costs a bit test, not a restart. The test flags every byte below 0x0E (LF, CR, and the rare
/// TAB, VT, FF), every byte from 0x80 (the first byte of U+2028/U+2029, and any other non-ASCII
/// byte) and '/': fewer operations than one test per byte value, and only ASCII text is common.
/// It may also flag a byte above a real match; the check rejects whatever is not a terminator.
@inline(__always)
func endOfLineOffset(in bytes: UnsafeBufferPointer<UInt8>, from start: Int, stopAtComment: Bool) -> Int {
    let count = bytes.count
    /// Whether the byte at `offset` (any byte, flagged or not) ends the scan.
    @inline(__always) func endsScan(_ offset: Int) -> Bool {
        switch bytes[offset] {
        case 0x0A, 0x0D:  // LF, CR
            return true
        case 0xE2:
            return offset + 2 < count && bytes[offset + 1] == 0x80 && (bytes[offset + 2] == 0xA8 || bytes[offset + 2] == 0xA9)
        case 0x2F:  // '/'
            return stopAtComment && offset + 1 < count && bytes[offset + 1] == 0x2F
        default:
            return false
        }
    }
    return firstOffset(in: bytes, from: start, flagging: stopAtComment ? 0x2F : nil, nil, where: endsScan)
}

/// The offset of the first byte at or after `start` for which `ends` holds, or `bytes.count`;
/// the scan of line ends and of condition parts. A test flags every byte below 0x0E (LF, CR,
/// and the rare TAB, VT, FF), every byte from 0x80 (the first byte of U+2028/U+2029, and any
/// other non-ASCII byte), and the bytes `stop` and `alsoStop`: fewer operations than one test
/// per byte value, and only ASCII text is common. `ends` decides each flagged byte in turn, so
/// it must be false for any byte the test does not flag; a '/' of a path (`$(SRCROOT)/a/b`)
/// costs a check, not a restart.
///
/// Sixteen bytes at a time while sixteen remain (see ``flaggedLanes(_:_:_:)``), then eight,
/// then one by one.
@inline(__always)
func firstOffset(
    in bytes: UnsafeBufferPointer<UInt8>, from start: Int, flagging stop: UInt8?, _ alsoStop: UInt8?,
    where ends: (Int) -> Bool
) -> Int {
    let count = bytes.count
    var i = start
    // `i` never exceeds `count`, so `i &+ 16` cannot overflow. A buffer with sixteen bytes has
    // a base address: reading it there spares a test of it before the loop.
    while i &+ 16 <= count {
        let base = UnsafeRawPointer(bytes.baseAddress.unsafelyUnwrapped)
        let flagged = flaggedLanes(base.loadUnaligned(fromByteOffset: i, as: SIMD16<UInt8>.self), stop, alsoStop)
        // The lanes as two words, first byte lowest (both targets are little-endian).
        let halves = unsafeBitCast(flagged, to: SIMD2<UInt64>.self)
        var low = UInt64(littleEndian: halves[0])
        var high = UInt64(littleEndian: halves[1])
        if low | high != 0 {
            while low != 0 {
                let candidate = i &+ low.trailingZeroBitCount >> 3
                if ends(candidate) { return candidate }
                low &= low &- 1
            }
            while high != 0 {
                let candidate = i &+ 8 &+ high.trailingZeroBitCount >> 3
                if ends(candidate) { return candidate }
                high &= high &- 1
            }
        }
        i &+= 16
    }
    return firstOffsetInWords(in: bytes, from: i, flagging: stop, alsoStop, where: ends)
}

/// 0x80 in each lane of `vector` that is below 0x0E, from 0x80, `stop` or `alsoStop`, else 0.
///
/// Lane arithmetic only: the standard library lowers the SIMD types' wrapping arithmetic and
/// bitwise operators to vector instructions (`paddb`, `pand`, ... with SSE2; their NEON
/// counterparts on arm64), but its lane comparisons (`.==`, `.<`) to a loop over the lanes in
/// some uses. Each lane is computed alone, so unlike the word test no borrow crosses lanes and
/// every flag is exact.
@inline(__always)
func flaggedLanes(_ vector: SIMD16<UInt8>, _ stop: UInt8?, _ alsoStop: UInt8?) -> SIMD16<UInt8> {
    // Below 0x0E: the lane minus 0x0E wraps to its high bit, which `~vector` keeps.
    var hits = ((vector &- 0x0E) & ~vector) | vector
    if let stop { hits |= zeroLanes(vector ^ SIMD16(repeating: stop)) }
    if let alsoStop { hits |= zeroLanes(vector ^ SIMD16(repeating: alsoStop)) }
    return hits & 0x80
}

/// The high bit set in each lane of `lanes` that is 0 (and in no other: a lane minus one keeps
/// its high bit only from 0x81 on, where `~lanes` clears it).
@inline(__always) func zeroLanes(_ lanes: SIMD16<UInt8>) -> SIMD16<UInt8> {
    (lanes &- 1) & ~lanes
}

/// ``firstOffset(in:from:flagging:_:where:)`` eight bytes at a time, for the input's last
/// fifteen bytes or fewer, then byte by byte. The word test flags the same bytes, and may also
/// flag a byte above a real match (a borrow crosses bytes); `ends` rejects it.
@inline(__always)
func firstOffsetInWords(
    in bytes: UnsafeBufferPointer<UInt8>, from start: Int, flagging stop: UInt8?, _ alsoStop: UInt8?,
    where ends: (Int) -> Bool
) -> Int {
    let count = bytes.count
    let ones: UInt64 = 0x0101_0101_0101_0101
    var i = start
    if let base = UnsafeRawPointer(bytes.baseAddress) {
        while i &+ 8 <= count {
            let word = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: i, as: UInt64.self))
            // Below 0x0E: the byte minus 0x0E borrows into its high bit, which `~word` keeps.
            var hits = ((word &- ones &* 0x0E) & ~word) | word
            if let stop {
                let matches = word ^ (ones &* UInt64(stop))
                hits |= (matches &- ones) & ~matches
            }
            if let alsoStop {
                let matches = word ^ (ones &* UInt64(alsoStop))
                hits |= (matches &- ones) & ~matches
            }
            hits &= 0x8080_8080_8080_8080
            while hits != 0 {
                let candidate = i &+ hits.trailingZeroBitCount >> 3
                if ends(candidate) { return candidate }
                hits &= hits &- 1
            }
            i &+= 8
        }
    }
    while i < count && !ends(i) { i += 1 }
    return i
}

/// The offset of the `]` closing the condition whose `[` is at `open`, when the sixteen bytes
/// after the `[` settle it: they hold a `]`, an `=` before it, and no byte below 0x0E or from
/// 0x80 before it (so no line terminator, nor the rare TAB, VT, FF or non-ASCII byte). Then
/// ``LineParser/checkConditions(counting:)`` would accept the condition with its parameter ending
/// at that `=` (the first: no `]` or line end comes before it) and its pattern at that `]` (the
/// first). `nil` leaves the condition to the general scan, as does an input ending within the
/// sixteen bytes.
///
/// Two words and three byte tests, instead of two word scans that each check every flagged byte
/// in turn. Each test's lowest flagged byte is exact: a borrow only flags bytes above a match.
@inline(__always)
func shortConditionClose(in bytes: UnsafeBufferPointer<UInt8>, open: Int) -> Int? {
    let start = open &+ 1
    // `open` is below `count`, so `start &+ 16` cannot overflow.
    guard start &+ 16 <= bytes.count, let base = UnsafeRawPointer(bytes.baseAddress) else { return nil }
    let low = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: start, as: UInt64.self))
    let high = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: start &+ 8, as: UInt64.self))
    let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
    /// The offset of the first byte of the sixteen flagged in `flags(word)`, or 16.
    @inline(__always) func first(_ flags: (UInt64) -> UInt64) -> Int {
        let lowOffset = flags(low).trailingZeroBitCount &>> 3  // 8 when none
        return lowOffset < 8 ? lowOffset : 8 &+ flags(high).trailingZeroBitCount &>> 3
    }
    @inline(__always) func matching(_ byte: UInt8) -> (UInt64) -> UInt64 {
        { word in
            let matches = word ^ (ones &* UInt64(byte))
            return (matches &- ones) & ~matches & highs
        }
    }
    let close = first(matching(0x5D))
    guard close < 16, first(matching(0x3D)) < close else { return nil }
    // Below 0x0E: the byte minus 0x0E borrows into its high bit, which `~word` keeps.
    let special = first { word in (((word &- ones &* 0x0E) & ~word) | word) & highs }
    return close < special ? start &+ close : nil
}

/// The offset of the first byte at or after `start` in `bytes` that is not `[A-Za-z0-9_]`, or
/// `bytes.count`. Most names are long (`GCC_PREPROCESSOR_DEFINITIONS`) and most fit in sixteen
/// bytes: one vector test while sixteen bytes remain, then one by one.
@inline(__always)
func endOfNameOffset(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
    let count = bytes.count
    var i = start
    // `i` never exceeds `count`, so `i &+ 16` cannot overflow. A buffer with sixteen bytes has
    // a base address: reading it there spares a test of it before the loop.
    while i &+ 16 <= count {
        let base = UnsafeRawPointer(bytes.baseAddress.unsafelyUnwrapped)
        let vector = base.loadUnaligned(fromByteOffset: i, as: SIMD16<UInt8>.self)
        // The lanes as two words, first byte lowest (both targets are little-endian).
        let halves = unsafeBitCast(nonNameLanes(vector), to: SIMD2<UInt64>.self)
        let low = UInt64(littleEndian: halves[0])
        if low != 0 { return i &+ low.trailingZeroBitCount >> 3 }
        let high = UInt64(littleEndian: halves[1])
        if high != 0 { return i &+ 8 &+ high.trailingZeroBitCount >> 3 }
        i &+= 16
    }
    // Only a name near the end of the input gets here: no word scan, whose constants the
    // compiler would set up before every name.
    while i < count && bytes[i].isNameContinuation { i += 1 }
    return i
}

/// 0x80 in each lane of `vector` that is not `[A-Za-z0-9_]`, else 0; lane arithmetic only, as
/// in ``flaggedLanes(_:_:_:)``.
@inline(__always) func nonNameLanes(_ vector: SIMD16<UInt8>) -> SIMD16<UInt8> {
    // `d < n` for a wrapping difference `d` (n <= 0x80): `d - n` wraps to its high bit, which
    // `~d` keeps. A lane from 0x80 folds to 0xA0 or more and so is never a letter.
    let letterOffset = (vector | 0x20) &- 0x61
    let digitOffset = vector &- 0x30
    let letter = (letterOffset &- 26) & ~letterOffset
    let digit = (digitOffset &- 10) & ~digitOffset
    let name = letter | digit | zeroLanes(vector ^ 0x5F)
    return ~name & 0x80
}

/// Escapes characters that would break a one-line message (control characters, U+2028/U+2029).
private func printable(_ text: String) -> String {
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

private func isUnprintable(_ scalar: Unicode.Scalar) -> Bool {
    let value = scalar.value
    return value < 0x20 || (value >= 0x7F && value < 0xA0) || value == 0x2028 || value == 0x2029
}

private func hex4(_ value: UInt32) -> String {
    let digits = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
}
