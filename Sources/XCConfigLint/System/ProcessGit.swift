import XCConfig

/// The linter's questions put to the installed git (``GitCommandLine``, the tool's one way of
/// running it), with every answer cached. Nothing happens when git is not installed: every
/// question then gets "not in a work tree".
public final class ProcessGit: GitOracle, @unchecked Sendable {
    private let lock = Lock()
    private var roots: [String: String?] = [:]
    private var tracked: [String: Bool] = [:]
    private var ignored: [String: Bool] = [:]
    private let git: GitCommandLine?
    private let fileSystem = RealFileSystem()

    /// Asks the first `git` on the process's `PATH`.
    public init() {
        git = GitCommandLine.find(environment: Subprocess.processEnvironment())
    }

    package init(git: GitCommandLine?) {
        self.git = git
    }

    /// Runs git in `directory`; the status and standard output, or `nil` when it cannot run.
    private func run(_ arguments: [String], in directory: String) -> Subprocess.Result? {
        guard let git, fileSystem.kind(of: directory) == .directory else { return nil }
        return git.run(arguments, in: directory)
    }

    /// The nearest existing directory at or above `path`'s directory.
    private func existingDirectory(for path: String) -> String {
        var directory = Path.directory(of: path)
        while directory != "/" && directory != "." {
            if fileSystem.kind(of: directory) == .directory { return directory }
            directory = Path.directory(of: directory)
        }
        return directory
    }

    public func workTreeRoot(containing path: String) -> String? {
        let directory = existingDirectory(for: path)
        if let cached = lock.withLock({ roots[directory] }) { return cached }
        var root: String? = nil
        // Spawning git is slow: ask it only when a `.git` entry exists above the file.
        if hasGitEntry(above: directory), let result = run(["rev-parse", "--show-toplevel"], in: directory), result.status == 0 {
            let line = result.trimmedOutput
            root = line.isEmpty ? nil : line
        }
        lock.withLock { roots[directory] = root }
        return root
    }

    private func hasGitEntry(above directory: String) -> Bool {
        var current = directory
        while true {
            if fileSystem.kind(of: Path.join(current, ".git")) != nil { return true }
            let parent = Path.directory(of: current)
            if parent == current { return false }
            current = parent
        }
    }

    public func isTracked(_ path: String) -> Bool {
        if let cached = lock.withLock({ tracked[path] }) { return cached }
        var answer = false
        if workTreeRoot(containing: path) != nil,
           let result = run(["ls-files", "--error-unmatch", "--", path], in: existingDirectory(for: path)) {
            answer = result.status == 0
        }
        lock.withLock { tracked[path] = answer }
        return answer
    }

    public func isIgnored(_ path: String) -> Bool {
        if let cached = lock.withLock({ ignored[path] }) { return cached }
        var answer = false
        if workTreeRoot(containing: path) != nil,
           let result = run(["check-ignore", "-q", "--", path], in: existingDirectory(for: path)) {
            answer = result.status == 0
        }
        lock.withLock { ignored[path] = answer }
        return answer
    }
}
