import XCConfigSyntax

/// What setting a base configuration does to one configuration of the project or a target.
public struct BaseConfigurationChange: Sendable, Hashable {
    /// The target, `nil` for the project level.
    public var targetName: String?
    /// The configuration.
    public var configurationName: String
    /// The base xcconfig before (its path, or its reference as written when it cannot be located).
    public var previous: String?
    /// The base xcconfig after.
    public var base: String
    /// When the previous base is kept: that file, now included by the wrapper ``base`` before
    /// the shared configuration.
    public var wrappedConfiguration: String?
    /// Whether ``wrappedConfiguration`` is one CocoaPods generates.
    public var wrapsCocoaPods: Bool = false
    /// Why nothing changes (already set, already included), `nil` when it changes.
    public var unchangedReason: String?
}

/// Everything an edit of a project would write, computed before anything is written:
/// `--dry-run` prints it, ``ProjectEditing/apply(_:fileSystem:)`` writes it all or none.
public struct ProjectEditPlan: Sendable {
    /// The project file.
    public var projectFile: String
    /// The files to write, the project file last.
    public var edits: [FileEdit]
    /// `set-base`: each selected configuration.
    public var baseChanges: [BaseConfigurationChange] = []
    /// `clear-overrides`, `extract`, `local init --project`: each value that changes.
    public var settingChanges: [ResolvedSettingChange] = []
    /// `clear-overrides`, `extract`: each project-file entry removed.
    public var removedSettings: [RemovedProjectSetting] = []
    /// What else happens, one sentence each (a file reference added, a group created).
    public var notes: [String] = []

    /// Whether the plan writes nothing.
    public var isEmpty: Bool { edits.isEmpty }
}

/// The edits of `xcconfig project` and `xcconfig local init --project`.
public enum ProjectEditing {
    /// Writes `plan`'s files all or none, refusing when one changed since the plan read it, or
    /// when one lies outside the repository holding the project (the project's folder without
    /// one), symbolic links resolved, or when one is read-only unless `replacingReadOnlyFiles`.
    public static func apply(_ plan: ProjectEditPlan, fileSystem: any FileSystem, replacingReadOnlyFiles: Bool = false) throws(FileTransactionError) {
        try FileTransaction.apply(
            plan.edits, fileSystem: fileSystem, scope: WriteScope(projectFile: plan.projectFile, fileSystem: fileSystem),
            replacingReadOnlyFiles: replacingReadOnlyFiles)
    }

    /// Plans `xcconfig project set-base`: `xcconfig` becomes the base configuration of the
    /// selected configurations (the project's, or `targets`'; all, or `configurations`).
    ///
    /// A configuration that already has a base gets a wrapper next to `xcconfig` that
    /// includes that base, then `xcconfig`, as `local init --project` does: a CocoaPods base
    /// keeps `pod install` working, any other keeps its values. `replacingExistingBases` makes
    /// `xcconfig` the base instead (a CocoaPods base is still wrapped).
    ///
    /// - Throws: ``ProjectFileError`` when `xcconfig` is not an existing `.xcconfig` file, or lies
    ///   outside the repository holding the project (the project's folder without one).
    public static func planSetBase(
        project path: String, xcconfig: String, targets: [String] = [], configurations: [String] = [],
        replacingExistingBases: Bool = false, fileSystem: any FileSystem
    ) throws(ProjectFileError) -> ProjectEditPlan {
        var session = try ProjectEditSession(path: path, fileSystem: fileSystem)
        let xcconfigPath = Path.normalize(Path.absolute(xcconfig, relativeTo: fileSystem.currentDirectory))
        guard fileSystem.kind(of: xcconfigPath) == .file else {
            throw ProjectFileError(file: xcconfigPath, message: "no xcconfig file at '\(xcconfigPath)'; create it first")
        }
        guard Path.basename(xcconfigPath).hasSuffix(".xcconfig") else {
            throw ProjectFileError(file: xcconfigPath, message: "not an xcconfig file (its name does not end in .xcconfig); nothing written")
        }
        let scope = WriteScope(projectFile: session.project.projectFilePath, fileSystem: fileSystem)
        guard scope.contains(xcconfigPath, fileSystem: fileSystem) else {
            throw ProjectFileError(
                file: xcconfigPath,
                message: "the xcconfig lies outside \(scope.root), which holds the project; a base configuration there would not be in the repository; nothing written")
        }
        let selected = try session.selectedConfigurations(targets: targets, configurations: configurations)
        var notes: [String] = []
        let changes = try session.setBase(xcconfigPath, selected: selected, notes: &notes, wrappingEveryBase: !replacingExistingBases)
        return ProjectEditPlan(projectFile: session.project.projectFilePath, edits: try session.edits(), baseChanges: changes, notes: notes)
    }
}

extension ProjectEditSession {
    /// Whether `path` is a configuration CocoaPods generates (`Pods/Target Support Files/…`,
    /// `Pods-App.debug.xcconfig`).
    static func isCocoaPodsConfiguration(_ path: String) -> Bool {
        let name = Path.basename(path)
        return path.contains("/Target Support Files/") || name == "Pods.xcconfig" || ((name.hasPrefix("Pods-") || name.hasPrefix("Pods_")) && name.hasSuffix(".xcconfig"))
    }

    /// Makes `xcconfig` (absolute, existing or about to be written by this edit) the base of
    /// each selected configuration, wrapping CocoaPods configurations; a target in
    /// `perTarget` gets that file instead (one that includes `xcconfig`).
    mutating func setBase(
        _ sharedXCConfig: String, selected: [(target: String?, id: String, name: String)], notes: inout [String],
        wrappingEveryBase: Bool = false, perTarget: [String: String] = [:]
    ) throws(ProjectFileError) -> [BaseConfigurationChange] {
        func base(of entry: (target: String?, id: String, name: String)) -> String { entry.target.flatMap { perTarget[$0] } ?? sharedXCConfig }
        let view = PlannedFileSystem(base: fileSystem, edits: otherFiles)
        let loader = IncludeLoader(fileSystem: view)
        var references: [String: ProjectFileValue] = [:]
        func reference(to path: String) throws(ProjectFileError) -> ProjectFileValue {
            if let id = references[path] { return id }
            let added = try addFileReference(to: path, notes: &notes)
            references[path] = added.reference
            return added.reference
        }

        // Wrapper names: `Debug.xcconfig` when one CocoaPods file per configuration name is
        // wrapped, else `<Target>-Debug.xcconfig`.
        var podsByConfiguration: [String: Set<[String]>] = [:]
        for entry in selected {
            if let previous = modelConfiguration(target: entry.target, name: entry.name)?.baseConfiguration?.path,
               Self.isCocoaPodsConfiguration(previous) || wrappingEveryBase {
                podsByConfiguration[entry.name, default: []].insert([previous, base(of: entry)])
            }
        }

        var changes: [BaseConfigurationChange] = []
        for entry in selected {
            let xcconfig = base(of: entry)
            let current = modelConfiguration(target: entry.target, name: entry.name)?.baseConfiguration
            let previous = current.map { $0.path ?? $0.writtenForm }
            var change = BaseConfigurationChange(
                targetName: entry.target, configurationName: entry.name, previous: previous, base: xcconfig)
            if let currentPath = current?.path {
                if currentPath == xcconfig {
                    change.unchangedReason = "already its base configuration"
                    changes.append(change)
                    continue
                }
                if let loaded = try? loader.load(path: currentPath), loaded.files.contains(where: { $0.path == xcconfig }) {
                    change.base = currentPath
                    change.unchangedReason = "its base configuration \(Path.basename(currentPath)) already includes it"
                    changes.append(change)
                    continue
                }
            }
            var target = xcconfig
            if let podsPath = current?.path, Self.isCocoaPodsConfiguration(podsPath) || wrappingEveryBase {
                let shared = (podsByConfiguration[entry.name]?.count ?? 0) > 1
                let directory = Path.directory(of: xcconfig)
                // `Debug.xcconfig`, as the CocoaPods setup is usually written; the target's name
                // comes first when several targets are wrapped, or that name is taken.
                let configurationName = Path.fileNameComponent(entry.name)
                var candidates = ["\(configurationName).xcconfig"]
                candidates.append("\(entry.target.map(Path.fileNameComponent) ?? "Project")-\(configurationName).xcconfig")
                if shared { candidates.removeFirst() }
                var chosen: (path: String, contents: [UInt8], exists: Bool)?
                for name in candidates {
                    let wrapper = Path.join(directory, name)
                    guard wrapper != podsPath, wrapper != xcconfig else { continue }
                    let contents = Self.wrapperContents(name: name, including: [podsPath, xcconfig], from: directory)
                    guard let existing = try? view.read(wrapper) else {
                        chosen = (wrapper, contents, false)
                        break
                    }
                    let includes = existing == contents ? [] : (try? loader.load(path: wrapper))?.files.compactMap(\.path) ?? []
                    if existing == contents || (includes.contains(podsPath) && includes.contains(xcconfig)) {
                        chosen = (wrapper, contents, true)
                        break
                    }
                }
                guard let chosen else {
                    throw ProjectFileError(
                        file: Path.join(directory, candidates.last!),
                        message: "the wrapper configuration for \(entry.target.map { "target '\($0)', " } ?? "")\(entry.name) would replace an existing file that does not include both \(Path.basename(podsPath)) and \(Path.basename(xcconfig)); move it away or include both in it")
                }
                if !chosen.exists { write(chosen.contents, to: chosen.path) }
                let wrapper = chosen.path
                target = wrapper
                change.base = wrapper
                change.wrappedConfiguration = podsPath
                change.wrapsCocoaPods = Self.isCocoaPodsConfiguration(podsPath)
            }
            try graph.setBaseConfiguration(try reference(to: target), configurationID: entry.id)
            changes.append(change)
        }
        return changes
    }

    /// The wrapper xcconfig: a comment saying why it exists, then one `#include` per file.
    static func wrapperContents(name: String, including files: [String], from directory: String) -> [UInt8] {
        var text: String
        if let first = files.first, isCocoaPodsConfiguration(first) {
            text = "// \(name): CocoaPods' configuration, then the project's shared one.\n"
            text += "// Written by xcconfig; keeps CocoaPods working after `pod install`.\n"
        } else {
            text = "// \(name): the configuration's previous base, then the project's shared one.\n"
        }
        for file in files { text += "#include \"\(Path.relative(file, from: directory))\"\n" }
        return Array(text.utf8)
    }
}
