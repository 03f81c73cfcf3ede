/// A path glob from a configuration's `exclude` list.
///
/// `*` matches within one path component, `**` any number of components, `?` one byte;
/// a glob that matches a directory excludes everything below it. A glob without `/`
/// matches a component at any depth (`Generated` excludes every `Generated` folder).
public struct Glob: Sendable, Hashable {
    /// The glob as written.
    public let pattern: String
    private let components: [[UInt8]]
    private let anchored: Bool

    public init(_ pattern: String) {
        self.pattern = pattern
        var text = pattern
        if text.hasPrefix("./") { text.removeFirst(2) }
        while text.hasSuffix("/") && text.count > 1 { text.removeLast() }
        anchored = text.contains("/")
        components = text.split(separator: "/", omittingEmptySubsequences: true).map { Array($0.utf8) }
    }

    /// `true` when `relativePath` (components separated by `/`, relative to the configuration's
    /// directory) or one of its ancestors matches.
    public func matches(_ relativePath: String) -> Bool {
        let parts = relativePath.split(separator: "/", omittingEmptySubsequences: true).map { Array($0.utf8) }
        if anchored {
            return Glob.match(components[...], parts[...], prefix: true)
        }
        guard let only = components.first else { return false }
        return parts.contains { Glob.matchComponent(only[...], $0[...]) }
    }

    /// Whether the glob components match the path components; with `prefix`, matching a
    /// leading part of the path is enough (an excluded directory).
    private static func match(_ glob: ArraySlice<[UInt8]>, _ path: ArraySlice<[UInt8]>, prefix: Bool) -> Bool {
        guard let first = glob.first else { return path.isEmpty || prefix }
        if first == Array("**".utf8) {
            let rest = glob.dropFirst()
            var remaining = path
            while true {
                if match(rest, remaining, prefix: prefix) { return true }
                if remaining.isEmpty { return false }
                remaining = remaining.dropFirst()
            }
        }
        guard let component = path.first, matchComponent(first[...], component[...]) else { return false }
        return match(glob.dropFirst(), path.dropFirst(), prefix: prefix)
    }

    /// `fnmatch` on one component: `*`, `?`, `[...]` sets.
    static func matchComponent(_ pattern: ArraySlice<UInt8>, _ text: ArraySlice<UInt8>) -> Bool {
        var p = pattern.startIndex
        var t = text.startIndex
        var star: (p: Int, t: Int)? = nil
        while t < text.endIndex {
            if p < pattern.endIndex {
                let byte = pattern[p]
                if byte == UInt8(ascii: "*") {
                    star = (p, t)
                    p += 1
                    continue
                }
                if byte == UInt8(ascii: "?") || byte == text[t] {
                    p += 1
                    t += 1
                    continue
                }
                if byte == UInt8(ascii: "["), let close = pattern[(p + 1)...].firstIndex(of: UInt8(ascii: "]")) {
                    var set = pattern[(p + 1)..<close]
                    let negate = set.first == UInt8(ascii: "!")
                    if negate { set = set.dropFirst() }
                    var found = false
                    var index = set.startIndex
                    while index < set.endIndex {
                        if index + 2 < set.endIndex, set[index + 1] == UInt8(ascii: "-") {
                            if set[index] <= text[t] && text[t] <= set[index + 2] { found = true }
                            index += 3
                        } else {
                            if set[index] == text[t] { found = true }
                            index += 1
                        }
                    }
                    if found != negate {
                        p = close + 1
                        t += 1
                        continue
                    }
                }
            }
            guard let backtrack = star else { return false }
            p = backtrack.p + 1
            t = backtrack.t + 1
            star = (backtrack.p, backtrack.t + 1)
        }
        while p < pattern.endIndex, pattern[p] == UInt8(ascii: "*") { p += 1 }
        return p == pattern.endIndex
    }
}
