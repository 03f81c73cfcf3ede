import Foundation
import Testing
@testable import XCConfig

private let gitPath = GitCommandLine.find(environment: ProcessInfo.processInfo.environment)?.executable

/// `GitRevisionFileSystem`: a revision's files through ``FileSystem``, from git's objects.
@Suite(.serialized, .enabled(if: gitPath != nil, "git is not installed"))
struct GitRevisionFileSystemTests {
    /// A repository with `Config/App.xcconfig`, a link to it and a folder, at two commits.
    final class Repository {
        let root: String
        init() throws {
            let url = FileManager.default.temporaryDirectory.appendingPathComponent("xcconfig-gitfs-\(UInt32.random(in: 0...UInt32.max))")
            try FileManager.default.createDirectory(at: url.appendingPathComponent("Config/Nested"), withIntermediateDirectories: true)
            root = url.resolvingSymlinksInPath().path
            try git("init", "-q")
            try "A = 1\n".write(toFile: root + "/Config/App.xcconfig", atomically: false, encoding: .utf8)
            try "N = 1\n".write(toFile: root + "/Config/Nested/N.xcconfig", atomically: false, encoding: .utf8)
            try FileManager.default.createSymbolicLink(atPath: root + "/Link.xcconfig", withDestinationPath: "Config/App.xcconfig")
            try git("add", "-A")
            try git("commit", "-q", "-m", "one")
            try "A = 2\n".write(toFile: root + "/Config/App.xcconfig", atomically: false, encoding: .utf8)
            try git("commit", "-q", "-a", "-m", "two")
            // Uncommitted: only the working tree has it.
            try "A = 3\n".write(toFile: root + "/Config/App.xcconfig", atomically: false, encoding: .utf8)
            try "U = 1\n".write(toFile: root + "/Untracked.xcconfig", atomically: false, encoding: .utf8)
        }
        deinit { try? FileManager.default.removeItem(atPath: root) }

        func git(_ arguments: String...) throws {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: gitPath!)
            process.arguments = ["-c", "user.name=T", "-c", "user.email=t@example.com", "-C", root] + arguments
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            process.waitUntilExit()
        }

        func open(_ revision: String, in directory: String? = nil) throws -> GitRevisionFileSystem {
            try GitRevisionFileSystem(revision: revision, directory: directory ?? root, git: GitCommandLine(executable: gitPath!))
        }
    }

    @Test func filesReadAsTheyAreAtTheRevision() throws {
        let repository = try Repository()
        let first = try repository.open("HEAD~1"), second = try repository.open("HEAD")
        #expect(try first.read(repository.root + "/Config/App.xcconfig") == Array("A = 1\n".utf8))
        #expect(try second.read("Config/App.xcconfig") == Array("A = 2\n".utf8))
        #expect(first.commit.count >= 40)
    }

    @Test func filesWithTheSameContentsAreEachReadWhole() throws {
        let repository = try Repository()
        for (name, text) in [("One", "S = same\n"), ("Two", "S = same\n"), ("Three", "S = other\n"), ("Empty", "")] {
            try text.write(toFile: repository.root + "/Config/\(name).xcconfig", atomically: false, encoding: .utf8)
        }
        try repository.git("add", "-A")
        try repository.git("commit", "-q", "-m", "more")
        let head = try repository.open("HEAD")
        #expect(try head.read("Config/Three.xcconfig") == Array("S = other\n".utf8))
        #expect(try head.read("Config/One.xcconfig") == Array("S = same\n".utf8))
        #expect(try head.read("Config/Two.xcconfig") == Array("S = same\n".utf8))
        #expect(try head.read("Config/Empty.xcconfig") == [])
        #expect(try head.read("Config/App.xcconfig") == Array("A = 3\n".utf8))
    }

    /// The `+` side of `git diff -U0` for this edit is `@@ -2 +2 @@` and `@@ -4 +4,2 @@`.
    @Test func changedLinesAreTheNewSidesAddedAndChangedLines() {
        // L2 changed, L4 replaced by two lines.
        #expect(LineDiff.changedLines(from: Array("L1\nL2\nL3\nL4\n".utf8), to: Array("L1\nL2 changed\nL3\nL5\nL6\n".utf8)) == [2, 4, 5])
        // A deletion counts as the line before it (`@@ -2 +1,0 @@`), or 1 at the top (`+0,0`).
        #expect(LineDiff.changedLines(from: Array("a\nb\nc\n".utf8), to: Array("a\nc\n".utf8)) == [1])
        #expect(LineDiff.changedLines(from: Array("a\nb\n".utf8), to: Array("b\n".utf8)) == [1])
        // A file added: every line; unchanged: none.
        #expect(LineDiff.changedLines(from: nil, to: Array("a\nb".utf8)) == [1, 2])
        #expect(LineDiff.changedLines(from: Array("a\nb\n".utf8), to: Array("a\nb\n".utf8)) == [])
        // Lines moved around a kept one: `@@ -1 +0,0 @@` `@@ -3,0 +3 @@` for x y z → y z x.
        #expect(LineDiff.changedLines(from: Array("x\ny\nz\n".utf8), to: Array("y\nz\nx\n".utf8)) == [1, 3])
        // Past the edit bound, the whole middle counts as changed.
        #expect(LineDiff.changedLines(from: Array("k\na\nb\nk\n".utf8), to: Array("k\nc\nd\nk\n".utf8), maximumEdits: 1) == [2, 3])
    }

    @Test func untrackedAndOutsidePathsAreMissing() throws {
        let repository = try Repository()
        let head = try repository.open("HEAD")
        #expect(head.kind(of: repository.root + "/Untracked.xcconfig") == nil)
        #expect(head.kind(of: "/etc/hostname") == nil)
        #expect(throws: FileSystemError(path: "/etc/hostname", reason: .notFound)) { try head.read("/etc/hostname") }
        #expect(head.kind(of: repository.root + "/../outside.xcconfig") == nil)
    }

    @Test func foldersAreListedAndCannotBeRead() throws {
        let repository = try Repository()
        let head = try repository.open("HEAD")
        #expect(head.kind(of: repository.root + "/Config") == .directory)
        #expect(head.kind(of: repository.root) == .directory)
        #expect(try head.contents(ofDirectory: repository.root + "/Config").sorted() == ["App.xcconfig", "Nested"])
        #expect(throws: FileSystemError(path: repository.root + "/Config", reason: .isDirectory)) { try head.read(repository.root + "/Config") }
        #expect(throws: FileSystemError(path: "/x", reason: .permissionDenied)) { try head.writeAtomically([], to: "/x") }
    }

    @Test func storedSymbolicLinksAreFollowed() throws {
        let repository = try Repository()
        let head = try repository.open("HEAD")
        #expect(head.isSymbolicLink(repository.root + "/Link.xcconfig"))
        #expect(!head.isSymbolicLink(repository.root + "/Config/App.xcconfig"))
        #expect(head.resolvingSymlinks(repository.root + "/Link.xcconfig") == repository.root + "/Config/App.xcconfig")
        #expect(try head.read(repository.root + "/Link.xcconfig") == Array("A = 2\n".utf8))
    }

    @Test func aSubfolderAsCurrentDirectoryMapsPathsToTheWholeTree() throws {
        let repository = try Repository()
        let head = try repository.open("HEAD", in: repository.root + "/Config/Nested")
        #expect(head.root == repository.root)
        #expect(try head.read("N.xcconfig") == Array("N = 1\n".utf8))
        #expect(try head.read("../App.xcconfig") == Array("A = 2\n".utf8))
    }

    @Test func anUnknownRevisionOrAFolderOutsideARepositoryCannotBeOpened() throws {
        let repository = try Repository()
        #expect(throws: GitRevisionFileSystem.OpenError.self) { try repository.open("no-such-revision") }
        #expect(throws: GitRevisionFileSystem.OpenError.self) { try repository.open("HEAD", in: "/") }
    }

    @Test func anIncludeLoaderReadsTheRevisionsIncludes() throws {
        let repository = try Repository()
        let first = try repository.open("HEAD~1")
        let loaded = try IncludeLoader(fileSystem: first).load(path: "Link.xcconfig")
        #expect(loaded.diagnostics.isEmpty)
        let resolver = Resolver(levels: [Level(kind: .targetXCConfig, source: .configuration(loaded))], context: EvaluationContext())
        #expect(resolver.value(of: "A") == "1")
    }
}
