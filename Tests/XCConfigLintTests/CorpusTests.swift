import ConformanceSupport
import Testing
import XCConfig
import XCConfigSyntax
@testable import XCConfigLint

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Lints the whole corpus with every rule (opt-in ones included), twice, with the same result;
/// with `XCCONFIG_LINT_CORPUS_OUT=FILE` it writes every finding there for review. Its speed is
/// measured by `xcconfig-bench` (lint-corpus), never by a test.
@Suite struct CorpusTests {
    @Test(.enabled(if: ConformanceFixtures.corpusDirectory != nil, "shared/corpus is absent"))
    func corpusLintsDeterministically() throws {
        let corpusDirectory = try #require(ConformanceFixtures.corpusDirectory).path
        var configuration = LintConfiguration()
        configuration.optInRules = RuleRegistry.identifiers
        let linter = Linter(configuration: configuration, fileSystem: RealFileSystem(currentDirectory: corpusDirectory))
        let clock = ContinuousClock()
        var findings: [Diagnostic] = []
        let elapsed = try clock.measure { findings = try linter.lint(paths: ["."]) }
        let again = try linter.lint(paths: ["."])
        #expect(findings == again)
        if let out = getenv("XCCONFIG_LINT_CORPUS_OUT").map({ String(cString: $0) }) {
            let text = XcodeReporter().report(findings, context: ReportContext(currentDirectory: corpusDirectory))
            var counts: [String: Int] = [:]
            for finding in findings { counts[finding.rule ?? "-", default: 0] += 1 }
            let summary = counts.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: "\n")
            let file = fopen(out, "w")
            fputs("elapsed: \(elapsed)\n\(summary)\n\n\(text)", file)
            fclose(file)
        }
        #expect(!findings.isEmpty)
    }
}
