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
        let levels = try self.levels(target: target, configuration: configuration ?? context.configuration, hostSettings: hostSettings)
        var context = context
        if context.configuration == nil { context.configuration = levels.configurationName }
        if context.targetName == nil { context.targetName = levels.targetName }
        var inputs = StackInputs()
        inputs.apply(levels, projectFile: projectFilePath)
        let loader = IncludeLoader(fileSystem: fileSystem, projectRoot: projectDirectory)
        do {
            return try inputs.load(with: loader, context: context)
        } catch {
            // Only files the user names throw (positional, --project-config, --xcconfig);
            // a stack of project levels has none, but say so rather than trap.
            throw ProjectFileError(file: error.path, message: error.description)
        }
    }
}
