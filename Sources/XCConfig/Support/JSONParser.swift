/// Why JSON text could not be read, and where.
package struct JSONParseError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong, in one line.
    package var message: String
    /// 1-based line of the offending byte.
    package var line: Int
    /// 1-based column of the offending byte, counted in bytes like every column of the tool.
    package var column: Int

    package init(message: String, line: Int, column: Int) {
        self.message = message
        self.line = line
        self.column = column
    }

    /// `LINE:COLUMN: MESSAGE`, ready to follow a file name.
    package var description: String { "\(line):\(column): \(message)" }
}

extension JSONValue {
    /// The deepest nesting of arrays and objects ``parse(_:maximumDepth:)`` accepts by default.
    package static let defaultMaximumDepth = 256

    /// Parses strict JSON (RFC 8259): no comments, no trailing commas, no single quotes, no
    /// leading zeros, no raw control characters in strings, no lone surrogates, valid UTF-8, no
    /// duplicate keys in an object (in a configuration file, a repeated key is always a mistake),
    /// nothing after the value. A leading UTF-8 byte-order mark is skipped.
    ///
    /// Nesting deeper than `maximumDepth` is an error rather than a deep recursion.
    package static func parse(_ bytes: [UInt8], maximumDepth: Int = defaultMaximumDepth) throws(JSONParseError) -> JSONValue {
        var reader = JSONReader(bytes: bytes, maximumDepth: maximumDepth)
        return try reader.parseDocument()
    }

    /// Parses strict JSON text; see the byte version.
    package static func parse(_ text: String, maximumDepth: Int = defaultMaximumDepth) throws(JSONParseError) -> JSONValue {
        try parse(Array(text.utf8), maximumDepth: maximumDepth)
    }
}

/// The strict JSON parser, by the name readers look for; the same as ``JSONValue/parse(_:maximumDepth:)``.
package enum JSONParser {
    /// Parses strict JSON; see ``JSONValue/parse(_:maximumDepth:)``.
    package static func parse(_ bytes: [UInt8], maximumDepth: Int = JSONValue.defaultMaximumDepth) throws(JSONParseError) -> JSONValue {
        try JSONValue.parse(bytes, maximumDepth: maximumDepth)
    }

    /// Parses strict JSON text.
    package static func parse(_ text: String, maximumDepth: Int = JSONValue.defaultMaximumDepth) throws(JSONParseError) -> JSONValue {
        try JSONValue.parse(Array(text.utf8), maximumDepth: maximumDepth)
    }
}

/// A recursive-descent parser over bytes; recursion is bounded by `maximumDepth`.
private struct JSONReader {
    let bytes: [UInt8]
    let maximumDepth: Int
    var offset = 0
    var depth = 0

    init(bytes: [UInt8], maximumDepth: Int) {
        self.bytes = bytes
        self.maximumDepth = maximumDepth
    }

    mutating func parseDocument() throws(JSONParseError) -> JSONValue {
        try validateUTF8()
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { offset = 3 }
        skipWhitespace()
        guard offset < bytes.count else { throw error("expected a JSON value, found the end of the input") }
        let value = try parseValue()
        skipWhitespace()
        guard offset == bytes.count else { throw error("unexpected \(describeCurrent()) after the JSON value") }
        return value
    }

    // MARK: - Values

    mutating func parseValue() throws(JSONParseError) -> JSONValue {
        guard offset < bytes.count else { throw error("expected a JSON value, found the end of the input") }
        switch bytes[offset] {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
        case UInt8(ascii: "t"): try expectWord("true"); return .bool(true)
        case UInt8(ascii: "f"): try expectWord("false"); return .bool(false)
        case UInt8(ascii: "n"): try expectWord("null"); return .null
        default: throw error("expected a JSON value, found \(describeCurrent())")
        }
    }

    mutating func parseObject() throws(JSONParseError) -> JSONValue {
        try enterContainer()
        offset += 1  // {
        var members: [JSONValue.Member] = []
        var seenKeys: Set<String> = []
        skipWhitespace()
        if peek(UInt8(ascii: "}")) {
            offset += 1
            depth -= 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard peek(UInt8(ascii: "\"")) else {
                throw error("expected a string key, found \(describeCurrent())")
            }
            let keyOffset = offset
            let key = try parseString()
            guard seenKeys.insert(key).inserted else { throw error("duplicate key '\(key)'", at: keyOffset) }
            skipWhitespace()
            guard peek(UInt8(ascii: ":")) else { throw error("expected ':' after the key, found \(describeCurrent())") }
            offset += 1
            skipWhitespace()
            let value = try parseValue()
            members.append(JSONValue.Member(key, value))
            skipWhitespace()
            if peek(UInt8(ascii: ",")) {
                offset += 1
                skipWhitespace()
                if peek(UInt8(ascii: "}")) { throw error("trailing comma before '}'") }
                continue
            }
            if peek(UInt8(ascii: "}")) {
                offset += 1
                depth -= 1
                return .object(members)
            }
            throw error("expected ',' or '}' in the object, found \(describeCurrent())")
        }
    }

    mutating func parseArray() throws(JSONParseError) -> JSONValue {
        try enterContainer()
        offset += 1  // [
        var elements: [JSONValue] = []
        skipWhitespace()
        if peek(UInt8(ascii: "]")) {
            offset += 1
            depth -= 1
            return .array(elements)
        }
        while true {
            skipWhitespace()
            elements.append(try parseValue())
            skipWhitespace()
            if peek(UInt8(ascii: ",")) {
                offset += 1
                skipWhitespace()
                if peek(UInt8(ascii: "]")) { throw error("trailing comma before ']'") }
                continue
            }
            if peek(UInt8(ascii: "]")) {
                offset += 1
                depth -= 1
                return .array(elements)
            }
            throw error("expected ',' or ']' in the array, found \(describeCurrent())")
        }
    }

    mutating func enterContainer() throws(JSONParseError) {
        depth += 1
        if depth > maximumDepth { throw error("nesting deeper than \(maximumDepth) levels") }
    }

    mutating func parseString() throws(JSONParseError) -> String {
        offset += 1  // opening quote
        var utf8: [UInt8] = []
        while true {
            guard offset < bytes.count else { throw error("unterminated string") }
            let byte = bytes[offset]
            switch byte {
            case UInt8(ascii: "\""):
                offset += 1
                return String(decoding: utf8, as: UTF8.self)  // the input was validated as UTF-8
            case UInt8(ascii: "\\"):
                try parseEscape(into: &utf8)
            case 0x00..<0x20:
                throw error("control character U+\(hex4(UInt32(byte))) in a string; write it as an escape")
            default:
                // Copy the run of plain bytes up to the next quote, backslash or control byte at once.
                var end = offset + 1
                while end < bytes.count, bytes[end] >= 0x20, bytes[end] != UInt8(ascii: "\""), bytes[end] != UInt8(ascii: "\\") {
                    end += 1
                }
                utf8.append(contentsOf: bytes[offset..<end])
                offset = end
            }
        }
    }

    mutating func parseEscape(into utf8: inout [UInt8]) throws(JSONParseError) {
        let escapeOffset = offset
        offset += 1  // backslash
        guard offset < bytes.count else { throw error("unterminated string") }
        let letter = bytes[offset]
        offset += 1
        switch letter {
        case UInt8(ascii: "\""): utf8.append(UInt8(ascii: "\""))
        case UInt8(ascii: "\\"): utf8.append(UInt8(ascii: "\\"))
        case UInt8(ascii: "/"): utf8.append(UInt8(ascii: "/"))
        case UInt8(ascii: "b"): utf8.append(0x08)
        case UInt8(ascii: "f"): utf8.append(0x0C)
        case UInt8(ascii: "n"): utf8.append(0x0A)
        case UInt8(ascii: "r"): utf8.append(0x0D)
        case UInt8(ascii: "t"): utf8.append(0x09)
        case UInt8(ascii: "u"):
            var value = try parseHex4(escapeOffset: escapeOffset)
            if (0xD800...0xDBFF).contains(value) {
                // A high surrogate must be followed by an escaped low surrogate.
                guard offset + 1 < bytes.count, bytes[offset] == UInt8(ascii: "\\"), bytes[offset + 1] == UInt8(ascii: "u") else {
                    throw error("unpaired surrogate \\u\(hex4(value))", at: escapeOffset)
                }
                offset += 2
                let low = try parseHex4(escapeOffset: offset - 2)
                guard (0xDC00...0xDFFF).contains(low) else {
                    throw error("unpaired surrogate \\u\(hex4(value))", at: escapeOffset)
                }
                value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
            } else if (0xDC00...0xDFFF).contains(value) {
                throw error("unpaired surrogate \\u\(hex4(value))", at: escapeOffset)
            }
            utf8.append(contentsOf: String(Unicode.Scalar(value)!).utf8)
        default:
            throw error("invalid escape '\\\(Unicode.Scalar(letter))'", at: escapeOffset)
        }
    }

    mutating func parseHex4(escapeOffset: Int) throws(JSONParseError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard offset < bytes.count, let digit = hexDigit(bytes[offset]) else {
                throw error("\\u must be followed by four hexadecimal digits", at: escapeOffset)
            }
            value = value << 4 | digit
            offset += 1
        }
        return value
    }

    mutating func parseNumber() throws(JSONParseError) -> JSONValue {
        let start = offset
        var isInteger = true
        if peek(UInt8(ascii: "-")) { offset += 1 }
        if peek(UInt8(ascii: "0")) {
            offset += 1
            if let next = current, isDigit(next) { throw error("leading zeros are not allowed in numbers", at: start) }
        } else {
            guard try skipDigits() else { throw error("expected a digit, found \(describeCurrent())") }
        }
        if peek(UInt8(ascii: ".")) {
            isInteger = false
            offset += 1
            guard try skipDigits() else { throw error("expected a digit after '.', found \(describeCurrent())") }
        }
        if peek(UInt8(ascii: "e")) || peek(UInt8(ascii: "E")) {
            isInteger = false
            offset += 1
            if peek(UInt8(ascii: "+")) || peek(UInt8(ascii: "-")) { offset += 1 }
            guard try skipDigits() else { throw error("expected a digit in the exponent, found \(describeCurrent())") }
        }
        let text = String(decoding: bytes[start..<offset], as: UTF8.self)
        if isInteger, let integer = Int(text) { return .integer(integer) }
        guard let double = Double(text), double.isFinite else { throw error("number out of range", at: start) }
        return .double(double)
    }

    /// Skips a run of digits; `false` when there was none.
    mutating func skipDigits() throws(JSONParseError) -> Bool {
        let start = offset
        while let byte = current, isDigit(byte) { offset += 1 }
        return offset > start
    }

    mutating func expectWord(_ word: StaticString) throws(JSONParseError) {
        let start = offset
        let expected = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        for byte in expected {
            guard offset < bytes.count, bytes[offset] == byte else {
                throw error("expected a JSON value, found \(describe(at: start))", at: start)
            }
            offset += 1
        }
        // `nullx` or `true1` is one bad token, not a value followed by garbage.
        if let next = current, isLetterOrDigit(next) {
            throw error("expected a JSON value, found \(describe(at: start))", at: start)
        }
    }

    // MARK: - Bytes

    var current: UInt8? { offset < bytes.count ? bytes[offset] : nil }

    func peek(_ byte: UInt8) -> Bool { current == byte }

    mutating func skipWhitespace() {
        while let byte = current, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { offset += 1 }
    }

    func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }

    func isLetterOrDigit(_ byte: UInt8) -> Bool {
        isDigit(byte) || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
    }

    func hexDigit(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    func hex4(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    /// Rejects invalid UTF-8 up front, so strings can be decoded without checks later.
    func validateUTF8() throws(JSONParseError) {
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        var position = 0
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): position += UTF8.width(scalar)
            case .emptyInput: return
            case .error: throw error("invalid UTF-8", at: position)
            }
        }
    }

    func describeCurrent() -> String { describe(at: offset) }

    /// A short, printable description of the token at `position`.
    func describe(at position: Int) -> String {
        guard position < bytes.count else { return "the end of the input" }
        var end = position
        while end < bytes.count, end - position < 16, isLetterOrDigit(bytes[end]) || bytes[end] >= 0x80 { end += 1 }
        if end == position { end = position + 1 }
        let token = String(decoding: bytes[position..<end], as: UTF8.self)
        if token == "'" { return "\"'\"" }
        if token.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value != 0x7F }) { return "'\(token)'" }
        return "byte 0x\(String(bytes[position], radix: 16, uppercase: true))"
    }

    func error(_ message: String, at position: Int? = nil) -> JSONParseError {
        let target = min(position ?? offset, bytes.count)
        var line = 1
        var lineStart = 0
        var index = 0
        while index < target {
            let byte = bytes[index]
            if byte == 0x0A || (byte == 0x0D && (index + 1 >= bytes.count || bytes[index + 1] != 0x0A)) {
                line += 1
                lineStart = index + 1
            }
            index += 1
        }
        return JSONParseError(message: message, line: line, column: target - lineStart + 1)
    }
}
