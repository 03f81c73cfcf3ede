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
        // The rules of the README's table: cli.md's, the project rules and the opt-in ones.
        #expect(result.stdout.split(separator: "\n").count == 21)
        #expect(result.stdout.contains("project-shadows-xcconfig"))
        #expect(result.stdout.contains("project-settings"))
        #expect(result.stdout.contains("trailing-semicolon"))
    }

    @Test func explainUnknownRuleIsAUsageError() throws {
        #expect(throws: CommandFailure.self) { try lint(["--explain", "nope"], files: [:]) }
        #expect(try lint(["--explain", "syntax"], files: [:]).stdout.hasPrefix("syntax: Syntax\n"))
    }

    /// Issue 30, finding 12: a fix that cannot be written (a full disk) is an error with status 2,
    /// as `format --in-place`'s, and the file is left as it was.
    @Test func aFixThatCannotBeWrittenFailsTheRun() throws {
        struct DiskFull: FileSystem {
            let files: InMemoryFileSystem
            func kind(of path: String) -> FileKind? { files.kind(of: path) }
            func read(_ path: String) throws(FileSystemError) -> [UInt8] { try files.read(path) }
            func writeAtomically(_ bytes: [UInt8], to path: String) throws(FileSystemError) {
                throw FileSystemError(path: path, reason: .ioError("No space left on device"))
            }
            func contents(ofDirectory path: String) throws(FileSystemError) -> [String] { try files.contents(ofDirectory: path) }
            func resolvingSymlinks(_ path: String) -> String { files.resolvingSymlinks(path) }
            func isSymbolicLink(_ path: String) -> Bool { files.isSymbolicLink(path) }
            func entry(at path: String) -> (kind: FileKind, isSymbolicLink: Bool)? { files.entry(at: path) }
            var currentDirectory: String { files.currentDirectory }
        }
        let files = workspace(["App.xcconfig": "URL = https://example.com\n"])
        let stdout = OutputSink.capture()
        let stderr = OutputSink.capture()
        let context = CommandContext(arguments: [], currentDirectory: "/work", fileSystem: DiskFull(files: files),
                                     standardOutput: stdout, standardError: stderr)
        let status = try LintCommand.run(try ArgumentParser.parse(["--fix"], for: LintCommand.configuration), context: context)
        #expect(status == .usageError)
        #expect(stderr.capturedText.contains("App.xcconfig: error: cannot write the fixed file"))
        #expect(files.contentsOfFile("/work/App.xcconfig") == "URL = https://example.com\n")
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
        // The summary line ends the run (issue 21 item 8).
        #expect(stderr.capturedText == "App.xcconfig: fixed 1 finding\nFound 0 warnings, 0 errors in 1 file\n")
    }

    // MARK: --project

    /// A project at `/work/App.xcodeproj`: one target `App` whose Debug and Release
    /// configurations have `Config/App.xcconfig` as base xcconfig (referenced on line 10).
    /// The target settings are on lines 11 (Debug) and 13 (Release).
    static let projectFile = """
        // !$*UTF8*$!
        {
        \tobjectVersion = 77;
        \tobjects = {
        \t\tROOT = { isa = PBXProject; buildConfigurationList = PLIST; mainGroup = MAIN; targets = ( APP, ); };
        \t\tMAIN = { isa = PBXGroup; children = ( APPCFG, ); sourceTree = "<group>"; };
        \t\tAPPCFG = { isa = PBXFileReference; path = Config/App.xcconfig; sourceTree = "<group>"; };
        \t\tPLIST = { isa = XCConfigurationList; buildConfigurations = ( ); defaultConfigurationName = Debug; };
        \t\tAPP = { isa = PBXNativeTarget; buildConfigurationList = TLIST; name = App; };
        \t\tDEBUG = { isa = XCBuildConfiguration; baseConfigurationReference = APPCFG; name = Debug; buildSettings = {
        \t\t\tSWIFT_VERSION = 5.0; }; };
        \t\tRELEASE = { isa = XCBuildConfiguration; baseConfigurationReference = APPCFG; name = Release; buildSettings = {
        \t\t\tOTHER_LDFLAGS = "$(inherited) -lz"; }; };
        \t\tTLIST = { isa = XCConfigurationList; buildConfigurations = ( DEBUG, RELEASE, ); };
        \t};
        \trootObject = ROOT;
        }

        """

    static let projectFiles = [
        "App.xcodeproj/project.pbxproj": projectFile,
        "Config/App.xcconfig": "SWIFT_VERSION = 6.0\nOTHER_LDFLAGS = -ObjC\n",
    ]

    static let shadowingFinding = """
        App.xcodeproj/project.pbxproj:11:4: warning: SWIFT_VERSION in the Debug build settings of target 'App' overrides the value Config/App.xcconfig:1 sets, so the xcconfig's value is ignored; remove the project setting so the xcconfig's value applies [project-shadows-xcconfig]
        App.xcodeproj/project.pbxproj:11:4: note: at App / Debug / buildSettings / SWIFT_VERSION
        App.xcodeproj/project.pbxproj:11:4: note: Config/App.xcconfig:1: SWIFT_VERSION = 6.0

        """

    @Test func projectSettingOverridingItsBaseXCConfigIsReportedAtTheKey() throws {
        let result = try lint(["--project", "App.xcodeproj"], files: Self.projectFiles)
        #expect(result.status == .success)
        #expect(result.stdout == Self.shadowingFinding)
    }

    @Test func projectShadowingFailsTheRunWithStrict() throws {
        #expect(try lint(["--project", "App.xcodeproj", "--strict"], files: Self.projectFiles).status == .failure)
    }

    @Test func projectShadowingObeysTheLintConfiguration() throws {
        var files = Self.projectFiles
        files[".xcconfig-lint.json"] = #"{"disabled_rules": ["project-shadows-xcconfig"]}"#
        #expect(try lint(["--project", "App.xcodeproj"], files: files).stdout == "")
        files[".xcconfig-lint.json"] = #"{"severity": {"project-shadows-xcconfig": "error"}}"#
        let result = try lint(["--project", "App.xcodeproj"], files: files)
        #expect(result.status == .failure)
        #expect(result.stdout == Self.shadowingFinding.replacingOccurrences(of: "warning:", with: "error:"))
    }

    @Test func suppressionOnTheOverriddenXCConfigLineSilencesProjectShadowing() throws {
        var files = Self.projectFiles
        files["Config/App.xcconfig"] = "SWIFT_VERSION = 6.0 // xcconfig-lint:disable-line project-shadows-xcconfig\n"
        #expect(try lint(["--project", "App.xcodeproj"], files: files).stdout == "")
    }

    @Test func configurationLimitsProjectShadowingToThatConfiguration() throws {
        #expect(try lint(["--project", "App.xcodeproj", "--configuration", "Release"], files: Self.projectFiles).stdout == "")
        #expect(try lint(["--project", "App.xcodeproj", "-c", "Debug"], files: Self.projectFiles).stdout == Self.shadowingFinding)
    }

    @Test func projectWithPathsLintsThePathsAndChecksTheProject() throws {
        var files = Self.projectFiles
        files["Other.xcconfig"] = "URL = https://example.com\n"
        let result = try lint(["Other.xcconfig", "--project", "App.xcodeproj"], files: files)
        #expect(result.stdout.hasPrefix(Self.shadowingFinding))
        #expect(result.stdout.hasSuffix("Other.xcconfig:1:13: warning: value cut short by '//': Xcode reads `https:` and ignores `//example.com` as a comment; write `https:/$()/example.com` [comment-in-value]\n"))
    }

    @Test func sarifDescribesTheProjectRule() throws {
        let result = try lint(["--project", "App.xcodeproj", "--format", "sarif"], files: Self.projectFiles)
        #expect(result.stdout.contains("\"project-shadows-xcconfig\""))
        #expect(result.stdout.contains("App.xcodeproj/project.pbxproj"))
        #expect(try lint(["--explain", "project-shadows-xcconfig"], files: [:]).stdout.hasPrefix("project-shadows-xcconfig: Project shadows xcconfig\n"))
    }

    @Test func missingBaseXCConfigIsAnErrorAtItsReference() throws {
        let result = try lint(["--project", "App.xcodeproj"], files: ["App.xcodeproj/project.pbxproj": Self.projectFile])
        #expect(result.status == .failure)
        #expect(result.stdout == "App.xcodeproj/project.pbxproj:10:3: error: the base configuration file 'Config/App.xcconfig' does not exist\n")
    }

    @Test func unreadableProjectStopsTheCommand() throws {
        #expect(throws: CommandFailure.self) { try lint(["--project", "Missing.xcodeproj"], files: [:]) }
    }

    /// swift-llbuild's real project, with its xcconfigs from `shared/corpus` at the same
    /// relative paths: its target and project dictionaries override values of their base
    /// xcconfigs (`GCC_OPTIMIZATION_LEVEL`, `ONLY_ACTIVE_ARCH`, …). Skipped without the shared
    /// directory.
    @Test(.enabled(if: ProjectCommandTests.sharedDirectory != nil, "shared/projects is absent"))
    func realProjectShadowingsAreReported() throws {
        let real = RealFileSystem()
        let name = "swiftlang__swift-llbuild"
        let shared = try #require(ProjectCommandTests.sharedDirectory)
        let projectDirectory = "\(shared)/projects/\(name)"
        let corpusDirectory = "\(shared)/corpus/\(name)"
        try #require(real.kind(of: projectDirectory + "/llbuild.xcodeproj/project.pbxproj") == .file)
        try #require(real.kind(of: corpusDirectory) == .directory)
        let fileSystem = InMemoryFileSystem(currentDirectory: "/work")
        fileSystem.addFile("/work/llbuild.xcodeproj/project.pbxproj", bytes: try real.read(projectDirectory + "/llbuild.xcodeproj/project.pbxproj"))
        let project = try XcodeProject.load(path: "/work/llbuild.xcodeproj", fileSystem: fileSystem)
        // Every base xcconfig of the project, and what they include, exists in the corpus.
        for base in project.baseConfigurationFiles {
            let relative = String(base.dropFirst("/work/".count))
            #expect(real.kind(of: corpusDirectory + "/" + relative) == .file, "missing from the corpus: \(relative)")
        }
        for entry in try real.contents(ofDirectory: corpusDirectory + "/Xcode/Configs") {
            fileSystem.addFile("/work/Xcode/Configs/" + entry, bytes: try real.read(corpusDirectory + "/Xcode/Configs/" + entry))
        }
        let stdout = OutputSink.capture()
        let stderr = OutputSink.capture()
        let context = CommandContext(arguments: [], currentDirectory: "/work", fileSystem: fileSystem,
                                     standardOutput: stdout, standardError: stderr)
        let arguments = ["--project", "llbuild.xcodeproj", "--format", "json"]
        let status = try LintCommand.run(try ArgumentParser.parse(arguments, for: LintCommand.configuration), context: context)
        #expect(status == .success)
        let output = stdout.capturedText
        #expect(output.contains("GCC_OPTIMIZATION_LEVEL in the Debug build settings of the project overrides the value Xcode/Configs/Debug.xcconfig:22 sets"))
        #expect(output.contains("ONLY_ACTIVE_ARCH in the Debug build settings of the project overrides the value Xcode/Configs/Debug.xcconfig:17 sets"))
        // Only project-file findings: the xcconfigs themselves are clean.
        let rules = output.split(separator: "\n").filter { $0.contains("\"rule\"") }
        #expect(!rules.isEmpty && rules.allSatisfy { $0.contains("project-shadows-xcconfig") })
    }
}
