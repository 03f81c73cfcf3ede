import Testing
@testable import XCConfig
import XCConfigSyntax

/// The walker lists each file's assignments between includes as it meets them, into a buffer
/// that holds their inputs unretained; these loads check that the list gives every assignment
/// once per inclusion, in evaluation order, with its file, against a plain recursive expansion
/// of the trees, and that concatenated loads keep their parts' assignments readable.
@Suite struct AssignmentOrderTests {
    /// `(name, value, file index)` of every assignment, expanded recursively from the trees and
    /// the include edges the loader recorded (a skipped include expands to nothing).
    func expanded(_ loaded: LoadedConfiguration) -> [String] {
        var edges = loaded.includes.makeIterator()
        func expand(_ fileIndex: Int) -> [String] {
            var out: [String] = []
            for statement in loaded.files[fileIndex].tree.statements {
                switch statement.kind {
                case .assignment(let assignment):
                    out.append("\(assignment.name)=\(assignment.value)@\(fileIndex)")
                case .include:
                    let edge = edges.next()!
                    if edge.outcome == .included, let target = edge.targetIndex { out += expand(target) }
                default:
                    break
                }
            }
            return out
        }
        return expand(0)
    }

    func actual(_ loaded: LoadedConfiguration) -> [String] {
        loaded.assignments.map { "\($0.assignment.name)=\($0.assignment.value)@\($0.fileIndex)" }
    }

    /// Several target configurations read as one (`resolve a.xcconfig b.xcconfig`): the
    /// parts' assignments in order, their file indices past the files before them, and still
    /// readable once the parts themselves are gone (the concatenation keeps their inputs).
    @Test func concatenatedLoadsListEveryPartsAssignments() throws {
        let files = InMemoryFileSystem(currentDirectory: "/tmp", files: [
            "/tmp/a.xcconfig": "A = 1\n#include \"shared.xcconfig\"\nB = $(A)2\n",
            "/tmp/b.xcconfig": "#include \"shared.xcconfig\"\nC[sdk=macosx*] = 3 \\\n  more\n",
            "/tmp/shared.xcconfig": "S = s\n",
        ])
        var expected: [String] = []
        var merged = LoadedConfiguration.concatenating([])
        do {
            let loader = IncludeLoader(fileSystem: files)
            let parts = try ["/tmp/a.xcconfig", "/tmp/b.xcconfig"].map { try loader.load(path: $0) }
            var offset = 0
            for part in parts {
                expected += part.assignments.map { "\($0.assignment.name)=\($0.assignment.value)@\($0.fileIndex + offset)" }
                offset += part.files.count
            }
            merged = LoadedConfiguration.concatenating(parts)
        }
        #expect(expected == ["A=1@0", "S=s@1", "B=$(A)2@0", "S=s@3", "C=3 more@2"])
        #expect(actual(merged) == expected)
        #expect(merged.assignments.map { merged.files[$0.fileIndex].path } == [
            "/tmp/a.xcconfig", "/tmp/shared.xcconfig", "/tmp/a.xcconfig", "/tmp/shared.xcconfig", "/tmp/b.xcconfig",
        ])
    }

    @Test func includesInTheMiddleRepeatedIncludesAndEmptyRuns() throws {
        let files = [
            "/tmp/root.xcconfig": "A = 1\n#include \"x.xcconfig\"\n// c\nB = 2\n#include \"y.xcconfig\"\n#include \"x.xcconfig\"\n\nC[sdk=macosx*] = 3\n#include? \"none.xcconfig\"\nD = 4 \\\n  more\n",
            "/tmp/x.xcconfig": "X1 = x\n#include \"y.xcconfig\"\nX2 = $(X1)\n",
            "/tmp/y.xcconfig": "#include \"z.xcconfig\"\n#include \"z.xcconfig\"\n",
            "/tmp/z.xcconfig": "Z = z\nbad line\nZ2 = zz\n",
        ]
        let loaded = try IncludeLoader(fileSystem: InMemoryFileSystem(currentDirectory: "/tmp", files: files))
            .load(path: "/tmp/root.xcconfig")
        #expect(actual(loaded) == expanded(loaded))
        #expect(loaded.assignments.count == 20)
        #expect(actual(loaded).prefix(3) == ["A=1@0", "X1=x@1", "Z=z@3"])
    }

    @Test func generatedGraphsMatchTheRecursiveExpansion() throws {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<30 {
            var files: [String: String] = [:]
            let count = Int.random(in: 1...6, using: &generator)
            for file in 0..<count {
                var text = ""
                for line in 0..<Int.random(in: 0...12, using: &generator) {
                    switch Int.random(in: 0..<6, using: &generator) {
                    case 0: text += "#include \"f\(Int.random(in: 0..<count + 1, using: &generator)).xcconfig\"\n"
                    case 1: text += "// comment \(line)\n"
                    case 2: text += "\n"
                    default: text += "S\(file)_\(line) = v\(line)\n"
                    }
                }
                files["/tmp/f\(file).xcconfig"] = text
            }
            let loaded = try IncludeLoader(fileSystem: InMemoryFileSystem(currentDirectory: "/tmp", files: files))
                .load(path: "/tmp/f0.xcconfig")
            #expect(actual(loaded) == expanded(loaded), "\(files)")
        }
    }

    /// Deeper than the walker's linear cycle check (16 frames), then back: the cycle back to
    /// the root is caught at every depth, and a file left by the walk may be included again.
    @Test func deepChainsFindCyclesPastTheLinearLimit() throws {
        var files: [String: String] = [:]
        let depth = 40
        for index in 0..<depth {
            var text = "S\(index) = \(index)\n"
            if index + 1 < depth { text += "#include \"f\(index + 1).xcconfig\"\n" }
            // A cycle back to the root from every fifth file, and a sibling include of a file
            // already walked and left.
            if index % 5 == 4 { text += "#include \"f0.xcconfig\"\n" }
            if index == 30 { text += "#include \"leaf.xcconfig\"\n" }
            files["/tmp/f\(index).xcconfig"] = text
        }
        files["/tmp/f0.xcconfig"]! += "#include \"leaf.xcconfig\"\n#include \"f35.xcconfig\"\n"
        files["/tmp/leaf.xcconfig"] = "LEAF = 1\n"
        let loaded = try IncludeLoader(fileSystem: InMemoryFileSystem(currentDirectory: "/tmp", files: files))
            .load(path: "/tmp/f0.xcconfig")
        #expect(actual(loaded) == expanded(loaded))
        // f4, f9, ... f39 from the first walk down, and f39 again under the root's own include of f35.
        #expect(loaded.includes.filter { $0.outcome == .cycle }.count == depth / 5 + 1)
        #expect(loaded.diagnostics.filter { $0.severity == .warning }.count == depth / 5 + 1)
        #expect(loaded.files.count == depth + 1)
        #expect(loaded.dependencies.count == depth + 1)
    }

    @Test func pathMapAnswersAlikeBeforeAndAfterItsDictionary() {
        var map = PathMap<Int>()
        for index in 0..<40 {
            let added = map.insert("/p/\(index)", index)
            let addedAgain = map.insert("/p/\(index)", -1)
            #expect(added && !addedAgain)
            for earlier in 0...index { #expect(map["/p/\(earlier)"] == earlier) }
            #expect(map["/p/\(index + 1)"] == nil)
        }
    }
}
