import Testing
import XCConfig
import XCConfigSyntax
@testable import XCConfigLint

/// An in-memory file system that counts what is asked of it.
final class CountingFileSystem: FileSystem, @unchecked Sendable {
    let base: InMemoryFileSystem
    private let lock = Lock()
    private var readCounts: [String: Int] = [:]
    private var callCount = 0

    init(_ base: InMemoryFileSystem) { self.base = base }

    /// How many times each file was read.
    var reads: [String: Int] { lock.withLock { readCounts } }
    /// How many requests of any kind were made.
    var calls: Int { lock.withLock { callCount } }

    private func count(read path: String? = nil) {
        lock.withLock {
            callCount += 1
            if let path { readCounts[path, default: 0] += 1 }
        }
    }

    func kind(of path: String) -> FileKind? { count(); return base.kind(of: path) }
    func read(_ path: String) throws(FileSystemError) -> [UInt8] { count(read: path); return try base.read(path) }
    func writeAtomically(_ bytes: [UInt8], to path: String) throws(FileSystemError) { count(); try base.writeAtomically(bytes, to: path) }
    func contents(ofDirectory path: String) throws(FileSystemError) -> [String] { count(); return try base.contents(ofDirectory: path) }
    func resolvingSymlinks(_ path: String) -> String { count(); return base.resolvingSymlinks(path) }
    func isSymbolicLink(_ path: String) -> Bool { count(); return base.isSymbolicLink(path) }
    func entry(at path: String) -> (kind: FileKind, isSymbolicLink: Bool)? { count(); return base.entry(at: path) }
    var currentDirectory: String { base.currentDirectory }
}

/// Lint of a folder is linear in its size, however deep its include chains (issue 20): each
/// file is read once, only the roots' closures are walked, and every file is still checked.
@Suite struct IncludeChainTests {
    static let length = 200

    static func name(_ index: Int) -> String { "C\(1000 + index).xcconfig" }

    /// `/p/C1000.xcconfig` includes `C1001.xcconfig`, which includes the next, … ; each file
    /// extends `OTHER_LDFLAGS` and gives `INFOPLIST_FILE` a value holding `//`.
    static func chain() -> CountingFileSystem {
        let files = InMemoryFileSystem(currentDirectory: "/p")
        for index in 0..<length {
            var text = index + 1 < length ? "#include \"\(name(index + 1))\"\n" : "\n"
            text += "OTHER_LDFLAGS = $(inherited) -l\(index)\nINFOPLIST_FILE = http://x\n"
            files.addFile("/p/" + name(index), text)
        }
        return CountingFileSystem(files)
    }

    @Test func everyFileOfAChainIsReadOnce() throws {
        let files = Self.chain()
        let findings = try Linter(fileSystem: files).lint(paths: ["."])
        let expected = (0..<Self.length).map { "/p/" + Self.name($0) }
        #expect(files.reads.keys.sorted() == expected)
        #expect(files.reads.values.allSatisfy { $0 == 1 })
        // A chain of N files walked from each of them asks about N²/2 includes; walked once,
        // a few requests per file (reads, lookups, the folder's listing) remain.
        #expect(files.calls < 10 * Self.length)
        // Every file is checked, the included ones too: `//` starts a comment in each value.
        let comments = findings.filter { $0.rule == "comment-in-value" }
        #expect(comments.compactMap(\.file) == expected)
        #expect(comments.allSatisfy { $0.location == SourceLocation(line: 3, column: 23) })
    }

    /// The chain's files are found in the folder, and also named on the command line: the
    /// named ones are roots, and still nothing is read twice.
    @Test func namedFilesOfAChainAreReadOnce() throws {
        let files = Self.chain()
        let named = [Self.name(0), Self.name(Self.length / 2), Self.name(Self.length - 1)]
        let findings = try Linter(fileSystem: files).lint(paths: named + ["."])
        #expect(files.reads.count == Self.length)
        #expect(files.reads.values.allSatisfy { $0 == 1 })
        #expect(findings.filter { $0.rule == "comment-in-value" }.count == Self.length)
    }
}
