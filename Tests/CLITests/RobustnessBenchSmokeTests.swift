import Foundation
import Testing
import XCConfig

/// `xcconfig-bench` runs and prints its JSON report (issue 6). Never a timing test: one tiny
/// iteration of the quick benchmarks, only the shape of the output is checked.
@Suite struct RobustnessBenchSmokeTests {
    /// `swift build` puts every product of the package next to the test bundle.
    static let bench: String? = {
        let directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for candidate in [directory, directory.deletingLastPathComponent()] {
            let path = candidate.appendingPathComponent("xcconfig-bench").path
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return nil
    }()

    static let shared = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("shared")

    @Test(.enabled(if: bench != nil, "xcconfig-bench is not built next to the tests"))
    func theBenchRunsAndPrintsItsReport() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.bench!)
        process.arguments = [
            "--quick", "--json", "--monorepo-sizes", "40",
            "--bench-file", Self.shared.appendingPathComponent("bench/bench.xcconfig").path,
            "--corpus", "/nonexistent-corpus",
            "--filter", "parse-large", "--filter", "resolve-bench", "--filter", "resolve-monorepo", "--filter", "resolve-process",
        ]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let report = try JSONParser.parse(Array(data))
        let entries = report["benchmarks"]?.arrayValue ?? []
        let names = entries.compactMap { $0["name"]?.stringValue }
        #expect(names.contains("parse-large"))
        #expect(names.contains("resolve-monorepo-40"))
        #expect(names.contains("parse-large.peak-memory"))
        if FileManager.default.fileExists(atPath: Self.shared.appendingPathComponent("bench/bench.xcconfig").path) {
            #expect(names.contains("resolve-bench"))
        }
        // resolve-process starts the `xcconfig` built next to the bench, and fails if it exits
        // with an error.
        let tool = URL(fileURLWithPath: Self.bench!).deletingLastPathComponent().appendingPathComponent("xcconfig").path
        if FileManager.default.isExecutableFile(atPath: tool),
           FileManager.default.fileExists(atPath: Self.shared.appendingPathComponent("bench/bench.xcconfig").path) {
            #expect(names.contains("resolve-process"))
        }
        for entry in entries {
            #expect(entry.objectMembers?.map(\.key) == ["name", "unit", "median", "p90", "iterations"])
        }
    }
}
