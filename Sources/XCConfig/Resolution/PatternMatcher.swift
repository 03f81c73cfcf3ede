/// Condition patterns as Xcode matches them: `fnmatch`-like, case-sensitive, on bytes, with no
/// special meaning for `/`, `,` or `\` (semantics §4.2).
package enum PatternMatcher {
    /// `true` when `value` matches `pattern`.
    package static func matches(_ pattern: String, _ value: String) -> Bool {
        NameTable.withBytes(of: pattern) { p in NameTable.withBytes(of: value) { v in match(p, v) } }
    }

    /// Iterative matcher with single-star backtracking, linear in practice.
    static func match(_ p: UnsafeBufferPointer<UInt8>, _ v: UnsafeBufferPointer<UInt8>) -> Bool {
        // The literal bytes before the first wildcard are compared directly, and the usual
        // patterns end there: a word (`Debug`, `arm64`) or a word and a final `*`
        // (`iphoneos*`), which the general loop matched far more slowly.
        var literal = 0
        while literal < p.count {
            let c = p[literal]
            if c == UInt8(ascii: "*") || c == UInt8(ascii: "?") || c == UInt8(ascii: "[") { break }
            if literal >= v.count || v[literal] != c { return false }
            literal += 1
        }
        if literal == p.count { return v.count == p.count }
        if literal == p.count - 1 && p[literal] == UInt8(ascii: "*") { return true }
        return match(p, v, from: literal)
    }

    /// ``match(_:_:)`` with the first `start` bytes of `p` and `v` already matched, no star
    /// among them.
    static func match(_ p: UnsafeBufferPointer<UInt8>, _ v: UnsafeBufferPointer<UInt8>, from start: Int) -> Bool {
        var pi = start, vi = start
        var starP = -1, starV = 0
        while vi < v.count {
            if pi < p.count {
                let c = p[pi]
                if c == UInt8(ascii: "*") {
                    starP = pi
                    starV = vi
                    pi += 1
                    continue
                }
                if c == UInt8(ascii: "?") {
                    pi += 1
                    vi += 1
                    continue
                }
                if c == UInt8(ascii: "[") {
                    switch matchSet(p, pi, v[vi]) {
                    case .matched(let next):
                        pi = next
                        vi += 1
                        continue
                    case .notMatched:
                        break
                    case .literal:
                        if v[vi] == c {
                            pi += 1
                            vi += 1
                            continue
                        }
                    case .malformed:
                        return false
                    }
                } else if c == v[vi] {
                    pi += 1
                    vi += 1
                    continue
                }
            }
            if starP >= 0 {
                pi = starP + 1
                starV += 1
                vi = starV
                continue
            }
            return false
        }
        while pi < p.count, p[pi] == UInt8(ascii: "*") { pi += 1 }
        return pi == p.count
    }

    private enum SetResult {
        case matched(next: Int)
        case notMatched
        /// An unclosed `[` stands for itself.
        case literal
        /// A malformed range such as `[a-]`: the whole pattern fails.
        case malformed
    }

    private static func matchSet(_ p: UnsafeBufferPointer<UInt8>, _ start: Int, _ byte: UInt8) -> SetResult {
        var i = start + 1
        var negated = false
        if i < p.count, p[i] == UInt8(ascii: "!") {
            negated = true
            i += 1
        }
        var matched = false
        var first = true
        while i < p.count {
            let c = p[i]
            if c == UInt8(ascii: "]") && !first {
                return matched != negated ? .matched(next: i + 1) : .notMatched
            }
            first = false
            if i + 1 < p.count, p[i + 1] == UInt8(ascii: "-") {
                guard i + 2 < p.count, p[i + 2] != UInt8(ascii: "]") else { return .malformed }
                let high = p[i + 2]
                if c <= byte && byte <= high { matched = true }
                i += 3
                continue
            }
            if c == byte { matched = true }
            i += 1
        }
        return .literal
    }
}
