import ConformanceSupport
import Testing
@testable import XCConfig

/// The walk gives an included file its includer's directory string when it is the file's
/// directory, tested by `Path.isDirectory(_:of:)` without making a string; these compare that
/// test with `Path.directory(of:) ==` on generated paths of every length up to 40, against
/// directories that are, nearly are, and are not theirs.
@Suite struct DirectoryReuseTests {
    static let pieces = ["/", "a", "b", ".", "..", "é", "//", "x.xcconfig", "/", "\u{301}", "ab"]

    static func paths(length: Int, seed: UInt64) -> [String] {
        var numbers = SeededNumbers(seed: seed, length: length)
        return (0..<20).map { _ in
            var path = ""
            while path.utf8.count < length { path += pieces[numbers.next(pieces.count)] }
            return path
        }
    }

    @Test(arguments: 0...40)
    func agreesWithTheDirectoryString(length: Int) {
        let paths = Self.paths(length: length, seed: 5)
        for path in paths {
            let directory = Path.directory(of: path)
            var candidates = [directory, directory + "/", String(directory.dropLast()), "/", ".", "", path]
            candidates += paths.map(Path.directory(of:))
            for candidate in candidates {
                let fast = Path.isDirectory(candidate, of: path)
                // `false` may leave the question to `directory(of:)`; `true` must be right.
                if fast { #expect(candidate == directory, "\(candidate) of \(path)") }
                if candidate == directory, let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")),
                   slash != path.utf8.startIndex {
                    #expect(fast, "\(candidate) of \(path)")
                }
            }
        }
    }

    @Test func anIncludeBesideItsIncluderWalksAsBefore() throws {
        let fileSystem = InMemoryFileSystem(currentDirectory: "/tmp", files: [
            "/tmp/a/root.xcconfig": "#include \"b.xcconfig\"\n#include \"../c/c.xcconfig\"\nR = 1\n",
            "/tmp/a/b.xcconfig": "#include \"d.xcconfig\"\nB = 2\n",
            "/tmp/a/d.xcconfig": "D = 3\n",
            "/tmp/c/c.xcconfig": "#include \"e.xcconfig\"\nC = 4\n",
            "/tmp/c/e.xcconfig": "E = 5\n",
        ])
        let loaded = try IncludeLoader(fileSystem: fileSystem).load(path: "/tmp/a/root.xcconfig")
        #expect(loaded.diagnostics.isEmpty)
        #expect(loaded.files.map(\.path) == [
            "/tmp/a/root.xcconfig", "/tmp/a/b.xcconfig", "/tmp/a/d.xcconfig", "/tmp/c/c.xcconfig", "/tmp/c/e.xcconfig",
        ])
        #expect(loaded.assignments.map(\.assignment.name) == ["D", "B", "E", "C", "R"])
    }
}
