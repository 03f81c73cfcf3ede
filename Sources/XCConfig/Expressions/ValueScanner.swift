/// What a value's text is made of, as the ``ValueScanner`` finds it, told to whatever builds
/// something from it: the resolver's programs (``ProgramStore``) or the tree that lint and
/// explain read (``ExpressionTreeBuilder``).
///
/// Offsets are byte offsets into the value's UTF-8. Expressions (the value, a reference's name,
/// an operand) and references nest; each `begin…` is matched by its `end…` before the
/// enclosing one ends, and what lies between belongs to it.
protocol ValueSink: ~Copyable {
    /// A finished expression: a value, a reference's name or an operand.
    associatedtype Expression
    /// A reference being read, as ``beginReference(_:at:)`` returns it.
    associatedtype OpenReference

    /// Starts an expression; what it returns is passed as `mark` to what is found in it.
    mutating func beginExpression() -> Int
    /// Ends the expression started with `mark`, spelled by bytes `range`.
    mutating func endExpression(mark: Int, range: Range<Int>, semantics: ValueSemantics) -> Expression
    /// Plain text: bytes `range` of `bytes`, the same in an element as printed.
    mutating func text(_ range: Range<Int>, of bytes: UnsafeBufferPointer<UInt8>, mark: Int)
    /// `$$`: a literal `$`.
    mutating func literalDollar(mark: Int)

    /// Starts a reference written in `form`, its `$` at `start`. The text before it has been
    /// given already.
    mutating func beginReference(_ form: ReferenceForm, at start: Int) -> OpenReference
    /// The reference's name is the plain bytes `range` (no `$` sequence in it).
    mutating func literalName(_ range: Range<Int>, of bytes: UnsafeBufferPointer<UInt8>, for reference: OpenReference)
    /// The reference's name is `name`, which may hold references.
    mutating func computedName(_ name: Expression, for reference: OpenReference)
    /// An operator of the reference: its name is bytes `name`, the whole operator bytes
    /// `range`. `dropped` says why Xcode does not apply it, when it does not.
    mutating func addOperator(
        name: Range<Int>, of bytes: UnsafeBufferPointer<UInt8>, operand: Expression?, range: Range<Int>,
        dropped: DroppedOperator?, to reference: OpenReference)
    /// Ends the reference, spelled by bytes `range`, in the expression of `mark`; `quoted` when
    /// it stands inside quotes (list semantics).
    mutating func endReference(_ reference: OpenReference, range: Range<Int>, isUnterminated: Bool, quoted: Bool, mark: Int)

    // List semantics only (semantics §3.3).

    /// `\` and the byte it escapes (bytes `range`; one byte, the `\` kept, at the value's end).
    mutating func escape(_ range: Range<Int>, of bytes: UnsafeBufferPointer<UInt8>, mark: Int)
    /// A quote at `offset` that opens (`opens`) or closes a quoted run.
    mutating func quote(at offset: Int, of bytes: UnsafeBufferPointer<UInt8>, opens: Bool, mark: Int)
    /// A run of unquoted, unescaped whitespace between elements.
    mutating func separator(_ range: Range<Int>, of bytes: UnsafeBufferPointer<UInt8>, mark: Int)
}

/// Why Xcode drops an operator it reads (semantics §2.3).
enum DroppedOperator {
    /// A byte that cannot continue an operator name followed it (`invalidOperatorCharacter`).
    case invalidCharacter
    /// The value ends right after a retrieval operator's name: the reference is unterminated
    /// and the name is never read as an operator.
    case cutOffByEnd
}

/// The value grammar (semantics §3), once: reads a value's bytes and tells a ``ValueSink``
/// what they are made of.
///
/// Recursion follows the nesting of `$(...)`; values nested deeper than
/// ``maximumNesting`` keep the excess as literal text, so hostile input cannot exhaust the stack.
struct ValueScanner {
    /// How deep `$(...)` may nest before the rest is read as text.
    static let maximumNesting = 10_000

    let bytes: UnsafeBufferPointer<UInt8>
    private(set) var index = 0
    private var depth = 0

    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    static let dollar = UInt8(ascii: "$")
    static let backslash = UInt8(ascii: "\\")
    static let colon = UInt8(ascii: ":")
    static let equals = UInt8(ascii: "=")
    static let doubleQuote = UInt8(ascii: "\"")
    static let singleQuote = UInt8(ascii: "'")
    static let openParenthesis = UInt8(ascii: "(")
    static let closeParenthesis = UInt8(ascii: ")")

    /// Reads the whole value with `semantics`.
    mutating func scanValue<Sink: ValueSink & ~Copyable>(_ semantics: ValueSemantics, into sink: inout Sink) -> Sink.Expression {
        switch semantics {
        case .string: scanString(stopAtColon: false, closer: nil, into: &sink)
        case .list: scanList(into: &sink)
        }
    }

    /// String semantics: text up to a `$` sequence, a stopping `:` or the closer.
    private mutating func scanString<Sink: ValueSink & ~Copyable>(stopAtColon: Bool, closer: UInt8?, into sink: inout Sink) -> Sink.Expression {
        let start = index
        let mark = sink.beginExpression()
        var textStart = index
        // Only `$` stops the scan at the top level; the stops are repeated to fill the three.
        let colon = stopAtColon ? Self.colon : Self.dollar
        let closer = closer ?? Self.dollar
        while true {
            index = Self.firstIndex(of: Self.dollar, colon, closer, in: bytes, from: index)
            if index == bytes.count || bytes[index] != Self.dollar { break }
            if scanDollar(textBefore: textStart..<index, quoted: false, mark: mark, into: &sink) {
                textStart = index
            } else {
                index += 1
            }
        }
        if textStart < index { sink.text(textStart..<index, of: bytes, mark: mark) }
        return sink.endExpression(mark: mark, range: start..<index, semantics: .string)
    }

    /// List semantics (semantics §3.3): whitespace separates elements, quotes group, a `\`
    /// escapes the next byte (inside quotes too: the escape check comes first), `$` substitutes.
    private mutating func scanList<Sink: ValueSink & ~Copyable>(into sink: inout Sink) -> Sink.Expression {
        let start = index
        let mark = sink.beginExpression()
        var quote: UInt8 = 0
        var runStart = index
        while index < bytes.count {
            let byte = bytes[index]
            if byte == Self.backslash {
                if runStart < index { sink.text(runStart..<index, of: bytes, mark: mark) }
                let end = min(index + 2, bytes.count)
                sink.escape(index..<end, of: bytes, mark: mark)
                index = end
                runStart = index
            } else if (byte == Self.doubleQuote || byte == Self.singleQuote) && (quote == 0 || quote == byte) {
                // The other kind of quote inside quotes is an ordinary byte.
                if runStart < index { sink.text(runStart..<index, of: bytes, mark: mark) }
                sink.quote(at: index, of: bytes, opens: quote == 0, mark: mark)
                quote = quote == 0 ? byte : 0
                index += 1
                runStart = index
            } else if quote == 0 && Self.isListWhitespace(byte) {
                if runStart < index { sink.text(runStart..<index, of: bytes, mark: mark) }
                let separatorStart = index
                while index < bytes.count, Self.isListWhitespace(bytes[index]) { index += 1 }
                sink.separator(separatorStart..<index, of: bytes, mark: mark)
                runStart = index
            } else if byte == Self.dollar && scanDollar(textBefore: runStart..<index, quoted: quote != 0, mark: mark, into: &sink) {
                runStart = index
            } else {
                index += 1
            }
        }
        if runStart < index { sink.text(runStart..<index, of: bytes, mark: mark) }
        return sink.endExpression(mark: mark, range: start..<index, semantics: .list)
    }

    /// At a `$`: reads a reference or `$$` (giving `textBefore` first) and returns `true`, or
    /// returns `false` for a `$` that is plain text.
    private mutating func scanDollar<Sink: ValueSink & ~Copyable>(textBefore: Range<Int>, quoted: Bool, mark: Int, into sink: inout Sink) -> Bool {
        guard index + 1 < bytes.count else { return false }  // a trailing `$` is literal
        let next = bytes[index + 1]
        if next == Self.dollar {
            if !textBefore.isEmpty { sink.text(textBefore, of: bytes, mark: mark) }
            sink.literalDollar(mark: mark)
            index += 2
            return true
        }
        if let closer = Self.closer(for: next) {
            if depth >= Self.maximumNesting { return false }
            if !textBefore.isEmpty { sink.text(textBefore, of: bytes, mark: mark) }
            scanBracketed(closer: closer, quoted: quoted, mark: mark, into: &sink)
            return true
        }
        if Self.isNameStart(next) {
            if !textBefore.isEmpty { sink.text(textBefore, of: bytes, mark: mark) }
            scanBare(quoted: quoted, mark: mark, into: &sink)
            return true
        }
        return false
    }

    /// `$NAME`, with the `$NAME$(...)` quirk: a bracketed reference right after the name is
    /// appended to the name (semantics §3.4).
    private mutating func scanBare<Sink: ValueSink & ~Copyable>(quoted: Bool, mark: Int, into sink: inout Sink) {
        let start = index
        index += 1
        let nameStart = index
        while index < bytes.count, Self.isBareNameByte(bytes[index]) { index += 1 }
        let reference = sink.beginReference(.bare, at: start)
        if index + 1 < bytes.count && bytes[index] == Self.dollar && bytes[index + 1] == Self.openParenthesis
            && depth < Self.maximumNesting {
            let nameMark = sink.beginExpression()
            sink.text(nameStart..<index, of: bytes, mark: nameMark)
            scanBracketed(closer: Self.closeParenthesis, quoted: false, mark: nameMark, into: &sink)
            let name = sink.endExpression(mark: nameMark, range: nameStart..<index, semantics: .string)
            sink.computedName(name, for: reference)
        } else {
            sink.literalName(nameStart..<index, of: bytes, for: reference)
        }
        sink.endReference(reference, range: start..<index, isUnterminated: false, quoted: quoted, mark: mark)
    }

    /// `$(NAME:op:op=operand)` (or `${…}`, `$[…]`) with `index` at the `$`.
    private mutating func scanBracketed<Sink: ValueSink & ~Copyable>(closer: UInt8, quoted: Bool, mark: Int, into sink: inout Sink) {
        let start = index
        let form: ReferenceForm = switch bytes[index + 1] {
        case UInt8(ascii: "{"): .braces
        case UInt8(ascii: "["): .brackets
        default: .parentheses
        }
        index += 2
        depth += 1
        defer { depth -= 1 }
        let reference = sink.beginReference(form, at: start)
        // Most names are plain bytes up to the closer or a `:`: given where they stand.
        let end = Self.firstIndex(of: closer, Self.colon, Self.dollar, in: bytes, from: index)
        if end == bytes.count || bytes[end] != Self.dollar {
            sink.literalName(index..<end, of: bytes, for: reference)
            index = end
        } else {
            let name = scanString(stopAtColon: true, closer: closer, into: &sink)
            sink.computedName(name, for: reference)
        }
        var terminated = false
        while index < bytes.count {
            if bytes[index] == closer {
                index += 1
                terminated = true
                break
            }
            // At a `:`: an operator name, then `=operand`, `:`, or the closer.
            index += 1
            let operatorStart = index
            while index < bytes.count, Self.isOperatorNameByte(bytes[index]) { index += 1 }
            let name = operatorStart..<index
            if index < bytes.count, bytes[index] == Self.equals {
                index += 1
                let operand = scanString(stopAtColon: true, closer: closer, into: &sink)
                sink.addOperator(name: name, of: bytes, operand: operand, range: operatorStart..<index, dropped: nil, to: reference)
            } else if index >= bytes.count {
                sink.addOperator(name: name, of: bytes, operand: nil, range: operatorStart..<index, dropped: .cutOffByEnd, to: reference)
            } else if bytes[index] == Self.colon || bytes[index] == closer {
                sink.addOperator(name: name, of: bytes, operand: nil, range: operatorStart..<index, dropped: nil, to: reference)
            } else {
                while index < bytes.count, bytes[index] != Self.colon, bytes[index] != closer { index += 1 }
                sink.addOperator(name: name, of: bytes, operand: nil, range: operatorStart..<index, dropped: .invalidCharacter, to: reference)
            }
        }
        sink.endReference(reference, range: start..<index, isUnterminated: !terminated, quoted: quoted, mark: mark)
    }
}

// MARK: Byte classes

extension ValueScanner {
    /// Space, TAB, LF, VT, FF and CR separate list elements (semantics §3.3).
    @inline(__always)
    static func isListWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || (byte >= 0x09 && byte <= 0x0D)
    }

    @inline(__always)
    static func isNameStart(_ byte: UInt8) -> Bool {
        (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == 0x5F
    }

    /// Letters, digits, `_` and `.`: `$NAME` allows dots (semantics §3.4).
    @inline(__always)
    static func isBareNameByte(_ byte: UInt8) -> Bool {
        isASCII(byte, in: 0x03FF_4000_0000_0000, 0x07FF_FFFE_87FF_FFFE)
    }

    /// Letters, digits, `_`, `.`, `+` and `-`.
    @inline(__always)
    static func isOperatorNameByte(_ byte: UInt8) -> Bool {
        isASCII(byte, in: 0x03FF_6800_0000_0000, 0x07FF_FFFE_87FF_FFFE)
    }

    /// Whether `byte` is in the set of ASCII bytes whose bit is set, 0–63 in `low` and 64–127 in
    /// `high`. Names are scanned a byte at a time, and one bit test per byte cost less than
    /// comparing it with each range of a class.
    @inline(__always)
    private static func isASCII(_ byte: UInt8, in low: UInt64, _ high: UInt64) -> Bool {
        let word = byte < 64 ? low : byte < 128 ? high : 0
        return (word &>> UInt64(byte & 63)) & 1 != 0
    }

    /// The closer of the reference `$` then `opener` starts; `nil` when it starts none.
    @inline(__always)
    static func closer(for opener: UInt8) -> UInt8? {
        switch opener {
        case UInt8(ascii: "("): UInt8(ascii: ")")
        case UInt8(ascii: "{"): UInt8(ascii: "}")
        case UInt8(ascii: "["): UInt8(ascii: "]")
        default: nil
        }
    }
}
