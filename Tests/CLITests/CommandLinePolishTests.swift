import Testing
import XCConfig
@testable import XCConfigLint
@testable import XCConfigCLI

/// Command-line behaviour found by trying the tool on real repositories (issue 21): did-you-mean,
/// one spelling per concept, help text, JSON shapes, lint conveniences, local.
@Suite struct CommandLinePolishTests {
    @Test func resolveStillReportsACaseOnlyMatchAsMissing() {
        // On a case-sensitive volume Xcode cannot find the file either.
        let result = runCLI(["resolve", "A.xcconfig"], fileSystem: workspace([
            "/work/A.xcconfig": "#include \"Version.public.xcconfig\"\n",
            "/work/Version.Public.xcconfig": "VERSION = 1\n",
        ]))
        #expect(result.status == .failure)
        #expect(result.stderr.hasPrefix("A.xcconfig:1:10: error: could not find included file 'Version.public.xcconfig'"))
        #expect(!result.stdout.contains("VERSION"))
    }
}

// MARK: 10. One spelling per concept

extension CommandLinePolishTests {
    @Test func usageErrorsSayLowercaseError() {
        let result = runCLI(["resolve", "--configration", "Debug"])
        #expect(result.status == .usageError)
        #expect(result.stderr.hasPrefix("error: Unknown option '--configration'"))
        #expect(!result.stderr.contains("Error:"))
    }

    @Test func libraryErrorsAreNotPrefixedTwiceAndPathsAreRelative() {
        let result = runCLI(["resolve", "--project", "Nope.xcodeproj"])
        #expect(result.status == .usageError)
        #expect(result.stderr == "Nope.xcodeproj: error: no Xcode project at 'Nope.xcodeproj'\n")
        let missing = runCLI(["resolve", "sub/Nope.xcconfig"])
        #expect(missing.stderr == "error: no such file: 'sub/Nope.xcconfig'\n")
    }

    @Test func lintAndResolveTakeTarget() {
        let files = ["/work/A.xcconfig": "NAME[target=App] = app\nNAME[target=Kit] = kit\n"]
        let resolve = runCLI(["resolve", "A.xcconfig", "--target", "Kit", "--print", "NAME"], fileSystem: workspace(files))
        #expect(resolve.status == .success)
        #expect(resolve.stdout == "kit\n")
        let lint = runCLI(["lint", "A.xcconfig", "--target", "Kit"], fileSystem: workspace(files))
        #expect(lint.status == .success)
    }
}

// MARK: 9. Did-you-mean everywhere

extension CommandLinePolishTests {
    @Test func unknownCommandSuggestsTheNearestOne() {
        let result = runCLI(["reslove", "A.xcconfig"])
        #expect(result.status == .usageError)
        #expect(result.stderr.hasPrefix("error: Unknown command 'reslove'; did you mean 'resolve'?\n"))
        #expect(runCLI(["help", "lnit"]).stderr.hasPrefix("error: Unknown command 'lnit'; did you mean 'lint'?\n"))
        #expect(runCLI(["local", "chek"]).stderr.hasPrefix("error: Unknown subcommand 'chek'; did you mean 'check'?\n"))
    }

    @Test(arguments: [("--configration", "--configuration"), ("--fromat", "--format")])
    func unknownFlagSuggestsTheNearestOne(given: String, meant: String) {
        let result = runCLI(["resolve", "A.xcconfig", given, "x"], fileSystem: workspace(["/work/A.xcconfig": "A = 1\n"]))
        #expect(result.status == .usageError)
        #expect(result.stderr.hasPrefix("error: Unknown option '\(given)'; did you mean '\(meant)'?\n"))
    }

    @Test func unknownFlagFarFromEveryOptionGetsNoSuggestion() {
        let result = runCLI(["resolve", "--zzzzzz"])
        #expect(result.stderr.hasPrefix("error: Unknown option '--zzzzzz'\n"))
    }

    @Test func printAndExplainSuggestSettingNames() {
        let files = workspace(["/work/A.xcconfig": "PRODUCT_BUNDLE_IDENTIFIER = com.example\nMY_FLAGS = -x\n"])
        let print = runCLI(["resolve", "A.xcconfig", "--print", "PRODUCT_BUNDLE_IDENTIFER"], fileSystem: files)
        #expect(print.status == .failure)
        #expect(print.stderr == "error: 'PRODUCT_BUNDLE_IDENTIFER' is not assigned at any level; did you mean PRODUCT_BUNDLE_IDENTIFIER?\n")
        let explain = runCLI(["explain", "MY_FLAG", "A.xcconfig"], fileSystem: files)
        #expect(explain.stderr.contains("error: 'MY_FLAG' is not assigned at any level; did you mean MY_FLAGS?\n"))
        // Not assigned anywhere but known to the catalogue.
        let known = runCLI(["resolve", "A.xcconfig", "--print", "SWIFT_VERSON"], fileSystem: files)
        #expect(known.stderr.hasSuffix("did you mean SWIFT_VERSION?\n"))
    }

    @Test func lintExplainSuggestsRuleIdentifiers() {
        let result = runCLI(["lint", "--explain", "missing-inherit"])
        #expect(result.status == .usageError)
        #expect(result.stderr == "error: unknown rule 'missing-inherit'; did you mean 'missing-inherited'?\n")
    }
}

// MARK: 12. explain FILE without NAME

extension CommandLinePolishTests {
    @Test func explainWithAFileFirstSaysNameComesFirst() {
        let result = runCLI(["explain", "A.xcconfig"], fileSystem: workspace(["/work/A.xcconfig": "A = 1\n"]))
        #expect(result.status == .usageError)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix("error: 'A.xcconfig' is a file, not a setting name; explain takes NAME first: xcconfig explain NAME A.xcconfig\n"))
    }
}

// MARK: 11. resolve without inputs

extension CommandLinePolishTests {
    static let projectFile = """
        // !$*UTF8*$!
        {
        \tobjectVersion = 77;
        \tobjects = {
        \t\tROOT = { isa = PBXProject; buildConfigurationList = PLIST; mainGroup = MAIN; targets = ( APP, ); };
        \t\tMAIN = { isa = PBXGroup; children = ( ); sourceTree = "<group>"; };
        \t\tPLIST = { isa = XCConfigurationList; buildConfigurations = ( PDEBUG, ); defaultConfigurationName = Debug; };
        \t\tPDEBUG = { isa = XCBuildConfiguration; name = Debug; buildSettings = { SWIFT_VERSION = 6.0; }; };
        \t\tAPP = { isa = PBXNativeTarget; buildConfigurationList = TLIST; name = App; };
        \t\tTLIST = { isa = XCConfigurationList; buildConfigurations = ( TDEBUG, ); };
        \t\tTDEBUG = { isa = XCBuildConfiguration; name = Debug; buildSettings = { PRODUCT_NAME = App; }; };
        \t};
        \trootObject = ROOT;
        }
        """

    @Test func resolveWithoutInputsReadsTheOnlyProjectHere() {
        let result = runCLI(["resolve", "--print", "SWIFT_VERSION", "--print", "PRODUCT_NAME"],
                            fileSystem: workspace(["/work/App.xcodeproj/project.pbxproj": Self.projectFile]))
        #expect(result.status == .success)
        #expect(result.stdout == "6.0\nApp\n")
    }

    @Test func resolveWithoutInputsOrProjectIsAUsageError() {
        let result = runCLI(["resolve"], fileSystem: workspace(["/work/README": "x"]))
        #expect(result.status == .usageError)
        #expect(result.stderr.hasPrefix("error: no input given, and the current directory does not contain an Xcode project; name configuration files or --project PATH\n"))
        let two = runCLI(["resolve"], fileSystem: workspace([
            "/work/A.xcodeproj/project.pbxproj": Self.projectFile, "/work/B.xcodeproj/project.pbxproj": Self.projectFile,
        ]))
        #expect(two.status == .usageError)
        #expect(two.stderr.hasPrefix("error: no input given, and the current directory contains 2 Xcode projects (A.xcodeproj, B.xcodeproj); name configuration files or --project PATH\n"))
    }

    @Test func overridesAloneAreInputs() {
        let result = runCLI(["resolve", "A=1"])
        #expect(result.status == .success)
        #expect(result.stdout == "A = 1\n")
    }
}

// MARK: 13. Help text

extension CommandLinePolishTests {
    @Test func printSaysRepeatableOnce() throws {
        let help = runCLI(["resolve", "--help"]).stdout
        let start = try #require(help.firstRange(of: "--print <name>"))
        // The entry runs to the next option or heading.
        var entry = help[start.upperBound...]
        if let next = entry.firstRange(of: "\n  -") ?? entry.firstRange(of: "\n\n") { entry = entry[..<next.lowerBound] }
        var count = 0
        while let found = entry.firstRange(of: "(repeatable)") {
            count += 1
            entry = entry[found.upperBound...]
        }
        #expect(count == 1)
    }

    @Test func expandUsageAndArgumentsAgree() {
        let help = runCLI(["expand", "--help"]).stdout
        #expect(help.contains("USAGE: xcconfig expand <file> [<xcconfig> ...] [<NAME[cond]=VALUE> ...]\n       [<options>]"))
        #expect(help.contains("  <NAME[cond]=VALUE>"))
    }

    @Test func parseHelpDoesNotMentionProject() {
        let help = runCLI(["parse", "--help"]).stdout
        #expect(help.contains("--project-root"))
        #expect(!help.contains("--project "))
        #expect(!help.contains("--project)"))
        #expect(!help.contains("of --project"))
    }

    @Test func localInitListsOnlyTheOptionsItUses() {
        let help = runCLI(["local", "init", "--help"]).stdout
        for ignored in ["--configuration", "--sdk", "--arch", "--variant", "--target-name", "--cond"] {
            #expect(!help.contains(ignored), "\(ignored)")
        }
        #expect(help.contains("--search-path"))
        #expect(runCLI(["local", "init", "--sdk", "iphoneos"]).stderr.hasPrefix("error: Unknown option '--sdk'"))
    }
}

// MARK: 18. A byte-order mark, explained by resolve as by lint

extension CommandLinePolishTests {
    @Test func resolveExplainsALeadingByteOrderMark() {
        let files = workspace(["/work/A.xcconfig": "\u{FEFF}A = 1\nB = 2\n"])
        let result = runCLI(["resolve", "A.xcconfig"], fileSystem: files)
        #expect(result.status == .failure)
        #expect(result.stderr == "A.xcconfig:1:1: error: the file starts with a UTF-8 byte-order mark, which Xcode does not skip: it rejects the whole first line (unexpected character ‘ï’); save the file as UTF-8 without a BOM\n")
        #expect(result.stdout == "B = 2\n")
        let lint = runCLI(["lint", "A.xcconfig"], fileSystem: files)
        #expect(lint.stdout.hasPrefix("A.xcconfig:1:1: error: the file starts with a UTF-8 byte-order mark"))
    }
}

// MARK: 15. JSON shapes are data

extension CommandLinePolishTests {
    static let sharedConfig = "PRODUCT_BUNDLE_IDENTIFIER = com.example.app\nDEVELOPMENT_TEAM =\n#include? \"LocalConfig.xcconfig\"\n"

    static func gitWorkTree(_ files: [String: String]) -> InMemoryFileSystem {
        let fileSystem = workspace(files)
        fileSystem.addDirectory("/work/.git")
        return fileSystem
    }

    @Test func localCheckGitIsAnEnum() throws {
        let ignored = Self.gitWorkTree([
            "/work/Config/Shared.xcconfig": Self.sharedConfig, "/work/Config/LocalConfig.xcconfig": "DEVELOPMENT_TEAM = X\n",
            "/work/.gitignore": "Config/LocalConfig.xcconfig\n",
        ])
        let json = try JSONParser.parse(runCLI(["local", "check", "Config/Shared.xcconfig", "--format", "json"], fileSystem: ignored).stdout)
        #expect(json.objectMembers?.first { $0.key == "git" }?.value == .string("ignored"))
        let outside = workspace(["/work/Config/Shared.xcconfig": Self.sharedConfig])
        let outsideJSON = try JSONParser.parse(runCLI(["local", "check", "Config/Shared.xcconfig", "--format", "json"], fileSystem: outside).stdout)
        #expect(outsideJSON.objectMembers?.first { $0.key == "git" }?.value == .string("outside-repository"))
    }

    @Test func localInitAndUpdateTakeFormatJSON() throws {
        let fileSystem = Self.gitWorkTree(["/work/Config/Shared.xcconfig": Self.sharedConfig])
        let initResult = runCLI(["local", "init", "Config/Shared.xcconfig", "DEVELOPMENT_TEAM=ABCDE12345", "--format", "json"], fileSystem: fileSystem)
        #expect(initResult.status == .success)
        let initJSON = try JSONParser.parse(initResult.stdout)
        let members = initJSON.objectMembers ?? []
        #expect(members.first { $0.key == "localFile" }?.value == .string("Config/LocalConfig.xcconfig"))
        #expect(members.first { $0.key == "set" }?.value == .array([.string("DEVELOPMENT_TEAM")]))
        #expect(members.first { $0.key == "listed" }?.value == .integer(1))
        #expect(members.first { $0.key == "writes" }?.value.arrayValue?.count == 2)
        #expect(fileSystem.exists("/work/Config/LocalConfig.xcconfig"))

        let update = runCLI(["local", "update", "Config/Shared.xcconfig", "--format", "json"], fileSystem: fileSystem)
        let updateJSON = try JSONParser.parse(update.stdout)
        #expect(updateJSON.objectMembers?.first { $0.key == "changed" }?.value == .bool(false))
        #expect(updateJSON.objectMembers?.first { $0.key == "added" }?.value == .array([]))
    }
}

// MARK: 8. Lint conveniences

extension CommandLinePolishTests {
    static let lintFiles = [
        "/work/Config/A.xcconfig": "#include \"B.xcconfig\"\nPRODUCT_BUNDLE_IDENTIFER = x\n",
        "/work/Config/B.xcconfig": "#include \"Missing.xcconfig\"\n",
    ]

    @Test func summaryLineOnStderrUnlessQuiet() {
        let result = runCLI(["lint", "Config/A.xcconfig"], fileSystem: workspace(Self.lintFiles))
        #expect(result.status == .failure)
        #expect(result.stderr == "Found 1 warning, 1 error in 2 files\n")
        #expect(result.stdout.contains("[unknown-setting]"))
        let quiet = runCLI(["lint", "Config/A.xcconfig", "--quiet"], fileSystem: workspace(Self.lintFiles))
        #expect(quiet.stderr == "")
        #expect(quiet.stdout == result.stdout)
    }

    @Test func standardInputIsLintedAsTheStdinPath() {
        var files = Self.lintFiles
        files["/dev/stdin"] = "#include \"B.xcconfig\"\nSWIFT_VERSON = 6\n"
        let result = runCLI(["lint", "-", "--stdin-path", "Config/A.xcconfig", "--quiet"], fileSystem: workspace(files))
        #expect(result.status == .failure)
        #expect(result.stdout.contains("Config/A.xcconfig:2:1: warning: 'SWIFT_VERSON' is not a build setting Xcode knows"))
        #expect(result.stdout.contains("Config/B.xcconfig:1:10: error: could not find included file 'Missing.xcconfig'"))
        // The file on disk is not what was linted.
        #expect(!result.stdout.contains("PRODUCT_BUNDLE_IDENTIFER"))
    }

    @Test func githubPathsAreRelativeToTheRepositoryRoot() {
        let fileSystem = InMemoryFileSystem(currentDirectory: "/repo/ios", files: [
            "/repo/ios/Config/B.xcconfig": "#include \"Missing.xcconfig\"\n",
        ])
        fileSystem.addDirectory("/repo/.git")
        let result = runCLI(["lint", "Config/B.xcconfig", "--format", "github"], fileSystem: fileSystem)
        #expect(result.stdout.hasPrefix("::error file=ios/Config/B.xcconfig,line=1,col=10,title=missing-include::"))
        let workspaceRoot = runCLI(["lint", "Config/B.xcconfig", "--format", "github"], fileSystem: fileSystem,
                                   environment: ["GITHUB_WORKSPACE": "/repo/ios"])
        #expect(workspaceRoot.stdout.hasPrefix("::error file=Config/B.xcconfig,"))
    }

    @Test func rulesHonourFormatJSON() throws {
        let result = runCLI(["lint", "--rules", "--format", "json"])
        let rules = try #require(try JSONParser.parse(result.stdout).arrayValue)
        let team = rules.first { $0.objectMembers?.first { $0.key == "identifier" }?.value == .string("hardcoded-team") }
        #expect(team?.objectMembers?.first { $0.key == "optIn" }?.value == .bool(true))
        #expect(rules.count == RuleRegistry.all.count)
    }

    @Test func findingsAreColouredOnATerminalOnly() {
        let files = workspace(Self.lintFiles)
        let terminal = runCLI(["lint", "Config/A.xcconfig"], fileSystem: files, terminal: true)
        #expect(terminal.stdout.contains("\u{1B}[1;35mwarning: "))
        let noColor = runCLI(["lint", "Config/A.xcconfig"], fileSystem: files, environment: ["NO_COLOR": "1"], terminal: true)
        #expect(!noColor.stdout.contains("\u{1B}["))
        #expect(noColor.stdout == runCLI(["lint", "Config/A.xcconfig"], fileSystem: files).stdout)
    }

    @Test func baselineAcceptsRecordedFindingsOnly() {
        let fileSystem = workspace(Self.lintFiles)
        let write = runCLI(["lint", "Config/A.xcconfig", "--write-baseline", "lint-baseline.json"], fileSystem: fileSystem)
        #expect(write.status == .failure)
        #expect(fileSystem.contentsOfFile("/work/lint-baseline.json")?.contains("\"rule\" : \"missing-include\"") == true
            || fileSystem.contentsOfFile("/work/lint-baseline.json")?.contains("\"rule\": \"missing-include\"") == true)
        let accepted = runCLI(["lint", "Config/A.xcconfig", "--baseline", "lint-baseline.json"], fileSystem: fileSystem)
        #expect(accepted.status == .success)
        #expect(accepted.stdout == "")
        #expect(accepted.stderr == "Found 0 warnings, 0 errors in 2 files (2 more in the baseline)\n")
        // A new finding, and lines moved: only the new one is reported.
        try? fileSystem.writeAtomically(Array("// moved\n#include \"B.xcconfig\"\nPRODUCT_BUNDLE_IDENTIFER = x\nSWIFT_VERSON = 6\n".utf8), to: "/work/Config/A.xcconfig")
        let new = runCLI(["lint", "Config/A.xcconfig", "--baseline", "lint-baseline.json", "--strict"], fileSystem: fileSystem)
        #expect(new.status == .failure)
        #expect(new.stdout.split(separator: "\n").count == 1)
        #expect(new.stdout.contains("SWIFT_VERSON"))
    }

    /// Issue 33, finding 6: messages that quote a line ("replaces the value Base.xcconfig:1
    /// sets", "the assignment on line 2") stay accepted when lines are added above them.
    @Test func baselineFindingsThatQuoteLinesSurviveEditsAbove() {
        let fileSystem = workspace([
            "/work/Config/Base.xcconfig": "OTHER_LDFLAGS = -ObjC\n",
            "/work/Config/App.xcconfig": "#include \"Base.xcconfig\"\nOTHER_LDFLAGS = -lz\nFLAG[sdk=iphoneos*] = a\nFLAG = b\n",
        ])
        let write = runCLI(["lint", "Config/App.xcconfig", "--write-baseline", "lint-baseline.json"], fileSystem: fileSystem)
        #expect(write.stdout.contains("Base.xcconfig:1 sets"), "\(write.stdout)")
        #expect(write.stdout.contains("on line 4"), "\(write.stdout)")
        try? fileSystem.writeAtomically(Array("// a\n// b\nOTHER_LDFLAGS = -ObjC\n".utf8), to: "/work/Config/Base.xcconfig")
        try? fileSystem.writeAtomically(Array("// added\n#include \"Base.xcconfig\"\nOTHER_LDFLAGS = -lz\nFLAG[sdk=iphoneos*] = a\nFLAG = b\n".utf8), to: "/work/Config/App.xcconfig")
        let edited = runCLI(["lint", "Config/App.xcconfig"], fileSystem: fileSystem)
        #expect(edited.stdout.contains("Base.xcconfig:3 sets") && edited.stdout.contains("on line 5"), "\(edited.stdout)")
        let accepted = runCLI(["lint", "Config/App.xcconfig", "--baseline", "lint-baseline.json", "--strict"], fileSystem: fileSystem)
        #expect(accepted.status == .success, "\(accepted.stdout)")
        #expect(accepted.stdout == "")
    }

    @Test func baselineKeysIgnoreOnlyQuotedLineNumbers() {
        #expect(LintBaseline.withoutLineNumbers("X replaces the value Base.xcconfig:12 sets") == "X replaces the value Base.xcconfig:# sets")
        #expect(LintBaseline.withoutLineNumbers("the assignment on line 11 replaces it; move it after line 3") == "the assignment on line # replaces it; move it after line #")
        #expect(LintBaseline.withoutLineNumbers("SWIFT_VERSION 5.0 is old; arm64 only") == "SWIFT_VERSION 5.0 is old; arm64 only")
    }
}

// MARK: 14. Completions and version aliases

extension CommandLinePolishTests {
    @Test func versionAliases() {
        let version = runCLI(["--version"]).stdout
        #expect(!version.isEmpty)
        #expect(runCLI(["-V"]).stdout == version)
        #expect(runCLI(["version"]).stdout == version)
    }

    @Test func completionScriptsNameEveryCommandAndCompleteSettingNames() {
        for shell in ["bash", "zsh", "fish"] {
            let result = runCLI(["completions", shell])
            #expect(result.status == .success)
            for command in ["resolve", "explain", "lint", "parse", "expand", "local", "project", "completions"] {
                #expect(result.stdout.contains(command), "\(shell): \(command)")
            }
            #expect(result.stdout.contains("xcconfig completions --settings"), "\(shell)")
        }
        #expect(runCLI(["completions", "bash"]).stdout.contains("\"lint:--format\") COMPREPLY=($(compgen -W \"checkstyle github json sarif xcode\""))
        #expect(runCLI(["completions", "fish"]).stdout.contains("-l print -r -f -a '(xcconfig completions --settings)'"))
        let settings = runCLI(["completions", "--settings"]).stdout.split(separator: "\n")
        #expect(settings.contains("PRODUCT_BUNDLE_IDENTIFIER"))
        #expect(runCLI(["completions", "fihs"]).stderr.hasPrefix("error: Unknown shell 'fihs'; did you mean 'fish'?\n"))
        #expect(runCLI(["completions", "tcsh"]).stderr.hasPrefix("error: Unknown shell 'tcsh'; expected bash, zsh or fish\n"))
    }
}

// MARK: 20. Local values with no effect

extension CommandLinePolishTests {
    static let sharedWithLaterTeam = """
        PRODUCT_BUNDLE_IDENTIFIER = com.example.app
        DEVELOPMENT_TEAM =
        #include? "LocalConfig.xcconfig"
        DEVELOPMENT_TEAM = ZZZZZ99999

        """

    @Test func localInitRefusesAValueThatCannotWinUnlessForced() {
        let fileSystem = Self.gitWorkTree(["/work/Config/Shared.xcconfig": Self.sharedWithLaterTeam])
        let refused = runCLI(["local", "init", "Config/Shared.xcconfig", "DEVELOPMENT_TEAM=ABCDE12345"], fileSystem: fileSystem)
        #expect(refused.status == .failure)
        #expect(refused.stderr.contains("Config/Shared.xcconfig: error: DEVELOPMENT_TEAM has no effect: assigned after the #include? at Config/Shared.xcconfig:4"))
        #expect(!fileSystem.exists("/work/Config/LocalConfig.xcconfig"))
        let forced = runCLI(["local", "init", "Config/Shared.xcconfig", "DEVELOPMENT_TEAM=ABCDE12345", "--force"], fileSystem: fileSystem)
        #expect(forced.status == .success)
        #expect(forced.stderr.contains("warning: DEVELOPMENT_TEAM has no effect: assigned after the #include? at Config/Shared.xcconfig:4"))
        // A value that can win is fine.
        let other = Self.gitWorkTree(["/work/Config/Shared.xcconfig": Self.sharedWithLaterTeam])
        #expect(runCLI(["local", "init", "Config/Shared.xcconfig", "PRODUCT_BUNDLE_IDENTIFIER=me.app"], fileSystem: other).status == .success)
    }

    @Test func localCheckSaysAValueHasNoEffect() {
        let fileSystem = Self.gitWorkTree([
            "/work/Config/Shared.xcconfig": Self.sharedWithLaterTeam,
            "/work/Config/LocalConfig.xcconfig": "DEVELOPMENT_TEAM = ABCDE12345\n",
            "/work/.gitignore": "Config/LocalConfig.xcconfig\n",
        ])
        let check = runCLI(["local", "check", "Config/Shared.xcconfig"], fileSystem: fileSystem)
        #expect(check.stderr.contains("Config/LocalConfig.xcconfig:1:1: warning: DEVELOPMENT_TEAM has no effect: assigned after the #include? at Config/Shared.xcconfig:4"))
        #expect(check.stdout.contains("DEVELOPMENT_TEAM = ABCDE12345    (no effect: assigned after the #include? at Config/Shared.xcconfig:4)"))
        // Xcode agrees: the later line wins.
        let resolved = runCLI(["resolve", "Config/Shared.xcconfig", "--print", "DEVELOPMENT_TEAM"], fileSystem: fileSystem)
        #expect(resolved.stdout == "ZZZZZ99999\n")
    }
}

// MARK: 19. local update never changes the build silently

extension CommandLinePolishTests {
    @Test func updateKeepsAValueThatStillAppliesSoResolveStillFindsIt() {
        let fileSystem = Self.gitWorkTree([
            "/work/Config/Shared.xcconfig": "PRODUCT_BUNDLE_IDENTIFIER = com.example.app\n#include? \"LocalConfig.xcconfig\"\n",
            "/work/Config/LocalConfig.xcconfig": "DEVELOPMENT_TEAM = ABCDE12345\n",
            "/work/.gitignore": "Config/LocalConfig.xcconfig\n",
        ])
        let update = runCLI(["local", "update", "Config/Shared.xcconfig"], fileSystem: fileSystem)
        #expect(update.status == .success)
        #expect(update.stdout.contains("kept DEVELOPMENT_TEAM in force"))
        let resolved = runCLI(["resolve", "Config/Shared.xcconfig", "--print", "DEVELOPMENT_TEAM"], fileSystem: fileSystem)
        #expect(resolved.status == .success)
        #expect(resolved.stdout == "ABCDE12345\n")
        let pruned = runCLI(["local", "update", "Config/Shared.xcconfig", "--prune"], fileSystem: fileSystem)
        #expect(pruned.stdout.contains("commented out DEVELOPMENT_TEAM"))
        #expect(runCLI(["resolve", "Config/Shared.xcconfig", "--print", "DEVELOPMENT_TEAM"], fileSystem: fileSystem).status == .failure)
    }
}

// MARK: 16. parse --format json for editor tools

extension CommandLinePolishTests {
    @Test func parseJSONGivesCommentsAndColumnRanges() throws {
        let text = "// Header\nOTHER_LDFLAGS[sdk=iphoneos*] = -ObjC // why\n#include? \"Local.xcconfig\" // mine\n"
        let result = runCLI(["parse", "A.xcconfig", "--format", "json"], fileSystem: workspace(["/work/A.xcconfig": text]))
        #expect(result.status == .success)
        let statements = try #require(try JSONParser.parse(result.stdout).objectMembers?.first { $0.key == "statements" }?.value.arrayValue)
        func member(_ statement: JSONValue, _ key: String) -> JSONValue? { statement.objectMembers?.first { $0.key == key }?.value }
        func range(_ line: Int, _ column: Int, _ endLine: Int, _ endColumn: Int) -> JSONValue {
            .object([.init("line", .integer(line)), .init("column", .integer(column)), .init("endLine", .integer(endLine)), .init("endColumn", .integer(endColumn))])
        }
        #expect(member(statements[0], "text") == .string("// Header"))
        let assignment = statements[1]
        #expect(member(assignment, "nameRange") == range(2, 1, 2, 14))
        let condition = member(assignment, "conditions")?.arrayValue?.first
        #expect(condition.flatMap { member($0, "range") } != nil)
        #expect(member(assignment, "valueRange") == range(2, 32, 2, 37))
        #expect(member(assignment, "comments") == .array([.object([.init("text", .string("// why")), .init("range", range(2, 38, 2, 44))])]))
        let include = statements[2]
        #expect(member(include, "pathRange") != nil)
        #expect(member(include, "comments")?.arrayValue?.first.flatMap { member($0, "text") } == .string("// mine"))
    }
}

// MARK: 17. explain: unset names in composed references, include chains

extension CommandLinePolishTests {
    @Test func explainNamesTheUnsetSettingOfAComposedReference() throws {
        let files = workspace(["/work/A.xcconfig": "SWIFT_VERSION_15 = 6.0\nSWIFT_VERSION = $(SWIFT_VERSION_$(XCODE_VERSION_MAJOR))\n"])
        let result = runCLI(["explain", "SWIFT_VERSION", "A.xcconfig"], fileSystem: files)
        #expect(result.stdout.contains("      unset: XCODE_VERSION_MAJOR is not set (in $(SWIFT_VERSION_$(XCODE_VERSION_MAJOR)))\n"))
        // Once it is set, nothing is said.
        let set = runCLI(["explain", "SWIFT_VERSION", "A.xcconfig", "XCODE_VERSION_MAJOR=15"], fileSystem: files)
        #expect(!set.stdout.contains("unset:"))
        let json = try JSONParser.parse(runCLI(["explain", "SWIFT_VERSION", "A.xcconfig", "--format", "json"], fileSystem: files).stdout)
        let assignment = json.objectMembers?.first { $0.key == "assignments" }?.value.arrayValue?.first
        #expect(assignment?.objectMembers?.first { $0.key == "unset" }?.value == .array([.string("XCODE_VERSION_MAJOR")]))
    }

    @Test func explainShowsTheIncludeChainsOfAFileIncludedTwice() {
        let files = workspace([
            "/work/App.xcconfig": "#include \"Debug.xcconfig\"\n#include \"Release.xcconfig\"\n",
            "/work/Debug.xcconfig": "#include \"Shared.xcconfig\"\n",
            "/work/Release.xcconfig": "// release\n#include \"Shared.xcconfig\"\n",
            "/work/Shared.xcconfig": "SWIFT_VERSION = 6.0\n",
        ])
        let result = runCLI(["explain", "SWIFT_VERSION", "App.xcconfig"], fileSystem: files)
        #expect(result.stdout.contains("""
                  included 2 times:
                    App.xcconfig:1 → Debug.xcconfig:1 → Shared.xcconfig
                    App.xcconfig:2 → Release.xcconfig:2 → Shared.xcconfig

            """))
        // A file included once gets no chain.
        let once = runCLI(["explain", "SWIFT_VERSION", "Debug.xcconfig"], fileSystem: files)
        #expect(!once.stdout.contains("included"))
    }
}
