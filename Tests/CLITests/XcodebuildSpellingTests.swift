import Testing
import XCConfig
@testable import XCConfigCLI

/// xcodebuild's spellings (`-configuration`, `-json`, ...), its output formats, schemes and
/// workspaces, and the note on values only Xcode knows (issue 22, cli.md "xcodebuild
/// compatibility").
@Suite struct XcodebuildSpellingTests {
    func parse(_ arguments: [String]) throws -> ParsedArguments {
        try ArgumentParser.parse(arguments, for: ResolveCommand.configuration)
    }

    @Test func everyXcodebuildWordStandsForItsOption() throws {
        let arguments = try parse([
            "-project", "A.xcodeproj", "-target", "App", "-configuration", "Debug", "-sdk", "iphoneos", "-arch", "arm64",
            "-xcconfig", "X.xcconfig", "-workspace", "W.xcworkspace", "-scheme", "S", "-derivedDataPath", "/dd", "-json", "-showBuildSettings",
        ])
        #expect(arguments.value("project") == "A.xcodeproj")
        #expect(arguments.value("target") == "App")
        #expect(arguments.value("configuration") == "Debug")
        #expect(arguments.values("sdk") == ["iphoneos"])
        #expect(arguments.value("arch") == "arm64")
        #expect(arguments.value("xcconfig") == "X.xcconfig")
        #expect(arguments.value("workspace") == "W.xcworkspace")
        #expect(arguments.value("scheme") == "S")
        #expect(arguments.value("derived-data-path") == "/dd")
        #expect(arguments.value("format") == "xcodebuild-json")
        #expect(arguments.flag("show-build-settings"))
    }

    /// Regression: `-configuration=Debug` was read as `-c onfiguration=Debug`.
    @Test func aSingleDashWordIsNeverSplitIntoShortOptions() throws {
        #expect(try parse(["-configuration=Debug"]).value("configuration") == "Debug")
        #expect(throws: UsageError("Unknown option '-IDEBuildLocationStyle'")) { try parse(["-IDEBuildLocationStyle=DeterminedByTarget"]) }
        // Short options keep working.
        #expect(try parse(["-cRelease"]).value("configuration") == "Release")
        #expect(try parse(["-I", "inc"]).values("search-path") == ["inc"])
    }

    @Test func aWordTheCommandDoesNotTakeIsAnUnknownOption() {
        #expect(throws: UsageError("Unknown option '-scheme'")) { try ArgumentParser.parse(["-scheme", "S"], for: ParseCommand.configuration) }
        #expect(throws: UsageError("Unknown option '-json'")) { try ArgumentParser.parse(["-json"], for: ProjectListCommand.configuration) }
        #expect(throws: UsageError("The flag '-json' does not take a value")) { try parse(["-json=yes"]) }
    }

    @Test func aWordIsNotTakenAsTheValueOfTheOptionBeforeIt() {
        #expect(throws: UsageError("Missing value for '--target <name>'")) { try parse(["--target", "-configuration", "Debug"]) }
    }

    @Test func theRegressionEndToEnd() {
        let fileSystem = workspace(["/work/a.xcconfig": "MODE = base\nMODE[config=Debug] = debug\n"])
        let result = runCLI(["resolve", "a.xcconfig", "-configuration=Debug", "--print", "MODE"], fileSystem: fileSystem)
        #expect(result.status == .success)
        #expect(result.stdout == "debug\n")
    }
}

/// Runs `xcconfig ARGUMENTS` in-process in `directory` of the real file system.
func runCLI(_ arguments: [String], realDirectory directory: String) -> CLIResult {
    let stdout = OutputSink.capture(), stderr = OutputSink.capture()
    let context = CommandContext(
        arguments: arguments, environment: [:], currentDirectory: directory, fileSystem: RealFileSystem(currentDirectory: directory),
        standardOutput: stdout, standardError: stderr, standardOutputIsTerminal: false, standardErrorIsTerminal: false)
    let status = CommandLineTool.run(context)
    return CLIResult(status: status, stdout: stdout.capturedText, stdoutBytes: stdout.capturedBytes, stderr: stderr.capturedText)
}

/// A project `App.xcodeproj` in `/work` with targets (`App`, `App Tests`), Debug and Release,
/// `FLAVOR = debug|release` in the target settings, and `files` beside it.
func parityProject(_ files: [String: String] = [:], targets: [String] = ["App", "App Tests"]) -> InMemoryFileSystem {
    var objects = """
        ROOT = { isa = PBXProject; buildConfigurationList = PLIST; mainGroup = MAIN; targets = ( \(targets.indices.map { "T\($0), " }.joined())); };
        MAIN = { isa = PBXGroup; children = ( ); sourceTree = "<group>"; };
        PLIST = { isa = XCConfigurationList; buildConfigurations = ( PD, PR, ); defaultConfigurationName = Release; };
        PD = { isa = XCBuildConfiguration; buildSettings = { EMPTY = ""; }; name = Debug; };
        PR = { isa = XCBuildConfiguration; buildSettings = { EMPTY = ""; }; name = Release; };

        """
    for (index, target) in targets.enumerated() {
        objects += """
            T\(index) = { isa = PBXNativeTarget; buildConfigurationList = L\(index); name = "\(target)"; productType = "com.apple.product-type.application"; };
            L\(index) = { isa = XCConfigurationList; buildConfigurations = ( D\(index), R\(index), ); };
            D\(index) = { isa = XCBuildConfiguration; buildSettings = { FLAVOR = debug; }; name = Debug; };
            R\(index) = { isa = XCBuildConfiguration; buildSettings = { FLAVOR = release; }; name = Release; };

            """
    }
    var all = files
    all["/work/App.xcodeproj/project.pbxproj"] = "// !$*UTF8*$!\n{\n\tarchiveVersion = 1;\n\tobjectVersion = 77;\n\tobjects = {\n\(objects)\t};\n\trootObject = ROOT;\n}\n"
    return workspace(all)
}

/// A shared scheme building `targets` (ids `T0`, `T1`, ... in `parityProject` order) and running `launch`.
func parityScheme(_ targets: [(name: String, id: String)], launch: String = "Debug", container: String = "container:App.xcodeproj") -> String {
    let entries = targets.map { target in
        """
        <BuildActionEntry buildForRunning = "YES"><BuildableReference BlueprintIdentifier = "\(target.id)" BlueprintName = "\(target.name)" ReferencedContainer = "\(container)"></BuildableReference></BuildActionEntry>
        """
    }.joined(separator: "\n")
    return """
        <?xml version="1.0" encoding="UTF-8"?>
        <Scheme version = "1.7">
        <BuildAction><BuildActionEntries>
        \(entries)
        </BuildActionEntries></BuildAction>
        <LaunchAction buildConfiguration = "\(launch)"></LaunchAction>
        </Scheme>
        """
}

@Suite struct XcodebuildFormatTests {
    /// The lines of `text` that are settings of the first block: `    NAME = value`.
    func settingLines(_ text: String) -> [Substring] {
        text.split(separator: "\n", omittingEmptySubsequences: false).filter { $0.hasPrefix("    ") }
    }

    /// xcodebuild's own command line prints xcodebuild's text; an explicit format still wins.
    @Test func theShowBuildSettingsWordSelectsXcodebuildsText() {
        let fileSystem = parityProject()
        let plain = runCLI(["resolve", "-showBuildSettings", "-project", "App.xcodeproj", "-target", "App"], fileSystem: fileSystem)
        #expect(plain.status == .success, "\(plain.stderr)")
        #expect(plain.stdout.hasPrefix("Build settings for action build and target App:\n    "))
        let json = runCLI(["resolve", "-showBuildSettings", "-project", "App.xcodeproj", "-target", "App", "--format", "json"], fileSystem: fileSystem)
        #expect(json.stdout.hasPrefix("{"))
    }

    @Test func showBuildSettingsPrintsOneBlockPerTargetAsXcodebuildDoes() {
        let fileSystem = parityProject()
        let result = runCLI(["resolve", "--project", "App.xcodeproj", "--all-targets", "--format", "showbuildsettings"], fileSystem: fileSystem)
        #expect(result.status == .success, "\(result.stderr)")
        let blocks = result.stdout.split(separator: "\n\n", omittingEmptySubsequences: false)
        // Each block is followed by a blank line, so the output ends with "\n\n".
        #expect(blocks.count == 3 && blocks[2] == "")
        #expect(blocks[0].hasPrefix("Build settings for action build and target App:\n"))
        // A name with a space is quoted (xcbs dump: `target "Test Project":`).
        #expect(blocks[1].hasPrefix("Build settings for action build and target \"App Tests\":\n"))
        #expect(blocks[1].contains("\n    TARGET_NAME = App Tests\n"))
        // An empty value prints `NAME = ` with its trailing space.
        #expect(blocks[0].contains("\n    EMPTY = \n"))
        let names = settingLines(String(blocks[0])).map { $0.dropFirst(4).prefix { $0 != " " } }
        #expect(names == names.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })
        // Everything xcodebuild prints, context bindings included (text needs --all for them).
        #expect(blocks[0].contains("\n    CONFIGURATION = Release\n"))
    }

    @Test func commandLineSettingsComeFirstWithTheSDKEchoedAsSDKROOT() {
        let result = runCLI(["resolve", "-project", "App.xcodeproj", "-sdk", "iphonesimulator9.2", "ONLY_ACTIVE_ARCH=NO", "ARCHS=i386",
                             "--format", "showbuildsettings"], fileSystem: parityProject())
        // xctool-ios-cmdline-overrides-xcode6.4 and xctool-ios-xctest-bundle-xcode7.2 dumps.
        #expect(result.stdout.hasPrefix("""
            Build settings from command line:
                ARCHS = i386
                ONLY_ACTIVE_ARCH = NO
                SDKROOT = iphonesimulator9.2

            Build settings for action build and target App:

            """))
    }

    @Test func xcodebuildJSONIsTheArrayXcodebuildPrints() {
        let fileSystem = parityProject(["/work/x.xcconfig": "_BOOL_YES = YES\nB10 = x\nB9 = y\nPATH_ONLY = /a/b\n"])
        let result = runCLI(["resolve", "-project", "App.xcodeproj", "-target", "App", "-xcconfig", "x.xcconfig", "-json", "--no-xcode-defaults"], fileSystem: fileSystem)
        #expect(result.status == .success, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("[\n  {\n    \"action\" : \"build\",\n    \"buildSettings\" : {\n      \"_BOOL_YES\" : \"YES\",\n"))
        #expect(result.stdout.hasSuffix("\n    },\n    \"target\" : \"App\"\n  }\n]\n"))
        // Foundation's sorted keys: case-insensitive, numbers by value; slashes unescaped.
        let b9 = result.stdout.range(of: "\"B9\"")!.lowerBound, b10 = result.stdout.range(of: "\"B10\"")!.lowerBound
        #expect(b9 < b10)
        #expect(result.stdout.contains("\"PATH_ONLY\" : \"/a/b\""))
    }

    @Test func jsonKeyOrderIsFoundationsSortedKeysOrder() {
        // As in the published Xcode 26 `-json` output (xcode-build-server issue 91).
        let keys = ["ACTION", "_BOOL_", "__IS_NOT_MACOS_macosx", "_WRAPPER_CONTENTS_DIR", "__IS_NOT_MACOS", "_BOOL_YES", "arch"]
        #expect(keys.sorted(by: XcodebuildOutput.jsonKeyPrecedes) == [
            "__IS_NOT_MACOS", "__IS_NOT_MACOS_macosx", "_BOOL_", "_BOOL_YES", "_WRAPPER_CONTENTS_DIR", "ACTION", "arch",
        ])
    }

    @Test(.enabled(if: ProjectCommandTests.sharedDirectory != nil, "shared/projects is absent"))
    func theFormatsMatchTheHeadersOfTheRecordedDumps() throws {
        let shared = try #require(ProjectCommandTests.sharedDirectory)
        let real = RealFileSystem()
        for (pair, arguments) in [
            ("xcodebuildmcp-ios-calculator-xcode26.4", ["-workspace", "CalculatorApp.xcworkspace", "-scheme", "CalculatorApp"]),
            ("xcbs-ios-app-3configs-xcode9.3", ["-project", "Test Project.xcodeproj", "-scheme", "Test Project", "-configuration", "Debug"]),
        ] {
            let directory = Path.join(shared, "xcodebuild/" + pair)
            let dump = String(decoding: try real.read(Path.join(directory, "dump.txt")), as: UTF8.self)
            let result = runCLI(["resolve", "-showBuildSettings", "--format", "showbuildsettings"] + arguments, realDirectory: directory)
            #expect(result.status == .success, "\(pair): \(result.stderr)")
            #expect(result.stdout.prefix { $0 != "\n" } == dump.prefix { $0 != "\n" }, "\(pair)")
            #expect(result.stdout.hasSuffix("\n\n"))
            // The configuration is the scheme's Run configuration (Debug in the 26.4 dump).
            #expect(dump.contains("\n    CONFIGURATION = Debug\n") && result.stdout.contains("\n    CONFIGURATION = Debug\n"), "\(pair)")
        }
    }
}

@Suite struct SchemeResolutionTests {
    @Test func aSchemeGivesItsTargetsAndItsRunConfiguration() {
        let fileSystem = parityProject(["/work/App.xcodeproj/xcshareddata/xcschemes/Both.xcscheme": parityScheme([("App", "T0"), ("App Tests", "T1")])])
        let result = runCLI(["resolve", "-project", "App.xcodeproj", "-scheme", "Both", "--format", "showbuildsettings"], fileSystem: fileSystem)
        #expect(result.status == .success, "\(result.stderr)")
        #expect(result.stdout.components(separatedBy: "Build settings for action build").count == 3)
        #expect(result.stdout.components(separatedBy: "\n    FLAVOR = debug\n").count == 3)
        // -configuration wins over the scheme's.
        let release = runCLI(["resolve", "--scheme", "Both", "-configuration", "Release", "--print", "FLAVOR"], fileSystem: fileSystem)
        #expect(release.stdout == "release\n")
        // Other formats show the first target, or the one --target names.
        let second = runCLI(["resolve", "--scheme", "Both", "--target", "App Tests", "--print", "TARGET_NAME"], fileSystem: fileSystem)
        #expect(second.stdout == "App Tests\n")
    }

    @Test func aWorkspaceSchemeFindsItsProjectThroughTheWorkspace() {
        let fileSystem = parityProject([
            "/work/W.xcworkspace/contents.xcworkspacedata": "<Workspace version = \"1.0\"><FileRef location = \"group:App.xcodeproj\"></FileRef></Workspace>",
            "/work/W.xcworkspace/xcshareddata/xcschemes/Tests.xcscheme": parityScheme([("App Tests", "T1")], launch: "Release"),
        ])
        let result = runCLI(["resolve", "--workspace", "W.xcworkspace", "--scheme", "Tests", "--print", "TARGET_NAME", "--print", "FLAVOR"], fileSystem: fileSystem)
        #expect(result.status == .success, "\(result.stderr)")
        #expect(result.stdout == "App Tests\nrelease\n")
    }

    @Test func aSwiftPackageInTheSchemeIsNamedInAWarning() {
        let scheme = parityScheme([("App", "T0")]).replacingOccurrences(of: "</BuildActionEntries>", with: """
            <BuildActionEntry buildForRunning = "YES"><BuildableReference BlueprintIdentifier = "Feature" BlueprintName = "Feature" ReferencedContainer = "container:"></BuildableReference></BuildActionEntry>
            </BuildActionEntries>
            """)
        let fileSystem = parityProject(["/work/App.xcodeproj/xcshareddata/xcschemes/S.xcscheme": scheme])
        let result = runCLI(["resolve", "--scheme", "S", "--print", "TARGET_NAME"], fileSystem: fileSystem)
        #expect(result.status == .success)
        #expect(result.stdout == "App\n")
        #expect(result.stderr == "warning: the scheme 'S' builds 'Feature' of a Swift package, whose settings are not resolved\n")
    }

    @Test func withoutSchemeFilesATargetIsItsOwnScheme() {
        let result = runCLI(["resolve", "--scheme", "App Tests", "--print", "TARGET_NAME"], fileSystem: parityProject())
        #expect(result.stdout == "App Tests\n")
    }

    @Test func mistakesSayWhatIsThere() {
        let fileSystem = parityProject(["/work/App.xcodeproj/xcshareddata/xcschemes/Both.xcscheme": parityScheme([("App", "T0")])])
        let unknown = runCLI(["resolve", "--scheme", "Nope"], fileSystem: fileSystem)
        #expect(unknown.status == .usageError)
        #expect(unknown.stderr == "error: the project 'App' has no scheme named 'Nope'; its schemes are 'Both'\n")
        let workspaceAlone = runCLI(["resolve", "--workspace", "W.xcworkspace"], fileSystem: fileSystem)
        #expect(workspaceAlone.status == .usageError)
        #expect(workspaceAlone.stderr.hasPrefix("error: --workspace needs --scheme"))
        let notInScheme = runCLI(["resolve", "--scheme", "Both", "--target", "App Tests"], fileSystem: fileSystem)
        #expect(notInScheme.stderr == "error: the scheme 'Both' does not build a target named 'App Tests'\n")
    }

    @Test func projectListNamesTheSchemesAndAWorkspacesProjects() {
        let fileSystem = parityProject([
            "/work/W.xcworkspace/contents.xcworkspacedata": "<Workspace><FileRef location = \"group:App.xcodeproj\"/><FileRef location = \"group:Gone.xcodeproj\"/></Workspace>",
            "/work/App.xcodeproj/xcshareddata/xcschemes/Both.xcscheme": parityScheme([("App", "T0"), ("App Tests", "T1")]),
        ])
        let project = runCLI(["project", "list"], fileSystem: fileSystem)
        #expect(project.stdout.hasSuffix("\n    Schemes:\n        Both (builds App, App Tests; runs Debug)\n"))
        let list = runCLI(["project", "list", "--workspace", "W.xcworkspace"], fileSystem: fileSystem)
        #expect(list.status == .success)
        #expect(list.stdout == """
            Information about workspace "W":
                File: W.xcworkspace/contents.xcworkspacedata

                Projects:
                    App.xcodeproj
                    Gone.xcodeproj (missing)

                Schemes:
                    Both (builds App, App Tests; runs Debug)

            """)
    }
}

@Suite struct UnknowableValueNoteTests {
    @Test func aValueFromASettingOnlyTheSDKDefinesGetsOneNote() {
        let fileSystem = workspace(["/work/a.xcconfig": "HEADERS = $(SDKROOT)/usr/include\nLIB = $(HEADERS)/../lib\nPLAIN = 1\n"])
        let result = runCLI(["resolve", "a.xcconfig"], fileSystem: fileSystem)
        #expect(result.status == .success)
        #expect(result.stdout == "HEADERS = /usr/include\nLIB = /usr/include/../lib\nPLAIN = 1\n")
        #expect(result.stderr == "note: 2 values depend on what only Xcode and its SDK know, so xcodebuild may print otherwise: HEADERS (refers to SDKROOT); LIB (refers to SDKROOT)\n")
    }

    @Test func strictMakesItAnErrorWithStatus1() {
        let fileSystem = workspace(["/work/a.xcconfig": "TOOLS = $(DEVELOPER_DIR)/usr/bin\n"])
        let result = runCLI(["resolve", "a.xcconfig", "--strict", "--print", "TOOLS"], fileSystem: fileSystem)
        #expect(result.status == .failure)
        #expect(result.stdout == "/usr/bin\n")
        #expect(result.stderr == "error: 1 value depends on what only Xcode and its SDK know, so xcodebuild may print otherwise: TOOLS (refers to DEVELOPER_DIR)\n")
    }

    @Test func noNoteWhenALevelAssignsIt() {
        let fileSystem = workspace(["/work/a.xcconfig": "SDKROOT = /sdk\nHEADERS = $(SDKROOT)/usr/include\n"])
        let result = runCLI(["resolve", "a.xcconfig", "--strict"], fileSystem: fileSystem)
        #expect(result.status == .success)
        #expect(result.stderr == "")
    }

    @Test func valuesTheInputsGuessedAreNotedToo() {
        var inputs = StackInputs()
        inputs.unknowableValues = [UnknowableValue(setting: "SDK_VERSION", reason: "guessed from Xcode 26.4")]
        let stdout = OutputSink.capture(), stderr = OutputSink.capture()
        let context = CommandContext(arguments: [], environment: [:], currentDirectory: "/", fileSystem: InMemoryFileSystem(currentDirectory: "/"),
                                     standardOutput: stdout, standardError: stderr, standardOutputIsTerminal: false, standardErrorIsTerminal: false)
        let fails = UnknowableNote.report(inputs.unknowableValues + inputs.unknowableValues, strict: false, context: context)
        #expect(!fails)
        #expect(stderr.capturedText == "note: 1 value depends on what only Xcode and its SDK know, so xcodebuild may print otherwise: SDK_VERSION (guessed from Xcode 26.4)\n")
    }
}
