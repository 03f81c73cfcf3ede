import Foundation
import Testing
import XCConfig
@testable import XCConfigCLI

/// `xcconfig project list` and `resolve`/`explain` with `--project`, on real projects of
/// `shared/projects` with their xcconfigs from `shared/corpus`, copied into an in-memory
/// `/repo`. Skipped when the shared directory is not there.
@Suite struct ProjectCommandTests {
    static let real = RealFileSystem()

    static let sharedDirectory: String? = {
        let packageRoot = Path.normalize(Path.join(Path.directory(of: #filePath), "../.."))
        let candidate = Path.join(Path.directory(of: packageRoot), "shared")
        return real.kind(of: Path.join(candidate, "projects/SOURCES.md")) == .file ? candidate : nil
    }()

    /// `/repo` (the current directory) holding `shared/projects/<name>` and `shared/corpus/<name>`.
    static func repository(_ name: String) throws -> InMemoryFileSystem? {
        guard let shared = sharedDirectory else { return nil }
        let fileSystem = InMemoryFileSystem(currentDirectory: "/repo")
        func copy(_ directory: String, to destination: String) throws {
            for entry in try real.contents(ofDirectory: directory) {
                let source = Path.join(directory, entry)
                switch real.kind(of: source) {
                case .directory: try copy(source, to: Path.join(destination, entry))
                case .file: fileSystem.addFile(Path.join(destination, entry), bytes: try real.read(source))
                default: break
                }
            }
        }
        for part in ["corpus", "projects"] {
            let directory = Path.join(Path.join(shared, part), name)
            if real.kind(of: directory) == .directory { try copy(directory, to: "/repo") }
        }
        return fileSystem
    }

    // MARK: project list

    @Test(.enabled(if: ProjectCommandTests.sharedDirectory != nil, "shared/projects is absent"))
    func listPrintsTargetsConfigurationsAndBaseXCConfigs() throws {
        let fileSystem = try #require(try Self.repository("SDWebImage__SDWebImage"))
        let result = runCLI(["project", "list", "SDWebImage.xcodeproj"], fileSystem: fileSystem)
        #expect(result.status == .success)
        #expect(result.stderr == "")
        // What the listing must say, read from the project file's text itself.
        let text = String(decoding: try fileSystem.read("/repo/SDWebImage.xcodeproj/project.pbxproj"), as: UTF8.self)
        let project = try #require(Self.objectBlock(text, isa: "PBXProject"))
        var expected = ["Information about project \"SDWebImage\":", "    File: SDWebImage.xcodeproj/project.pbxproj (pbxproj)",
                        "    Project directory (SRCROOT): .", "", "    Targets:"]
        let targets = Self.commentedList(project, "targets")
        for (id, name) in targets {
            let block = try #require(Self.block(text, id: id))
            let type = block.firstMatch(of: /productType = "com\.apple\.product-type\.([^"]+)"/).map { String($0.1) }
                ?? (block.contains("isa = PBXAggregateTarget;") ? "aggregate" : "?")
            expected.append("        \(name) (\(type))")
            let listIdentifier = try #require(Self.listIdentifier(block))
            let list = try #require(Self.block(text, id: listIdentifier))
            expected += Self.commentedList(list, "buildConfigurations").map { "            \($0.name)" }
        }
        expected += ["", "    Build Configurations:"]
        let projectListIdentifier = try #require(Self.listIdentifier(project))
        let projectList = try #require(Self.block(text, id: projectListIdentifier))
        for (id, name) in Self.commentedList(projectList, "buildConfigurations") {
            let configuration = try #require(Self.block(text, id: id))
            let base = try #require(configuration.firstMatch(of: /baseConfigurationReference = \w+ \/\* (.+) \*\//)).1
            // The file the reference names is in the repository, in the group the listing prints.
            let line = try #require(result.stdout.split(separator: "\n").first { $0.hasPrefix("        \(name): ") })
            let path = String(line.dropFirst("        \(name): ".count))
            #expect(path.hasSuffix("/" + base) && fileSystem.kind(of: "/repo/" + path) == .file, "\(path)")
            expected.append("        \(name): \(path)")
        }
        let defaultName = try #require(projectList.firstMatch(of: /defaultConfigurationName = (\w+);/)).1
        expected += ["", "    If no build configuration is specified, \"\(defaultName)\" is used.", "", "    Schemes:"]
        // No scheme files: Xcode autocreates one per target.
        #expect(fileSystem.kind(of: "/repo/SDWebImage.xcodeproj/xcshareddata") == nil)
        expected += targets.map { "        \($0.name) (builds \($0.name); autocreated)" }
        #expect(result.stdout == expected.joined(separator: "\n") + "\n")
    }

    /// The object `ID /* … */ = { … };` of an old-style project file's text, as written.
    static func block(_ text: String, id: String) -> Substring? {
        guard let start = text.range(of: "\t\t\(id) /*") ?? text.range(of: "\t\t\(id) = {") else { return nil }
        let rest = text[start.lowerBound...]
        guard let end = rest.range(of: "\n\t\t};") else { return nil }
        return rest[..<end.upperBound]
    }

    /// The first object of class `isa`.
    static func objectBlock(_ text: String, isa: String) -> Substring? {
        guard let isaRange = text.range(of: "isa = \(isa);") else { return nil }
        guard let start = text[..<isaRange.lowerBound].range(of: "\n\t\t", options: .backwards) else { return nil }
        let rest = text[start.upperBound...]
        guard let end = rest.range(of: "\n\t\t};") else { return nil }
        return rest[..<end.upperBound]
    }

    /// `key = ( ID /* name */, … );` as identifiers and names, in order.
    static func commentedList(_ block: Substring, _ key: String) -> [(id: String, name: String)] {
        guard let start = block.range(of: "\(key) = ("), let end = block[start.upperBound...].range(of: ");") else { return [] }
        return block[start.upperBound..<end.lowerBound].matches(of: /(\w+) \/\* (.+?) \*\//).map { (String($0.1), String($0.2)) }
    }

    static func listIdentifier(_ block: Substring) -> String? {
        block.firstMatch(of: /buildConfigurationList = (\w+)/).map { String($0.1) }
    }

    @Test(.enabled(if: ProjectCommandTests.sharedDirectory != nil, "shared/projects is absent"))
    func listMarksMissingBaseXCConfigs() throws {
        let fileSystem = try #require(try Self.repository("SDWebImage__SDWebImage"))
        let result = runCLI(["project", "list", "Examples/SDWebImage Demo.xcodeproj"], fileSystem: fileSystem)
        #expect(result.status == .success)
        #expect(result.stdout.contains("""
                    SDWebImage iOS Demo (application)
                        Debug: Pods/Target Support Files/Pods-SDWebImage iOS Demo/Pods-SDWebImage iOS Demo.debug.xcconfig (missing)
            """))
        #expect(result.stdout.contains("        Debug: Configs/App-Debug.xcconfig\n"))
        #expect(result.stdout.contains("    SDWebImage Watch Demo (application.watchapp2)\n            Debug\n            Release\n"))
    }

    @Test(.enabled(if: ProjectCommandTests.sharedDirectory != nil, "shared/projects is absent"))
    func listAsJSON() throws {
        let fileSystem = try #require(try Self.repository("Ranchero-Software__NetNewsWire"))
        let result = runCLI(["project", "list", "NetNewsWire.xcodeproj", "--format", "json"], fileSystem: fileSystem)
        #expect(result.status == .success)
        let json = try JSONValue.parse(result.stdout)
        #expect(json["name"] == "NetNewsWire")
        #expect(json["format"] == "pbxproj")
        #expect(json["defaultConfiguration"] == "Release")
        guard case .array(let targets)? = json["targets"], case .array(let configurations)? = json["configurations"] else {
            Issue.record("targets and configurations are arrays")
            return
        }
        #expect(targets.count == 8)
        #expect(targets.first?["name"] == "NetNewsWire")
        #expect(targets.first?["productType"] == "com.apple.product-type.application")
        #expect(configurations.map { $0["name"] } == ["Debug", "Release"])
        let debug = targets.first?["configurations"].flatMap { value -> JSONValue? in
            if case .array(let list) = value { return list.first }
            return nil
        }
        #expect(debug?["name"] == "Debug")
        #expect(debug?["baseConfiguration"]?["path"] == "xcconfig/NetNewsWire_macapp_target.xcconfig")
        #expect(debug?["baseConfiguration"]?["exists"] == .bool(true))
        #expect(debug?["baseConfiguration"]?["keyPath"] == "NetNewsWire / Debug / baseConfigurationReferenceAnchor")
    }

    @Test func listWithoutAPathUsesTheOnlyProjectHere() {
        let fileSystem = InMemoryFileSystem(currentDirectory: "/w", files: ["/w/App.xcodeproj/project.pbxproj": Self.minimalProject])
        let result = runCLI(["project", "list"], fileSystem: fileSystem)
        #expect(result.status == .success)
        #expect(result.stdout.hasPrefix("Information about project \"App\":\n"))
        #expect(result.stdout.contains("        App (application)\n            Debug: Config/App.xcconfig (missing)\n"))
    }

    @Test func listWithoutAPathNeedsExactlyOneProject() {
        let none = runCLI(["project", "list"], fileSystem: InMemoryFileSystem(currentDirectory: "/w", files: ["/w/a.txt": ""]))
        #expect(none.status == .usageError)
        #expect(none.stderr == "error: '/w' does not contain an Xcode project; name one\n")
    }

    /// A folder holding one project lists it, as `xcodebuild -list` run in that folder does.
    @Test func listOfAFolderWithOneProjectListsIt() {
        let fileSystem = InMemoryFileSystem(currentDirectory: "/w", files: ["/w/Sub/App.xcodeproj/project.pbxproj": Self.minimalProject])
        let result = runCLI(["project", "list", "Sub"], fileSystem: fileSystem)
        #expect(result.status == .success, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("Information about project \"App\":\n    File: Sub/App.xcodeproj/project.pbxproj"))
    }

    @Test func listOfAFolderWithSeveralProjectsNamesThem() {
        let fileSystem = InMemoryFileSystem(currentDirectory: "/w", files: [
            "/w/Sub/App.xcodeproj/project.pbxproj": Self.minimalProject, "/w/Sub/Kit.xcodeproj/project.pbxproj": Self.minimalProject,
        ])
        let result = runCLI(["project", "list", "Sub"], fileSystem: fileSystem)
        #expect(result.status == .usageError)
        #expect(result.stderr.contains("App.xcodeproj") && result.stderr.contains("Kit.xcodeproj"), "\(result.stderr)")
    }

    /// The other commands take the project itself, and say which one the folder holds.
    @Test func aFolderGivenAsTheProjectElsewhereSuggestsTheProjectInIt() {
        let fileSystem = InMemoryFileSystem(currentDirectory: "/w", files: ["/w/Sub/App.xcodeproj/project.pbxproj": Self.minimalProject])
        for arguments in [["resolve", "--project", "Sub"], ["project", "clear-overrides", "Sub"]] {
            let result = runCLI(arguments, fileSystem: fileSystem)
            #expect(result.status != .success)
            #expect(result.stderr.hasSuffix("did you mean 'Sub/App.xcodeproj'?\n"), "\(arguments): \(result.stderr)")
        }
    }

    @Test func listOfAnUnreadableProjectIsStatusTwo() {
        let result = runCLI(["project", "list", "Nope.xcodeproj"], fileSystem: InMemoryFileSystem(currentDirectory: "/w"))
        #expect(result.status == .usageError)
        #expect(result.stderr.contains("no Xcode project at"))
    }

    @Test func projectHelpDescribesListAndItsFlags() {
        let group = runCLI(["project", "--help"])
        #expect(group.status == .success)
        #expect(group.stdout.contains("list"))
        let help = runCLI(["project", "list", "--help"])
        #expect(help.status == .success)
        #expect(help.stdout.contains("--format <format>"))
        #expect(help.stdout.contains("xcconfig project list App.xcodeproj"))
        #expect(help.stdout.contains("<path>"))
    }

    static let minimalProject = """
        // !$*UTF8*$!
        {
        \tobjects = {
        \t\tROOT = { isa = PBXProject; buildConfigurationList = PLIST; mainGroup = MAIN; targets = ( APP, ); };
        \t\tMAIN = { isa = PBXGroup; children = ( CFG, ); sourceTree = "<group>"; };
        \t\tCFG = { isa = PBXFileReference; path = Config/App.xcconfig; sourceTree = "<group>"; };
        \t\tPLIST = { isa = XCConfigurationList; buildConfigurations = ( PDEBUG, ); defaultConfigurationName = Debug; };
        \t\tPDEBUG = { isa = XCBuildConfiguration; buildSettings = { SWIFT_VERSION = 5.0; }; name = Debug; };
        \t\tAPP = { isa = PBXNativeTarget; buildConfigurationList = TLIST; name = App; productType = "com.apple.product-type.application"; };
        \t\tTLIST = { isa = XCConfigurationList; buildConfigurations = ( TDEBUG, ); };
        \t\tTDEBUG = {
        \t\t\tisa = XCBuildConfiguration;
        \t\t\tbaseConfigurationReference = CFG;
        \t\t\tbuildSettings = {
        \t\t\t\tPRODUCT_NAME = "$(TARGET_NAME)";
        \t\t\t};
        \t\t\tname = Debug;
        \t\t};
        \t};
        \trootObject = ROOT;
        }
        """

    // MARK: resolve / explain --project

    /// The missing CocoaPods xcconfig is reported at the line of its reference in the
    /// project file, the rest still resolves, and the status is 1.
    @Test(.enabled(if: ProjectCommandTests.sharedDirectory != nil, "shared/projects is absent"))
    func resolveWithAMissingBaseXCConfig() throws {
        let fileSystem = try #require(try Self.repository("SDWebImage__SDWebImage"))
        let project = "Examples/SDWebImage Demo.xcodeproj"
        let result = runCLI(["resolve", "--project", project, "--target", "SDWebImage iOS Demo", "-c", "Debug"], fileSystem: fileSystem)
        #expect(result.status == .failure)
        #expect(result.stderr == """
            Examples/SDWebImage Demo.xcodeproj/project.pbxproj:1340:1: error: Unable to open base configuration reference file '/repo/Pods/Target Support Files/Pods-SDWebImage iOS Demo/Pods-SDWebImage iOS Demo.debug.xcconfig'.
            Examples/SDWebImage Demo.xcodeproj/project.pbxproj:1340:1: note: referenced by SDWebImage iOS Demo / Debug / baseConfigurationReference

            """)
        #expect(result.stdout.contains("\nPRODUCT_BUNDLE_IDENTIFIER = com.dailymotion.SDWebImage-iOS-Demo\n"))
        #expect(result.stdout.contains("\nINFOPLIST_FILE = SDWebImage Demo/Info.plist\n"))
    }

    @Test(.enabled(if: ProjectCommandTests.sharedDirectory != nil, "shared/projects is absent"))
    func provenanceOfADictionaryEntryNamesTheProjectFileLineAndKeyPath() throws {
        let fileSystem = try #require(try Self.repository("SDWebImage__SDWebImage"))
        let result = runCLI(
            ["resolve", "--project", "SDWebImage.xcodeproj", "--target", "SDWebImage static", "-c", "Debug", "--provenance", "--format", "json"],
            fileSystem: fileSystem)
        #expect(result.status == .success)
        let json = try JSONValue.parse(result.stdout)
        let productName = json["PRODUCT_NAME"]
        #expect(productName?["value"] == "SDWebImage")
        #expect(productName?["level"] == "target")
        #expect(productName?["file"] == "SDWebImage.xcodeproj/project.pbxproj")
        #expect(productName?["line"] == .integer(1392))
        #expect(productName?["keyPath"] == "SDWebImage static / Debug / buildSettings / PRODUCT_NAME")
        #expect(json["PRODUCT_BUNDLE_IDENTIFIER"]?["file"] == "Configs/Module-Shared.xcconfig")
    }

    @Test(.enabled(if: ProjectCommandTests.sharedDirectory != nil, "shared/projects is absent"))
    func levelsShowTheProjectFileAsTheLocationOfTheProjectLevels() throws {
        let fileSystem = try #require(try Self.repository("swiftlang__swift-llbuild"))
        let result = runCLI(["resolve", "--project", "llbuild.xcodeproj", "-c", "Debug", "--levels"], fileSystem: fileSystem)
        #expect(result.status == .success)
        #expect(result.stdout.contains("""
            ONLY_ACTIVE_ARCH = YES
              * project              YES    // llbuild.xcodeproj/project.pbxproj:12214:1 (llbuild.xcodeproj / Debug / buildSettings / ONLY_ACTIVE_ARCH)
                project-xcconfig     YES    // Xcode/Configs/Debug.xcconfig:17:1

            """))
    }

    @Test(.enabled(if: ProjectCommandTests.sharedDirectory != nil, "shared/projects is absent"))
    func dynamicSettingsAreListedOnlyWithAll() throws {
        let fileSystem = try #require(try Self.repository("SDWebImage__SDWebImage"))
        let arguments = ["resolve", "--project", "SDWebImage.xcodeproj", "--target", "SDWebImage", "-c", "Debug"]
        let plain = runCLI(arguments, fileSystem: fileSystem)
        #expect(!plain.stdout.contains("SRCROOT = "))
        #expect(!plain.stdout.contains("TARGET_NAME = "))
        #expect(plain.stdout.contains("PRODUCT_NAME = SDWebImage\n"))
        let all = runCLI(arguments + ["--all", "--provenance"], fileSystem: fileSystem)
        for line in [
            "PROJECT_NAME = SDWebImage    // project (dynamic setting)",
            "SRCROOT = /repo    // project (dynamic setting)",
            "PROJECT_DIR = /repo    // project (dynamic setting)",
            "PROJECT_FILE_PATH = /repo/SDWebImage.xcodeproj    // project (dynamic setting)",
            "CONFIGURATION = Debug    // project (dynamic setting)",
            "TARGET_NAME = SDWebImage    // target (dynamic setting)",
            "PRODUCT_TYPE = com.apple.product-type.framework    // target (dynamic setting)",
        ] {
            #expect(all.stdout.contains("\n" + line + "\n"), "\(line)")
        }
        let print = runCLI(arguments + ["--print", "SRCROOT", "--print", "TARGETNAME"], fileSystem: fileSystem)
        #expect(print.stdout == "/repo\nSDWebImage\n")
    }

    @Test(.enabled(if: ProjectCommandTests.sharedDirectory != nil, "shared/projects is absent"))
    func explainShowsTheProjectFileLocation() throws {
        let fileSystem = try #require(try Self.repository("SDWebImage__SDWebImage"))
        let result = runCLI(
            ["explain", "PRODUCT_NAME", "--project", "SDWebImage.xcodeproj", "--target", "SDWebImage static", "-c", "Debug"],
            fileSystem: fileSystem)
        #expect(result.status == .success)
        #expect(result.stdout.hasPrefix("""
            PRODUCT_NAME = SDWebImage

            Assignments, highest precedence first:
            * target  SDWebImage.xcodeproj/project.pbxproj:1392:1 (SDWebImage static / Debug / buildSettings / PRODUCT_NAME)
                  raw:   SDWebImage
                  value: SDWebImage
              project-xcconfig  Configs/Module-Shared.xcconfig:192:1
                  raw:   $(TARGET_NAME)
                  value: SDWebImage static  (shadowed)
                  TARGET_NAME = SDWebImage static    <- target (dynamic setting)

            """))
    }

    /// Includes of a base xcconfig are searched in the project directory last, as Xcode does.
    @Test func includesFallBackToTheProjectDirectory() {
        let fileSystem = InMemoryFileSystem(currentDirectory: "/w", files: [
            "/w/App.xcodeproj/project.pbxproj": Self.minimalProject,
            "/w/Config/App.xcconfig": "#include \"Shared/Base.xcconfig\"\n",
            "/w/Shared/Base.xcconfig": "SWIFT_VERSION = 6.0\nPRODUCT_NAME = Base\n",
        ])
        let result = runCLI(["resolve", "--project", "App.xcodeproj", "--print", "SWIFT_VERSION", "--print", "PRODUCT_NAME"], fileSystem: fileSystem)
        #expect(result.stderr == "")
        #expect(result.stdout == "6.0\nApp\n")
    }

    @Test(.enabled(if: ProjectCommandTests.sharedDirectory != nil, "shared/projects is absent"))
    func xcprojProject() throws {
        let fileSystem = try #require(try Self.repository("xcproj-examples/tuist__XcodeProj"))
        let result = runCLI(
            ["resolve", "--project", "Fixtures/XCProj/ConfigurationOverrides.xcodeproj", "-c", "Debug", "--print", "INFOPLIST_FILE", "--print", "SWIFT_OPTIMIZATION_LEVEL"],
            fileSystem: fileSystem)
        #expect(result.status == .success)
        #expect(result.stdout == "Config/Debug.plist\n-Onone\n")
        let list = runCLI(["project", "list", "Fixtures/XCProj/Everything.xcodeproj"], fileSystem: fileSystem)
        #expect(list.stdout.contains("File: Fixtures/XCProj/Everything.xcodeproj/project.xcproj (xcproj)\n"))
        #expect(list.stdout.contains("        Release: Fixtures/XCProj/App/Release.xcconfig (missing)\n"))
    }

    /// Issue 20: `XcodeGenerated.xcodeproj`'s project `build-settings` assign
    /// `GCC_OPTIMIZATION_LEVEL` and `SWIFT_OPTIMIZATION_LEVEL` only under `[config=Debug]`. In
    /// Release they are still listed, empty (cli.md `resolve`: "conditional-only ones too; they
    /// resolve to the empty string when no assignment matches"), so `--print` finds them
    /// (a name assigned at no level would be an error, status 1).
    @Test(.enabled(if: ProjectCommandTests.sharedDirectory != nil, "shared/projects is absent"))
    func xcprojConditionalOnlySettingsAreListedEmpty() throws {
        let fileSystem = try #require(try Self.repository("xcproj-examples/tuist__XcodeProj"))
        let project = "Fixtures/XCProj/XcodeGenerated.xcodeproj"
        let printed = runCLI(
            ["resolve", "--project", project, "--target", "SampleApp", "-c", "Release",
             "--print", "GCC_OPTIMIZATION_LEVEL", "--print", "SWIFT_OPTIMIZATION_LEVEL", "--print", "SDKROOT",
             "--developer-dir", "/Applications/Xcode.app/Contents/Developer"],
            fileSystem: fileSystem)
        #expect(printed.status == .success)
        // SDKROOT = iphoneos prints as the SDK's path, as xcodebuild prints it (issue 22).
        #expect(printed.stdout == "\n\n/Applications/Xcode.app/Contents/Developer/Platforms/iPhoneOS.platform/Developer/SDKs/iPhoneOS26.4.sdk\n")
        let listed = runCLI(["resolve", "--project", project, "--target", "SampleApp", "-c", "Release"], fileSystem: fileSystem)
        #expect(listed.status == .success)
        let lines = listed.stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasPrefix("GCC_OPTIMIZATION_LEVEL =") && $0.dropFirst("GCC_OPTIMIZATION_LEVEL =".count).allSatisfy { $0 == " " } })
        #expect(lines.contains { $0.hasPrefix("SWIFT_OPTIMIZATION_LEVEL =") && $0.dropFirst("SWIFT_OPTIMIZATION_LEVEL =".count).allSatisfy { $0 == " " } })
        let debug = runCLI(
            ["resolve", "--project", project, "--target", "SampleApp", "-c", "Debug",
             "--print", "GCC_OPTIMIZATION_LEVEL", "--print", "SWIFT_OPTIMIZATION_LEVEL"],
            fileSystem: fileSystem)
        #expect(debug.status == .success)
        #expect(debug.stdout == "0\n-Onone\n")
    }
}
