#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// An advisory lock (`flock`) on a file, held by an edit from the moment it reads what is there
/// until its new file is renamed over it, so that two programs that lock the file (two runs of
/// this tool, `flock(1)`) never lose each other's write.
///
/// The rename gives the path a new file: whoever waited on the old one finds that out once it
/// has the lock, and locks the new one instead.
final class FileLock {
    private var descriptor: Int32

    /// How long an edit waits for another program's lock before it gives up.
    static let patience: Duration = .seconds(10)

    private init(descriptor: Int32) { self.descriptor = descriptor }

    /// Locks the file at `path` (symbolic links resolved), waiting while another program holds
    /// it; `nil` when no file is there.
    ///
    /// - Throws: when the lock is still held after ``patience``, or `interrupted` says so.
    static func lock(_ path: String, interrupted: () -> Bool) throws(FileSystemError) -> FileLock? {
        let clock = ContinuousClock()
        let deadline = clock.now + patience
        while true {
            let descriptor = open(path, O_RDONLY | O_CLOEXEC)
            if descriptor < 0 {
                let code = errno
                if code == ENOENT { return nil }
                throw RealFileSystem.error(code, path: path)
            }
            while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
                let code = errno
                if code == EINTR { continue }
                guard code == EWOULDBLOCK else {
                    close(descriptor)
                    throw RealFileSystem.error(code, path: path)
                }
                if interrupted() || clock.now >= deadline {
                    close(descriptor)
                    throw FileSystemError(path: path, reason: .ioError("another program has held a lock on it for \(patience.components.seconds) seconds"))
                }
                var pause = timespec(tv_sec: 0, tv_nsec: 10_000_000)
                nanosleep(&pause, nil)
            }
            // Still the file at `path`, or did the program we waited for rename a new one over it?
            var locked = stat(), current = stat()
            let same = fstat(descriptor, &locked) == 0 && stat(path, &current) == 0
                && locked.st_dev == current.st_dev && locked.st_ino == current.st_ino
            if same { return FileLock(descriptor: descriptor) }
            close(descriptor)
        }
    }

    /// Releases the lock (closing the file does).
    func unlock() {
        if descriptor >= 0 { close(descriptor) }
        descriptor = -1
    }

    deinit { unlock() }
}
