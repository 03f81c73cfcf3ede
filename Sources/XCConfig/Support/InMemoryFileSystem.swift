/// A file system held in memory, for tests: files, directories, symbolic links, permissions,
/// and write failures injected on purpose.
///
/// Thread-safe: every operation holds one lock, so commands under test may read from several
/// threads. Paths may be relative; they are taken relative to ``currentDirectory``.
///
/// Permissions are modelled the way they matter to the tool: a file or directory whose owner
/// read bit (`0o400`) is clear cannot be read or listed, and a directory whose owner write bit
/// (`0o200`) is clear refuses new files. Unlike the real file system as root, these checks are
/// never bypassed, so tests can exercise the failure paths.
///
/// ```swift
/// let fileSystem = InMemoryFileSystem(currentDirectory: "/project", files: [
///     "Config/App.xcconfig": "#include \"Base.xcconfig\"\n",
///     "Config/Base.xcconfig": "SDKROOT = iphoneos\n",
/// ])
/// fileSystem.failWrites(under: "/project/Config", with: .diskFull)
/// ```
public final class InMemoryFileSystem: FileSystem, @unchecked Sendable {
    /// Symbolic links followed before giving up, as `ELOOP` does.
    private static let maximumSymlinkHops = 40

    /// Everything the file system holds, read and written only through `state.withLock`.
    private let state: Locked<Tree>

    /// A file system holding `files` (path → UTF-8 contents; relative paths are below
    /// `currentDirectory`), with their directories created as needed.
    public init(currentDirectory: String = "/", files: [String: String] = [:]) {
        var tree = Tree(currentDirectory: Path.normalize(Path.join("/", currentDirectory)))
        tree.createDirectories(tree.currentDirectory)
        state = Locked(tree)
        for (path, contents) in files {
            addFile(path, contents)
        }
    }

    /// The directory relative paths are resolved against. It need not exist.
    public var currentDirectory: String {
        get { state.withLock { $0.currentDirectory } }
        set { state.withLock { $0.currentDirectory = Path.normalize(Path.join("/", newValue)) } }
    }

    // MARK: - Building the tree

    /// Adds (or replaces) a file with UTF-8 `contents`, creating its directories.
    public func addFile(_ path: String, _ contents: String, permissions: UInt16 = 0o644) {
        addFile(path, bytes: Array(contents.utf8), permissions: permissions)
    }

    /// Adds (or replaces) a file with `bytes`, creating its directories.
    public func addFile(_ path: String, bytes: [UInt8], permissions: UInt16 = 0o644) {
        state.withLock { tree in
            let key = tree.absolute(path)
            tree.createDirectories(Path.directory(of: key))
            tree.nodes[key] = .file(bytes, permissions: permissions)
        }
    }

    /// Adds a directory and its parents.
    public func addDirectory(_ path: String, permissions: UInt16 = 0o755) {
        state.withLock { tree in
            let key = tree.absolute(path)
            tree.createDirectories(key)
            tree.nodes[key] = .directory(permissions: permissions)
        }
    }

    /// Adds a symbolic link at `path` whose target is `destination`, relative to the link's
    /// directory unless absolute, exactly as a real link. The target need not exist.
    public func addSymlink(_ path: String, pointingTo destination: String) {
        state.withLock { tree in
            let key = tree.absolute(path)
            tree.createDirectories(Path.directory(of: key))
            tree.nodes[key] = .symlink(destination)
            tree.hasAddedSymlinks = true
        }
    }

    /// Changes the permission bits of a file or directory (following links).
    public func setPermissions(_ permissions: UInt16, of path: String) {
        state.withLock { tree in
            guard let key = tree.resolve(path) else { return }
            switch tree.nodes[key] {
            case .file(let bytes, _): tree.nodes[key] = .file(bytes, permissions: permissions)
            case .directory: tree.nodes[key] = .directory(permissions: permissions)
            case .symlink, nil: break
            }
        }
    }

    /// The permission bits of a file or directory (following links), or `nil` when nothing is there.
    public func permissions(of path: String) -> UInt16? {
        state.withLock { tree in
            guard let key = tree.resolve(path) else { return nil }
            switch tree.nodes[key] {
            case .file(_, let permissions), .directory(let permissions): return permissions
            case .symlink, nil: return nil
            }
        }
    }

    /// Removes an entry (not following a final link) and everything below it.
    public func remove(_ path: String) {
        state.withLock { tree in
            let key = tree.absolute(path)
            guard key != "/" else { return }
            let prefix = key + "/"
            tree.nodes = tree.nodes.filter { $0.key != key && !$0.key.hasPrefix(prefix) }
        }
    }

    /// Makes every later write to `path`, or to anything below it when it is a directory, fail
    /// with `reason`, leaving the tree untouched: `.diskFull`, `.permissionDenied` for a
    /// read-only folder, or any other reason.
    public func failWrites(under path: String, with reason: FileSystemError.Reason) {
        state.withLock { tree in tree.injectedFailures[tree.absolute(path)] = reason }
    }

    /// Removes every failure injected with ``failWrites(under:with:)``.
    public func clearInjectedFailures() {
        state.withLock { tree in tree.injectedFailures.removeAll() }
    }

    // MARK: - Inspecting the tree

    /// The contents of the file at `path` as UTF-8 (invalid bytes become U+FFFD), or `nil` when
    /// no readable file is there. Ignores permissions, as a test's assertion should.
    public func contentsOfFile(_ path: String) -> String? {
        state.withLock { tree in
            guard let key = tree.resolve(path), case .file(let bytes, _)? = tree.nodes[key] else { return nil }
            return String(decoding: bytes, as: UTF8.self)
        }
    }

    /// Every path in the tree, sorted: to check that a failed write left nothing behind.
    public var allPaths: [String] {
        state.withLock { tree in tree.nodes.keys.sorted() }
    }

    /// The paths written successfully with ``writeAtomically(_:to:)``, in order.
    public var writtenPaths: [String] {
        state.withLock { tree in tree.writeLog }
    }

    // MARK: - FileSystem

    public func kind(of path: String) -> FileKind? {
        state.withLock { tree in
            guard let key = tree.resolve(path) else { return nil }
            switch tree.nodes[key] {
            case .file: return .file
            case .directory: return .directory
            case .symlink, nil: return nil
            }
        }
    }

    public func read(_ path: String) throws(FileSystemError) -> [UInt8] {
        try state.withLock { (tree: inout Tree) throws(FileSystemError) -> [UInt8] in
            guard let key = tree.resolve(path) else { throw FileSystemError(path: path, reason: .ioError("Too many levels of symbolic links")) }
            switch tree.nodes[key] {
            case nil, .symlink:
                throw FileSystemError(path: path, reason: .notFound)
            case .directory:
                throw FileSystemError(path: path, reason: .isDirectory)
            case .file(let bytes, let permissions):
                guard permissions & 0o400 != 0 else { throw FileSystemError(path: path, reason: .permissionDenied) }
                guard bytes.count <= Limits.maximumFileSize else {
                    throw FileSystemError(path: path, reason: .tooLarge(limit: Limits.maximumFileSize))
                }
                return bytes
            }
        }
    }

    public func writeAtomically(_ bytes: [UInt8], to path: String) throws(FileSystemError) {
        try write(bytes, to: path, comparing: false, with: nil)
    }

    /// Compares and writes under one lock: no other writer can come between.
    public func writeAtomically(_ bytes: [UInt8], to path: String, ifUnchangedFrom expected: [UInt8]?) throws(FileSystemError) {
        try write(bytes, to: path, comparing: true, with: expected)
    }

    public func removeItem(_ path: String) throws(FileSystemError) {
        try state.withLock { (tree: inout Tree) throws(FileSystemError) in
            let key = tree.absolute(path)
            switch tree.nodes[key] {
            case nil: throw FileSystemError(path: path, reason: .notFound)
            case .directory:
                let prefix = key + "/"
                if tree.nodes.keys.contains(where: { $0.hasPrefix(prefix) }) {
                    throw FileSystemError(path: path, reason: .ioError("Directory not empty"))
                }
            case .file, .symlink: break
            }
            tree.nodes[key] = nil
        }
    }

    public func createDirectory(_ path: String) throws(FileSystemError) {
        try state.withLock { (tree: inout Tree) throws(FileSystemError) in
            let key = tree.absolute(path)
            switch tree.nodes[key] {
            case .directory: return
            case .file, .symlink: throw FileSystemError(path: path, reason: .ioError("File exists"))
            case nil: break
            }
            guard case .directory(let permissions)? = tree.nodes[Path.directory(of: key)] else {
                throw FileSystemError(path: Path.directory(of: key), reason: .notFound)
            }
            guard permissions & 0o200 != 0 else { throw FileSystemError(path: path, reason: .permissionDenied) }
            if let reason = tree.injectedFailure(for: key) { throw FileSystemError(path: path, reason: reason) }
            tree.nodes[key] = .directory(permissions: 0o755)
        }
    }

    /// Reads, makes the contents and writes under one lock: no other writer can come between.
    @discardableResult
    public func replaceAtomically(
        _ path: String, flushing: Bool, with contents: (_ current: [UInt8]?) throws(FileSystemError) -> [UInt8]
    ) throws(FileSystemError) -> (previous: [UInt8]?, written: [UInt8]) {
        try write(to: path, comparing: false, with: nil, contents)
    }

    private func write(_ bytes: [UInt8], to path: String, comparing: Bool, with expected: [UInt8]?) throws(FileSystemError) {
        try write(to: path, comparing: comparing, with: expected) { _ in bytes }
    }

    @discardableResult
    private func write(
        to path: String, comparing: Bool, with expected: [UInt8]?, _ contents: (_ current: [UInt8]?) throws(FileSystemError) -> [UInt8]
    ) throws(FileSystemError) -> (previous: [UInt8]?, written: [UInt8]) {
        try state.withLock { (tree: inout Tree) throws(FileSystemError) -> (previous: [UInt8]?, written: [UInt8]) in
            guard let target = tree.resolve(path) else { throw FileSystemError(path: path, reason: .ioError("Too many levels of symbolic links")) }
            let directory = Path.directory(of: target)
            guard case .directory(let directoryPermissions)? = tree.nodes[directory] else {
                throw FileSystemError(path: directory, reason: .notFound)
            }
            var permissions: UInt16 = 0o644  // 0666 minus the usual umask 022
            switch tree.nodes[target] {
            case .directory: throw FileSystemError(path: path, reason: .isDirectory)
            case .file(_, let existing): permissions = existing
            case .symlink, nil: break
            }
            guard directoryPermissions & 0o200 != 0 else { throw FileSystemError(path: path, reason: .permissionDenied) }
            if let reason = tree.injectedFailure(for: target) ?? tree.injectedFailure(for: tree.absolute(path)) {
                // The real helper removes its temporary file on failure; here none was created.
                throw FileSystemError(path: path, reason: reason)
            }
            var current: [UInt8]?
            if case .file(let existing, _)? = tree.nodes[target] { current = existing }
            if comparing, current != expected || (expected == nil && tree.nodes[target] != nil) {
                throw FileSystemError(path: path, reason: .changedSinceRead)
            }
            let bytes = try contents(current)
            tree.nodes[target] = .file(bytes, permissions: permissions)
            tree.writeLog.append(target)
            return (current, bytes)
        }
    }

    public func contents(ofDirectory path: String) throws(FileSystemError) -> [String] {
        try state.withLock { (tree: inout Tree) throws(FileSystemError) -> [String] in
            guard let key = tree.resolve(path) else { throw FileSystemError(path: path, reason: .ioError("Too many levels of symbolic links")) }
            switch tree.nodes[key] {
            case nil, .symlink: throw FileSystemError(path: path, reason: .notFound)
            case .file: throw FileSystemError(path: path, reason: .ioError("Not a directory"))
            case .directory(let permissions):
                guard permissions & 0o400 != 0 else { throw FileSystemError(path: path, reason: .permissionDenied) }
            }
            let prefix = key == "/" ? "/" : key + "/"
            return tree.nodes.keys.compactMap { candidate in
                guard candidate != key, candidate.hasPrefix(prefix) else { return nil }
                let rest = candidate.dropFirst(prefix.count)
                return rest.contains("/") ? nil : String(rest)
            }
        }
    }

    public func resolvingSymlinks(_ path: String) -> String {
        state.withLock { tree in tree.resolve(path) ?? path }
    }

    public func isSymbolicLink(_ path: String) -> Bool {
        state.withLock { tree in tree.isLink(path) }
    }

    public func entry(at path: String) -> (kind: FileKind, isSymbolicLink: Bool)? {
        state.withLock { tree in
            guard let key = tree.resolve(path) else { return nil }
            let kind: FileKind
            switch tree.nodes[key] {
            case .file: kind = .file
            case .directory: kind = .directory
            case .symlink, nil: return nil
            }
            return (kind, tree.hasAddedSymlinks && tree.isLink(path))
        }
    }
}

/// The state of an ``InMemoryFileSystem``, and what reads it: always used under its lock.
extension InMemoryFileSystem {
    fileprivate enum Node {
        case file([UInt8], permissions: UInt16)
        case directory(permissions: UInt16)
        case symlink(String)
    }

    fileprivate struct Tree {
        /// Every entry by its lexically normalised absolute path; `/` always exists.
        var nodes: [String: Node] = ["/": .directory(permissions: 0o755)]
        var injectedFailures: [String: FileSystemError.Reason] = [:]
        /// The directory relative paths are resolved against.
        var currentDirectory: String
        /// The paths written successfully, in order.
        var writeLog: [String] = []
        /// Whether a symbolic link was ever added; until then every path resolves lexically.
        var hasAddedSymlinks = false

        init(currentDirectory: String) {
            self.currentDirectory = currentDirectory
        }

        /// Whether the entry `path` names is itself a symbolic link.
        func isLink(_ path: String) -> Bool {
            guard hasAddedSymlinks else { return false }
            let full = Path.isAbsolute(path) ? path : Path.join(currentDirectory, path)
            let name = Path.basename(full)
            guard full != "/", name != ".", name != "..", let folder = resolve(Path.directory(of: full)) else { return false }
            if case .symlink? = nodes[Path.join(folder, name)] { return true }
            return false
        }

        func absolute(_ path: String) -> String {
            Path.absolute(path, relativeTo: currentDirectory)
        }

        mutating func createDirectories(_ path: String) {
            var current = ""
            for component in path.split(separator: "/") {
                current += "/" + component
                if nodes[current] == nil { nodes[current] = .directory(permissions: 0o755) }
            }
        }

        /// The physical path `path` names, every symbolic link followed; `nil` on a link loop.
        /// `..` after a link goes up from the link's target, as the kernel does.
        func resolve(_ path: String) -> String? {
            let start = Path.isAbsolute(path) ? path : Path.join(currentDirectory, path)
            // Without links, following components is lexical normalisation (`..` of `/` is `/`).
            if !hasAddedSymlinks { return Path.normalize(start) }
            var pending = start.split(separator: "/").reversed().map(String.init)
            var current = "/"
            var hops = 0
            while let component = pending.popLast() {
                if component == "." { continue }
                if component == ".." {
                    current = Path.directory(of: current)
                    continue
                }
                let candidate = Path.join(current, component)
                if case .symlink(let destination)? = nodes[candidate] {
                    hops += 1
                    if hops > InMemoryFileSystem.maximumSymlinkHops { return nil }
                    if Path.isAbsolute(destination) { current = "/" }
                    pending.append(contentsOf: destination.split(separator: "/").reversed().map(String.init))
                    continue
                }
                current = candidate
            }
            return current
        }

        func injectedFailure(for path: String) -> FileSystemError.Reason? {
            var candidate = path
            while true {
                if let reason = injectedFailures[candidate] { return reason }
                if candidate == "/" { return nil }
                candidate = Path.directory(of: candidate)
            }
        }
    }
}

extension FileSystemError.Reason {
    /// The failure of a write to a full disk (`ENOSPC`).
    public static var diskFull: FileSystemError.Reason { .ioError("No space left on device") }
}
