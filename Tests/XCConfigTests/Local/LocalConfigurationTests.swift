import Testing
import XCConfigSyntax
@testable import XCConfig

/// A project at `/work` (a git work tree by its `.git` folder) holding `files`.
private func localProject(_ files: [String: String], git: Bool = true) -> InMemoryFileSystem {
    let fileSystem = InMemoryFileSystem(currentDirectory: "/work", files: files)
    if git { fileSystem.addDirectory("/work/.git") }
    return fileSystem
}

private func load(
    _ fileSystem: InMemoryFileSystem, _ path: String = "/work/Config/Shared.xcconfig",
    includeName: String? = nil, addingInclude: Bool = false
) throws(LocalConfigurationError) -> SharedConfiguration {
    try SharedConfiguration.load(
        path: path, loader: IncludeLoader(fileSystem: fileSystem), includeName: includeName, addingInclude: addingInclude)
}

private func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

private let sharedText = """
    #include "Base.xcconfig"
    PRODUCT_BUNDLE_IDENTIFIER = com.example.app
    DEVELOPMENT_TEAM =
    CODE_SIGN_IDENTITY[sdk=iphoneos*] = Apple Development
    #include? "LocalConfig.xcconfig"
    SWIFT_VERSION = 6.0
    #include "After.xcconfig"

    """

private let sharedFiles = [
    "/work/Config/Shared.xcconfig": sharedText,
    "/work/Config/Base.xcconfig": "CODE_SIGN_STYLE = Automatic\nPRODUCT_BUNDLE_IDENTIFIER = com.example.base\n",
    "/work/Config/After.xcconfig": "LATE_SETTING = late\n",
]

@Suite("Local: the shared configuration and what its local file can override")
struct LocalSharedConfigurationTests {
    @Test func overridableSettingsAreThoseAssignedBeforeTheOptionalInclude() throws {
        let shared = try load(localProject(sharedFiles))
        #expect(shared.overridable.map(\.key) == [
            "CODE_SIGN_STYLE", "PRODUCT_BUNDLE_IDENTIFIER", "DEVELOPMENT_TEAM", "CODE_SIGN_IDENTITY[sdk=iphoneos*]",
        ])
        #expect(shared.includeLine == 5)
        #expect(shared.localFilePath == "/work/Config/LocalConfig.xcconfig")
        #expect(!shared.isOverridable(name: "SWIFT_VERSION"))
        #expect(!shared.isOverridable(name: "LATE_SETTING"))
    }

    @Test func theSharedValueIsTheLastAssignmentBeforeTheInclude() throws {
        let shared = try load(localProject(sharedFiles))
        let identifier = try #require(shared.overridable("PRODUCT_BUNDLE_IDENTIFIER"))
        #expect(identifier.sharedValue == "com.example.app")
        #expect(identifier.file == "/work/Config/Shared.xcconfig")
        #expect(identifier.location.line == 2)
        #expect(shared.overridable("CODE_SIGN_STYLE")?.file == "/work/Config/Base.xcconfig")
    }

    @Test func anExistingLocalFileIsFoundWhereXcodeFindsIt() throws {
        var files = sharedFiles
        files["/work/Config/LocalConfig.xcconfig"] = "DEVELOPMENT_TEAM = ABCDE12345\n"
        let shared = try load(localProject(files))
        #expect(shared.localFilePath == "/work/Config/LocalConfig.xcconfig")
        // The local file's own assignments are not overridable settings.
        #expect(shared.overridable.count == 4)
    }

    @Test func aNameWithoutExtensionGetsXcconfig() throws {
        let shared = try load(localProject(["/work/Config/Shared.xcconfig": "A = 1\n#include? \"../Local/Mine\"\n"]))
        #expect(shared.localFilePath == "/work/Local/Mine.xcconfig")
        #expect(shared.includeName == "../Local/Mine")
    }

    @Test func withoutAnOptionalIncludeItIsAnError() throws {
        let fileSystem = localProject(["/work/Config/Shared.xcconfig": "A = 1\n#include \"B.xcconfig\"\n", "/work/Config/B.xcconfig": ""])
        #expect(throws: LocalConfigurationError.self) { try load(fileSystem) }
        do {
            _ = try load(fileSystem)
        } catch {
            #expect(error.kind == .missingOptionalInclude)
            #expect(error.message.contains("--add-include"))
        }
    }

    @Test func addingAnIncludeMakesEverySettingOverridable() throws {
        let shared = try load(localProject(["/work/Config/Shared.xcconfig": "A = 1\nB = 2\n"]), includeName: "Dev.xcconfig", addingInclude: true)
        #expect(shared.needsInclude)
        #expect(shared.overridable.map(\.key) == ["A", "B"])
        #expect(shared.localFilePath == "/work/Config/Dev.xcconfig")
        #expect(shared.includeName == "Dev.xcconfig")
    }

    @Test func theNamePicksOneOfSeveralOptionalIncludes() throws {
        let files = ["/work/Config/Shared.xcconfig": "A = 1\n#include? \"Team.xcconfig\"\nB = 2\n#include? \"Local.xcconfig\"\n"]
        #expect(try load(localProject(files)).localFilePath == "/work/Config/Local.xcconfig")
        let team = try load(localProject(files), includeName: "Team.xcconfig")
        #expect(team.localFilePath == "/work/Config/Team.xcconfig")
        #expect(team.overridable.map(\.key) == ["A"])
    }

    @Test func theOnlyConfigurationWithAnOptionalIncludeIsFound() throws {
        var files = sharedFiles
        files["/work/Pods/Target Support Files/Pods-App/Pods-App.debug.xcconfig"] = "#include? \"x\"\n"
        files["/work/.hidden/X.xcconfig"] = "#include? \"x\"\n"
        files["/work/Config/Debug.xcconfig"] = "#include \"Shared.xcconfig\"\n"
        #expect(try SharedConfiguration.find(under: "/work", fileSystem: localProject(files)) == "/work/Config/Shared.xcconfig")
    }

    @Test func noneOrSeveralCandidatesAreErrors() throws {
        #expect(throws: LocalConfigurationError.self) {
            try SharedConfiguration.find(under: "/work", fileSystem: localProject(["/work/A.xcconfig": "A = 1\n"]))
        }
        do {
            _ = try SharedConfiguration.find(
                under: "/work", fileSystem: localProject(["/work/A.xcconfig": "#include? \"L\"\n", "/work/B.xcconfig": "#include? \"L\"\n"]))
            Issue.record("expected an error")
        } catch {
            #expect(error.kind == .sharedConfigurationNotFound)
            #expect(error.message.contains("A.xcconfig, B.xcconfig"))
        }
    }
}

@Suite("Local: rendering and updating the local file")
struct LocalConfigurationFileTests {
    @Test func givenValuesAreSetAndTheRestCommentedOutWithSharedValues() throws {
        let shared = try load(localProject(sharedFiles))
        let rendered = try LocalConfigurationFile.render(
            for: shared, values: [LocalSettingValue(key: "DEVELOPMENT_TEAM", value: "ABCDE12345")], ignoredByGit: true)
        let body = rendered.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.hasPrefix("// ") || $0.contains(" = ") }
        #expect(body.suffix(5) == [
            "// CODE_SIGN_STYLE = Automatic",
            "// PRODUCT_BUNDLE_IDENTIFIER = com.example.app",
            "DEVELOPMENT_TEAM = ABCDE12345",
            "// CODE_SIGN_IDENTITY[sdk=iphoneos*] = Apple Development",
            "",
        ])
        #expect(rendered.hasPrefix("// LocalConfig.xcconfig: build settings for this checkout only.\n"))
        #expect(rendered.contains("Shared.xcconfig reads this file through its line\n//     #include? \"LocalConfig.xcconfig\"\n"))
        #expect(rendered.contains("Git ignores this file"))
        #expect(try XCConfigParser.parse(Array(rendered.utf8)).diagnostics.isEmpty)
    }

    @Test func theHeaderAsksToIgnoreTheFileWhenGitDoesNot() throws {
        let rendered = try LocalConfigurationFile.render(for: load(localProject(sharedFiles)), values: [], ignoredByGit: false)
        #expect(rendered.contains("Keep this file out of version control: list it in .gitignore."))
    }

    @Test func valuesForOtherSettingsComeLastUnderAComment() throws {
        let rendered = try LocalConfigurationFile.render(
            for: load(localProject(sharedFiles)), values: [LocalSettingValue(key: "OTHER_SWIFT_FLAGS", value: "$(inherited) -DLOCAL")],
            ignoredByGit: true)
        #expect(rendered.hasSuffix("\n// Not assigned by Shared.xcconfig before its #include? line:\nOTHER_SWIFT_FLAGS = $(inherited) -DLOCAL\n"))
    }

    @Test func givenValuesAreWrittenSoXcodeReadsThemBackUnchanged() throws {
        #expect(try LocalConfigurationFile.valueText("https://example.com", key: "URL") == "https:/$()/example.com")
        #expect(try LocalConfigurationFile.valueText("a;", key: "A") == "a;$()")
        #expect(try LocalConfigurationFile.valueText(" a", key: "A") == "$() a")
        #expect(try LocalConfigurationFile.valueText("$(inherited) -DX", key: "A") == "$(inherited) -DX")
        #expect(throws: LocalConfigurationError.self) { try LocalConfigurationFile.valueText("a\nb", key: "A") }
        let tree = XCConfigParser.parse(Array("URL = \(try LocalConfigurationFile.valueText("https://x//y", key: "URL"))\n".utf8))
        #expect(tree.assignments.first?.value == "https:/$()/x/$()/y")
    }

    /// Regression: a final `\\` was guarded as `\\$()` in every setting, but in a setting parsed as a
    /// list `\\$` is an escaped `$` (semantics §3.3; conformance case typed-builtin-settings), so
    /// the value read back as `a\\$()`. A string setting reads the guard as empty; a list one refuses.
    @Test func aFinalBackslashIsGuardedOnlyWhereXcodeReadsTheGuardAsEmpty() throws {
        let text = try LocalConfigurationFile.valueText("a\\", key: "PRODUCT_NAME")
        #expect(text == "a\\$()")
        #expect(makeResolver("PRODUCT_NAME = \(text)\n").value(of: "PRODUCT_NAME") == "a\\")
        #expect(throws: LocalConfigurationError.self) { try LocalConfigurationFile.valueText("a\\", key: "OTHER_LDFLAGS[sdk=iphoneos*]") }
        #expect(throws: LocalConfigurationError.self) { try LocalConfigurationFile.valueText("a\\", key: "MY_SETTING") }
        #expect(try LocalConfigurationFile.valueText("a\\b", key: "MY_SETTING") == "a\\b")
    }

    @Test func updateKeepsEveryLineAndAppendsNewSettingsCommentedOut() throws {
        let existing = """
            // My notes: keep this team.
            DEVELOPMENT_TEAM = ABCDE12345 // mine
            // PRODUCT_BUNDLE_IDENTIFIER = com.example.app

            """
        let update = LocalConfigurationFile.update(Array(existing.utf8), for: try load(localProject(sharedFiles)))
        #expect(update.added == ["CODE_SIGN_STYLE", "CODE_SIGN_IDENTITY[sdk=iphoneos*]"])
        #expect(update.commentedOut.isEmpty)
        #expect(text(update.bytes) == existing + """

            // Added by xcconfig local update: Shared.xcconfig now assigns these before its #include? line.
            // CODE_SIGN_STYLE = Automatic
            // CODE_SIGN_IDENTITY[sdk=iphoneos*] = Apple Development

            """)
    }

    @Test func updateCommentsOutSettingsThatAreNoLongerOverridable() throws {
        let existing = "DEVELOPMENT_TEAM = ABCDE12345\n  OLD_SETTING = a \\\n    b\nCODE_SIGN_STYLE = Manual\n"
        let files = ["/work/Config/Shared.xcconfig": "DEVELOPMENT_TEAM =\nCODE_SIGN_STYLE = Automatic\n#include? \"LocalConfig.xcconfig\"\n"]
        // prune: commenting out a value that still applies is asked for (issue 21 item 19).
        let update = LocalConfigurationFile.update(Array(existing.utf8), for: try load(localProject(files)), prune: true)
        #expect(update.commentedOut == ["OLD_SETTING"])
        #expect(update.added.isEmpty)
        #expect(text(update.bytes) == """
            DEVELOPMENT_TEAM = ABCDE12345
              // xcconfig local update: OLD_SETTING is no longer assigned by Shared.xcconfig before its #include? line, so this line was commented out.
            //   OLD_SETTING = a \\
            //     b
            CODE_SIGN_STYLE = Manual

            """)
        // The value is still there, as a comment: nothing is lost, and a second update changes nothing.
        #expect(!LocalConfigurationFile.update(update.bytes, for: try load(localProject(files))).changed)
    }

    @Test func updateKeepsAStillEffectiveValueInForceAndUnmarksItWhenTheSharedLineComesBack() throws {
        let existing = "DEVELOPMENT_TEAM = ABCDE12345\nCODE_SIGN_STYLE = Manual\n"
        let without = ["/work/Config/Shared.xcconfig": "CODE_SIGN_STYLE = Automatic\n#include? \"LocalConfig.xcconfig\"\n"]
        let update = LocalConfigurationFile.update(Array(existing.utf8), for: try load(localProject(without)))
        #expect(update.kept == ["DEVELOPMENT_TEAM"])
        #expect(update.commentedOut.isEmpty)
        #expect(text(update.bytes) == """
            // xcconfig local update: DEVELOPMENT_TEAM is no longer assigned by Shared.xcconfig before its #include? line; this value still applies (`xcconfig local update --prune` comments it out).
            DEVELOPMENT_TEAM = ABCDE12345
            CODE_SIGN_STYLE = Manual

            """)
        // Idempotent.
        #expect(!LocalConfigurationFile.update(update.bytes, for: try load(localProject(without))).changed)
        // The shared line comes back: the note goes, the value stays.
        let with = ["/work/Config/Shared.xcconfig": "DEVELOPMENT_TEAM =\nCODE_SIGN_STYLE = Automatic\n#include? \"LocalConfig.xcconfig\"\n"]
        let back = LocalConfigurationFile.update(update.bytes, for: try load(localProject(with)))
        #expect(back.unmarked == ["DEVELOPMENT_TEAM"])
        #expect(text(back.bytes) == existing)
        // Pruning a kept value replaces its note; when it comes back, the pruned note goes too.
        let pruned = LocalConfigurationFile.update(update.bytes, for: try load(localProject(without)), prune: true)
        #expect(text(pruned.bytes).hasPrefix("// xcconfig local update: DEVELOPMENT_TEAM is no longer assigned by Shared.xcconfig before its #include? line, so this line was commented out.\n// DEVELOPMENT_TEAM = ABCDE12345\n"))
        #expect(!text(pruned.bytes).contains("still applies"))
        let prunedBack = LocalConfigurationFile.update(pruned.bytes, for: try load(localProject(with)))
        #expect(text(prunedBack.bytes) == "// DEVELOPMENT_TEAM = ABCDE12345\nCODE_SIGN_STYLE = Manual\n")
    }

    @Test func updateWithNothingNewReturnsTheSameBytes() throws {
        let shared = try load(localProject(sharedFiles))
        let rendered = Array(try LocalConfigurationFile.render(for: shared, values: [], ignoredByGit: true).utf8)
        let update = LocalConfigurationFile.update(rendered, for: shared)
        #expect(update.added == [])
        #expect(text(update.bytes) == text(rendered))
    }

    @Test func updateKeepsCRLFLineEndingsAndAFileWithoutFinalNewline() throws {
        let files = ["/work/Config/Shared.xcconfig": "A = 1\nB = 2\n#include? \"LocalConfig.xcconfig\"\n"]
        let update = LocalConfigurationFile.update(Array("// mine\r\nA = 3".utf8), for: try load(localProject(files)))
        #expect(text(update.bytes) == "// mine\r\nA = 3\r\n\r\n// Added by xcconfig local update: Shared.xcconfig now assigns these before its #include? line.\r\n// B = 2\r\n")
    }

    @Test func commentedOutAssignmentsAreRecognised() {
        #expect(LocalConfigurationFile.commentedKey("// DEVELOPMENT_TEAM = X") == "DEVELOPMENT_TEAM")
        #expect(LocalConfigurationFile.commentedKey("  //A[sdk=iphoneos*]=") == "A[sdk=iphoneos*]")
        #expect(LocalConfigurationFile.commentedKey("// Uncomment a line and edit it") == nil)
        #expect(LocalConfigurationFile.commentedKey("A = 1") == nil)
    }
}

@Suite("Local: .gitignore")
struct LocalGitIgnoreTests {
    @Test func thePatternMatchesExactlyThePath() {
        #expect(GitIgnoreFile.pattern(for: "Config/LocalConfig.xcconfig") == "Config/LocalConfig.xcconfig")
        #expect(GitIgnoreFile.pattern(for: "Local.xcconfig") == "/Local.xcconfig")
        #expect(GitIgnoreFile.pattern(for: "A[1]/*x?.xcconfig") == "A\\[1]/\\*x\\?.xcconfig")
        #expect(GitIgnoreFile.pattern(for: "#a/b ") == "\\#a/b\\ ")
    }

    @Test func thePathIsAddedOnceKeepingTheFile() {
        let existing = Array(".build/\r\n*.swp".utf8)
        let added = GitIgnoreFile.adding("Config/LocalConfig.xcconfig", to: existing)
        #expect(added.map(text) == ".build/\r\n*.swp\r\nConfig/LocalConfig.xcconfig\r\n")
        #expect(GitIgnoreFile.adding("Config/LocalConfig.xcconfig", to: added) == nil)
        #expect(GitIgnoreFile.adding("Config/LocalConfig.xcconfig", to: Array("/Config/LocalConfig.xcconfig  \n".utf8)) == nil)
        #expect(GitIgnoreFile.adding("Local.xcconfig", to: nil).map(text) == "/Local.xcconfig\n")
    }
}

@Suite("Local: planning and applying writes")
struct LocalSetupTests {
    private func setup(_ fileSystem: InMemoryFileSystem) -> LocalConfigurationSetup {
        LocalConfigurationSetup(fileSystem: fileSystem, git: GitFolderLookup(fileSystem: fileSystem, reason: nil))
    }

    @Test func initIgnoresTheFileBeforeWritingIt() throws {
        let fileSystem = localProject(sharedFiles)
        let plan = try setup(fileSystem).planInit(load(fileSystem), values: [], force: false, editGitIgnore: true)
        #expect(plan.writes.map(\.role) == [.gitignore, .localFile])
        #expect(plan.git.root == "/work")
        #expect(plan.git.relativePath == "Config/LocalConfig.xcconfig")
        try setup(fileSystem).apply(plan)
        #expect(fileSystem.contentsOfFile("/work/.gitignore") == "Config/LocalConfig.xcconfig\n")
        #expect(fileSystem.contentsOfFile("/work/Config/LocalConfig.xcconfig").map { Array($0.utf8) } == plan.localFile)
    }

    @Test func outsideAWorkTreeTheGitIgnoreIsLeftAlone() throws {
        let fileSystem = localProject(sharedFiles, git: false)
        let plan = try setup(fileSystem).planInit(load(fileSystem), values: [], force: false, editGitIgnore: true)
        #expect(plan.writes.map(\.role) == [.localFile])
        #expect(plan.notes.contains { $0.message.contains("not inside a git work tree") })
    }

    @Test func anExistingFileIsKeptWithoutForce() throws {
        var files = sharedFiles
        files["/work/Config/LocalConfig.xcconfig"] = "DEVELOPMENT_TEAM = MINE\n"
        let fileSystem = localProject(files)
        do {
            _ = try setup(fileSystem).planInit(load(fileSystem), values: [], force: false, editGitIgnore: true)
            Issue.record("expected an error")
        } catch {
            #expect(error.kind == .localFileExists)
        }
        let forced = try setup(fileSystem).planInit(load(fileSystem), values: [], force: true, editGitIgnore: true)
        #expect(forced.writes.last?.previous.map(text) == "DEVELOPMENT_TEAM = MINE\n")
    }

    @Test func aFailedWritePutsBackTheFilesWrittenBeforeIt() throws {
        var files = sharedFiles
        files["/work/.gitignore"] = ".build/\n"
        let fileSystem = localProject(files)
        let plan = try setup(fileSystem).planInit(load(fileSystem), values: [], force: false, editGitIgnore: true)
        fileSystem.failWrites(under: "/work/Config/LocalConfig.xcconfig", with: .diskFull)
        let before = fileSystem.allPaths
        do {
            try setup(fileSystem).apply(plan)
            Issue.record("expected an error")
        } catch {
            #expect(error.kind == .writeFailed)
            #expect(error.message.contains("restored"))
        }
        #expect(fileSystem.contentsOfFile("/work/.gitignore") == ".build/\n")
        #expect(fileSystem.allPaths == before)
    }

    @Test func addingTheIncludeAppendsOneLine() throws {
        let fileSystem = localProject(["/work/Config/Shared.xcconfig": "A = 1"])
        let plan = try setup(fileSystem).planInit(
            load(fileSystem, addingInclude: true), values: [], force: false, editGitIgnore: false)
        try setup(fileSystem).apply(plan)
        #expect(fileSystem.contentsOfFile("/work/Config/Shared.xcconfig") == "A = 1\n#include? \"LocalConfig.xcconfig\"\n")
        #expect(fileSystem.contentsOfFile("/work/Config/LocalConfig.xcconfig")?.contains("// A = 1\n") == true)
    }
}
