import Testing
@testable import XCConfig

/// `project set-base`, `project clear-overrides`, `project extract` and `local init --project`
/// on copies of the `project.xcproj` examples of `shared/projects/xcproj-examples` and on a
/// hand-written CocoaPods project, in memory: the file is edited in its own format (JSON5,
/// project-formats.md §B), only the edited members change, and it reads back as intended.
@Suite struct XCProjEditingTests {
    static let fixtures = ["ConfigurationOverrides", "Everything", "LocalizedResources", "XcodeGenerated"]

    /// `<Name>.xcodeproj/project.xcproj` of tuist's fixtures, in memory at `/repo`.
    static func load(_ name: String) throws -> InMemoryFileSystem? {
        guard let shared = ProjectCorpusTests.sharedDirectory else { return nil }
        let fileSystem = InMemoryFileSystem(currentDirectory: "/repo")
        let source = Path.join(shared, "projects/xcproj-examples/tuist__XcodeProj/Fixtures/XCProj/\(name).xcodeproj/project.xcproj")
        fileSystem.addFile("/repo/\(name).xcodeproj/project.xcproj", bytes: try ProjectEditingTests.real.read(source))
        fileSystem.addDirectory("/repo/.git")
        return fileSystem
    }

    /// A shared configuration setting what the fixtures' projects and targets set too.
    static let sharedSettings = """
        SWIFT_VERSION = 5.0
        SDKROOT = macosx
        SWIFT_OPTIMIZATION_LEVEL = -Osize
        INFOPLIST_FILE = Shared.plist
        PRODUCT_BUNDLE_IDENTIFIER = com.example.shared
        PRODUCT_NAME = Shared

        """

    static func lines(_ bytes: [UInt8]) -> [String] {
        String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    @Test(.enabled(if: ProjectCorpusTests.sharedDirectory != nil, "shared/projects is absent"), arguments: fixtures)
    func setBaseThenClearOverrides(_ name: String) throws {
        let fileSystem = try #require(try Self.load(name))
        let bundle = "/repo/\(name).xcodeproj"
        let projectFile = bundle + "/project.xcproj"
        let xcconfig = "/repo/Config/Shared-Settings.xcconfig"
        fileSystem.addFile(xcconfig, Self.sharedSettings)
        let original = try fileSystem.read(projectFile)
        let before = try XcodeProject.load(path: bundle, fileSystem: fileSystem)

        // set-base, project level. An injected write failure leaves every file as it was; so
        // does a save meanwhile.
        let setBase = try ProjectEditing.planSetBase(project: bundle, xcconfig: xcconfig, replacingExistingBases: true, fileSystem: fileSystem)
        #expect(setBase.baseChanges.count == before.configurations.count)
        let paths = fileSystem.allPaths
        fileSystem.failWrites(under: projectFile, with: .ioError("disk full"))
        #expect(throws: FileTransactionError.self) { try ProjectEditing.apply(setBase, fileSystem: fileSystem) }
        fileSystem.clearInjectedFailures()
        #expect(try fileSystem.read(projectFile) == original)
        #expect(fileSystem.allPaths == paths)
        fileSystem.addFile(projectFile, bytes: original + [0x0A])
        #expect {
            try ProjectEditing.apply(setBase, fileSystem: fileSystem)
        } throws: { error in
            (error as? FileTransactionError)?.kind == .changedOnDisk
        }
        fileSystem.addFile(projectFile, bytes: original)
        try ProjectEditing.apply(setBase, fileSystem: fileSystem)

        let based = try fileSystem.read(projectFile)
        let edited = try XcodeProject.load(path: bundle, fileSystem: fileSystem)
        #expect(edited.format == .xcproj)
        #expect(edited.configurations.map { $0.baseConfiguration?.path } == before.configurations.map { _ in xcconfig })
        // Untouched: the settings and targets; changed: only the configurations' entries and
        // the files list the reference goes into.
        func settings(_ project: XcodeProject) -> [[String]] {
            (project.configurations + project.targets.flatMap(\.configurations)).map { $0.buildSettings.map { "\($0.key) = \($0.value)" } }
        }
        #expect(settings(edited) == settings(before))
        #expect(edited.targets.map { $0.configurations.map { $0.baseConfiguration?.path } } == before.targets.map { $0.configurations.map { $0.baseConfiguration?.path } })
        let changes = ProjectEditingTests.changedLines(original, based)
        let configurationLines = Set(Self.lines(original).filter { line in
            before.configurations.contains { line.contains("\"\($0.name)\"") } && !line.contains("default-configuration")
        })
        for line in changes.removed {
            #expect(configurationLines.contains(line) || line.contains("\"files\": []") || line.contains("\"configurations\": ["), "\(line)")
        }
        #expect(changes.added.filter { $0.contains("\"file\": \"Config/Shared-Settings.xcconfig\"") }.count >= 1)
        #expect(changes.added.contains { $0.contains("{ \"path\": \"Shared-Settings.xcconfig\" }") })
        #expect(try ProjectEditing.planSetBase(project: bundle, xcconfig: xcconfig, replacingExistingBases: true, fileSystem: fileSystem).isEmpty)

        // set-base on every target: each gets specialized-configurations naming the same reference.
        let targets = before.targets.map(\.name)
        let targetBase = try ProjectEditing.planSetBase(project: bundle, xcconfig: xcconfig, targets: targets, replacingExistingBases: true, fileSystem: fileSystem)
        #expect(targetBase.notes.isEmpty)  // the file reference is there already
        try ProjectEditing.apply(targetBase, fileSystem: fileSystem)
        let targetBased = try XcodeProject.load(path: bundle, fileSystem: fileSystem)
        for target in targetBased.targets {
            #expect(target.configurations.allSatisfy { $0.baseConfiguration?.path == xcconfig }, "\(target.name)")
        }
        #expect(try ProjectEditing.planSetBase(project: bundle, xcconfig: xcconfig, targets: targets, replacingExistingBases: true, fileSystem: fileSystem).isEmpty)

        // clear-overrides: only the removed members' lines go; nothing shadows the xcconfig after.
        let withTargets = try fileSystem.read(projectFile)
        let clear = try ProjectEditing.planClearOverrides(project: bundle, fileSystem: fileSystem)
        let shadowed = targetBased.baseConfigurationShadowings(loader: IncludeLoader(fileSystem: fileSystem))
        #expect(clear.removedSettings.count == shadowed.count)
        try ProjectEditing.apply(clear, fileSystem: fileSystem)
        let cleared = try fileSystem.read(projectFile)
        let clearChanges = ProjectEditingTests.changedLines(withTargets, cleared)
        #expect(clearChanges.added.isEmpty)
        // A `build-settings` left empty goes too, as Xcode leaves out empty values (§B.1).
        let emptied = ["      \"build-settings\": {", "      },"]
        #expect(clearChanges.removed.allSatisfy { line in
            emptied.contains(line) || clear.removedSettings.contains { line.contains("\"\(settingName($0.key))") }
        })
        let after = try XcodeProject.load(path: bundle, fileSystem: fileSystem)
        #expect(after.baseConfigurationShadowings(loader: IncludeLoader(fileSystem: fileSystem)).isEmpty)
        #expect(try ProjectEditing.planClearOverrides(project: bundle, fileSystem: fileSystem).isEmpty)
    }

    func settingName(_ key: String) -> String { parseSettingKey(key)?.name ?? key }

    @Test(.enabled(if: ProjectCorpusTests.sharedDirectory != nil, "shared/projects is absent"), arguments: fixtures)
    func extractVerifiesAndRoundTrips(_ name: String) throws {
        let fileSystem = try #require(try Self.load(name))
        let bundle = "/repo/\(name).xcodeproj"
        let before = try XcodeProject.load(path: bundle, fileSystem: fileSystem)
        let plan = try ProjectEditing.planExtract(project: bundle, output: "Extracted", fileSystem: fileSystem)
        let moved = (before.configurations + before.targets.flatMap(\.configurations)).flatMap(\.buildSettings).count
        #expect(plan.removedSettings.count == moved)
        try ProjectEditing.apply(plan, fileSystem: fileSystem)
        let after = try XcodeProject.load(path: bundle, fileSystem: fileSystem)
        for configuration in after.configurations + after.targets.flatMap(\.configurations) {
            #expect(configuration.buildSettings.isEmpty)
            #expect(configuration.settingsOfOtherConfigurations.isEmpty)
            #expect(configuration.baseConfiguration?.path?.hasPrefix("/repo/Extracted/") == true || configuration.baseConfiguration == nil)
        }
        for configuration in after.configurations where !before.configurations.allSatisfy({ $0.buildSettings.isEmpty }) {
            #expect(configuration.baseConfiguration?.path == "/repo/Extracted/Project-\(configuration.name).xcconfig")
        }
        #expect(try ProjectEditing.planExtract(project: bundle, output: "Extracted", fileSystem: fileSystem).isEmpty)
    }

    /// tuist's `ConfigurationOverrides`: `SWIFT_OPTIMIZATION_LEVEL` is `-O` for every configuration
    /// and `-Onone` for Debug (project-formats.md §B.3). Clearing it for Release alone keeps
    /// Debug's own entry and Profile's value, now as its own entry.
    @Test(.enabled(if: ProjectCorpusTests.sharedDirectory != nil, "shared/projects is absent"))
    func clearingOneConfigurationKeepsTheOthersValues() throws {
        let fileSystem = try #require(try Self.load("ConfigurationOverrides"))
        let bundle = "/repo/ConfigurationOverrides.xcodeproj"
        fileSystem.addFile("/repo/Config/Shared-Settings.xcconfig", Self.sharedSettings)
        try ProjectEditing.apply(try ProjectEditing.planSetBase(project: bundle, xcconfig: "Config/Shared-Settings.xcconfig", fileSystem: fileSystem), fileSystem: fileSystem)
        let before = try fileSystem.read(bundle + "/project.xcproj")
        let plan = try ProjectEditing.planClearOverrides(
            project: bundle, configurations: ["Release"], names: ["SWIFT_OPTIMIZATION_LEVEL"], fileSystem: fileSystem)
        #expect(plan.removedSettings.map { "\($0.configurationName) \($0.key) \($0.value)" } == ["Release SWIFT_OPTIMIZATION_LEVEL -O"])
        try ProjectEditing.apply(plan, fileSystem: fileSystem)
        let changes = ProjectEditingTests.changedLines(before, try fileSystem.read(bundle + "/project.xcproj"))
        #expect(changes.removed == ["    \"SWIFT_OPTIMIZATION_LEVEL\": \"-O\","])
        #expect(changes.added == ["    \"SWIFT_OPTIMIZATION_LEVEL[config=Profile]\": \"-O\","])
        let project = try XcodeProject.load(path: bundle, fileSystem: fileSystem)
        #expect(project.configuration(named: "Debug")?.setting("SWIFT_OPTIMIZATION_LEVEL")?.value == "-Onone")
        #expect(project.configuration(named: "Profile")?.setting("SWIFT_OPTIMIZATION_LEVEL")?.value == "-O")
        #expect(project.configuration(named: "Release")?.setting("SWIFT_OPTIMIZATION_LEVEL") == nil)

        // Then Debug: its own entry goes; Profile keeps its value.
        try ProjectEditing.apply(try ProjectEditing.planClearOverrides(
            project: bundle, configurations: ["Debug"], names: ["SWIFT_OPTIMIZATION_LEVEL"], fileSystem: fileSystem), fileSystem: fileSystem)
        let again = try XcodeProject.load(path: bundle, fileSystem: fileSystem)
        #expect(again.configuration(named: "Debug")?.setting("SWIFT_OPTIMIZATION_LEVEL") == nil)
        #expect(again.configuration(named: "Profile")?.setting("SWIFT_OPTIMIZATION_LEVEL")?.value == "-O")
    }

    @Test(.enabled(if: ProjectCorpusTests.sharedDirectory != nil, "shared/projects is absent"))
    func localInitWithAnXCProjKeepsEveryValueAndWritesEveryFileOrNone() throws {
        let fileSystem = try #require(try Self.load("XcodeGenerated"))
        let bundle = "/repo/XcodeGenerated.xcodeproj"
        let projectFile = bundle + "/project.xcproj"
        let original = try fileSystem.read(projectFile)
        let setup = LocalConfigurationSetup(fileSystem: fileSystem, git: ProjectEditingTests.git(fileSystem))
        let plan = try setup.planProjectInit(project: bundle, sharedPath: nil, values: [], editGitIgnore: true)
        #expect(plan.moved.map(\.key) == ["CODE_SIGN_STYLE", "PRODUCT_BUNDLE_IDENTIFIER", "CODE_SIGN_STYLE", "PRODUCT_BUNDLE_IDENTIFIER"])
        #expect(plan.project.settingChanges.allSatisfy { $0.before == $0.after })
        let paths = fileSystem.allPaths
        fileSystem.failWrites(under: projectFile, with: .ioError("disk full"))
        #expect(throws: FileTransactionError.self) { try ProjectEditing.apply(plan.project, fileSystem: fileSystem) }
        #expect(fileSystem.allPaths == paths)
        #expect(try fileSystem.read(projectFile) == original)
        fileSystem.clearInjectedFailures()
        try ProjectEditing.apply(plan.project, fileSystem: fileSystem)

        let project = try XcodeProject.load(path: bundle, fileSystem: fileSystem)
        let target = try #require(project.targets.first)
        #expect(target.configurations.allSatisfy { $0.baseConfiguration?.path == "/repo/Config/CustomConfig.xcconfig" })
        #expect(target.configurations.allSatisfy { $0.setting("PRODUCT_BUNDLE_IDENTIFIER") == nil })
        let resolver = try project.loadStack(target: target.name, configuration: "Debug", fileSystem: fileSystem).resolver
        // The fixture's values, now from the shared configuration.
        #expect(resolver.value(of: "PRODUCT_BUNDLE_IDENTIFIER") == "com.example.sample-app")
        #expect(resolver.value(of: "CODE_SIGN_STYLE") == "Automatic")
        #expect(fileSystem.contentsOfFile("/repo/.gitignore") == "Config/LocalConfig.xcconfig\n")
    }

    /// An xcconfig inside a synchronized folder is in the project already: the base names it by
    /// the folder and its path there, `{ "anchor", "relative-path" }` (project-formats.md §B.4).
    @Test(.enabled(if: ProjectCorpusTests.sharedDirectory != nil, "shared/projects is absent"))
    func anXCConfigInASynchronizedFolderIsNamedByTheFolder() throws {
        let fileSystem = try #require(try Self.load("XcodeGenerated"))
        fileSystem.addFile("/repo/SampleApp/Config/App.xcconfig", "SWIFT_VERSION = 5.0\n")
        let plan = try ProjectEditing.planSetBase(
            project: "XcodeGenerated.xcodeproj", xcconfig: "SampleApp/Config/App.xcconfig", targets: ["SampleApp"], fileSystem: fileSystem)
        #expect(plan.notes.isEmpty)
        try ProjectEditing.apply(plan, fileSystem: fileSystem)
        let text = try #require(fileSystem.contentsOfFile("/repo/XcodeGenerated.xcodeproj/project.xcproj"))
        #expect(text.contains("""
                  "specialized-configurations": [
                    { "name": "Debug", "file": { "anchor": "SampleApp", "relative-path": "Config/App.xcconfig" } },
                    { "name": "Release", "file": { "anchor": "SampleApp", "relative-path": "Config/App.xcconfig" } },
                  ],

            """))
        let project = try XcodeProject.load(path: "/repo/XcodeGenerated.xcodeproj", fileSystem: fileSystem)
        #expect(project.targets[0].configurations.map { $0.baseConfiguration?.path } == ["/repo/SampleApp/Config/App.xcconfig", "/repo/SampleApp/Config/App.xcconfig"])
    }

    /// tuist's `Everything`: the `App` group holds `Release.xcconfig`. A new xcconfig below its
    /// folder goes into it (issue 23: "the group already holding xcconfig files"), named
    /// through it.
    @Test(.enabled(if: ProjectCorpusTests.sharedDirectory != nil, "shared/projects is absent"))
    func theGroupHoldingXCConfigsTakesANewOne() throws {
        let fileSystem = try #require(try Self.load("Everything"))
        fileSystem.addFile("/repo/App/Shared/Team.xcconfig", "TEAM_FLAG = YES\n")
        let plan = try ProjectEditing.planSetBase(project: "Everything.xcodeproj", xcconfig: "App/Shared/Team.xcconfig", configurations: ["Debug"], fileSystem: fileSystem)
        #expect(plan.notes == ["Add a file reference to App/Shared/Team.xcconfig in the group App"])
        let original = try fileSystem.read("/repo/Everything.xcodeproj/project.xcproj")
        try ProjectEditing.apply(plan, fileSystem: fileSystem)
        let changes = ProjectEditingTests.changedLines(original, try fileSystem.read("/repo/Everything.xcodeproj/project.xcproj"))
        #expect(changes.removed == ["    \"Debug\","])
        #expect(changes.added == [
            "    { \"name\": \"Debug\", \"file\": \"App/Team.xcconfig\" },",
            "        { \"path\": \"Shared/Team.xcconfig\" },",
        ])
        let project = try XcodeProject.load(path: "/repo/Everything.xcodeproj", fileSystem: fileSystem)
        #expect(project.configuration(named: "Debug")?.baseConfiguration?.path == "/repo/App/Shared/Team.xcconfig")
        #expect(project.configuration(named: "Release")?.baseConfiguration?.path == "/repo/App/Release.xcconfig")
    }

    /// Apple's examples have no configurations: nothing to base, nothing to move.
    @Test(.enabled(if: ProjectCorpusTests.sharedDirectory != nil, "shared/projects is absent"))
    func aProjectWithoutConfigurationsHasNothingToEdit() throws {
        let shared = try #require(ProjectCorpusTests.sharedDirectory)
        for file in ["input.project.xcproj", "expected.project.xcproj"] {
            let fileSystem = InMemoryFileSystem(currentDirectory: "/repo")
            let source = Path.join(shared, "projects/xcproj-examples/apple__xcode-project-format/Sources/ToolTests/Fixtures/" + file)
            fileSystem.addFile("/repo/App.xcodeproj/project.xcproj", bytes: try ProjectEditingTests.real.read(source))
            fileSystem.addFile("/repo/Shared.xcconfig", "A = 1\n")
            #expect(try ProjectEditing.planSetBase(project: "App.xcodeproj", xcconfig: "Shared.xcconfig", targets: ["App"], fileSystem: fileSystem).isEmpty)
            #expect(try ProjectEditing.planExtract(project: "App.xcodeproj", output: "Extracted", fileSystem: fileSystem).isEmpty)
            #expect(try ProjectEditing.planClearOverrides(project: "App.xcodeproj", fileSystem: fileSystem).isEmpty)
        }
    }

    // MARK: - CocoaPods

    /// A target based on CocoaPods' configurations, as `pod install` leaves it.
    static let podsProject = """
        {
          "default-configuration": "Release",
          "configurations": [
            "Debug",
            "Release",
          ],
          "localizations": {
            "development": "en",
          },
          "files": [
            {
              "kind": "group",
              "path": "App",
              "children": [
                { "path": "AppDelegate.swift" },
              ],
            }, {
              "kind": "group",
              "name": "Pods",
              "path": "Pods",
              "children": [
                { "path": "Target Support Files/Pods-App/Pods-App.debug.xcconfig" },
                { "path": "Target Support Files/Pods-App/Pods-App.release.xcconfig" },
              ],
            },
          ],
          "targets": [
            {
              "name": "App",
              "id": "APPTARGET000000000000001",
              "product-type": "application",
              "specialized-configurations": [
                { "name": "Debug", "file": "Pods/Pods-App.debug.xcconfig" },
                { "name": "Release", "file": "Pods/Pods-App.release.xcconfig" },
              ],
              "build-settings": {
                "PRODUCT_BUNDLE_IDENTIFIER": "com.example.app",
              },
            },
          ],
        }

        """

    @Test func setBaseOnACocoaPodsXCProjWritesTheWrapper() throws {
        let fileSystem = InMemoryFileSystem(currentDirectory: "/repo")
        let projectFile = "/repo/App.xcodeproj/project.xcproj"
        fileSystem.addFile(projectFile, Self.podsProject)
        for configuration in ["debug", "release"] {
            fileSystem.addFile("/repo/Pods/Target Support Files/Pods-App/Pods-App.\(configuration).xcconfig", "PODS_ROOT = ${SRCROOT}/Pods\n")
        }
        fileSystem.addFile("/repo/Config/CustomConfig.xcconfig", "SHARED_FLAG = YES\n")
        let plan = try ProjectEditing.planSetBase(project: "App.xcodeproj", xcconfig: "Config/CustomConfig.xcconfig", targets: ["App"], fileSystem: fileSystem)
        #expect(plan.baseChanges.map(\.wrapsCocoaPods) == [true, true])
        #expect(plan.baseChanges.map(\.base) == ["/repo/Config/Debug.xcconfig", "/repo/Config/Release.xcconfig"])
        try ProjectEditing.apply(plan, fileSystem: fileSystem)
        #expect(fileSystem.contentsOfFile("/repo/Config/Debug.xcconfig") == """
            // Debug.xcconfig: CocoaPods' configuration, then the project's shared one.
            // Written by xcconfig; keeps CocoaPods working after `pod install`.
            #include "../Pods/Target Support Files/Pods-App/Pods-App.debug.xcconfig"
            #include "CustomConfig.xcconfig"

            """)
        let edited = try fileSystem.read(projectFile)
        let changes = ProjectEditingTests.changedLines(Array(Self.podsProject.utf8), edited)
        #expect(changes.removed == [
            "        { \"name\": \"Debug\", \"file\": \"Pods/Pods-App.debug.xcconfig\" },",
            "        { \"name\": \"Release\", \"file\": \"Pods/Pods-App.release.xcconfig\" },",
        ])
        #expect(changes.added == [
            "    }, {",
            "      \"kind\": \"group\",",
            "      \"path\": \"Config\",",
            "      \"children\": [",
            "        { \"path\": \"Debug.xcconfig\" },",
            "        { \"path\": \"Release.xcconfig\" },",
            "      ],",
            "        { \"name\": \"Debug\", \"file\": \"Config/Debug.xcconfig\" },",
            "        { \"name\": \"Release\", \"file\": \"Config/Release.xcconfig\" },",
        ])
        let project = try XcodeProject.load(path: "/repo/App.xcodeproj", fileSystem: fileSystem)
        let resolver = try project.loadStack(target: "App", configuration: "Debug", fileSystem: fileSystem).resolver
        #expect(resolver.value(of: "SHARED_FLAG") == "YES")
        #expect(resolver.isAssigned("PODS_ROOT"))
        #expect(try ProjectEditing.planSetBase(project: "App.xcodeproj", xcconfig: "Config/CustomConfig.xcconfig", targets: ["App"], fileSystem: fileSystem).isEmpty)
    }
}
