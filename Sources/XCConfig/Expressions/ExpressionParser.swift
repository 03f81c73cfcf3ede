/// Reads a value's text into tokens, on bytes, once (semantics §3).
///
/// Recursion follows the nesting of `$(...)`; values nested deeper than
/// ``ExpressionParser/maximumNesting`` keep the excess as literal text, so hostile input cannot
/// exhaust the stack.
struct ExpressionParser {
    /// How deep `$(...)` may nest before the rest is read as text.
    static let maximumNesting = 10_000

    private let bytes: [UInt8]
    private var index = 0
    private var depth = 0

    /// The value being parsed, which nested expressions share (see ``Expression``).
    private let source: String

    init(source: String) {
        self.source = source
        self.bytes = Array(source.utf8)
    }

    private static let dollar = UInt8(ascii: "$")
    private static let backslash = UInt8(ascii: "\\")
    private static let doubleQuote = UInt8(ascii: "\"")
    private static let singleQuote = UInt8(ascii: "'")
    private static let colon = UInt8(ascii: ":")
    private static let equals = UInt8(ascii: "=")

    @inline(__always)
    private static func isListWhitespace(_ byte: UInt8) -> Bool {
        // Space, TAB, LF, VT, FF, CR separate list elements (semantics §3.3).
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

    /// A byte list parsing copies as it is: not `\`, not `$`, not the quote that would open or
    /// close, and outside quotes not a separator.
    @inline(__always)
    private static func isPlainListByte(_ byte: UInt8, quote: UInt8) -> Bool {
        if byte == backslash || byte == dollar { return false }
        if quote == 0 {
            return byte != doubleQuote && byte != singleQuote && !isListWhitespace(byte)
        }
        return byte != quote
    }

    static func closer(for opener: UInt8) -> UInt8? {
        switch opener {
        case UInt8(ascii: "("): UInt8(ascii: ")")
        case UInt8(ascii: "{"): UInt8(ascii: "}")
        case UInt8(ascii: "["): UInt8(ascii: "]")
        default: nil
        }
    }

    private func text(_ range: Range<Int>) -> String {
        String(decoding: bytes[range], as: UTF8.self)
    }

    // MARK: Top level

    mutating func parseTopLevel(semantics: ValueSemantics) -> [ExpressionToken] {
        switch semantics {
        case .string: return parseStringTokens(stopAtColon: false, closer: nil)
        case .list: return parseListTokens()
        }
    }

    /// String semantics: text up to a `$` sequence, a stopping `:` or the closer.
    private mutating func parseStringTokens(stopAtColon: Bool, closer: UInt8?) -> [ExpressionToken] {
        var tokens: [ExpressionToken] = []
        var textStart = index
        var pending = ""  // text already decoded, for `$$` and literal `$`
        func flush(_ parser: inout ExpressionParser, upTo end: Int) {
            if end > textStart { pending += parser.text(textStart..<end) }
            if !pending.isEmpty {
                tokens.append(.text(raw: pending, cooked: pending, opensElement: true))
                pending = ""
            }
        }
        while index < bytes.count {
            let byte = bytes[index]
            if let closer, byte == closer { break }
            if stopAtColon && byte == Self.colon { break }
            if byte != Self.dollar {
                index += 1
                continue
            }
            if let reference = parseDollar() {
                flush(&self, upTo: reference.start)
                if let token = reference.token {
                    tokens.append(token)
                } else {
                    pending += reference.literal
                }
                textStart = index
            } else {
                index += 1
            }
        }
        flush(&self, upTo: index)
        return tokens
    }

    /// What a `$` sequence turned into.
    private struct DollarResult {
        var start: Int
        var token: ExpressionToken?
        var literal: String
    }

    /// At a `$`: a reference, `$$` (a literal `$`), or `nil` for a `$` that is plain text.
    private mutating func parseDollar(quoted: Bool = false) -> DollarResult? {
        let start = index
        guard index + 1 < bytes.count else { return nil }  // trailing `$` is literal
        let next = bytes[index + 1]
        if next == Self.dollar {
            index += 2
            return DollarResult(start: start, token: nil, literal: "$")
        }
        if let closer = Self.closer(for: next) {
            if depth >= Self.maximumNesting { return nil }
            let reference = parseBracketed(closer: closer, form: next)
            return DollarResult(start: start, token: .reference(reference, quoted: quoted), literal: "")
        }
        if Self.isNameStart(next) {
            let reference = parseBare()
            return DollarResult(start: start, token: .reference(reference, quoted: quoted), literal: "")
        }
        return nil
    }

    /// `$NAME`, with the `$NAME$(...)` quirk: a bracketed reference right after the name is
    /// appended to the name (semantics §3.4).
    private mutating func parseBare() -> Reference {
        let start = index
        index += 1
        let nameStart = index
        while index < bytes.count, Self.isBareNameByte(bytes[index]) { index += 1 }
        let nameText = text(nameStart..<index)
        var nameTokens: [ExpressionToken] = [.text(raw: nameText, cooked: nameText, opensElement: true)]
        if index + 1 < bytes.count, bytes[index] == Self.dollar, bytes[index + 1] == UInt8(ascii: "("),
           depth < Self.maximumNesting {
            let appended = parseBracketed(closer: UInt8(ascii: ")"), form: UInt8(ascii: "("))
            nameTokens.append(.reference(appended, quoted: false))
        }
        let name = Expression(storage: source, offsets: nameStart..<index, semantics: .string, tokens: nameTokens)
        return Reference(name: name, operators: [], form: .bare, range: start..<index, isUnterminated: false)
    }

    /// `$(NAME:op:op=operand)` with `index` at the `$`.
    private mutating func parseBracketed(closer: UInt8, form opener: UInt8) -> Reference {
        let start = index
        index += 2
        depth += 1
        defer { depth -= 1 }
        let form: ReferenceForm = switch opener {
        case UInt8(ascii: "{"): .braces
        case UInt8(ascii: "["): .brackets
        default: .parentheses
        }
        let name = parseSubexpression(closer: closer)
        var operators: [ExpressionOperator] = []
        var terminated = false
        while index < bytes.count {
            let byte = bytes[index]
            if byte == closer {
                index += 1
                terminated = true
                break
            }
            // At a `:`: an operator name, then `=operand`, `:`, or the closer.
            index += 1
            let operatorStart = index
            while index < bytes.count, Self.isOperatorNameByte(bytes[index]) { index += 1 }
            let operatorName = text(operatorStart..<index)
            if index < bytes.count, bytes[index] == Self.equals {
                index += 1
                let operand = parseSubexpression(closer: closer)
                operators.append(ExpressionOperator(name: operatorName, operand: operand, range: operatorStart..<index, hasInvalidCharacter: false, isCutOffByEnd: false))
            } else if index >= bytes.count || bytes[index] == Self.colon || bytes[index] == closer {
                operators.append(ExpressionOperator(name: operatorName, operand: nil, range: operatorStart..<index, hasInvalidCharacter: false, isCutOffByEnd: index >= bytes.count))
            } else {
                // An operator name followed by anything else: Xcode reports
                // invalidOperatorCharacter and drops the operator (semantics §2.3).
                while index < bytes.count, bytes[index] != Self.colon, bytes[index] != closer { index += 1 }
                operators.append(ExpressionOperator(name: operatorName, operand: nil, range: operatorStart..<index, hasInvalidCharacter: true, isCutOffByEnd: false))
            }
        }
        return Reference(name: name, operators: operators, form: form, range: start..<index, isUnterminated: !terminated)
    }

    /// A name or operand: string semantics up to an unnested `:` or the closer.
    private mutating func parseSubexpression(closer: UInt8) -> Expression {
        let start = index
        let tokens = parseStringTokens(stopAtColon: true, closer: closer)
        return Expression(storage: source, offsets: start..<index, semantics: .string, tokens: tokens)
    }

    // MARK: List semantics

    /// List semantics (semantics §3.3): whitespace separates elements, quotes group,
    /// backslashes escape (inside quotes too), `$` substitutes.
    private mutating func parseListTokens() -> [ExpressionToken] {
        var tokens: [ExpressionToken] = []
        var quote: UInt8 = 0
        var raw: [UInt8] = []
        var cooked: [UInt8] = []
        var opens = false
        func flushText() {
            if !raw.isEmpty || opens {
                tokens.append(.text(
                    raw: String(decoding: raw, as: UTF8.self),
                    cooked: String(decoding: cooked, as: UTF8.self),
                    opensElement: opens || !cooked.isEmpty))
                raw.removeAll(keepingCapacity: true)
                cooked.removeAll(keepingCapacity: true)
                opens = false
            }
        }
        while index < bytes.count {
            let byte = bytes[index]
            if Self.isPlainListByte(byte, quote: quote) {
                // A run of bytes that are neither escapes, quotes, separators nor `$` is copied
                // as a whole; an unquoted word standing alone becomes one token with one string.
                let start = index
                index += 1
                while index < bytes.count, Self.isPlainListByte(bytes[index], quote: quote) { index += 1 }
                if raw.isEmpty && !opens && quote == 0 && (index == bytes.count || Self.isListWhitespace(bytes[index])) {
                    let word = text(start..<index)
                    tokens.append(.text(raw: word, cooked: word, opensElement: true))
                } else {
                    raw.append(contentsOf: bytes[start..<index])
                    cooked.append(contentsOf: bytes[start..<index])
                }
                continue
            }
            if byte == Self.backslash {
                // The escape check comes before the quote check, so it works inside quotes too.
                if index + 1 < bytes.count {
                    raw.append(byte)
                    raw.append(bytes[index + 1])
                    cooked.append(bytes[index + 1])
                    index += 2
                } else {
                    raw.append(byte)
                    cooked.append(byte)  // a lone trailing `\` is kept literally
                    index += 1
                }
                continue
            }
            if byte == Self.doubleQuote || byte == Self.singleQuote {
                if quote == 0 {
                    quote = byte
                    opens = true
                    raw.append(byte)
                    index += 1
                    continue
                }
                if quote == byte {
                    quote = 0
                    raw.append(byte)
                    index += 1
                    continue
                }
                // The other kind of quote inside quotes is an ordinary character.
            }
            if quote == 0 && Self.isListWhitespace(byte) {
                flushText()
                let start = index
                while index < bytes.count, Self.isListWhitespace(bytes[index]) { index += 1 }
                tokens.append(.space(raw: text(start..<index)))
                continue
            }
            if byte == Self.dollar, let result = parseDollar(quoted: quote != 0) {
                if let token = result.token {
                    flushText()
                    tokens.append(token)
                } else {
                    raw.append(contentsOf: result.literal.utf8)
                    cooked.append(contentsOf: result.literal.utf8)
                }
                continue
            }
            raw.append(byte)
            cooked.append(byte)
            index += 1
        }
        flushText()
        return tokens
    }
}
