import XCConfig

/// What the client's stream holds, frame by frame.
package enum IncomingFrame: Sendable {
    /// A frame whose body is JSON.
    case message(JSONValue)
    /// Bytes that are not a well-formed frame, or a body that is not JSON: answered with a
    /// `ParseError` (JSON-RPC 2.0 §5.1), then reading goes on at the next header.
    case malformed(String)
    /// The client closed the stream.
    case endOfInput
}

/// Splits the client's byte stream into LSP frames: `Content-Length: N\r\n`, other headers,
/// a blank line, then N bytes of JSON (LSP 3.17 "Base Protocol").
///
/// Never waits for bytes a frame cannot need and never gives up on the stream: a header block
/// without a usable length, or garbage between frames, is reported once and skipped to the next
/// `Content-Length`; a body that is not JSON but holds a header (its length was too long, so it
/// swallowed the next frame) is read again from that header.
package struct FrameReader {
    package init() {}

    /// Bodies larger than this are refused without being buffered.
    static let maximumBodySize = Limits.maximumFileSize + 1024 * 1024

    private var buffer: [UInt8] = []
    /// Where unread bytes start in ``buffer``; consumed bytes are dropped in bulk.
    private var start = 0
    /// The declared length of the body being waited for.
    private var pendingLength: Int?

    /// Adds bytes read from the stream.
    package mutating func append(_ bytes: [UInt8]) {
        if start > 0 && start == buffer.count {
            buffer.removeAll(keepingCapacity: true)
            start = 0
        } else if start > 64 * 1024 && start * 2 > buffer.count {
            buffer.removeFirst(start)
            start = 0
        }
        buffer.append(contentsOf: bytes)
    }

    /// Every frame complete in the bytes so far.
    package mutating func frames() -> [IncomingFrame] {
        var result: [IncomingFrame] = []
        while let frame = next() { result.append(frame) }
        return result
    }

    /// The next complete frame, or `nil` when more bytes are needed.
    package mutating func next() -> IncomingFrame? {
        if let length = pendingLength {
            guard buffer.count - start >= length else { return nil }
            let body = Array(buffer[start..<(start + length)])
            start += length
            pendingLength = nil
            return decode(body)
        }
        // Line breaks between frames are harmless.
        while start < buffer.count, buffer[start] == 0x0D || buffer[start] == 0x0A { start += 1 }
        guard start < buffer.count else { return nil }
        guard let (headerEnd, terminatorLength) = Self.headerEnd(in: buffer, from: start) else {
            // A header block is short; bytes that do not end one soon are skipped to the next
            // header.
            if buffer.count - start > 8 * 1024 {
                start = Self.find(Self.contentLengthName, in: buffer, from: start + 1, caseInsensitive: true) ?? buffer.count
                return .malformed("bytes outside a frame were skipped")
            }
            return nil
        }
        let headerStart = start
        let header = buffer[start..<headerEnd]
        start = headerEnd + terminatorLength
        guard let length = Self.contentLength(in: header) else {
            // Garbage before a header (the tail of a body whose length was too short): read
            // again from the header.
            if let resume = Self.find(Self.contentLengthName, in: buffer, from: headerStart + 1, caseInsensitive: true), resume < headerEnd {
                start = resume
                return .malformed("bytes outside a frame were skipped")
            }
            return .malformed("a frame without a valid Content-Length header was skipped")
        }
        guard length <= Self.maximumBodySize else {
            return .malformed("a frame of \(length) bytes is larger than the \(Self.maximumBodySize)-byte limit; skipped")
        }
        pendingLength = length
        return next()
    }

    /// The frame a body makes: JSON, or malformed. A body that is not JSON but holds a header
    /// has swallowed the frame that follows; the bytes from that header are read again.
    private mutating func decode(_ body: [UInt8]) -> IncomingFrame {
        do {
            return .message(try JSONParser.parse(body))
        } catch {
            if let header = Self.find(Self.contentLengthName, in: body, from: 0, caseInsensitive: true) {
                let rest = Array(body[header...])
                buffer.replaceSubrange(0..<start, with: rest)
                start = 0
                return .malformed("the body is not JSON (its Content-Length is too long?): \(error)")
            }
            return .malformed("the body is not JSON: \(error)")
        }
    }

    private static let contentLengthName = Array("content-length:".utf8)

    /// Where the header block starting at `from` ends, and the length of the blank line that
    /// ends it: `\r\n\r\n` as LSP specifies, or a bare `\n\n` (or `\n\r\n`) as some
    /// clients write. Without the latter, an LF-only frame was taken for part of the next
    /// frame's header, and that request went unanswered.
    private static func headerEnd(in bytes: [UInt8], from: Int) -> (end: Int, terminatorLength: Int)? {
        var index = from
        while index + 1 < bytes.count {
            if bytes[index] == 0x0A {
                // The header ends before this line break, and its `\r` when there is one.
                let end = index > from && bytes[index - 1] == 0x0D ? index - 1 : index
                if bytes[index + 1] == 0x0A { return (end, index + 2 - end) }
                if bytes[index + 1] == 0x0D, index + 2 < bytes.count, bytes[index + 2] == 0x0A { return (end, index + 3 - end) }
            }
            index += 1
        }
        return nil
    }

    /// The value of the `Content-Length` header among `header`'s lines, when it is a decimal
    /// number (only digits, at most 12 of them).
    private static func contentLength(in header: ArraySlice<UInt8>) -> Int? {
        let text = String(decoding: header, as: UTF8.self)
        for line in text.split(omittingEmptySubsequences: true, whereSeparator: { $0 == "\r\n" || $0 == "\n" || $0 == "\r" }) {
            guard let colon = line.firstIndex(of: ":"),
                  line[..<colon].trimmingSpaces.lowercased() == "content-length" else { continue }
            let value = line[line.index(after: colon)...].trimmingSpaces
            guard !value.isEmpty, value.count <= 12, value.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
            return Int(value)
        }
        return nil
    }

    /// The first index at or after `from` where `needle` starts in `haystack`.
    private static func find(_ needle: [UInt8], in haystack: [UInt8], from: Int, caseInsensitive: Bool) -> Int? {
        guard haystack.count - from >= needle.count else { return nil }
        var index = from
        let last = haystack.count - needle.count
        while index <= last {
            var matched = true
            for offset in 0..<needle.count {
                var byte = haystack[index + offset]
                if caseInsensitive && byte >= 0x41 && byte <= 0x5A { byte += 0x20 }
                if byte != needle[offset] { matched = false; break }
            }
            if matched { return index }
            index += 1
        }
        return nil
    }

    /// `body` in a frame.
    package static func frame(_ body: [UInt8]) -> [UInt8] {
        Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body
    }
}

extension Substring {
    /// Without leading and trailing spaces and tabs.
    fileprivate var trimmingSpaces: Substring {
        var text = self
        while let first = text.first, first == " " || first == "\t" { text.removeFirst() }
        while let last = text.last, last == " " || last == "\t" { text.removeLast() }
        return text
    }
}
