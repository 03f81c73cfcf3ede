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
    /// The trees of earlier caches, each reused when its file's bytes are read again unchanged,
    /// with how many revalidations ago a load last asked for it.
    private let earlier: [String: (tree: SyntaxTree, age: Int)]
    /// How many bytes of source the trees kept by ``revalidating()`` may hold in all.
    public let keptBytesLimit: Int

    /// An empty cache; ``revalidating()`` keeps at most `keptBytesLimit` bytes of source (the
    /// default, 64 MiB, is far more than a project's xcconfigs).
    public init(keptBytesLimit: Int = 64 << 20) {
        earlier = [:]
        self.keptBytesLimit = keptBytesLimit
    }

    private init(earlier: [String: (tree: SyntaxTree, age: Int)], keptBytesLimit: Int) {
        self.earlier = earlier
        self.keptBytesLimit = keptBytesLimit
    }

    /// How many revalidations a tree no load asks for is kept: a document the editor stops
    /// looking at for a few keystrokes keeps its includes' trees; a closed one's are dropped.
    public static let keptRevalidations = 4

    /// A cache for when files may have changed since this one was filled: each file is read
    /// again when first asked for, and keeps this cache's tree when its bytes are the same, so
    /// only the files that changed are parsed again (a language server, at each keystroke).
    ///
    /// A tree is kept for ``keptRevalidations`` revalidations after the last load that asked
    /// for it, and all kept trees hold at most ``keptBytesLimit`` bytes of source, the most
    /// recently used first: a long session holds what it uses, not everything it ever parsed.
    public func revalidating() -> ParsedFileCache {
        lock.withLock {
            var candidates: [(path: String, tree: SyntaxTree, age: Int)] = []
            for (path, entry) in entries {
                if let tree = entry.lock.withLock({ entry.tree }) { candidates.append((path, tree, 0)) }
            }
            for (path, kept) in earlier where entries[path] == nil && kept.age + 1 < Self.keptRevalidations {
                candidates.append((path, kept.tree, kept.age + 1))
            }
            candidates.sort { $0.age != $1.age ? $0.age < $1.age : $0.path < $1.path }
            var trees: [String: (tree: SyntaxTree, age: Int)] = [:]
            var bytes = 0
            for candidate in candidates {
                bytes += candidate.tree.bytes.count
                if bytes > keptBytesLimit { break }
                trees[candidate.path] = (candidate.tree, candidate.age)
            }
            return ParsedFileCache(earlier: trees, keptBytesLimit: keptBytesLimit)
        }
    }

    /// The paths whose trees this cache keeps from earlier ones.
    package var keptPaths: Set<String> { Set(earlier.keys) }

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
            if let kept = earlier[path]?.tree, kept.bytes == bytes {
                entry.tree = kept
                return kept
            }
            let tree = XCConfigParser.parse(bytes)
            entry.tree = tree
            return tree
        }
    }

}
