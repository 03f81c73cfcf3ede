extension String {
    // Foundation's replacingOccurrences is missing from FoundationEssentials on Linux, so the
    // library keeps its own, under a name that cannot clash with it.
    /// Every occurrence of `target` replaced (no Foundation needed).
    package func replacingEvery(_ target: String, with replacement: String) -> String {
        guard !target.isEmpty else { return self }
        var output = ""
        var rest = self[...]
        while let range = rest.firstRange(of: target) {
            output += rest[..<range.lowerBound]
            output += replacement
            rest = rest[range.upperBound...]
        }
        output += rest
        return output
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
