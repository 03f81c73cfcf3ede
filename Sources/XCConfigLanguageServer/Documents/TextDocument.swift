import XCConfig
import XCConfigLint

/// How the `character` of an LSP position counts (LSP 3.17 `PositionEncodingKind`): the server
/// takes UTF-8 when the client offers it, since every offset of the library is a byte offset;
/// otherwise the protocol's default, UTF-16 code units.
enum PositionEncoding: String, Sendable {
    case utf8 = "utf-8"
    case utf16 = "utf-16"
}

/// An LSP position: 0-based line, and 0-based character in the negotiated encoding.
struct Position: Hashable, Sendable {
    var line: Int
    var character: Int

    init(line: Int, character: Int) {
        self.line = line
        self.character = character
    }

    init(_ json: JSONValue?) throws(ResponseError) {
        guard let json, json.objectMembers != nil else { throw .invalidParams("a position must be an object") }
        line = try json.requiredUnsigned("line")
        character = try json.requiredUnsigned("character")
    }

    var json: JSONValue { .object(["line": .integer(line), "character": .integer(character)]) }
}

/// The text of a file as lines the way LSP counts them (`\n`, `\r\n` and `\r` end a line;
/// unlike Xcode, not U+2028), converting between byte offsets and positions.
struct LineTable: Sendable {
    /// The byte offset where each line starts; the first is 0.
    let starts: [Int]
    let bytes: [UInt8]

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        starts = LineIndex(bytes).lineStarts
    }

    /// Where line `line`'s text ends, before its terminator.
    func contentEnd(ofLine line: Int) -> Int {
        var end = line + 1 < starts.count ? starts[line + 1] : bytes.count
        if end > starts[line], bytes[end - 1] == 0x0A { end -= 1 }
        if end > starts[line], bytes[end - 1] == 0x0D { end -= 1 }
        return end
    }

    /// The byte offset of `position`. A line past the last means the end of the text, a
    /// character past the end of its line means the line's end (LSP 3.17 "Position"), and a
    /// character inside a multi-byte sequence means the sequence's start.
    func offset(of position: Position, encoding: PositionEncoding) -> Int {
        guard position.line < starts.count else { return bytes.count }
        let start = starts[position.line]
        let end = contentEnd(ofLine: position.line)
        var offset = start
        var units = 0
        while offset < end {
            let (length, width) = Self.scalar(at: offset, in: bytes, limit: end, encoding: encoding)
            if units + width > position.character { break }
            units += width
            offset += length
        }
        return offset
    }

    /// The position of byte `offset` (clamped to the text).
    func position(ofOffset offset: Int, encoding: PositionEncoding) -> Position {
        let offset = min(max(0, offset), bytes.count)
        var low = 0, high = starts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if starts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        let end = min(offset, contentEnd(ofLine: low))
        var index = starts[low]
        var units = 0
        while index < end {
            let (length, width) = Self.scalar(at: index, in: bytes, limit: end, encoding: encoding)
            units += width
            index += length
        }
        return Position(line: low, character: units)
    }

    /// The byte length of the UTF-8 sequence at `offset` and its width in `encoding`. A byte
    /// that does not start a valid sequence counts as one character (it reads as U+FFFD).
    static func scalar(at offset: Int, in bytes: [UInt8], limit: Int, encoding: PositionEncoding) -> (length: Int, width: Int) {
        let lead = bytes[offset]
        let length: Int
        switch lead {
        case 0..<0x80: return (1, 1)
        case 0xC2..<0xE0: length = 2
        case 0xE0..<0xF0: length = 3
        case 0xF0..<0xF5: length = 4
        default: return (1, 1)
        }
        guard offset + length <= limit else { return (1, 1) }
        for index in 1..<length where bytes[offset + index] & 0xC0 != 0x80 { return (1, 1) }
        switch encoding {
        case .utf8: return (length, length)
        case .utf16: return (length, length == 4 ? 2 : 1)
        }
    }
}

/// A document the client has open: its text overrides the file on disk for every read.
struct TextDocument: Sendable {
    let uri: String
    /// The absolute path the URI names.
    let path: String
    var version: Int
    private(set) var lines: LineTable
    var bytes: [UInt8] { lines.bytes }

    init(uri: String, path: String, version: Int, bytes: [UInt8]) {
        self.uri = uri
        self.path = path
        self.version = version
        self.lines = LineTable(bytes)
    }

    /// Applies one `TextDocumentContentChangeEvent`: the whole text, or a range replaced.
    mutating func apply(_ change: JSONValue, encoding: PositionEncoding) throws(ResponseError) {
        guard let text = change["text"]?.stringValue else { throw .invalidParams("a content change needs 'text'") }
        guard let range = change["range"] else {
            lines = LineTable(Array(text.utf8))
            return
        }
        let start = lines.offset(of: try Position(range["start"]), encoding: encoding)
        let end = max(start, lines.offset(of: try Position(range["end"]), encoding: encoding))
        var bytes = lines.bytes
        bytes.replaceSubrange(start..<end, with: Array(text.utf8))
        lines = LineTable(bytes)
    }
}

/// `file://` URIs and the paths they name (RFC 8089; percent-encoding per RFC 3986).
enum DocumentURI {
    /// The absolute path of a `file` URI; `nil` for another scheme.
    static func path(of uri: String) -> String? {
        let utf8 = Array(uri.utf8)
        let scheme = Array("file://".utf8)
        guard utf8.count > scheme.count, utf8.prefix(scheme.count).map({ $0 | 0x20 }) == scheme.map({ $0 | 0x20 }) else { return nil }
        var rest = Array(utf8[scheme.count...])
        // `file://host/path`: only the local host is meaningful here.
        if rest.first != UInt8(ascii: "/") {
            guard let slash = rest.firstIndex(of: UInt8(ascii: "/")) else { return nil }
            rest.removeSubrange(0..<slash)
        }
        var decoded: [UInt8] = []
        var index = 0
        while index < rest.count {
            if rest[index] == UInt8(ascii: "%"), index + 2 < rest.count,
               let high = hexValue(rest[index + 1]), let low = hexValue(rest[index + 2]) {
                decoded.append(high << 4 | low)
                index += 3
            } else {
                decoded.append(rest[index])
                index += 1
            }
        }
        if let query = decoded.firstIndex(where: { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") }) {
            decoded.removeSubrange(query...)
        }
        return Path.normalize(String(decoding: decoded, as: UTF8.self))
    }

    /// The `file` URI of an absolute path, every byte outside RFC 3986's unreserved set and
    /// `/` percent-encoded.
    static func uri(of path: String) -> String {
        var result = "file://"
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
                result.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let digits = Array("0123456789ABCDEF".utf8)
                result += "%" + String(decoding: [digits[Int(byte >> 4)], digits[Int(byte & 0xF)]], as: UTF8.self)
            }
        }
        return result
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
