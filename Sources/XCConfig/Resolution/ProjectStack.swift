extension AssignmentInfo {
    /// Whether this is a setting the build system defines for the project or target
    /// (`SRCROOT`, `PROJECT_NAME`, `TARGET_NAME`, `CONFIGURATION`, … project-formats.md §C)
    /// rather than one written in a file or given on the command line.
    ///
    /// Such settings sit at the `project` and `target` levels like the project file's own
    /// dictionaries, but have no file behind them.
    public var isDynamicSetting: Bool {
        (level == .project || level == .target) && file == nil && keyPath == nil
    }
}

extension XcodeProject {
    /// The settings stack of `target` (default: the first) and `configuration` (default: the
    /// project's default configuration) as `xcodebuild -showBuildSettings -project … -target …
    /// -configuration …` builds it: the four project levels with their base xcconfigs and the
    /// dynamic settings, the context's `config` and `target` conditions bound to the chosen
    /// configuration and target unless `context` binds them already. Includes are searched in
    /// the project directory last, unless `loader` says otherwise.
    ///
    /// A base xcconfig that cannot be read is an error diagnostic at its reference in the
    /// project file; the rest still resolves.
    ///
    /// - Throws: ``ProjectFileError`` when `target` names no target of the project.
    public func loadStack(
        target: String? = nil,
        configuration: String? = nil,
        context: EvaluationContext = EvaluationContext(),
        fileSystem: any FileSystem,
        hostSettings: [String: String] = [:]
    ) throws(ProjectFileError) -> LoadedStack {
        try ProjectStackSource(project: self, loader: IncludeLoader(fileSystem: fileSystem), hostSettings: hostSettings)
            .loadStack(target: target, configuration: configuration, context: context)
    }
}

/// A project as read at one point (a revision, the working tree) and what loading any of its
/// targets' stacks needs there: the loader over that point's files, and the levels the
/// project does not supply (command-line overrides, `--xcconfig`, …).
public struct ProjectStackSource: Sendable {
    /// The project.
    public var project: XcodeProject
    /// Reads the base xcconfigs and their includes; without a project root of its own, the
    /// project directory is searched last, as Xcode searches it.
    public var loader: IncludeLoader
    /// The levels besides the project's four; their project levels are replaced.
    public var inputs: StackInputs
    /// `HOME`, `USER`, … (see ``XcodeProject/levels(target:configuration:hostSettings:)``).
    public var hostSettings: [String: String]
    /// The bounds of evaluation.
    public var options: Resolver.Options

    public init(
        project: XcodeProject, loader: IncludeLoader, inputs: StackInputs = StackInputs(),
        hostSettings: [String: String] = [:], options: Resolver.Options = Resolver.Options()
    ) {
        self.project = project
        self.loader = loader
        self.inputs = inputs
        self.hostSettings = hostSettings
        self.options = options
        if self.loader.projectRoot == nil { self.loader.projectRoot = project.projectDirectory }
    }

    /// Every target, in project order, with the names of its configurations (the project's
    /// when the target lists none).
    public var targetConfigurations: [(target: String, configurations: [String])] {
        project.targets.map { target in
            (target.name, (target.configurations.isEmpty ? project.configurations : target.configurations).map(\.name))
        }
    }

    /// The stack of `target` (default: the first) and `configuration` (default: the context's,
    /// else the project's default), as ``XcodeProject/loadStack(target:configuration:context:fileSystem:hostSettings:)``
    /// builds it, with ``inputs``' other levels on top. The context's `config` and `target`
    /// conditions are bound to the chosen configuration and target unless it binds them already.
    public func loadStack(target: String? = nil, configuration: String? = nil, context: EvaluationContext = EvaluationContext()) throws(ProjectFileError) -> LoadedStack {
        let levels = try project.levels(
            target: target, configuration: configuration ?? context.configuration, hostSettings: hostSettings,
            joiningArraysVerbatim: inputs.xcodeDefaults?.joinsProjectArraysVerbatim ?? false)
        var context = context
        if context.configuration == nil { context.configuration = levels.configurationName }
        if context.targetName == nil { context.targetName = levels.targetName }
        var inputs = inputs
        inputs.apply(levels, projectFile: project.projectFilePath)
        do {
            return try inputs.load(with: loader, context: context, options: options)
        } catch {
            // Only files the user names throw (positional, --project-config, --xcconfig).
            throw ProjectFileError(file: error.path, message: error.description)
        }
    }
}
