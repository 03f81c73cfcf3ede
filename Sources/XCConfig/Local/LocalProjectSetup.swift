import XCConfigSyntax

/// What `xcconfig local init --project` does, computed before anything is written.
package struct LocalProjectPlan: Sendable {
    /// The project edit: the shared configuration, per-target files, wrappers, the project file
    /// (and, through ``local``, `.gitignore` and the local file), in the order they are written.
    package var project: ProjectEditPlan
    /// The local-file part (shared configuration as it will be, the local file, git).
    package var local: LocalPlan
    /// The settings moved out of the targets' build settings, each with the file it went to
    /// (``moved`` and ``destinations`` in the same order).
    package var moved: [RemovedProjectSetting]
    package var destinations: [String]
    /// The targets whose base configuration is set, in the project's order.
    package var targetNames: [String]
    /// The per-target shared xcconfigs, by target: what only that target sets, then the shared
    /// configuration.
    package var perTargetFiles: [String: String]
    /// Whether the shared configuration is created (else it existed, and the moved values that
    /// differ from its own go to the local file).
    package var createsSharedConfiguration: Bool
}

extension LocalConfigurationSetup {
    /// The settings that differ between developers, moved into the shared configuration.
    package static let perDeveloperSettings = [
        "DEVELOPMENT_TEAM", "PRODUCT_BUNDLE_IDENTIFIER", "CODE_SIGN_STYLE", "CODE_SIGN_IDENTITY", "PROVISIONING_PROFILE_SPECIFIER",
    ]

    /// Plans `xcconfig local init --project`: the whole shared-configuration setup in one edit,
    /// for every target (or `targets`).
    ///
    /// 1. `sharedPath` (default `Config/CustomConfig.xcconfig` in the project directory) is
    ///    created with the per-developer settings (``perDeveloperSettings`` and the names of
    ///    `values`) that every target sets alike, as shared defaults, ending with
    ///    `#include? "LocalConfig.xcconfig"`. When it exists already, those current values are
    ///    this checkout's: they go to the local file instead (unless equal to the shared ones);
    /// 2. a setting whose values differ between the targets goes to a per-target file
    ///    (`Config/<Target>.xcconfig`) that then includes the shared one: a file several targets
    ///    include never holds one target's value;
    /// 3. those settings are removed from the targets' build settings;
    /// 4. the file becomes each target's base configuration; an existing base (CocoaPods' or
    ///    another) is kept by a wrapper that includes it and then the new file;
    /// 5. the local file is written with `values` and git-ignored.
    ///
    /// Without the local file (a fresh clone) every setting of every target and configuration
    /// resolves as before; the plan is refused otherwise. A bundle identifier given in `values`
    /// is refused when the targets' differ: one value in the local file would give them all
    /// the same.
    package func planProjectInit(
        project path: String, targets requestedTargets: [String] = [], sharedPath: String?, values: [LocalSettingValue],
        force: Bool = false, editGitIgnore: Bool
    ) throws(LocalConfigurationError) -> LocalProjectPlan {
        do {
            return try planProjectInitThrowingProjectErrors(
                project: path, targets: requestedTargets, sharedPath: sharedPath, values: values, force: force, editGitIgnore: editGitIgnore)
        } catch let error as LocalConfigurationError {
            throw error
        } catch let error as ProjectFileError {
            throw LocalConfigurationError(
                error.isMalformedFile ? .malformedProject : .unreadable, error.message, file: error.file, location: error.diagnostic.location)
        } catch {
            throw LocalConfigurationError(.unreadable, "\(error)")
        }
    }

    /// One target's per-developer entries as the project has them.
    private struct TargetEntries {
        var name: String
        var configurations: [(id: String, name: String)]
        var perConfiguration: [String: [XCConfigTextFromProject.Entry]] = [:]

        /// The entries of `name` as an xcconfig writes them (``XCConfigTextFromProject/merged(_:configurations:)``).
        func merged(_ name: String) -> [XCConfigTextFromProject.Entry] {
            let settings = perConfiguration.mapValues { $0.filter { (parseSettingKey($0.key)?.name ?? $0.key) == name } }
            return XCConfigTextFromProject.merged(settings, configurations: configurations.map(\.name))
        }
    }

    private func planProjectInitThrowingProjectErrors(
        project path: String, targets requestedTargets: [String], sharedPath: String?, values: [LocalSettingValue],
        force: Bool, editGitIgnore: Bool
    ) throws -> LocalProjectPlan {
        var session = try ProjectEditSession(path: path, fileSystem: fileSystem)
        let project = session.project
        for name in requestedTargets where project.target(named: name) == nil { _ = try session.graph.configurationIDs(target: name) }
        let targetNames = project.targets.map(\.name).filter { requestedTargets.isEmpty || requestedTargets.contains($0) }
        guard !targetNames.isEmpty else {
            throw LocalConfigurationError(.unreadable, "the project has no targets", file: project.projectFilePath)
        }
        let shared = Path.absolute(sharedPath ?? Path.join(project.projectDirectory, "Config/CustomConfig.xcconfig"), relativeTo: fileSystem.currentDirectory)
        let sharedExists = fileSystem.exists(shared)
        let givenNames = values.map { parseSettingKey($0.key)?.name ?? $0.key }
        let names = Self.perDeveloperSettings + givenNames.filter { !Self.perDeveloperSettings.contains($0) }

        // The per-developer entries of each target, per configuration.
        var targets: [TargetEntries] = []
        for name in targetNames {
            var entries = TargetEntries(name: name, configurations: try session.graph.configurationIDs(target: name))
            for configuration in entries.configurations {
                for setting in project.target(named: name)?.configuration(named: configuration.name)?.buildSettings ?? [] {
                    guard let settingName = parseSettingKey(setting.key)?.name, names.contains(settingName) else { continue }
                    entries.perConfiguration[configuration.name, default: []].append(.init(key: setting.key, value: setting.value))
                }
            }
            targets.append(entries)
        }
        // A name every target sets alike goes to the shared configuration; one whose entries
        // differ between targets (or that some targets do not set) to each target's own file.
        let setNames = names.filter { name in targets.contains { !$0.merged(name).isEmpty } }
        let sharedNames = setNames.filter { name in targets.allSatisfy { $0.merged(name) == targets[0].merged(name) } }
        let perTargetNames = setNames.filter { !sharedNames.contains($0) }
        if perTargetNames.contains("PRODUCT_BUNDLE_IDENTIFIER"), givenNames.contains("PRODUCT_BUNDLE_IDENTIFIER") {
            throw LocalConfigurationError(
                .invalidValue,
                "the targets' bundle identifiers differ, and a PRODUCT_BUNDLE_IDENTIFIER in the local file would give them all the same one; "
                    + "give the setting they start with instead" + Self.referencedSettings(targets.flatMap { $0.merged("PRODUCT_BUNDLE_IDENTIFIER") }),
                file: project.projectFilePath)
        }

        let existing = sharedExists ? try SharedConfiguration.load(path: shared, loader: IncludeLoader(fileSystem: fileSystem)) : nil
        var moved: [RemovedProjectSetting] = []
        var destinations: [String] = []
        var perTargetFiles: [String: String] = [:]
        var perTargetTexts: [(path: String, text: String)] = []
        for target in targets {
            let ownEntries = XCConfigTextFromProject.merged(
                target.perConfiguration.mapValues { $0.filter { perTargetNames.contains(parseSettingKey($0.key)?.name ?? $0.key) } },
                configurations: target.configurations.map(\.name))
            // A setting the existing shared configuration assigns would override the target's
            // own line above its include, so that line goes below it.
            let (ownLines, ownLinesAfterShared) = try Self.perTargetLines(ownEntries, shared: existing)
            let ownPath = ownLines.isEmpty && ownLinesAfterShared.isEmpty ? nil : Self.perTargetPath(target: target.name, shared: shared)
            for configuration in target.configurations {
                for entry in target.perConfiguration[configuration.name] ?? [] {
                    try session.graph.removeSetting(entry.key, configurationID: configuration.id)
                    moved.append(RemovedProjectSetting(targetName: target.name, configurationName: configuration.name, key: entry.key, value: entry.value))
                    let isOwn = perTargetNames.contains(parseSettingKey(entry.key)?.name ?? entry.key)
                    destinations.append(isOwn ? ownPath ?? shared : shared)
                }
            }
            guard let ownPath else { continue }
            if fileSystem.exists(ownPath) {
                throw LocalConfigurationError(
                    .localFileExists,
                    "the settings of target '\(target.name)' that differ from the other targets' go to '\(Path.basename(ownPath))', which exists already; move it away or set up the targets one at a time with --target",
                    file: ownPath)
            }
            let include = "#include \"\(Path.relative(shared, from: Path.directory(of: ownPath)))\"\n"
            var text: String
            if ownLinesAfterShared.isEmpty {
                text = "// \(Path.basename(ownPath)): the settings of \(target.name) that differ from the other targets',\n"
                text += "// then what every target shares (\(Path.basename(shared)), which ends with your local file).\n\n"
                text += ownLines.map { $0 + "\n" }.joined() + "\n" + include
            } else {
                text = "// \(Path.basename(ownPath)): what every target shares (\(Path.basename(shared)), which ends with your\n"
                text += "// local file), then the settings of \(target.name) that differ from the other targets'. Those\n"
                text += "// the shared file sets for another target come after it; $(inherited) is its value, or your\n"
                text += "// local file's when that overrides it.\n\n"
                text += ownLines.map { $0 + "\n" }.joined() + include + "\n" + ownLinesAfterShared.map { $0 + "\n" }.joined()
            }
            perTargetFiles[target.name] = ownPath
            perTargetTexts.append((ownPath, text))
        }

        var localValues = values
        // In the order the project has them.
        let sharedEntries = XCConfigTextFromProject.merged(
            targets[0].perConfiguration.mapValues { $0.filter { sharedNames.contains(parseSettingKey($0.key)?.name ?? $0.key) } },
            configurations: targets[0].configurations.map(\.name))
        if let existing {
            // The shared configuration is there: the targets' values are this checkout's, so
            // they go to the local file (where they still win), unless given or already shared.
            for entry in sharedEntries {
                let name = parseSettingKey(entry.key)?.name ?? entry.key
                if givenNames.contains(name) { continue }
                if existing.overridable(entry.key)?.sharedValue == entry.value { continue }
                localValues.append(LocalSettingValue(key: entry.key, value: entry.value))
            }
        } else {
            var lines = try sharedEntries.map { entry throws(LocalConfigurationError) in
                "\(entry.key) = \(try LocalConfigurationFile.valueText(entry.value, key: entry.key))"
            }
            // A name given on the command line that no target sets, or that a per-target file
            // sets: keep the value below, so the local file overrides a shared line.
            for name in givenNames where !sharedNames.contains(name) && (perTargetNames.contains(name) || !Self.perDeveloperSettings.contains(name)) {
                lines.append("\(name) = $(inherited)")
            }
            var text = "// \(Path.basename(shared)): the settings every developer of \(project.name) shares.\n"
            text += "// Your own values go in LocalConfig.xcconfig next to this file, which git ignores and the\n"
            text += "// #include? below reads when it exists.\n\n"
            text += lines.map { $0 + "\n" }.joined()
            text += "\n// Last, so that it overrides everything above.\n#include? \"LocalConfig.xcconfig\"\n"
            session.write(Array(text.utf8), to: shared)
        }
        for file in perTargetTexts { session.write(Array(file.text.utf8), to: file.path) }

        var notes: [String] = []
        var selected: [(target: String?, id: String, name: String)] = []
        for target in targets { selected += target.configurations.map { (Optional(target.name), $0.id, $0.name) } }
        let changes = try session.setBase(shared, selected: selected, notes: &notes, wrappingEveryBase: true, perTarget: perTargetFiles)
        // Every xcconfig the setup writes is in the project, the shared one too when only
        // wrappers name it; the local file is not: a fresh clone does not have it.
        try session.addFileReferences(to: [shared] + perTargetTexts.map(\.path), notes: &notes)
        let withoutLocalFile = try session.edits()

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
        // A fresh clone, without the local file, resolves every value as before (with it, when
        // no value is given and the shared configuration is new).
        let fresh = try ProjectResolutionComparison(session: session, edits: sharedExists && values.isEmpty ? edits : withoutLocalFile)
        do {
            var changed = fresh.changes(targets: targetNames, perPlatform: true)
            if sharedExists && !values.isEmpty {
                // The values that go to the local file change in a fresh clone, by design, and
                // the existing shared configuration may give a target values it did not have;
                // a value a target had must not change otherwise (another target's bundle
                // identifier from the shared file).
                let localNames = Set(localValues.map { parseSettingKey($0.key)?.name ?? $0.key })
                changed = changed.filter { !localNames.contains($0.name) && !$0.before.isEmpty }
            }
            if !changed.isEmpty {
                let list = changed.prefix(10).map {
                    "\($0.place): \($0.name) '\($0.before)' -> '\($0.after)'"
                }
                throw LocalConfigurationError(
                    .writeFailed,
                    "the setup would change \(changed.count) resolved value\(changed.count == 1 ? "" : "s") without the local file, nothing written: " + list.joined(separator: "; "),
                    file: project.projectFilePath)
            }
        }
        let comparison = try ProjectResolutionComparison(session: session, edits: edits)
        let changedNames = Set(comparison.changes(targets: targetNames).map(\.name))
        let shown = names.filter { name in moved.contains { parseSettingKey($0.key)?.name == name } || givenNames.contains(name) }
        plan.settingChanges = comparison.values(targets: targetNames, names: shown + changedNames.subtracting(shown).sorted())
        return LocalProjectPlan(
            project: plan, local: local, moved: moved, destinations: destinations, targetNames: targetNames,
            perTargetFiles: perTargetFiles, createsSharedConfiguration: !sharedExists)
    }

    /// A target's own lines: those above the include of the shared configuration, and those
    /// below it, for the settings the existing `shared` configuration assigns before its
    /// `#include?`. Below it, a value that extends the shared one (`com.example.app.widget`
    /// over `com.example.app`) is written as `$(inherited).widget`, so it follows the value of
    /// the developer's local file as the app's does (an extension's bundle identifier must
    /// start with its app's).
    static func perTargetLines(
        _ entries: [XCConfigTextFromProject.Entry], shared: SharedConfiguration?
    ) throws(LocalConfigurationError) -> (beforeShared: [String], afterShared: [String]) {
        var before: [String] = []
        var after: [String] = []
        for entry in entries {
            guard let shared, shared.isOverridable(name: parseSettingKey(entry.key)?.name ?? entry.key) else {
                before.append("\(entry.key) = \(try LocalConfigurationFile.valueText(entry.value, key: entry.key))")
                continue
            }
            let sharedValue = shared.overridable(entry.key)?.sharedValue
            if sharedValue == entry.value {
                // The shared file gives it, and the local file can still override it.
                continue
            }
            if let sharedValue, !sharedValue.isEmpty, entry.value.hasPrefix(sharedValue) {
                let suffix = String(entry.value.dropFirst(sharedValue.count))
                after.append("\(entry.key) = $(inherited)\(try LocalConfigurationFile.valueText(suffix, key: entry.key))")
            } else {
                after.append("\(entry.key) = \(try LocalConfigurationFile.valueText(entry.value, key: entry.key))")
            }
        }
        return (before, after)
    }

    /// `<folder of shared>/<Target>.xcconfig`: the file of the settings only `target` has.
    static func perTargetPath(target: String, shared: String) -> String {
        Path.join(Path.directory(of: shared), target.replacingEvery("/", with: "-") + ".xcconfig")
    }

    /// ` (A, B)`: the settings the values refer to (`$(A).Host`), or nothing.
    static func referencedSettings(_ entries: [XCConfigTextFromProject.Entry]) -> String {
        var names: [String] = []
        for entry in entries {
            var rest = Substring(entry.value)
            while let start = rest.firstRange(of: "$(") {
                rest = rest[start.upperBound...]
                guard let end = rest.firstIndex(where: { $0 == ")" || $0 == ":" }) else { break }
                let name = String(rest[..<end])
                if !name.isEmpty, !names.contains(name) { names.append(name) }
            }
        }
        return names.isEmpty ? "" : " (\(names.joined(separator: ", ")))"
    }
}
