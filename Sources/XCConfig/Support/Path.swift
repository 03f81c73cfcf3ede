/// Lexical operations on `/`-separated paths. Nothing here touches the file system.
public enum Path {
    /// `true` when `path` starts with `/`.
    public static func isAbsolute(_ path: String) -> Bool { path.utf8.first == UInt8(ascii: "/") }

    /// The directory part of `path` without a trailing `/` (`/a/b.xcconfig` → `/a`, `b` → `.`).
    public static func directory(of path: String) -> String {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return "." }
        if slash == path.utf8.startIndex { return "/" }
        return String(path[..<slash])
    }

    /// The last component of `path` (`/a/b.xcconfig` → `b.xcconfig`).
    public static func basename(_ path: String) -> String {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return path }
        return String(path[path.utf8.index(after: slash)...])
    }

    /// The extension of the last component without the dot, or `""`.
    public static func fileExtension(_ path: String) -> String {
        let name = basename(path)
        guard let dot = name.utf8.lastIndex(of: UInt8(ascii: ".")), dot != name.utf8.startIndex else { return "" }
        return String(name[name.utf8.index(after: dot)...])
    }

    /// `relative` appended to `base` with one `/`; an absolute `relative` is returned as is.
    public static func join(_ base: String, _ relative: String) -> String {
        if isAbsolute(relative) || base.isEmpty { return relative }
        if relative.isEmpty { return base }
        return base.hasSuffix("/") ? base + relative : base + "/" + relative
    }

    /// Lexical normalisation: collapses `//` and `.`, resolves `..` where it can, drops a trailing `/`.
    /// A relative path keeps leading `..` components.
    public static func normalize(_ path: String) -> String {
        let absolute = isAbsolute(path)
        var parts: [Substring] = []
        for component in path.split(separator: "/", omittingEmptySubsequences: true) {
            if component == "." { continue }
            if component == ".." {
                if let last = parts.last, last != ".." {
                    parts.removeLast()
                    continue
                }
                if absolute { continue }
            }
            parts.append(component)
        }
        let joined = parts.joined(separator: "/")
        if absolute { return "/" + joined }
        return joined.isEmpty ? "." : joined
    }

    /// `path` made absolute against `directory` and normalised.
    public static func absolute(_ path: String, relativeTo directory: String) -> String {
        normalize(isAbsolute(path) ? path : join(directory, path))
    }

    /// `path` relative to `directory` when it lies below it, else `path` unchanged.
    /// Used to print file names the way compilers do.
    public static func display(_ path: String, relativeTo directory: String) -> String {
        let base = directory.hasSuffix("/") ? directory : directory + "/"
        if path.hasPrefix(base) { return String(path.dropFirst(base.count)) }
        return path
    }
}
