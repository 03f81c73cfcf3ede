import Testing
@testable import XCConfig

/// `local init --project` on copies of real apps with several targets (issue 33, finding 1–3):
/// Secretive (an app and four helpers) and VirtualBuddy (nine targets, no `Config/` folder at
/// the project's root), from `shared/projects` over `shared/corpus`, in memory as git work trees.
@Suite(.enabled(if: ProjectCorpusTests.sharedDirectory != nil, "needs ../shared"))
struct LocalProjectSetupTests {
    /// The repository's project and its xcconfigs at `/repo`, a git work tree.
    static func repository(_ name: String, bundle: String) throws -> InMemoryFileSystem {
        let fileSystem = try ProjectEditingTests.load(.init(repository: name, bundle: bundle))
        fileSystem.addDirectory("/repo/.git")
        return fileSystem
    }

    /// Every setting of every target × configuration, in the context of macOS (both apps build
    /// for it only), by target and configuration.
    static func resolvedValues(_ bundle: String, fileSystem: InMemoryFileSystem) throws -> [String: [String: String]] {
        let project = try XcodeProject.load(path: bundle, fileSystem: fileSystem)
        let source = ProjectStackSource(project: project, loader: IncludeLoader(fileSystem: fileSystem))
        var context = EvaluationContext()
        context.sdks = ["macosx"]
        var values: [String: [String: String]] = [:]
        for target in project.targets {
            for configuration in (target.configurations.isEmpty ? project.configurations : target.configurations) {
                let resolver = try source.loadStack(target: target.name, configuration: configuration.name, context: context).resolver
                var settings: [String: String] = [:]
                for name in resolver.settingNames() { settings[name] = resolver.value(of: name) }
                values[target.name + " / " + configuration.name] = settings
            }
        }
        return values
    }

    static func groupCount(_ projectFile: String, _ fileSystem: InMemoryFileSystem) -> Int {
        (fileSystem.contentsOfFile(projectFile) ?? "").split(separator: "\n").filter { $0.contains("isa = PBXGroup;") }.count
    }

    /// Sets up every target with the developer's values, then checks: a fresh clone (no local
    /// file) resolves every value of every target × configuration exactly as before; with the
    /// local file only `changed` differ, each as `expected` says; the local file is git-ignored;
    /// every new xcconfig but the local file is referenced, all in one group.
    func setUp(
        repository: String, bundle: String, values: [LocalSettingValue], newGroups: Int,
        expected: (_ name: String, _ before: String) -> String?
    ) throws -> (plan: LocalProjectPlan, fileSystem: InMemoryFileSystem) {
        let fileSystem = try Self.repository(repository, bundle: bundle)
        let bundlePath = Path.join("/repo", bundle)
        let projectFile = Path.join(bundlePath, "project.pbxproj")
        let before = try Self.resolvedValues(bundlePath, fileSystem: fileSystem)
        let groupsBefore = Self.groupCount(projectFile, fileSystem)
        let setup = LocalConfigurationSetup(fileSystem: fileSystem, git: ProjectEditingTests.git(fileSystem))
        let plan = try setup.planProjectInit(project: bundlePath, sharedPath: nil, values: values, editGitIgnore: true)
        try ProjectEditing.apply(plan.project, fileSystem: fileSystem)

        // Every target, every configuration.
        let project = try XcodeProject.load(path: bundlePath, fileSystem: fileSystem)
        #expect(plan.targetNames == project.targets.map(\.name))
        #expect(Set(plan.project.settingChanges.map { "\($0.targetName ?? "") / \($0.configurationName)" }) == Set(before.keys))

        let withLocalFile = try Self.resolvedValues(bundlePath, fileSystem: fileSystem)
        for (pair, settings) in before {
            for (name, value) in settings {
                let now = withLocalFile[pair]?[name] ?? ""
                #expect(now == (expected(name, value) ?? value), "\(pair): \(name)")
            }
        }
        let local = plan.local.shared.localFilePath
        let localText = try #require(fileSystem.contentsOfFile(local))
        fileSystem.remove(local)
        // A name one side does not assign resolves to the empty value there.
        let fresh = try Self.resolvedValues(bundlePath, fileSystem: fileSystem)
        for pair in Set(before.keys).union(fresh.keys) {
            let (old, new) = (before[pair] ?? [:], fresh[pair] ?? [:])
            for name in Set(old.keys).union(new.keys) where old[name] ?? "" != new[name] ?? "" {
                Issue.record("fresh clone, \(pair): \(name) '\(old[name] ?? "")' -> '\(new[name] ?? "")'")
            }
        }
        fileSystem.addFile(local, localText)

        // The local file holds the given values only, and git ignores it.
        let assigned = localText.split(separator: "\n").filter { !$0.hasPrefix("//") && $0.contains(" = ") }.map(String.init)
        #expect(assigned == values.map { "\($0.key) = \($0.value)" })
        let relative = String(local.dropFirst("/repo/".count))
        #expect(ProjectEditingTests.git(fileSystem).isIgnored(relative, root: "/repo") == true)

        // Every new xcconfig but the local file is in the project, in one group.
        let projectText = try #require(fileSystem.contentsOfFile(projectFile))
        for edit in plan.project.edits where edit.createsFile && edit.path.hasSuffix(".xcconfig") {
            #expect(projectText.contains("/* \(Path.basename(edit.path)) */") == (edit.path != local), "\(edit.path)")
        }
        #expect(Self.groupCount(projectFile, fileSystem) == groupsBefore + newGroups)
        return (plan, fileSystem)
    }

    @Test func secretiveGetsEveryTargetSetUpAndEachKeepsItsOwnBundleIdentifier() throws {
        let (plan, fileSystem) = try setUp(
            repository: "maxgoedjen__secretive", bundle: "Sources/Secretive.xcodeproj",
            values: [.init(key: "DEVELOPMENT_TEAM", value: "ABCDE12345"), .init(key: "SECRETIVE_BASE_BUNDLE_ID", value: "com.me.Secretive")],
            newGroups: 0,
            expected: { name, before in
                if name == "DEVELOPMENT_TEAM" { return "ABCDE12345" }
                return before.contains("com.maxgoedjen.Secretive") ? before.replacingEvery("com.maxgoedjen.Secretive", with: "com.me.Secretive") : nil
            })
        // Each target's own bundle identifier, as the project file writes it
        // (`$(SECRETIVE_BASE_BUNDLE_ID).SecretAgent`), is in its own file, not in the shared one.
        let shared = try #require(fileSystem.contentsOfFile(plan.local.shared.path))
        #expect(!shared.contains("PRODUCT_BUNDLE_IDENTIFIER"))
        let agent = try #require(plan.perTargetFiles["SecretAgent"].flatMap(fileSystem.contentsOfFile))
        #expect(agent.contains("\nPRODUCT_BUNDLE_IDENTIFIER = $(SECRETIVE_BASE_BUNDLE_ID).SecretAgent\n"))
        #expect(agent.hasSuffix("#include \"CustomConfig.xcconfig\"\n"))
        let project = try XcodeProject.load(path: "/repo/Sources/Secretive.xcodeproj", fileSystem: fileSystem)
        fileSystem.remove(plan.local.shared.localFilePath)
        let host = try project.loadStack(target: "Secretive", configuration: "Release", fileSystem: fileSystem).resolver
        let helper = try project.loadStack(target: "SecretAgent", configuration: "Release", fileSystem: fileSystem).resolver
        #expect(host.value(of: "PRODUCT_BUNDLE_IDENTIFIER") == "com.maxgoedjen.Secretive.Host")
        #expect(helper.value(of: "PRODUCT_BUNDLE_IDENTIFIER") == "com.maxgoedjen.Secretive.SecretAgent")
    }

    @Test func virtualBuddyGetsEveryTargetSetUpInOneNewGroup() throws {
        let (plan, fileSystem) = try setUp(
            repository: "insidegui__VirtualBuddy", bundle: "VirtualBuddy.xcodeproj",
            values: [.init(key: "DEVELOPMENT_TEAM", value: "ABCDE12345"), .init(key: "VB_BUNDLE_ID_PREFIX", value: "me.")],
            newGroups: 1,
            expected: { name, before in
                if name == "DEVELOPMENT_TEAM" { return "ABCDE12345" }
                if name == "VB_BUNDLE_ID_PREFIX" { return "me." }
                return before.contains("codes.rambo.") && !before.hasPrefix("codes.rambo.DeepLink") && !before.hasPrefix("codes.rambo.VirtualWormholeTests")
                    ? before.replacingEvery("codes.rambo.", with: "me.codes.rambo.") : nil
            })
        #expect(plan.targetNames.count == 9)
        // The bundle identifiers the project file writes for DeepLinkSecurity and the tests do
        // not start with the prefix: they stay as they were.
        let project = try XcodeProject.load(path: "/repo/VirtualBuddy.xcodeproj", fileSystem: fileSystem)
        let deepLink = try project.loadStack(target: "DeepLinkSecurity", configuration: "Debug", fileSystem: fileSystem).resolver
        #expect(deepLink.value(of: "PRODUCT_BUNDLE_IDENTIFIER") == "codes.rambo.DeepLinkSecurity")
        let app = try project.loadStack(target: "VirtualBuddy", configuration: "Debug", fileSystem: fileSystem).resolver
        #expect(app.value(of: "PRODUCT_BUNDLE_IDENTIFIER") == "me.codes.rambo.VirtualBuddy")
    }

    /// Regression (finding 1): one bundle identifier in the local file, which every target
    /// includes, gave every target the same one.
    @Test func aBundleIdentifierForTargetsThatDifferIsRefused() throws {
        let fileSystem = try Self.repository("maxgoedjen__secretive", bundle: "Sources/Secretive.xcodeproj")
        let before = fileSystem.allPaths.map { fileSystem.contentsOfFile($0) }
        let setup = LocalConfigurationSetup(fileSystem: fileSystem, git: ProjectEditingTests.git(fileSystem))
        #expect {
            _ = try setup.planProjectInit(
                project: "/repo/Sources/Secretive.xcodeproj", sharedPath: nil,
                values: [.init(key: "PRODUCT_BUNDLE_IDENTIFIER", value: "com.me.app")], editGitIgnore: true)
        } throws: { error in
            (error as? LocalConfigurationError)?.message.contains("(SECRETIVE_BASE_BUNDLE_ID)") == true
        }
        #expect(fileSystem.allPaths.map { fileSystem.contentsOfFile($0) } == before)
    }

    /// `--target` narrows the setup to the targets named; the others keep their settings.
    @Test func targetNarrowsTheSetup() throws {
        let fileSystem = try Self.repository("maxgoedjen__secretive", bundle: "Sources/Secretive.xcodeproj")
        let setup = LocalConfigurationSetup(fileSystem: fileSystem, git: ProjectEditingTests.git(fileSystem))
        let plan = try setup.planProjectInit(
            project: "/repo/Sources/Secretive.xcodeproj", targets: ["SecretAgent"], sharedPath: nil,
            values: [.init(key: "DEVELOPMENT_TEAM", value: "ABCDE12345")], editGitIgnore: true)
        #expect(plan.targetNames == ["SecretAgent"])
        #expect(Set(plan.moved.compactMap(\.targetName)) == ["SecretAgent"])
        #expect(plan.perTargetFiles.isEmpty)
    }
}

/// Issue 33, finding 11, on VirtualBuddy, whose targets are based on `AppTarget.xcconfig` or
/// `Main.xcconfig`: `set-base` with a new shared xcconfig for every target wraps those bases,
/// so every target × configuration keeps every value and gains the new one.
@Suite(.enabled(if: ProjectCorpusTests.sharedDirectory != nil, "needs ../shared"))
struct SetBaseOnARealProjectTests {
    @Test func setBaseKeepsEveryValueOfTheBasesItWraps() throws {
        let fileSystem = try LocalProjectSetupTests.repository("insidegui__VirtualBuddy", bundle: "VirtualBuddy.xcodeproj")
        let bundle = "/repo/VirtualBuddy.xcodeproj"
        fileSystem.addFile("/repo/Config/Team.xcconfig", "TEAM_SHARED_SETTING = YES\n")
        let before = try LocalProjectSetupTests.resolvedValues(bundle, fileSystem: fileSystem)
        let targets = try XcodeProject.load(path: bundle, fileSystem: fileSystem).targets.map(\.name)
        let plan = try ProjectEditing.planSetBase(project: bundle, xcconfig: "/repo/Config/Team.xcconfig", targets: targets, fileSystem: fileSystem)
        #expect(plan.baseChanges.contains { $0.wrappedConfiguration?.hasSuffix("/AppTarget.xcconfig") == true })
        try ProjectEditing.apply(plan, fileSystem: fileSystem)
        let after = try LocalProjectSetupTests.resolvedValues(bundle, fileSystem: fileSystem)
        #expect(Set(after.keys) == Set(before.keys))
        for (key, values) in before {
            var expected = values
            expected["TEAM_SHARED_SETTING"] = "YES"
            #expect(after[key] == expected, "\(key)")
        }
    }
}
