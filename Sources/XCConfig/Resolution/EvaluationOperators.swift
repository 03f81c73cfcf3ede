import XCConfigSyntax

/// Applying a reference's operators to what it reached (semantics §3.6–3.7).
extension Evaluator {
    /// `value`, what `reference` reached, after the reference's operators.
    ///
    /// Inlined: nearly every reference has no operator, and the call cost more than the check.
    @inline(__always)
    func applyOperators(of reference: CompiledReference, to value: ValueRange?) -> ValueRange? {
        let operators = reference.operators
        if operators.lowerBound == operators.upperBound { return value }
        return applyOperators(operators, to: value)
    }

    /// ``applyOperators(of:to:)`` of a reference with operators, `operators` in ``ProgramStore/operators``.
    func applyOperators(_ operators: Range<Int32>, to value: ValueRange?) -> ValueRange? {
        if operators.upperBound &- operators.lowerBound == 1 {
            let op = store.operators[Int(operators.lowerBound)]
            if let operand = op.operand {
                // `default=` on nothing or on an empty value is its operand, evaluated in place.
                if op.name == .default, value?.count ?? 0 == 0 { return elementOf(evaluatePieces(operand)) }
            } else if let value, let mapped = retrievedInPlace(value, by: op.name) {
                return mapped
            }
        }
        // Operators work on strings; the value is read before any operand is evaluated.
        var text = value.map(string)
        for index in operators {
            let op = store.operators[Int(index)]
            text = applyOperator(op.name, hasOperand: op.operand != nil, to: text) { string(evaluatePieces(op.operand!)) }
        }
        return text.map(appendValue)
    }

    /// `value` after the retrieval operator `name`, computed on its bytes when it is ASCII:
    /// `:upper` and `:lower` map it byte by byte, `:file`, `:base`, `:suffix` and `:dir` are a
    /// part of it (not copied). `nil` for any other operator or value. Making strings for
    /// ``Operators`` and back cost more than the rest of the reference.
    func retrievedInPlace(_ value: ValueRange, by name: OperatorName) -> ValueRange? {
        switch name {
        case .upper: return asciiCaseMapped(value, toUpper: true)
        case .lower: return asciiCaseMapped(value, toUpper: false)
        case .file, .base, .suffix, .dir: return pathPart(value, by: name)
        default: return nil
        }
    }

    /// `value` after `:file`, `:base`, `:suffix` or `:dir` when it is ASCII, as
    /// ``Operators/retrieve(_:_:)`` computes them: a range of `value`, or `./` for the
    /// directory of a value without `/`.
    func pathPart(_ value: ValueRange, by name: OperatorName) -> ValueRange? {
        guard let (lastSlash, lastDot) = Self.lastSlashAndDot(values.bytes(value.start, value.count)) else { return nil }
        let componentStart = lastSlash + 1
        switch name {
        case .file:
            return ValueRange(start: value.start + componentStart, count: value.count - componentStart)
        case .base:
            let end = lastDot >= 0 ? lastDot : value.count
            return ValueRange(start: value.start + componentStart, count: end - componentStart)
        case .suffix:
            // The extension with its dot; nothing without one.
            guard lastDot >= 0 else { return ValueRange(start: value.start, count: 0) }
            return ValueRange(start: value.start + lastDot, count: value.count - lastDot)
        case .dir:
            // Up to and with the last `/`.
            guard lastSlash >= 0 else { return appendValue("./") }
            return ValueRange(start: value.start, count: lastSlash + 1)
        default:
            return nil
        }
    }

    /// The offsets of the last `/` in `bytes` and of the last `.` after it (in the last
    /// component), -1 for none; `nil` when a byte is not ASCII.
    ///
    /// Eight bytes at a time: comparing each byte of a path of fifty-odd bytes twice cost more
    /// than the rest of the reference. Every byte of a word is below 0x80 once its high bits are
    /// checked, so a byte XOR the one looked for is zero exactly when adding 0x7F leaves its
    /// high bit clear (no carry crosses bytes): the matches are exact, and the last is the
    /// highest set bit.
    static func lastSlashAndDot(_ bytes: UnsafeBufferPointer<UInt8>) -> (slash: Int, dot: Int)? {
        var lastSlash = -1, lastDot = -1
        guard let base = bytes.baseAddress else { return (lastSlash, lastDot) }
        let count = bytes.count
        if count < 8 {
            for offset in 0..<count {
                let byte = base[offset]
                if byte >= 0x80 { return nil }
                if byte == UInt8(ascii: "/") {
                    lastSlash = offset
                    lastDot = -1
                } else if byte == UInt8(ascii: ".") {
                    lastDot = offset
                }
            }
            return (lastSlash, lastDot)
        }
        let raw = UnsafeRawPointer(base)
        let ones: UInt64 = 0x0101_0101_0101_0101, highBits = ones &* 0x80, low = ones &* 0x7F
        let slashes = ones &* UInt64(UInt8(ascii: "/")), dots = ones &* UInt64(UInt8(ascii: "."))
        var offset = 0
        while true {
            // The last word overlaps the one before rather than ending byte by byte: seeing a
            // byte twice finds the same last offsets.
            let at = min(offset, count &- 8)
            let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: at, as: UInt64.self))
            if word & highBits != 0 { return nil }
            let slashMatches = ~((word ^ slashes) &+ low) & highBits
            let dotMatches = ~((word ^ dots) &+ low) & highBits
            if slashMatches != 0 {
                lastSlash = at &+ (63 &- slashMatches.leadingZeroBitCount) &>> 3
                lastDot = -1
            }
            if dotMatches != 0 {
                let dot = at &+ (63 &- dotMatches.leadingZeroBitCount) &>> 3
                if dot > lastSlash { lastDot = dot }
            }
            offset &+= 8
            if offset >= count { return (lastSlash, lastDot) }
        }
    }

    /// `value` after `:upper` (`toUpper`) or `:lower` when it is ASCII, mapped byte by byte (the
    /// usual case: making strings for `uppercased()` and back cost more than the rest of the
    /// reference); `nil` for any other value.
    func asciiCaseMapped(_ value: ValueRange, toUpper: Bool) -> ValueRange? {
        // An empty element (an unset string-typed setting) maps to itself; `values` may have
        // no storage yet, whose address is read below.
        if value.count == 0 { return value }
        // Copied first and mapped in one pass over the copy, which is dropped again when a
        // byte is not ASCII.
        let start = values.count
        values.appendCopy(from: value.start, count: value.count)
        let bytes = values.base.unsafelyUnwrapped + start
        // The letters to change, and the bit that tells the cases apart.
        let (first, last): (UInt8, UInt8) = toUpper ? (0x61, 0x7A) : (0x41, 0x5A)
        // Eight bytes at a time. Every byte is below 0x80 once the high bits are checked, so
        // adding 0x80 - first sets a byte's high bit exactly when it is at least `first`, and
        // adding 0x7F - last exactly when it is above `last`, without carrying into the next
        // byte; the letters' high bits shifted down by two are the case bits to flip.
        let raw = UnsafeMutableRawPointer(bytes)
        let ones: UInt64 = 0x0101_0101_0101_0101, highBits = ones &* 0x80
        let atLeastFirst = ones &* UInt64(0x80 &- first), aboveLast = ones &* UInt64(0x7F &- last)
        let count = value.count
        if count >= 8 {
            // The last word overlaps the one before rather than ending byte by byte (that cost
            // 1.0K of resolve-bench's 601.2K instructions): the mapping changes no byte it has
            // mapped (a letter mapped is not one to change), so mapping bytes twice is the same.
            var offset = 0
            while true {
                let at = min(offset, count &- 8)
                let word = raw.loadUnaligned(fromByteOffset: at, as: UInt64.self)
                if word & highBits != 0 {
                    values.removeLast(downTo: start)
                    return nil
                }
                let letters = (word &+ atLeastFirst) & ~(word &+ aboveLast) & highBits
                raw.storeBytes(of: word ^ (letters &>> 2), toByteOffset: at, as: UInt64.self)
                offset &+= 8
                if offset >= count { return ValueRange(start: start, count: count) }
            }
        }
        for offset in 0..<count {
            let byte = bytes[offset]
            if byte >= 0x80 {
                values.removeLast(downTo: start)
                return nil
            }
            if byte >= first && byte <= last { bytes[offset] = byte ^ 0x20 }
        }
        return ValueRange(start: start, count: value.count)
    }

    /// One reference evaluated as a string, operators applied; `nil` when it produced nothing.
    func evaluateReference(_ reference: Reference) -> String? {
        let name = evaluateString(reference.name)
        var value: String?
        switch lookup(target(of: name)) {
        case .assigned(let found):
            value = found
        case .unset(let setting):
            // An unresolved `$NAME` stays literally (semantics §3.4); a bracketed reference to
            // an unset string-typed setting is one empty element, to anything else nothing.
            if reference.form == .bare { return "$" + name }
            value = declaredStringValue(setting)
        }
        for op in reference.operators where op.isApplied {
            value = applyOperator(OperatorName(op.name), hasOperand: op.operand != nil, to: value) { evaluateString(op.operand!) }
        }
        return value
    }

    /// Applies one operator to a reference's value; `operand` evaluates the operand, only when
    /// it is used.
    ///
    /// Operators apply to each element; a reference that produced no element at all (an
    /// unknown name, an unset list) stays empty, except that `default=` supplies one
    /// (semantics §3.6-3.7). An unset string-typed setting is one empty element.
    func applyOperator(_ name: OperatorName, hasOperand: Bool, to value: String?, operand: () -> String) -> String? {
        guard let current = value else {
            return name == .default && hasOperand ? operand() : nil
        }
        return hasOperand ? Operators.replace(name, current, operand: operand()) : Operators.retrieve(name, current)
    }

}
