extension LineParser {
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

}
