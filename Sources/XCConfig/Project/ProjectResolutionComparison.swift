import XCConfigSyntax

/// A setting whose resolved value an edit changes for one target and configuration.
public struct ResolvedSettingChange: Sendable, Hashable {
    /// The target whose settings were resolved (`nil`: a project without targets).
    public var targetName: String?
    /// The configuration.
    public var configurationName: String
    /// The SDK of the context, when the comparison was made per platform.
    public var sdk: String?
    /// The setting.
    public var name: String
    /// The value before the edit.
    public var before: String
    /// The value after the edit.
    public var after: String
    /// Where the value came from before and after (`project`, `target-xcconfig Config/App.xcconfig:3`).
    public var beforeSource: String?
    public var afterSource: String?

    /// The target × configuration it was resolved in, as reports head it:
    /// `App / Debug [sdk=iphoneos]` (`Debug` alone for a project without targets).
    public var place: String {
        (targetName.map { "\($0) / " } ?? "") + configurationName + (sdk.map { " [sdk=\($0)]" } ?? "")
    }
}

/// A build-settings entry an edit removes from the project file.
public struct RemovedProjectSetting: Sendable, Hashable {
    /// The target whose dictionary held it; `nil` for the project's.
    public var targetName: String?
    /// The configuration.
    public var configurationName: String
    /// The key as written (conditions included).
    public var key: String
    /// The value text.
    public var value: String
}

/// Resolves a project's settings before and after an edit and lists what differs.
struct ProjectResolutionComparison {
    let before: XcodeProject
    let beforeFileSystem: any FileSystem
    let after: XcodeProject
    let afterFileSystem: any FileSystem
    /// Each side parses each xcconfig once (two caches: a path may hold a new file after).
    let beforeFiles = ParsedFileCache()
    let afterFiles = ParsedFileCache()

    /// Reads the project again from `edits` laid over `fileSystem`.
    init(session: ProjectEditSession, edits: [FileEdit]) throws(ProjectFileError) {
        before = session.project
        beforeFileSystem = session.fileSystem
        let planned = PlannedFileSystem(base: session.fileSystem, edits: edits)
        afterFileSystem = planned
        after = try XcodeProject.load(path: session.bundlePath, fileSystem: planned)
    }

    /// The targets (all, or `targets`) with the configurations to compare (all, or `configurations`).
    func matrix(targets: [String], configurations: [String]) -> [(target: String?, configuration: String)] {
        let names = targets.isEmpty ? before.targets.map(\.name) : targets
        var pairs: [(target: String?, configuration: String)] = []
        if names.isEmpty {
            for configuration in before.configurations where configurations.isEmpty || configurations.contains(configuration.name) {
                pairs.append((nil, configuration.name))
            }
        }
        for name in names {
            guard let target = before.target(named: name) else { continue }
            let available = (target.configurations.isEmpty ? before.configurations : target.configurations).map(\.name)
            for configuration in available where configurations.isEmpty || configurations.contains(configuration) {
                pairs.append((name, configuration))
            }
        }
        return pairs
    }

    /// The SDKs a target × configuration builds for: its SUPPORTED_PLATFORMS, else its SDKROOT
    /// with the simulator, each as the `sdk` condition sees it.
    static func platforms(_ resolver: Resolver) -> [String] {
        var platforms = resolver.value(of: "SUPPORTED_PLATFORMS").split(separator: " ").map(String.init)
        if platforms.isEmpty {
            let sdk = resolver.value(of: "SDKROOT")
            if !sdk.isEmpty {
                platforms.append(sdk)
                let simulators = ["iphoneos": "iphonesimulator", "appletvos": "appletvsimulator", "watchos": "watchsimulator", "xros": "xrsimulator"]
                if let simulator = simulators[sdk] { platforms.append(simulator) }
            }
        }
        return platforms
    }

    /// The resolver of one target × configuration (× SDK) before or after the edit.
    func resolver(afterEdit: Bool, target: String?, configuration: String, sdk: String?) -> Resolver? {
        let project = afterEdit ? after : before
        let loader = IncludeLoader(fileSystem: afterEdit ? afterFileSystem : beforeFileSystem, parsedFiles: afterEdit ? afterFiles : beforeFiles)
        let source = ProjectStackSource(project: project, loader: loader)
        var context = EvaluationContext()
        if let sdk { context.sdks = [sdk] }
        return try? source.loadStack(target: target, configuration: configuration, context: context).resolver
    }

    /// The settings (all, or `names`) whose values differ, for each target × configuration and,
    /// with `perPlatform`, in the context of each platform the target builds for.
    func changes(
        targets: [String] = [], configurations: [String] = [], names: [String]? = nil, perPlatform: Bool = false
    ) -> [ResolvedSettingChange] {
        var changes: [ResolvedSettingChange] = []
        for pair in matrix(targets: targets, configurations: configurations) {
            var sdks: [String?] = [nil]
            if perPlatform, let plain = resolver(afterEdit: false, target: pair.target, configuration: pair.configuration, sdk: nil) {
                let platforms = Self.platforms(plain)
                if !platforms.isEmpty { sdks = platforms }
            }
            for sdk in sdks {
                guard let old = resolver(afterEdit: false, target: pair.target, configuration: pair.configuration, sdk: sdk),
                      let new = resolver(afterEdit: true, target: pair.target, configuration: pair.configuration, sdk: sdk)
                else { continue }
                let settingNames = names ?? Array(Set(old.settingNames()).union(new.settingNames())).sorted()
                for name in settingNames {
                    let (was, now) = (old.value(of: name), new.value(of: name))
                    guard was != now else { continue }
                    changes.append(ResolvedSettingChange(
                        targetName: pair.target, configurationName: pair.configuration, sdk: sdk, name: name,
                        before: was, after: now, beforeSource: Self.source(old.winner(of: name)), afterSource: Self.source(new.winner(of: name))))
                }
            }
        }
        return changes
    }

    /// The values of `names` for each target × configuration, before and after, changed or not,
    /// in the context of the first platform the target builds for (as a build for it sees a
    /// `[sdk=macosx*]` value).
    func values(targets: [String] = [], configurations: [String] = [], names: [String]) -> [ResolvedSettingChange] {
        var values: [ResolvedSettingChange] = []
        for pair in matrix(targets: targets, configurations: configurations) {
            let plain = resolver(afterEdit: false, target: pair.target, configuration: pair.configuration, sdk: nil)
            let sdk = plain.flatMap { Self.platforms($0).first }
            guard let old = resolver(afterEdit: false, target: pair.target, configuration: pair.configuration, sdk: sdk),
                  let new = resolver(afterEdit: true, target: pair.target, configuration: pair.configuration, sdk: sdk)
            else { continue }
            for name in names {
                values.append(ResolvedSettingChange(
                    targetName: pair.target, configurationName: pair.configuration, sdk: sdk, name: name,
                    before: old.value(of: name), after: new.value(of: name),
                    beforeSource: Self.source(old.winner(of: name)), afterSource: Self.source(new.winner(of: name))))
            }
        }
        return values
    }

    /// `project`, `target`, `target-xcconfig App.xcconfig:3`, … for messages.
    static func source(_ winner: AssignmentInfo?) -> String? {
        guard let winner else { return nil }
        var text = winner.level.rawValue
        if let file = winner.file, winner.keyPath == nil {
            text += " " + Path.basename(file) + (winner.location.map { ":\($0.line)" } ?? "")
        }
        return text
    }
}
