import ConformanceSupport
import Foundation
import Testing
import XCConfig
@testable import XCConfigCLI

/// Every recorded case through the real `xcconfig resolve` command, exactly as the conformance
/// README runs them: `xcconfig resolve main.xcconfig <ctx> --format json` inside the case folder.
@Suite struct ResolveConformanceTests {
    static func caseFileSystem(_ testCase: ConformanceCase) -> InMemoryFileSystem {
        let fileSystem = InMemoryFileSystem(currentDirectory: "/case")
        for (name, bytes) in testCase.files { fileSystem.addFile(name, bytes: bytes) }
        return fileSystem
    }

    static func settings(fromJSON text: String) -> [String: String]? {
        guard let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: String] else { return nil }
        return object
    }

    /// (file, line, severity) of each `FILE:LINE:COLUMN: severity:` line, notes left out.
    static func diagnostics(fromStandardError text: String) -> [DiagnosticTriple] {
        text.split(separator: "\n").compactMap { line in
            let parts = line.split(separator: ":", maxSplits: 4, omittingEmptySubsequences: false)
            guard parts.count >= 4, let number = Int(parts[1]) else { return nil }
            let severity = parts[3].trimmingCharacters(in: .whitespaces)
            guard severity == "error" || severity == "warning" else { return nil }
            return DiagnosticTriple(file: String(parts[0]), line: number, severity: severity)
        }
    }

    static func check(_ testCase: ConformanceCase) {
        let result = runCLI(["resolve", "main.xcconfig"] + testCase.arguments + ["--format", "json"], fileSystem: caseFileSystem(testCase))
        #expect(settings(fromJSON: result.stdout) == testCase.expectedSettings, "\(testCase.name): \(result.stdout)")
        #expect(diagnostics(fromStandardError: result.stderr).sorted() == testCase.expectedDiagnostics.sorted(), "\(testCase.name): \(result.stderr)")
        #expect(Int(result.status.rawValue) == testCase.expectedExit, "\(testCase.name)")
    }

    @Test("recorded cases", arguments: ConformanceFixtures.namedCases())
    func namedCase(_ testCase: ConformanceCase) { Self.check(testCase) }

    @Test("random.json and random-2.json cases", arguments: ConformanceFixtures.randomCases())
    func randomCase(_ testCase: ConformanceCase) { Self.check(testCase) }

    /// `--format xcconfig` writes one self-contained file that resolves to the same values.
    @Test("xcconfig output re-resolves to the same values", arguments: ConformanceFixtures.namedCases() + ConformanceFixtures.randomCases())
    func xcconfigRoundTrip(_ testCase: ConformanceCase) {
        let fileSystem = Self.caseFileSystem(testCase)
        let original = runCLI(["resolve", "main.xcconfig"] + testCase.arguments + ["--format", "json"], fileSystem: fileSystem)
        let written = runCLI(["resolve", "main.xcconfig"] + testCase.arguments + ["--format", "xcconfig"], fileSystem: fileSystem)
        fileSystem.addFile("/roundtrip/resolved.xcconfig", written.stdout)
        let reread = runCLI(["resolve", "/roundtrip/resolved.xcconfig"] + testCase.arguments + ["--format", "json"], fileSystem: fileSystem)
        #expect(reread.status == .success, "\(testCase.name): \(reread.stderr)")
        #expect(Self.settings(fromJSON: reread.stdout) == Self.settings(fromJSON: original.stdout), "\(testCase.name):\n\(written.stdout)")
    }
}

extension ConformanceCase: CustomTestStringConvertible {
    public var testDescription: String { name }
}
