#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import XCConfig

/// Git through its command-line tool, with every answer cached. Nothing happens when git is
/// not installed: every question then gets "not in a work tree".
public final class ProcessGit: GitOracle, @unchecked Sendable {
    private let lock = Lock()
    private var roots: [String: String?] = [:]
    private var tracked: [String: Bool] = [:]
    private var ignored: [String: Bool] = [:]
    private let executable: String?

    public init() {
        executable = ProcessGit.findGit()
    }

    private static func findGit() -> String? {
        let path = Subprocess.processEnvironment()["PATH"] ?? "/usr/bin:/bin:/usr/local/bin"
        for directory in path.split(separator: ":") {
            let candidate = "\(directory)/git"
            if Subprocess.isExecutableFile(candidate) { return candidate }
        }
        return nil
    }

    /// Runs git in `directory`; the status and standard output, or `nil` when it cannot run.
    private func run(_ arguments: [String], in directory: String) -> Subprocess.Result? {
        guard let executable, ProcessGit.isDirectory(directory) else { return nil }
        // `-c core.fsmonitor=false`: a repository's own .git/config can name a command that git
        // would run; the tool never executes anything from its inputs.
        return Subprocess.run(executable, arguments: ["-c", "core.fsmonitor=false", "-C", directory] + arguments)
    }

    private static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
    }

    private static func exists(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0
    }

    /// `path` without its last component, as `NSString.deletingLastPathComponent` has it:
    /// trailing slashes ignored, `/` for a component right under the root, `""` without a slash.
    static func deletingLastComponent(_ path: String) -> String {
        var bytes = Array(path.utf8)
        while bytes.count > 1, bytes.last == UInt8(ascii: "/") { bytes.removeLast() }
        guard let slash = bytes.lastIndex(of: UInt8(ascii: "/")) else { return "" }
        var end = slash
        while end > 0, bytes[end - 1] == UInt8(ascii: "/") { end -= 1 }
        return end == 0 ? "/" : String(decoding: bytes[..<end], as: UTF8.self)
    }

    /// The nearest existing directory at or above `path`'s directory.
    private func existingDirectory(for path: String) -> String {
        var directory = ProcessGit.deletingLastComponent(path)
        while !directory.isEmpty && directory != "/" {
            if ProcessGit.isDirectory(directory) { return directory }
            directory = ProcessGit.deletingLastComponent(directory)
        }
        return "/"
    }

    public func workTreeRoot(containing path: String) -> String? {
        let directory = existingDirectory(for: path)
        if let cached = lock.withLock({ roots[directory] }) { return cached }
        var root: String? = nil
        // Spawning git is slow: ask it only when a `.git` entry exists above the file.
        if ProcessGit.hasGitEntry(above: directory), let result = run(["rev-parse", "--show-toplevel"], in: directory), result.status == 0 {
            let line = result.trimmedOutput
            root = line.isEmpty ? nil : line
        }
        lock.withLock { roots[directory] = root }
        return root
    }

    private static func hasGitEntry(above directory: String) -> Bool {
        var current = directory
        while true {
            if ProcessGit.exists(current + (current.hasSuffix("/") ? "" : "/") + ".git") { return true }
            if current == "/" || current.isEmpty { return false }
            current = ProcessGit.deletingLastComponent(current)
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
