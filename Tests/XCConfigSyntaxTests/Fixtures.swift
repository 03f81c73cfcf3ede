import Foundation
import XCConfigSyntax

/// Where the shared test data lives, found from this file's path (symlinks resolved).
enum Fixtures {
    /// `/…/main`, the package root.
    static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .resolvingSymlinksInPath()
        .deletingLastPathComponent()  // XCConfigSyntaxTests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()

    /// The conformance folder: the copy in the XCConfig tests' fixtures, else the shared one.
    static var conformance: URL? {
        let candidates = [
            packageRoot.appendingPathComponent("Tests/XCConfigTests/Fixtures/conformance"),
            packageRoot.deletingLastPathComponent().appendingPathComponent("shared/conformance"),
        ]
        return candidates.first { FileManager.default.fileExists(atPath: $0.appendingPathComponent("cases").path) }
    }

    /// The shared corpus of real-world xcconfig files, if present.
    static var corpus: URL? {
        let url = packageRoot.deletingLastPathComponent().appendingPathComponent("shared/corpus")
        return FileManager.default.fileExists(atPath: url.path) ? url : nil
    }

    /// Every regular file under `folder` whose name ends in `suffix`, sorted.
    static func files(under folder: URL, suffix: String) -> [URL] {
        guard let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
        else { return [] }
        var result: [URL] = []
        for case let url as URL in enumerator where url.lastPathComponent.hasSuffix(suffix) {
            result.append(url)
        }
        return result.sorted { $0.path < $1.path }
    }
}

/// The files a load of `root` parses, following includes the way the loader resolves them
/// (semantics §1.6: the includer's directory, then its includers' directories, then the root's).
/// `exists` and `read` see paths relative to the case folder.
func reachableFiles(
    root: String,
    exists: (String) -> Bool,
    read: (String) -> [UInt8]?
) -> [String: SyntaxTree] {
    var trees: [String: SyntaxTree] = [:]
    // (file, search directories) pairs still to visit; directories are "" for the case folder.
    var pending: [(String, [String])] = [(root, [""])]
    while let (file, searchList) = pending.popLast() {
        guard trees[file] == nil, let bytes = read(file) else { continue }
        let tree = XCConfigParser.parse(bytes)
        trees[file] = tree
        let directory = (file as NSString).deletingLastPathComponent
        let list = [directory] + searchList
        for include in tree.includes {
            let name = include.path
            var found: String?
            for folder in list {
                let candidate = folder.isEmpty ? name : folder + "/" + name
                if exists(candidate) { found = candidate; break }
                if (name as NSString).pathExtension.isEmpty && exists(candidate + ".xcconfig") {
                    found = candidate + ".xcconfig"
                    break
                }
            }
            if let found { pending.append(((found as NSString).standardizingPath, list)) }
        }
    }
    return trees
}

/// A diagnostic reduced to what the conformance data records.
struct RecordedDiagnostic: Hashable, Comparable, CustomStringConvertible {
    var file: String
    var line: Int
    var severity: String
    var description: String { "\(file):\(line): \(severity)" }
    static func < (a: Self, b: Self) -> Bool { (a.file, a.line, a.severity) < (b.file, b.line, b.severity) }
}

/// The parse diagnostics of every reachable file.
func parseDiagnostics(_ trees: [String: SyntaxTree]) -> Set<RecordedDiagnostic> {
    var result: Set<RecordedDiagnostic> = []
    for (file, tree) in trees {
        for diagnostic in tree.diagnostics {
            result.insert(RecordedDiagnostic(
                file: file, line: diagnostic.location?.line ?? 0, severity: diagnostic.severity.rawValue))
        }
    }
    return result
}

/// The recorded diagnostics that come from the parser: all but those on a well-formed `#include`
/// line (missing files and cycles are the loader's).
func parserPart(of recorded: [RecordedDiagnostic], trees: [String: SyntaxTree]) -> Set<RecordedDiagnostic> {
    Set(recorded.filter { diagnostic in
        guard let tree = trees[diagnostic.file] else { return true }
        let isIncludeLine = tree.statements.contains { statement in
            if case .include = statement.kind { return statement.range.start.line == diagnostic.line }
            return false
        }
        return !isIncludeLine
    })
}
