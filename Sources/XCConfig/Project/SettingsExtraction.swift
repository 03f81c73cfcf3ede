import XCConfigSyntax

extension ProjectEditing {
    /// Plans `xcconfig project extract`: moves the build settings of the project file into
    /// xcconfig files in `output`, one per target and configuration (`App-Debug.xcconfig`), which
    /// includes what the target's configurations share (`App.xcconfig`); the project's own settings
    /// likewise (`Project-Debug.xcconfig`, `Project.xcconfig`), where what every target sets alike
    /// goes too. Each file includes the base xcconfig it replaces first; conditional keys stay
    /// conditional; values are written so they read back unchanged.
    ///
    /// Before anything is written, every target × configuration is resolved before and after in
    /// the context of each platform it supports (SUPPORTED_PLATFORMS, else SDKROOT and its
    /// simulator): when any value differs, the plan is refused with the list.
    ///
    /// - Parameter targets: only these targets (default: every target and the project level).
    public static func planExtract(
        project path: String, output: String, targets: [String] = [], fileSystem: any FileSystem
    ) throws(ProjectFileError) -> ProjectEditPlan {
        let outputDirectory = Path.absolute(output, relativeTo: fileSystem.currentDirectory)
        // First with the settings every target shares moved to the project level; when that
        // changes a value (a level in between sets it), without.
        let hoisted = try extractionPlan(project: path, output: outputDirectory, targets: targets, hoisting: true, fileSystem: fileSystem)
        if hoisted.changes.isEmpty { return hoisted.plan }
        let plain = try extractionPlan(project: path, output: outputDirectory, targets: targets, hoisting: false, fileSystem: fileSystem)
        if plain.changes.isEmpty { return plain.plan }
        let list = plain.changes.prefix(20).map { change in
            "\(change.place): \(change.name) "
                + "'\(change.before)' (\(change.beforeSource ?? "unset")) would become '\(change.after)' (\(change.afterSource ?? "unset"))"
        }
        throw ProjectFileError(
            file: plain.plan.projectFile,
            message: "extracting would change \(plain.changes.count) resolved value\(plain.changes.count == 1 ? "" : "s"); nothing written:\n  "
                + list.joined(separator: "\n  ") + (plain.changes.count > 20 ? "\n  …" : ""))
    }

    private static func extractionPlan(
        project path: String, output: String, targets requested: [String], hoisting: Bool, fileSystem: any FileSystem
    ) throws(ProjectFileError) -> (plan: ProjectEditPlan, changes: [ResolvedSettingChange]) {
        var session = try ProjectEditSession(path: path, fileSystem: fileSystem)
        let project = session.project
        for name in requested where project.target(named: name) == nil { _ = try session.graph.configurationIDs(target: name) }
        let targets = requested.isEmpty ? project.targets : project.targets.filter { requested.contains($0.name) }
        var removed: [RemovedProjectSetting] = []
        var kept: [String] = []

        // Settings every target sets alike, in every configuration, that the project does not set.
        var hoisted: [XCConfigTextFromProject.Entry] = []
        if hoisting, requested.isEmpty, project.targets.count > 1 {
            let projectKeys = Set(project.configurations.flatMap(\.buildSettings).map(\.key))
            let all = project.targets.flatMap(\.configurations)
            if let first = all.first {
                for setting in first.buildSettings where !projectKeys.contains(setting.key) && !setting.value.contains("$") {
                    if isRepresentable(setting.value), all.allSatisfy({ $0.setting(setting.key)?.value == setting.value }) {
                        hoisted.append(.init(key: setting.key, value: setting.value))
                    }
                }
            }
        }
        let hoistedKeys = Set(hoisted.map(\.key))

        var planned = Set<String>()
        func refuseExisting(_ path: String) throws(ProjectFileError) {
            // Two names that differ only in what a file name cannot hold (`A/B`, `AB`).
            guard planned.insert(path).inserted else {
                throw ProjectFileError(file: path, message: "two targets or configurations would be extracted to this one file; rename one of them")
            }
            if fileSystem.exists(path) {
                throw ProjectFileError(file: path, message: "the file exists already; extract into another --output folder, or move it away")
            }
        }

        func extract(owner: String?, fileStem: String, configurations: [ProjectConfiguration], extra: [XCConfigTextFromProject.Entry]) throws(ProjectFileError) {
            let ids = try session.graph.configurationIDs(target: owner)
            var perConfiguration: [String: [XCConfigTextFromProject.Entry]] = [:]
            for configuration in configurations {
                perConfiguration[configuration.name] = configuration.buildSettings
                    .filter { (owner == nil || !hoistedKeys.contains($0.key)) && Self.isRepresentable($0.value) }
                    .map { .init(key: $0.key, value: $0.value) }
            }
            let names = configurations.map(\.name)
            let merged = XCConfigTextFromProject.merged(perConfiguration, configurations: names)
            let shared = extra + merged.filter { entry in !names.contains { entry.key.containsBytes("[config=\($0)]") } }
            // Nothing to move: leave this level alone.
            guard !extra.isEmpty || configurations.contains(where: { $0.buildSettings.contains { Self.isRepresentable($0.value) } }) else { return }
            let fileStem = Path.fileNameComponent(fileStem)
            let sharedPath = Path.join(output, fileStem + ".xcconfig")
            try refuseExisting(sharedPath)
            session.write(try text(name: Path.basename(sharedPath), directory: output, includes: [], entries: shared, owner: owner), to: sharedPath)
            for configuration in configurations {
                guard let id = ids.first(where: { $0.name == configuration.name })?.id else { continue }
                let own = merged.filter { $0.key.containsBytes("[config=\(configuration.name)]") }.map { entry in
                    XCConfigTextFromProject.Entry(key: entry.key.replacingEvery("[config=\(configuration.name)]", with: ""), value: entry.value)
                }
                var includes: [String] = []
                if let base = configuration.baseConfiguration?.path { includes.append(base) }
                includes.append(sharedPath)
                let filePath = Path.join(output, "\(fileStem)-\(Path.fileNameComponent(configuration.name)).xcconfig")
                try refuseExisting(filePath)
                session.write(try text(name: Path.basename(filePath), directory: output, includes: includes, entries: own, owner: owner), to: filePath)
                for setting in configuration.buildSettings {
                    guard Self.isRepresentable(setting.value) else {
                        kept.append("\(owner.map { "\($0) / " } ?? "")\(configuration.name) / \(setting.key)")
                        continue
                    }
                    try session.graph.removeSetting(setting.key, configurationID: id)
                    removed.append(RemovedProjectSetting(targetName: owner, configurationName: configuration.name, key: setting.key, value: setting.value))
                }
                let reference = try session.graph.addFileReference(to: filePath)
                try session.graph.setBaseConfiguration(reference.reference, configurationID: id)
            }
        }

        if requested.isEmpty {
            try extract(owner: nil, fileStem: "Project", configurations: project.configurations, extra: hoisted)
        }
        for target in targets {
            try extract(owner: target.name, fileStem: target.name, configurations: target.configurations, extra: [])
        }
        let edits = try session.edits()
        var plan = ProjectEditPlan(projectFile: project.projectFilePath, edits: edits, removedSettings: removed)
        if !kept.isEmpty {
            plan.notes.append("Kept in the project file (an xcconfig value cannot end with a backslash or hold a line break): " + kept.joined(separator: ", "))
        }
        if !hoisted.isEmpty { plan.notes.append("Moved to Project.xcconfig (every target sets them alike): " + hoisted.map(\.key).joined(separator: ", ")) }
        let comparison = try ProjectResolutionComparison(session: session, edits: edits)
        return (plan, comparison.changes(perPlatform: true))
    }

    /// Whether an xcconfig assignment can hold `value`: a line break cannot be written, and a
    /// final backslash continues the line (semantics §1.2).
    package static func isRepresentable(_ value: String) -> Bool {
        !value.hasSuffix("\\") && !value.unicodeScalars.contains { $0 == "\n" || $0 == "\r" || $0 == "\u{2028}" || $0 == "\u{2029}" }
    }

    /// An extracted xcconfig: what it is, its includes (relative to it), its assignments.
    private static func text(
        name: String, directory: String, includes: [String], entries: [XCConfigTextFromProject.Entry], owner: String?
    ) throws(ProjectFileError) -> [UInt8] {
        var text = "// \(name): build settings of \(owner.map { "target '\($0)'" } ?? "the project"), moved out of the project file by xcconfig project extract.\n"
        if !includes.isEmpty { text += "\n" }
        for include in includes { text += "#include \"\(Path.relative(include, from: directory))\"\n" }
        if !entries.isEmpty { text += "\n" }
        for entry in entries {
            do {
                text += "\(entry.key) = \(try LocalConfigurationFile.valueText(entry.value, key: entry.key))\n"
            } catch {
                throw ProjectFileError(message: error.message)
            }
        }
        return Array(text.utf8)
    }
}
