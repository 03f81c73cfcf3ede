/// Adds a path to a `.gitignore` without disturbing what is there.
package enum GitIgnoreFile {
    /// The pattern that ignores exactly `relativePath` (relative to the `.gitignore`'s folder).
    ///
    /// A path with no inner `/` gets a leading one, else git would ignore the name at every
    /// depth; pattern characters (`*`, `?`, `[`, `\`), a leading `#` or `!` and trailing spaces
    /// are escaped with `\` (gitignore(5)).
    package static func pattern(for relativePath: String) -> String {
        var pattern = ""
        for character in relativePath {
            if "*?[\\".contains(character) { pattern.append("\\") }
            pattern.append(character)
        }
        if let first = pattern.first, first == "#" || first == "!" { pattern = "\\" + pattern }
        var trailingSpaces = 0
        while pattern.hasSuffix(" ") {
            pattern.removeLast()
            trailingSpaces += 1
        }
        pattern += String(repeating: "\\ ", count: trailingSpaces)
        return relativePath.contains("/") ? pattern : "/" + pattern
    }

    /// Whether a line of `bytes` is the pattern for `relativePath`, with or without a leading `/`.
    package static func lists(_ relativePath: String, in bytes: [UInt8]) -> Bool {
        let pattern = Self.pattern(for: relativePath)
        let bare = pattern.hasPrefix("/") ? String(pattern.dropFirst()) : pattern
        let candidates: Set<String> = [pattern, bare, "/" + bare]
        let text = String(decoding: bytes, as: UTF8.self)
        for line in text.split(omittingEmptySubsequences: true, whereSeparator: { $0 == "\n" || $0 == "\r" || $0 == "\r\n" }) {
            var trimmed = Substring(line)
            // Unescaped trailing spaces are not part of a pattern.
            while trimmed.hasSuffix(" "), !trimmed.hasSuffix("\\ ") { trimmed = trimmed.dropLast() }
            if candidates.contains(String(trimmed)) { return true }
        }
        return false
    }

    /// `existing` (or an empty file) with the pattern for `relativePath` appended on its own
    /// line, in the file's line terminator style; `nil` when a line already lists it.
    package static func adding(_ relativePath: String, to existing: [UInt8]?) -> [UInt8]? {
        let bytes = existing ?? []
        if lists(relativePath, in: bytes) { return nil }
        let newline = LocalConfigurationFile.lineTerminator(of: bytes)
        var output = bytes
        if let last = output.last, last != 0x0A, last != 0x0D { output.append(contentsOf: newline.utf8) }
        output.append(contentsOf: (pattern(for: relativePath) + newline).utf8)
        return output
    }
}
