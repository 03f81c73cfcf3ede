/// Reads an OpenStep ("old-style") ASCII property list, the text of a `project.pbxproj`, with the
/// grammar of CoreFoundation's `CFOldStylePList.c` (project-formats.md §A.2).
///
/// Works on bytes in one pass. Containers are kept on an explicit stack, not the call stack, and
/// nesting deeper than ``maximumDepth`` is an error, so a hostile file cannot overflow the stack
/// (neither here nor when the resulting tree is later destroyed, which Swift does recursively).
package enum OldStylePropertyList {
    /// The deepest nesting of dictionaries and arrays accepted. Real projects nest 4–5 levels.
    package static let maximumDepth = 512

    /// Parses `bytes` (UTF-8, an optional BOM is skipped) into one value.
    ///
    /// - Throws: ``ProjectFileError`` with the line and column of the first problem.
    package static func parse(_ bytes: [UInt8]) throws(ProjectFileError) -> ProjectFileValue {
        var parser = OldStyleParser(bytes: bytes)
        return try parser.parseDocument()
    }

    /// Parses `bytes` like ``parse(_:)`` and also returns where every value is written, so an
    /// editor can change one value's bytes and leave every other byte as it is.
    package static func parseWithSpans(_ bytes: [UInt8]) throws(ProjectFileError) -> (ProjectFileValue, ProjectFileSpans) {
        var parser = OldStyleParser(bytes: bytes)
        parser.spans = ProjectFileSpans()
        let value = try parser.parseDocument()
        return (value, parser.spans!)
    }
}

/// Unicode scalars of the NeXTSTEP encoding's upper half (0x80–0xFF), used for `\ooo` escapes
/// above 127 (project-formats.md §A.2; table from the Unicode consortium's NEXTSTEP.TXT mapping).
private let nextStepUpperHalf: [UInt16] = [
    0x00A0, 0x00C0, 0x00C1, 0x00C2, 0x00C3, 0x00C4, 0x00C5, 0x00C7, 0x00C8, 0x00C9, 0x00CA, 0x00CB,
    0x00CC, 0x00CD, 0x00CE, 0x00CF, 0x00D0, 0x00D1, 0x00D2, 0x00D3, 0x00D4, 0x00D5, 0x00D6, 0x00D9,
    0x00DA, 0x00DB, 0x00DC, 0x00DD, 0x00DE, 0x00B5, 0x00D7, 0x00F7, 0x00A9, 0x00A1, 0x00A2, 0x00A3,
    0x2044, 0x00A5, 0x0192, 0x00A7, 0x00A4, 0x2019, 0x201C, 0x00AB, 0x2039, 0x203A, 0xFB01, 0xFB02,
    0x00AE, 0x2013, 0x2020, 0x2021, 0x00B7, 0x00A6, 0x00B6, 0x2022, 0x201A, 0x201E, 0x201D, 0x00BB,
    0x2026, 0x2030, 0x00AC, 0x00BF, 0x00B9, 0x02CB, 0x00B4, 0x02C6, 0x02DC, 0x00AF, 0x02D8, 0x02D9,
    0x00A8, 0x00B2, 0x02DA, 0x00B8, 0x00B3, 0x02DD, 0x02DB, 0x02C7, 0x2014, 0x00B1, 0x00BC, 0x00BD,
    0x00BE, 0x00E0, 0x00E1, 0x00E2, 0x00E3, 0x00E4, 0x00E5, 0x00E7, 0x00E8, 0x00E9, 0x00EA, 0x00EB,
    0x00EC, 0x00C6, 0x00ED, 0x00AA, 0x00EE, 0x00EF, 0x00F0, 0x00F1, 0x0141, 0x00D8, 0x0152, 0x00BA,
    0x00F2, 0x00F3, 0x00F4, 0x00F5, 0x00F6, 0x00E6, 0x00F9, 0x00FA, 0x00FB, 0x0131, 0x00FC, 0x00FD,
    0x0142, 0x00F8, 0x0153, 0x00DF, 0x00FE, 0x00FF, 0xFFFD, 0xFFFD,
]

/// Byte-class table for unquoted strings: `[A-Za-z0-9_$/:.-]` (project-formats.md §A.2).
private let unquotedCharacter: [Bool] = {
    var table = [Bool](repeating: false, count: 256)
    for byte in UInt8(ascii: "a")...UInt8(ascii: "z") { table[Int(byte)] = true }
    for byte in UInt8(ascii: "A")...UInt8(ascii: "Z") { table[Int(byte)] = true }
    for byte in UInt8(ascii: "0")...UInt8(ascii: "9") { table[Int(byte)] = true }
    for character in "_$/:.-".utf8 { table[Int(character)] = true }
    return table
}()

/// Appends the UTF-8 encoding of `scalar` to `buffer`.
func appendUTF8(_ scalar: UInt32, to buffer: inout [UInt8]) {
    let scalar = Unicode.Scalar(scalar) ?? "\u{FFFD}"
    buffer.append(contentsOf: UTF8.encode(scalar)!)
}

/// The value of an ASCII hex digit, or `nil`.
func hexDigitValue(_ byte: UInt8) -> UInt32? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
    case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
    case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
    default: nil
    }
}

/// A dictionary or array being read, kept on the parser's explicit stack.
private struct OpenContainer {
    var isDictionary: Bool
    var elements: [ProjectFileValue] = []
    var dictionary = ProjectFileDictionary()
    var pendingKey = ""
    var pendingKeyLine = 0
    var openLine: Int
    var openColumn: Int
    /// Where the `{` or `(` is, and (when spans are recorded) the key path of this container and
    /// where the pending key starts.
    var openPosition = 0
    var path: [String] = []
    var pendingKeyStart = 0
}

private struct OldStyleParser {
    let bytes: [UInt8]
    var position = 0
    var line = 1
    var lineStart = 0
    /// Where each value is written; `nil` (the reader's case) records nothing.
    var spans: ProjectFileSpans?

    init(bytes: [UInt8]) {
        self.bytes = bytes
        // A leading UTF-8 BOM is tolerated (project-formats.md §A.1).
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            position = 3
            lineStart = 3
        }
    }

    var column: Int { position - lineStart + 1 }

    func error(_ message: String) -> ProjectFileError {
        ProjectFileError(line: line, column: column, message: message)
    }

    func error(_ message: String, line: Int, column: Int) -> ProjectFileError {
        ProjectFileError(line: line, column: column, message: message)
    }

    /// Describes the byte at the current position for messages.
    func describeCurrent() -> String {
        guard position < bytes.count else { return "end of file" }
        let byte = bytes[position]
        if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        return "byte 0x" + String(byte, radix: 16, uppercase: true)
    }

    /// The length of the line break at `offset` (LF, CR, CRLF, U+2028, U+2029), or 0. Lines are
    /// counted as everywhere else in the tool (semantics §1.2).
    func newlineLength(at offset: Int) -> Int {
        switch bytes[offset] {
        case UInt8(ascii: "\n"): return 1
        case UInt8(ascii: "\r"):
            return offset + 1 < bytes.count && bytes[offset + 1] == UInt8(ascii: "\n") ? 2 : 1
        case 0xE2:
            return offset + 2 < bytes.count && bytes[offset + 1] == 0x80
                && (bytes[offset + 2] == 0xA8 || bytes[offset + 2] == 0xA9) ? 3 : 0
        default: return 0
        }
    }

    /// Consumes the line break at `position` and counts the line.
    mutating func consumeNewline() {
        position += max(newlineLength(at: position), 1)
        line += 1
        lineStart = position
    }

    /// Skips whitespace (U+0009–U+000D, space, U+2028, U+2029) and `//` / `/* */` comments.
    mutating func skip() throws(ProjectFileError) {
        while position < bytes.count {
            let byte = bytes[position]
            switch byte {
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                consumeNewline()
            case 0x09, 0x0B, 0x0C, 0x20:
                position += 1
            case 0xE2 where newlineLength(at: position) == 3:
                consumeNewline()
            case UInt8(ascii: "/") where position + 1 < bytes.count && bytes[position + 1] == UInt8(ascii: "/"):
                // A line comment ends at LF, CR, U+2028 or U+2029; the break itself is whitespace.
                position += 2
                while position < bytes.count {
                    if newlineLength(at: position) > 0 { break }
                    position += 1
                }
            case UInt8(ascii: "/") where position + 1 < bytes.count && bytes[position + 1] == UInt8(ascii: "*"):
                let (openLine, openColumn) = (line, column)
                position += 2
                var closed = false
                while position < bytes.count {
                    let byte = bytes[position]
                    if byte == UInt8(ascii: "*"), position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: "/") {
                        position += 2
                        closed = true
                        break
                    }
                    if newlineLength(at: position) > 0 { consumeNewline() } else { position += 1 }
                }
                if !closed { throw error("unterminated comment '/*'", line: openLine, column: openColumn) }
            default:
                return
            }
        }
    }

    mutating func parseDocument() throws(ProjectFileError) -> ProjectFileValue {
        var stack: [OpenContainer] = []
        var result: ProjectFileValue
        parsing: while true {
            // A value is expected here.
            try skip()
            guard position < bytes.count else {
                if let open = stack.last {
                    throw error("unexpected end of file in \(open.isDictionary ? "dictionary" : "array") opened at line \(open.openLine)")
                }
                throw error("expected a value, found end of file")
            }
            var value: ProjectFileValue
            var valueStart = position
            let byte = bytes[position]
            switch byte {
            case UInt8(ascii: "{"), UInt8(ascii: "("):
                guard stack.count < OldStylePropertyList.maximumDepth else {
                    throw error("nesting deeper than \(OldStylePropertyList.maximumDepth) levels")
                }
                let isDictionary = byte == UInt8(ascii: "{")
                var container = OpenContainer(isDictionary: isDictionary, openLine: line, openColumn: column)
                if spans != nil {
                    container.openPosition = position
                    container.path = stack.last.map { $0.path + [Self.childComponent(of: $0)] } ?? []
                }
                stack.append(container)
                position += 1
                if isDictionary {
                    if try readNextKey(into: &stack[stack.count - 1]) { continue parsing }
                } else {
                    try skip()
                    if position < bytes.count && bytes[position] != UInt8(ascii: ")") { continue parsing }
                    try expectClose(UInt8(ascii: ")"), of: stack[stack.count - 1])
                }
                valueStart = stack[stack.count - 1].openPosition
                value = Self.close(stack.removeLast())
            case UInt8(ascii: "\""), UInt8(ascii: "'"):
                value = .string(try readQuotedString())
            case UInt8(ascii: "<"):
                value = .data(try readData())
            default:
                guard unquotedCharacter[Int(byte)] else {
                    throw error("unexpected \(describeCurrent()), expected a value")
                }
                value = .string(readUnquotedString())
            }

            // Hand the finished value to the enclosing containers, closing those that end here.
            while true {
                let valueEnd = position
                guard !stack.isEmpty else {
                    spans?.record([], ProjectFileSpan(entryStart: valueStart, valueStart: valueStart, valueEnd: valueEnd, entryEnd: valueEnd))
                    result = value
                    break parsing
                }
                let top = stack.count - 1
                let component = spans == nil ? "" : Self.childComponent(of: stack[top])
                if stack[top].isDictionary {
                    stack[top].dictionary.set(stack[top].pendingKey, value, line: stack[top].pendingKeyLine)
                    try skip()
                    guard position < bytes.count, bytes[position] == UInt8(ascii: ";") else {
                        if position >= bytes.count {
                            throw error("unexpected end of file in dictionary opened at line \(stack[top].openLine)")
                        }
                        throw error("expected ';' after the value of '\(stack[top].pendingKey)', found \(describeCurrent())")
                    }
                    position += 1
                    spans?.record(stack[top].path + [component], ProjectFileSpan(
                        entryStart: stack[top].pendingKeyStart, valueStart: valueStart, valueEnd: valueEnd, entryEnd: position))
                    if try readNextKey(into: &stack[top]) { continue parsing }
                } else {
                    stack[top].elements.append(value)
                    try skip()
                    guard position < bytes.count else {
                        throw error("unexpected end of file in array opened at line \(stack[top].openLine)")
                    }
                    let hasComma = bytes[position] == UInt8(ascii: ",")
                    spans?.record(stack[top].path + [component], ProjectFileSpan(
                        entryStart: valueStart, valueStart: valueStart, valueEnd: valueEnd, entryEnd: hasComma ? position + 1 : valueEnd))
                    if hasComma {
                        position += 1
                        // A trailing comma before ')' is what Xcode writes (project-formats.md §A.2).
                        try skip()
                        if position < bytes.count && bytes[position] != UInt8(ascii: ")") { continue parsing }
                        try expectClose(UInt8(ascii: ")"), of: stack[top])
                    } else if bytes[position] != UInt8(ascii: ")") {
                        throw error("expected ',' or ')' in array, found \(describeCurrent())")
                    } else {
                        position += 1
                    }
                }
                valueStart = stack[top].openPosition
                value = Self.close(stack.removeLast())
            }
        }
        try skip()
        if position < bytes.count {
            throw error("unexpected \(describeCurrent()) after the end of the property list")
        }
        return result
    }

    /// Consumes `close` or reports the end of file inside `container`.
    mutating func expectClose(_ close: UInt8, of container: OpenContainer) throws(ProjectFileError) {
        guard position < bytes.count else {
            throw error("unexpected end of file in \(container.isDictionary ? "dictionary" : "array") opened at line \(container.openLine)")
        }
        guard bytes[position] == close else {
            throw error("expected '\(Character(Unicode.Scalar(close)))', found \(describeCurrent())")
        }
        position += 1
    }

    /// The key-path component of the value `container` reads next: its pending key, or the
    /// element's index (see ``ProjectFileSpans/index(_:)``).
    static func childComponent(of container: OpenContainer) -> String {
        container.isDictionary ? container.pendingKey : ProjectFileSpans.index(container.elements.count)
    }

    static func close(_ container: OpenContainer) -> ProjectFileValue {
        container.isDictionary ? .dictionary(container.dictionary) : .array(container.elements)
    }

    /// Reads the next `key =` of a dictionary into `container`, returning `true` when its value
    /// follows, or consumes the closing `}` and returns `false`.
    mutating func readNextKey(into container: inout OpenContainer) throws(ProjectFileError) -> Bool {
        while true {
            try skip()
            guard position < bytes.count else {
                throw error("unexpected end of file in dictionary opened at line \(container.openLine)")
            }
            let byte = bytes[position]
            if byte == UInt8(ascii: "}") {
                position += 1
                return false
            }
            let keyLine = line
            let keyStart = position
            let key: String
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                key = try readQuotedString()
            } else if unquotedCharacter[Int(byte)] {
                key = readUnquotedString()
            } else {
                throw error("expected a key or '}', found \(describeCurrent())")
            }
            try skip()
            guard position < bytes.count else {
                throw error("unexpected end of file in dictionary opened at line \(container.openLine)")
            }
            switch bytes[position] {
            case UInt8(ascii: "="):
                position += 1
                container.pendingKey = key
                container.pendingKeyLine = keyLine
                container.pendingKeyStart = keyStart
                return true
            case UInt8(ascii: ";"):
                // CF's strings-file shortcut `key;` means `key = key;` (project-formats.md §A.2).
                position += 1
                container.dictionary.set(key, .string(key), line: keyLine)
                spans?.record(container.path + [key], ProjectFileSpan(
                    entryStart: keyStart, valueStart: keyStart, valueEnd: position - 1, entryEnd: position))
            default:
                throw error("expected '=' after key '\(key)', found \(describeCurrent())")
            }
        }
    }

    mutating func readUnquotedString() -> String {
        let start = position
        while position < bytes.count && unquotedCharacter[Int(bytes[position])] { position += 1 }
        return String(decoding: bytes[start..<position], as: UTF8.self)
    }

    /// Reads a `"…"` or `'…'` string with CF's escapes (`getSlashedChar`, project-formats.md §A.2).
    mutating func readQuotedString() throws(ProjectFileError) -> String {
        let quote = bytes[position]
        let (openLine, openColumn) = (line, column)
        position += 1
        let start = position
        // Fast path: no escapes, the bytes are the string.
        while position < bytes.count {
            let byte = bytes[position]
            if byte == quote {
                let string = String(decoding: bytes[start..<position], as: UTF8.self)
                position += 1
                return string
            }
            if byte == UInt8(ascii: "\\") { break }
            if newlineLength(at: position) > 0 { consumeNewline() } else { position += 1 }
        }
        var buffer = Array(bytes[start..<min(position, bytes.count)])
        while position < bytes.count {
            let byte = bytes[position]
            if byte == quote {
                position += 1
                return String(decoding: buffer, as: UTF8.self)
            }
            if byte != UInt8(ascii: "\\") {
                if newlineLength(at: position) > 0 {
                    let newlineStart = position
                    consumeNewline()
                    buffer.append(contentsOf: bytes[newlineStart..<position])
                } else {
                    buffer.append(byte)
                    position += 1
                }
                continue
            }
            position += 1
            guard position < bytes.count else { break }
            var unit = readEscape(into: &buffer)
            guard let codeUnit = unit else { continue }
            // `\Ud83d\Ude00`: a UTF-16 surrogate pair written as two escapes is one character.
            if (0xD800...0xDBFF).contains(codeUnit) {
                if position + 1 < bytes.count, bytes[position] == UInt8(ascii: "\\"), bytes[position + 1] == UInt8(ascii: "U") {
                    let save = position
                    position += 1
                    var ignored: [UInt8] = []
                    if let low = readEscape(into: &ignored), (0xDC00...0xDFFF).contains(low) {
                        appendUTF8(0x10000 + ((codeUnit - 0xD800) << 10) + (low - 0xDC00), to: &buffer)
                        continue
                    }
                    position = save
                }
                unit = 0xFFFD
            } else if (0xDC00...0xDFFF).contains(codeUnit) {
                unit = 0xFFFD
            }
            appendUTF8(unit!, to: &buffer)
        }
        throw error("unterminated quoted string", line: openLine, column: openColumn)
    }

    /// Reads the escape after a backslash. Returns a UTF-16 code unit to append (for `\U` and
    /// octal escapes, which may form surrogate pairs) or appends the bytes itself and returns `nil`.
    mutating func readEscape(into buffer: inout [UInt8]) -> UInt32? {
        let byte = bytes[position]
        switch byte {
        case UInt8(ascii: "U"):
            // Up to 4 hex digits; stops early at the first non-hex character.
            position += 1
            var value: UInt32 = 0
            var digits = 0
            while digits < 4, position < bytes.count, let digit = hexDigitValue(bytes[position]) {
                value = value << 4 | digit
                position += 1
                digits += 1
            }
            return value
        case UInt8(ascii: "0")...UInt8(ascii: "7"):
            // 1–3 octal digits: one byte of the NeXTSTEP encoding (CF keeps it in 8 bits).
            var value = UInt32(byte - UInt8(ascii: "0"))
            position += 1
            var digits = 1
            while digits < 3, position < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "7")).contains(bytes[position]) {
                value = value << 3 | UInt32(bytes[position] - UInt8(ascii: "0"))
                position += 1
                digits += 1
            }
            value &= 0xFF
            return value < 0x80 ? value : UInt32(nextStepUpperHalf[Int(value) - 0x80])
        case UInt8(ascii: "a"): buffer.append(0x07)
        case UInt8(ascii: "b"): buffer.append(0x08)
        case UInt8(ascii: "f"): buffer.append(0x0C)
        case UInt8(ascii: "n"): buffer.append(0x0A)
        case UInt8(ascii: "r"): buffer.append(0x0D)
        case UInt8(ascii: "t"): buffer.append(0x09)
        case UInt8(ascii: "v"): buffer.append(0x0B)
        case _ where newlineLength(at: position) > 0:
            // A backslash before a real line break stands for the line break.
            let start = position
            consumeNewline()
            buffer.append(contentsOf: bytes[start..<position])
            return nil
        default:
            // Any other character stands for itself (`\\`, `\"`, `\'`, `\$`), multi-byte ones too.
            var end = position + 1
            if byte >= 0xC0 {
                while end < bytes.count && bytes[end] & 0xC0 == 0x80 { end += 1 }
            }
            buffer.append(contentsOf: bytes[position..<end])
            position = end
            return nil
        }
        position += 1
        return nil
    }

    /// Reads `<hex pairs>` data; whitespace and comments may separate the pairs.
    mutating func readData() throws(ProjectFileError) -> [UInt8] {
        let (openLine, openColumn) = (line, column)
        position += 1
        var data: [UInt8] = []
        while true {
            try skip()
            guard position < bytes.count else {
                throw error("unterminated data '<'", line: openLine, column: openColumn)
            }
            if bytes[position] == UInt8(ascii: ">") {
                position += 1
                return data
            }
            guard let high = hexDigitValue(bytes[position]) else {
                throw error("invalid hex digit \(describeCurrent()) in data")
            }
            position += 1
            guard position < bytes.count, let low = hexDigitValue(bytes[position]) else {
                throw error("data with an odd number of hex digits")
            }
            position += 1
            data.append(UInt8(high << 4 | low))
        }
    }
}
