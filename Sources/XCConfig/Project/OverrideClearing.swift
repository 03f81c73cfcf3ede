import XCConfigSyntax

extension ProjectEditing {
    /// Plans `xcconfig project clear-overrides`: removes the project and target build settings
    /// that shadow a value their own base xcconfig sets (the findings of
    /// ``XcodeProject/baseConfigurationShadowings(loader:)``), so the xcconfig's value applies.
    ///
    /// - Parameters:
    ///   - targets: only these targets' dictionaries (default: the project's and every target's).
    ///   - configurations: only these configurations (default: all).
    ///   - names: only these settings (default: every shadowing one).
    /// - Returns: the plan, with each removed entry and, for every target × configuration the
    ///   removal affects, each setting's value before and after.
    public static func planClearOverrides(
        project path: String, targets: [String] = [], configurations: [String] = [], names: [String] = [],
        fileSystem: any FileSystem
    ) throws(ProjectFileError) -> ProjectEditPlan {
        var session = try ProjectEditSession(path: path, fileSystem: fileSystem)
        for target in targets where session.project.target(named: target) == nil {
            _ = try session.graph.configurationIDs(target: target)  // throws the error naming the targets
        }
        let findings = session.project.baseConfigurationShadowings(loader: IncludeLoader(fileSystem: fileSystem)).filter { finding in
            (targets.isEmpty || finding.targetName.map(targets.contains) == true)
                && (configurations.isEmpty || configurations.contains(finding.configurationName))
                && (names.isEmpty || names.contains(finding.settingName))
        }
        var removed: [RemovedProjectSetting] = []
        var ids: [String?: [(id: String, name: String)]] = [:]
        for finding in findings {
            if ids[finding.targetName] == nil { ids[finding.targetName] = try session.graph.configurationIDs(target: finding.targetName) }
            guard let configuration = ids[finding.targetName]!.first(where: { $0.name == finding.configurationName }) else { continue }
            guard session.graph.hasSetting(finding.setting.key, configurationID: configuration.id) else { continue }
            try session.graph.removeSetting(finding.setting.key, configurationID: configuration.id)
            removed.append(RemovedProjectSetting(
                targetName: finding.targetName, configurationName: finding.configurationName, key: finding.setting.key,
                value: finding.setting.value))
        }
        let edits = try session.edits()
        var plan = ProjectEditPlan(projectFile: session.project.projectFilePath, edits: edits, removedSettings: removed)
        guard !removed.isEmpty else { return plan }

        // Values before and after: a project entry affects every target in its configuration.
        let comparison = try ProjectResolutionComparison(session: session, edits: edits)
        var seen: Set<String> = []
        for entry in removed {
            let settingName = parseSettingKey(entry.key)?.name ?? entry.key
            let affected = entry.targetName.map { [$0] } ?? session.project.targets.map(\.name)
            for value in comparison.values(targets: affected, configurations: [entry.configurationName], names: [settingName]) {
                if seen.insert("\(value.targetName ?? "")\u{0}\(value.configurationName)\u{0}\(value.name)").inserted {
                    plan.settingChanges.append(value)
                }
            }
        }
        return plan
    }
}
