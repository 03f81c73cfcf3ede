import XCConfigSyntax

/// An Xcode project opened for an edit that may span several files: the project file as read
/// (bytes and model), the edits to it, and the other files the edit writes.
///
/// Nothing is written here: ``edits()`` lists every file with its new and previous contents,
/// for ``FileTransaction`` to write all or none.
struct ProjectEditSession {
    let fileSystem: any FileSystem
    /// The `.xcodeproj`, absolute.
    let bundlePath: String
    /// The model of the project as read.
    let project: XcodeProject
    /// The project file's side of the edit, in its format's terms.
    var graph: any ProjectEditGraph
    /// Files besides the project file, in the order they are written.
    private(set) var otherFiles: [FileEdit] = []
    /// Path → position in ``otherFiles``: an extract writes thousands.
    private var otherFilePositions: [String: Int] = [:]

    /// Opens the project at `path` (an `.xcodeproj` or the file inside it).
    init(path: String, fileSystem: any FileSystem) throws(ProjectFileError) {
        self.fileSystem = fileSystem
        var bundle = Path.absolute(path, relativeTo: fileSystem.currentDirectory)
        let base = Path.basename(bundle)
        if base == "project.pbxproj" || base == "project.xcproj" { bundle = Path.directory(of: bundle) }
        bundlePath = bundle
        guard fileSystem.kind(of: bundle) == .directory else {
            throw ProjectFileError(file: bundle, message: "no Xcode project at '\(bundle)'")
        }
        let filePath = try XcodeProject.projectFile(inBundle: bundle, fileSystem: fileSystem)
        // The model and the editor come from the same bytes, read once.
        let bytes = try XcodeProject.readFile(filePath, fileSystem: fileSystem)
        let current = try XcodeProject.read(bytes: bytes, bundlePath: bundle, filePath: filePath)
        project = current
        let document = try ProjectFileDocument(bytes: bytes, path: current.projectFilePath, format: current.format)
        if current.format == .xcproj {
            graph = XCProjGraph(document: document, bundlePath: bundle)
        } else {
            graph = try PBXProjectGraph(document: document, bundlePath: bundle)
        }
    }

    /// The project file as the edit leaves it; edits go through ``graph``.
    var document: ProjectFileDocument { graph.document }

    /// Adds (or replaces) a file the edit writes besides the project file.
    mutating func write(_ bytes: [UInt8], to path: String) {
        let previous = fileSystem.kind(of: path) == nil ? nil : try? fileSystem.read(path)
        if let position = otherFilePositions.removeValue(forKey: path) {
            otherFiles.remove(at: position)
            for (later, edit) in otherFiles.enumerated().dropFirst(position) { otherFilePositions[edit.path] = later }
        }
        if previous == bytes { return }
        otherFilePositions[path] = otherFiles.count
        otherFiles.append(FileEdit(path: path, bytes: bytes, previous: previous))
    }

    /// What the edit writes: the other files first (so the project never refers to a file that
    /// is not there yet), then the project file when it changed.
    func edits() throws(ProjectFileError) -> [FileEdit] {
        var edits = otherFiles
        if document.isChanged {
            edits.append(FileEdit(path: project.projectFilePath, bytes: try document.rendered(), previous: document.original))
        }
        return edits
    }

    /// The file reference to the xcconfig at `path` (``ProjectEditGraph/addFileReference(to:)``),
    /// with a note when it is new.
    mutating func addFileReference(to path: String, notes: inout [String]) throws(ProjectFileError) -> AddedFileReference {
        let added = try graph.addFileReference(to: path)
        if added.isNew {
            notes.append("Add a file reference to \(Path.relativeDisplay(path, from: fileSystem.currentDirectory)) in the group \(added.groupName)"
                + (added.createdGroup ? " (created)" : ""))
        }
        return added
    }

    /// A file reference to each xcconfig of `paths` the project has none to.
    mutating func addFileReferences(to paths: [String], notes: inout [String]) throws(ProjectFileError) {
        for path in paths { _ = try addFileReference(to: path, notes: &notes) }
    }

    /// The selected configurations: the project's (no `targets`) or those targets', narrowed to
    /// `configurations` when given.
    func selectedConfigurations(targets: [String], configurations: [String]) throws(ProjectFileError)
        -> [(target: String?, id: String, name: String)]
    {
        var selected: [(target: String?, id: String, name: String)] = []
        let owners: [String?] = targets.isEmpty ? [nil] : targets.map { $0 }
        for owner in owners {
            let available = try graph.configurationIDs(target: owner)
            for name in configurations where !available.contains(where: { $0.name == name }) {
                let names = available.map { "'\($0.name)'" }.joined(separator: ", ")
                throw ProjectFileError(
                    file: project.projectFilePath,
                    message: "\(owner.map { "target '\($0)'" } ?? "the project") has no configuration named '\(name)'; its configurations are \(names)")
            }
            for configuration in available where configurations.isEmpty || configurations.contains(configuration.name) {
                selected.append((owner, configuration.id, configuration.name))
            }
        }
        return selected
    }

    /// The model's configuration for a selection entry.
    func modelConfiguration(target: String?, name: String) -> ProjectConfiguration? {
        if let target { return project.target(named: target)?.configuration(named: name) }
        return project.configuration(named: name)
    }
}

/// What a project edit asks of the project file, in the terms of its format: a
/// `project.pbxproj`'s object graph (``PBXProjectGraph``) or a `project.xcproj`'s tree
/// (``XCProjGraph``). The planners (`set-base`, `clear-overrides`, `extract`, `local init
/// --project`) work on the model and these; only this side knows the format.
protocol ProjectEditGraph {
    var document: ProjectFileDocument { get set }

    /// The configurations of the project (`target == nil`) or of a target, in order: an id the
    /// other requirements take, and the name.
    ///
    /// - Throws: when there is no such target (the message names the targets there are).
    func configurationIDs(target: String?) throws(ProjectFileError) -> [(id: String, name: String)]

    /// Whether the build settings of a configuration hold `key` (as the model writes it).
    func hasSetting(_ key: String, configurationID: String) -> Bool

    /// Removes `key` (as the model writes it) from the build settings of one configuration;
    /// the other configurations keep what they read.
    mutating func removeSetting(_ key: String, configurationID: String) throws(ProjectFileError)

    /// The file reference to the xcconfig at `path`: an existing one, or a new one in the group
    /// of its folder, else the group already holding xcconfig files, else a new `Config` group.
    mutating func addFileReference(to path: String) throws(ProjectFileError) -> AddedFileReference

    /// Makes `reference` (from ``addFileReference(to:)``) the base configuration of one
    /// configuration, replacing any other form of base it had.
    mutating func setBaseConfiguration(_ reference: ProjectFileValue, configurationID: String) throws(ProjectFileError)
}

/// What ``ProjectEditGraph/addFileReference(to:)`` did: the reference as a base configuration
/// names it (an object id, a name path), and the group it is in.
struct AddedFileReference {
    var reference: ProjectFileValue
    var groupName: String
    var createdGroup: Bool
    var isNew: Bool
}

extension XcodeProject {
    /// The project model of project-file `bytes` (either format), for a bundle at `bundlePath`.
    static func read(bytes: [UInt8], bundlePath: String, filePath: String) throws(ProjectFileError) -> XcodeProject {
        do {
            if Path.basename(filePath) == "project.xcproj" {
                return try XCProjReader.read(bytes: bytes, bundlePath: bundlePath, filePath: filePath)
            }
            return try PBXProjectReader.read(bytes: bytes, bundlePath: bundlePath, filePath: filePath)
        } catch {
            var malformed = error.inFile(filePath)
            malformed.isMalformedFile = true
            throw malformed
        }
    }
}
