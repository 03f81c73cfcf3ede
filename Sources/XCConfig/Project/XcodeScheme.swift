import XCConfigSyntax

/// A read-only model of an Xcode scheme (`S.xcscheme`): what `xcodebuild -scheme S` takes from
/// it to show build settings — the targets of the build action and the configuration of the
/// launch ("Run") action.
public struct XcodeScheme: Sendable, Hashable {
    /// The scheme's name: the file's base name without `.xcscheme`, or the target's name for an
    /// autocreated scheme.
    public var name: String
    /// The `.xcscheme` file; `nil` for a scheme Xcode creates for a target of a project that has
    /// none (``autocreated(for:in:)``).
    public var path: String?
    /// The `.xcodeproj` or `.xcworkspace` the scheme belongs to: what its `container:`
    /// references are relative to (the folder holding it).
    public var container: String
    /// Whether the scheme is shared (`xcshareddata`) rather than a user's (`xcuserdata`).
    public var isShared: Bool
    /// The build action's entries, in order.
    public var buildEntries: [SchemeBuildEntry]
    /// The launch action's `buildConfiguration`: the configuration `xcodebuild build` uses
    /// without `-configuration`; `nil` when the scheme has no launch action (then the project's
    /// default configuration applies).
    public var launchConfiguration: String?
    /// Each other action's `buildConfiguration` (Test, Profile, Analyze, Archive), by action.
    public var actionConfigurations: [SchemeAction: String]

    /// Creates a scheme model.
    public init(
        name: String, path: String?, container: String, isShared: Bool, buildEntries: [SchemeBuildEntry], launchConfiguration: String?,
        actionConfigurations: [SchemeAction: String] = [:]
    ) {
        self.name = name
        self.path = path
        self.container = container
        self.isShared = isShared
        self.buildEntries = buildEntries
        self.launchConfiguration = launchConfiguration
        self.actionConfigurations = actionConfigurations
    }

    /// The configuration `action` builds in without `-configuration`: the launch action's for
    /// ``SchemeAction/build``, else that action's `buildConfiguration`; `nil` when the scheme
    /// names none (then the project's default configuration applies).
    public func configuration(for action: SchemeAction) -> String? {
        action == .build ? launchConfiguration : actionConfigurations[action]
    }
}

/// One `BuildActionEntry` of a scheme: a target and the actions it is built for.
public struct SchemeBuildEntry: Sendable, Hashable {
    /// `BlueprintName`: the target's name.
    public var targetName: String
    /// `BlueprintIdentifier`: the target's object identifier in its project.
    public var targetIdentifier: String?
    /// `ReferencedContainer` as written: `container:App.xcodeproj`.
    public var referencedContainer: String
    /// The project file it names, absolute; `nil` when it cannot be located.
    public var projectPath: String?
    /// `buildForRunning`: whether `xcodebuild build` (the Run column) builds the target.
    public var buildsForRunning: Bool
    /// Every action the entry is built for (``buildsForRunning`` is ``SchemeAction/build``).
    public var actions: Set<SchemeAction>

    /// Whether the entry names a Swift package's product or target (its container is a
    /// package folder, `container:` alone for the workspace's own, not an `.xcodeproj`).
    public var isSwiftPackage: Bool {
        guard let projectPath else { return false }
        return !projectPath.hasSuffix(".xcodeproj")
    }

    /// Creates an entry.
    /// Creates an entry; without `actions`, it is built for running only when `buildsForRunning`.
    public init(
        targetName: String, targetIdentifier: String?, referencedContainer: String, projectPath: String?, buildsForRunning: Bool,
        actions: Set<SchemeAction>? = nil
    ) {
        self.actions = actions ?? (buildsForRunning ? [.build] : [])
        self.targetName = targetName
        self.targetIdentifier = targetIdentifier
        self.referencedContainer = referencedContainer
        self.projectPath = projectPath
        self.buildsForRunning = buildsForRunning
    }
}

extension XcodeScheme {
    /// Reads the scheme file at `path`, which belongs to `container` (an `.xcodeproj` or
    /// `.xcworkspace`).
    ///
    /// - Throws: ``ProjectFileError`` for a missing or malformed file.
    public static func load(path: String, container: String, isShared: Bool, fileSystem: any FileSystem) throws(ProjectFileError) -> XcodeScheme {
        let root = try XMLElementReader.parse(file: path, fileSystem: fileSystem)
        guard root.name == "Scheme" else {
            throw ProjectFileError(file: path, line: root.line, message: "expected a <Scheme> element, found <\(root.name)>")
        }
        var name = Path.basename(path)
        if name.hasSuffix(".xcscheme") { name.removeLast(".xcscheme".count) }
        var entries: [SchemeBuildEntry] = []
        for action in root.children(named: "BuildAction") {
            for list in action.children(named: "BuildActionEntries") {
                for entry in list.children(named: "BuildActionEntry") {
                    // Xcode writes every flag; a missing one counts as YES, as Xcode reads it.
                    let forRunning = entry[attribute: "buildForRunning"].map { $0 == "YES" } ?? true
                    let actions = Set(SchemeAction.allCases.filter { action in
                        entry[attribute: action.entryAttribute].map { $0 == "YES" } ?? true
                    })
                    for reference in entry.children(named: "BuildableReference") {
                        let written = reference[attribute: "ReferencedContainer"] ?? ""
                        entries.append(SchemeBuildEntry(
                            targetName: reference[attribute: "BlueprintName"] ?? "",
                            targetIdentifier: reference[attribute: "BlueprintIdentifier"],
                            referencedContainer: written,
                            projectPath: XcodeWorkspace.resolve(written, groupDirectory: Path.directory(of: container),
                                                                containerDirectory: Path.directory(of: container), selfPath: container),
                            buildsForRunning: forRunning, actions: actions))
                    }
                }
            }
        }
        let launch = root.children(named: "LaunchAction").first?[attribute: "buildConfiguration"]
        var configurations: [SchemeAction: String] = [:]
        for action in SchemeAction.allCases where action != .build {
            configurations[action] = root.children(named: action.elementName).first?[attribute: "buildConfiguration"]
        }
        return XcodeScheme(name: name, path: path, container: container, isShared: isShared, buildEntries: entries, launchConfiguration: launch,
                           actionConfigurations: configurations)
    }

    /// The scheme Xcode creates for `target` of `project` when the project has no scheme
    /// files: it builds the target, and names no configuration, so the project's default
    /// configuration applies (as in the recorded tvOS dump of `../xcodebuild`).
    public static func autocreated(for target: ProjectTarget, in project: XcodeProject) -> XcodeScheme {
        XcodeScheme(
            name: target.name, path: nil, container: project.path, isShared: false,
            buildEntries: [SchemeBuildEntry(
                targetName: target.name, targetIdentifier: target.identifier,
                referencedContainer: "container:" + Path.basename(project.path), projectPath: project.path, buildsForRunning: true,
                actions: Set(SchemeAction.allCases))],
            launchConfiguration: nil)
    }

    /// The `.xcscheme` files of `container` (an `.xcodeproj` or `.xcworkspace`): the shared
    /// ones (`xcshareddata/xcschemes`), then the users' (`xcuserdata/*.xcuserdatad/xcschemes`),
    /// `user`'s first, each group sorted by name. Xcode reads only the current user's; another
    /// user's are read too, since on a CI machine the user differs from whoever wrote them.
    public static func schemeFiles(of container: String, user: String?, fileSystem: any FileSystem) -> [(path: String, isShared: Bool)] {
        func files(in directory: String) -> [String] {
            let names = (try? fileSystem.contents(ofDirectory: directory)) ?? []
            return names.filter { $0.hasSuffix(".xcscheme") }.sorted().map { Path.join(directory, $0) }
        }
        var result = files(in: Path.join(container, "xcshareddata/xcschemes")).map { ($0, true) }
        let userData = Path.join(container, "xcuserdata")
        var users = ((try? fileSystem.contents(ofDirectory: userData)) ?? []).filter { $0.hasSuffix(".xcuserdatad") }.sorted()
        if let user, let mine = users.firstIndex(of: user + ".xcuserdatad") { users.insert(users.remove(at: mine), at: 0) }
        for directory in users {
            result += files(in: Path.join(userData, directory + "/xcschemes")).map { ($0, false) }
        }
        return result
    }
}

extension XcodeScheme {
    /// The schemes of `project`: its scheme files (``schemeFiles(of:user:fileSystem:)``), or,
    /// when it has none, one autocreated scheme per target, as Xcode creates them.
    ///
    /// - Throws: ``ProjectFileError`` for a scheme file that cannot be read.
    public static func schemes(of project: XcodeProject, user: String?, fileSystem: any FileSystem) throws(ProjectFileError) -> [XcodeScheme] {
        let files = schemeFiles(of: project.path, user: user, fileSystem: fileSystem)
        if files.isEmpty { return project.targets.map { autocreated(for: $0, in: project) } }
        var schemes: [XcodeScheme] = []
        for file in files {
            schemes.append(try load(path: file.path, container: project.path, isShared: file.isShared, fileSystem: fileSystem))
        }
        return schemes
    }

    /// The schemes of `workspace`: its own scheme files, then those of each project it
    /// references, in order (a project that cannot be read is skipped; resolving it reports why).
    ///
    /// - Throws: ``ProjectFileError`` for a scheme file that cannot be read.
    public static func schemes(of workspace: XcodeWorkspace, user: String?, fileSystem: any FileSystem) throws(ProjectFileError) -> [XcodeScheme] {
        var schemes: [XcodeScheme] = []
        for file in schemeFiles(of: workspace.path, user: user, fileSystem: fileSystem) {
            schemes.append(try load(path: file.path, container: workspace.path, isShared: file.isShared, fileSystem: fileSystem))
        }
        for projectPath in workspace.projectPaths {
            guard let project = try? XcodeProject.load(path: projectPath, fileSystem: fileSystem) else { continue }
            schemes += try self.schemes(of: project, user: user, fileSystem: fileSystem)
        }
        return schemes
    }

    /// The targets `xcodebuild ACTION -scheme` builds, with their projects, in the build
    /// action's order: the entries built for `action` (running, for `build`), each found in its project by
    /// `BlueprintIdentifier`, else by `BlueprintName`. Swift-package entries
    /// (``SchemeBuildEntry/isSwiftPackage``) are left out: their settings come from the
    /// package manifest, which is not read here.
    ///
    /// - Throws: ``ProjectFileError`` when an entry's project cannot be located or read, or has
    ///   no such target.
    public func buildTargets(for action: SchemeAction = .build, fileSystem: any FileSystem) throws(ProjectFileError) -> [(project: XcodeProject, target: ProjectTarget)] {
        var projects: [String: XcodeProject] = [:]
        var result: [(project: XcodeProject, target: ProjectTarget)] = []
        for entry in buildEntries where entry.actions.contains(action) && !entry.isSwiftPackage {
            guard let projectPath = entry.projectPath else {
                throw ProjectFileError(file: path, message: "the scheme '\(name)' builds '\(entry.targetName)' from '\(entry.referencedContainer)', which cannot be located")
            }
            let project: XcodeProject
            if let loaded = projects[projectPath] {
                project = loaded
            } else {
                project = try XcodeProject.load(path: projectPath, fileSystem: fileSystem)
                projects[projectPath] = project
            }
            let target = entry.targetIdentifier.flatMap { identifier in project.targets.first { $0.identifier == identifier } }
                ?? project.target(named: entry.targetName)
            guard let target else {
                throw ProjectFileError(file: path, message: "the scheme '\(name)' builds '\(entry.targetName)', which the project '\(project.name)' does not have")
            }
            result.append((project, target))
        }
        return result
    }
}
