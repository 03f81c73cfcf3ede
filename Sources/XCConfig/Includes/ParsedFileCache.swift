import XCConfigSyntax

/// Configuration files parsed once and shared by the loads that meet them, by path.
///
/// Give the same cache to several ``IncludeLoader``s (the linter loads every file of a tree,
/// and each root with its includes): a file that many loads include is read and parsed once,
/// not once per load. The cache does not watch the disk; make a new one when files may have
/// changed. Safe to use from several threads at once: two loads that meet the same file at
/// the same time wait for one parse.
public final class ParsedFileCache: @unchecked Sendable {
    /// One path's parse, guarded by its own lock, so that different files parse in parallel.
    private final class Entry: @unchecked Sendable {
        let lock = Lock()
        var tree: SyntaxTree?
    }

    private let lock = Lock()
    private var entries: [String: Entry] = [:]

    public init() {}

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
            let tree = XCConfigParser.parse(try read())
            entry.tree = tree
            return tree
        }
    }

}
