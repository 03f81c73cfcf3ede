#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Testing
@testable import XCConfig

/// Issue 30, finding 11: an edit compares and renames under an advisory lock on the file, so a
/// writer that holds the lock (another run of the tool, `flock(1)`) makes the edit wait, and the
/// edit then sees the writer's change instead of replacing it.
@Suite(.serialized) struct FileLockTests {
    /// A folder with `App.xcconfig` holding "one\n", and a writer that locks it as `flock(1)` does.
    final class Writer: @unchecked Sendable {
        let directory: String
        let path: String
        private let descriptor: Int32
        /// Set just before the writer lets go, read by the edit's thread after it returns.
        private let released = Locked(false)

        init() throws {
            directory = FileManager.default.temporaryDirectory.appendingPathComponent("xcconfig-lock-\(UUID().uuidString)").path
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            path = directory + "/App.xcconfig"
            try "one\n".write(toFile: path, atomically: false, encoding: .utf8)
            descriptor = open(path, O_RDWR)
            #expect(flock(descriptor, LOCK_EX) == 0)
        }

        deinit { try? FileManager.default.removeItem(atPath: directory) }

        /// Rewrites the file in place (the same file, as an editor that truncates does).
        func write(_ text: String) {
            #expect(ftruncate(descriptor, 0) == 0)
            let bytes = Array(text.utf8)
            #expect(pwrite(descriptor, bytes, bytes.count, 0) == bytes.count)
        }

        func release() {
            released.withLock { $0 = true }
            close(descriptor)
        }

        var hasReleased: Bool { released.withLock { $0 } }
    }

    /// Runs `edit` on another thread while the writer holds the lock; the writer does `meanwhile`
    /// after a pause, then lets go. Returns how the edit ended and whether it ended after that.
    static func edit(
        _ edit: FileEdit, writer: Writer, meanwhile: () -> Void
    ) -> (error: FileTransactionError?, endedAfterRelease: Bool) {
        let outcome = Locked<(error: FileTransactionError?, endedAfterRelease: Bool)?>(nil)
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            var error: FileTransactionError?
            do throws(FileTransactionError) {
                try FileTransaction.apply([edit], fileSystem: RealFileSystem(currentDirectory: writer.directory))
            } catch let failure {
                error = failure
            }
            let ended = writer.hasReleased
            outcome.withLock { $0 = (error, ended) }
            done.signal()
        }
        usleep(300_000)
        meanwhile()
        writer.release()
        done.wait()
        return outcome.withLock { $0! }
    }

    @Test func anEditWaitsForAWriterHoldingTheLockThenRefusesToReplaceWhatItWrote() throws {
        let writer = try Writer()
        let edit = FileEdit(path: writer.path, bytes: Array("mine\n".utf8), previous: Array("one\n".utf8))
        let (error, endedAfterRelease) = Self.edit(edit, writer: writer) { writer.write("theirs\n") }
        #expect(endedAfterRelease)
        #expect(error?.kind == .changedOnDisk)
        #expect(try String(contentsOfFile: writer.path, encoding: .utf8) == "theirs\n")
    }

    @Test func anEditWaitsForAWriterHoldingTheLockThenWritesWhenNothingChanged() throws {
        let writer = try Writer()
        let edit = FileEdit(path: writer.path, bytes: Array("mine\n".utf8), previous: Array("one\n".utf8))
        let (error, endedAfterRelease) = Self.edit(edit, writer: writer) {}
        #expect(endedAfterRelease)
        #expect(error == nil)
        #expect(try String(contentsOfFile: writer.path, encoding: .utf8) == "mine\n")
    }

    @Test func anEditThatAppendsLinesTakesThemOnWhatTheWriterWrote() throws {
        let writer = try Writer()
        let edit = FileEdit(
            path: writer.path, bytes: Array("one\nmine\n".utf8), previous: Array("one\n".utf8), onConflict: .appendLines(["mine"]))
        let (error, endedAfterRelease) = Self.edit(edit, writer: writer) { writer.write("one\ntheirs\n") }
        #expect(endedAfterRelease)
        #expect(error == nil)
        #expect(try String(contentsOfFile: writer.path, encoding: .utf8) == "one\ntheirs\nmine\n")
    }
}
