import XCConfigSyntax

/// The settings stacks a ``BuildRequest`` asks for, one per target (one stack without a
/// project), ready to load.
public struct BuildPlan: Sendable {
    /// In build order: a scheme's targets in its build action's order, every target in
    /// project order.
    public var stacks: [PlannedStack]
    /// What the request cannot honour but still resolves around, such as a scheme entry
    /// that builds a Swift package's product, whose settings come from its manifest.
    public var warnings: [Diagnostic]
}

/// One settings stack of a ``BuildPlan``: the files and dictionaries of each level, the
/// condition parameters, and the loader that reads the files with the request's include roots.
public struct PlannedStack: Sendable {
    /// The project's target the stack is for; `nil` without a project.
    public var target: String?
    /// The levels' files and dictionaries.
    public var inputs: StackInputs
    /// The condition parameters, with the chosen configuration and target bound.
    public var context: EvaluationContext
    /// Reads the files, searching the request's search paths, then the project root.
    public var loader: IncludeLoader
    /// The bounds of evaluation.
    public var options: Resolver.Options

    /// Loads every file of the stack and builds its resolver.
    ///
    /// - Throws: ``StackLoadError`` when a file the request names (``BuildRequest/files``,
    ///   ``BuildRequest/projectConfigFile``, ``BuildRequest/xcconfigOverride``) cannot be read.
    ///   An unreadable base xcconfig or `XCODE_XCCONFIG_FILE` is a diagnostic, as in Xcode.
    public func load() throws(StackLoadError) -> LoadedStack {
        try inputs.load(with: loader, context: context, options: options)
    }
}

extension BuildRequest {
    /// The stacks the request asks for: the scheme action's targets (with ``target``, only
    /// that one), every target with ``allTargets``, else the one ``target`` of ``project``
    /// (default: its first), or the files alone. `projects` are projects already read, by
    /// absolute path; each other project is read once.
    public func plan(fileSystem: any FileSystem, projects: [String: XcodeProject] = [:]) throws(BuildRequestError) -> BuildPlan {
        var projects = projects
        var warnings: [Diagnostic] = []
        var selections: [TargetSelection]
        if scheme != nil || workspace != nil {
            selections = try schemeSelections(fileSystem: fileSystem, projects: &projects, warnings: &warnings)
        } else {
            selections = [TargetSelection(project: project.map(absolute), target: target, configuration: configuration)]
        }
        if allTargets {
            selections = try everyTarget(of: selections, fileSystem: fileSystem, projects: &projects)
        }
        // One parse of each file for all the stacks.
        let parsedFiles = self.parsedFiles ?? (selections.count > 1 ? ParsedFileCache() : nil)
        var stacks: [PlannedStack] = []
        for selection in selections {
            stacks.append(try plannedStack(selection, fileSystem: fileSystem, projects: &projects, parsedFiles: parsedFiles))
        }
        return BuildPlan(stacks: stacks, warnings: warnings)
    }

    /// The first stack of ``plan(fileSystem:projects:)`` loaded: the one stack of a request for
    /// one target, or the files alone.
    public func loadStack(fileSystem: any FileSystem) throws(BuildRequestError) -> LoadedStack {
        let plan = try plan(fileSystem: fileSystem)
        do {
            return try plan.stacks[0].load()
        } catch {
            throw .unreadableFile(error)
        }
    }

    /// The stack `file` resolves in, as an editor shows it: with a ``project``, the project's
    /// levels for the target and configuration, `file` reached through its base xcconfigs or,
    /// when they do not include it, standing in for the target's base xcconfig; without one,
    /// `file` alone, as `xcconfig resolve FILE` reads it. A project whose levels cannot be
    /// made (no such target) is left out, its folder still searched last. `nil` when `file`
    /// cannot be read. `projects` are projects already read, by absolute path.
    public func loadStack(containing file: String, fileSystem: any FileSystem, projects: [String: XcodeProject] = [:]) -> LoadedStack? {
        loadStack(containing: file, standingIn: true, fileSystem: fileSystem, projects: projects)
    }

    /// The project's stack for the target and configuration when its base xcconfigs reach
    /// `file`, else `nil`: whether that configuration builds with `file` at all (an editor's
    /// per-configuration values leave out the configurations that do not).
    public func loadStackUsing(_ file: String, fileSystem: any FileSystem, projects: [String: XcodeProject] = [:]) -> LoadedStack? {
        guard project != nil else { return nil }
        return loadStack(containing: file, standingIn: false, fileSystem: fileSystem, projects: projects)
    }

    /// ``loadStack(containing:fileSystem:projects:)``; when not `standingIn`, `nil` rather than
    /// `file` in the base xcconfig's place.
    private func loadStack(containing file: String, standingIn: Bool, fileSystem: any FileSystem, projects: [String: XcodeProject]) -> LoadedStack? {
        var request = self
        guard let projectPath = project.map(absolute) else {
            request.files = [file]
            return try? request.plan(fileSystem: fileSystem, projects: projects).stacks[0].load()
        }
        request.files = []
        var planned: PlannedStack
        if let plan = try? request.plan(fileSystem: fileSystem, projects: projects) {
            planned = plan.stacks[0]
            if let stack = try? planned.load(), stack.configurations.contains(where: { $0.configuration.dependencies.contains(file) }) {
                return stack
            }
        } else {
            guard standingIn else { return nil }
            request.project = nil
            if request.projectRoot == nil { request.projectRoot = projects[projectPath]?.projectDirectory }
            guard let plan = try? request.plan(fileSystem: fileSystem) else { return nil }
            planned = plan.stacks[0]
        }
        guard standingIn else { return nil }
        planned.inputs.targetBaseConfigFile = file
        planned.inputs.targetBaseConfigOrigin = nil
        return try? planned.load()
    }

    /// The include loader of the request's files: its search paths, developer directory and
    /// project root (``projectRoot``, else the project's folder, else the nearest folder above
    /// the first file that holds an `.xcodeproj` or `.xcworkspace`).
    public func includeLoader(fileSystem: any FileSystem, projects: [String: XcodeProject] = [:]) throws(BuildRequestError) -> IncludeLoader {
        var request = self
        request.scheme = nil
        request.workspace = nil
        request.allTargets = false
        request.usesXcodeDefaults = false
        return try request.plan(fileSystem: fileSystem, projects: projects).stacks[0].loader
    }

    /// The project ready to load any target × configuration, with the request's other levels
    /// on top and one parse of each xcconfig shared by those loads; `nil` without a project.
    /// The settings Xcode defines are levels too when ``usesXcodeDefaults``.
    public func projectSource(fileSystem: any FileSystem) throws(BuildRequestError) -> ProjectStackSource? {
        guard let projectPath = project else { return nil }
        if scheme != nil || workspace != nil { throw .schemeNotSupported }
        var noProjects: [String: XcodeProject] = [:]
        let planned = try plannedStack(
            TargetSelection(project: nil, target: nil, configuration: configuration), fileSystem: fileSystem, projects: &noProjects,
            parsedFiles: parsedFiles)
        let project: XcodeProject
        do {
            project = try XcodeProject.load(path: absolute(projectPath), fileSystem: fileSystem)
        } catch {
            throw .project(error)
        }
        var loader = planned.loader
        // Without a project root of the request's, the project directory (ProjectStackSource's default).
        loader.projectRoot = projectRoot.map(absolute)
        loader.parsedFiles = parsedFiles ?? ParsedFileCache()
        var inputs = planned.inputs
        if usesXcodeDefaults { inputs.xcodeDefaults = try xcodeDefaults(fileSystem: fileSystem) }
        return ProjectStackSource(project: project, loader: loader, inputs: inputs, hostSettings: hostSettings, options: options)
    }
}

/// A target a request's plan builds: its project (`nil`: the files alone), its name (`nil`: the
/// project's first) and configuration (`nil`: the project's default).
struct TargetSelection {
    var project: String?
    var target: String?
    var configuration: String?
}

extension BuildRequest {
    /// `HOME` and `USER`: what Xcode defines about the machine and user at the project level.
    var hostSettings: [String: String] {
        var host: [String: String] = [:]
        for key in ["HOME", "USER"] { if let value = environment[key] { host[key] = value } }
        return host
    }

    /// The settings Xcode defines, for a project's stacks (and for `xcodebuild -version` and
    /// `-showsdks`): `nil` unless ``usesXcodeDefaults``.
    /// The Xcode version is ``xcodeVersion``, else `XCCONFIG_XCODE_VERSION` in the
    /// environment, else the installed Xcode's (its `version.plist`), else the newest known.
    public func xcodeDefaults(fileSystem: any FileSystem) throws(BuildRequestError) -> XcodeDefaults? {
        guard usesXcodeDefaults else { return nil }
        var defaults = XcodeDefaults()
        let developerDirectory = locatedDeveloperDirectory
        let environmentVersion = environment["XCCONFIG_XCODE_VERSION"].flatMap { $0.isEmpty ? nil : $0 }
        if let version = xcodeVersion ?? environmentVersion {
            guard let release = XcodeRelease.matching(version) else { throw .unknownXcodeVersion(version) }
            defaults.release = release
        } else if let developerDirectory, let version = XcodeRelease.installedVersion(developerDirectory: developerDirectory, fileSystem: fileSystem),
                  let release = XcodeRelease.matching(version) {
            defaults.release = release
        }
        if let directory = developerDirectory { defaults.developerDirectory = directory }
        // Before Xcode 12 and Apple silicon, the Mac that ran it was an Intel one.
        if defaults.release.major < 12 { defaults.hostArchitecture = "x86_64" }
        defaults.derivedDataPath = derivedDataPath.map(absolute)
        applyBuildLocationDefaults(to: &defaults)
        defaults.action = buildAction
        defaults.environment = userIdentity
        for name in XcodeDefaults.environmentNames {
            if let value = environment[name] { defaults.environment[name] = value }
        }
        return defaults
    }

    /// Xcode's user defaults that move the build folders, as `-IDE…=VALUE` gives them:
    /// `IDECustomDerivedDataLocation` (the folder of every DerivedData folder), and
    /// `IDEBuildLocationStyle` `DeterminedByTargets` (the legacy `<project>/build`) or `Custom`
    /// (`IDECustomBuildProductsPath` and `IDECustomBuildIntermediatesPath`, relative to the
    /// DerivedData folder, the project's folder or absolute, as `IDECustomBuildLocationType`
    /// says). `-derivedDataPath` wins over all of them.
    func applyBuildLocationDefaults(to defaults: inout XcodeDefaults) {
        guard derivedDataPath == nil else { return }
        if let location = userDefaults["IDECustomDerivedDataLocation"], !location.isEmpty {
            defaults.derivedDataLocation = absolute(location)
        }
        switch userDefaults["IDEBuildLocationStyle"] {
        case "DeterminedByTargets":
            defaults.buildLocation = .projectBuildFolder
        case "Custom":
            let base: XcodeDefaults.BuildLocation.Base = switch userDefaults["IDECustomBuildLocationType"] {
            case "Absolute": .absolute
            case "RelativeToWorkspace": .project
            default: .derivedData
            }
            defaults.buildLocation = .custom(
                products: userDefaults["IDECustomBuildProductsPath"] ?? "Build/Products",
                intermediates: userDefaults["IDECustomBuildIntermediatesPath"] ?? "Build/Intermediates.noindex", relativeTo: base)
        default:
            break
        }
    }

    /// The project at `path`, from `projects` when it was read already (and added to it).
    func loadedProject(at path: String, fileSystem: any FileSystem, projects: inout [String: XcodeProject]) throws(BuildRequestError) -> XcodeProject {
        if let project = projects[path] { return project }
        do {
            let project = try XcodeProject.load(path: path, fileSystem: fileSystem)
            projects[path] = project
            return project
        } catch {
            throw .project(error)
        }
    }

    /// One selection's stack: the project's four levels for its target and configuration (as
    /// `xcodebuild -showBuildSettings` builds them), the request's files and dictionaries, and
    /// the include roots.
    func plannedStack(
        _ selection: TargetSelection, fileSystem: any FileSystem, projects: inout [String: XcodeProject], parsedFiles: ParsedFileCache?
    ) throws(BuildRequestError) -> PlannedStack {
        var evaluation = evaluationContext
        evaluation.configuration = selection.configuration
        var inputs = StackInputs()
        inputs.targetConfigFiles = files.map(absolute)
        inputs.projectConfigFile = projectConfigFile.map(absolute)
        inputs.xcconfigOverride = xcconfigOverride.map(absolute)
        if let path = environment["XCODE_XCCONFIG_FILE"], !path.isEmpty { inputs.environmentXCConfig = absolute(path) }
        inputs.commandLineSettings = overrides
        if includesEnvironmentLevel { inputs.environment = environment.values }

        // Only the project's folder is needed past this point (its last include search path).
        var projectDirectory: String?
        var target: String?
        if let projectPath = selection.project {
            let project = try loadedProject(at: projectPath, fileSystem: fileSystem, projects: &projects)
            let defaults = try xcodeDefaults(fileSystem: fileSystem)
            let levels: ProjectLevels
            do {
                var host = hostSettings
                // With a workspace, its folder; a bare project's is its embedded workspace's.
                if let workspace { host["WORKSPACE_DIR"] = Path.directory(of: absolute(workspace)) }
                levels = try project.levels(
                    target: selection.target, configuration: evaluation.configuration, hostSettings: host,
                    joiningArraysVerbatim: defaults?.joinsProjectArraysVerbatim ?? false)
            } catch {
                throw .project(error)
            }
            // As xcodebuild: without a configuration, the project's default one.
            if evaluation.configuration == nil { evaluation.configuration = levels.configurationName }
            if evaluation.targetName == nil { evaluation.targetName = levels.targetName }
            inputs.apply(levels, projectFile: project.projectFilePath)
            inputs.xcodeDefaults = defaults
            projectDirectory = project.projectDirectory
            target = levels.targetName
        } else if let target = selection.target, evaluation.targetName == nil {
            // Without a project, a target can only mean the one being built.
            evaluation.targetName = target
        }

        let firstInput = inputs.targetConfigFiles.first ?? inputs.projectConfigFile ?? inputs.xcconfigOverride
        // With a project, Xcode searches the project directory (SRCROOT) last for includes.
        var locator = ProjectLocator(fileSystem: fileSystem)
        let root = projectRoot.map(absolute) ?? projectDirectory ?? firstInput.flatMap { locator.projectDirectory(above: $0) }
        let loader = IncludeLoader(
            fileSystem: fileSystem, searchPaths: searchPaths.map(absolute), projectRoot: root,
            developerDirectory: locatedDeveloperDirectory, parsedFiles: parsedFiles)
        return PlannedStack(target: target, inputs: inputs, context: evaluation, loader: loader, options: options)
    }

    /// Every target of each project `selections` name, in project order (`xcodebuild -alltargets`).
    func everyTarget(
        of selections: [TargetSelection], fileSystem: any FileSystem, projects: inout [String: XcodeProject]
    ) throws(BuildRequestError) -> [TargetSelection] {
        var result: [TargetSelection] = []
        var seenProjects: Set<String> = []
        for selection in selections {
            guard let projectPath = selection.project else { throw .allTargetsWithoutProject }
            guard seenProjects.insert(projectPath).inserted else { continue }
            let project = try loadedProject(at: projectPath, fileSystem: fileSystem, projects: &projects)
            for target in project.targets {
                result.append(TargetSelection(project: projectPath, target: target.name, configuration: selection.configuration))
            }
        }
        return result
    }
}
