import Testing
@testable import XCConfig

/// Every project file of `shared/projects` (27 real `project.pbxproj` files and the
/// `project.xcproj` examples), checked against what `shared/projects/SOURCES.md` records.
/// Skipped when the shared directory is not there.
@Suite struct ProjectCorpusTests {
    static let fileSystem = RealFileSystem()

    /// `shared/` next to the package root (`<root>/Tests/XCConfigTests/Project/<this file>`).
    static let sharedDirectory: String? = {
        let packageRoot = Path.normalize(Path.join(Path.directory(of: #filePath), "../../.."))
        for candidate in [Path.join(Path.directory(of: packageRoot), "shared"), "/work/shared"] {
            if fileSystem.kind(of: Path.join(candidate, "projects/SOURCES.md")) == .file { return candidate }
        }
        return nil
    }()

    static var projectsDirectory: String? { sharedDirectory.map { Path.join($0, "projects") } }

    /// One row of the pbxproj table of SOURCES.md.
    struct Row {
        var directory: String          // owner__repo
        var file: String               // repo-relative path of project.pbxproj
        var configurations: [String]
        var defaultConfiguration: String
        var targetCount: Int
        var firstTarget: String?
        var baseReferenceCount: Int    // references + anchors
        var projectBundle: String { Path.directory(of: file) }
    }

    static func rows() throws -> [Row] {
        guard let projects = projectsDirectory else { return [] }
        let text = String(decoding: try fileSystem.read(Path.join(projects, "SOURCES.md")), as: UTF8.self)
        var rows: [Row] = []
        for line in text.split(separator: "\n") where line.hasPrefix("| `") {
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingSpaces() }
            guard cells.count >= 10, cells[4].hasSuffix("project.pbxproj`"), cells[6] != "XML plist" else { continue }
            let repo = cells[1].trimmingCharacters("`")
            let configs = cells[7]
            guard let open = configs.lastIndex(of: "(") else { continue }
            let names = configs[..<open].split(separator: ",").map { String($0).trimmingSpaces() }
            let defaultName = String(configs[configs.index(after: open)...].dropLast())
            let targets = cells[8]
            var count = 0
            var first: String?
            if let targetOpen = targets.lastIndex(of: "(") {
                for part in targets[..<targetOpen].split(separator: ",") {
                    if let times = part.firstIndex(of: "×") { count += Int(part[..<times].trimmingSpaces()) ?? 0 }
                }
                let name = String(targets[targets.index(after: targetOpen)...].dropLast())
                first = name == "—" ? nil : name
            }
            let refs = cells[9].split(separator: "/").compactMap { Int($0.trimmingSpaces()) }
            rows.append(Row(
                directory: repo.split(separator: "/").joined(separator: "__"), file: cells[4].trimmingCharacters("`"),
                configurations: names, defaultConfiguration: defaultName, targetCount: count, firstTarget: first,
                baseReferenceCount: refs.reduce(0, +)))
        }
        return rows
    }

    static func load(_ row: Row) throws -> XcodeProject {
        try XcodeProject.load(path: Path.join(projectsDirectory!, row.directory + "/" + row.projectBundle), fileSystem: fileSystem)
    }

    /// Where a resolved base xcconfig of `shared/projects/X/…` is found: `shared/corpus/X/…`, or
    /// next to the project (secretive's one xcconfig is copied there).
    static func exists(_ path: String) -> Bool {
        guard let shared = sharedDirectory else { return false }
        let projects = Path.join(shared, "projects") + "/"
        guard path.hasPrefix(projects) else { return false }
        let corpusPath = Path.join(Path.join(shared, "corpus"), String(path.dropFirst(projects.count)))
        return fileSystem.kind(of: corpusPath) == .file || fileSystem.kind(of: path) == .file
    }

    @Test(.enabled(if: ProjectCorpusTests.sharedDirectory != nil, "shared/projects is absent"))
    func everyPbxprojMatchesSourcesTable() throws {
        let rows = try Self.rows()
        #expect(rows.count == 25)
        var total = 0
        var found = 0
        var misses: [String] = []
        for row in rows {
            let project = try Self.load(row)
            #expect(project.format == .oldStylePropertyList, "\(row.file)")
            #expect(project.configurations.map(\.name) == row.configurations, "\(row.file)")
            #expect(project.defaultConfigurationName == row.defaultConfiguration, "\(row.file)")
            #expect(project.targets.count == row.targetCount, "\(row.file)")
            #expect(project.targets.first?.name == row.firstTarget, "\(row.file)")
            #expect(project.warnings.isEmpty, "\(row.file): \(project.warnings)")
            let references = (project.configurations + project.targets.flatMap(\.configurations)).compactMap(\.baseConfiguration)
            #expect(references.count == row.baseReferenceCount, "\(row.file)")
            for reference in references {
                total += 1
                let path = try #require(reference.path, "\(row.file): \(reference)")
                if Self.exists(path) { found += 1 } else { misses.append(path) }
            }
        }
        // SOURCES.md: 227 of 245 found; the 18 misses are CocoaPods files of the SDWebImage projects.
        #expect(total == 245)
        #expect(found == 227)
        #expect(misses.count == 18)
        #expect(misses.allSatisfy { $0.contains("SDWebImage__SDWebImage/") && $0.contains("/Pods/Target Support Files/") }, "\(misses)")
    }

    @Test(.enabled(if: ProjectCorpusTests.sharedDirectory != nil, "shared/projects is absent"))
    func xmlPbxprojFiles() throws {
        let projects = try #require(Self.projectsDirectory)
        for name in ["SharedSchemes/SharedSchemes.xcodeproj", "SharedSchemes/Pods/Pods.xcodeproj"] {
            let project = try XcodeProject.load(
                path: Path.join(projects, "CocoaPods__Xcodeproj/spec/fixtures/" + name), fileSystem: Self.fileSystem)
            #expect(project.format == .xmlPropertyList)
            #expect(!project.targets.isEmpty)
            #expect(!project.configurations.isEmpty)
            let references = (project.configurations + project.targets.flatMap(\.configurations)).compactMap(\.baseConfiguration)
            #expect(!references.isEmpty, "\(name)")
            #expect(references.allSatisfy { $0.path?.hasSuffix(".xcconfig") == true }, "\(references)")
        }
    }

    @Test(.enabled(if: ProjectCorpusTests.sharedDirectory != nil, "shared/projects is absent"))
    func xcprojExamples() throws {
        let projects = try #require(Self.projectsDirectory)
        let base = Path.join(projects, "xcproj-examples")
        for file in ["apple__xcode-project-format/Sources/ToolTests/Fixtures/input.project.xcproj",
                     "apple__xcode-project-format/Sources/ToolTests/Fixtures/expected.project.xcproj"] {
            // Not inside a .xcodeproj: read the file directly through the reader.
            let path = Path.join(base, file)
            let project = try XCProjReader.read(bytes: try Self.fileSystem.read(path), bundlePath: "/x/App.xcodeproj", filePath: path)
            #expect(project.defaultConfigurationName == "Debug")
            #expect(project.targets.map(\.name) == ["App"])
            #expect(project.configurations.isEmpty)
            let levels = try project.levels()
            #expect(levels.configurationName == "Debug")
            #expect(levels.targetName == "App")
        }

        let overrides = try XcodeProject.load(path: Path.join(base, "tuist__XcodeProj/Fixtures/XCProj/ConfigurationOverrides.xcodeproj"), fileSystem: Self.fileSystem)
        // The levels hold each configuration's folded entries and, keys as written, the entries
        // whose `config=` names another configuration (project-formats.md §B.3; issue 20).
        let debug = try overrides.levels(configuration: "Debug")
        #expect(debug.targetSettings.map(\.key) == ["INFOPLIST_FILE", "INFOPLIST_FILE[config=Profile]", "OTHER_SWIFT_FLAGS[sdk=iphoneos*][arch=arm64]"])
        #expect(debug.targetSettings.map(\.value) == ["Config/Debug.plist", "Config/Profile.plist", "-DDEBUG -DTRACE"])
        #expect(debug.projectSettings.map(\.value) == ["DEBUG=1 TRACE=1", "-Onone"])
        let release = try overrides.levels()
        #expect(release.configurationName == "Release")
        #expect(release.targetSettings.map(\.key) == [
            "INFOPLIST_FILE", "INFOPLIST_FILE[config=Debug]", "INFOPLIST_FILE[config=Profile]",
            "OTHER_SWIFT_FLAGS[sdk=iphoneos*][arch=arm64]", "OTHER_SWIFT_FLAGS[sdk=iphoneos*][config=Debug][arch=arm64]",
        ])
        #expect(release.targetSettings.map(\.value) == ["Config/Base.plist", "Config/Debug.plist", "Config/Profile.plist", "-DDEFAULT", "-DDEBUG -DTRACE"])
        #expect(release.projectSettings.map(\.value) == ["DEBUG=1 TRACE=1", "DEFAULT=1", "-O", "-Onone"])
        // The pbxproj-equivalent dictionaries are the folded entries alone.
        let releaseTarget = try #require(overrides.targets.first?.configurations.first { $0.name == "Release" })
        #expect(releaseTarget.buildSettings.map(\.value) == ["Config/Base.plist", "-DDEFAULT"])
        #expect(overrides.configurations.first { $0.name == "Release" }?.buildSettings.map(\.value) == ["DEFAULT=1", "-O"])

        let everything = try XcodeProject.load(path: Path.join(base, "tuist__XcodeProj/Fixtures/XCProj/Everything.xcodeproj"), fileSystem: Self.fileSystem)
        #expect(everything.targets.map(\.name) == ["App", "Tool", "All", "Make"])
        #expect(everything.targets.map(\.kind) == [.native, .native, .aggregate, .externalBuildSystem])
        let everythingRelease = try everything.levels(target: "App", configuration: "Release")
        let directory = Path.join(base, "tuist__XcodeProj/Fixtures/XCProj")
        #expect(everythingRelease.projectConfigFile == Path.join(directory, "App/Release.xcconfig"))
        #expect(everythingRelease.targetConfigFile == Path.join(directory, "App/Release.xcconfig"))
        #expect(everythingRelease.targetSettings.first { $0.key == "SWIFT_ACTIVE_COMPILATION_CONDITIONS" }?.value == "$(inherited) APP")
        #expect(try everything.levels(target: "App", configuration: "Debug").targetConfigFile == nil)

        for name in ["XcodeGenerated", "LocalizedResources"] {
            let project = try XcodeProject.load(path: Path.join(base, "tuist__XcodeProj/Fixtures/XCProj/\(name).xcodeproj"), fileSystem: Self.fileSystem)
            #expect(project.configurations.map(\.name) == ["Debug", "Release"])
            #expect(project.targets.count == 1)
        }
    }

    // MARK: - Target and configuration selections end to end

    static func project(_ relativePath: String) throws -> XcodeProject {
        try XcodeProject.load(path: Path.join(projectsDirectory!, relativePath), fileSystem: fileSystem)
    }

    @Test(.enabled(if: ProjectCorpusTests.sharedDirectory != nil, "shared/projects is absent"))
    func firstTargetThatIsNotAnApp() throws {
        let llbuild = try Self.project("swiftlang__swift-llbuild/llbuild.xcodeproj").levels()
        #expect(llbuild.targetName == "B&I")
        #expect(llbuild.configurationName == "Release")
        let homeAssistant = try Self.project("home-assistant__iOS/HomeAssistant.xcodeproj").levels()
        #expect(homeAssistant.targetName == "Codegen")
        #expect(homeAssistant.targetDynamic.contains(DictionaryEntry(key: "TARGET_NAME", value: "Codegen")))
    }

    @Test(.enabled(if: ProjectCorpusTests.sharedDirectory != nil, "shared/projects is absent"))
    func xcodeGenDefaultConfigurationIsProductionDebug() throws {
        let project = try Self.project("yonaskolb__XcodeGen/Tests/Fixtures/TestProject/Project.xcodeproj")
        let levels = try project.levels()
        #expect(levels.configurationName == "Production Debug")
        #expect(levels.projectDynamic.contains(DictionaryEntry(key: "CONFIGURATION", value: "Production Debug")))
        let staging = try project.levels(target: "App_iOS", configuration: "Staging Release")
        #expect(staging.configurationName == "Staging Release")
        #expect(staging.targetConfigurationName == "Staging Release")
        #expect(!staging.targetSettings.isEmpty)
    }

    @Test(.enabled(if: ProjectCorpusTests.sharedDirectory != nil, "shared/projects is absent"))
    func netNewsWireAnchoredConfigurations() throws {
        let projects = try #require(Self.projectsDirectory)
        let project = try Self.project("Ranchero-Software__NetNewsWire/NetNewsWire.xcodeproj")
        let levels = try project.levels(target: "NetNewsWire", configuration: "Debug")
        let root = Path.join(projects, "Ranchero-Software__NetNewsWire")
        #expect(levels.targetConfigFile.map { Path.directory(of: $0) } == Path.join(root, "xcconfig"))
        #expect(levels.projectConfigFile.map { Path.directory(of: $0) } == Path.join(root, "xcconfig"))
        #expect(levels.projectDynamic.contains(DictionaryEntry(key: "SRCROOT", value: root)))
        #expect(levels.targetConfigFile.map(Self.exists) == true)
        #expect(levels.projectConfigFile.map(Self.exists) == true)
    }

    @Test(.enabled(if: ProjectCorpusTests.sharedDirectory != nil, "shared/projects is absent"))
    func secretiveProjectXCConfig() throws {
        let projects = try #require(Self.projectsDirectory)
        let levels = try Self.project("maxgoedjen__secretive/Sources/Secretive.xcodeproj").levels(configuration: "Test")
        #expect(levels.configurationName == "Test")
        let config = Path.join(projects, "maxgoedjen__secretive/Sources/Config/Config.xcconfig")
        #expect(levels.projectConfigFile == config || levels.targetConfigFile == config)
        #expect(levels.targetSettings.allSatisfy { $0.origin?.line != nil })
    }

    @Test(.enabled(if: ProjectCorpusTests.sharedDirectory != nil, "shared/projects is absent"))
    func duckDuckGoConditionalKeysAndArrays() throws {
        let project = try Self.project("duckduckgo__iOS/DuckDuckGo-iOS.xcodeproj")
        let levels = try project.levels(target: "DuckDuckGo", configuration: "Alpha Debug")
        #expect(levels.configurationName == "Alpha Debug")
        #expect(levels.targetSettings.map(\.key) == levels.targetSettings.map(\.key).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })
        let all = project.configurations + project.targets.flatMap(\.configurations)
        let settings = all.flatMap(\.buildSettings)
        #expect(settings.filter { $0.key.contains("[") }.count == 71)
        #expect(settings.filter { $0.arrayElements != nil }.count == 55)
    }

    @Test(.enabled(if: ProjectCorpusTests.sharedDirectory != nil, "shared/projects is absent"))
    func withoutWorkspaceProjectDirPathDot() throws {
        let projects = try #require(Self.projectsDirectory)
        let project = try Self.project("tuist__XcodeProj/Fixtures/WithoutWorkspace/WithoutWorkspace.xcodeproj")
        #expect(project.projectDirectory == Path.join(projects, "tuist__XcodeProj/Fixtures/WithoutWorkspace"))
        #expect(try project.levels().configurationName == "Debug")
    }

    @Test(.enabled(if: ProjectCorpusTests.sharedDirectory != nil, "shared/projects is absent"))
    func projectWithoutTargets() throws {
        let levels = try Self.project("tuist__XcodeProj/Fixtures/iOS/BuildSettings.xcodeproj").levels()
        #expect(levels.targetName == nil)
        #expect(levels.targetDynamic.isEmpty)
        #expect(levels.configurationName == "Release")
    }
}

private extension StringProtocol {
    func trimmingSpaces() -> String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }

    func trimmingCharacters(_ character: Character) -> String {
        String(drop { $0 == character }.reversed().drop { $0 == character }.reversed())
    }
}
