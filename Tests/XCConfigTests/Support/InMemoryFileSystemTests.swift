import Testing
@testable import XCConfig

@Suite struct InMemoryFileSystemTests {
    @Test func relativePathsAreBelowTheCurrentDirectory() throws {
        let fileSystem = InMemoryFileSystem(currentDirectory: "/project", files: ["Config/App.xcconfig": "A = 1\n"])
        #expect(try fileSystem.read("/project/Config/App.xcconfig") == Array("A = 1\n".utf8))
        #expect(fileSystem.kind(of: "Config") == .directory)
        #expect(fileSystem.kind(of: "Config/App.xcconfig") == .file)
        fileSystem.currentDirectory = "/project/Config"
        #expect(try fileSystem.read("App.xcconfig") == Array("A = 1\n".utf8))
    }

    @Test func listsTheEntriesOfADirectory() throws {
        let fileSystem = InMemoryFileSystem(files: ["/a/x.xcconfig": "", "/a/b/y.xcconfig": "", "/ab": ""])
        #expect(Set(try fileSystem.contents(ofDirectory: "/a")) == ["x.xcconfig", "b"])
        #expect(Set(try fileSystem.contents(ofDirectory: "/")) == ["a", "ab"])
    }

    @Test func readErrorsNameTheirReason() {
        let fileSystem = InMemoryFileSystem(files: ["/secret.xcconfig": ""])
        fileSystem.setPermissions(0o000, of: "/secret.xcconfig")
        fileSystem.addDirectory("/folder")
        #expect(throws: FileSystemError(path: "/missing", reason: .notFound)) { try fileSystem.read("/missing") }
        #expect(throws: FileSystemError(path: "/folder", reason: .isDirectory)) { try fileSystem.read("/folder") }
        #expect(throws: FileSystemError(path: "/secret.xcconfig", reason: .permissionDenied)) {
            try fileSystem.read("/secret.xcconfig")
        }
    }

    @Test func unreadableDirectoriesCannotBeListed() {
        let fileSystem = InMemoryFileSystem()
        fileSystem.addDirectory("/closed", permissions: 0o000)
        #expect(throws: FileSystemError(path: "/closed", reason: .permissionDenied)) {
            try fileSystem.contents(ofDirectory: "/closed")
        }
    }

    @Test func filesOverTheLimitAreRefused() {
        let fileSystem = InMemoryFileSystem()
        fileSystem.addFile("/huge", bytes: [UInt8](repeating: 0x41, count: Limits.maximumFileSize + 1))
        #expect(throws: FileSystemError(path: "/huge", reason: .tooLarge(limit: Limits.maximumFileSize))) {
            try fileSystem.read("/huge")
        }
    }

    @Test func symbolicLinksAreFollowed() throws {
        let fileSystem = InMemoryFileSystem(files: ["/real/Base.xcconfig": "B = 2\n"])
        fileSystem.addSymlink("/project/Shared", pointingTo: "../real")
        fileSystem.addSymlink("/project/Base.xcconfig", pointingTo: "Shared/Base.xcconfig")
        #expect(try fileSystem.read("/project/Base.xcconfig") == Array("B = 2\n".utf8))
        #expect(fileSystem.resolvingSymlinks("/project/Base.xcconfig") == "/real/Base.xcconfig")
        #expect(fileSystem.resolvingSymlinks("/project/Shared/../x") == "/x")
        #expect(fileSystem.kind(of: "/project/Shared") == .directory)
    }

    @Test func withoutLinksPathsResolveLexically() throws {
        let fileSystem = InMemoryFileSystem(currentDirectory: "/project", files: ["/project/a/B.xcconfig": "B = 2\n"])
        #expect(fileSystem.resolvingSymlinks("/project/./a//x/../B.xcconfig") == "/project/a/B.xcconfig")
        #expect(fileSystem.resolvingSymlinks("a/B.xcconfig") == "/project/a/B.xcconfig")
        #expect(fileSystem.resolvingSymlinks("/../../project") == "/project")
        #expect(fileSystem.kind(of: "/project/a/../a/B.xcconfig") == .file)
        #expect(fileSystem.kind(of: "../project/a") == .directory)
        #expect(try fileSystem.read("./a/B.xcconfig") == Array("B = 2\n".utf8))
        // The first link switches to following components one by one.
        fileSystem.addSymlink("/project/link", pointingTo: "a")
        #expect(fileSystem.resolvingSymlinks("/project/link/B.xcconfig") == "/project/a/B.xcconfig")
        #expect(fileSystem.resolvingSymlinks("/project/link/../a") == "/project/a")
    }

    @Test func tellsALinkFromWhatItNames() {
        let fileSystem = InMemoryFileSystem(currentDirectory: "/project", files: ["/real/Base.xcconfig": "B = 2\n"])
        fileSystem.addSymlink("/project/Shared", pointingTo: "../real")
        fileSystem.addSymlink("/real/Alias.xcconfig", pointingTo: "Base.xcconfig")
        fileSystem.addSymlink("/dangling", pointingTo: "/nowhere")
        #expect(fileSystem.isSymbolicLink("/project/Shared"))
        #expect(fileSystem.isSymbolicLink("Shared"))
        #expect(fileSystem.isSymbolicLink("/project/Shared/Alias.xcconfig"))
        #expect(fileSystem.isSymbolicLink("/dangling"))
        #expect(!fileSystem.isSymbolicLink("/project/Shared/Base.xcconfig"))
        #expect(!fileSystem.isSymbolicLink("/real"))
        #expect(!fileSystem.isSymbolicLink("/"))
        #expect(!fileSystem.isSymbolicLink("/missing"))
        #expect(fileSystem.entry(at: "/project/Shared/Alias.xcconfig")! == (.file, true))
        #expect(fileSystem.entry(at: "Shared")! == (.directory, true))
        #expect(fileSystem.entry(at: "/project/Shared/Base.xcconfig")! == (.file, false))
        #expect(fileSystem.entry(at: "/dangling") == nil)
        #expect(fileSystem.entry(at: "/missing") == nil)
    }

    @Test func danglingAndLoopingLinksNameNothing() {
        let fileSystem = InMemoryFileSystem()
        fileSystem.addSymlink("/dangling", pointingTo: "/nowhere")
        fileSystem.addSymlink("/loop1", pointingTo: "/loop2")
        fileSystem.addSymlink("/loop2", pointingTo: "/loop1")
        #expect(fileSystem.kind(of: "/dangling") == nil)
        #expect(fileSystem.kind(of: "/loop1") == nil)
        #expect(throws: FileSystemError.self) { try fileSystem.read("/loop1") }
    }

    @Test func atomicWriteKeepsPermissionsAndGivesNewFiles0644() throws {
        let fileSystem = InMemoryFileSystem(files: ["/a.xcconfig": "old"])
        fileSystem.setPermissions(0o600, of: "/a.xcconfig")
        try fileSystem.writeAtomically(Array("new".utf8), to: "/a.xcconfig")
        try fileSystem.writeAtomically(Array("b".utf8), to: "/b.xcconfig")
        #expect(fileSystem.permissions(of: "/a.xcconfig") == 0o600)
        #expect(fileSystem.permissions(of: "/b.xcconfig") == 0o644)
        #expect(fileSystem.contentsOfFile("/a.xcconfig") == "new")
        #expect(fileSystem.writtenPaths == ["/a.xcconfig", "/b.xcconfig"])
    }

    @Test func aFullDiskLeavesTheOriginalAndNothingElse() {
        let fileSystem = InMemoryFileSystem(files: ["/project/a.xcconfig": "old"])
        let before = fileSystem.allPaths
        fileSystem.failWrites(under: "/project", with: .diskFull)
        #expect(throws: FileSystemError(path: "/project/a.xcconfig", reason: .diskFull)) {
            try fileSystem.writeAtomically(Array("new".utf8), to: "/project/a.xcconfig")
        }
        #expect(fileSystem.contentsOfFile("/project/a.xcconfig") == "old")
        #expect(fileSystem.allPaths == before)
        #expect(fileSystem.writtenPaths.isEmpty)
    }

    @Test func aReadOnlyFolderRefusesWrites() {
        let fileSystem = InMemoryFileSystem(files: ["/ro/a.xcconfig": "old"])
        fileSystem.setPermissions(0o555, of: "/ro")
        #expect(throws: FileSystemError(path: "/ro/a.xcconfig", reason: .permissionDenied)) {
            try fileSystem.writeAtomically(Array("new".utf8), to: "/ro/a.xcconfig")
        }
        #expect(fileSystem.contentsOfFile("/ro/a.xcconfig") == "old")
    }

    @Test func writingIntoAMissingFolderFails() {
        let fileSystem = InMemoryFileSystem()
        #expect(throws: FileSystemError(path: "/missing", reason: .notFound)) {
            try fileSystem.writeAtomically([], to: "/missing/a.xcconfig")
        }
        #expect(fileSystem.allPaths == ["/"])
    }

    @Test func writingThroughALinkReplacesTheTarget() throws {
        let fileSystem = InMemoryFileSystem(files: ["/real.xcconfig": "old"])
        fileSystem.addSymlink("/link.xcconfig", pointingTo: "real.xcconfig")
        try fileSystem.writeAtomically(Array("new".utf8), to: "/link.xcconfig")
        #expect(fileSystem.contentsOfFile("/real.xcconfig") == "new")
        #expect(fileSystem.kind(of: "/link.xcconfig") == .file)
    }

    @Test func concurrentAccessIsSafe() async {
        let fileSystem = InMemoryFileSystem()
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<50 {
                group.addTask {
                    try? fileSystem.writeAtomically(Array("\(index)".utf8), to: "/f\(index)")
                    _ = try? fileSystem.read("/f\(index)")
                }
            }
        }
        #expect(fileSystem.writtenPaths.count == 50)
    }
}
