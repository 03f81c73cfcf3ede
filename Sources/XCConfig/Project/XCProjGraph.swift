import XCConfigSyntax

/// A `project.xcproj` opened for editing, in the terms of its tree (project-formats.md §B):
/// configurations are the names of `configurations`, the same for every target (§B.3); build
/// settings are one flat `build-settings` object per level whose `KEY[config=Name]` keys hold
/// per-configuration values (§B.3); a base xcconfig is the `file` of a `configurations` entry or
/// of a target's `specialized-configurations` entry, a name path through the `files` tree (§B.4).
///
/// Each edit replaces a value of the intended tree; ``JSON5ProjectText`` then writes only what
/// differs from the file as read.
struct XCProjGraph: ProjectEditGraph {
    var document: ProjectFileDocument
    let bundlePath: String

    init(document: ProjectFileDocument, bundlePath: String) {
        self.document = document
        self.bundlePath = bundlePath
    }

    private var rootDictionary: ProjectFileDictionary { document.root.dictionaryValue ?? ProjectFileDictionary() }

    /// The project's configuration names, in order (§B.2).
    var configurationNames: [String] {
        (rootDictionary["configurations"]?.arrayValue ?? []).compactMap { $0.stringValue ?? $0.dictionaryValue?["name"]?.stringValue }
    }

    // MARK: - Configurations

    /// The id of a configuration of the project (`target == nil`) or of a target.
    static func configurationID(target: String?, name: String) -> String {
        target.map { "target\u{0}\($0)\u{0}\(name)" } ?? "project\u{0}\(name)"
    }

    private static func parse(_ id: String) -> (target: String?, name: String) {
        let parts = id.split(separator: "\u{0}", omittingEmptySubsequences: false).map(String.init)
        return parts.count == 3 ? (parts[1], parts[2]) : (nil, parts.last ?? "")
    }

    /// The position of the target `name` in `targets`.
    private func targetPosition(_ name: String) throws(ProjectFileError) -> Int {
        let targets = rootDictionary["targets"]?.arrayValue ?? []
        if let position = targets.firstIndex(where: { $0.dictionaryValue?["name"]?.stringValue == name }) { return position }
        let names = targets.compactMap { $0.dictionaryValue?["name"]?.stringValue }.map { "'\($0)'" }.joined(separator: ", ")
        throw ProjectFileError(file: document.path, message: "the project has no target named '\(name)'" + (names.isEmpty ? "" : "; its targets are \(names)"))
    }

    func configurationIDs(target: String?) throws(ProjectFileError) -> [(id: String, name: String)] {
        if let target { _ = try targetPosition(target) }
        return configurationNames.map { (Self.configurationID(target: target, name: $0), $0) }
    }

    // MARK: - Build settings

    private func settingsPath(target: String?) throws(ProjectFileError) -> [String] {
        guard let target else { return ["build-settings"] }
        return ["targets", ProjectFileSpans.index(try targetPosition(target)), "build-settings"]
    }

    func hasSetting(_ key: String, configurationID: String) -> Bool {
        let (target, name) = Self.parse(configurationID)
        guard let path = try? settingsPath(target: target), let flat = document.value(at: path)?.dictionaryValue else { return false }
        let all = configurationNames
        return flat.entries.contains { splitKey($0.key, for: name, among: all)?.0 == key }
    }

    /// Removes every entry that gives `key` its value in the configuration: the one naming it
    /// (`KEY[config=Debug]`) and one without `config=`, which applies to every configuration. That
    /// one is kept for each other configuration that reads it, as its own `KEY[config=Other]`
    /// entry in its place, so only this configuration loses the setting.
    mutating func removeSetting(_ key: String, configurationID: String) throws(ProjectFileError) {
        let (target, name) = Self.parse(configurationID)
        let path = try settingsPath(target: target)
        guard let flat = document.value(at: path)?.dictionaryValue else { return }
        let all = configurationNames
        func namesOwnEntry(_ configuration: String) -> Bool {
            flat.entries.contains { entry in
                guard let (folded, specific) = splitKey(entry.key, for: configuration, among: all) else { return false }
                return specific && folded == key
            }
        }
        var entries: [ProjectFileDictionary.Entry] = []
        var changed = false
        for entry in flat.entries {
            guard let (folded, specific) = splitKey(entry.key, for: name, among: all), folded == key else {
                entries.append(entry)
                continue
            }
            changed = true
            if specific { continue }
            for other in all where other != name && !namesOwnEntry(other) {
                let split = Self.key(entry.key, conditionedOn: other)
                if flat[split] == nil, !entries.contains(where: { $0.key == split }) {
                    entries.append(ProjectFileDictionary.Entry(key: split, value: entry.value))
                }
            }
        }
        guard changed else { return }
        // An empty `build-settings` is left out, as Xcode leaves out every default (§B.1).
        if entries.isEmpty {
            try document.remove(at: path)
        } else {
            try document.replace(.dictionary(ProjectFileDictionary(entries)), at: path)
        }
    }

    /// `key` limited to `configuration`: `[config=Name]` right after the setting's name, as
    /// Xcode writes it (`GCC_PREPROCESSOR_DEFINITIONS[config=Debug][sdk=iphoneos*]`).
    static func key(_ key: String, conditionedOn configuration: String) -> String {
        let nameEnd = key.firstIndex(of: "[") ?? key.endIndex
        return String(key[..<nameEnd]) + "[config=\(configuration)]" + String(key[nameEnd...])
    }

    // MARK: - Base configurations

    /// The keys a target's `specialized-configurations` goes before, in Xcode's order (§B.5).
    private static let keysAfterSpecializedConfigurations = ["dependencies", "build-phases", "build-rules", "package-product-members", "build-settings"]

    mutating func setBaseConfiguration(_ reference: ProjectFileValue, configurationID: String) throws(ProjectFileError) {
        let (target, name) = Self.parse(configurationID)
        let entry = ProjectFileValue.dictionary(ProjectFileDictionary([.init(key: "name", value: .string(name)), .init(key: "file", value: reference)]))
        guard let target else {
            // `configurations[i]`: a bare `"Debug"` becomes `{ "name": "Debug", "file": … }`.
            let configurations = rootDictionary["configurations"]?.arrayValue ?? []
            guard let position = configurations.firstIndex(where: { ($0.stringValue ?? $0.dictionaryValue?["name"]?.stringValue) == name }) else {
                throw ProjectFileError(file: document.path, message: "internal error: no configuration '\(name)'")
            }
            let updated = configurations[position].dictionaryValue.map { ProjectFileValue.dictionary(Self.setting("file", reference, in: $0, after: "name")) } ?? entry
            try document.replace(updated, at: ["configurations", ProjectFileSpans.index(position)])
            return
        }
        let targetPath = ["targets", ProjectFileSpans.index(try targetPosition(target))]
        guard let targetObject = document.value(at: targetPath)?.dictionaryValue else { return }
        if case .array(var entries)? = targetObject["specialized-configurations"] {
            if let position = entries.firstIndex(where: { $0.dictionaryValue?["name"]?.stringValue == name }),
               let object = entries[position].dictionaryValue {
                entries[position] = .dictionary(Self.setting("file", reference, in: object, after: "name"))
            } else {
                // In the order of the configurations, as Xcode lists them.
                let order = configurationNames
                let rank = order.firstIndex(of: name) ?? order.count
                let successor = entries.firstIndex { element in
                    (element.dictionaryValue?["name"]?.stringValue).flatMap { order.firstIndex(of: $0) }.map { $0 > rank } ?? false
                }
                entries.insert(entry, at: successor ?? entries.count)
            }
            try document.replace(.array(entries), at: targetPath + ["specialized-configurations"])
            return
        }
        var members = targetObject.entries
        let position = members.firstIndex { Self.keysAfterSpecializedConfigurations.contains($0.key) } ?? members.count
        members.insert(.init(key: "specialized-configurations", value: .array([entry])), at: position)
        try document.replace(.dictionary(ProjectFileDictionary(members)), at: targetPath)
    }

    /// `dictionary` with `key` set to `value`: in its place when there, else after `predecessor`
    /// (or at the end).
    static func setting(_ key: String, _ value: ProjectFileValue, in dictionary: ProjectFileDictionary, after predecessor: String) -> ProjectFileDictionary {
        var dictionary = dictionary
        if dictionary[key] != nil {
            dictionary.set(key, value, line: dictionary.line(of: key))
            return dictionary
        }
        var members = dictionary.entries
        let position = members.firstIndex { $0.key == predecessor }.map { $0 + 1 } ?? members.count
        members.insert(.init(key: key, value: value), at: position)
        return ProjectFileDictionary(members)
    }

    // MARK: - File references

    /// The implicit main group (the `files` list), in place of a node index.
    private static let mainGroup = -1

    mutating func addFileReference(to path: String) throws(ProjectFileError) -> AddedFileReference {
        var reader = XCProjReader.Reader(document: rootDictionary, bundlePath: bundlePath, filePath: document.path)
        reader.buildNodes()
        let nodes = reader.nodes
        func kind(_ node: Int) -> String { nodes[node].object["kind"]?.stringValue ?? "file-reference" }
        func location(_ node: Int) -> String? {
            if node == Self.mainGroup { return reader.projectDirectory }
            if case .path(let location) = reader.directory(of: node) { return location }
            return nil
        }
        func groupName(_ group: Int) -> String { group == Self.mainGroup ? "(main group)" : nodes[group].name }

        for node in nodes.indices where kind(node) == "file-reference" && location(node) == path {
            if let namePath = Self.namePath(of: node, in: reader) {
                return AddedFileReference(reference: namePath, groupName: groupName(nodes[node].parent ?? Self.mainGroup), createdGroup: false, isNew: false)
            }
        }
        // A file inside a synchronized folder is in the project already: it is named by the
        // folder and its path there (§B.4), as Xcode names it.
        let folders = nodes.indices.filter { kind($0) == "folder" }.compactMap { node -> (node: Int, directory: String)? in
            guard let directory = location(node), path.hasPrefix(directory + "/") else { return nil }
            return (node, directory)
        }
        if let folder = folders.max(by: { $0.directory.count < $1.directory.count }), let anchor = Self.namePath(of: folder.node, in: reader) {
            let reference = ProjectFileValue.dictionary(ProjectFileDictionary([
                .init(key: "anchor", value: anchor), .init(key: "relative-path", value: .string(Path.relative(path, from: folder.directory))),
            ]))
            if reader.resolveFileReference(reference).path == path {
                return AddedFileReference(reference: reference, groupName: nodes[folder.node].name, createdGroup: false, isNew: false)
            }
        }

        // Plain groups only: variant and version groups hold localizations and model versions.
        let groups = nodes.indices.filter { kind($0) == "group" } + [Self.mainGroup]
        let candidates = groups.map { group in
            let children = group == Self.mainGroup ? reader.topLevel : nodes[group].children
            return XCConfigReferencePlacement.Candidate(
                directory: location(group), name: groupName(group),
                holdsXCConfigs: children.contains { nodes[$0].path.hasSuffix(".xcconfig") || nodes[$0].object["type"]?.stringValue == "text.xcconfig" },
                isMainGroup: group == Self.mainGroup)
        }
        let added: (childrenPath: [String], position: Int)
        let groupDescription: String
        var createdGroup = false
        switch XCConfigReferencePlacement.choose(for: path, among: candidates, mainDirectory: reader.projectDirectory) {
        case .inGroup(let index, let relativePath):
            let reference = ProjectFileValue.dictionary(ProjectFileDictionary([.init(key: "path", value: .string(relativePath))]))
            added = try append(reference, toChildrenOf: groups[index] == Self.mainGroup ? [] : Self.keyPath(of: groups[index], in: nodes))
            groupDescription = groupName(groups[index])
        case .newGroup(let folder, let name):
            let reference = ProjectFileValue.dictionary(ProjectFileDictionary([.init(key: "path", value: .string(Path.basename(path)))]))
            var group: [ProjectFileDictionary.Entry] = [.init(key: "kind", value: .string("group"))]
            if let name { group.append(.init(key: "name", value: .string(name))) }
            if folder != "." { group.append(.init(key: "path", value: .string(folder))) }
            group.append(.init(key: "children", value: .array([reference])))
            let groupAdded = try append(.dictionary(ProjectFileDictionary(group)), toChildrenOf: [])
            added = (groupAdded.childrenPath + [ProjectFileSpans.index(groupAdded.position), "children"], 0)
            groupDescription = name ?? folder
            createdGroup = true
        }

        // Named by the tree as it is now; it must lead back to the file.
        var edited = XCProjReader.Reader(document: rootDictionary, bundlePath: bundlePath, filePath: document.path)
        edited.buildNodes()
        let nodePath = added.childrenPath + [ProjectFileSpans.index(added.position)]
        guard let node = edited.nodes.indices.first(where: { Self.keyPath(of: $0, in: edited.nodes) == nodePath }),
              let namePath = Self.namePath(of: node, in: edited), edited.resolveFileReference(namePath).path == path else {
            throw ProjectFileError(
                file: document.path,
                message: "cannot refer to '\(Path.basename(path))' by a name path unambiguously: another entry of the group tree has the same name; rename it or add the file in Xcode")
        }
        return AddedFileReference(reference: namePath, groupName: groupDescription, createdGroup: createdGroup, isNew: true)
    }

    /// Appends `element` to the `children` of the group at `groupPath` (`[]`: to `files`),
    /// adding the list when the group has none.
    private mutating func append(_ element: ProjectFileValue, toChildrenOf groupPath: [String]) throws(ProjectFileError) -> (childrenPath: [String], position: Int) {
        let key = groupPath.isEmpty ? "files" : "children"
        if case .array(var elements)? = document.value(at: groupPath + [key]) {
            elements.append(element)
            try document.replace(.array(elements), at: groupPath + [key])
            return (groupPath + [key], elements.count - 1)
        }
        guard var group = document.value(at: groupPath)?.dictionaryValue else {
            throw ProjectFileError(file: document.path, message: "internal error: no group at '\(groupPath.joined(separator: " / "))'")
        }
        group.set(key, .array([element]))
        try document.replace(.dictionary(group), at: groupPath)
        return (groupPath + [key], 0)
    }

    /// The key path of a node of the `files` tree: `["files", "\0 2", "children", "\0 0"]`.
    static func keyPath(of node: Int, in nodes: [XCProjReader.Node]) -> [String] {
        var components: [String] = []
        var current: Int? = node
        while let here = current {
            components.append(ProjectFileSpans.index(nodes[here].position))
            components.append(nodes[here].parent == nil ? "files" : "children")
            current = nodes[here].parent
        }
        return components.reversed()
    }

    /// The name path of a node (§B.4): the names from the top of the tree, as one string, or as
    /// an array when a name holds `/` or is `.` or `..`; `id:` when a name is not unique among
    /// its siblings and the node has an id; `nil` otherwise.
    static func namePath(of node: Int, in reader: XCProjReader.Reader) -> ProjectFileValue? {
        var names: [String] = []
        var current: Int? = node
        while let here = current {
            let name = reader.nodes[here].name
            let siblings = reader.nodes[here].parent.map { reader.nodes[$0].children } ?? reader.topLevel
            guard !name.isEmpty, siblings.filter({ reader.nodes[$0].name == name }).count == 1 else {
                return reader.nodes[node].object["id"]?.stringValue.map { .string("id:" + $0) }
            }
            names.append(name)
            current = reader.nodes[here].parent
        }
        names.reverse()
        if names.allSatisfy({ !$0.contains("/") && $0 != "." && $0 != ".." }) { return .string(names.joined(separator: "/")) }
        return .array(names.map { name in
            name == "." || name == ".." ? .dictionary(ProjectFileDictionary([.init(key: "name", value: .string(name))])) : .string(name)
        })
    }
}
