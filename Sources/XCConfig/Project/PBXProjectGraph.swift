import XCConfigSyntax

/// The object graph of a `project.pbxproj` opened for editing: which objects are the project's
/// and each target's build configurations, where a file's reference is, and how to add one the
/// way Xcode would (project-formats.md §A.3–§A.5).
struct PBXProjectGraph: ProjectEditGraph {
    var document: ProjectFileDocument
    let bundlePath: String
    /// Resolves groups and file references of the file as read to paths.
    private let reader: PBXProjectReader.Reader
    /// Target name → the first target of that name, as ``configurationIDs(target:)`` looks
    /// one up for each target an edit touches.
    private let targetIDs: [String: String]
    /// The groups and file references this edit added, by id, with their paths: the reader
    /// knows the file as read only, and a second new file of a folder goes into the group the
    /// first one created.
    private var addedPaths: [String: String] = [:]
    /// Where a new reference can go, found at the first ``addFileReference(to:)`` and kept up to
    /// date by it: an extract adds one per file, and finding them anew each time made it
    /// quadratic in targets.
    private var placement: ReferencePlacementIndex?

    /// The file references by path, the synchronized folders and the groups, with what
    /// ``XCConfigReferencePlacement`` asks of each group.
    private struct ReferencePlacementIndex {
        /// Path → the first file reference to it, in written order.
        var fileReferences: [String: String] = [:]
        var synchronizedFolders: [(id: String, directory: String)] = []
        var groups: [String] = []
        var candidates: [XCConfigReferencePlacement.Candidate] = []
        var groupPositions: [String: Int] = [:]
    }

    init(document: ProjectFileDocument, bundlePath: String) throws(ProjectFileError) {
        self.document = document
        self.bundlePath = bundlePath
        reader = try PBXProjectReader.Reader(root: document.root, bundlePath: bundlePath, filePath: document.path)
        var targetIDs: [String: String] = [:]
        for id in (document.object(reader.rootID)?["targets"]?.arrayValue ?? []).compactMap(\.stringValue) {
            if let name = document.object(id)?["name"]?.stringValue, targetIDs[name] == nil { targetIDs[name] = id }
        }
        self.targetIDs = targetIDs
    }

    var rootID: String { reader.rootID }
    var projectDirectory: String { reader.projectDirectory }

    /// The XCBuildConfiguration ids of the project (`target == nil`) or of a target, by name, in order.
    func configurationIDs(target: String?) throws(ProjectFileError) -> [(id: String, name: String)] {
        let ownerID: String
        if let target {
            guard let id = targetIDs[target] else {
                let listed = (document.object(rootID)?["targets"]?.arrayValue ?? []).compactMap(\.stringValue)
                let names = listed.compactMap { document.object($0)?["name"]?.stringValue }.map { "'\($0)'" }.joined(separator: ", ")
                throw ProjectFileError(file: document.path, message: "the project has no target named '\(target)'" + (names.isEmpty ? "" : "; its targets are \(names)"))
            }
            ownerID = id
        } else {
            ownerID = rootID
        }
        guard let listID = document.object(ownerID)?["buildConfigurationList"]?.stringValue,
              let list = document.object(listID) else { return [] }
        return (list["buildConfigurations"]?.arrayValue ?? []).compactMap { value in
            guard let id = value.stringValue, let name = document.object(id)?["name"]?.stringValue else { return nil }
            return (id, name)
        }
    }

    /// The resolved path of a group or file reference of the file as read.
    func path(of id: String) -> String? {
        if let added = addedPaths[id] { return added }
        if case .path(let path) = reader.resolve(id, depth: 0) { return path }
        return nil
    }

    /// Finds what ``placement`` holds, in the objects as edited so far.
    private func placementIndex() -> ReferencePlacementIndex {
        var index = ReferencePlacementIndex()
        for entry in document.objects.entries {
            switch entry.value.dictionaryValue?["isa"]?.stringValue {
            case "PBXFileReference":
                if let path = path(of: entry.key), index.fileReferences[path] == nil { index.fileReferences[path] = entry.key }
            case "PBXFileSystemSynchronizedRootGroup":
                if let directory = path(of: entry.key) { index.synchronizedFolders.append((entry.key, directory)) }
            case "PBXGroup":
                index.groupPositions[entry.key] = index.groups.count
                index.groups.append(entry.key)
                index.candidates.append(candidate(entry.key))
            default:
                break
            }
        }
        return index
    }

    /// A group as ``XCConfigReferencePlacement`` sees it.
    private func candidate(_ group: String) -> XCConfigReferencePlacement.Candidate {
        let holdsXCConfigs = (document.object(group)?["children"]?.arrayValue ?? []).contains { child in
            guard let id = child.stringValue, let object = document.object(id) else { return false }
            return object["lastKnownFileType"]?.stringValue == "text.xcconfig"
                || (object["path"]?.stringValue ?? "").hasSuffix(".xcconfig")
        }
        return XCConfigReferencePlacement.Candidate(
            directory: path(of: group), name: groupName(group), holdsXCConfigs: holdsXCConfigs, isMainGroup: group == reader.mainGroupID)
    }

    func hasSetting(_ key: String, configurationID: String) -> Bool {
        document.value(at: ["objects", configurationID, "buildSettings", key]) != nil
    }

    mutating func removeSetting(_ key: String, configurationID: String) throws(ProjectFileError) {
        try document.remove(at: ["objects", configurationID, "buildSettings", key])
    }

    /// `reference` is a file reference's id, or (for a file inside a synchronized folder) the
    /// `anchor` and `relativePath` pair ``addFileReference(to:)`` gives.
    mutating func setBaseConfiguration(_ reference: ProjectFileValue, configurationID: String) throws(ProjectFileError) {
        let configurationPath = ["objects", configurationID]
        if let anchor = reference.dictionaryValue?["anchor"], let relativePath = reference.dictionaryValue?["relativePath"] {
            try document.remove(at: configurationPath + ["baseConfigurationReference"])
            try document.set(anchor, at: configurationPath + ["baseConfigurationReferenceAnchor"])
            try document.set(relativePath, at: configurationPath + ["baseConfigurationReferenceRelativePath"])
            return
        }
        try document.set(reference, at: configurationPath + ["baseConfigurationReference"])
        // An Xcode 16 anchor would be overridden with a warning; the reference replaces it.
        try document.remove(at: configurationPath + ["baseConfigurationReferenceAnchor"])
        try document.remove(at: configurationPath + ["baseConfigurationReferenceRelativePath"])
    }

    /// The file reference to the xcconfig at `path`: an existing one; for a file inside a
    /// synchronized folder, the folder and the path in it (§A.5: Xcode 16 names it so, and a
    /// file reference beside the folder would show the file twice); else a new one in the group
    /// whose folder holds the file, else in the group already holding xcconfig files, else in a
    /// new `Config` group of the main group.
    mutating func addFileReference(to path: String) throws(ProjectFileError) -> AddedFileReference {
        var index = placement ?? placementIndex()
        placement = nil  // the only reference while it changes, so it is not copied
        defer { placement = index }
        if let existing = index.fileReferences[path] {
            return AddedFileReference(reference: .string(existing), groupName: groupName(parent(of: existing) ?? ""), createdGroup: false, isNew: false)
        }
        let folders = index.synchronizedFolders.filter { path.hasPrefix($0.directory + "/") }
        if let folder = folders.max(by: { $0.directory.count < $1.directory.count }) {
            let reference = ProjectFileValue.dictionary(ProjectFileDictionary([
                .init(key: "anchor", value: .string(folder.id)),
                .init(key: "relativePath", value: .string(Path.relative(path, from: folder.directory))),
            ]))
            return AddedFileReference(reference: reference, groupName: groupName(folder.id), createdGroup: false, isNew: false)
        }
        let mainPath = reader.mainGroupID.flatMap { self.path(of: $0) }
        let groupID: String
        let relativePath: String
        var createdGroup = false
        switch XCConfigReferencePlacement.choose(for: path, among: index.candidates, mainDirectory: mainPath ?? projectDirectory) {
        case .inGroup(let position, let relative):
            groupID = index.groups[position]
            relativePath = relative
        case .newGroup(let folder, let name):
            guard let mainGroup = reader.mainGroupID, mainPath != nil else {
                throw ProjectFileError(file: document.path, message: "the project has no main group to add '\(Path.basename(path))' to")
            }
            var group = ProjectFileDictionary()
            group.set("isa", .string("PBXGroup"))
            group.set("children", .array([]))
            if let name { group.set("name", .string(name)) }
            if folder != "." { group.set("path", .string(folder)) }
            group.set("sourceTree", .string("<group>"))
            let id = document.newObjectID(seed: "group " + folder)
            try document.addObject(group, id: id)
            try document.append(.string(id), toArrayAt: ["objects", mainGroup, "children"])
            addedPaths[id] = Path.directory(of: path)
            index.groupPositions[id] = index.groups.count
            index.groups.append(id)
            index.candidates.append(candidate(id))
            groupID = id
            relativePath = Path.basename(path)
            createdGroup = true
        }
        var reference = ProjectFileDictionary()
        reference.set("isa", .string("PBXFileReference"))
        reference.set("lastKnownFileType", .string("text.xcconfig"))
        if relativePath.contains("/") { reference.set("name", .string(Path.basename(path))) }
        reference.set("path", .string(relativePath))
        reference.set("sourceTree", .string("<group>"))
        let id = document.newObjectID(seed: "file " + relativePath)
        try document.addObject(reference, id: id)
        try document.append(.string(id), toArrayAt: ["objects", groupID, "children"])
        addedPaths[id] = path
        index.fileReferences[path] = id
        if let position = index.groupPositions[groupID] { index.candidates[position].holdsXCConfigs = true }
        return AddedFileReference(reference: .string(id), groupName: groupName(groupID), createdGroup: createdGroup, isNew: true)
    }

    /// The group holding `id` in its `children`.
    func parent(of id: String) -> String? {
        document.objects.entries.first { entry in
            (entry.value.dictionaryValue?["children"]?.arrayValue ?? []).contains { $0.stringValue == id }
        }?.key
    }

    /// A group's name as Xcode shows it.
    func groupName(_ id: String) -> String {
        guard let object = document.object(id) else { return id }
        if let name = object["name"]?.stringValue ?? object["path"]?.stringValue { return name }
        return id == reader.mainGroupID ? "(main group)" : id
    }
}
