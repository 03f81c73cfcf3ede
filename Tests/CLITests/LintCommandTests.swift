import Testing
import XCConfig
@testable import XCConfigCLI

/// `xcconfig lint`, run in-process through the command itself (cli.md "xcconfig lint").
@Suite struct LintCommandTests {
    func lint(_ arguments: [String], files: [String: String]) throws -> CLIResult {
        let fileSystem = workspace(files)
        let stdout = OutputSink.capture()
        let stderr = OutputSink.capture()
        let context = CommandContext(arguments: arguments, currentDirectory: "/work", fileSystem: fileSystem,
                                     standardOutput: stdout, standardError: stderr)
        let parsed = try ArgumentParser.parse(arguments, for: LintCommand.configuration)
        let status = try LintCommand.run(parsed, context: context)
        return CLIResult(status: status, stdout: stdout.capturedText, stdoutBytes: stdout.capturedBytes, stderr: stderr.capturedText)
    }

    @Test func warningsPassUnlessStrict() throws {
        let files = ["App.xcconfig": "URL = https://example.com\n"]
        let result = try lint([], files: files)
        #expect(result.status == .success)
        #expect(result.stdout == "App.xcconfig:1:13: warning: value cut short by '//': Xcode reads `https:` and ignores `//example.com` as a comment; write `https:/$()/example.com` [comment-in-value]\n")
        #expect(try lint(["--strict"], files: files).status == .failure)
    }

    @Test func errorsFailTheRun() throws {
        #expect(try lint(["App.xcconfig"], files: ["App.xcconfig": "#include \"Missing.xcconfig\"\n"]).status == .failure)
    }

    @Test func jsonFormatPrintsAnArray() throws {
        let result = try lint(["--format", "json"], files: ["App.xcconfig": "A = 1\n"])
        #expect(result.stdout == "[]\n")
    }

    @Test func rulesListsEveryRule() throws {
        let result = try lint(["--rules"], files: [:])
        #expect(result.stdout.split(separator: "\n").count == 19)
        #expect(result.stdout.contains("trailing-semicolon"))
    }

    @Test func explainUnknownRuleIsAUsageError() throws {
        #expect(throws: CommandFailure.self) { try lint(["--explain", "nope"], files: [:]) }
        #expect(try lint(["--explain", "syntax"], files: [:]).stdout.hasPrefix("syntax: Syntax\n"))
    }

    @Test func fixRewritesAndReportsWhatRemains() throws {
        let fileSystem = workspace(["App.xcconfig": "URL = https://example.com\n"])
        let stdout = OutputSink.capture()
        let stderr = OutputSink.capture()
        let context = CommandContext(arguments: [], currentDirectory: "/work", fileSystem: fileSystem,
                                     standardOutput: stdout, standardError: stderr)
        let status = try LintCommand.run(try ArgumentParser.parse(["--fix"], for: LintCommand.configuration), context: context)
        #expect(status == .success)
        #expect(fileSystem.contentsOfFile("/work/App.xcconfig") == "URL = https:/$()/example.com\n")
        #expect(stdout.capturedText == "")
        #expect(stderr.capturedText == "App.xcconfig: fixed 1 finding\n")
    }
}
