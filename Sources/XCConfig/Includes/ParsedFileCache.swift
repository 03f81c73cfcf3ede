import XCConfigSyntax

/// Configuration files parsed once and shared by the loads that meet them, by path.
///
/// Give the same cache to several ``IncludeLoader``s (the linter loads every file of a tree,
/// and each root with its includes): a file that many loads include is read and parsed once,
/// not once per load. The cache does not watch the disk; make a new one when files may have
/// changed, or ``revalidating()`` to keep the trees of the files that did not. Safe to use from
/// several threads at once: two loads that meet the same file at the same time wait for one
/// parse.
public final class ParsedFileCache: @unchecked Sendable {
    /// One path's parse, guarded by its own lock, so that different files parse in parallel.
    private final class Entry: @unchecked Sendable {
        let lock = Lock()
        var tree: SyntaxTree?
    }

    private let lock = Lock()
    private var entries: [String: Entry] = [:]
    /// The trees of an earlier cache, each reused when its file's bytes are read again unchanged.
    private let earlier: [String: SyntaxTree]

    public init() { earlier = [:] }

    private init(earlier: [String: SyntaxTree]) { self.earlier = earlier }

    /// A cache for when files may have changed since this one was filled: each file is read
    /// again when first asked for, and keeps this cache's tree when its bytes are the same, so
    /// only the files that changed are parsed again (a language server, at each keystroke).
    public func revalidating() -> ParsedFileCache {
        lock.withLock {
            var trees = earlier
            for (path, entry) in entries {
                if let tree = entry.lock.withLock({ entry.tree }) { trees[path] = tree }
            }
            return ParsedFileCache(earlier: trees)
        }
    }

    /// The tree of the file at `path` (absolute, normalised): parsed from `read()` the first
    /// time, the same tree afterwards. A read that fails is not remembered: the next call reads
    /// again and reports its own failure.
    public func tree(at path: String, reading read: () throws(FileSystemError) -> [UInt8]) throws(FileSystemError) -> SyntaxTree {
        let entry = lock.withLock {
            if let existing = entries[path] { return existing }
            let created = Entry()
            entries[path] = created
            return created
        }
        return try entry.lock.withLock { () throws(FileSystemError) -> SyntaxTree in
            if let tree = entry.tree { return tree }
            let bytes = try read()
            if let kept = earlier[path], kept.bytes == bytes {
                entry.tree = kept
                return kept
            }
            let tree = XCConfigParser.parse(bytes)
            entry.tree = tree
            return tree
        }
    }

}
