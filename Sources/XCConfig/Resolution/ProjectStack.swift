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

extension Resolver {
    /// Every setting assigned at the given levels (all levels when `nil`), sorted by name in
    /// byte order; with `includingDynamic: false`, settings that only the build system defines
    /// (``AssignmentInfo/isDynamicSetting``) are left out, as `resolve` lists context
    /// bindings only with `--all`.
    public func settingNames(at levelKinds: Set<LevelKind>?, includingDynamic: Bool) -> [String] {
        settingIDs(at: levelKinds, includingDynamic: includingDynamic).map { names[$0] }
    }

    /// The winning assignment and its value for each setting of
    /// ``settingNames(at:includingDynamic:)``, sorted by name.
    public func resolveAll(at levelKinds: Set<LevelKind>?, includingDynamic: Bool) -> [ResolvedSetting] {
        settingIDs(at: levelKinds, includingDynamic: includingDynamic).map(resolvedSetting)
    }

    /// ``resolveAll(at:includingDynamic:)`` at the levels whose kind `isIncluded` accepts.
    ///
    /// `resolve` leaves out the context's and the environment's levels this way: a
    /// `Set<LevelKind>` would cost a short-lived process about 0.15M instructions the first
    /// time, the runtime instantiating the set's type and searching every conformance for
    /// `LevelKind: Hashable`.
    public func resolveAll(atLevelsWhere isIncluded: (LevelKind) -> Bool, includingDynamic: Bool) -> [ResolvedSetting] {
        settingIDs(atLevelsWhere: isIncluded, includingDynamic: includingDynamic).map(resolvedSetting)
    }

    /// The interned names of the settings ``resolveAll(atLevelsWhere:includingDynamic:)``
    /// lists, in the same order, for ``forEachValue(of:_:)``.
    package func settingIDs(atLevelsWhere isIncluded: (LevelKind) -> Bool, includingDynamic: Bool) -> [Int] {
        // Every level with its dynamic settings (`resolve --all`, every setting evaluated): the
        // flag per level, an array made and freed, would only be found all set.
        if includingDynamic, levels.indices.allSatisfy({ isIncluded(levels[$0].kind) }) { return settingIDs(at: nil) }
        return settingIDs(includedLevels: levels.map { isIncluded($0.kind) }, includingDynamic: includingDynamic)
    }

    /// The interned names of ``settingNames(at:includingDynamic:)``, in the same order: read
    /// from the records, without building an ``AssignmentInfo`` for every assignment.
    func settingIDs(at levelKinds: Set<LevelKind>?, includingDynamic: Bool) -> [Int] {
        if includingDynamic { return settingIDs(at: levelKinds) }
        return settingIDs(includedLevels: levels.map { levelKinds?.contains($0.kind) ?? true }, includingDynamic: false)
    }

    /// The interned names of the settings assigned at a level `includedLevels` marks (by
    /// level index), sorted by name in byte order; without the build system's own settings
    /// unless `includingDynamic`.
    private func settingIDs(includedLevels included: [Bool], includingDynamic: Bool) -> [Int] {
        if includingDynamic, !included.contains(false) { return settingIDs(at: nil) }
        let dynamicLevel = levels.map { $0.kind == .project || $0.kind == .target }
        return settingIDs(at: nil).filter { id in
            anyRecord(of: id) { index in
                let levelIndex = Int(records[index].levelIndex)
                guard included[levelIndex] else { return false }
                // Not ``AssignmentInfo/isDynamicSetting``, read on the record.
                return includingDynamic || !dynamicLevel[levelIndex] || file(ofRecord: index) != nil || keyPath(ofRecord: index) != nil
            }
        }
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
