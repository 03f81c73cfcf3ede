#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The operating system's file system, through POSIX calls.
///
/// POSIX rather than `FileManager` because the contract needs exact errors (a directory, a
/// permission problem, a file over the size limit) and an atomic write that keeps permissions,
/// which `FileManager` does not promise on every platform.
///
/// Relative paths are taken relative to ``currentDirectory``.
public struct RealFileSystem: FileSystem {
    /// The directory relative paths are resolved against; the process's working directory by default.
    public var currentDirectory: String

    /// A file system rooted at `currentDirectory`, or at the process's working directory when `nil`.
    public init(currentDirectory: String? = nil) {
        self.currentDirectory = currentDirectory ?? RealFileSystem.processWorkingDirectory()
    }

    /// The working directory of the process, or `/` when it cannot be determined (it was deleted).
    public static func processWorkingDirectory() -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard getcwd(&buffer, buffer.count) != nil else { return "/" }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    public func kind(of path: String) -> FileKind? {
        var info = stat()
        guard stat(absolute(path), &info) == 0 else { return nil }
        return RealFileSystem.kind(info.st_mode)
    }

    public func entry(at path: String) -> (kind: FileKind, isSymbolicLink: Bool)? {
        let fullPath = absolute(path)
        var info = stat()
        guard lstat(fullPath, &info) == 0 else { return nil }
        if info.st_mode & S_IFMT != S_IFLNK { return (RealFileSystem.kind(info.st_mode), false) }
        guard stat(fullPath, &info) == 0 else { return nil }
        return (RealFileSystem.kind(info.st_mode), true)
    }

    public func isSymbolicLinkLoop(_ path: String) -> Bool {
        let fullPath = absolute(path)
        var info = stat()
        guard lstat(fullPath, &info) == 0, info.st_mode & S_IFMT == S_IFLNK else { return false }
        return stat(fullPath, &info) != 0 && errno == ELOOP
    }

    public func isReadOnlyFile(_ path: String) -> Bool {
        var info = stat()
        // The owner's write bit, not access(2): root may write any file, and would never be told.
        return stat(absolute(path), &info) == 0 && info.st_mode & S_IFMT == S_IFREG && info.st_mode & S_IWUSR == 0
    }

    private static func kind(_ mode: mode_t) -> FileKind {
        switch mode & S_IFMT {
        case S_IFREG: .file
        case S_IFDIR: .directory
        default: .other
        }
    }

    /// The bytes of the regular file at `path`.
    ///
    /// Only a regular file is read: a FIFO, a terminal or a device named by a repository
    /// (`#include "/proc/self/fd/0"`) would block the run or never end, so it is refused
    /// without a blocking call: the open does not wait for a FIFO's writer. The one exception
    /// is the path `/dev/stdin` itself, which is how the command line reads `-`.
    public func read(_ path: String) throws(FileSystemError) -> [UInt8] {
        let fullPath = absolute(path)
        let isStandardInput = fullPath == "/dev/stdin"
        let descriptor = isStandardInput ? dup(0) : open(fullPath, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { throw RealFileSystem.error(errno, path: path) }
        defer { close(descriptor) }

        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw RealFileSystem.error(errno, path: path) }
        if info.st_mode & S_IFMT == S_IFDIR { throw FileSystemError(path: path, reason: .isDirectory) }
        if !isStandardInput, info.st_mode & S_IFMT != S_IFREG {
            throw FileSystemError(path: path, reason: .ioError(RealFileSystem.notRegularFile))
        }
        let limit = Limits.maximumFileSize
        if Int(info.st_size) > limit { throw FileSystemError(path: path, reason: .tooLarge(limit: limit)) }

        // One allocation of the announced size plus one byte: a regular file that does not grow
        // fills it short of the last byte, and the read that returns 0 proves the end.
        let announced = Int(info.st_size)
        var code: Int32 = 0
        var bytes = [UInt8](unsafeUninitializedCapacity: announced + 1) { buffer, count in
            count = 0
            while count < buffer.count {
                let got = Glue.read(descriptor, buffer.baseAddress! + count, buffer.count - count)
                if got < 0 {
                    if errno == EINTR { continue }
                    code = errno
                    return
                }
                if got == 0 { return }
                count += got
            }
        }
        if code != 0 { throw RealFileSystem.error(code, path: path) }
        if bytes.count <= announced { return bytes }

        // More than announced: devices and /proc files report 0, and a file may grow while being
        // read. Read on until end of file; one byte past the limit proves it is too large.
        if bytes.count > limit { throw FileSystemError(path: path, reason: .tooLarge(limit: limit)) }
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glue.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw RealFileSystem.error(errno, path: path)
            }
            if count == 0 { break }
            bytes.append(contentsOf: chunk[..<count])
            if bytes.count > limit { throw FileSystemError(path: path, reason: .tooLarge(limit: limit)) }
        }
        return bytes
    }

    public func writeAtomically(_ bytes: [UInt8], to path: String) throws(FileSystemError) {
        try TerminationSignals.deferring { (interrupted) throws(FileSystemError) in
            // What is there is not asked for: not read (it may be larger than a read allows).
            while try replaceThroughTemporaryFile(path, flushing: true, readingCurrent: false, interrupted: interrupted, { _ in bytes }) == nil {}
        }
    }

    public func writeAtomically(_ bytes: [UInt8], to path: String, ifUnchangedFrom expected: [UInt8]?) throws(FileSystemError) {
        try replaceAtomically(path, flushing: true) { (current) throws(FileSystemError) in
            guard current == expected else { throw FileSystemError(path: path, reason: .changedSinceRead) }
            return bytes
        }
    }

    /// Writes through a temporary file renamed over `path`, holding a ``FileLock`` on the file
    /// that was there from the read to the rename; a new file is linked into place, which fails
    /// when another program created one meanwhile (then it is read and `contents` asked again).
    @discardableResult
    public func replaceAtomically(
        _ path: String, flushing: Bool, with contents: (_ current: [UInt8]?) throws(FileSystemError) -> [UInt8]
    ) throws(FileSystemError) -> (previous: [UInt8]?, written: [UInt8]) {
        // A signal between creating the temporary file and renaming it would leave the
        // temporary behind: it ends the process once the rename (or the clean-up) is done.
        try TerminationSignals.deferring { (interrupted) throws(FileSystemError) in
            // A program that does not lock can still write meanwhile: each time, the file is
            // read and `contents` asked again, a bounded number of times.
            for _ in 0..<100 {
                if let done = try replaceThroughTemporaryFile(path, flushing: flushing, readingCurrent: true, interrupted: interrupted, contents) {
                    return done
                }
            }
            throw FileSystemError(path: path, reason: .changedSinceRead)
        }
    }

    /// Flushes everything at once where the system can (`sync`: one journal commit for all
    /// the files, where an `fsync` each costs one per file), else each file and folder.
    public func flush(_ paths: [String]) throws(FileSystemError) {
        #if canImport(Darwin)
        var folders = Set<String>()
        for path in paths {
            let target = resolvingSymlinks(absolute(path))
            folders.insert(Path.directory(of: target))
            try RealFileSystem.fsync(target)
        }
        for folder in folders { try? RealFileSystem.fsync(folder) }
        #else
        if !paths.isEmpty { sync() }
        #endif
    }

    private static func fsync(_ path: String) throws(FileSystemError) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw error(errno, path: path) }
        defer { close(descriptor) }
        if Glue.fsync(descriptor) != 0 { throw error(errno, path: path) }
    }

    /// One attempt of ``replaceAtomically(_:flushing:with:)``; `nil` when another program
    /// changed the file after the read, or created it before the link, to try again.
    private func replaceThroughTemporaryFile(
        _ path: String, flushing: Bool, readingCurrent: Bool, interrupted: () -> Bool,
        _ contents: (_ current: [UInt8]?) throws(FileSystemError) -> [UInt8]
    ) throws(FileSystemError) -> (previous: [UInt8]?, written: [UInt8])? {
        var target = absolute(path)
        // Write through a symbolic link, so a linked configuration stays linked.
        var linkInfo = stat()
        if lstat(target, &linkInfo) == 0, linkInfo.st_mode & S_IFMT == S_IFLNK {
            let resolved = resolvingSymlinks(target)
            if resolved != target { target = resolved }
        }
        var existing = stat()
        if stat(target, &existing) == 0 {
            if existing.st_mode & S_IFMT == S_IFDIR { throw FileSystemError(path: path, reason: .isDirectory) }
            // Renaming over a device or a pipe (/dev/null, /dev/stdout) would replace it with a
            // regular file; such a target is not something to write atomically.
            if existing.st_mode & S_IFMT != S_IFREG {
                throw FileSystemError(path: path, reason: .ioError("not a regular file; refusing to replace it"))
            }
        }
        let lock = try FileLock.lock(target, interrupted: interrupted)
        let targetExists = lock != nil && stat(target, &existing) == 0
        let current = targetExists && readingCurrent ? try read(target) : nil
        let bytes = try contents(current)

        let directory = Path.directory(of: target)
        let temporary = Path.join(directory, ".\(Path.basename(target)).tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        // 0666 so that the umask gives new files their usual permissions (0644 with umask 022).
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else {
            let code = errno
            // The temporary's name means nothing to the user; the folder or the target does.
            throw RealFileSystem.error(code, path: code == ENOENT ? directory : path)
        }

        var failure: FileSystemError?
        if targetExists {
            // Keep the original's permissions (and owner, where allowed: only root may give a file away).
            if fchmod(descriptor, existing.st_mode & 0o7777) != 0 { failure = RealFileSystem.error(errno, path: path) }
            _ = fchown(descriptor, existing.st_uid, existing.st_gid)
        }
        if failure == nil { failure = RealFileSystem.writeAll(bytes, to: descriptor, path: path) }
        if failure == nil, flushing, Glue.fsync(descriptor) != 0 { failure = RealFileSystem.error(errno, path: path) }
        if close(descriptor) != 0, failure == nil { failure = RealFileSystem.error(errno, path: path) }
        // Compared once more as late as possible, for a program that writes without the lock.
        if failure == nil, targetExists, readingCurrent, (try? read(target)) != current {
            unlink(temporary)
            return nil
        }
        if failure == nil {
            if targetExists {
                if rename(temporary, target) != 0 { failure = RealFileSystem.error(errno, path: path) }
            } else if link(temporary, target) == 0 {
                unlink(temporary)
            } else {
                let code = errno
                if code == EEXIST {
                    // Created by another program since the read: read it, and ask again.
                    unlink(temporary)
                    return nil
                }
                // A file system without hard links: no other way to refuse a file created meanwhile.
                if kind(of: target) != nil {
                    unlink(temporary)
                    return nil
                }
                if rename(temporary, target) != 0 { failure = RealFileSystem.error(errno, path: path) }
            }
        }
        lock?.unlock()
        if let failure {
            unlink(temporary)
            throw failure
        }
        // Make the rename itself durable. Best effort: some file systems refuse fsync on a directory.
        if flushing { try? RealFileSystem.fsync(directory) }
        return (current, bytes)
    }

    public func removeItem(_ path: String) throws(FileSystemError) {
        let fullPath = absolute(path)
        var info = stat()
        guard lstat(fullPath, &info) == 0 else { throw RealFileSystem.error(errno, path: path) }
        let result = info.st_mode & S_IFMT == S_IFDIR ? rmdir(fullPath) : unlink(fullPath)
        if result != 0 { throw RealFileSystem.error(errno, path: path) }
    }

    public func createDirectory(_ path: String) throws(FileSystemError) {
        let fullPath = absolute(path)
        if mkdir(fullPath, 0o777) != 0 {
            let code = errno
            if code == EEXIST, kind(of: fullPath) == .directory { return }
            throw RealFileSystem.error(code, path: path)
        }
    }

    public func contents(ofDirectory path: String) throws(FileSystemError) -> [String] {
        guard let directory = opendir(absolute(path)) else { throw RealFileSystem.error(errno, path: path) }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafePointer(to: &entry.pointee.d_name) { pointer in
                pointer.withMemoryRebound(to: CChar.self, capacity: MemoryLayout.size(ofValue: entry.pointee.d_name)) {
                    String(cString: $0)
                }
            }
            if name == "." || name == ".." { continue }
            names.append(name)
        }
        return names
    }

    public func resolvingSymlinks(_ path: String) -> String {
        let fullPath = absolute(path)
        if let resolved = RealFileSystem.realPath(fullPath) { return resolved }
        // A path that does not exist yet (a file about to be written): resolve its folder.
        if let folder = RealFileSystem.realPath(Path.directory(of: fullPath)) {
            return Path.join(folder, Path.basename(fullPath))
        }
        return path
    }

    public func isSymbolicLink(_ path: String) -> Bool {
        var info = stat()
        return lstat(absolute(path), &info) == 0 && info.st_mode & S_IFMT == S_IFLNK
    }

    // MARK: - Helpers

    /// The reason given for a FIFO, a terminal, a socket or a device where a file was expected.
    package static let notRegularFile = "not a regular file"

    private func absolute(_ path: String) -> String {
        Path.isAbsolute(path) ? path : Path.join(currentDirectory, path)
    }

    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32, path: String) -> FileSystemError? {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { buffer in
                Glue.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
            }
            if written < 0 {
                if errno == EINTR { continue }
                return error(errno, path: path)
            }
            offset += written
        }
        return nil
    }

    /// The error for a failed call's `errno`.
    static func error(_ code: Int32, path: String) -> FileSystemError {
        switch code {
        case ENOENT, ENOTDIR: FileSystemError(path: path, reason: .notFound)
        case EISDIR: FileSystemError(path: path, reason: .isDirectory)
        case EACCES, EPERM, EROFS: FileSystemError(path: path, reason: .permissionDenied)
        default: FileSystemError(path: path, reason: .ioError(String(cString: strerror(code))))
        }
    }
}

/// POSIX `read` and `write` under names that `RealFileSystem`'s own methods cannot shadow;
/// the command line's output streams use them too.
package enum Glue {
    package static func read(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
        #if canImport(Darwin)
        Darwin.read(descriptor, buffer, count)
        #elseif canImport(Musl)
        Musl.read(descriptor, buffer, count)
        #else
        Glibc.read(descriptor, buffer, count)
        #endif
    }

    package static func fsync(_ descriptor: Int32) -> Int32 {
        #if canImport(Darwin)
        Darwin.fsync(descriptor)
        #elseif canImport(Musl)
        Musl.fsync(descriptor)
        #else
        Glibc.fsync(descriptor)
        #endif
    }

    package static func write(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
        #if canImport(Darwin)
        Darwin.write(descriptor, buffer, count)
        #elseif canImport(Musl)
        Musl.write(descriptor, buffer, count)
        #else
        Glibc.write(descriptor, buffer, count)
        #endif
    }
}
