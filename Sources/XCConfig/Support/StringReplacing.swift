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
