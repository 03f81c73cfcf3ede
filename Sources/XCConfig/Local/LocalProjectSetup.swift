import XCConfigSyntax

/// What `xcconfig local init --project` does, computed before anything is written.
package struct LocalProjectPlan: Sendable {
    /// The project edit: the shared configuration, wrappers, the project file (and, through
    /// ``local``, `.gitignore` and the local file), in the order they are written.
    package var project: ProjectEditPlan
    /// The local-file part (shared configuration as it will be, the local file, git).
    package var local: LocalPlan
    /// The settings moved out of the target's build settings into the shared configuration.
    package var moved: [RemovedProjectSetting]
    /// The target whose base configuration is set.
    package var targetName: String
    /// Whether the shared configuration is created (else it existed, and the moved values that
    /// differ from its own go to the local file).
    package var createsSharedConfiguration: Bool
}

extension LocalConfigurationSetup {
    /// The settings that differ between developers, moved into the shared configuration.
    package static let perDeveloperSettings = [
        "DEVELOPMENT_TEAM", "PRODUCT_BUNDLE_IDENTIFIER", "CODE_SIGN_STYLE", "CODE_SIGN_IDENTITY", "PROVISIONING_PROFILE_SPECIFIER",
    ]

    /// Plans `xcconfig local init --project`: the whole shared-configuration setup in one edit.
    ///
    /// 1. `sharedPath` (default `Config/CustomConfig.xcconfig` in the project directory) is
    ///    created with the target's per-developer settings (``perDeveloperSettings`` and the
    ///    names of `values`) as shared defaults, their current values, ending with
    ///    `#include? "LocalConfig.xcconfig"`. When it exists already, those current values are
    ///    this checkout's: they go to the local file instead (unless equal to the shared ones);
    /// 2. those settings are removed from the target's build settings;
    /// 3. the file becomes the target's base configuration; an existing base (CocoaPods' or
    ///    another) is kept by a wrapper that includes it and then the new file;
    /// 4. the local file is written with `values` and git-ignored.
    ///
    /// Without `values`, every setting of every target and configuration resolves as before;
    /// the plan is refused otherwise.
    package func planProjectInit(
        project path: String, target requestedTarget: String?, sharedPath: String?, values: [LocalSettingValue],
        force: Bool = false, editGitIgnore: Bool
    ) throws(LocalConfigurationError) -> LocalProjectPlan {
        do {
            return try planProjectInitThrowingProjectErrors(
                project: path, target: requestedTarget, sharedPath: sharedPath, values: values, force: force, editGitIgnore: editGitIgnore)
        } catch let error as LocalConfigurationError {
            throw error
        } catch let error as ProjectFileError {
            throw LocalConfigurationError(.unreadable, error.message, file: error.file)
        } catch {
            throw LocalConfigurationError(.unreadable, "\(error)")
        }
    }

    private func planProjectInitThrowingProjectErrors(
        project path: String, target requestedTarget: String?, sharedPath: String?, values: [LocalSettingValue],
        force: Bool, editGitIgnore: Bool
    ) throws -> LocalProjectPlan {
        var session = try ProjectEditSession(path: path, fileSystem: fileSystem)
        let project = session.project
        guard let target = requestedTarget.flatMap(project.target(named:)) ?? (requestedTarget == nil ? project.targets.first : nil) else {
            if let requestedTarget { _ = try session.graph.configurationIDs(target: requestedTarget) }
            throw LocalConfigurationError(.unreadable, "the project has no targets", file: project.projectFilePath)
        }
        let shared = Path.absolute(sharedPath ?? Path.join(project.projectDirectory, "Config/CustomConfig.xcconfig"), relativeTo: fileSystem.currentDirectory)
        let sharedExists = fileSystem.exists(shared)

        // The per-developer entries of the target, per configuration, moved out of the project.
        let names = Self.perDeveloperSettings + values.map { parseSettingKey($0.key)?.name ?? $0.key }.filter { !Self.perDeveloperSettings.contains($0) }
        let configurations = try session.graph.configurationIDs(target: target.name)
        var moved: [RemovedProjectSetting] = []
        var perConfiguration: [String: [XCConfigTextFromProject.Entry]] = [:]
        for configuration in configurations {
            for setting in target.configuration(named: configuration.name)?.buildSettings ?? [] {
                guard let name = parseSettingKey(setting.key)?.name, names.contains(name) else { continue }
                perConfiguration[configuration.name, default: []].append(.init(key: setting.key, value: setting.value))
                try session.graph.removeSetting(setting.key, configurationID: configuration.id)
                moved.append(RemovedProjectSetting(targetName: target.name, configurationName: configuration.name, key: setting.key, value: setting.value))
            }
        }
        var localValues = values
        if sharedExists {
            // The shared configuration is there: the target's values are this checkout's, so
            // they go to the local file (where they still win), unless given or already shared.
            let existing = try SharedConfiguration.load(path: shared, loader: IncludeLoader(fileSystem: fileSystem))
            for entry in XCConfigTextFromProject.merged(perConfiguration, configurations: configurations.map(\.name)) {
                let (key, value) = (entry.key, entry.value)
                let name = parseSettingKey(key)?.name ?? key
                if values.contains(where: { (parseSettingKey($0.key)?.name ?? $0.key) == name }) { continue }
                if existing.overridable(key)?.sharedValue == value { continue }
                localValues.append(LocalSettingValue(key: key, value: value))
            }
        } else {
            var lines = try XCConfigTextFromProject.assignments(perConfiguration, configurations: configurations.map(\.name))
            // A name given on the command line that the target does not set: keep the value below.
            for name in names.dropFirst(Self.perDeveloperSettings.count) where !moved.contains(where: { parseSettingKey($0.key)?.name == name }) {
                lines.append("\(name) = $(inherited)")
            }
            var text = "// \(Path.basename(shared)): the settings every developer of \(target.name) shares.\n"
            text += "// Your own values go in LocalConfig.xcconfig next to this file, which git ignores and the\n"
            text += "// #include? below reads when it exists.\n\n"
            text += lines.map { $0 + "\n" }.joined()
            text += "\n// Last, so that it overrides everything above.\n#include? \"LocalConfig.xcconfig\"\n"
            session.write(Array(text.utf8), to: shared)
        }

        var notes: [String] = []
        let selected = configurations.map { (target: Optional(target.name), id: $0.id, name: $0.name) }
        let changes = try session.setBase(shared, selected: selected, notes: &notes, wrappingEveryBase: true)

        // The local file, planned against the files as they will be.
        let planned = PlannedFileSystem(base: fileSystem, edits: session.otherFiles)
        let plannedSetup = LocalConfigurationSetup(fileSystem: planned, git: git)
        let sharedConfiguration = try SharedConfiguration.load(path: shared, loader: IncludeLoader(fileSystem: planned))
        var local = try plannedSetup.planInit(sharedConfiguration, values: localValues, force: force, editGitIgnore: editGitIgnore)
        // `previous` as on disk: the shared configuration is new, not yet there to compare with.
        local.writes = local.writes.filter { $0.role != .sharedConfiguration }
        for write in local.writes { session.write(write.bytes, to: write.path) }

        let edits = try session.edits()
        var plan = ProjectEditPlan(projectFile: project.projectFilePath, edits: edits, baseChanges: changes, notes: notes)
        plan.removedSettings = moved
        let comparison = try ProjectResolutionComparison(session: session, edits: edits)
        if values.isEmpty {
            let changed = comparison.changes()
            if !changed.isEmpty {
                let list = changed.prefix(10).map { "\($0.targetName ?? "-") / \($0.configurationName): \($0.name) '\($0.before)' -> '\($0.after)'" }
                throw LocalConfigurationError(
                    .writeFailed,
                    "the setup would change \(changed.count) resolved value\(changed.count == 1 ? "" : "s"), nothing written: " + list.joined(separator: "; "),
                    file: project.projectFilePath)
            }
        }
        let shown = names.filter { name in moved.contains { parseSettingKey($0.key)?.name == name } || values.contains { parseSettingKey($0.key)?.name == name } }
        plan.settingChanges = comparison.values(targets: [target.name], names: shown)
        return LocalProjectPlan(project: plan, local: local, moved: moved, targetName: target.name, createsSharedConfiguration: !sharedExists)
    }
}
