/// A JSON value: what the tool prints with `--format json` and what it reads from configuration
/// files such as `.xcconfig-lint.json`.
///
/// Objects keep their members in the order given, so output is deterministic without sorting;
/// ``serialized(pretty:sortedKeys:)`` can sort keys in byte order where the contract asks for it.
/// Dictionary literals keep their written order:
///
/// ```swift
/// let value: JSONValue = ["file": "App.xcconfig", "line": 3, "optional": false]
/// value.serialized(pretty: false)  // {"file":"App.xcconfig","line":3,"optional":false}
/// ```
package indirect enum JSONValue: Hashable, Sendable {
    case null
    case bool(Bool)
    /// An integer, printed without a fraction.
    case integer(Int)
    /// Any other number; NaN and infinities, which JSON cannot express, print as `null`.
    case double(Double)
    case string(String)
    case array([JSONValue])
    /// Members in order; a key may repeat only if the producer wants it to (the parser refuses it).
    case object([Member])

    /// One key and value of an object.
    package struct Member: Hashable, Sendable {
        package var key: String
        package var value: JSONValue

        package init(_ key: String, _ value: JSONValue) {
            self.key = key
            self.value = value
        }
    }

    /// An object from key–value pairs, in the order given.
    package static func object(_ pairs: KeyValuePairs<String, JSONValue>) -> JSONValue {
        .object(pairs.map { Member($0.key, $0.value) })
    }

    // MARK: - Access

    /// The value of the first member named `key`, when this is an object that has one.
    package subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// The string, when this is a string.
    package var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The boolean, when this is a boolean.
    package var boolValue: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    /// The integer, when this is an integer.
    package var intValue: Int? {
        if case .integer(let value) = self { return value }
        return nil
    }

    /// The elements, when this is an array.
    package var arrayValue: [JSONValue]? {
        if case .array(let value) = self { return value }
        return nil
    }

    /// The members, when this is an object.
    package var objectMembers: [Member]? {
        if case .object(let value) = self { return value }
        return nil
    }

    /// The name of the value's JSON type, for error messages ("expected an array, found a string").
    package var typeDescription: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .integer, .double: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }

    // MARK: - Writing

    /// The value as JSON text without a trailing newline.
    ///
    /// - Parameters:
    ///   - pretty: one member or element per line, indented by two spaces, `"key": value`;
    ///     otherwise no whitespace at all.
    ///   - sortedKeys: object keys in byte order (UTF-8), at every depth; otherwise as given.
    package func serialized(pretty: Bool = true, sortedKeys: Bool = false) -> String {
        var output: [UInt8] = []
        write(to: &output, pretty: pretty, sortedKeys: sortedKeys, indent: 0)
        return String(decoding: output, as: UTF8.self)
    }

    private func write(to output: inout [UInt8], pretty: Bool, sortedKeys: Bool, indent: Int) {
        switch self {
        case .null:
            output.append(contentsOf: "null".utf8)
        case .bool(let value):
            output.append(contentsOf: (value ? "true" : "false").utf8)
        case .integer(let value):
            output.append(contentsOf: String(value).utf8)
        case .double(let value):
            if !value.isFinite {
                output.append(contentsOf: "null".utf8)
            } else if value == value.rounded(), abs(value) < 1e15 {
                // 3.0 prints as 3, as every JSON writer does for integral doubles.
                output.append(contentsOf: String(Int(value)).utf8)
            } else {
                output.append(contentsOf: "\(value)".utf8)
            }
        case .string(let value):
            JSONValue.writeString(value, to: &output)
        case .array(let elements):
            writeContainer(
                open: UInt8(ascii: "["), close: UInt8(ascii: "]"), count: elements.count,
                to: &output, pretty: pretty, indent: indent
            ) { index, output in
                elements[index].write(to: &output, pretty: pretty, sortedKeys: sortedKeys, indent: indent + 1)
            }
        case .object(var members):
            if sortedKeys {
                members.sort { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
            }
            writeContainer(
                open: UInt8(ascii: "{"), close: UInt8(ascii: "}"), count: members.count,
                to: &output, pretty: pretty, indent: indent
            ) { index, output in
                JSONValue.writeString(members[index].key, to: &output)
                output.append(UInt8(ascii: ":"))
                if pretty { output.append(UInt8(ascii: " ")) }
                members[index].value.write(to: &output, pretty: pretty, sortedKeys: sortedKeys, indent: indent + 1)
            }
        }
    }

    private func writeContainer(
        open: UInt8, close: UInt8, count: Int, to output: inout [UInt8], pretty: Bool, indent: Int,
        element: (Int, inout [UInt8]) -> Void
    ) {
        output.append(open)
        guard count > 0 else {
            output.append(close)
            return
        }
        for index in 0..<count {
            if index > 0 { output.append(UInt8(ascii: ",")) }
            if pretty {
                output.append(UInt8(ascii: "\n"))
                output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 * (indent + 1)))
            }
            element(index, &output)
        }
        if pretty {
            output.append(UInt8(ascii: "\n"))
            output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 * indent))
        }
        output.append(close)
    }

    /// Writes `string` quoted: `"` and `\` escaped, control characters as `\n`-style or
    /// `\u00XX` escapes, U+2028 and U+2029 escaped (JavaScript treats them as line breaks),
    /// every other character as UTF-8.
    ///
    /// Works on the UTF-8 bytes, because values can be megabytes long.
    static func writeString(_ string: String, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        var string = string
        string.withUTF8 { bytes in
            // Copy runs of bytes that need no escape in one go.
            var runStart = 0
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                if byte >= 0x20, byte != UInt8(ascii: "\""), byte != UInt8(ascii: "\\"), byte != 0xE2 {
                    index += 1
                    continue
                }
                var escaped: String?
                var width = 1
                switch byte {
                case UInt8(ascii: "\""): escaped = #"\""#
                case UInt8(ascii: "\\"): escaped = #"\\"#
                case 0x0A: escaped = #"\n"#
                case 0x0D: escaped = #"\r"#
                case 0x09: escaped = #"\t"#
                case 0x08: escaped = #"\b"#
                case 0x0C: escaped = #"\f"#
                case 0x00..<0x20:
                    let hex = String(byte, radix: 16)
                    escaped = #"\u00"# + (hex.count == 1 ? "0" : "") + hex
                default:
                    // 0xE2: U+2028 LINE SEPARATOR (E2 80 A8) and U+2029 PARAGRAPH SEPARATOR (E2 80 A9).
                    if index + 2 < bytes.count, bytes[index + 1] == 0x80, bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9 {
                        escaped = bytes[index + 2] == 0xA8 ? #"\u2028"# : #"\u2029"#
                        width = 3
                    }
                }
                guard let escaped else {
                    index += 1
                    continue
                }
                output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                output.append(contentsOf: escaped.utf8)
                index += width
                runStart = index
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<bytes.count]))
        }
        output.append(UInt8(ascii: "\""))
    }
}

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral,
    ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral, ExpressibleByNilLiteral, ExpressibleByFloatLiteral
{
    package init(stringLiteral value: String) { self = .string(value) }
    package init(integerLiteral value: Int) { self = .integer(value) }
    package init(floatLiteral value: Double) { self = .double(value) }
    package init(booleanLiteral value: Bool) { self = .bool(value) }
    package init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    package init(nilLiteral: ()) { self = .null }
    /// Keeps the literal's order, unlike a `Dictionary`.
    package init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(elements.map { Member($0.0, $0.1) })
    }
}
