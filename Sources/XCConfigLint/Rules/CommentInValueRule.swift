import XCConfigSyntax

/// `comment-in-value`: a value cut short by `//`.
///
/// `//` starts a comment anywhere on a line, even inside quotes and URLs (semantics §1.3):
/// `URL = https://example.com` sets `https:`. The rule reports a `//` that directly follows a
/// `:` (a URL scheme) or that stands inside an open quote; an ordinary trailing comment after
/// a space is fine. The fix writes `/$()/`, which Xcode reads as `//` (an empty reference
/// between the slashes).
struct CommentInValueRule: LintRule {
    static let description = RuleDescription(
        identifier: "comment-in-value",
        name: "Comment in value",
        summary: "A value cut short by `//` after a URL scheme or inside quotes.",
        rationale: "Xcode treats `//` as the start of a comment everywhere, so `https://host` becomes `https:`.",
        isCorrectable: true,
        triggeringExamples: [
            RuleExample("SERVER_URL = https:↓//example.com/api\n",
                        corrected: "SERVER_URL = https:/$()/example.com/api\n"),
            RuleExample("GREETING = \"hello ↓// world\"\n",
                        corrected: "GREETING = \"hello /$()/ world\"\n"),
            RuleExample("FEED = $(HOST:default=http:↓//localhost) // fallback\n",
                        corrected: "FEED = $(HOST:default=http:/$()/localhost) // fallback\n"),
        ],
        nonTriggeringExamples: [
            RuleExample("SERVER_URL = https:/$()/example.com/api\n"),
            RuleExample("OTHER_LDFLAGS = -ObjC // link categories\n"),
            RuleExample("PRODUCT_NAME = Bob's App // the name\n"),
            RuleExample("NOTE = see: // a comment after a space\n"),
            RuleExample("// SERVER_URL = https://example.com\n"),
        ]
    )

    func check(_ file: LintFile, in context: LintContext) -> [Finding] {
        var findings: [Finding] = []
        let bytes = file.tree.bytes
        for (statement, assignment) in file.assignments where !assignment.comments.isEmpty {
            for comment in assignment.comments {
                // The chunk on the comment's line, if the line has value text before the `//`.
                guard let chunkIndex = assignment.chunks.firstIndex(where: {
                    $0.end.line == comment.start.line && $0.endOffset <= comment.startOffset
                }) else { continue }
                let chunk = assignment.chunks[chunkIndex]
                let adjacent = chunk.endOffset == comment.startOffset
                let endsWithColon = adjacent && bytes[chunk.endOffset - 1] == UInt8(ascii: ":")
                var open: UInt8? = nil
                if !endsWithColon {
                    open = Self.openQuote(in: assignment.chunks[...chunkIndex].map { bytes[$0.offsets] })
                    guard open != nil else { continue }
                }
                let fix = [TextEdit(range: comment.startOffset..<comment.startOffset + 2, replacement: "/$()/")]
                let before = Self.lastWord(bytes[chunk.offsets])
                let after = Self.firstWord(bytes[(comment.startOffset + 2)..<comment.endOffset])
                let message: String
                if endsWithColon {
                    message = "value cut short by '//': Xcode reads `\(before)` and ignores `//\(after)` as a comment; write `\(before)/$()/\(after)`"
                } else {
                    let quote = open == UInt8(ascii: "'") ? "'" : "\""
                    message = "value cut short by '//' inside \(quote)…\(quote): Xcode reads the value up to `\(before)` and ignores the rest as a comment; write `/$()/` to keep `//` in the value"
                }
                findings.append(file.finding(at: comment.startOffset, message, fix: fix, statement: statement))
            }
        }
        return findings
    }

    /// The quote left open at the end of `chunks` (joined by spaces), read like a list value:
    /// backslash escapes, `"` and `'` toggling, the other quote literal inside. A `'` inside a
    /// word (`Bob's`) is an apostrophe, not a quote.
    static func openQuote(in chunks: [ArraySlice<UInt8>]) -> UInt8? {
        var open: UInt8? = nil
        var previous: UInt8 = 0x20
        for (index, chunk) in chunks.enumerated() {
            if index > 0 { previous = 0x20 }
            var escaped = false
            for byte in chunk {
                defer { previous = byte }
                if escaped { escaped = false; continue }
                if byte == UInt8(ascii: "\\") { escaped = true; continue }
                if let quote = open {
                    if byte == quote { open = nil }
                } else if byte == UInt8(ascii: "\"") {
                    open = byte
                } else if byte == UInt8(ascii: "'"), previous == 0x20 || previous == 0x09 || previous == UInt8(ascii: "=") {
                    open = byte
                }
            }
        }
        return open
    }

    static func lastWord(_ bytes: ArraySlice<UInt8>) -> String {
        let start = bytes.lastIndex(where: { $0 == 0x20 || $0 == 0x09 }).map { $0 + 1 } ?? bytes.startIndex
        return String(decoding: bytes[start...], as: UTF8.self)
    }

    static func firstWord(_ bytes: ArraySlice<UInt8>) -> String {
        let end = bytes.firstIndex(where: { $0 == 0x20 || $0 == 0x09 }) ?? bytes.endIndex
        return String(decoding: bytes[..<end], as: UTF8.self)
    }
}
