import Testing
import XCConfigSyntax
@testable import XCConfig

/// `project-shadows-xcconfig`: a project-file setting that overrides a value its own base
/// xcconfig sets, without `$(inherited)`.
@Suite struct BaseConfigurationShadowingTests {
    /// A project based on `Config/Project.xcconfig`, one target `App` based on
    /// `Config/App.xcconfig`; `buildSettings` lines are filled in per test.
    static func project(projectSettings: String, targetSettings: String) -> String {
        """
        // !$*UTF8*$!
        {
        \tarchiveVersion = 1;
        \tobjectVersion = 77;
        \tobjects = {
        \t\tROOT = { isa = PBXProject; buildConfigurationList = PLIST; mainGroup = MAIN; targets = ( APP, ); };
        \t\tMAIN = { isa = PBXGroup; children = ( CONFIG, ); sourceTree = "<group>"; };
        \t\tCONFIG = { isa = PBXGroup; children = ( PROJCFG, APPCFG, ); path = Config; sourceTree = "<group>"; };
        \t\tPROJCFG = { isa = PBXFileReference; path = Project.xcconfig; sourceTree = "<group>"; };
        \t\tAPPCFG = { isa = PBXFileReference; path = App.xcconfig; sourceTree = "<group>"; };
        \t\tPLIST = { isa = XCConfigurationList; buildConfigurations = ( PDEBUG, ); defaultConfigurationName = Debug; };
        \t\tPDEBUG = {
        \t\t\tisa = XCBuildConfiguration;
        \t\t\tbaseConfigurationReference = PROJCFG;
        \t\t\tbuildSettings = {
        \(projectSettings)
        \t\t\t};
        \t\t\tname = Debug;
        \t\t};
        \t\tAPP = { isa = PBXNativeTarget; buildConfigurationList = TLIST; name = App; };
        \t\tTLIST = { isa = XCConfigurationList; buildConfigurations = ( TDEBUG, ); };
        \t\tTDEBUG = {
        \t\t\tisa = XCBuildConfiguration;
        \t\t\tbaseConfigurationReference = APPCFG;
        \t\t\tbuildSettings = {
        \(targetSettings)
        \t\t\t};
        \t\t\tname = Debug;
        \t\t};
        \t};
        \trootObject = ROOT;
        }
        """
    }

    static func findings(
        projectSettings: String = "", targetSettings: String = "",
        projectXCConfig: String = "", appXCConfig: String = "", extraFiles: [String: String] = [:]
    ) throws -> [BaseConfigurationShadowing] {
        var files = [
            "/w/App.xcodeproj/project.pbxproj": project(projectSettings: projectSettings, targetSettings: targetSettings),
            "/w/Config/Project.xcconfig": projectXCConfig,
            "/w/Config/App.xcconfig": appXCConfig,
        ]
        for (path, text) in extraFiles { files[path] = text }
        let fileSystem = InMemoryFileSystem(currentDirectory: "/w", files: files)
        let project = try XcodeProject.load(path: "App.xcodeproj", fileSystem: fileSystem)
        return project.baseConfigurationShadowings(loader: IncludeLoader(fileSystem: fileSystem, projectRoot: "/w"))
    }

    @Test func targetSettingOverridingItsXCConfigIsReportedAtItsLine() throws {
        let findings = try Self.findings(
            targetSettings: "\t\t\t\tSWIFT_VERSION = 5.0;",
            appXCConfig: "// App\nSWIFT_VERSION = 6.0\n")
        #expect(findings.count == 1)
        let finding = try #require(findings.first)
        #expect(finding.targetName == "App")
        #expect(finding.configurationName == "Debug")
        #expect(finding.xcconfigFile == "/w/Config/App.xcconfig")
        #expect(finding.xcconfigLocation.line == 2)
        #expect(finding.xcconfigValue == "6.0")
        let diagnostic = finding.diagnostic
        #expect(diagnostic.code == .baseConfigurationShadowing)
        #expect(diagnostic.severity == .warning)
        #expect(diagnostic.file == "/w/App.xcodeproj/project.pbxproj")
        #expect(diagnostic.location == SourceLocation(line: 26, column: 1))
        #expect(diagnostic.message == "SWIFT_VERSION in the Debug build settings of target 'App' overrides the value Config/App.xcconfig:2 sets, so the xcconfig's value is ignored; remove the project setting so the xcconfig's value applies")
        #expect(diagnostic.notes == ["at App / Debug / buildSettings / SWIFT_VERSION", "Config/App.xcconfig:2: SWIFT_VERSION = 6.0"])
    }

    @Test func projectSettingOverridingAnIncludedFileOfItsXCConfig() throws {
        let findings = try Self.findings(
            projectSettings: "\t\t\t\tONLY_ACTIVE_ARCH = NO;",
            projectXCConfig: "#include \"Shared.xcconfig\"\n",
            extraFiles: ["/w/Config/Shared.xcconfig": "ONLY_ACTIVE_ARCH = YES\n"])
        #expect(findings.map(\.targetName) == [nil])
        #expect(findings.first?.xcconfigFile == "/w/Config/Shared.xcconfig")
        #expect(findings.first?.diagnostic.message.hasPrefix("ONLY_ACTIVE_ARCH in the Debug build settings of the project overrides the value Config/Shared.xcconfig:1 sets") == true)
    }

    @Test(arguments: [
        "\"$(inherited) -lz\"",
        "( \"$(inherited)\", \"-lz\", )",
        "\"${inherited} -lz\"",
        "\"$(OTHER_LDFLAGS) -lz\"",
        "\"$OTHER_LDFLAGS -lz\"",
    ])
    func settingThatInheritsIsFine(value: String) throws {
        let findings = try Self.findings(targetSettings: "\t\t\t\tOTHER_LDFLAGS = \(value);", appXCConfig: "OTHER_LDFLAGS = -ObjC\n")
        #expect(findings.isEmpty)
    }

    @Test func settingTheXCConfigDoesNotSetIsFine() throws {
        let findings = try Self.findings(targetSettings: "\t\t\t\tPRODUCT_NAME = App;", appXCConfig: "SWIFT_VERSION = 6.0\n")
        #expect(findings.isEmpty)
    }

    /// Issue 33, finding 4: a target's dictionary is above the project's base xcconfig too, so
    /// a team the target hard-codes hides the one the project-level xcconfig (and the local
    /// file it includes) sets.
    @Test func aTargetSettingOverridingTheProjectsXCConfigIsReported() throws {
        let findings = try Self.findings(targetSettings: "\t\t\t\tDEVELOPMENT_TEAM = QMQYCKL255;", projectXCConfig: "DEVELOPMENT_TEAM = ABCDE12345\n")
        #expect(findings.map(\.targetName) == ["App"])
        #expect(findings.first?.xcconfigFile == "/w/Config/Project.xcconfig")
        #expect(findings.first?.diagnostic.message.hasPrefix("DEVELOPMENT_TEAM in the Debug build settings of target 'App' overrides the value Config/Project.xcconfig:1 sets") == true)
    }

    @Test func theTargetsOwnXCConfigIsTheOneShadowedWhenBothSetIt() throws {
        let findings = try Self.findings(
            targetSettings: "\t\t\t\tSWIFT_VERSION = 5.0;", projectXCConfig: "SWIFT_VERSION = 6.0\n", appXCConfig: "SWIFT_VERSION = 5.9\n")
        #expect(findings.map(\.xcconfigFile) == ["/w/Config/App.xcconfig"])
    }

    @Test func bothTheProjectsAndTheTargetsHardCodedTeamAreReported() throws {
        // Clearing only the project's entry would leave the target's hiding the xcconfig's team.
        let findings = try Self.findings(
            projectSettings: "\t\t\t\tDEVELOPMENT_TEAM = QMQYCKL255;", targetSettings: "\t\t\t\tDEVELOPMENT_TEAM = QMQYCKL255;",
            projectXCConfig: "DEVELOPMENT_TEAM = ABCDE12345\n")
        #expect(findings.map(\.targetName) == [nil, "App"])
    }

    @Test func otherTargetSettingsOverTheProjectsXCConfigAreOrdinaryLayering() throws {
        let findings = try Self.findings(targetSettings: "\t\t\t\tSWIFT_VERSION = 5.0;", projectXCConfig: "SWIFT_VERSION = 6.0\n")
        #expect(findings.isEmpty)
    }

    @Test func narrowerProjectKeyDoesNotShadowABroaderAssignment() throws {
        // `X[sdk=iphoneos*]` in the project file leaves the xcconfig's `X` in force elsewhere.
        let findings = try Self.findings(
            targetSettings: "\t\t\t\t\"CODE_SIGN_IDENTITY[sdk=iphoneos*]\" = \"Apple Development\";",
            appXCConfig: "CODE_SIGN_IDENTITY = -\n")
        #expect(findings.isEmpty)
    }

    @Test func broaderProjectKeyShadowsANarrowerAssignment() throws {
        let findings = try Self.findings(
            targetSettings: "\t\t\t\tCODE_SIGN_IDENTITY = \"Apple Development\";",
            appXCConfig: "CODE_SIGN_IDENTITY[sdk=iphoneos*] = iPhone Developer\n")
        #expect(findings.count == 1)
    }

    @Test func configConditionsAreDecidedByTheConfiguration() throws {
        let other = try Self.findings(targetSettings: "\t\t\t\tSWIFT_VERSION = 5.0;", appXCConfig: "SWIFT_VERSION[config=Release] = 6.0\n")
        #expect(other.isEmpty)
        let same = try Self.findings(targetSettings: "\t\t\t\tSWIFT_VERSION = 5.0;", appXCConfig: "SWIFT_VERSION[config=Debug] = 6.0\n")
        #expect(same.count == 1)
    }

    @Test func missingBaseXCConfigIsSkipped() throws {
        var files = ["/w/App.xcodeproj/project.pbxproj": Self.project(projectSettings: "", targetSettings: "\t\t\t\tSWIFT_VERSION = 5.0;")]
        files["/w/Config/Project.xcconfig"] = ""
        let fileSystem = InMemoryFileSystem(currentDirectory: "/w", files: files)
        let project = try XcodeProject.load(path: "App.xcodeproj", fileSystem: fileSystem)
        #expect(project.shadowingDiagnostics(loader: IncludeLoader(fileSystem: fileSystem)).isEmpty)
    }

    /// swift-llbuild's project Debug configuration repeats `GCC_OPTIMIZATION_LEVEL = 0` and
    /// `ONLY_ACTIVE_ARCH = YES`, which its base `Xcode/Configs/Debug.xcconfig` (lines 22, 17)
    /// already sets.
    @Test(.enabled(if: ProjectCorpusTests.sharedDirectory != nil, "shared/projects is absent"))
    func realProjectFindings() throws {
        let fileSystem = try #require(try ProjectResolutionTests.repository("swiftlang__swift-llbuild"))
        let project = try XcodeProject.load(path: "llbuild.xcodeproj", fileSystem: fileSystem)
        let findings = project.baseConfigurationShadowings(loader: IncludeLoader(fileSystem: fileSystem, projectRoot: "/repo"))
            .filter { $0.targetName == nil && $0.configurationName == "Debug" }
        let summary = findings.map { "\($0.settingName) \($0.xcconfigFile):\($0.xcconfigLocation.line)" }
        #expect(summary.contains("GCC_OPTIMIZATION_LEVEL /repo/Xcode/Configs/Debug.xcconfig:22"))
        #expect(summary.contains("ONLY_ACTIVE_ARCH /repo/Xcode/Configs/Debug.xcconfig:17"))
        for finding in findings {
            #expect(finding.setting.line != nil)
            #expect(finding.diagnostic.file == project.projectFilePath)
        }
    }
}

/// Issue 33, finding 4, on home-assistant's project: `HomeAssistant-WatchAppTests` sets
/// `DEVELOPMENT_TEAM = QMQYCKL255` in its target settings, above the project-level base
/// `Configuration/HomeAssistant.xcconfig`, whose line 4 sets the team.
@Suite struct HardCodedTeamShadowingTests {
    @Test(.enabled(if: ProjectCorpusTests.sharedDirectory != nil, "shared/projects is absent"))
    func homeAssistantsWatchTestsTeamIsReported() throws {
        let fileSystem = try #require(try ProjectResolutionTests.repository("home-assistant__iOS"))
        let project = try XcodeProject.load(path: "HomeAssistant.xcodeproj", fileSystem: fileSystem)
        let findings = project.baseConfigurationShadowings(loader: IncludeLoader(fileSystem: fileSystem, projectRoot: "/repo"))
            .filter { $0.settingName == "DEVELOPMENT_TEAM" }
        let watchTests = findings.filter { $0.targetName == "HomeAssistant-WatchAppTests" }
        #expect(!watchTests.isEmpty)
        for finding in watchTests {
            #expect(finding.xcconfigFile == "/repo/Configuration/HomeAssistant.xcconfig")
            #expect(finding.xcconfigLocation.line == 4)
            #expect(finding.setting.value == "QMQYCKL255")
        }
    }
}

/// Issue 21 item 1: `$(inherited)` is advice only for list settings; following it for a single
/// value (`MACOSX_DEPLOYMENT_TARGET`) would give `14.0 14.6`.
@Suite struct BaseConfigurationShadowingAdviceTests {
    @Test(arguments: ["MACOSX_DEPLOYMENT_TARGET", "PRODUCT_NAME", "DEVELOPMENT_TEAM", "CODE_SIGN_IDENTITY"])
    func singleValueSettingsAreAdvisedToRemoveTheProjectSetting(name: String) throws {
        let findings = try BaseConfigurationShadowingTests.findings(
            targetSettings: "\t\t\t\t\(name) = X;", appXCConfig: "\(name) = Y\n")
        let message = try #require(findings.first?.diagnostic.message)
        #expect(message.hasSuffix("remove the project setting so the xcconfig's value applies"))
        #expect(!message.contains("$(inherited)"))
    }

    @Test func listSettingsMayInherit() throws {
        let findings = try BaseConfigurationShadowingTests.findings(
            targetSettings: "\t\t\t\tOTHER_LDFLAGS = \"-lz\";", appXCConfig: "OTHER_LDFLAGS = -ObjC\n")
        #expect(findings.first?.diagnostic.message.hasSuffix("add $(inherited) to the project setting to build on the xcconfig's value, or remove the project setting") == true)
    }
}
