extension String {
    // Foundation's replacingOccurrences is missing from FoundationEssentials on Linux, so the
    // library keeps its own, under a name that cannot clash with it. Both search the UTF-8
    // bytes: the standard library's `firstRange(of:)` compares characters, a cost that made
    // printing one long note a fifth of a whole `resolve`.
    /// Every occurrence of `target`'s bytes replaced (no Foundation needed).
    package func replacingEvery(_ target: String, with replacement: String) -> String {
        guard !target.isEmpty, var range = firstByteRange(of: target) else { return self }
        var output = ""
        output.reserveCapacity(utf8.count)
        var copied = startIndex
        while true {
            output += self[copied..<range.lowerBound]
            output += replacement
            copied = range.upperBound
            guard let next = firstByteRange(of: target, from: copied) else { break }
            range = next
        }
        output += self[copied...]
        return output
    }

    /// Whether `target`'s UTF-8 bytes occur in this string (`contains` compares characters).
    package func containsBytes(_ target: String) -> Bool {
        target.isEmpty || firstByteRange(of: target) != nil
    }

    /// The first range, from `start` on, whose UTF-8 bytes are `target`'s.
    package func firstByteRange(of target: String, from start: String.Index? = nil) -> Range<String.Index>? {
        let bytes = utf8, needle = target.utf8
        guard let first = needle.first else { return nil }
        var index = start ?? bytes.startIndex
        while let hit = bytes[index...].firstIndex(of: first) {
            if let end = bytes.index(hit, offsetBy: needle.count, limitedBy: bytes.endIndex), bytes[hit..<end].elementsEqual(needle) {
                return hit..<end
            }
            index = bytes.index(after: hit)
        }
        return nil
    }
}

extension String {
    /// `self < other` comparing UTF-8 bytes, the order Xcode applies dictionary keys in,
    /// without the generic sequence walk of `utf8.lexicographicallyPrecedes`.
    package func precedesInByteOrder(_ other: String) -> Bool {
        var left = self, right = other
        return left.withUTF8 { left in right.withUTF8 { SettingListing.precedesInByteOrder(left, $0) } }
    }
}

extension Array where Element == DictionaryEntry {
    /// The entries in ascending key byte order; already sorted ones (Xcode's default tables,
    /// a project file's dictionaries) are returned as they are, after one pass that checks.
    package func sortedByKey() -> [DictionaryEntry] {
        var index = 1
        while index < count, !self[index].key.precedesInByteOrder(self[index - 1].key) { index += 1 }
        if index >= count { return self }
        return sorted { $0.key.precedesInByteOrder($1.key) }
    }
}
