import Testing
@testable import XCConfig
import XCConfigSyntax

/// An in-memory file system that counts the reads of each file.
final class ReadCountingFileSystem: FileSystem, @unchecked Sendable {
    let base: InMemoryFileSystem
    private let lock = Lock()
    private var counts: [String: Int] = [:]

    init(_ files: [String: String]) { base = InMemoryFileSystem(currentDirectory: "/p", files: files) }

    var reads: [String: Int] { lock.withLock { counts } }

    func kind(of path: String) -> FileKind? { base.kind(of: path) }
    func read(_ path: String) throws(FileSystemError) -> [UInt8] {
        lock.withLock { counts[path, default: 0] += 1 }
        // A new buffer at each read, as from the disk, so that a kept tree is told from a new one.
        return try base.read(path).map { $0 }
    }
    func writeAtomically(_ bytes: [UInt8], to path: String) throws(FileSystemError) { try base.writeAtomically(bytes, to: path) }
    func contents(ofDirectory path: String) throws(FileSystemError) -> [String] { try base.contents(ofDirectory: path) }
    func resolvingSymlinks(_ path: String) -> String { base.resolvingSymlinks(path) }
    func isSymbolicLink(_ path: String) -> Bool { base.isSymbolicLink(path) }
    func entry(at path: String) -> (kind: FileKind, isSymbolicLink: Bool)? { base.entry(at: path) }
    var currentDirectory: String { base.currentDirectory }
}

/// The two hooks the linter loads with (issue 20): a parse cache shared between loaders, and
/// loads that stop at the root's own includes.
@Suite struct ParsedFileCacheTests {
    static let files = [
        "/p/A.xcconfig": "#include \"B.xcconfig\"\nA = 1\n",
        "/p/B.xcconfig": "#include \"C.xcconfig\"\nB = 1\n#include \"Missing.xcconfig\"\n",
        "/p/C.xcconfig": "C = $(inherited) c\n",
    ]

    @Test func loadersSharingACacheReadEachFileOnce() throws {
        let fileSystem = ReadCountingFileSystem(Self.files)
        let cache = ParsedFileCache()
        let loader = IncludeLoader(fileSystem: fileSystem, parsedFiles: cache)
        let first = try loader.load(path: "A.xcconfig")
        let second = try loader.load(path: "B.xcconfig")
        let third = try IncludeLoader(fileSystem: fileSystem, parsedFiles: cache).load(path: "/p/C.xcconfig")
        #expect(fileSystem.reads == ["/p/A.xcconfig": 1, "/p/B.xcconfig": 1, "/p/C.xcconfig": 1])
        // The loads are what they are without the cache.
        let plain = IncludeLoader(fileSystem: fileSystem)
        for (cached, path) in [(first, "A.xcconfig"), (second, "B.xcconfig"), (third, "C.xcconfig")] {
            let uncached = try plain.load(path: path)
            #expect(cached.assignments.map(\.assignment.name) == uncached.assignments.map(\.assignment.name))
            #expect(cached.files.map(\.path) == uncached.files.map(\.path))
            #expect(cached.diagnostics == uncached.diagnostics)
        }
        #expect(first.assignments.map(\.assignment.name) == ["C", "B", "A"])
    }

    @Test func aFailedReadIsNotRemembered() throws {
        let fileSystem = ReadCountingFileSystem([:])
        let loader = IncludeLoader(fileSystem: fileSystem, parsedFiles: ParsedFileCache())
        #expect(throws: IncludeLoader.RootError.self) { try loader.load(path: "/p/A.xcconfig") }
        fileSystem.base.addFile("/p/A.xcconfig", "A = 1\n")
        #expect(try loader.load(path: "/p/A.xcconfig").assignments.map(\.assignment.name) == ["A"])
    }

    /// Without walking, the root's includes are resolved, read and recorded, but the included
    /// files' assignments and includes are not listed.
    @Test func aLoadCanStopAtTheRootsOwnIncludes() throws {
        let fileSystem = ReadCountingFileSystem(Self.files)
        let loader = IncludeLoader(fileSystem: fileSystem)
        let shallow = try loader.load(path: "B.xcconfig", walkingIncludedFiles: false)
        #expect(shallow.assignments.map(\.assignment.name) == ["B"])
        #expect(shallow.files.map(\.path) == ["/p/B.xcconfig", "/p/C.xcconfig"])
        #expect(shallow.includes.map(\.includerIndex) == [0, 0])
        #expect(shallow.includes.map(\.outcome) == [.included, .notFound])
        #expect(shallow.includes.map(\.resolvedPath) == ["/p/C.xcconfig", nil])
        #expect(shallow.diagnostics.map(\.message) == ["could not find included file 'Missing.xcconfig' in search paths"])
        let full = try loader.load(path: "B.xcconfig")
        #expect(full.assignments.map(\.assignment.name) == ["C", "B"])
    }

    /// A revalidating cache reads every file again, keeps the tree of each unchanged one (the
    /// same bytes, not parsed again) and parses the changed ones.
    @Test func aRevalidatingCacheKeepsOnlyTheUnchangedTrees() throws {
        let fileSystem = ReadCountingFileSystem(Self.files)
        let first = ParsedFileCache()
        let before = try IncludeLoader(fileSystem: fileSystem, parsedFiles: first).load(path: "A.xcconfig")
        fileSystem.base.addFile("/p/B.xcconfig", "#include \"C.xcconfig\"\nB = 2\n")
        let second = first.revalidating()
        let after = try IncludeLoader(fileSystem: fileSystem, parsedFiles: second).load(path: "A.xcconfig")
        #expect(fileSystem.reads == ["/p/A.xcconfig": 2, "/p/B.xcconfig": 2, "/p/C.xcconfig": 2])
        #expect(after.assignments.map(\.assignment.value) == ["$(inherited) c", "2", "1"])
        func storage(_ tree: SyntaxTree) -> UnsafeRawPointer? { tree.bytes.withUnsafeBytes { UnsafeRawPointer($0.baseAddress) } }
        let treesBefore = Dictionary(uniqueKeysWithValues: before.files.map { ($0.path!, $0.tree) })
        for file in after.files {
            let kept = storage(file.tree) == storage(treesBefore[file.path!]!)
            #expect(kept == (file.path != "/p/B.xcconfig"), "\(file.path!)")
        }
        // A file dropped from one revalidation's loads is still kept for the next.
        let third = second.revalidating().revalidating()
        let again = try IncludeLoader(fileSystem: fileSystem, parsedFiles: third).load(path: "C.xcconfig")
        #expect(storage(again.files[0].tree) == storage(treesBefore["/p/C.xcconfig"]!))
    }

    /// Issue 30, finding 9: a language server revalidates at every change, and the cache kept
    /// every tree it had ever parsed (1,000 documents opened and closed grew the server without
    /// bound). A tree no load asks for is dropped after a few revalidations.
    @Test func aTreeNoLoadAsksForIsDroppedAfterAFewRevalidations() throws {
        let fileSystem = ReadCountingFileSystem(Self.files)
        var cache = ParsedFileCache()
        _ = try IncludeLoader(fileSystem: fileSystem, parsedFiles: cache).load(path: "A.xcconfig")
        for _ in 1...ParsedFileCache.keptRevalidations {
            cache = cache.revalidating()
            #expect(cache.keptPaths == ["/p/A.xcconfig", "/p/B.xcconfig", "/p/C.xcconfig"])
            // Only C is asked for: it stays, however many revalidations pass.
            _ = try IncludeLoader(fileSystem: fileSystem, parsedFiles: cache).load(path: "C.xcconfig")
        }
        cache = cache.revalidating()
        #expect(cache.keptPaths == ["/p/C.xcconfig"])
    }

    /// The kept trees hold at most `keptBytesLimit` bytes of source, the most recently used first.
    @Test func theKeptTreesHaveASizeBound() throws {
        let fileSystem = ReadCountingFileSystem(Self.files)
        let limit = Self.files["/p/C.xcconfig"]!.utf8.count
        let cache = ParsedFileCache(keptBytesLimit: limit)
        _ = try IncludeLoader(fileSystem: fileSystem, parsedFiles: cache).load(path: "C.xcconfig")
        #expect(cache.revalidating().keptPaths == ["/p/C.xcconfig"])
        _ = try IncludeLoader(fileSystem: fileSystem, parsedFiles: cache).load(path: "A.xcconfig")
        #expect(cache.revalidating().keptPaths.count <= 1)
    }
}
