/// Reads one value's bytes into a ``ProgramStore``, mirroring ``ExpressionParser``: the same
/// grammar, the same nesting bound. The string form keeps every byte (quotes and escape
/// backslashes stay in it, as Xcode prints them); the list form (``compileListForm(into:)``)
/// keeps what list semantics make of them: unquoted, unescaped text, element separators, and
/// whether each reference stands inside quotes.
///
/// The compiler holds only its place in the value; every method takes the store it writes to
/// `inout`, so it appends in place without a copy of the store's buffers.
struct ProgramCompiler {
    let bytes: UnsafeBufferPointer<UInt8>
    /// Lookups in the interned setting names, which do not change while a value compiles
    /// (the caller of ``ProgramStore/compile(_:semantics:nameIDs:)`` holds the table).
    let nameIDs: NameTable.Lookup
    var index = 0
    var depth = 0

    init(bytes: UnsafeBufferPointer<UInt8>, nameIDs: NameTable) {
        self.bytes = bytes
        self.nameIDs = nameIDs.lookup
    }

    private static let dollar = UInt8(ascii: "$")
    private static let backslash = UInt8(ascii: "\\")
    private static let colon = UInt8(ascii: ":")
    private static let equals = UInt8(ascii: "=")
    private static let doubleQuote = UInt8(ascii: "\"")
    private static let singleQuote = UInt8(ascii: "'")
    private static let openParenthesis = UInt8(ascii: "(")

    /// The index of the first byte from `start` on that is `a`, `b` or `c`; `bytes.count` when
    /// none is. Eight bytes at a time: names and text runs are long enough that comparing each
    /// byte three times was a good part of compiling.
    @inline(__always)
    static func firstIndex(of a: UInt8, _ b: UInt8, _ c: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        let count = bytes.count
        guard start < count, let base = bytes.baseAddress else { return count }
        let raw = UnsafeRawPointer(base)
        var index = start
        while index &+ 8 <= count {
            let found = matches(of: a, b, c, in: UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)))
            if found != 0 { return index &+ found.trailingZeroBitCount &>> 3 }
            index &+= 8
        }
        if index == count { return count }
        if count >= 8 {
            // The last eight bytes, shifted down past those already scanned; the zero bytes
            // shifted in are past the end, so a match among them is not one.
            let skipped = index &- (count &- 8)
            let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)) &>> UInt64(skipped &* 8)
            let offset = matches(of: a, b, c, in: word).trailingZeroBitCount &>> 3
            return offset < 8 &- skipped ? index &+ offset : count
        }
        while index < count, base[index] != a, base[index] != b, base[index] != c { index &+= 1 }
        return index
    }

    /// ``firstIndex(of:_:_:in:from:)`` for one byte: a third of the work per word.
    @inline(__always)
    static func firstIndex(of a: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        let count = bytes.count
        guard start < count, let base = bytes.baseAddress else { return count }
        let raw = UnsafeRawPointer(base)
        let ones: UInt64 = 0x0101_0101_0101_0101, pattern = ones &* UInt64(a)
        @inline(__always) func matches(_ word: UInt64) -> UInt64 {
            let x = word ^ pattern
            return (x &- ones) & ~x & 0x8080_8080_8080_8080
        }
        var index = start
        while index &+ 8 <= count {
            let found = matches(UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)))
            if found != 0 { return index &+ found.trailingZeroBitCount &>> 3 }
            index &+= 8
        }
        if index == count { return count }
        if count >= 8 {
            // As in the three-byte scan: the last eight bytes, shifted past those scanned.
            let skipped = index &- (count &- 8)
            let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)) &>> UInt64(skipped &* 8)
            let offset = matches(word).trailingZeroBitCount &>> 3
            return offset < 8 &- skipped ? index &+ offset : count
        }
        while index < count, base[index] != a { index &+= 1 }
        return index
    }

    /// The high bit of each byte of `word` that is `a`, `b` or `c`, exact up to the lowest
    /// match (bits above it may be false positives: borrows from the subtraction carry up).
    @inline(__always)
    fileprivate static func matches(of a: UInt8, _ b: UInt8, _ c: UInt8, in word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let x = word ^ (ones &* UInt64(a)), y = word ^ (ones &* UInt64(b)), z = word ^ (ones &* UInt64(c))
        return ((x &- ones) & ~x | (y &- ones) & ~y | (z &- ones) & ~z) & 0x8080_8080_8080_8080
    }

    // MARK: Pieces

    /// Appends text to the innermost expression, joining it to the previous text piece.
    private mutating func appendText(_ range: Range<Int>, mark: Int, to store: inout ProgramStore) {
        guard !range.isEmpty else { return }
        appendText(UnsafeBufferPointer(rebasing: bytes[range]), mark: mark, to: &store)
    }

    private func appendText(_ text: UnsafeBufferPointer<UInt8>, mark: Int, to store: inout ProgramStore) {
        let start = Int32(store.text.count)
        store.text.append(text)
        let length = Int32(text.count)
        let count = store.pendingPieces.count
        if count > mark, case let last = store.pendingPieces[count - 1], last.isText, last.start + last.length == start {
            store.pendingPieces[count - 1].length += length
        } else {
            store.pendingPieces.append(ProgramPiece(start: start, length: length))
        }
    }

    private func appendDollar(mark: Int, to store: inout ProgramStore) {
        var dollar = Self.dollar
        withUnsafePointer(to: &dollar) { appendText(UnsafeBufferPointer(start: $0, count: 1), mark: mark, to: &store) }
    }

    /// Moves the pieces above `mark` into the store and returns their range. One by one: an
    /// expression has one to three pieces nearly always, fewer bytes than a call to memcpy costs.
    private func finish(mark: Int, in store: inout ProgramStore) -> Range<Int32> {
        let start = Int32(truncatingIfNeeded: store.pieces.count)
        let end = store.pendingPieces.count
        var index = mark
        while index < end {
            store.pieces.append(store.pendingPieces[index])
            index &+= 1
        }
        store.pendingPieces.removeLast(downTo: mark)
        return start..<Int32(truncatingIfNeeded: store.pieces.count)
    }

    /// Adds a reference to the store, its name and operators yet to be set, and returns its
    /// index there. A reference is written in place as it is compiled: building one and copying
    /// it into the store cost more than compiling its name. References nested in its name or
    /// operands come after it.
    @inline(__always)
    private func startReference(isBare: Bool, in store: inout ProgramStore) -> Int {
        store.references.append(CompiledReference(kind: .empty, nameID: -1, name: 0..<0, isBare: isBare, operators: 0..<0))
        return store.references.count - 1
    }

    /// Appends the piece for the reference at `reference` in the store.
    private func appendReferencePiece(_ reference: Int, to store: inout ProgramStore) {
        store.pendingPieces.append(ProgramPiece(start: Int32(reference), length: ProgramPiece.referenceLength))
    }

    // MARK: Grammar

    mutating func compileStringForm(list: Bool, into store: inout ProgramStore) -> Range<Int32> {
        list ? compileList(into: &store) : compileString(stopAtColon: false, closer: nil, into: &store)
    }

    /// String semantics: text up to a `$` sequence, a stopping `:` or the closer.
    private mutating func compileString(stopAtColon: Bool, closer: UInt8?, into store: inout ProgramStore) -> Range<Int32> {
        let mark = store.pendingPieces.count
        var textStart = index
        // Only `$` stops the scan at the top level; the stops are repeated to fill the three.
        let colon = stopAtColon ? Self.colon : Self.dollar
        let closer = closer ?? Self.dollar
        while true {
            index = Self.firstIndex(of: Self.dollar, colon, closer, in: bytes, from: index)
            if index == bytes.count || bytes[index] != Self.dollar { break }
            let start = index
            if compileDollar(textBefore: textStart..<start, mark: mark, into: &store) {
                textStart = index
            } else {
                index += 1
            }
        }
        appendText(textStart..<index, mark: mark, to: &store)
        return finish(mark: mark, in: &store)
    }

    /// List semantics, string form: every byte is kept, a `\` keeps the next byte from being
    /// read as a `$`, and `$` sequences are compiled as in string semantics (semantics §3.3).
    private mutating func compileList(into store: inout ProgramStore) -> Range<Int32> {
        let mark = store.pendingPieces.count
        var textStart = index
        while true {
            index = Self.firstIndex(of: Self.dollar, Self.backslash, Self.backslash, in: bytes, from: index)
            if index == bytes.count { break }
            if bytes[index] == Self.backslash {
                index = min(index + 2, bytes.count)
                continue
            }
            let start = index
            if !compileDollar(textBefore: textStart..<start, mark: mark, into: &store) {
                index += 1
                continue
            }
            textStart = index
        }
        appendText(textStart..<index, mark: mark, to: &store)
        return finish(mark: mark, in: &store)
    }

    /// The list form (semantics §3.3), as ``ExpressionParser`` reads list tokens: unquoted
    /// whitespace separates elements, quotes group and are dropped, a `\` escapes the next byte
    /// (inside quotes too; a lone trailing one is kept), and `$` sequences are compiled as in
    /// the string form. Text pieces hold an element's text, an empty one opening an element as
    /// `""` does; separators and references inside quotes are marked (``ProgramPiece``).
    mutating func compileListForm(into store: inout ProgramStore) -> Range<Int32> {
        let mark = store.pendingPieces.count
        var quote: UInt8 = 0
        var runStart = index
        while index < bytes.count {
            let byte = bytes[index]
            if byte == Self.backslash {
                appendText(runStart..<index, mark: mark, to: &store)
                let escaped = index + 1 < bytes.count ? index + 1 : index
                appendText(escaped..<escaped + 1, mark: mark, to: &store)
                index = escaped + 1
                runStart = index
            } else if (byte == Self.doubleQuote || byte == Self.singleQuote) && (quote == 0 || quote == byte) {
                // The other kind of quote inside quotes is an ordinary byte.
                appendText(runStart..<index, mark: mark, to: &store)
                if quote == 0 { appendElementOpener(mark: mark, to: &store) }
                quote = quote == 0 ? byte : 0
                index += 1
                runStart = index
            } else if quote == 0 && Self.isListWhitespace(byte) {
                appendText(runStart..<index, mark: mark, to: &store)
                while index < bytes.count, Self.isListWhitespace(bytes[index]) { index += 1 }
                store.pendingPieces.append(ProgramPiece.separator)
                runStart = index
            } else if byte == Self.dollar && compileDollar(textBefore: runStart..<index, mark: mark, into: &store) {
                let last = store.pendingPieces.count - 1
                if quote != 0 && store.pendingPieces[last].length == ProgramPiece.referenceLength {
                    store.pendingPieces[last].length = ProgramPiece.quotedReferenceLength
                }
                runStart = index
            } else {
                index += 1
            }
        }
        appendText(runStart..<index, mark: mark, to: &store)
        return finish(mark: mark, in: &store)
    }

    /// Space, TAB, LF, VT, FF and CR separate list elements (semantics §3.3).
    @inline(__always)
    private static func isListWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || (byte >= 0x09 && byte <= 0x0D)
    }

    /// Opens an element, unless the text piece just appended did.
    private func appendElementOpener(mark: Int, to store: inout ProgramStore) {
        let count = store.pendingPieces.count
        if count > mark && store.pendingPieces[count - 1].isText { return }
        store.pendingPieces.append(ProgramPiece(start: Int32(truncatingIfNeeded: store.text.count), length: 0))
    }

    /// At a `$`: compiles a reference or `$$` (flushing `textBefore` first) and returns `true`,
    /// or returns `false` for a `$` that is plain text.
    private mutating func compileDollar(textBefore: Range<Int>, mark: Int, into store: inout ProgramStore) -> Bool {
        guard index + 1 < bytes.count else { return false }  // trailing `$` is literal
        let next = bytes[index + 1]
        if next == Self.dollar {
            appendText(textBefore, mark: mark, to: &store)
            appendDollar(mark: mark, to: &store)
            index += 2
            return true
        }
        if let closer = ExpressionParser.closer(for: next) {
            if depth >= ExpressionParser.maximumNesting { return false }
            appendText(textBefore, mark: mark, to: &store)
            appendReferencePiece(compileBracketed(closer: closer, into: &store), to: &store)
            return true
        }
        if ExpressionParser.isNameStart(next) {
            appendText(textBefore, mark: mark, to: &store)
            appendReferencePiece(compileBare(into: &store), to: &store)
            return true
        }
        return false
    }

    /// `$NAME`, with a bracketed reference right after the name appended to it (semantics §3.4).
    /// Returns the reference's index in the store.
    private mutating func compileBare(into store: inout ProgramStore) -> Int {
        index += 1
        let mark = store.pendingPieces.count
        let nameStart = index
        while index < bytes.count, ExpressionParser.isBareNameByte(bytes[index]) { index += 1 }
        let appendsReference = index + 1 < bytes.count && bytes[index] == Self.dollar
            && bytes[index + 1] == Self.openParenthesis && depth < ExpressionParser.maximumNesting
        let reference = startReference(isBare: true, in: &store)
        if !appendsReference {
            setName(of: reference, UnsafeBufferPointer(rebasing: bytes[nameStart..<index]), in: &store)
            return reference
        }
        appendText(nameStart..<index, mark: mark, to: &store)
        appendReferencePiece(compileBracketed(closer: UInt8(ascii: ")"), into: &store), to: &store)
        // Not inlined into the call: `self` would be read before `finish` moves the pieces.
        let name = finish(mark: mark, in: &store)
        setComputedName(of: reference, name, in: &store)
        return reference
    }

    /// `$(NAME:op:op=operand)` with `index` at the `$`; returns the reference's index in the store.
    private mutating func compileBracketed(closer: UInt8, into store: inout ProgramStore) -> Int {
        index += 2
        depth += 1
        defer { depth -= 1 }
        let reference = startReference(isBare: false, in: &store)
        // Most names are plain bytes up to the closer or a `:`: looked up where they stand.
        let end = Self.firstIndex(of: closer, Self.colon, Self.dollar, in: bytes, from: index)
        if end == bytes.count || bytes[end] != Self.dollar {
            setName(of: reference, UnsafeBufferPointer(rebasing: bytes[index..<end]), in: &store)
            index = end
        } else {
            let name = compileString(stopAtColon: true, closer: closer, into: &store)
            setComputedName(of: reference, name, in: &store)
        }
        let operatorMark = store.pendingOperators.count
        while index < bytes.count {
            if bytes[index] == closer {
                index += 1
                break
            }
            // At a `:`: an operator name, then `=operand`, `:`, or the closer.
            index += 1
            let operatorStart = index
            while index < bytes.count, ExpressionParser.isOperatorNameByte(bytes[index]) { index += 1 }
            let operatorName = OperatorName(bytes: UnsafeBufferPointer(rebasing: bytes[operatorStart..<index]))
            if index < bytes.count, bytes[index] == Self.equals {
                index += 1
                let operand = compileString(stopAtColon: true, closer: closer, into: &store)
                store.pendingOperators.append(CompiledOperator(name: operatorName, operand: operand))
            } else if index >= bytes.count {
                // The value ends right after the name: Xcode reports the reference
                // unterminated and does not apply the operator (``ExpressionOperator/isCutOffByEnd``).
            } else if bytes[index] == Self.colon || bytes[index] == closer {
                store.pendingOperators.append(CompiledOperator(name: operatorName, operand: nil))
            } else {
                // An invalid character after the operator name: Xcode drops the operator.
                while index < bytes.count, bytes[index] != Self.colon, bytes[index] != closer { index += 1 }
            }
        }
        if store.pendingOperators.count > operatorMark {
            let first = Int32(store.operators.count)
            store.operators.append(store.pendingOperators, from: operatorMark)
            store.pendingOperators.removeLast(downTo: operatorMark)
            store.references[reference].operators = first..<Int32(store.operators.count)
        }
        return reference
    }

    /// Sets the literal name of the reference at `reference` in the store: its interned ID
    /// when it is an assigned setting's, else its ID among the unassigned names, or one of the
    /// special names.
    private func setName(of reference: Int, _ text: UnsafeBufferPointer<UInt8>, in store: inout ProgramStore) {
        let (kind, nameID) = store.nameKindAndID(text, nameIDs: nameIDs)
        store.references[reference].kind = kind
        store.references[reference].nameID = nameID
    }

    /// Sets the name of the reference at `reference` in the store to the pieces `name`: read as
    /// a literal name when they hold no reference.
    private func setComputedName(of reference: Int, _ name: Range<Int32>, in store: inout ProgramStore) {
        store.references[reference].name = name
        switch name.count {
        case 0:
            store.references[reference].kind = .empty
        case 1 where !store.pieces[Int(name.lowerBound)].isReference:
            // The common case, `$(NAME)`: looked up on the bytes, no string made.
            let piece = store.pieces[Int(name.lowerBound)]
            setName(of: reference, store.text.bytes(Int(piece.start), Int(piece.length)), in: &store)
        default:
            // Text pieces are joined as they are appended, so several pieces hold a reference;
            // should they ever not, the name is still read as literal.
            if var text = store.literalText(name) {
                text.withUTF8 { setName(of: reference, $0, in: &store) }
            } else {
                store.references[reference].kind = .computed
            }
        }
    }
}
