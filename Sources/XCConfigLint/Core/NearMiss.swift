/// Finds the name a misspelt one was probably meant to be.
public enum NearMiss {
    /// The number of single-byte insertions, deletions, replacements and swaps of neighbours
    /// that turn `a` into `b` (optimal string alignment distance), or `limit + 1` as soon as it
    /// is known to exceed `limit`.
    public static func distance(_ a: [UInt8], _ b: [UInt8], limit: Int) -> Int {
        if abs(a.count - b.count) > limit { return limit + 1 }
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous2 = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            var rowMinimum = current[0]
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    value = min(value, previous2[j - 2] + 1)
                }
                current[j] = value
                rowMinimum = min(rowMinimum, value)
            }
            if rowMinimum > limit { return limit + 1 }
            (previous2, previous, current) = (previous, current, previous2)
        }
        return previous[b.count]
    }

    /// What `name` was probably meant to be among `candidates`: one equal to it ignoring case,
    /// else the closest within two edits (one for short names), unless it differs in a whole
    /// `_`-separated word. The one did-you-mean of the tool: commands, flags, setting names,
    /// rule identifiers and configuration keys all go through it.
    public static func suggestion(for name: String, in candidates: [String]) -> String? {
        let folded = name.lowercased()
        if let sameLetters = candidates.first(where: { $0 != name && $0.lowercased() == folded }) { return sameLetters }
        guard let closest = closest(to: name, in: candidates),
              !differsInAWholeWord(Array(name.utf8), Array(closest.utf8)) else { return nil }
        return closest
    }

    /// The candidate closest to `name` within two edits (one for short names), ties broken by
    /// order; `nil` when none is that close.
    public static func closest(to name: String, in candidates: [String]) -> String? {
        let bytes = Array(name.utf8)
        let limit = bytes.count < 10 ? 1 : 2
        var best: (String, Int)? = nil
        for candidate in candidates where candidate != name {
            let distance = distance(bytes, Array(candidate.utf8), limit: limit)
            if distance <= limit, distance < (best?.1 ?? .max) { best = (candidate, distance) }
        }
        return best?.0
    }

    /// `true` when `a` and `b` have the same number of `_`-separated words and some pair of
    /// them has nothing in common (every byte of the shorter one edited away): `CI_VERSION`
    /// and `GCC_VERSION` name different things, `OTHER_LDFLAG` and `OTHER_LDFLAGS` do not.
    public static func differsInAWholeWord(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        let underscore = UInt8(ascii: "_")
        let wordsA = a.split(separator: underscore, omittingEmptySubsequences: false)
        let wordsB = b.split(separator: underscore, omittingEmptySubsequences: false)
        guard wordsA.count == wordsB.count else { return false }
        for (x, y) in zip(wordsA, wordsB) where !x.elementsEqual(y) {
            let shorter = min(x.count, y.count)
            if distance(Array(x), Array(y), limit: shorter) >= shorter { return true }
        }
        return false
    }
}
