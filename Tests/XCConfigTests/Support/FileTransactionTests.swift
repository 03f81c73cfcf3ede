import Foundation
import Testing
@testable import XCConfig

/// Several files written all or none, each compared with what was read just before its rename.
@Suite struct FileTransactionTests {
    @Test func aWriteFailureRestoresTheFilesWrittenBeforeAndRemovesTheCreatedOnes() throws {
        let fileSystem = InMemoryFileSystem(currentDirectory: "/p", files: ["a.txt": "a\n", "b.txt": "b\n"])
        fileSystem.failWrites(under: "/p/b.txt", with: .ioError("disk full"))
        let edits = [
            FileEdit(path: "/p/a.txt", bytes: Array("A\n".utf8), previous: Array("a\n".utf8)),
            FileEdit(path: "/p/New/c.txt", bytes: Array("c\n".utf8), previous: nil),
            FileEdit(path: "/p/b.txt", bytes: Array("B\n".utf8), previous: Array("b\n".utf8)),
        ]
        let before = fileSystem.allPaths
        #expect {
            try FileTransaction.apply(edits, fileSystem: fileSystem)
        } throws: { error in
            let failure = error as? FileTransactionError
            return failure?.kind == .writeFailed && failure?.message.contains("restored") == true
        }
        #expect(fileSystem.contentsOfFile("/p/a.txt") == "a\n")
        #expect(fileSystem.allPaths == before)
    }

    /// Issue 30, finding 11: a `.gitignore` another `local init` added its entry to since this
    /// one read it keeps that entry and gets this one's, in its line-break style; an entry
    /// already there is not added twice. The other files are written as planned.
    @Test(arguments: [
        ("build/\nLocal/B.xcconfig\n", "build/\nLocal/B.xcconfig\nLocal/A.xcconfig\n"),
        ("build/\r\nLocal/B.xcconfig", "build/\r\nLocal/B.xcconfig\r\nLocal/A.xcconfig\r\n"),
        ("build/\nLocal/A.xcconfig\n", "build/\nLocal/A.xcconfig\n"),
    ])
    func anEditThatAppendsLinesTakesThemOnAFileChangedMeanwhile(current: String, merged: String) throws {
        let fileSystem = InMemoryFileSystem(currentDirectory: "/p", files: [".gitignore": current, "a.txt": "a\n"])
        let edits = [
            FileEdit(path: "/p/.gitignore", bytes: Array("build/\nLocal/A.xcconfig\n".utf8), previous: Array("build/\n".utf8), onConflict: .appendLines(["Local/A.xcconfig"])),
            FileEdit(path: "/p/a.txt", bytes: Array("A\n".utf8), previous: Array("a\n".utf8)),
        ]
        try FileTransaction.apply(edits, fileSystem: fileSystem)
        #expect(fileSystem.contentsOfFile("/p/.gitignore") == merged)
        #expect(fileSystem.contentsOfFile("/p/a.txt") == "A\n")
    }

    @Test func aFileChangedSinceItWasReadStopsEverythingBeforeTheFirstWrite() throws {
        let fileSystem = InMemoryFileSystem(currentDirectory: "/p", files: ["a.txt": "a\n", "b.txt": "changed\n"])
        let edits = [
            FileEdit(path: "/p/a.txt", bytes: Array("A\n".utf8), previous: Array("a\n".utf8)),
            FileEdit(path: "/p/b.txt", bytes: Array("B\n".utf8), previous: Array("b\n".utf8)),
        ]
        #expect(throws: FileTransactionError(
            .changedOnDisk,
            "the file changed on disk since it was read (is it open in Xcode or another tool?); nothing written, run the command again",
            file: "/p/b.txt")) {
            try FileTransaction.apply(edits, fileSystem: fileSystem)
        }
        #expect(fileSystem.writtenPaths.isEmpty)
    }

    @Test func aFileThatAppearedMeanwhileIsNotReplaced() {
        let fileSystem = InMemoryFileSystem(currentDirectory: "/p", files: ["c.txt": "someone else's\n"])
        #expect(throws: FileTransactionError.self) {
            try FileTransaction.apply([FileEdit(path: "/p/c.txt", bytes: Array("mine\n".utf8), previous: nil)], fileSystem: fileSystem)
        }
        #expect(fileSystem.contentsOfFile("/p/c.txt") == "someone else's\n")
    }

    @Test func theRealFileSystemComparesJustBeforeTheRename() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("xcconfig-transaction-\(UInt32.random(in: 0...UInt32.max))").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let fileSystem = RealFileSystem(currentDirectory: directory)
        let path = directory + "/project.pbxproj"
        try fileSystem.writeAtomically(Array("one\n".utf8), to: path)

        #expect(throws: FileSystemError(path: path, reason: .changedSinceRead)) {
            try fileSystem.writeAtomically(Array("two\n".utf8), to: path, ifUnchangedFrom: Array("zero\n".utf8))
        }
        #expect(try fileSystem.read(path) == Array("one\n".utf8))
        #expect(try fileSystem.contents(ofDirectory: directory) == ["project.pbxproj"])  // no temporary file left

        try fileSystem.writeAtomically(Array("two\n".utf8), to: path, ifUnchangedFrom: Array("one\n".utf8))
        #expect(try fileSystem.read(path) == Array("two\n".utf8))
        #expect(throws: FileSystemError.self) {
            try fileSystem.writeAtomically(Array("new\n".utf8), to: path, ifUnchangedFrom: nil)
        }

        try fileSystem.createDirectory(directory + "/Config")
        try fileSystem.writeAtomically(Array("x\n".utf8), to: directory + "/Config/New.xcconfig", ifUnchangedFrom: nil)
        try fileSystem.removeItem(directory + "/Config/New.xcconfig")
        try fileSystem.removeItem(directory + "/Config")
        #expect(fileSystem.kind(of: directory + "/Config") == nil)
    }
}
