/// Reads XML property lists (the `<plist version="1.0">` format Xcode writes).
///
/// A byte-level reader with no Foundation dependency: `XMLParser` and `PropertyListSerialization`
/// are missing from FoundationEssentials and lose the source positions that `xcconfig expand`
/// needs to rewrite a file in place. Nesting is handled with an explicit stack, and refused past
/// `propertyListMaximumDepth`, so hostile input cannot exhaust the call stack.
package enum XMLPropertyList {
    /// Parses a complete XML property list.
    ///
    /// Accepts the prolog (`<?xml …?>`, `<!DOCTYPE …>`, comments), CDATA sections, the five
    /// predefined entities and numeric character references, and every plist element
    /// (`dict`, `key`, `string`, `array`, `integer`, `real`, `true`, `false`, `date`, `data`),
    /// self-closing forms included. A document whose root element is a value rather than
    /// `<plist>` is accepted too.
    ///
    /// - Parameter bytes: the file's bytes, UTF-8 (an optional byte-order mark is skipped).
    /// - Returns: the root value, dictionaries in written order.
    /// - Throws: `PropertyListError` with the line and column of the first problem.
    package static func parse(_ bytes: [UInt8]) throws(PropertyListError) -> PropertyListValue {
        var parser = XMLPropertyListParser(bytes: bytes, recordSites: false)
        return try parser.parseDocument()
    }

    /// Parses a document and remembers where each `<key>` and `<string>` element is, so it can
    /// be rewritten without touching any other byte.
    static func parseDocument(_ bytes: [UInt8]) throws(PropertyListError) -> XMLPropertyListDocument {
        var parser = XMLPropertyListParser(bytes: bytes, recordSites: true)
        let root = try parser.parseDocument()
        return XMLPropertyListDocument(bytes: bytes, root: root, sites: parser.sites)
    }
}

/// An XML property list together with the positions of its text elements.
struct XMLPropertyListDocument {
    /// The source, unchanged.
    var bytes: [UInt8]
    /// The parsed value.
    var root: PropertyListValue
    /// Every `<key>` and `<string>` element in document order, which is also the order of a
    /// pre-order walk of `root` (a dictionary's key before its value).
    var sites: [XMLTextSite]
}

/// Where one `<key>` or `<string>` element lies in the source.
struct XMLTextSite: Hashable {
    /// `true` for `<key>`, `false` for `<string>`.
    var isKey: Bool
    /// From the `<` of the start tag to just past the `>` of the end tag (or of `<string/>`).
    var element: Range<Int>
    /// The bytes between the tags; `nil` for a self-closing element.
    var content: Range<Int>?
    /// For a key: just past the end of its value's element, so the whole entry can be removed.
    var entryEnd: Int
}

/// The parser behind `XMLPropertyList`. One pass over the bytes, no recursion.
struct XMLPropertyListParser {
    let bytes: [UInt8]
    let recordSites: Bool
    var pos = 0
    var sites: [XMLTextSite] = []

    init(bytes: [UInt8], recordSites: Bool) {
        self.bytes = bytes
        self.recordSites = recordSites
    }

    /// A start or end tag.
    struct Tag {
        var name: String
        var start: Int
        var isEnd: Bool
        var selfClosing: Bool
        /// The bytes between the name and the closing `>` or `/>`: the attributes, which the
        /// property-list reader ignores and `XMLElementReader` decodes.
        var attributes: Range<Int> = 0..<0
    }

    /// An open `<array>` or `<dict>`.
    enum Container {
        case array(start: Int, items: [PropertyListValue])
        case dict(start: Int, entries: [PropertyListEntry], pendingKey: String?, pendingKeySite: Int?, keyStart: Int)

        var name: String {
            switch self {
            case .array: "array"
            case .dict: "dict"
            }
        }

        var start: Int {
            switch self {
            case .array(let start, _): start
            case .dict(let start, _, _, _, _): start
            }
        }
    }

    func error(_ message: String, at offset: Int) -> PropertyListError {
        PropertyListError(message: message, location: propertyListLocation(of: offset, in: bytes), offset: offset)
    }

    // MARK: Document

    mutating func parseDocument() throws(PropertyListError) -> PropertyListValue {
        if bytes.count >= 2, (bytes[0] == 0xFE && bytes[1] == 0xFF) || (bytes[0] == 0xFF && bytes[1] == 0xFE) {
            throw error("UTF-16 property lists are not supported; convert the file to UTF-8", at: 0)
        }
        if bytes.starts(with: [0x62, 0x70, 0x6C, 0x69, 0x73, 0x74]) {  // "bplist"
            throw error("this is a binary property list, not XML", at: 0)
        }
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { pos = 3 }

        // Prolog: XML declaration, comments, processing instructions, DOCTYPE.
        var rootTag: Tag?
        while rootTag == nil {
            skipWhitespace()
            guard pos < bytes.count else {
                throw error("no property list found: the document has no root element", at: pos)
            }
            if hasPrefix("<?") {
                try skipProcessingInstruction()
            } else if hasPrefix("<!--") {
                try skipComment()
            } else if hasPrefix("<!DOCTYPE") {
                try skipDoctype()
            } else if bytes[pos] == UInt8(ascii: "<") {
                let tag = try readTag()
                if tag.isEnd {
                    throw error("unexpected end tag </\(tag.name)> before any element", at: tag.start)
                }
                rootTag = tag
            } else {
                throw error("unexpected text before the root element", at: pos)
            }
        }

        var root: PropertyListValue
        if let tag = rootTag, tag.name == "plist" {
            if tag.selfClosing {
                throw error("<plist/> holds no value", at: tag.start)
            }
            let first = try nextTag(inside: "plist", openedAt: tag.start)
            if first.isEnd {
                throw error("<plist> holds no value", at: tag.start)
            }
            root = try parseValue(startingWith: first)
            let close = try nextTag(inside: "plist", openedAt: tag.start)
            if !close.isEnd {
                throw error("<plist> holds more than one value; found a second <\(close.name)>", at: close.start)
            }
            if close.name != "plist" {
                throw error("expected </plist>, found </\(close.name)>", at: close.start)
            }
        } else {
            root = try parseValue(startingWith: rootTag!)
        }

        // Epilog: only whitespace, comments and processing instructions may follow.
        while true {
            skipWhitespace()
            guard pos < bytes.count else { break }
            if hasPrefix("<?") {
                try skipProcessingInstruction()
            } else if hasPrefix("<!--") {
                try skipComment()
            } else {
                throw error("unexpected content after the end of the property list", at: pos)
            }
        }
        return root
    }

    // MARK: Values

    /// Parses the value whose start tag was just read, with all its children, iteratively.
    mutating func parseValue(startingWith firstTag: Tag) throws(PropertyListError) -> PropertyListValue {
        var stack: [Container] = []
        var tag = firstTag
        while true {
            // `tag` is a start tag; turn it into a finished value or an open container.
            var finished: PropertyListValue?
            let elementStart = tag.start
            switch tag.name {
            case "dict", "array":
                if tag.selfClosing {
                    finished = tag.name == "dict" ? .dictionary([]) : .array([])
                } else {
                    if stack.count >= propertyListMaximumDepth {
                        throw error("property list nested deeper than \(propertyListMaximumDepth) levels", at: tag.start)
                    }
                    stack.append(tag.name == "dict"
                        ? .dict(start: tag.start, entries: [], pendingKey: nil, pendingKeySite: nil, keyStart: 0)
                        : .array(start: tag.start, items: []))
                }
            case "key":
                guard case .dict(let start, let entries, let pendingKey, let pendingSite, let keyStart)? = stack.last else {
                    throw error("<key> outside a <dict>", at: tag.start)
                }
                if pendingKey != nil {
                    throw error("<key> follows another <key> without a value", at: tag.start)
                }
                _ = pendingSite
                _ = keyStart
                let (text, siteIndex) = try readTextElement(tag, isKey: true)
                stack[stack.count - 1] = .dict(start: start, entries: entries, pendingKey: text, pendingKeySite: siteIndex, keyStart: tag.start)
            case "string":
                finished = .string(try readTextElement(tag, isKey: false).text)
            case "integer":
                let text = try readScalarText(tag)
                guard Self.isInteger(text) else {
                    throw error("'\(text)' is not an integer", at: tag.start)
                }
                finished = .integer(text)
            case "real":
                let text = try readScalarText(tag)
                guard !text.isEmpty else { throw error("<real> is empty", at: tag.start) }
                finished = .real(text)
            case "date":
                let text = try readScalarText(tag)
                guard !text.isEmpty else { throw error("<date> is empty", at: tag.start) }
                finished = .date(text)
            case "data":
                let text = try readScalarText(tag)
                guard let data = Base64.decode(text) else {
                    throw error("<data> is not valid base64", at: tag.start)
                }
                finished = .data(data)
            case "true", "false":
                if !tag.selfClosing {
                    let close = try nextTag(inside: tag.name, openedAt: tag.start)
                    guard close.isEnd, close.name == tag.name else {
                        throw error("<\(tag.name)> must be empty", at: close.start)
                    }
                }
                finished = .boolean(tag.name == "true")
            case "plist":
                throw error("<plist> inside a property list", at: tag.start)
            default:
                throw error("unknown element <\(tag.name)>", at: tag.start)
            }

            // Hand finished values to their container; closing tags finish containers.
            var valueStart = elementStart
            while true {
                if let value = finished {
                    guard var top = stack.popLast() else { return value }
                    switch top {
                    case .array(let start, var items):
                        top = .array(start: start, items: [])
                        items.append(value)
                        top = .array(start: start, items: items)
                    case .dict(let start, var entries, let pendingKey, let pendingSite, _):
                        guard let key = pendingKey else {
                            throw error("value in a <dict> without a <key> before it", at: valueStart)
                        }
                        top = .dict(start: start, entries: [], pendingKey: nil, pendingKeySite: nil, keyStart: 0)
                        entries.append(PropertyListEntry(key: key, value: value))
                        if let site = pendingSite { sites[site].entryEnd = pos }
                        top = .dict(start: start, entries: entries, pendingKey: nil, pendingKeySite: nil, keyStart: 0)
                    }
                    stack.append(top)
                    finished = nil
                }
                let container = stack[stack.count - 1]
                let next = try nextTag(inside: container.name, openedAt: container.start)
                if !next.isEnd {
                    tag = next
                    break
                }
                guard next.name == container.name else {
                    throw error("expected </\(container.name)>, found </\(next.name)>", at: next.start)
                }
                switch stack.removeLast() {
                case .array(_, let items):
                    finished = .array(items)
                case .dict(_, let entries, let pendingKey, _, let keyStart):
                    if let pendingKey {
                        throw error("<key>\(pendingKey)</key> has no value", at: keyStart)
                    }
                    finished = .dictionary(entries)
                }
                valueStart = container.start
            }
        }
    }

    static func isInteger(_ text: String) -> Bool {
        var scalars = Substring(text).unicodeScalars[...]
        if let first = scalars.first, first == "+" || first == "-" { scalars = scalars.dropFirst() }
        if scalars.starts(with: "0x".unicodeScalars) || scalars.starts(with: "0X".unicodeScalars) {
            scalars = scalars.dropFirst(2)
            return !scalars.isEmpty && scalars.allSatisfy { $0.properties.isASCIIHexDigit }
        }
        return !scalars.isEmpty && scalars.allSatisfy { ("0"..."9").contains($0) }
    }

    // MARK: Text

    /// Reads the content of `<key>` or `<string>` (entities, CDATA, comments) up to its end tag.
    mutating func readTextElement(_ tag: Tag, isKey: Bool) throws(PropertyListError) -> (text: String, site: Int?) {
        var text = ""
        var content: Range<Int>?
        if !tag.selfClosing {
            let contentStart = pos
            let (decoded, contentEnd) = try readCharacterData(until: tag)
            text = decoded
            content = contentStart..<contentEnd
        }
        guard recordSites else { return (text, nil) }
        sites.append(XMLTextSite(isKey: isKey, element: tag.start..<pos, content: content, entryEnd: pos))
        return (text, sites.count - 1)
    }

    /// Reads the content of a scalar element (`integer`, `real`, `date`, `data`), trimmed.
    mutating func readScalarText(_ tag: Tag) throws(PropertyListError) -> String {
        if tag.selfClosing { return "" }
        let (text, _) = try readCharacterData(until: tag)
        var scalars = Substring(text).unicodeScalars[...]
        while let first = scalars.first, Self.isXMLWhitespace(first) { scalars = scalars.dropFirst() }
        while let last = scalars.last, Self.isXMLWhitespace(last) { scalars = scalars.dropLast() }
        return String(String.UnicodeScalarView(scalars))
    }

    static func isXMLWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r"
    }

    /// Decodes character data up to the end tag matching `tag`; returns the text and the offset
    /// where the end tag starts. Line ends are kept as written, so untouched text round-trips.
    mutating func readCharacterData(until tag: Tag) throws(PropertyListError) -> (String, Int) {
        var buffer: [UInt8] = []
        while true {
            guard pos < bytes.count else {
                throw error("<\(tag.name)> is never closed", at: tag.start)
            }
            let byte = bytes[pos]
            if byte == UInt8(ascii: "<") {
                if hasPrefix("<!--") {
                    try skipComment()
                } else if hasPrefix("<![CDATA[") {
                    let start = pos
                    pos += 9
                    guard let end = find([0x5D, 0x5D, 0x3E]) else {  // "]]>"
                        throw error("CDATA section is never closed", at: start)
                    }
                    buffer.append(contentsOf: bytes[pos..<end])
                    pos = end + 3
                } else if hasPrefix("<?") {
                    try skipProcessingInstruction()
                } else {
                    let end = pos
                    let close = try readTag()
                    guard close.isEnd else {
                        throw error("unexpected element <\(close.name)> inside <\(tag.name)>", at: close.start)
                    }
                    guard close.name == tag.name else {
                        throw error("expected </\(tag.name)>, found </\(close.name)>", at: close.start)
                    }
                    return (try decodeUTF8(buffer, at: tag.start), end)
                }
            } else if byte == UInt8(ascii: "&") {
                let scalar = try readEntity()
                buffer.append(contentsOf: Array(String(Character(scalar)).utf8))
            } else {
                var end = pos + 1
                while end < bytes.count, bytes[end] != UInt8(ascii: "<"), bytes[end] != UInt8(ascii: "&") { end += 1 }
                buffer.append(contentsOf: bytes[pos..<end])
                pos = end
            }
        }
    }

    func decodeUTF8(_ buffer: [UInt8], at offset: Int) throws(PropertyListError) -> String {
        let text = String(decoding: buffer, as: UTF8.self)
        guard text.utf8.elementsEqual(buffer) else {
            throw error("text is not valid UTF-8", at: offset)
        }
        return text
    }

    /// Reads `&name;` or `&#…;` at `pos`.
    mutating func readEntity() throws(PropertyListError) -> Unicode.Scalar {
        let start = pos
        var end = pos + 1
        while end < bytes.count, end - start < 16, bytes[end] != UInt8(ascii: ";") { end += 1 }
        guard end < bytes.count, bytes[end] == UInt8(ascii: ";") else {
            throw error("'&' must start an entity such as &amp; (write '&amp;' for a literal '&')", at: start)
        }
        let name = String(decoding: bytes[(start + 1)..<end], as: UTF8.self)
        pos = end + 1
        switch name {
        case "amp": return "&"
        case "lt": return "<"
        case "gt": return ">"
        case "quot": return "\""
        case "apos": return "'"
        default:
            var value: UInt32?
            if name.hasPrefix("#x") || name.hasPrefix("#X") {
                value = UInt32(name.dropFirst(2), radix: 16)
            } else if name.hasPrefix("#") {
                value = UInt32(name.dropFirst(), radix: 10)
            } else {
                throw error("unknown entity &\(name);", at: start)
            }
            guard let value, value != 0, let scalar = Unicode.Scalar(value) else {
                throw error("&\(name); is not a valid character", at: start)
            }
            return scalar
        }
    }

    // MARK: Markup

    /// Returns the next tag inside element-only content, skipping whitespace, comments and
    /// processing instructions; any other text is an error.
    mutating func nextTag(inside element: String, openedAt start: Int) throws(PropertyListError) -> Tag {
        while true {
            skipWhitespace()
            guard pos < bytes.count else {
                throw error("<\(element)> is never closed", at: start)
            }
            if hasPrefix("<!--") {
                try skipComment()
            } else if hasPrefix("<?") {
                try skipProcessingInstruction()
            } else if bytes[pos] == UInt8(ascii: "<") {
                return try readTag()
            } else {
                throw error("unexpected text inside <\(element)>", at: pos)
            }
        }
    }

    /// Reads `<name attr="…">`, `<name/>` or `</name>` at `pos`.
    mutating func readTag() throws(PropertyListError) -> Tag {
        let start = pos
        pos += 1
        var isEnd = false
        if pos < bytes.count, bytes[pos] == UInt8(ascii: "/") {
            isEnd = true
            pos += 1
        }
        let nameStart = pos
        while pos < bytes.count, !Self.isNameTerminator(bytes[pos]) { pos += 1 }
        guard pos > nameStart else {
            throw error("'<' must start a tag (write '&lt;' for a literal '<')", at: start)
        }
        let name = String(decoding: bytes[nameStart..<pos], as: UTF8.self)
        let attributesStart = pos
        var attributesEnd = pos
        var selfClosing = false
        // Attributes are stepped over here, honouring quotes; `Tag.attributes` keeps their bytes.
        while true {
            guard pos < bytes.count else {
                throw error("tag <\(name)> is never closed with '>'", at: start)
            }
            let byte = bytes[pos]
            if byte == UInt8(ascii: ">") {
                attributesEnd = pos
                pos += 1
                break
            } else if byte == UInt8(ascii: "/"), pos + 1 < bytes.count, bytes[pos + 1] == UInt8(ascii: ">"), !isEnd {
                attributesEnd = pos
                selfClosing = true
                pos += 2
                break
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                let quoteStart = pos
                pos += 1
                while pos < bytes.count, bytes[pos] != byte { pos += 1 }
                guard pos < bytes.count else {
                    throw error("attribute value in <\(name)> is never closed", at: quoteStart)
                }
                pos += 1
            } else if byte == UInt8(ascii: "<") {
                throw error("tag <\(name)> is never closed with '>'", at: start)
            } else {
                if isEnd, !Self.isWhitespace(byte) {
                    throw error("unexpected text in end tag </\(name)>", at: pos)
                }
                pos += 1
            }
        }
        return Tag(name: name, start: start, isEnd: isEnd, selfClosing: selfClosing, attributes: attributesStart..<attributesEnd)
    }

    static func isNameTerminator(_ byte: UInt8) -> Bool {
        isWhitespace(byte) || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "/") || byte == UInt8(ascii: "<")
            || byte == UInt8(ascii: "=")
    }

    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    mutating func skipWhitespace() {
        while pos < bytes.count, Self.isWhitespace(bytes[pos]) { pos += 1 }
    }

    func hasPrefix(_ prefix: StaticString) -> Bool {
        let count = prefix.utf8CodeUnitCount
        guard pos + count <= bytes.count else { return false }
        return prefix.withUTF8Buffer { buffer in
            var i = 0
            while i < count {
                if bytes[pos + i] != buffer[i] { return false }
                i += 1
            }
            return true
        }
    }

    /// The offset of the next occurrence of `needle` at or after `pos`.
    func find(_ needle: [UInt8]) -> Int? {
        guard needle.count <= bytes.count else { return nil }
        var i = pos
        let last = bytes.count - needle.count
        while i <= last {
            if bytes[i] == needle[0] {
                var j = 1
                while j < needle.count, bytes[i + j] == needle[j] { j += 1 }
                if j == needle.count { return i }
            }
            i += 1
        }
        return nil
    }

    mutating func skipComment() throws(PropertyListError) {
        let start = pos
        pos += 4
        guard let end = find([0x2D, 0x2D, 0x3E]) else {  // "-->"
            throw error("comment is never closed with '-->'", at: start)
        }
        pos = end + 3
    }

    mutating func skipProcessingInstruction() throws(PropertyListError) {
        let start = pos
        pos += 2
        guard let end = find([0x3F, 0x3E]) else {  // "?>"
            throw error("processing instruction is never closed with '?>'", at: start)
        }
        pos = end + 2
    }

    /// Skips `<!DOCTYPE …>`, including a bracketed internal subset and quoted identifiers.
    mutating func skipDoctype() throws(PropertyListError) {
        let start = pos
        pos += 9
        var quote: UInt8?
        var bracketDepth = 0
        while pos < bytes.count {
            let byte = bytes[pos]
            pos += 1
            if let open = quote {
                if byte == open { quote = nil }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: "[") {
                bracketDepth += 1
            } else if byte == UInt8(ascii: "]") {
                bracketDepth -= 1
            } else if byte == UInt8(ascii: ">"), bracketDepth <= 0 {
                return
            }
        }
        throw error("<!DOCTYPE is never closed with '>'", at: start)
    }
}

/// Standard base64 (RFC 4648), as property lists store `<data>`.
enum Base64 {
    static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    /// Decodes, ignoring whitespace; `nil` on any other character outside the alphabet.
    static func decode(_ text: String) -> [UInt8]? {
        var output: [UInt8] = []
        var accumulator: UInt32 = 0
        var bits = 0
        var sawPadding = false
        for byte in text.utf8 {
            let value: UInt8
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): value = byte - UInt8(ascii: "A")
            case UInt8(ascii: "a")...UInt8(ascii: "z"): value = byte - UInt8(ascii: "a") + 26
            case UInt8(ascii: "0")...UInt8(ascii: "9"): value = byte - UInt8(ascii: "0") + 52
            case UInt8(ascii: "+"): value = 62
            case UInt8(ascii: "/"): value = 63
            case UInt8(ascii: "="):
                sawPadding = true
                continue
            case 0x20, 0x09, 0x0A, 0x0D: continue
            default: return nil
            }
            if sawPadding { return nil }
            accumulator = (accumulator << 6) | UInt32(value)
            bits += 6
            if bits >= 8 {
                bits -= 8
                output.append(UInt8((accumulator >> UInt32(bits)) & 0xFF))
            }
        }
        return output
    }

    /// Encodes with padding and no line breaks.
    static func encode(_ data: [UInt8]) -> String {
        var output: [UInt8] = []
        output.reserveCapacity((data.count + 2) / 3 * 4)
        var i = 0
        while i < data.count {
            let b0 = UInt32(data[i])
            let b1 = i + 1 < data.count ? UInt32(data[i + 1]) : 0
            let b2 = i + 2 < data.count ? UInt32(data[i + 2]) : 0
            let triple = (b0 << 16) | (b1 << 8) | b2
            output.append(alphabet[Int((triple >> 18) & 63)])
            output.append(alphabet[Int((triple >> 12) & 63)])
            output.append(i + 1 < data.count ? alphabet[Int((triple >> 6) & 63)] : UInt8(ascii: "="))
            output.append(i + 2 < data.count ? alphabet[Int(triple & 63)] : UInt8(ascii: "="))
            i += 3
        }
        return String(decoding: output, as: UTF8.self)
    }
}
