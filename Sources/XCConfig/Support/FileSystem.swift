/// What kind of entry a path names.
public enum FileKind: Sendable, Hashable {
    case file
    case directory
    case other
}

/// An error from a ``FileSystem`` operation, with the path it concerns.
public struct FileSystemError: Error, Hashable, Sendable, CustomStringConvertible {
    public enum Reason: Hashable, Sendable {
        case notFound
        case isDirectory
        case permissionDenied
        case tooLarge(limit: Int)
        case ioError(String)
        /// The file is no longer what it was when it was read: another program changed,
        /// created or removed it meanwhile.
        case changedSinceRead
    }
    public var path: String
    public var reason: Reason

    public init(path: String, reason: Reason) {
        self.path = path
        self.reason = reason
    }

    public var description: String {
        switch reason {
        case .notFound: "no such file: '\(path)'"
        case .isDirectory: "'\(path)' is a directory"
        case .permissionDenied: "permission denied: '\(path)'"
        case .tooLarge(let limit): "'\(path)' is larger than \(limit / (1024 * 1024)) MiB"
        case .ioError(let message): "cannot access '\(path)': \(message)"
        case .changedSinceRead: "'\(path)' changed on disk since it was read (is it open in Xcode or another tool?)"
        }
    }
}

/// Every file access of the library goes through this protocol, so tests can run on an
/// in-memory tree and the tool never touches anything but files.
///
/// Paths are absolute, `/`-separated strings.
public protocol FileSystem: Sendable {
    /// The kind of entry at `path`, or `nil` when nothing is there. Follows symbolic links.
    func kind(of path: String) -> FileKind?
    /// The bytes of the file at `path`.
    func read(_ path: String) throws(FileSystemError) -> [UInt8]
    /// Writes `bytes` to `path` atomically: a temporary file in the same folder, flushed, then
    /// renamed over `path`, keeping the original's permissions. On failure `path` is untouched
    /// and no temporary file is left.
    func writeAtomically(_ bytes: [UInt8], to path: String) throws(FileSystemError)
    /// ``writeAtomically(_:to:)``, but just before the new file replaces `path`, compares what is
    /// at `path` with `expected` (`nil`: nothing may be there) and, when they differ, leaves
    /// `path` alone and throws ``FileSystemError/Reason/changedSinceRead``.
    func writeAtomically(_ bytes: [UInt8], to path: String, ifUnchangedFrom expected: [UInt8]?) throws(FileSystemError)
    /// Replaces the file at `path` atomically, as ``writeAtomically(_:to:)`` does, with what
    /// `contents` makes of what is there just before (`nil`: nothing); when `contents` throws,
    /// `path` is left alone. A real file system holds an advisory lock (`flock`) on the file
    /// from that read until the new file is in place, and creates a new file only where none
    /// is. Without `flushing`, the new file is not flushed to disk by itself: ``flush(_:)``
    /// then does it for many files at once.
    ///
    /// - Returns: what was there before, and what was written.
    @discardableResult
    func replaceAtomically(
        _ path: String, flushing: Bool, with contents: (_ current: [UInt8]?) throws(FileSystemError) -> [UInt8]
    ) throws(FileSystemError) -> (previous: [UInt8]?, written: [UInt8])
    /// Flushes to disk what ``replaceAtomically(_:flushing:with:)`` wrote to `paths` without
    /// flushing, and the folders that name them.
    func flush(_ paths: [String]) throws(FileSystemError)
    /// Removes the file or empty directory at `path` (to undo what a failed edit created).
    func removeItem(_ path: String) throws(FileSystemError)
    /// Creates the directory at `path` (its parent must exist); nothing happens when it exists.
    func createDirectory(_ path: String) throws(FileSystemError)
    /// The names of the entries of the directory at `path` (not recursive, unsorted).
    func contents(ofDirectory path: String) throws(FileSystemError) -> [String]
    /// `path` with every symbolic link resolved; `path` itself when nothing is to resolve.
    func resolvingSymlinks(_ path: String) -> String
    /// `true` when the entry at `path` is itself a symbolic link (the last component is not
    /// followed; the folders above it are). Lets the include loader resolve a folder once and
    /// name the files in it by that, instead of resolving every file's whole path.
    func isSymbolicLink(_ path: String) -> Bool
    /// `kind(of: path)` and `isSymbolicLink(path)` together, with one lookup where the file
    /// system can (an `lstat`, and a `stat` only for a link); `nil` when `kind(of:)` is `nil`.
    func entry(at path: String) -> (kind: FileKind, isSymbolicLink: Bool)?
    /// Whether `path` is a symbolic link whose chain of links never ends (the system's
    /// "too many levels of symbolic links").
    func isSymbolicLinkLoop(_ path: String) -> Bool
    /// Whether `path` is a regular file its owner may not write (mode 0444): the edit commands
    /// refuse to replace it unless told to, as git refuses to clobber one.
    func isReadOnlyFile(_ path: String) -> Bool
    /// The current directory.
    var currentDirectory: String { get }
}

extension FileSystem {
    /// For file systems without a closer check: compares, then writes.
    public func writeAtomically(_ bytes: [UInt8], to path: String, ifUnchangedFrom expected: [UInt8]?) throws(FileSystemError) {
        let current = kind(of: path) == nil ? nil : try? read(path)
        if current != expected || (expected == nil && exists(path)) {
            throw FileSystemError(path: path, reason: .changedSinceRead)
        }
        try writeAtomically(bytes, to: path)
    }

    /// For file systems without locks: reads, then writes.
    @discardableResult
    public func replaceAtomically(
        _ path: String, flushing: Bool, with contents: (_ current: [UInt8]?) throws(FileSystemError) -> [UInt8]
    ) throws(FileSystemError) -> (previous: [UInt8]?, written: [UInt8]) {
        let current = kind(of: path) == nil ? nil : try read(path)
        let bytes = try contents(current)
        try writeAtomically(bytes, to: path)
        return (current, bytes)
    }

    /// For file systems that keep nothing in a cache.
    public func flush(_ paths: [String]) throws(FileSystemError) {}

    /// For read-only file systems.
    public func removeItem(_ path: String) throws(FileSystemError) {
        throw FileSystemError(path: path, reason: .ioError("this file system cannot remove files"))
    }

    /// For read-only file systems.
    public func createDirectory(_ path: String) throws(FileSystemError) {
        if kind(of: path) == .directory { return }
        throw FileSystemError(path: path, reason: .ioError("this file system cannot create directories"))
    }

    /// `true` when something exists at `path` (a directory counts, as in Xcode's include search).
    public func exists(_ path: String) -> Bool { kind(of: path) != nil }

    /// For file systems that do not provide it: exact, from two resolutions. `false` promises
    /// that `path` resolves to its resolved folder followed by its last component.
    public func isSymbolicLink(_ path: String) -> Bool {
        resolvingSymlinks(path) != Path.join(resolvingSymlinks(Path.directory(of: path)), Path.basename(path))
    }

    /// For file systems that do not provide it: ``kind(of:)``, then ``isSymbolicLink(_:)``.
    public func entry(at path: String) -> (kind: FileKind, isSymbolicLink: Bool)? {
        guard let kind = kind(of: path) else { return nil }
        return (kind, isSymbolicLink(path))
    }

    /// For file systems without links, or that cannot tell a loop from a dangling link.
    public func isSymbolicLinkLoop(_ path: String) -> Bool { false }

    /// For file systems without permissions.
    public func isReadOnlyFile(_ path: String) -> Bool { false }
}
