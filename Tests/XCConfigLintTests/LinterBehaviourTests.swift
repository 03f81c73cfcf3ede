import Testing
import XCConfig
import XCConfigSyntax
@testable import XCConfigLint

/// Places of findings as `file:line:column rule`, for compact expectations.
func places(_ diagnostics: [Diagnostic], relativeTo directory: String = "/p") -> [String] {
    diagnostics.map { "\(Path.display($0.file ?? "?", relativeTo: directory)):\($0.location?.line ?? 0):\($0.location?.column ?? 0) \($0.rule ?? "-")" }
}

@Suite struct SuppressionTests {
    func lint(_ text: String) throws -> [String] {
        let (linter, _) = makeLinter(files: ["/p/A.xcconfig": text], currentDirectory: "/p")
        return places(try linter.lint(paths: ["A.xcconfig"]))
    }

    @Test func disableSilencesUntilEnable() throws {
        let text = "// xcconfig-lint:disable comment-in-value\nA = http://a\n// xcconfig-lint:enable comment-in-value\nB = http://b\n"
        #expect(try lint(text) == ["A.xcconfig:4:10 comment-in-value"])
    }

    @Test func disableNextLineSilencesTheWholeNextStatement() throws {
        let text = "// xcconfig-lint:disable-next-line comment-in-value\nA = x \\\n  http://a\nB = http://b\n"
        #expect(try lint(text) == ["A.xcconfig:4:10 comment-in-value"])
    }

    @Test func disableLineSilencesOnlyItsOwnLine() throws {
        let text = "SWIFT_VERSION[SDK=x] = 5 // xcconfig-lint:disable-line condition\nOTHER_LDFLAGS[SDK=x] = -lz\n"
        #expect(try lint(text) == ["A.xcconfig:2:15 condition"])
    }

    @Test func allSilencesEveryRule() throws {
        #expect(try lint("// xcconfig-lint:disable all\nA = http://a\nFOO += 1\n") == [])
    }

    @Test func anUnknownRuleInACommentIsReported() throws {
        let (linter, _) = makeLinter(files: ["/p/A.xcconfig": "// xcconfig-lint:disable coment-in-value\n"], currentDirectory: "/p")
        let findings = try linter.lint(paths: ["A.xcconfig"])
        #expect(findings.count == 1)
        #expect(findings.first?.message == "unknown rule 'coment-in-value' in xcconfig-lint comment; did you mean 'comment-in-value'?")
        #expect(findings.first?.rule == nil)
    }
}

@Suite struct ConfigurationTests {
    @Test func knownKeysApply() throws {
        let json = #"{"disabled_rules": ["syntax"], "opt_in_rules": ["trailing-semicolon"], "severity": {"condition": "error"}, "exclude": ["Vendor"]}"#
        let (configuration, diagnostics) = try LintConfiguration.parse(Array(json.utf8), path: "/p/.xcconfig-lint.json")
        #expect(diagnostics.isEmpty)
        #expect(configuration.disabledRules == ["syntax"])
        #expect(configuration.optInRules == ["trailing-semicolon"])
        #expect(configuration.severities == ["condition": .error])
        #expect(configuration.exclude == ["Vendor"])
    }

    @Test func unknownKeysAndRulesAreReportedNotIgnored() throws {
        let json = #"{"disabled_rule": [], "opt_in_rules": ["trailing-semicolons"], "severity": {"syntax": "fatal"}}"#
        let (_, diagnostics) = try LintConfiguration.parse(Array(json.utf8), path: "/p/.xcconfig-lint.json")
        #expect(diagnostics.map(\.message) == [
            "unknown key 'disabled_rule'; did you mean 'disabled_rules'?",
            "unknown rule 'trailing-semicolons' in 'opt_in_rules'; did you mean 'trailing-semicolon'?",
            #"severity of 'syntax' must be "warning" or "error", not "fatal""#,
        ])
        #expect(diagnostics.allSatisfy { $0.file == "/p/.xcconfig-lint.json" && $0.severity == .warning })
    }

    @Test func invalidJSONCannotBeUsed() {
        #expect(throws: LintConfiguration.LoadError.self) { try LintConfiguration.parse(Array("{".utf8), path: "/p/x.json") }
        #expect(throws: LintConfiguration.LoadError.self) { try LintConfiguration.parse(Array("[]".utf8), path: "/p/x.json") }
    }

    @Test func lookupStopsAtTheRepositoryRoot() {
        let fileSystem = InMemoryFileSystem(currentDirectory: "/", files: [
            "/outer/.xcconfig-lint.json": "{}", "/outer/repo/.git/HEAD": "", "/outer/repo/sub/A.xcconfig": "",
        ])
        #expect(LintConfiguration.find(from: "/outer/repo/sub", fileSystem: fileSystem) == nil)
        fileSystem.addFile("/outer/repo/.xcconfig-lint.json", "{}")
        #expect(LintConfiguration.find(from: "/outer/repo/sub", fileSystem: fileSystem) == "/outer/repo/.xcconfig-lint.json")
        #expect(LintConfiguration.find(from: "/outer", fileSystem: fileSystem) == "/outer/.xcconfig-lint.json")
    }

    @Test func severityAndDisabledRulesChangeFindings() throws {
        var configuration = LintConfiguration()
        configuration.severities["comment-in-value"] = .error
        configuration.disabledRules = ["syntax"]
        let (linter, _) = makeLinter(files: ["/p/A.xcconfig": "A = http://a\nFOO += 1\n"], currentDirectory: "/p", configuration: configuration)
        let findings = try linter.lint(paths: ["."])
        #expect(places(findings) == ["A.xcconfig:1:10 comment-in-value"])
        #expect(findings.first?.severity == .error)
    }
}

@Suite struct DirectoryAndIncludeTests {
    @Test func directoriesSkipHiddenVendoredAndExcludedFolders() throws {
        var configuration = LintConfiguration()
        configuration.exclude = ["Generated/**"]
        configuration.baseDirectory = "/p"
        let bad = "A = http://x\n"
        let (linter, _) = makeLinter(files: [
            "/p/App.xcconfig": bad, "/p/.hidden/H.xcconfig": bad, "/p/Pods/P.xcconfig": bad,
            "/p/Carthage/C.xcconfig": bad, "/p/DerivedData/D.xcconfig": bad, "/p/node_modules/N.xcconfig": bad,
            "/p/.build/B.xcconfig": bad, "/p/Generated/G.xcconfig": bad, "/p/notes.txt": bad,
        ], currentDirectory: "/p", configuration: configuration)
        #expect(places(try linter.lint(paths: [])) == ["App.xcconfig:1:10 comment-in-value"])
    }

    @Test func findingsInASharedIncludeAreReportedOnceAtTheirOwnFile() throws {
        let (linter, _) = makeLinter(files: [
            "/p/Debug.xcconfig": "#include \"Shared.xcconfig\"\n",
            "/p/Release.xcconfig": "#include \"Shared.xcconfig\"\n",
            "/p/Shared.xcconfig": "URL = https://example.com\n#include \"Missing.xcconfig\"\n",
        ], currentDirectory: "/p")
        #expect(places(try linter.lint(paths: ["."])) == ["Shared.xcconfig:1:13 comment-in-value", "Shared.xcconfig:2:10 missing-include"])
    }

    @Test func rootsAreTheFilesNoOtherIncludesAndCyclesStillGetLinted() {
        let includes = ["/p/A": ["/p/B"], "/p/B": [], "/p/C": ["/p/D"], "/p/D": ["/p/C"]]
        #expect(Linter.roots(explicit: [], found: ["/p/A", "/p/B", "/p/C", "/p/D"], includes: includes) == ["/p/A", "/p/C"])
    }

    @Test func aMissingPathCannotBeLinted() {
        let (linter, _) = makeLinter(files: [:], currentDirectory: "/p")
        #expect(throws: LintError.self) { try linter.lint(paths: ["nope"]) }
    }

    @Test func aSyntaxErrorIsReportedOnlyAsSyntax() throws {
        let (linter, _) = makeLinter(files: ["/p/A.xcconfig": "DEVELOPMENT_TEAM += \"ABCDE12345\"\n"], currentDirectory: "/p")
        #expect(places(try linter.lint(paths: ["."])) == ["A.xcconfig:1:18 syntax"])
    }

    @Test func fixRewritesOnlyTheFixedBytes() throws {
        var configuration = LintConfiguration()
        configuration.optInRules = ["trailing-semicolon", "deprecated-reference"]
        let text = "// keep\nURL = https://a.b/c;\nP = ${SRCROOT}/x \\\n  y\nQ = 1;;\n"
        let (linter, fileSystem) = makeLinter(files: ["/p/A.xcconfig": text], currentDirectory: "/p", configuration: configuration)
        let summary = try linter.fix(paths: ["A.xcconfig"])
        #expect(fileSystem.contentsOfFile("/p/A.xcconfig") == "// keep\nURL = https:/$()/a.b/c\nP = $(SRCROOT)/x \\\n  y\nQ = 1;;\n")
        #expect(summary.total == 3)
        #expect(places(try linter.lint(paths: ["A.xcconfig"])) == ["A.xcconfig:5:7 trailing-semicolon"])
    }
}

/// A suppression command after a second `//`: Xcode's comment starts at the first `//`, which
/// may have cut the value already, so the command sits inside that comment (issue 33, friction).
@Suite struct SuppressionAfterAnotherCommentTests {
    func lint(_ text: String) throws -> [String] {
        let (linter, _) = makeLinter(files: ["/p/A.xcconfig": text], currentDirectory: "/p")
        return places(try linter.lint(paths: ["A.xcconfig"]))
    }

    @Test func disableLineAfterTheDoubleSlashThatCutTheValueIsHonoured() throws {
        let text = "A = http://a // xcconfig-lint:disable-line comment-in-value\nB = http://b\n"
        #expect(try lint(text) == ["A.xcconfig:2:10 comment-in-value"])
    }

    @Test func disableLineAfterATrailingCommentIsHonoured() throws {
        let text = "SWIFT_VERSION[SDK=x] = 5 // note // xcconfig-lint:disable-line condition\nOTHER_LDFLAGS[SDK=x] = -lz\n"
        #expect(try lint(text) == ["A.xcconfig:2:15 condition"])
    }

    @Test func disableNextLineAfterACommentIsHonoured() throws {
        let text = "// why // xcconfig-lint:disable-next-line comment-in-value\nA = http://a\nB = http://b\n"
        #expect(try lint(text) == ["A.xcconfig:3:10 comment-in-value"])
    }

    @Test func theCommandWordInsideCommentTextIsNotACommand() throws {
        let text = "// see xcconfig-lint:disable in the README\nA = http://a\n"
        #expect(try lint(text) == ["A.xcconfig:2:10 comment-in-value"])
    }
}
