/// Reads JSON5, the syntax of `project.xcproj` as Xcode 27.2 decodes it (Foundation's JSON5
/// mode; project-formats.md §B.1): `//` and `/* */` comments, trailing commas, unquoted
/// (identifier) keys, single-quoted strings, `\x` and line-continuation escapes, hex numbers,
/// leading/trailing decimal points, `+`/`-`, `Infinity`/`NaN`. Duplicate keys: last wins.
///
/// Like ``OldStylePropertyList`` it keeps containers on an explicit stack and refuses nesting
/// deeper than ``maximumDepth``.
package enum JSON5 {
    /// The deepest nesting of objects and arrays accepted.
    package static let maximumDepth = 512

    /// Parses `bytes` (UTF-8, an optional BOM is skipped) into one value.
    ///
    /// - Throws: ``ProjectFileError`` with the line and column of the first problem.
    package static func parse(_ bytes: [UInt8]) throws(ProjectFileError) -> ProjectFileValue {
        var parser = JSON5Parser(bytes: bytes)
        return try parser.parseDocument()
    }

    /// Parses `bytes` like ``parse(_:)`` and also returns where every value is written: a
    /// member's entry runs from its key to just after its trailing comma (or its value's end
    /// when none follows), an element's from its value. An editor changes one value's bytes and
    /// leaves every other byte as it is (``JSON5ProjectText``).
    package static func parseWithSpans(_ bytes: [UInt8]) throws(ProjectFileError) -> (ProjectFileValue, ProjectFileSpans) {
        var parser = JSON5Parser(bytes: bytes)
        parser.spans = ProjectFileSpans()
        let value = try parser.parseDocument()
        return (value, parser.spans!)
    }
}

private struct JSON5Container {
    var isObject: Bool
    var elements: [ProjectFileValue] = []
    var object = ProjectFileDictionary()
    var pendingKey = ""
    var pendingKeyLine = 0
    var openLine: Int

    /// The key-path component of the value being read in this container.
    var childComponent: String { isObject ? pendingKey : ProjectFileSpans.index(elements.count) }
}

/// What recording spans needs of an open container, kept beside the container stack only when
/// spans are recorded, so the reader's containers stay as small as they were.
private struct JSON5SpanFrame {
    /// Where the `{` or `[` is.
    var openPosition: Int
    /// The key path of the container.
    var path: [String]
    /// Where the pending key starts.
    var keyStart = 0
}

private struct JSON5Parser {
    let bytes: [UInt8]
    var position = 0
    var line = 1
    var lineStart = 0
    /// Where each value is written; `nil` (the reader's case) records nothing.
    var spans: ProjectFileSpans?
    /// One frame per open container while spans are recorded.
    var spanFrames: [JSON5SpanFrame] = []
    /// Where the key read last starts.
    var keyStart = 0

    init(bytes: [UInt8]) {
        self.bytes = bytes
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            position = 3
            lineStart = 3
        }
    }

    func error(_ message: String, line: Int? = nil, column: Int? = nil) -> ProjectFileError {
        ProjectFileError(line: line ?? self.line, column: column ?? (position - lineStart + 1), message: message)
    }

    func describeCurrent() -> String {
        guard position < bytes.count else { return "end of file" }
        let byte = bytes[position]
        if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        return "byte 0x" + String(byte, radix: 16, uppercase: true)
    }

    /// Length of a line terminator at `offset` (LF, CR, CRLF, U+2028, U+2029), or 0.
    func newlineLength(at offset: Int) -> Int {
        switch bytes[offset] {
        case 0x0A: return 1
        case 0x0D: return offset + 1 < bytes.count && bytes[offset + 1] == 0x0A ? 2 : 1
        case 0xE2:
            return offset + 2 < bytes.count && bytes[offset + 1] == 0x80
                && (bytes[offset + 2] == 0xA8 || bytes[offset + 2] == 0xA9) ? 3 : 0
        default: return 0
        }
    }

    /// Length of a non-line-breaking JSON5 white space character at `offset` (tab, VT, FF,
    /// space, U+00A0, U+FEFF and the other Unicode `Zs` characters), or 0.
    func spaceLength(at offset: Int) -> Int {
        let byte = bytes[offset]
        switch byte {
        case 0x09, 0x0B, 0x0C, 0x20: return 1
        case 0xC2: return offset + 1 < bytes.count && bytes[offset + 1] == 0xA0 ? 2 : 0
        case 0xE1, 0xE2, 0xE3, 0xEF:
            guard offset + 2 < bytes.count else { return 0 }
            let (second, third) = (bytes[offset + 1], bytes[offset + 2])
            switch (byte, second) {
            case (0xE1, 0x9A): return third == 0x80 ? 3 : 0                              // U+1680
            case (0xE2, 0x80): return (0x80...0x8A).contains(third) || third == 0xAF ? 3 : 0 // U+2000–200A, U+202F
            case (0xE2, 0x81): return third == 0x9F ? 3 : 0                              // U+205F
            case (0xE3, 0x80): return third == 0x80 ? 3 : 0                              // U+3000
            case (0xEF, 0xBB): return third == 0xBF ? 3 : 0                              // U+FEFF
            default: return 0
            }
        default: return 0
        }
    }

    mutating func consumeNewline() {
        position += max(newlineLength(at: position), 1)
        line += 1
        lineStart = position
    }

    mutating func skip() throws(ProjectFileError) {
        while position < bytes.count {
            if newlineLength(at: position) > 0 {
                consumeNewline()
                continue
            }
            let space = spaceLength(at: position)
            if space > 0 {
                position += space
                continue
            }
            guard bytes[position] == UInt8(ascii: "/"), position + 1 < bytes.count else { return }
            if bytes[position + 1] == UInt8(ascii: "/") {
                position += 2
                while position < bytes.count && newlineLength(at: position) == 0 { position += 1 }
            } else if bytes[position + 1] == UInt8(ascii: "*") {
                let (openLine, openColumn) = (line, position - lineStart + 1)
                position += 2
                var closed = false
                while position < bytes.count {
                    if bytes[position] == UInt8(ascii: "*"), position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: "/") {
                        position += 2
                        closed = true
                        break
                    }
                    if newlineLength(at: position) > 0 { consumeNewline() } else { position += 1 }
                }
                if !closed { throw error("unterminated comment '/*'", line: openLine, column: openColumn) }
            } else {
                return
            }
        }
    }

    mutating func parseDocument() throws(ProjectFileError) -> ProjectFileValue {
        var stack: [JSON5Container] = []
        var result: ProjectFileValue
        parsing: while true {
            try skip()
            guard position < bytes.count else {
                if let open = stack.last {
                    throw error("unexpected end of file in \(open.isObject ? "object" : "array") opened at line \(open.openLine)")
                }
                throw error("expected a value, found end of file")
            }
            var value: ProjectFileValue
            var valueStart = position
            let byte = bytes[position]
            switch byte {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                guard stack.count < JSON5.maximumDepth else {
                    throw error("nesting deeper than \(JSON5.maximumDepth) levels")
                }
                let isObject = byte == UInt8(ascii: "{")
                if spans != nil {
                    let path = stack.last.map { spanFrames[spanFrames.count - 1].path + [$0.childComponent] } ?? []
                    spanFrames.append(JSON5SpanFrame(openPosition: position, path: path))
                }
                stack.append(JSON5Container(isObject: isObject, openLine: line))
                position += 1
                if isObject {
                    if try readNextKey(into: &stack[stack.count - 1]) {
                        if spans != nil { spanFrames[spanFrames.count - 1].keyStart = keyStart }
                        continue parsing
                    }
                } else {
                    try skip()
                    if position < bytes.count && bytes[position] != UInt8(ascii: "]") { continue parsing }
                    try expectClose(UInt8(ascii: "]"), of: stack[stack.count - 1])
                }
                if spans != nil { valueStart = spanFrames.removeLast().openPosition }
                value = Self.close(stack.removeLast())
            case UInt8(ascii: "\""), UInt8(ascii: "'"):
                value = .string(try readString())
            default:
                value = try readLiteral()
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
                try skip()
                guard position < bytes.count else {
                    throw error("unexpected end of file in \(stack[top].isObject ? "object" : "array") opened at line \(stack[top].openLine)")
                }
                let close = stack[top].isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
                let hasComma = bytes[position] == UInt8(ascii: ",")
                if spans != nil {
                    let frame = spanFrames[spanFrames.count - 1]
                    spans!.record(frame.path + [stack[top].childComponent], ProjectFileSpan(
                        entryStart: stack[top].isObject ? frame.keyStart : valueStart, valueStart: valueStart, valueEnd: valueEnd,
                        entryEnd: hasComma ? position + 1 : valueEnd))
                }
                if stack[top].isObject {
                    stack[top].object.set(stack[top].pendingKey, value, line: stack[top].pendingKeyLine)
                } else {
                    stack[top].elements.append(value)
                }
                if hasComma {
                    position += 1
                    if stack[top].isObject {
                        if try readNextKey(into: &stack[top]) {
                            if spans != nil { spanFrames[spanFrames.count - 1].keyStart = keyStart }
                            continue parsing
                        }
                    } else {
                        // Trailing commas are allowed (project-formats.md §B.1).
                        try skip()
                        if position < bytes.count && bytes[position] != close { continue parsing }
                        try expectClose(close, of: stack[top])
                    }
                } else if bytes[position] == close {
                    position += 1
                } else {
                    let what = stack[top].isObject ? "object" : "array"
                    throw error("expected ',' or '\(Character(Unicode.Scalar(close)))' in \(what), found \(describeCurrent())")
                }
                if spans != nil { valueStart = spanFrames.removeLast().openPosition }
                value = Self.close(stack.removeLast())
            }
        }
        try skip()
        if position < bytes.count {
            throw error("unexpected \(describeCurrent()) after the end of the document")
        }
        return result
    }

    mutating func expectClose(_ close: UInt8, of container: JSON5Container) throws(ProjectFileError) {
        guard position < bytes.count else {
            throw error("unexpected end of file in \(container.isObject ? "object" : "array") opened at line \(container.openLine)")
        }
        guard bytes[position] == close else {
            throw error("expected '\(Character(Unicode.Scalar(close)))', found \(describeCurrent())")
        }
        position += 1
    }

    static func close(_ container: JSON5Container) -> ProjectFileValue {
        container.isObject ? .dictionary(container.object) : .array(container.elements)
    }

    /// Reads `key:` into `container` and returns `true`, or consumes `}` and returns `false`.
    mutating func readNextKey(into container: inout JSON5Container) throws(ProjectFileError) -> Bool {
        try skip()
        guard position < bytes.count else {
            throw error("unexpected end of file in object opened at line \(container.openLine)")
        }
        let byte = bytes[position]
        if byte == UInt8(ascii: "}") {
            position += 1
            return false
        }
        let keyLine = line
        keyStart = position
        let key: String
        if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
            key = try readString()
        } else if let identifier = try readIdentifier() {
            key = identifier
        } else {
            throw error("expected a key or '}', found \(describeCurrent())")
        }
        try skip()
        guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else {
            throw error("expected ':' after key '\(key)', found \(describeCurrent())")
        }
        position += 1
        container.pendingKey = key
        container.pendingKeyLine = keyLine
        return true
    }

    static func isIdentifierStart(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "$") || byte >= 0x80
    }

    /// Reads an ECMAScript identifier name (ASCII letters, `_`, `$`, digits after the first,
    /// any non-ASCII character, `\uXXXX` escapes), or returns `nil` when none starts here.
    mutating func readIdentifier() throws(ProjectFileError) -> String? {
        var buffer: [UInt8] = []
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\\") {
                guard position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: "u") else {
                    throw error("invalid escape in identifier")
                }
                position += 2
                appendUTF8(try readHexUnit(digits: 4), to: &buffer)
                continue
            }
            let isDigit = byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
            guard Self.isIdentifierStart(byte) || (isDigit && !buffer.isEmpty) else { break }
            if byte >= 0x80 && (spaceLength(at: position) > 0 || newlineLength(at: position) > 0) { break }
            buffer.append(byte)
            position += 1
        }
        return buffer.isEmpty ? nil : String(decoding: buffer, as: UTF8.self)
    }

    /// Reads exactly `digits` hex digits.
    mutating func readHexUnit(digits: Int) throws(ProjectFileError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<digits {
            guard position < bytes.count, let digit = hexDigitValue(bytes[position]) else {
                throw error("expected \(digits) hex digits in escape")
            }
            value = value << 4 | digit
            position += 1
        }
        return value
    }

    /// Reads a `"…"` or `'…'` string with JSON5 escapes.
    mutating func readString() throws(ProjectFileError) -> String {
        let quote = bytes[position]
        let (openLine, openColumn) = (line, position - lineStart + 1)
        position += 1
        var buffer: [UInt8] = []
        var pendingHighSurrogate: UInt32?
        func flushSurrogate(_ buffer: inout [UInt8], _ pending: inout UInt32?) {
            if pending != nil { appendUTF8(0xFFFD, to: &buffer); pending = nil }
        }
        while position < bytes.count {
            let byte = bytes[position]
            if byte == quote {
                position += 1
                flushSurrogate(&buffer, &pendingHighSurrogate)
                return String(decoding: buffer, as: UTF8.self)
            }
            if byte == 0x0A || byte == 0x0D {
                throw error("line break inside a string (write it as \\n)")
            }
            if byte < 0x20 {
                throw error("control character inside a string")
            }
            if byte != UInt8(ascii: "\\") {
                flushSurrogate(&buffer, &pendingHighSurrogate)
                buffer.append(byte)
                position += 1
                continue
            }
            position += 1
            guard position < bytes.count else { break }
            let escaped = bytes[position]
            var unit: UInt32?
            switch escaped {
            case UInt8(ascii: "b"): unit = 0x08
            case UInt8(ascii: "f"): unit = 0x0C
            case UInt8(ascii: "n"): unit = 0x0A
            case UInt8(ascii: "r"): unit = 0x0D
            case UInt8(ascii: "t"): unit = 0x09
            case UInt8(ascii: "v"): unit = 0x0B
            case UInt8(ascii: "0"):
                if position + 1 < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[position + 1]) {
                    throw error("invalid escape '\\0' followed by a digit")
                }
                unit = 0
            case UInt8(ascii: "1")...UInt8(ascii: "9"):
                throw error("invalid escape '\\\(Character(Unicode.Scalar(escaped)))'")
            case UInt8(ascii: "x"):
                position += 1
                let value = try readHexUnit(digits: 2)
                flushSurrogate(&buffer, &pendingHighSurrogate)
                appendUTF8(value, to: &buffer)
                continue
            case UInt8(ascii: "u"):
                position += 1
                let value = try readHexUnit(digits: 4)
                if (0xD800...0xDBFF).contains(value) {
                    flushSurrogate(&buffer, &pendingHighSurrogate)
                    pendingHighSurrogate = value
                } else if (0xDC00...0xDFFF).contains(value), let high = pendingHighSurrogate {
                    appendUTF8(0x10000 + ((high - 0xD800) << 10) + (value - 0xDC00), to: &buffer)
                    pendingHighSurrogate = nil
                } else {
                    flushSurrogate(&buffer, &pendingHighSurrogate)
                    appendUTF8((0xDC00...0xDFFF).contains(value) ? 0xFFFD : value, to: &buffer)
                }
                continue
            default:
                if newlineLength(at: position) > 0 {
                    // Line continuation: backslash + line break stands for nothing.
                    flushSurrogate(&buffer, &pendingHighSurrogate)
                    consumeNewline()
                    continue
                }
            }
            flushSurrogate(&buffer, &pendingHighSurrogate)
            if let unit {
                buffer.append(UInt8(unit))
                position += 1
            } else {
                // Any other character stands for itself (`\"`, `\'`, `\\`, `\/`, …).
                var end = position + 1
                if escaped >= 0xC0 { while end < bytes.count && bytes[end] & 0xC0 == 0x80 { end += 1 } }
                buffer.append(contentsOf: bytes[position..<end])
                position = end
            }
        }
        throw error("unterminated string", line: openLine, column: openColumn)
    }

    /// Reads `true`, `false`, `null`, `Infinity`, `NaN` or a number.
    mutating func readLiteral() throws(ProjectFileError) -> ProjectFileValue {
        let start = position
        let startColumn = position - lineStart + 1
        if let word = try readIdentifier() {
            switch word {
            case "true": return .boolean(true)
            case "false": return .boolean(false)
            case "null": return .null
            case "Infinity", "NaN": return .number(word)
            default:
                throw error("unexpected '\(word)', expected a value", column: startColumn)
            }
        }
        // Numbers: [+-]? (Infinity | NaN | 0x hex | digits [. digits] [e [+-] digits] | . digits …)
        var cursor = position
        if cursor < bytes.count, bytes[cursor] == UInt8(ascii: "+") || bytes[cursor] == UInt8(ascii: "-") { cursor += 1 }
        position = cursor
        if let word = try readIdentifier() {
            guard word == "Infinity" || word == "NaN" else {
                throw error("unexpected '\(word)', expected a number", column: startColumn)
            }
            return .number(String(decoding: bytes[start..<position], as: UTF8.self))
        }
        func isDigit(_ offset: Int) -> Bool {
            offset < bytes.count && bytes[offset] >= UInt8(ascii: "0") && bytes[offset] <= UInt8(ascii: "9")
        }
        if cursor + 1 < bytes.count, bytes[cursor] == UInt8(ascii: "0"),
           bytes[cursor + 1] == UInt8(ascii: "x") || bytes[cursor + 1] == UInt8(ascii: "X") {
            cursor += 2
            let digitsStart = cursor
            while cursor < bytes.count, hexDigitValue(bytes[cursor]) != nil { cursor += 1 }
            guard cursor > digitsStart else { throw error("expected hex digits after '0x'", column: startColumn) }
        } else {
            var sawDigits = false
            while isDigit(cursor) { cursor += 1; sawDigits = true }
            if cursor < bytes.count, bytes[cursor] == UInt8(ascii: ".") {
                cursor += 1
                while isDigit(cursor) { cursor += 1; sawDigits = true }
            }
            guard sawDigits else {
                position = start
                throw error("unexpected \(describeCurrent()), expected a value")
            }
            if cursor < bytes.count, bytes[cursor] == UInt8(ascii: "e") || bytes[cursor] == UInt8(ascii: "E") {
                cursor += 1
                if cursor < bytes.count, bytes[cursor] == UInt8(ascii: "+") || bytes[cursor] == UInt8(ascii: "-") { cursor += 1 }
                guard isDigit(cursor) else { throw error("expected digits in the exponent", column: startColumn) }
                while isDigit(cursor) { cursor += 1 }
            }
        }
        position = cursor
        return .number(String(decoding: bytes[start..<position], as: UTF8.self))
    }
}
