import Foundation
import Testing
@testable import XCConfig
import XCConfigSyntax

/// One recorded case: input files, context flags, and what Apple's implementation produced.
struct ConformanceCase: CustomTestStringConvertible, Sendable {
    var name: String
    var files: [String: [UInt8]]
    var arguments: [String]
    var expectedExit: Int
    var expectedSettings: [String: String]
    var expectedDiagnostics: [DiagnosticTriple]

    var testDescription: String { name }
}

struct DiagnosticTriple: Hashable, Comparable, CustomStringConvertible, Sendable {
    var file: String
    var line: Int
    var severity: String

    static func < (lhs: Self, rhs: Self) -> Bool {
        (lhs.file, lhs.line, lhs.severity) < (rhs.file, rhs.line, rhs.severity)
    }

    var description: String { "\(file):\(line): \(severity)" }
}

enum ConformanceFixtures {
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/conformance")

    /// Every case folder under `cases/`.
    static func namedCases() -> [ConformanceCase] {
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

    /// The generated cases of `random.json`.
    static func randomCases() -> [ConformanceCase] {
        guard let data = try? Data(contentsOf: directory.appendingPathComponent("random.json")),
              let array = try? JSONSerialization.jsonObject(with: data) as? [[String: Any]] else { return [] }
        return array.enumerated().map { index, object in
            let expected = object["expected"] as! [String: Any]
            let files = (object["files"] as! [String: String]).mapValues { Array($0.utf8) }
            let diagnostics = (expected["diagnostics"] as? [[Any]] ?? []).map {
                DiagnosticTriple(file: $0[0] as! String, line: $0[1] as! Int, severity: $0[2] as! String)
            }
            return ConformanceCase(
                name: "random[\(index)]", files: files, arguments: object["args"] as! [String],
                expectedExit: expected["exit"] as! Int,
                expectedSettings: expected["settings"] as! [String: String],
                expectedDiagnostics: diagnostics)
        }
    }

    /// Splits a line into words as a POSIX shell does (quotes and backslashes; no expansion).
    static func splitWords(_ line: String) -> [String] {
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
