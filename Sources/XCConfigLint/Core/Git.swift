/// What the linter asks git: which work tree a file is in, whether git tracks it and whether
/// it ignores it. Tests answer from a table; ``ProcessGit`` asks the `git` executable.
public protocol GitOracle: Sendable {
    /// The top directory of the work tree holding `path`, or `nil` outside any work tree.
    func workTreeRoot(containing path: String) -> String?
    /// `true` when git tracks the file at `path` (`git ls-files`).
    func isTracked(_ path: String) -> Bool
    /// `true` when git ignores `path`, whether or not it exists (`git check-ignore`).
    func isIgnored(_ path: String) -> Bool
}

/// Git answers from tables, for examples and tests.
public struct StaticGit: GitOracle {
    /// The work tree's top directory.
    public var root: String
    /// Absolute paths git tracks.
    public var tracked: Set<String>
    /// Absolute paths git ignores.
    public var ignored: Set<String>

    public init(root: String, tracked: Set<String>, ignored: Set<String>) {
        self.root = root
        self.tracked = tracked
        self.ignored = ignored
    }

    public func workTreeRoot(containing path: String) -> String? {
        path == root || path.hasPrefix(root.hasSuffix("/") ? root : root + "/") ? root : nil
    }

    public func isTracked(_ path: String) -> Bool { tracked.contains(path) }
    public func isIgnored(_ path: String) -> Bool { ignored.contains(path) }
}
