/// Which lines of a file an edit added or changed, computed here rather than asked of
/// `git diff`: comparing with the working tree makes git refresh the index, which runs the
/// repository's clean filters and index hooks (issue 30).
package enum LineDiff {
    /// The lines (1-based) of `new` that are not in a longest common subsequence of the lines
    /// of `old` and `new`, as the `+` side of a `git diff -U0`; a run of deleted lines counts as
    /// the line before it (1 at the top). `old` `nil` (a file added) changes every line.
    ///
    /// Myers' O(ND) algorithm on the part between the common first and last lines. Past
    /// `maximumEdits` edits the remembered paths would grow as their square, and the whole
    /// middle counts as changed instead.
    package static func changedLines(from old: [UInt8]?, to new: [UInt8], maximumEdits: Int = 1_000) -> Set<Int> {
        var numbers: [ArraySlice<UInt8>: Int] = [:]
        func lineNumbers(_ bytes: [UInt8]) -> [Int] {
            var lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
            if bytes.last == UInt8(ascii: "\n") { lines.removeLast() }
            return lines.map { line in
                if let number = numbers[line] { return number }
                numbers[line] = numbers.count
                return numbers.count - 1
            }
        }
        let b = lineNumbers(new)
        guard let old else { return Set(b.indices.map { $0 + 1 }) }
        let a = lineNumbers(old)

        var prefix = 0
        while prefix < a.count, prefix < b.count, a[prefix] == b[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < a.count - prefix, suffix < b.count - prefix, a[a.count - 1 - suffix] == b[b.count - 1 - suffix] { suffix += 1 }
        let oldMiddle = Array(a[prefix..<(a.count - suffix)]), newMiddle = Array(b[prefix..<(b.count - suffix)])

        var changed = Set<Int>()
        let kept = commonLines(oldMiddle, newMiddle, maximumEdits: maximumEdits)
        // Walk both sides; each run of unmatched lines is one hunk.
        var i = 0, j = 0
        for (keptOld, keptNew) in kept + [(oldMiddle.count, newMiddle.count)] {
            if j < keptNew {
                for line in j..<keptNew { changed.insert(prefix + line + 1) }
            } else if i < keptOld {
                changed.insert(max(prefix + j, 1))
            }
            i = keptOld + 1
            j = keptNew + 1
        }
        return changed
    }

    /// The index pairs of a longest common subsequence of `a` and `b`, in order; none when it
    /// needs more than `maximumEdits` insertions and deletions.
    private static func commonLines(_ a: [Int], _ b: [Int], maximumEdits: Int) -> [(Int, Int)] {
        let n = a.count, m = b.count
        guard n > 0, m > 0 else { return [] }
        let limit = min(n + m, maximumEdits)
        let offset = limit + 1
        var frontier = [Int](repeating: 0, count: 2 * limit + 3)
        // The part of the frontier each step reads (diagonals -d-1 ... d+1), kept to walk back along.
        var history: [[Int]] = []
        var found: Int?
        search: for d in 0...limit {
            history.append(Array(frontier[(offset - d - 1)...(offset + d + 1)]))
            for k in stride(from: -d, through: d, by: 2) {
                var x = k == -d || (k != d && frontier[offset + k - 1] < frontier[offset + k + 1])
                    ? frontier[offset + k + 1] : frontier[offset + k - 1] + 1
                var y = x - k
                while x < n, y < m, a[x] == b[y] {
                    x += 1
                    y += 1
                }
                frontier[offset + k] = x
                if x >= n, y >= m {
                    found = d
                    break search
                }
            }
        }
        guard let edits = found else { return [] }

        var pairs: [(Int, Int)] = []
        var x = n, y = m
        for d in stride(from: edits, through: 0, by: -1) {
            let previous = history[d], base = d + 1
            let k = x - y
            let previousK = k == -d || (k != d && previous[base + k - 1] < previous[base + k + 1]) ? k + 1 : k - 1
            let previousX = d == 0 ? 0 : previous[base + previousK]
            let previousY = d == 0 ? 0 : previousX - previousK
            // The diagonal run after the step: matched lines.
            let startX = d == 0 ? 0 : (previousK == k + 1 ? previousX : previousX + 1)
            while x > startX, y > 0, x > 0 {
                x -= 1
                y -= 1
                pairs.append((x, y))
            }
            x = previousX
            y = previousY
        }
        return pairs.reversed()
    }
}
