import ConformanceSupport
import Foundation
import Testing
import XCConfig
@testable import XCConfigCLI

/// Every corpus file prints back byte-identical through `xcconfig parse --format xcconfig`, and
/// `--format json` is valid JSON with status 0 or 1. Skipped without `shared/corpus`.
@Suite(.enabled(if: ConformanceFixtures.corpusDirectory != nil, "shared/corpus is absent"))
struct CorpusParseTests {
    func run(_ arguments: [String]) -> CLIResult {
        let stdout = OutputSink.capture()
        let stderr = OutputSink.capture()
        let context = CommandContext(
            arguments: arguments, currentDirectory: "/", fileSystem: RealFileSystem(currentDirectory: "/"),
            standardOutput: stdout, standardError: stderr)
        let status = CommandLineTool.run(context)
        return CLIResult(status: status, stdout: stdout.capturedText, stdoutBytes: stdout.capturedBytes, stderr: stderr.capturedText)
    }

    @Test func everyFilePrintsBackByteForByteAndParsesToValidJSON() throws {
        let files = ConformanceFixtures.corpusFiles()
        #expect(files.count == 646)
        for file in files {
            let original = try [UInt8](Data(contentsOf: URL(fileURLWithPath: file)))
            let printed = run(["parse", file, "--format", "xcconfig"])
            #expect(printed.stdoutBytes == original, "\(file)")
            let json = run(["parse", file, "--format", "json"])
            #expect(json.status == .success || json.status == .failure, "\(file)")
            #expect((try? JSONSerialization.jsonObject(with: Data(json.stdoutBytes))) != nil, "\(file)")
        }
    }
}
