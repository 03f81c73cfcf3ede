import Foundation
import Testing
import XCConfigSyntax

/// Parse diagnostics agree with the ones recorded from Xcode's implementation.
@Suite struct ConformanceTests {
    static let caseFolders: [URL] = {
        guard let conformance = Fixtures.conformance else { return [] }
        let cases = conformance.appendingPathComponent("cases")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: cases.path)) ?? []
        return names.sorted().map { cases.appendingPathComponent($0) }
            .filter { FileManager.default.fileExists(atPath: $0.appendingPathComponent("expected.json").path) }
    }()

    @Test(arguments: caseFolders.map(\.lastPathComponent))
    func parseDiagnosticsMatchRecordedCase(_ name: String) throws {
        let folder = try #require(Fixtures.conformance).appendingPathComponent("cases/\(name)")
        let json = try Data(contentsOf: folder.appendingPathComponent("expected.json"))
        let expected = try #require(JSONSerialization.jsonObject(with: json) as? [String: Any])
        let recorded = (expected["diagnostics"] as? [[String: Any]] ?? []).map {
            RecordedDiagnostic(
                file: $0["file"] as? String ?? "", line: $0["line"] as? Int ?? 0,
                severity: $0["severity"] as? String ?? "")
        }
        let trees = reachableFiles(
            root: "main.xcconfig",
            exists: { FileManager.default.fileExists(atPath: folder.appendingPathComponent($0).path) },
            read: { path in
                var isDirectory: ObjCBool = false
                let url = folder.appendingPathComponent(path)
                guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory),
                    !isDirectory.boolValue
                else { return nil }
                return (try? Data(contentsOf: url)).map { [UInt8]($0) }
            })
        #expect(!trees.isEmpty)
        #expect(parseDiagnostics(trees).sorted() == parserPart(of: recorded, trees: trees).sorted())
    }

    @Test(arguments: ["random.json", "random-2.json"])
    func parseDiagnosticsMatchRecordedRandomCases(_ setName: String) throws {
        guard let conformance = Fixtures.conformance else { return }
        let data = try Data(contentsOf: conformance.appendingPathComponent(setName))
        let cases = try #require(JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        #expect(!cases.isEmpty)
        var compared = 0
        for (number, item) in cases.enumerated() {
            let files = item["files"] as? [String: String] ?? [:]
            let expected = item["expected"] as? [String: Any] ?? [:]
            let recorded = (expected["diagnostics"] as? [[Any]] ?? []).map {
                RecordedDiagnostic(file: $0[0] as? String ?? "", line: $0[1] as? Int ?? 0, severity: $0[2] as? String ?? "")
            }
            let trees = reachableFiles(
                root: "main.xcconfig",
                exists: { files[$0] != nil },
                read: { files[$0].map { Array($0.utf8) } })
            let expectedPart = parserPart(of: recorded, trees: trees)
            compared += expectedPart.count
            #expect(parseDiagnostics(trees).sorted() == expectedPart.sorted(), "\(setName) case \(number)")
        }
        // The recorded data does contain parse errors, so this test is not vacuous.
        #expect(compared > 20)
    }
}
