import Foundation
import Testing
@testable import XCConfigCLI

private let bashExecutable = ["/bin/bash", "/usr/bin/bash", "/usr/local/bin/bash", "/opt/homebrew/bin/bash"]
    .first { FileManager.default.isExecutableFile(atPath: $0) }

/// The generated bash completion script, run under bash as the shell runs it: COMP_WORDS and
/// COMP_CWORD set, `_xcconfig` called, COMPREPLY read back (issue 33, friction).
@Suite(.enabled(if: bashExecutable != nil, "bash is not installed"))
struct BashCompletionTests {
    /// What `_xcconfig` puts in COMPREPLY for the command line `words` (the last one is being completed).
    func completions(_ words: [String]) throws -> [String] {
        let script = FileManager.default.temporaryDirectory.appendingPathComponent("xcconfig-completion-\(UUID().uuidString).bash")
        try runCLI(["completions", "bash"]).stdout.write(to: script, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: script) }
        let quoted = (["xcconfig"] + words).map { "'" + $0 + "'" }.joined(separator: " ")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: bashExecutable!)
        process.arguments = ["--norc", "--noprofile", "-c", """
            source '\(script.path)'
            COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count)
            _xcconfig
            printf '%s\\n' "${COMPREPLY[@]}"
            """]
        process.currentDirectoryURL = FileManager.default.temporaryDirectory
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    @Test func aPartialSubcommandIsCompleted() throws {
        #expect(try completions(["project", "s"]) == ["set-base"])
        #expect(try completions(["project", "c"]) == ["clear-overrides"])
        #expect(try completions(["local", "i"]).sorted() == ["ignore", "init"])
    }

    @Test func noWordYetOffersEverySubcommand() throws {
        #expect(try completions(["project", ""]).sorted() == ["clear-overrides", "extract", "list", "set-base"])
    }

    @Test func ruleNamesAreCompletedAfterLintExplain() throws {
        #expect(try completions(["lint", "--explain", "unknown-s"]) == ["unknown-setting"])
        #expect(try completions(["lint", "--explain", "include-"]).sorted() == ["include-cycle", "include-outside-root"])
    }

    @Test func commandsAndOptionsAreCompletedAsBefore() throws {
        #expect(try completions(["res"]) == ["resolve"])
        #expect(try completions(["project", "list", "--f"]) == ["--format"])
        #expect(try completions(["lint", "--format", "sa"]) == ["sarif"])
    }
}
