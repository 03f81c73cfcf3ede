import Testing
import XCConfigSyntax
@testable import XCConfig

/// The object graph → model and the project levels (project-formats.md §A.3–§A.6, §B, §C).
@Suite struct XcodeProjectTests {
    /// A small pbxproj: a group tree with a path-less group, an xcconfig in `Config/`, a
    /// SOURCE_ROOT reference, an anchor + relative path, a DEVELOPER_DIR one, two targets.
    static let pbxproj = """
    // !$*UTF8*$!
    {
    \tarchiveVersion = 1;
    \tclasses = {
    \t};
    \tobjectVersion = 77;
    \tobjects = {
    \t\tROOT /* Project object */ = {
    \t\t\tisa = PBXProject;
    \t\t\tattributes = { CLASSPREFIX = XY; };
    \t\t\tbuildConfigurationList = PLIST;
    \t\t\tdevelopmentRegion = de;
    \t\t\tmainGroup = MAIN;
    \t\t\tprojectDirPath = "";
    \t\t\ttargets = ( AGG, APP, );
    \t\t};
    \t\tMAIN = { isa = PBXGroup; children = ( CFGGROUP, NOPATH, SYNC, ); sourceTree = "<group>"; };
    \t\tCFGGROUP = { isa = PBXGroup; children = ( PROJCFG, ); path = Config; sourceTree = "<group>"; };
    \t\tNOPATH = { isa = PBXGroup; children = ( APPCFG, DEVCFG, ); name = Shared; sourceTree = "<group>"; };
    \t\tPROJCFG = { isa = PBXFileReference; path = Project.xcconfig; sourceTree = "<group>"; };
    \t\tAPPCFG = { isa = PBXFileReference; name = App.xcconfig; path = Config/App.xcconfig; sourceTree = SOURCE_ROOT; };
    \t\tDEVCFG = { isa = PBXFileReference; path = Makefiles/Base.xcconfig; sourceTree = DEVELOPER_DIR; };
    \t\tSYNC = { isa = PBXFileSystemSynchronizedRootGroup; path = xcconfig; sourceTree = "<group>"; };
    \t\tPLIST = { isa = XCConfigurationList; buildConfigurations = ( PDEBUG, PRELEASE, ); defaultConfigurationName = Release; };
    \t\tPDEBUG = { isa = XCBuildConfiguration; baseConfigurationReference = PROJCFG;
    \t\t\tbuildSettings = {
    \t\t\t\tSDKROOT = macosx;
    \t\t\t\t"OTHER_LDFLAGS[arch=*]" = ( "-ObjC", "a b", "", );
    \t\t\t}; name = Debug; };
    \t\tPRELEASE = { isa = XCBuildConfiguration; baseConfigurationReference = PROJCFG; buildSettings = { SDKROOT = macosx; }; name = Release; };
    \t\tAPP = { isa = PBXNativeTarget; buildConfigurationList = TLIST; name = App; productName = AppProduct; productType = "com.apple.product-type.application"; };
    \t\tTLIST = { isa = XCConfigurationList; buildConfigurations = ( TDEBUG, TRELEASE, TBETA, ); defaultConfigurationName = Debug; };
    \t\tTDEBUG = { isa = XCBuildConfiguration; baseConfigurationReference = APPCFG; buildSettings = { PRODUCT_NAME = "$(TARGET_NAME)"; }; name = Debug; };
    \t\tTRELEASE = { isa = XCBuildConfiguration; baseConfigurationReferenceAnchor = SYNC; baseConfigurationReferenceRelativePath = Sub/App.xcconfig; buildSettings = { }; name = Release; };
    \t\tTBETA = { isa = XCBuildConfiguration; baseConfigurationReference = DEVCFG; buildSettings = { }; name = Beta; };
    \t\tAGG = { isa = PBXAggregateTarget; buildConfigurationList = ALIST; name = "All Things"; };
    \t\tALIST = { isa = XCConfigurationList; buildConfigurations = ( ADEBUG, ); };
    \t\tADEBUG = { isa = XCBuildConfiguration; buildSettings = { }; name = Debug; };
    \t};
    \trootObject = ROOT;
    }
    """

    func fileSystem(_ files: [String: String]) -> InMemoryFileSystem {
        InMemoryFileSystem(currentDirectory: "/w", files: files)
    }

    func loadSample() throws(ProjectFileError) -> XcodeProject {
        try XcodeProject.load(path: "App/App.xcodeproj", fileSystem: fileSystem(["App/App.xcodeproj/project.pbxproj": Self.pbxproj]))
    }

    @Test func projectBasics() throws {
        let project = try loadSample()
        #expect(project.name == "App")
        #expect(project.path == "/w/App/App.xcodeproj")
        #expect(project.projectFilePath == "/w/App/App.xcodeproj/project.pbxproj")
        #expect(project.projectDirectory == "/w/App")
        #expect(project.format == .oldStylePropertyList)
        #expect(project.defaultConfigurationName == "Release")
        #expect(project.configurations.map(\.name) == ["Debug", "Release"])
        #expect(project.targets.map(\.name) == ["All Things", "App"])
        #expect(project.targets.map(\.kind) == [.aggregate, .native])
        #expect(project.targets[1].productType == "com.apple.product-type.application")
        #expect(project.developmentRegion == "de")
        #expect(project.classPrefix == "XY")
    }

    @Test func baseConfigurationPathsFollowTheGroupTree() throws {
        let project = try loadSample()
        #expect(project.configurations[0].baseConfiguration?.path == "/w/App/Config/Project.xcconfig")
        let app = try #require(project.target(named: "App"))
        // SOURCE_ROOT ignores the (path-less) group; `name` is display-only.
        #expect(app.configurations[0].baseConfiguration?.path == "/w/App/Config/App.xcconfig")
        // Anchor + relative path (§A.5).
        #expect(app.configurations[1].baseConfiguration?.path == "/w/App/xcconfig/Sub/App.xcconfig")
        // DEVELOPER_DIR is not guessed (§A.4).
        let developer = try #require(app.configurations[2].baseConfiguration)
        #expect(developer.path == nil)
        #expect(developer.writtenForm == "$(DEVELOPER_DIR)/Makefiles/Base.xcconfig")
    }

    @Test func arrayValuesAreJoinedAsSwiftBuildJoinsThem() throws {
        let project = try loadSample()
        let setting = try #require(project.configurations[0].buildSettings.first { $0.key == "OTHER_LDFLAGS[arch=*]" })
        #expect(setting.value == #"-ObjC a\ b """#)
        #expect(setting.arrayElements == ["-ObjC", "a b", ""])
        #expect(setting.keyPath == "App.xcodeproj / Debug / buildSettings / OTHER_LDFLAGS[arch=*]")
        #expect(setting.line == 28)
        #expect(ProjectBuildSetting.joinedArrayValue(["$(inherited)", #"say "hi""#, "a\\b", "it's"])
            == #"$(inherited) say\ \"hi\" a\\b it\'s"#)
    }

    @Test func defaultLevelsUseTheFirstTargetAndTheDefaultConfiguration() throws {
        let levels = try loadSample().levels()
        #expect(levels.targetName == "All Things")
        #expect(levels.configurationName == "Release")
        // The aggregate target lacks Release and the project default: the first one is used (§A.3).
        #expect(levels.targetConfigurationName == "Debug")
        #expect(levels.projectConfigFile == "/w/App/Config/Project.xcconfig")
        #expect(levels.targetConfigFile == nil)
    }

    @Test func levelsForATargetAndConfiguration() throws {
        let levels = try loadSample().levels(target: "App", configuration: "Debug")
        #expect(levels.configurationName == "Debug")
        #expect(levels.targetConfigFile == "/w/App/Config/App.xcconfig")
        #expect(levels.projectSettings.map(\.key) == ["OTHER_LDFLAGS[arch=*]", "SDKROOT"])
        let first = levels.projectSettings[0]
        #expect(first.origin == EntryOrigin(
            file: "/w/App/App.xcodeproj/project.pbxproj",
            keyPath: "App.xcodeproj / Debug / buildSettings / OTHER_LDFLAGS[arch=*]", line: 28))
        #expect(levels.targetSettings == [DictionaryEntry(
            key: "PRODUCT_NAME", value: "$(TARGET_NAME)",
            origin: EntryOrigin(file: "/w/App/App.xcodeproj/project.pbxproj", keyPath: "App / Debug / buildSettings / PRODUCT_NAME", line: 33))])
        let projectDynamic = Dictionary(uniqueKeysWithValues: levels.projectDynamic.map { ($0.key, $0.value) })
        #expect(projectDynamic["PROJECT_NAME"] == "App")
        #expect(projectDynamic["SRCROOT"] == "/w/App")
        #expect(projectDynamic["PROJECT_DIR"] == "/w/App")
        #expect(projectDynamic["PROJECT_FILE_PATH"] == "/w/App/App.xcodeproj")
        #expect(projectDynamic["CONFIGURATION"] == "Debug")
        #expect(projectDynamic["DEVELOPMENT_LANGUAGE"] == "de")
        #expect(projectDynamic["PROJECT_CLASS_PREFIX"] == "XY")
        #expect(levels.projectDynamic.map(\.key) == levels.projectDynamic.map(\.key).sorted())
        let targetDynamic = Dictionary(uniqueKeysWithValues: levels.targetDynamic.map { ($0.key, $0.value) })
        #expect(targetDynamic == ["TARGET_NAME": "App", "TARGETNAME": "$(TARGET_NAME)", "PRODUCT_TYPE": "com.apple.product-type.application"])
    }

    @Test func unknownConfigurationFallsBackToTheProjectDefault() throws {
        let levels = try loadSample().levels(target: "App", configuration: "Nope")
        #expect(levels.configurationName == "Release")
        // The target list's own default (Debug) is not consulted (§A.3).
        #expect(levels.targetConfigurationName == "Release")
        #expect(levels.diagnostics.contains { $0.message.contains("no configuration named 'Nope'") })
    }

    @Test func unlocatableBaseConfigurationIsAWarning() throws {
        let levels = try loadSample().levels(target: "App", configuration: "Beta")
        #expect(levels.targetConfigFile == nil)
        #expect(levels.targetConfigReference?.writtenForm == "$(DEVELOPER_DIR)/Makefiles/Base.xcconfig")
        #expect(levels.diagnostics.contains { $0.message.contains("DEVELOPER_DIR") })
    }

    @Test func unknownTargetIsAnError() throws {
        #expect(throws: ProjectFileError.self) { try loadSample().levels(target: "AppProduct") }
    }

    @Test func projectDirPathMovesTheProjectDirectory() throws {
        let text = Self.pbxproj.replacingFirst(#"projectDirPath = "";"#, with: "projectDirPath = ../src;")
        let project = try XcodeProject.load(path: "/w/App/App.xcodeproj", fileSystem: fileSystem(["/w/App/App.xcodeproj/project.pbxproj": text]))
        #expect(project.projectDirectory == "/w/src")
        #expect(project.configurations[0].baseConfiguration?.path == "/w/src/Config/Project.xcconfig")
    }

    @Test func danglingIdsAreErrorsNamingTheId() throws {
        let text = Self.pbxproj.replacingFirst("targets = ( AGG, APP, );", with: "targets = ( AGG, MISSING, );")
        do {
            _ = try XcodeProject.load(path: "/w/App.xcodeproj", fileSystem: fileSystem(["/w/App.xcodeproj/project.pbxproj": text]))
            Issue.record("expected an error")
        } catch {
            #expect(error.message.contains("MISSING"))
            #expect(error.message.contains("PBXProject"))
        }
    }

    @Test func syntaxErrorsNameTheFile() throws {
        do {
            _ = try XcodeProject.load(path: "/w/App.xcodeproj", fileSystem: fileSystem(["/w/App.xcodeproj/project.pbxproj": "{\n a = b\n}"]))
            Issue.record("expected an error")
        } catch {
            #expect(error.file == "/w/App.xcodeproj/project.pbxproj")
            #expect(error.line == 3)
            #expect(error.description.hasPrefix("/w/App.xcodeproj/project.pbxproj:3:1: error:"))
        }
    }

    @Test func binaryProjectFilesAreRefusedClearly() throws {
        do {
            _ = try XcodeProject.load(path: "/w/App.xcodeproj", fileSystem: fileSystem(["/w/App.xcodeproj/project.pbxproj": "bplist00..."]))
            Issue.record("expected an error")
        } catch {
            #expect(error.message.contains("binary"))
        }
    }

    @Test func xmlProjectFilesAreRead() throws {
        let xml = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0"><dict>
        <key>objects</key><dict>
          <key>R</key><dict><key>isa</key><string>PBXProject</string><key>buildConfigurationList</key><string>L</string>
            <key>targets</key><array/><key>mainGroup</key><string>M</string></dict>
          <key>M</key><dict><key>isa</key><string>PBXGroup</string><key>children</key><array><string>F</string></array></dict>
          <key>F</key><dict><key>isa</key><string>PBXFileReference</string><key>path</key><string>Base.xcconfig</string><key>sourceTree</key><string>&lt;group&gt;</string></dict>
          <key>L</key><dict><key>isa</key><string>XCConfigurationList</string><key>buildConfigurations</key><array><string>C</string></array>
            <key>defaultConfigurationName</key><string>Release</string></dict>
          <key>C</key><dict><key>isa</key><string>XCBuildConfiguration</string><key>name</key><string>Release</string>
            <key>baseConfigurationReference</key><string>F</string>
            <key>buildSettings</key><dict><key>SDKROOT</key><string>iphoneos</string></dict></dict>
        </dict>
        <key>rootObject</key><string>R</string>
        </dict></plist>
        """
        let project = try XcodeProject.load(path: "/w/X.xcodeproj", fileSystem: fileSystem(["/w/X.xcodeproj/project.pbxproj": xml]))
        #expect(project.format == .xmlPropertyList)
        #expect(project.configurations.map(\.name) == ["Release"])
        #expect(project.configurations[0].baseConfiguration?.path == "/w/Base.xcconfig")
        #expect(project.configurations[0].buildSettings.map(\.value) == ["iphoneos"])
    }

    // MARK: - project.xcproj

    static let xcproj = """
    {
      // hand-written: comments, unquoted keys, single quotes
      'default-configuration': "Release",
      configurations: [
        "Debug",
        { "name": "Release", "file": "Config/Project.xcconfig", },
        "Profile",
      ],
      "localizations": { "development": "fr", },
      "class-prefix": "EX",
      "files": [
        { "kind": "group", "path": "Config", "children": [ { "path": "Project.xcconfig" }, { "path": "App.xcconfig", "id": "APPCFG" }, ], },
        { "kind": "group", "name": "Named", "path": "Elsewhere/Deep", "children": [ { "path": "Other.xcconfig" } ] },
        { "kind": "folder", "path": "xcconfig" },
        { "path": "<DEVELOPER>/Base.xcconfig" },
      ],
      "targets": [
        {
          "name": "App", "id": "T1", "product-type": "application",
          "specialized-configurations": [
            { "name": "Debug", "file": "id:APPCFG" },
            { "name": "Release", "file": { "anchor": "xcconfig", "relative-path": "Sub/App.xcconfig" } },
            { "name": "Profile", "file": "Named/Other.xcconfig" },
          ],
          "build-settings": {
            "INFOPLIST_FILE": "Config/Base.plist",
            "INFOPLIST_FILE[config=Debug]": "Config/Debug.plist",
            "OTHER_SWIFT_FLAGS[sdk=iphoneos*][arch=arm64]": [ "-DDEFAULT" ],
            "OTHER_SWIFT_FLAGS[sdk=iphoneos*][config=Debug][arch=arm64]": [ "-DDEBUG", "-DTRACE" ],
            "WILD[config=*]": "w",
          },
        },
        { "name": "Tool", "id": "T2", "kind": "external-build-system", "full-product-type": "com.example.tool",
          "specialized-configurations": [ { "name": "Debug", "file": "Base.xcconfig" }, { "name": "Release", "file": "Missing.xcconfig" } ] },
      ],
      "build-settings": {
        "GCC_PREPROCESSOR_DEFINITIONS[config=Debug][sdk=iphoneos*][arch=arm64]": [ "DEBUG=1" ],
        "GCC_PREPROCESSOR_DEFINITIONS[sdk=iphoneos*][arch=arm64]": [ "DEFAULT=1" ],
        "SWIFT_OPTIMIZATION_LEVEL": "-O",
        "SWIFT_OPTIMIZATION_LEVEL[config=Debug]": "-Onone",
      },
    }
    """

    func loadXCProj(_ text: String = Self.xcproj) throws(ProjectFileError) -> XcodeProject {
        try XcodeProject.load(path: "/w/App.xcodeproj", fileSystem: fileSystem(["/w/App.xcodeproj/project.xcproj": text]))
    }

    @Test func xcprojBasics() throws {
        let project = try loadXCProj()
        #expect(project.format == .xcproj)
        #expect(project.defaultConfigurationName == "Release")
        #expect(project.configurations.map(\.name) == ["Debug", "Release", "Profile"])
        #expect(project.targets.map(\.name) == ["App", "Tool"])
        #expect(project.targets.map(\.kind) == [.native, .externalBuildSystem])
        #expect(project.targets.map(\.productType) == ["com.apple.product-type.application", "com.example.tool"])
        #expect(project.targets[1].configurations.map(\.name) == ["Debug", "Release", "Profile"])
        #expect(project.developmentRegion == "fr")
        #expect(project.classPrefix == "EX")
    }

    @Test func xcprojFileReferences() throws {
        let project = try loadXCProj()
        #expect(project.configurations.map(\.baseConfiguration?.path) == [nil, "/w/Config/Project.xcconfig", nil])
        let app = project.targets[0]
        #expect(app.configurations.map(\.baseConfiguration?.path) == [
            "/w/Config/App.xcconfig", "/w/xcconfig/Sub/App.xcconfig", "/w/Elsewhere/Deep/Other.xcconfig",
        ])
        let tool = project.targets[1]
        #expect(tool.configurations[0].baseConfiguration?.writtenForm == "$(DEVELOPER_DIR)/Base.xcconfig")
        #expect(tool.configurations[0].baseConfiguration?.path == nil)
        #expect(tool.configurations[1].baseConfiguration?.problem?.contains("no reference named 'Missing.xcconfig'") == true)
        #expect(tool.configurations[2].baseConfiguration == nil)
    }

    @Test func xcprojConfigConditionsAreFoldedPerConfiguration() throws {
        let project = try loadXCProj()
        func settings(_ list: [ProjectConfiguration], _ name: String) -> [String: String] {
            let configuration = list.first { $0.name == name }!
            return Dictionary(uniqueKeysWithValues: configuration.buildSettings.map { ($0.key, $0.value) })
        }
        #expect(settings(project.configurations, "Debug") == [
            "GCC_PREPROCESSOR_DEFINITIONS[sdk=iphoneos*][arch=arm64]": "DEBUG=1",
            "SWIFT_OPTIMIZATION_LEVEL": "-Onone",
        ])
        #expect(settings(project.configurations, "Release") == [
            "GCC_PREPROCESSOR_DEFINITIONS[sdk=iphoneos*][arch=arm64]": "DEFAULT=1",
            "SWIFT_OPTIMIZATION_LEVEL": "-O",
        ])
        #expect(settings(project.targets[0].configurations, "Debug") == [
            "INFOPLIST_FILE": "Config/Debug.plist",
            "OTHER_SWIFT_FLAGS[sdk=iphoneos*][arch=arm64]": "-DDEBUG -DTRACE",
            "WILD[config=*]": "w",
        ])
        #expect(settings(project.targets[0].configurations, "Profile") == [
            "INFOPLIST_FILE": "Config/Base.plist",
            "OTHER_SWIFT_FLAGS[sdk=iphoneos*][arch=arm64]": "-DDEFAULT",
            "WILD[config=*]": "w",
        ])
        let debug = project.targets[0].configurations[0].buildSettings.first { $0.key == "INFOPLIST_FILE" }
        #expect(debug?.keyPath == "targets / App / build-settings / INFOPLIST_FILE[config=Debug]")
        #expect(debug?.line == 27)
    }

    /// The entries folded away for a configuration are kept, keys as written, beside the
    /// pbxproj-equivalent dictionary: a `[config=…]` naming another configuration rules the
    /// entry out but still assigns the setting (project-formats.md §B.3, cli.md `resolve`).
    @Test func xcprojEntriesOfOtherConfigurationsAreKeptWithTheirCondition() throws {
        let project = try loadXCProj()
        let release = project.configurations.first { $0.name == "Release" }!
        #expect(release.settingsOfOtherConfigurations.map(\.key) == [
            "GCC_PREPROCESSOR_DEFINITIONS[config=Debug][sdk=iphoneos*][arch=arm64]",
            "SWIFT_OPTIMIZATION_LEVEL[config=Debug]",
        ])
        #expect(release.settingsOfOtherConfigurations.map(\.value) == ["DEBUG=1", "-Onone"])
        // `config=*` names no configuration: it stays in the folded dictionary, not here.
        let appDebug = project.targets[0].configurations[0]
        #expect(appDebug.settingsOfOtherConfigurations.isEmpty)
        let appRelease = project.targets[0].configurations[1]
        #expect(appRelease.settingsOfOtherConfigurations.map(\.key) == [
            "INFOPLIST_FILE[config=Debug]", "OTHER_SWIFT_FLAGS[sdk=iphoneos*][config=Debug][arch=arm64]",
        ])
        #expect(appRelease.settingsOfOtherConfigurations.first?.keyPath == "targets / App / build-settings / INFOPLIST_FILE[config=Debug]")
        // The Release levels hold them with the folded entries, in key order.
        let levels = try project.levels(target: "App", configuration: "Release")
        #expect(levels.projectSettings.map(\.key) == [
            "GCC_PREPROCESSOR_DEFINITIONS[config=Debug][sdk=iphoneos*][arch=arm64]",
            "GCC_PREPROCESSOR_DEFINITIONS[sdk=iphoneos*][arch=arm64]",
            "SWIFT_OPTIMIZATION_LEVEL",
            "SWIFT_OPTIMIZATION_LEVEL[config=Debug]",
        ])
    }

    /// A setting assigned only for Debug in the project's `build-settings` is listed in Release
    /// with the empty value, and keeps its Debug value in Debug.
    @Test(arguments: [("Debug", "0"), ("Release", "")])
    func xcprojDebugOnlySettingResolvesEmptyInRelease(configuration: String, expected: String) throws {
        let text = Self.xcproj.replacingFirst(#""SWIFT_OPTIMIZATION_LEVEL": "-O","#, with: #""DEBUG_ONLY[config=Debug]": "0", "SWIFT_OPTIMIZATION_LEVEL": "-O","#)
        let files = fileSystem(["/w/App.xcodeproj/project.xcproj": text])
        let project = try XcodeProject.load(path: "/w/App.xcodeproj", fileSystem: files)
        let stack = try project.loadStack(target: "App", configuration: configuration, fileSystem: files)
        #expect(stack.resolver.settingNames(at: .allLevels).contains("DEBUG_ONLY"))
        #expect(stack.resolver.value(of: "DEBUG_ONLY") == expected)
    }

    @Test func xcprojLevels() throws {
        let levels = try loadXCProj().levels(configuration: "Debug")
        #expect(levels.targetName == "App")
        #expect(levels.projectConfigFile == nil)
        #expect(levels.targetConfigFile == "/w/Config/App.xcconfig")
        #expect(levels.projectDynamic.contains(DictionaryEntry(key: "DEVELOPMENT_LANGUAGE", value: "fr")))
        #expect(levels.targetSettings.first { $0.key == "INFOPLIST_FILE" }?.value == "Config/Debug.plist")
    }

    @Test func xcprojRequiredCapabilitiesAreRefused() throws {
        let text = Self.xcproj.replacingFirst("{", with: #"{ "required-capabilities": ["glow in the dark", "time travel"],"#)
        do {
            _ = try loadXCProj(text)
            Issue.record("expected an error")
        } catch {
            #expect(error.message == "The project requires a newer version of Xcode with support for glow in the dark and time travel")
        }
    }

    @Test func xcprojWinsOverPbxprojWithAWarning() throws {
        let project = try XcodeProject.load(path: "/w/App.xcodeproj", fileSystem: fileSystem([
            "/w/App.xcodeproj/project.xcproj": Self.xcproj,
            "/w/App.xcodeproj/project.pbxproj": Self.pbxproj,
        ]))
        #expect(project.format == .xcproj)
        #expect(project.warnings.first?.message.contains("both") == true)
    }

    @Test func xcprojAmbiguousNamesAreNotResolved() throws {
        let text = Self.xcproj.replacingFirst(#"{ "kind": "folder", "path": "xcconfig" },"#,
                                             with: #"{ "kind": "folder", "path": "xcconfig" }, { "kind": "folder", "path": "a/xcconfig" },"#)
        let project = try loadXCProj(text)
        let release = project.targets[0].configurations[1].baseConfiguration
        #expect(release?.path == nil)
        #expect(release?.problem?.contains("ambiguous") == true)
    }

    @Test func splitKeyHandlesConfigConditionsAnywhere() {
        let all = ["Debug", "Release"]
        #expect(splitKey("A", for: "Debug", among: all)! == ("A", false))
        #expect(splitKey("A[config=Debug]", for: "Debug", among: all)! == ("A", true))
        #expect(splitKey("A[sdk=x][config=Debug][arch=y]", for: "Debug", among: all)! == ("A[sdk=x][arch=y]", true))
        #expect(splitKey("A[config=Release]", for: "Debug", among: all) == nil)
        #expect(splitKey("A[config=Deb*]", for: "Debug", among: all)! == ("A[config=Deb*]", false))
    }
}

fileprivate extension String {
    /// `self` with the first occurrence of `target` replaced (tests only; no Foundation).
    func replacingFirst(_ target: String, with replacement: String) -> String {
        guard let range = firstRange(of: target) else { return self }
        return String(self[..<range.lowerBound]) + replacement + String(self[range.upperBound...])
    }
}
