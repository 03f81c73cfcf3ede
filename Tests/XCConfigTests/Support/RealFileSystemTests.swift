#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
@testable import XCConfig

/// A fresh directory under the system's temporary folder, removed after the test.
private final class TemporaryDirectory {
    let path: String

    init() {
        var template = Array("/tmp/xcconfig-fs-test-XXXXXX".utf8CString)
        path = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)!) }
    }

    deinit {
        _ = system("rm -rf '\(path)'")
    }

    func mode(of name: String) -> UInt32 {
        var info = stat()
        stat(Path.join(path, name), &info)
        return UInt32(info.st_mode) & 0o7777
    }
}

@Suite struct RealFileSystemTests {
    /// Regression: an atomic rename over /dev/null once turned it into a regular file.
    @Test func atomicWriteRefusesToReplaceAPipeOrDevice() throws {
        let directory = TemporaryDirectory()
        let pipePath = Path.join(directory.path, "pipe")
        #expect(mkfifo(pipePath, 0o644) == 0)
        let fileSystem = RealFileSystem(currentDirectory: directory.path)
        #expect(throws: FileSystemError.self) { try fileSystem.writeAtomically(Array("x".utf8), to: "pipe") }
        var info = stat()
        #expect(stat(pipePath, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO)
        #expect(try fileSystem.contents(ofDirectory: directory.path) == ["pipe"])
    }

    @Test func writesAndReadsAFile() throws {
        let directory = TemporaryDirectory()
        let fileSystem = RealFileSystem(currentDirectory: directory.path)
        try fileSystem.writeAtomically(Array("A = 1\n".utf8), to: "App.xcconfig")
        #expect(try fileSystem.read(Path.join(directory.path, "App.xcconfig")) == Array("A = 1\n".utf8))
        #expect(fileSystem.kind(of: "App.xcconfig") == .file)
        #expect(fileSystem.kind(of: directory.path) == .directory)
        #expect(fileSystem.kind(of: "Missing.xcconfig") == nil)
        #expect(try fileSystem.contents(ofDirectory: directory.path) == ["App.xcconfig"])
    }

    @Test func atomicWriteKeepsThePermissionsOfTheFileItReplaces() throws {
        let directory = TemporaryDirectory()
        let fileSystem = RealFileSystem(currentDirectory: directory.path)
        try fileSystem.writeAtomically(Array("old".utf8), to: "script.xcconfig")
        chmod(Path.join(directory.path, "script.xcconfig"), 0o750)
        try fileSystem.writeAtomically(Array("new".utf8), to: "script.xcconfig")
        #expect(directory.mode(of: "script.xcconfig") == 0o750)
        #expect(try fileSystem.read("script.xcconfig") == Array("new".utf8))
    }

    @Test func newFilesGetTheUmaskDefault() throws {
        let directory = TemporaryDirectory()
        let fileSystem = RealFileSystem(currentDirectory: directory.path)
        let mask = umask(0o022)
        defer { umask(mask) }
        try fileSystem.writeAtomically([], to: "new.xcconfig")
        #expect(directory.mode(of: "new.xcconfig") == 0o644)
    }

    @Test func atomicWriteLeavesNoTemporaryFileBehind() throws {
        let directory = TemporaryDirectory()
        let fileSystem = RealFileSystem(currentDirectory: directory.path)
        try fileSystem.writeAtomically(Array("x".utf8), to: "a.xcconfig")
        try fileSystem.writeAtomically(Array("y".utf8), to: "a.xcconfig")
        #expect(try fileSystem.contents(ofDirectory: directory.path) == ["a.xcconfig"])
    }

    @Test func writingIntoAMissingFolderFailsAndLeavesNothing() throws {
        let directory = TemporaryDirectory()
        let fileSystem = RealFileSystem(currentDirectory: directory.path)
        #expect(throws: FileSystemError.self) { try fileSystem.writeAtomically([1], to: "missing/a.xcconfig") }
        #expect(try fileSystem.contents(ofDirectory: directory.path).isEmpty)
    }

    @Test func writingOverADirectoryFailsAndLeavesItUntouched() throws {
        let directory = TemporaryDirectory()
        let fileSystem = RealFileSystem(currentDirectory: directory.path)
        mkdir(Path.join(directory.path, "Config"), 0o755)
        #expect(throws: FileSystemError(path: "Config", reason: .isDirectory)) {
            try fileSystem.writeAtomically([1], to: "Config")
        }
        #expect(fileSystem.kind(of: "Config") == .directory)
        #expect(try fileSystem.contents(ofDirectory: directory.path) == ["Config"])
    }

    @Test func writingIntoAReadOnlyFolderFailsAndLeavesTheOriginal() throws {
        // Root bypasses permission checks, so this only runs where they apply.
        guard geteuid() != 0 else { return }
        let directory = TemporaryDirectory()
        let fileSystem = RealFileSystem(currentDirectory: directory.path)
        try fileSystem.writeAtomically(Array("old".utf8), to: "a.xcconfig")
        chmod(directory.path, 0o555)
        defer { chmod(directory.path, 0o755) }
        #expect(throws: FileSystemError(path: "a.xcconfig", reason: .permissionDenied)) {
            try fileSystem.writeAtomically(Array("new".utf8), to: "a.xcconfig")
        }
        #expect(try fileSystem.read("a.xcconfig") == Array("old".utf8))
        #expect(try fileSystem.contents(ofDirectory: directory.path) == ["a.xcconfig"])
    }

    @Test func writingThroughASymlinkKeepsTheLink() throws {
        let directory = TemporaryDirectory()
        let fileSystem = RealFileSystem(currentDirectory: directory.path)
        try fileSystem.writeAtomically(Array("old".utf8), to: "real.xcconfig")
        symlink("real.xcconfig", Path.join(directory.path, "link.xcconfig"))
        try fileSystem.writeAtomically(Array("new".utf8), to: "link.xcconfig")
        #expect(try fileSystem.read("real.xcconfig") == Array("new".utf8))
        #expect(fileSystem.resolvingSymlinks("link.xcconfig") == fileSystem.resolvingSymlinks("real.xcconfig"))
    }

    @Test func readingADirectoryIsAnError() {
        let directory = TemporaryDirectory()
        let fileSystem = RealFileSystem(currentDirectory: directory.path)
        #expect(throws: FileSystemError(path: directory.path, reason: .isDirectory)) {
            try fileSystem.read(directory.path)
        }
    }

    @Test func readingAMissingFileIsNotFound() {
        let fileSystem = RealFileSystem(currentDirectory: "/")
        #expect(throws: FileSystemError(path: "/no/such/file", reason: .notFound)) {
            try fileSystem.read("/no/such/file")
        }
    }

    @Test func readingAFileOverTheLimitIsRefused() throws {
        let directory = TemporaryDirectory()
        let fileSystem = RealFileSystem(currentDirectory: directory.path)
        let path = Path.join(directory.path, "huge.xcconfig")
        // A sparse file: the size is what matters, not the disk space.
        let descriptor = open(path, O_WRONLY | O_CREAT, 0o644)
        ftruncate(descriptor, off_t(Limits.maximumFileSize + 1))
        close(descriptor)
        #expect(throws: FileSystemError(path: path, reason: .tooLarge(limit: Limits.maximumFileSize))) {
            try fileSystem.read(path)
        }
    }

    @Test func resolvingSymlinksOfAMissingFileResolvesItsFolder() {
        let directory = TemporaryDirectory()
        let fileSystem = RealFileSystem(currentDirectory: directory.path)
        let resolvedFolder = fileSystem.resolvingSymlinks(directory.path)
        #expect(fileSystem.resolvingSymlinks("new.xcconfig") == Path.join(resolvedFolder, "new.xcconfig"))
    }

    @Test func readsEmptySmallAndMultiChunkFilesWhole() throws {
        let directory = TemporaryDirectory()
        let fileSystem = RealFileSystem(currentDirectory: directory.path)
        for size in [0, 1, 4_095, 65_536, 65_537, 300_001] {
            let bytes = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
            let path = Path.join(directory.path, "file-\(size)")
            try fileSystem.writeAtomically(bytes, to: path)
            #expect(try fileSystem.read(path) == bytes)
        }
    }

    /// Files whose announced size is 0 (procfs) are read to their end, not to their `st_size`.
    @Test func readsAFileLongerThanItsAnnouncedSize() throws {
        #if os(Linux)
        let bytes = try RealFileSystem(currentDirectory: "/").read("/proc/self/status")
        #expect(bytes.count > 100)
        #expect(String(decoding: bytes, as: UTF8.self).hasPrefix("Name:"))
        #endif
    }

    @Test func tellsALinkFromWhatItNames() throws {
        let directory = TemporaryDirectory()
        let fileSystem = RealFileSystem(currentDirectory: directory.path)
        try fileSystem.writeAtomically([], to: "real.xcconfig")
        mkdir(Path.join(directory.path, "folder"), 0o755)
        symlink("real.xcconfig", Path.join(directory.path, "link.xcconfig"))
        symlink("folder", Path.join(directory.path, "folderLink"))
        symlink("missing", Path.join(directory.path, "dangling"))
        #expect(fileSystem.isSymbolicLink("link.xcconfig"))
        #expect(fileSystem.isSymbolicLink("folderLink"))
        #expect(fileSystem.isSymbolicLink("dangling"))
        #expect(!fileSystem.isSymbolicLink("real.xcconfig"))
        #expect(!fileSystem.isSymbolicLink("folder"))
        #expect(!fileSystem.isSymbolicLink("folderLink/"))  // a trailing slash follows the link
        #expect(!fileSystem.isSymbolicLink("missing"))
        #expect(fileSystem.entry(at: "link.xcconfig")! == (.file, true))
        #expect(fileSystem.entry(at: "folderLink")! == (.directory, true))
        #expect(fileSystem.entry(at: "real.xcconfig")! == (.file, false))
        #expect(fileSystem.entry(at: "folder")! == (.directory, false))
        #expect(fileSystem.entry(at: "dangling") == nil)
        #expect(fileSystem.entry(at: "missing") == nil)
    }
}
