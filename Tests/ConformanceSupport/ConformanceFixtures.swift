import Foundation

// Loads the recorded conformance cases (Tests/XCConfigTests/Fixtures/conformance, copied from
// shared/conformance) for the library and command-line conformance suites.

/// One recorded case: input files, context flags, and what Apple's implementation produced.
public struct ConformanceCase: Sendable, CustomStringConvertible {
    public var name: String
    public var files: [String: [UInt8]]
    public var arguments: [String]
    public var expectedExit: Int
    public var expectedSettings: [String: String]
    public var expectedDiagnostics: [DiagnosticTriple]

    public var description: String { name }
}

public struct DiagnosticTriple: Hashable, Comparable, CustomStringConvertible, Sendable {
    public var file: String
    public var line: Int
    public var severity: String

    public init(file: String, line: Int, severity: String) {
        self.file = file
        self.line = line
        self.severity = severity
    }

    public static func < (lhs: Self, rhs: Self) -> Bool {
        (lhs.file, lhs.line, lhs.severity) < (rhs.file, rhs.line, rhs.severity)
    }

    public var description: String { "\(file):\(line): \(severity)" }
}

public enum ConformanceFixtures {
    public static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("XCConfigTests/Fixtures/conformance")

    /// `shared/corpus` beside the repository, when it is there.
    public static let corpusDirectory: URL? = {
        let url = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("shared/corpus")
        return FileManager.default.fileExists(atPath: url.path) ? url : nil
    }()

    /// Every `.xcconfig` file of the corpus, as absolute paths, sorted; empty without the corpus.
    public static func corpusFiles() -> [String] {
        guard let root = corpusDirectory, let enumerator = FileManager.default.enumerator(atPath: root.path) else { return [] }
        var files: [String] = []
        while let relative = enumerator.nextObject() as? String {
            if relative.hasSuffix(".xcconfig") { files.append(root.appendingPathComponent(relative).path) }
        }
        return files.sorted()
    }

    /// Every case folder under `cases/`.
    public static func namedCases() -> [ConformanceCase] {
        let casesDirectory = directory.appendingPathComponent("cases")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: casesDirectory.path)) ?? []
        return names.sorted().compactMap { name in
            let folder = casesDirectory.appendingPathComponent(name)
            guard let expectedData = try? Data(contentsOf: folder.appendingPathComponent("expected.json")),
                  let expected = try? JSONSerialization.jsonObject(with: expectedData) as? [String: Any] else { return nil }
            var files: [String: [UInt8]] = [:]
            let enumerator = FileManager.default.enumerator(atPath: folder.path)
            while let file = enumerator?.nextObject() as? String {
                guard file != "expected.json", file != "ctx" else { continue }
                var isDirectory: ObjCBool = false
                let url = folder.appendingPathComponent(file)
                if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue {
                    files[file] = Array((try? Data(contentsOf: url)) ?? Data())
                }
            }
            let context = (try? String(contentsOf: folder.appendingPathComponent("ctx"), encoding: .utf8)) ?? ""
            let diagnostics = (expected["diagnostics"] as? [[String: Any]] ?? []).map {
                DiagnosticTriple(file: $0["file"] as! String, line: $0["line"] as! Int, severity: $0["severity"] as! String)
            }
            return ConformanceCase(
                name: name, files: files, arguments: splitWords(context),
                expectedExit: expected["exit"] as! Int,
                expectedSettings: expected["settings"] as! [String: String],
                expectedDiagnostics: diagnostics)
        }
    }

    /// The generated sets of cases, each an array recorded with its own seed.
    public static let randomSetNames = ["random.json", "random-2.json"]

    /// The generated cases of every set in ``randomSetNames``.
    public static func randomCases() -> [ConformanceCase] {
        randomSetNames.flatMap(randomCases(in:))
    }

    /// The generated cases of one set, named `random[N]` for `random.json` and
    /// `random-2[N]` for `random-2.json`.
    public static func randomCases(in setName: String) -> [ConformanceCase] {
        let prefix = setName.hasSuffix(".json") ? String(setName.dropLast(5)) : setName
        guard let data = try? Data(contentsOf: directory.appendingPathComponent(setName)),
              let array = try? JSONSerialization.jsonObject(with: data) as? [[String: Any]] else { return [] }
        return array.enumerated().map { index, object in
            let expected = object["expected"] as! [String: Any]
            let files = (object["files"] as! [String: String]).mapValues { Array($0.utf8) }
            let diagnostics = (expected["diagnostics"] as? [[Any]] ?? []).map {
                DiagnosticTriple(file: $0[0] as! String, line: $0[1] as! Int, severity: $0[2] as! String)
            }
            return ConformanceCase(
                name: "\(prefix)[\(index)]", files: files, arguments: object["args"] as! [String],
                expectedExit: expected["exit"] as! Int,
                expectedSettings: expected["settings"] as! [String: String],
                expectedDiagnostics: diagnostics)
        }
    }

    /// Splits a line into words as a POSIX shell does (quotes and backslashes; no expansion).
    public static func splitWords(_ line: String) -> [String] {
        var words: [String] = []
        var current = ""
        var inWord = false
        var quote: Character? = nil
        var escaped = false
        for character in line {
            if escaped {
                current.append(character); escaped = false; inWord = true; continue
            }
            if let open = quote {
                if character == open { quote = nil } else if character == "\\" && open == "\"" { escaped = true } else { current.append(character) }
                continue
            }
            switch character {
            case "\\": escaped = true; inWord = true
            case "\"", "'": quote = character; inWord = true
            case " ", "\t", "\n":
                if inWord { words.append(current); current = ""; inWord = false }
            default: current.append(character); inWord = true
            }
        }
        if inWord { words.append(current) }
        return words
    }
}
