import ConformanceSupport
import Testing
@testable import XCConfig

/// `project set-base`, `project clear-overrides` and `local init --project` on copies of
/// Samples/SharedProject and of every old-style project of `shared/projects` (with the
/// matching `shared/corpus` xcconfigs laid beside them, as its SOURCES.md describes), in memory.
@Suite struct ProjectEditingTests {
    static let packageRoot = Path.normalize(Path.join(Path.directory(of: #filePath), "../../.."))
    static let real = RealFileSystem()

    /// Every file below `directory` (recursively), relative to it.
    static func files(under directory: String, suffixes: [String]) -> [String] {
        var found: [String] = []
        var pending = [""]
        while let relative = pending.popLast() {
            let folder = relative.isEmpty ? directory : Path.join(directory, relative)
            for name in (try? real.contents(ofDirectory: folder)) ?? [] {
                let child = relative.isEmpty ? name : Path.join(relative, name)
                switch real.kind(of: Path.join(directory, child)) {
                case .directory: pending.append(child)
                case .file where suffixes.contains(where: { name.hasSuffix($0) }): found.append(child)
                default: break
                }
            }
        }
        return found.sorted()
    }

    /// Samples/SharedProject in memory at `/sample`, as a git work tree.
    static func sample() throws -> InMemoryFileSystem {
        let fileSystem = InMemoryFileSystem(currentDirectory: "/sample")
        let root = Path.join(packageRoot, "Samples/SharedProject")
        for file in files(under: root, suffixes: [""]) where file != "Config/LocalConfig.xcconfig" {
            fileSystem.addFile(Path.join("/sample", file), bytes: try real.read(Path.join(root, file)))
        }
        fileSystem.addDirectory("/sample/.git")
        return fileSystem
    }

    static func git(_ fileSystem: InMemoryFileSystem) -> any GitWorkTreeQuerying { GitFolderLookup(fileSystem: fileSystem, reason: nil) }

    /// The lines of `before` that are not in `after`, and the lines of `after` not in `before`,
    /// from a shortest edit script (Myers' O(ND) algorithm over lines).
    static func changedLines(_ before: [UInt8], _ after: [UInt8]) -> (removed: [String], added: [String]) {
        let old = String(decoding: before, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let new = String(decoding: after, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let (n, m) = (old.count, new.count)
        let offset = n + m + 1
        var frontier = [Int](repeating: 0, count: 2 * offset + 1)
        var trace: [[Int]] = []
        search: for d in 0...(n + m) {
            trace.append(frontier)
            for k in stride(from: -d, through: d, by: 2) {
                var x = (k == -d || (k != d && frontier[offset + k - 1] < frontier[offset + k + 1]))
                    ? frontier[offset + k + 1] : frontier[offset + k - 1] + 1
                var y = x - k
                while x < n, y < m, old[x] == new[y] {
                    x += 1
                    y += 1
                }
                frontier[offset + k] = x
                if x >= n, y >= m { break search }
            }
        }
        // Walk back through the recorded frontiers.
        var removed: [String] = []
        var added: [String] = []
        var (x, y) = (n, m)
        for d in stride(from: trace.count - 1, to: 0, by: -1) {
            let previous = trace[d]
            let k = x - y
            let down = k == -d || (k != d && previous[offset + k - 1] < previous[offset + k + 1])
            let previousK = down ? k + 1 : k - 1
            let previousX = previous[offset + previousK]
            let previousY = previousX - previousK
            while x > previousX, y > previousY {
                x -= 1
                y -= 1
            }
            if down { added.append(new[previousY]) } else { removed.append(old[previousX]) }
            (x, y) = (previousX, previousY)
        }
        return (removed.reversed(), added.reversed())
    }

    // MARK: - Samples/SharedProject

    @Test func setBaseIsANoOpWhereTheBaseAlreadyIncludesTheXCConfig() throws {
        let fileSystem = try Self.sample()
        let plan = try ProjectEditing.planSetBase(
            project: "App.xcodeproj", xcconfig: "Config/CustomConfig.xcconfig", targets: ["App"], fileSystem: fileSystem)
        #expect(plan.isEmpty)
        #expect(plan.baseChanges.map(\.unchangedReason) == [
            "its base configuration Debug.xcconfig already includes it", "its base configuration Release.xcconfig already includes it",
        ])
    }

    /// Regression (fuzz target 6): a main group read without its `children` stopped set-base
    /// with "internal error: … is not an array". The group gets the list.
    @Test func aGroupWithoutChildrenGetsTheList() throws {
        let fileSystem = try Self.sample()
        let projectFile = "/sample/App.xcodeproj/project.pbxproj"
        let text = try #require(fileSystem.contentsOfFile(projectFile))
        let children = "\t\t\tchildren = (\n\t\t\t\t4A1C2E112B6D1A0100C0FFEE /* App */,\n\t\t\t\t4A1C2E4B2B6D1A0100C0FFEE /* Widget */,\n\t\t\t\t4A1C2E122B6D1A0100C0FFEE /* Config */,\n\t\t\t\t4A1C2E132B6D1A0100C0FFEE /* Pods */,\n\t\t\t\t4A1C2E102B6D1A0100C0FFEE /* Products */,\n\t\t\t);\n"
        #expect(text.contains(children))
        fileSystem.addFile(projectFile, text.replacingOccurrences(of: children, with: ""))
        fileSystem.addFile("/sample/Team/Team.xcconfig", "DEVELOPMENT_TEAM = ABCDE12345\n")
        let plan = try ProjectEditing.planSetBase(project: "App.xcodeproj", xcconfig: "Team/Team.xcconfig", fileSystem: fileSystem)
        try ProjectEditing.apply(plan, fileSystem: fileSystem)
        let project = try XcodeProject.load(path: "/sample/App.xcodeproj", fileSystem: fileSystem)
        #expect(project.configurations.map { $0.baseConfiguration?.path } == ["/sample/Team/Team.xcconfig", "/sample/Team/Team.xcconfig"])
        #expect(try ProjectEditing.planSetBase(project: "App.xcodeproj", xcconfig: "Team/Team.xcconfig", fileSystem: fileSystem).edits.isEmpty)
    }

    @Test func setBaseOnACocoaPodsProjectWritesTheWrapper() throws {
        let fileSystem = try Self.sample()
        // As `pod install` leaves it: the target based on CocoaPods' configurations.
        let path = "/sample/App.xcodeproj/project.pbxproj"
        let text = try #require(fileSystem.contentsOfFile(path))
            .replacingEvery("4A1C2E222B6D1A0100C0FFEE /* Debug.xcconfig */;", with: "4A1C2E302B6D1A0100C0FFEE /* Pods-App.debug.xcconfig */;")
            .replacingEvery("4A1C2E232B6D1A0100C0FFEE /* Release.xcconfig */;", with: "4A1C2E312B6D1A0100C0FFEE /* Pods-App.release.xcconfig */;")
        fileSystem.addFile(path, text)
        // An existing Config/Debug.xcconfig that does not include the new file is never replaced:
        // the wrapper takes the target's name.
        fileSystem.addFile("/sample/Config/Team.xcconfig", "SHARED_FLAG = YES\n")
        let beside = try ProjectEditing.planSetBase(
            project: "App.xcodeproj", xcconfig: "Config/Team.xcconfig", targets: ["App"], configurations: ["Debug"], fileSystem: fileSystem)
        #expect(beside.baseChanges.map(\.base) == ["/sample/Config/App-Debug.xcconfig"])
        #expect(beside.edits.map(\.path).first == "/sample/Config/App-Debug.xcconfig")

        fileSystem.addFile("/sample/Shared/Team.xcconfig", "SHARED_FLAG = YES\n")
        let plan = try ProjectEditing.planSetBase(
            project: "App.xcodeproj", xcconfig: "Shared/Team.xcconfig", targets: ["App"], fileSystem: fileSystem)
        #expect(plan.baseChanges.map(\.wrapsCocoaPods) == [true, true])
        try ProjectEditing.apply(plan, fileSystem: fileSystem)
        #expect(fileSystem.contentsOfFile("/sample/Shared/Debug.xcconfig") == """
            // Debug.xcconfig: CocoaPods' configuration, then the project's shared one.
            // Written by xcconfig; keeps CocoaPods working after `pod install`.
            #include "../Pods/Target Support Files/Pods-App/Pods-App.debug.xcconfig"
            #include "Team.xcconfig"

            """)
        let project = try XcodeProject.load(path: "/sample/App.xcodeproj", fileSystem: fileSystem)
        #expect(project.target(named: "App")?.configuration(named: "Release")?.baseConfiguration?.path == "/sample/Shared/Release.xcconfig")
        let resolver = try project.loadStack(target: "App", configuration: "Debug", fileSystem: fileSystem).resolver
        #expect(resolver.value(of: "SHARED_FLAG") == "YES")
        #expect(resolver.isAssigned("PODS_ROOT"))
        #expect(try ProjectEditing.planSetBase(
            project: "App.xcodeproj", xcconfig: "Shared/Team.xcconfig", targets: ["App"], fileSystem: fileSystem).isEmpty)
    }

    @Test func clearOverridesRemovesTheShadowingEntriesAndPrintsTheirValues() throws {
        let fileSystem = try Self.sample()
        let before = try fileSystem.read("/sample/App.xcodeproj/project.pbxproj")
        let plan = try ProjectEditing.planClearOverrides(project: "App.xcodeproj", names: ["MARKETING_VERSION"], fileSystem: fileSystem)
        #expect(plan.removedSettings.map(\.key) == ["MARKETING_VERSION", "MARKETING_VERSION"])
        let values = plan.settingChanges.map { "\($0.configurationName) \($0.name) \($0.before) -> \($0.after)" }
        // Config/Base.xcconfig sets MARKETING_VERSION = 1.4; the target's 1.0 hid it.
        #expect(values == ["Debug MARKETING_VERSION 1.0 -> 1.4", "Release MARKETING_VERSION 1.0 -> 1.4"])
        try ProjectEditing.apply(plan, fileSystem: fileSystem)
        let after = try fileSystem.read("/sample/App.xcodeproj/project.pbxproj")
        let changes = Self.changedLines(before, after)
        #expect(changes.removed == ["\t\t\t\tMARKETING_VERSION = 1.0;", "\t\t\t\tMARKETING_VERSION = 1.0;"])
        #expect(changes.added.isEmpty)
        let again = try ProjectEditing.planClearOverrides(project: "App.xcodeproj", names: ["MARKETING_VERSION"], fileSystem: fileSystem)
        #expect(again.isEmpty)
    }

    @Test func aConcurrentChangeOnDiskIsRefused() throws {
        let fileSystem = try Self.sample()
        let plan = try ProjectEditing.planClearOverrides(project: "App.xcodeproj", fileSystem: fileSystem)
        let path = "/sample/App.xcodeproj/project.pbxproj"
        var saved = try fileSystem.read(path)
        saved += Array("\n".utf8)  // Xcode saved the project meanwhile
        fileSystem.addFile(path, bytes: saved)
        #expect {
            try ProjectEditing.apply(plan, fileSystem: fileSystem)
        } throws: { error in
            (error as? FileTransactionError)?.kind == .changedOnDisk
        }
        #expect(try fileSystem.read(path) == saved)
    }

    @Test func localInitWithTheProjectWritesEveryFileOrNone() throws {
        let fileSystem = try Self.sample()
        let paths = ["/sample/App.xcodeproj/project.pbxproj", "/sample/Config/LocalConfig.xcconfig", "/sample/.gitignore"]
        let before = paths.map { fileSystem.contentsOfFile($0) }
        fileSystem.failWrites(under: "/sample/App.xcodeproj/project.pbxproj", with: .ioError("disk full"))
        let setup = LocalConfigurationSetup(fileSystem: fileSystem, git: Self.git(fileSystem))
        let plan = try setup.planProjectInit(
            project: "App.xcodeproj", sharedPath: nil,
            values: [LocalSettingValue(key: "DEVELOPMENT_TEAM", value: "ABCDE12345")], editGitIgnore: true)
        // The project file, the local file, .gitignore and the Widget's own file (its bundle
        // identifier differs from the App's).
        #expect(plan.project.edits.count == 4)
        #expect(throws: FileTransactionError.self) { try ProjectEditing.apply(plan.project, fileSystem: fileSystem) }
        #expect(paths.map { fileSystem.contentsOfFile($0) } == before)
        #expect(fileSystem.contentsOfFile("/sample/Config/Widget.xcconfig") == nil)

        fileSystem.clearInjectedFailures()
        try ProjectEditing.apply(plan.project, fileSystem: fileSystem)
        let project = try XcodeProject.load(path: "/sample/App.xcodeproj", fileSystem: fileSystem)
        let resolver = try project.loadStack(target: "App", configuration: "Debug", fileSystem: fileSystem).resolver
        #expect(resolver.value(of: "DEVELOPMENT_TEAM") == "ABCDE12345")
        #expect(resolver.value(of: "PRODUCT_BUNDLE_IDENTIFIER") == "com.example.sharedproject")
        #expect(project.target(named: "App")?.configuration(named: "Debug")?.setting("DEVELOPMENT_TEAM") == nil)
        #expect(fileSystem.contentsOfFile("/sample/.gitignore") == "Config/LocalConfig.xcconfig\n")
    }

    /// The sample's app and its extension, `Widget`, whose bundle identifier
    /// (`com.example.sharedproject.widget` in the project file) extends the app's, which the
    /// existing `CustomConfig.xcconfig` sets. Regression: the Widget's own file set it above
    /// its include of the shared file, whose line then gave the Widget the app's identifier.
    @Test func localInitSetsUpTheAppAndItsExtensionEachWithItsOwnBundleIdentifier() throws {
        let fileSystem = try Self.sample()
        let setup = LocalConfigurationSetup(fileSystem: fileSystem, git: Self.git(fileSystem))
        let plan = try setup.planProjectInit(
            project: "App.xcodeproj", sharedPath: nil,
            values: [LocalSettingValue(key: "DEVELOPMENT_TEAM", value: "ABCDE12345")], editGitIgnore: true)
        #expect(plan.targetNames == ["App", "Widget"])
        try ProjectEditing.apply(plan.project, fileSystem: fileSystem)
        func values(_ name: String) throws -> [String] {
            let project = try XcodeProject.load(path: "/sample/App.xcodeproj", fileSystem: fileSystem)
            return try ["App", "Widget"].flatMap { target in
                try ["Debug", "Release"].map { configuration in
                    try project.loadStack(target: target, configuration: configuration, fileSystem: fileSystem).resolver.value(of: name)
                }
            }
        }
        #expect(try values("DEVELOPMENT_TEAM") == Array(repeating: "ABCDE12345", count: 4))
        let ownIdentifiers = ["com.example.sharedproject", "com.example.sharedproject", "com.example.sharedproject.widget", "com.example.sharedproject.widget"]
        #expect(try values("PRODUCT_BUNDLE_IDENTIFIER") == ownIdentifiers)
        let project = try XcodeProject.load(path: "/sample/App.xcodeproj", fileSystem: fileSystem)
        let widget = try #require(project.target(named: "Widget"))
        #expect(widget.configurations.map { $0.baseConfiguration?.path } == ["/sample/Config/Widget.xcconfig", "/sample/Config/Widget.xcconfig"])
        #expect(widget.configurations.allSatisfy { $0.setting("PRODUCT_BUNDLE_IDENTIFIER") == nil && $0.setting("DEVELOPMENT_TEAM") == nil })

        // A fresh clone, without the local file: each target keeps its own identifier.
        let local = "/sample/Config/LocalConfig.xcconfig"
        let localText = try #require(fileSystem.contentsOfFile(local))
        fileSystem.remove(local)
        #expect(try values("PRODUCT_BUNDLE_IDENTIFIER") == ownIdentifiers)
        #expect(try values("DEVELOPMENT_TEAM") == Array(repeating: "", count: 4))

        // A developer's own identifier: the extension's still starts with the app's, as an
        // embedded extension's must.
        fileSystem.addFile(local, localText + "PRODUCT_BUNDLE_IDENTIFIER = com.alice.sharedproject\n")
        #expect(try values("PRODUCT_BUNDLE_IDENTIFIER")
            == ["com.alice.sharedproject", "com.alice.sharedproject", "com.alice.sharedproject.widget", "com.alice.sharedproject.widget"])
    }

    /// An extension whose identifier does not extend the one the shared file sets keeps it
    /// literally, below the include.
    @Test func anExtensionIdentifierUnlikeTheSharedOneIsKeptAsItIs() throws {
        let fileSystem = try Self.sample()
        let projectFile = "/sample/App.xcodeproj/project.pbxproj"
        let text = try #require(fileSystem.contentsOfFile(projectFile))
        fileSystem.addFile(projectFile, text.replacingOccurrences(of: "com.example.sharedproject.widget;", with: "org.other.widget;"))
        let setup = LocalConfigurationSetup(fileSystem: fileSystem, git: Self.git(fileSystem))
        let plan = try setup.planProjectInit(
            project: "App.xcodeproj", sharedPath: nil,
            values: [LocalSettingValue(key: "DEVELOPMENT_TEAM", value: "ABCDE12345")], editGitIgnore: true)
        try ProjectEditing.apply(plan.project, fileSystem: fileSystem)
        let own = try #require(fileSystem.contentsOfFile("/sample/Config/Widget.xcconfig"))
        #expect(own.hasSuffix("#include \"CustomConfig.xcconfig\"\n\nPRODUCT_BUNDLE_IDENTIFIER = org.other.widget\n"))
        fileSystem.remove("/sample/Config/LocalConfig.xcconfig")
        let project = try XcodeProject.load(path: "/sample/App.xcodeproj", fileSystem: fileSystem)
        #expect(try project.loadStack(target: "Widget", configuration: "Debug", fileSystem: fileSystem).resolver.value(of: "PRODUCT_BUNDLE_IDENTIFIER") == "org.other.widget")
    }

    @Test func localInitWithTheProjectCreatesTheSharedConfigurationAndKeepsEveryValue() throws {
        let fileSystem = try Self.sample()
        fileSystem.remove("/sample/Config/CustomConfig.xcconfig")
        fileSystem.addFile("/sample/Config/Debug.xcconfig", "#include \"Base.xcconfig\"\n")
        fileSystem.addFile("/sample/Config/Release.xcconfig", "#include \"Base.xcconfig\"\n")
        let setup = LocalConfigurationSetup(fileSystem: fileSystem, git: Self.git(fileSystem))
        let plan = try setup.planProjectInit(project: "App.xcodeproj", targets: ["App"], sharedPath: nil, values: [], editGitIgnore: true)
        #expect(plan.createsSharedConfiguration)
        #expect(plan.project.settingChanges.allSatisfy { $0.before == $0.after })
        try ProjectEditing.apply(plan.project, fileSystem: fileSystem)
        let shared = try #require(fileSystem.contentsOfFile("/sample/Config/CustomConfig.xcconfig"))
        #expect(shared.contains("\nCODE_SIGN_STYLE = Automatic\nDEVELOPMENT_TEAM = ZYXWV98765\nPRODUCT_BUNDLE_IDENTIFIER = com.example.sharedproject\n"))
        #expect(shared.hasSuffix("#include? \"LocalConfig.xcconfig\"\n"))
        // Each configuration's previous base is kept by a wrapper.
        #expect(fileSystem.contentsOfFile("/sample/Config/Debug.xcconfig") == "#include \"Base.xcconfig\"\n")
        let project = try XcodeProject.load(path: "/sample/App.xcodeproj", fileSystem: fileSystem)
        let base = try #require(project.target(named: "App")?.configuration(named: "Debug")?.baseConfiguration?.path)
        let wrapper = try #require(fileSystem.contentsOfFile(base))
        #expect(wrapper.hasSuffix("#include \"Debug.xcconfig\"\n#include \"CustomConfig.xcconfig\"\n"))
    }

    @Test(.enabled(if: ProjectCorpusTests.sharedDirectory != nil, "shared/projects is absent"))
    func setBaseOnTheCocoaPodsXMLProjectWritesTheWrapperAndKeepsTheFormat() throws {
        let project = try #require(Self.corpusProjects().first(where: { $0.bundle.hasSuffix("SharedSchemes/SharedSchemes.xcodeproj") }))
        let fileSystem = try Self.load(project)
        let bundle = Path.join("/repo", project.bundle)
        let directory = Path.directory(of: bundle)
        fileSystem.addFile(Path.join(directory, "Config/CustomConfig.xcconfig"), "DEVELOPMENT_TEAM = ABCDE12345\n")
        let original = try fileSystem.read(Path.join(bundle, "project.pbxproj"))
        let plan = try ProjectEditing.planSetBase(
            project: bundle, xcconfig: Path.join(directory, "Config/CustomConfig.xcconfig"), targets: ["SharedSchemes"], fileSystem: fileSystem)
        #expect(plan.baseChanges.map(\.wrapsCocoaPods) == [true, true])
        try ProjectEditing.apply(plan, fileSystem: fileSystem)
        #expect(fileSystem.contentsOfFile(Path.join(directory, "Config/Debug.xcconfig")) == """
            // Debug.xcconfig: CocoaPods' configuration, then the project's shared one.
            // Written by xcconfig; keeps CocoaPods working after `pod install`.
            #include "../Pods/Pods.xcconfig"
            #include "CustomConfig.xcconfig"

            """)
        let edited = try fileSystem.read(Path.join(bundle, "project.pbxproj"))
        #expect(String(decoding: edited.prefix(38), as: UTF8.self) == "<?xml version=\"1.0\" encoding=\"UTF-8\"?>")
        let changes = Self.changedLines(original, edited)
        #expect(changes.removed == ["\t\t\t<string>70DBA222CD15423389764290</string>", "\t\t\t<string>70DBA222CD15423389764290</string>"])
        let model = try XcodeProject.load(path: bundle, fileSystem: fileSystem)
        #expect(model.target(named: "SharedSchemes")?.configuration(named: "Release")?.baseConfiguration?.path == Path.join(directory, "Config/Release.xcconfig"))
    }

    // MARK: - shared/projects

    struct CorpusProject {
        var repository: String
        var bundle: String
    }

    static func corpusProjects() -> [CorpusProject] {
        guard let shared = ProjectCorpusTests.sharedDirectory else { return [] }
        let projects = Path.join(shared, "projects")
        var found: [CorpusProject] = []
        for repository in ((try? real.contents(ofDirectory: projects)) ?? []).sorted() where repository.contains("__") {
            for file in files(under: Path.join(projects, repository), suffixes: ["project.pbxproj"]) {
                found.append(CorpusProject(repository: repository, bundle: Path.directory(of: file)))
            }
        }
        return found
    }

    /// The repository's project and its corpus xcconfigs in memory at `/repo`.
    static func load(_ project: CorpusProject) throws -> InMemoryFileSystem {
        let shared = ProjectCorpusTests.sharedDirectory!
        let fileSystem = InMemoryFileSystem(currentDirectory: "/repo")
        let projectFile = Path.join(project.bundle, "project.pbxproj")
        fileSystem.addFile(Path.join("/repo", projectFile), bytes: try real.read(shared + "/projects/" + project.repository + "/" + projectFile))
        for directory in [shared + "/corpus/" + project.repository, shared + "/projects/" + project.repository] {
            for file in files(under: directory, suffixes: [".xcconfig"]) {
                fileSystem.addFile(Path.join("/repo", file), bytes: try real.read(Path.join(directory, file)))
            }
        }
        return fileSystem
    }

    static func isXML(_ bytes: [UInt8]) -> Bool { bytes.first(where: { $0 != 0x20 && $0 != 0x0A && $0 != 0x09 }) == UInt8(ascii: "<") }

    /// Regression: an xcconfig inside a synchronized folder got a PBXFileReference of its own
    /// beside the folder. Xcode 16 names it by the folder and its path there (§A.5), as
    /// NetNewsWire's other configurations do, and adds no reference.
    @Test(.enabled(if: ProjectCorpusTests.sharedDirectory != nil, "shared/projects is absent"))
    func anXCConfigInASynchronizedFolderIsNamedByTheFolder() throws {
        let project = try #require(Self.corpusProjects().first(where: { $0.repository == "Ranchero-Software__NetNewsWire" }))
        let fileSystem = try Self.load(project)
        fileSystem.addFile("/repo/xcconfig/common/Team.xcconfig", "DEVELOPMENT_TEAM = ABCDE12345\n")
        let projectFile = "/repo/NetNewsWire.xcodeproj/project.pbxproj"
        let original = try fileSystem.read(projectFile)
        let plan = try ProjectEditing.planSetBase(
            project: "NetNewsWire.xcodeproj", xcconfig: "xcconfig/common/Team.xcconfig", configurations: ["Debug"],
            replacingExistingBases: true, fileSystem: fileSystem)
        #expect(plan.notes.isEmpty)
        try ProjectEditing.apply(plan, fileSystem: fileSystem)
        let changes = Self.changedLines(original, try fileSystem.read(projectFile))
        // The project's Debug was already based on a file of the folder: only the path in it changes.
        #expect(changes.removed == ["\t\t\tbaseConfigurationReferenceRelativePath = NetNewsWire_project_debug.xcconfig;"])
        #expect(changes.added == ["\t\t\tbaseConfigurationReferenceRelativePath = common/Team.xcconfig;"])
        let loaded = try XcodeProject.load(path: "/repo/NetNewsWire.xcodeproj", fileSystem: fileSystem)
        #expect(loaded.configurations.first { $0.name == "Debug" }?.baseConfiguration?.path == "/repo/xcconfig/common/Team.xcconfig")
        let again = try ProjectEditing.planSetBase(
            project: "NetNewsWire.xcodeproj", xcconfig: "xcconfig/common/Team.xcconfig", configurations: ["Debug"],
            replacingExistingBases: true, fileSystem: fileSystem)
        #expect(again.isEmpty)
    }

    @Test(arguments: corpusProjects().map { "\($0.repository)/\($0.bundle)" })
    func clearOverridesAndSetBaseOnEveryProject(_ name: String) throws {
        let project = Self.corpusProjects().first { "\($0.repository)/\($0.bundle)" == name }!
        let fileSystem = try Self.load(project)
        let bundle = Path.join("/repo", project.bundle)
        let projectFile = Path.join(bundle, "project.pbxproj")
        let original = try fileSystem.read(projectFile)
        // An XML file is written whole as plutil writes it, which gives its bytes back: a key
        // and its value are two lines there.
        let isXML = Self.isXML(original)

        // clear-overrides: only the removed entries' lines go; the result reads back without them.
        let clear = try ProjectEditing.planClearOverrides(project: bundle, fileSystem: fileSystem)
        try ProjectEditing.apply(clear, fileSystem: fileSystem)
        let cleared = try fileSystem.read(projectFile)
        let clearChanges = Self.changedLines(original, cleared)
        #expect(clearChanges.added.isEmpty)
        #expect(clearChanges.removed.count == clear.removedSettings.count * (isXML ? 2 : 1) || isXML)
        let model = try XcodeProject.load(path: bundle, fileSystem: fileSystem)
        #expect(model.baseConfigurationShadowings(loader: IncludeLoader(fileSystem: fileSystem)).isEmpty)
        #expect(try ProjectEditing.planClearOverrides(project: bundle, fileSystem: fileSystem).isEmpty)

        // set-base with a new xcconfig next to the project: every project configuration uses it.
        let projectDirectory = model.projectDirectory
        let xcconfig = Path.join(projectDirectory, "Config/Shared-Settings.xcconfig")
        fileSystem.addFile(xcconfig, "SHARED_SETTING = YES\n")
        let setBase = try ProjectEditing.planSetBase(project: bundle, xcconfig: xcconfig, fileSystem: fileSystem)
        // An injected write failure leaves every file as it was; so does a save meanwhile.
        let paths = fileSystem.allPaths
        fileSystem.failWrites(under: projectFile, with: .ioError("disk full"))
        #expect(throws: FileTransactionError.self) { try ProjectEditing.apply(setBase, fileSystem: fileSystem) }
        fileSystem.clearInjectedFailures()
        #expect(try fileSystem.read(projectFile) == cleared)
        #expect(fileSystem.allPaths == paths)
        fileSystem.addFile(projectFile, bytes: cleared + [0x0A])
        #expect(throws: FileTransactionError.self) { try ProjectEditing.apply(setBase, fileSystem: fileSystem) }
        fileSystem.addFile(projectFile, bytes: cleared)
        try ProjectEditing.apply(setBase, fileSystem: fileSystem)
        let edited = try XcodeProject.load(path: bundle, fileSystem: fileSystem)
        for configuration in edited.configurations {
            let base = try #require(configuration.baseConfiguration?.path)
            if let change = setBase.baseChanges.first(where: { $0.configurationName == configuration.name }), change.wrappedConfiguration == nil,
               change.unchangedReason == nil {
                #expect(base == xcconfig)
            }
        }
        let based = try fileSystem.read(projectFile)
        let baseChanges = Self.changedLines(cleared, based)
        // Only base references change; the rest is added (reference, group, children).
        let changedConfigurations = setBase.baseChanges.filter { $0.unchangedReason == nil && $0.previous != nil }.count
        #expect(baseChanges.removed.count <= changedConfigurations * 3)
        #expect(baseChanges.removed.allSatisfy { $0.contains(isXML ? "<string>" : "baseConfigurationReference") })
        #expect(try ProjectEditing.planSetBase(project: bundle, xcconfig: xcconfig, fileSystem: fileSystem).isEmpty)
    }
}

/// `project extract` on every old-style project of `shared/projects`: it verifies (every value
/// resolves as before in every platform's context, or nothing is planned) and round-trips
/// (written, the project reads back with no settings left to move, and extracting again is a no-op).
@Suite struct ProjectExtractionTests {
    @Test(arguments: ProjectEditingTests.corpusProjects().map { "\($0.repository)/\($0.bundle)" })
    func extractVerifiesAndRoundTrips(_ name: String) throws {
        let project = ProjectEditingTests.corpusProjects().first { "\($0.repository)/\($0.bundle)" == name }!
        let fileSystem = try ProjectEditingTests.load(project)
        let bundle = Path.join("/repo", project.bundle)
        let projectFile = Path.join(bundle, "project.pbxproj")
        let output = Path.join(Path.directory(of: bundle), "Extracted")
        let plan = try ProjectEditing.planExtract(project: bundle, output: output, fileSystem: fileSystem)
        try ProjectEditing.apply(plan, fileSystem: fileSystem)
        let after = try XcodeProject.load(path: bundle, fileSystem: fileSystem)
        for configuration in after.configurations + after.targets.flatMap(\.configurations) {
            #expect(configuration.buildSettings.allSatisfy { !ProjectEditing.isRepresentable($0.value) })
        }
        #expect(try ProjectEditing.planExtract(project: bundle, output: output, fileSystem: fileSystem).isEmpty)
    }

    @Test func aValueWithDoubleSlashesAndConditionsIsWrittenSoItReadsBack() throws {
        let fileSystem = try ProjectEditingTests.sample()
        let path = "/sample/App.xcodeproj/project.pbxproj"
        let text = try #require(fileSystem.contentsOfFile(path)).replacingEvery(
            "\t\t\t\tSWIFT_VERSION = 5.0;\n",
            with: "\t\t\t\t\"OTHER_LDFLAGS[sdk=iphoneos*]\" = (\n\t\t\t\t\t\"-framework\",\n\t\t\t\t\t\"My Kit\",\n\t\t\t\t);\n\t\t\t\tSWIFT_VERSION = 5.0;\n\t\t\t\tURL = \"https://example.com\";\n")
        fileSystem.addFile(path, text)
        let plan = try ProjectEditing.planExtract(project: "App.xcodeproj", output: "Extracted", fileSystem: fileSystem)
        try ProjectEditing.apply(plan, fileSystem: fileSystem)
        let shared = try #require(fileSystem.contentsOfFile("/sample/Extracted/App.xcconfig"))
        #expect(shared.contains("\nOTHER_LDFLAGS[sdk=iphoneos*] = -framework My\\ Kit\n"))
        #expect(shared.contains("\nURL = https:/$()/example.com\n"))
        #expect(fileSystem.contentsOfFile("/sample/Extracted/App-Debug.xcconfig") == """
            // App-Debug.xcconfig: build settings of target 'App', moved out of the project file by xcconfig project extract.

            #include "../Config/Debug.xcconfig"
            #include "App.xcconfig"

            """)
    }

    /// Issue 30, finding 14: a target named `Foo/Bar` is extracted to `FooBar…` files (a file
    /// name holds no `/`), and its settings resolve from them as before: the plan verifies.
    @Test(arguments: [[], ["Foo/Bar"]])
    func aTargetNameWithASlashIsExtractedAndVerifies(targets: [String]) throws {
        let fileSystem = InMemoryFileSystem(currentDirectory: "/repo")
        fileSystem.addFile(
            "/repo/App.xcodeproj/project.pbxproj",
            GeneratedProjects.project(targets: 2).replacingEvery("name = Target1;", with: "name = \"Foo/Bar\";"))
        fileSystem.addFile("/repo/Config/Shared.xcconfig", "DEVELOPMENT_TEAM = ABCDE12345\n")
        let plan = try ProjectEditing.planExtract(project: "App.xcodeproj", output: "Extracted", targets: targets, fileSystem: fileSystem)
        try ProjectEditing.apply(plan, fileSystem: fileSystem)
        let after = try XcodeProject.load(path: "/repo/App.xcodeproj", fileSystem: fileSystem)
        let target = try #require(after.target(named: "Foo/Bar"))
        for configuration in target.configurations {
            #expect(configuration.buildSettings.isEmpty)
            #expect(configuration.baseConfiguration?.path == "/repo/Extracted/FooBar-\(configuration.name).xcconfig")
        }
        let debug = try after.loadStack(target: "Foo/Bar", configuration: "Debug", fileSystem: fileSystem).resolver
        #expect(debug.value(of: "OTHER_FLAG_1") == "-D X1")
        #expect(debug.value(of: "PRODUCT_BUNDLE_IDENTIFIER") == "com.example.target1")
        #expect(debug.value(of: "TARGET_NAME") == "Foo/Bar")
        #expect(try ProjectEditing.planExtract(project: "App.xcodeproj", output: "Extracted", targets: targets, fileSystem: fileSystem).isEmpty)
    }

    @Test func existingFilesInTheOutputFolderAreNeverReplaced() throws {
        let fileSystem = try ProjectEditingTests.sample()
        fileSystem.addFile("/sample/Extracted/App.xcconfig", "// mine\n")
        #expect(throws: ProjectFileError.self) {
            try ProjectEditing.planExtract(project: "App.xcodeproj", output: "Extracted", fileSystem: fileSystem)
        }
    }
}
