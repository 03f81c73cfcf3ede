import XCConfigSyntax

/// Turns a `project.xcproj` (JSON5, Xcode 27.2+) into an ``XcodeProject``
/// (project-formats.md §B).
enum XCProjReader {
    /// The `required-capabilities` this reader supports. Apple's reference decoder knows none
    /// besides a testing one, so any listed capability means "made by a newer Xcode" (§B.1).
    static let knownCapabilities: Set<String> = []

    static func read(bytes: [UInt8], bundlePath: String, filePath: String) throws(ProjectFileError) -> XcodeProject {
        let root: ProjectFileValue
        do {
            root = try JSON5.parse(bytes)
        } catch {
            throw error.inFile(filePath)
        }
        guard let document = root.dictionaryValue else {
            throw ProjectFileError(file: filePath, message: "project.xcproj holds \(root.kindDescription), expected an object")
        }
        var reader = Reader(document: document, bundlePath: bundlePath, filePath: filePath)
        return try reader.project()
    }

    /// One node of the `files` tree, flattened; `parent` is an index into the node list, `nil` for
    /// the implicit main group's direct children; `position` its index in the parent's
    /// `children` (or in `files`).
    struct Node {
        var object: ProjectFileDictionary
        var parent: Int?
        var position: Int
        var children: [Int] = []
        var name: String
        var path: String
    }

    /// The reading of one file, also used by ``XCProjGraph`` to find and name file references.
    struct Reader {
        let document: ProjectFileDictionary
        let bundlePath: String
        let filePath: String
        let name: String
        let projectDirectory: String
        var nodes: [Node] = []
        var topLevel: [Int] = []
        var warnings: [Diagnostic] = []

        init(document: ProjectFileDictionary, bundlePath: String, filePath: String) {
            self.document = document
            self.bundlePath = bundlePath
            self.filePath = filePath
            let (name, directory) = XcodeProject.nameAndDirectory(of: bundlePath)
            self.name = name
            // No projectDirPath in this format: SRCROOT is the directory of the .xcodeproj (§B.2).
            self.projectDirectory = directory
        }

        func error(_ message: String, key: String? = nil, in dictionary: ProjectFileDictionary? = nil) -> ProjectFileError {
            let line = key.flatMap { (dictionary ?? document).line(of: $0) }
            return ProjectFileError(file: filePath, line: line, message: message)
        }

        mutating func project() throws(ProjectFileError) -> XcodeProject {
            // Refuse unknown capabilities before anything else, as Xcode does (§B.1).
            let required = (document["required-capabilities"]?.arrayValue ?? []).compactMap(\.stringValue)
            let unknown = required.filter { !XCProjReader.knownCapabilities.contains($0) }
            if !unknown.isEmpty {
                let list = unknown.count == 1 ? unknown[0] : unknown.dropLast().joined(separator: ", ") + " and " + unknown.last!
                throw error("The project requires a newer version of Xcode with support for \(list)", key: "required-capabilities")
            }
            guard let defaultConfiguration = document["default-configuration"]?.stringValue else {
                throw error("project.xcproj has no 'default-configuration'")
            }

            buildNodes()

            // Project configurations: "Name" or { "name", "file"? } (§B.2).
            var configurationNames: [String] = []
            var projectFiles: [String: BaseConfigurationReference] = [:]
            var configurationLines: [String: Int] = [:]
            for value in document["configurations"]?.arrayValue ?? [] {
                if let configurationName = value.stringValue {
                    configurationNames.append(configurationName)
                } else if let object = value.dictionaryValue, let configurationName = object["name"]?.stringValue {
                    configurationNames.append(configurationName)
                    configurationLines[configurationName] = object.line(of: "name")
                    if let file = object["file"] {
                        var reference = resolveFileReference(file)
                        reference.keyPath = "configurations / \(configurationName) / file"
                        reference.line = object.line(of: "file")
                        projectFiles[configurationName] = reference
                    }
                } else {
                    throw error("an entry of 'configurations' is \(value.kindDescription), expected a name or an object with 'name'", key: "configurations")
                }
            }

            let projectSettings = document["build-settings"]?.dictionaryValue ?? ProjectFileDictionary()
            let configurations = configurationNames.map { configurationName in
                ProjectConfiguration(
                    name: configurationName, baseConfiguration: projectFiles[configurationName],
                    buildSettings: settings(projectSettings, for: configurationName, among: configurationNames, keyPathPrefix: "build-settings / "),
                    settingsOfOtherConfigurations: settingsOfOtherConfigurations(
                        projectSettings, for: configurationName, among: configurationNames, keyPathPrefix: "build-settings / "),
                    line: configurationLines[configurationName] ?? document.line(of: "configurations"))
            }

            var targets: [ProjectTarget] = []
            var seenNames: Set<String> = []
            for value in document["targets"]?.arrayValue ?? [] {
                guard let target = value.dictionaryValue, let targetName = target["name"]?.stringValue else {
                    throw error("an entry of 'targets' has no 'name'", key: "targets")
                }
                // The reference decoder rejects duplicate target names (§B.5).
                guard seenNames.insert(targetName).inserted else {
                    throw error("Target names must be unique, but '\(targetName)' is used multiple times", key: "targets")
                }
                let kind: TargetKind
                switch target["kind"]?.stringValue ?? "native" {
                case "native": kind = .native
                case "aggregate": kind = .aggregate
                case "external-build-system": kind = .externalBuildSystem
                case let other:
                    throw error("target '\(targetName)' has unknown kind '\(other)'", key: "kind", in: target)
                }
                // `product-type` drops the `com.apple.product-type.` prefix; other ids are written
                // in full under `full-product-type` (§B.5).
                let productType = target["full-product-type"]?.stringValue
                    ?? target["product-type"]?.stringValue.map { "com.apple.product-type." + $0 }
                var targetFiles: [String: BaseConfigurationReference] = [:]
                for entry in target["specialized-configurations"]?.arrayValue ?? [] {
                    guard let object = entry.dictionaryValue, let configurationName = object["name"]?.stringValue else { continue }
                    if let file = object["file"] {
                        var reference = resolveFileReference(file)
                        reference.keyPath = "targets / \(targetName) / specialized-configurations / \(configurationName) / file"
                        reference.line = object.line(of: "file")
                        targetFiles[configurationName] = reference
                    }
                }
                let targetSettings = target["build-settings"]?.dictionaryValue ?? ProjectFileDictionary()
                // Target configurations always equal the project's list (§B.3).
                let targetConfigurations = configurationNames.map { configurationName in
                    ProjectConfiguration(
                        name: configurationName, baseConfiguration: targetFiles[configurationName],
                        buildSettings: settings(targetSettings, for: configurationName, among: configurationNames,
                                                keyPathPrefix: "targets / \(targetName) / build-settings / "),
                        settingsOfOtherConfigurations: settingsOfOtherConfigurations(
                            targetSettings, for: configurationName, among: configurationNames,
                            keyPathPrefix: "targets / \(targetName) / build-settings / "),
                        line: target.line(of: "name"))
                }
                var projectTarget = ProjectTarget(
                    name: targetName, kind: kind, productType: productType, configurations: targetConfigurations,
                    identifier: target["id"]?.stringValue)
                // The package products the target uses (`package-product-members`), by name.
                projectTarget.packageProductDependencies = target["package-product-members"]?.arrayValue?.compactMap {
                    $0.dictionaryValue?["product-name"]?.stringValue
                } ?? []
                targets.append(projectTarget)
            }

            return XcodeProject(
                path: bundlePath, projectFilePath: filePath, format: .xcproj, name: name,
                projectDirectory: projectDirectory, defaultConfigurationName: defaultConfiguration,
                configurations: configurations, targets: targets,
                developmentRegion: document["localizations"]?.dictionaryValue?["development"]?.stringValue,
                classPrefix: document["class-prefix"]?.stringValue, warnings: warnings)
        }

        /// The pbxproj-equivalent dictionary of `configuration` from a flat `build-settings` object
        /// (tuist/XcodeProj's `split`, project-formats.md §B.3): keys without `config=` stay; a
        /// `config=` naming this configuration is removed from the key; one naming another
        /// configuration drops the key; one naming no configuration (`config=*`) stays for the
        /// condition evaluator. When removing the condition makes two keys equal, the one that
        /// named this configuration wins: it is the per-configuration value.
        func settings(_ flat: ProjectFileDictionary, for configuration: String, among all: [String], keyPathPrefix: String) -> [ProjectBuildSetting] {
            var result: [ProjectBuildSetting] = []
            var positionOfKey: [String: Int] = [:]
            var specific: Set<String> = []
            for entry in flat.entries {
                guard let (key, isSpecific) = splitKey(entry.key, for: configuration, among: all),
                      let setting = buildSetting(entry, key: key, keyPathPrefix: keyPathPrefix) else { continue }
                if let existing = positionOfKey[key] {
                    if isSpecific || !specific.contains(key) { result[existing] = setting }
                } else {
                    positionOfKey[key] = result.count
                    result.append(setting)
                }
                if isSpecific { specific.insert(key) }
            }
            return result
        }

        /// The entries of a flat `build-settings` object that ``settings(_:for:among:keyPathPrefix:)``
        /// leaves out for `configuration` because a `config=` condition names another
        /// configuration, keys unchanged: the condition matcher rules them out in this
        /// configuration, but they still assign their setting (project-formats.md §B.3).
        func settingsOfOtherConfigurations(_ flat: ProjectFileDictionary, for configuration: String, among all: [String], keyPathPrefix: String) -> [ProjectBuildSetting] {
            flat.entries.compactMap { entry in
                guard splitKey(entry.key, for: configuration, among: all) == nil else { return nil }
                return buildSetting(entry, key: entry.key, keyPathPrefix: keyPathPrefix)
            }
        }

        /// The setting of a `build-settings` entry under `key`: a string, or an array of strings
        /// joined (§B.3); `nil` for any other value.
        func buildSetting(_ entry: ProjectFileDictionary.Entry, key: String, keyPathPrefix: String) -> ProjectBuildSetting? {
            switch entry.value {
            case .string(let text):
                return ProjectBuildSetting(key: key, value: text, line: entry.line, keyPath: keyPathPrefix + entry.key)
            case .array(let elements) where elements.allSatisfy({ $0.stringValue != nil }):
                let strings = elements.map { $0.stringValue! }
                return ProjectBuildSetting(
                    key: key, value: ProjectBuildSetting.joinedArrayValue(strings), arrayElements: strings,
                    line: entry.line, keyPath: keyPathPrefix + entry.key)
            default:
                return nil
            }
        }

        /// Builds the flattened reference tree of `files` (§B.4, §B.6). Iterative, so a deep
        /// tree cannot overflow the stack.
        mutating func buildNodes() {
            let files = document["files"]?.arrayValue ?? []
            var pending: [(value: ProjectFileValue, parent: Int?, position: Int)] =
                files.indices.reversed().map { (files[$0], nil, $0) }
            // Depth-first with an explicit stack; children are appended in order below.
            var orderedChildren: [Int?: [Int]] = [:]
            while let (value, parent, position) = pending.popLast() {
                guard let object = value.dictionaryValue else { continue }
                let kind = object["kind"]?.stringValue ?? "file-reference"
                let path = object["path"]?.stringValue ?? ""
                let lastComponent = Path.basename(Self.pathWithoutBase(path))
                // Groups are named by `name`, else by their path's last component; every other
                // reference by its path's last component (§B.4).
                let isGroup = kind == "group" || kind == "variant-group" || kind == "version-group"
                let nodeName = isGroup ? (object["name"]?.stringValue ?? lastComponent) : lastComponent
                let index = nodes.count
                nodes.append(Node(object: object, parent: parent, position: position, name: nodeName, path: path))
                orderedChildren[parent, default: []].append(index)
                let children = object["children"]?.arrayValue ?? []
                for childPosition in children.indices.reversed() { pending.append((children[childPosition], index, childPosition)) }
            }
            topLevel = orderedChildren[nil] ?? []
            for (parent, children) in orderedChildren {
                if let parent { nodes[parent].children = children }
            }
        }

        /// The path text without a `<BASE>/` prefix and with `\<` unescaped, for naming.
        static func pathWithoutBase(_ path: String) -> String {
            if path.hasPrefix("<"), let end = path.firstRange(of: ">/") { return String(path[end.upperBound...]) }
            if path.hasPrefix("\\<") { return String(path.dropFirst()) }
            return path
        }

        /// Resolves a `GroupTreeAnchoredReference` (§B.4): a name path (string or array of
        /// components), an `id:` string, or `{ "anchor", "relative-path" }`.
        func resolveFileReference(_ value: ProjectFileValue) -> BaseConfigurationReference {
            let written = Self.describe(value)
            let location: ResolvedLocation
            if let object = value.dictionaryValue, let anchor = object["anchor"] {
                let relative = Self.namePathText(object["relative-path"] ?? .string(""))
                switch findNode(anchor) {
                case .failure(let problem): return BaseConfigurationReference(path: nil, writtenForm: written, problem: problem)
                case .success(let node):
                    switch directory(of: node) {
                    case .path(let directory): location = .path(Path.normalize(Path.join(directory, relative)))
                    case .unresolved(let form, let problem): location = .unresolved(Path.join(form, relative), problem)
                    }
                }
            } else {
                switch findNode(value) {
                case .failure(let problem): return BaseConfigurationReference(path: nil, writtenForm: written, problem: problem)
                case .success(let node): location = directory(of: node)
                }
            }
            switch location {
            case .path(let path): return BaseConfigurationReference(path: path, writtenForm: written)
            case .unresolved(let form, let problem): return BaseConfigurationReference(path: nil, writtenForm: form, problem: problem)
            }
        }

        static func describe(_ value: ProjectFileValue) -> String {
            if let object = value.dictionaryValue, let anchor = object["anchor"] {
                return "anchor \(namePathText(anchor)) + \(namePathText(object["relative-path"] ?? .string("")))"
            }
            return namePathText(value)
        }

        /// A name path as text: the string itself, or array components joined with `/`.
        static func namePathText(_ value: ProjectFileValue) -> String {
            if let text = value.stringValue { return text }
            let components = (value.arrayValue ?? []).map { component in
                component.stringValue ?? component.dictionaryValue?["name"]?.stringValue ?? ""
            }
            return components.joined(separator: "/")
        }

        /// The node a name path or `id:` reference names.
        func findNode(_ value: ProjectFileValue) -> NodeLookup {
            // Components: `.`/`..` are relative moves, anything else a child name; an object
            // component `{ "name": … }` is always a child name (it may contain `/` or be `..`).
            enum Component { case current, parent, child(String) }
            var components: [Component] = []
            if let text = value.stringValue {
                if text.hasPrefix("id:") {
                    let id = String(text.dropFirst(3))
                    guard let node = nodes.firstIndex(where: { $0.object["id"]?.stringValue == id }) else {
                        return .failure("no reference has id '\(id)'")
                    }
                    return .success(node)
                }
                for part in text.split(separator: "/", omittingEmptySubsequences: true) {
                    components.append(part == "." ? .current : part == ".." ? .parent : .child(String(part)))
                }
            } else if let array = value.arrayValue {
                for part in array {
                    if let text = part.stringValue {
                        components.append(text == "." ? .current : text == ".." ? .parent : .child(text))
                    } else if let childName = part.dictionaryValue?["name"]?.stringValue {
                        components.append(.child(childName))
                    } else {
                        return .failure("a name-path component is \(part.kindDescription)")
                    }
                }
            } else {
                return .failure("the reference is \(value.kindDescription), expected a name path")
            }
            var current: Int? = nil
            var walked: [String] = []
            for component in components {
                switch component {
                case .current: continue
                case .parent:
                    guard let here = current else { return .failure("'..' goes above the top of the group tree") }
                    current = nodes[here].parent
                    walked.append("..")
                case .child(let childName):
                    let candidates = current.map { nodes[$0].children } ?? topLevel
                    let matches = candidates.filter { nodes[$0].name == childName }
                    walked.append(childName)
                    guard let match = matches.first else {
                        return .failure("no reference named '\(walked.joined(separator: "/"))' in the group tree")
                    }
                    // Xcode refuses ambiguous name paths (§B.4).
                    guard matches.count == 1 else {
                        return .failure("the name '\(walked.joined(separator: "/"))' is ambiguous in the group tree")
                    }
                    current = match
                }
            }
            guard let node = current else { return .failure("the name path names the project itself") }
            return .success(node)
        }

        /// The file-system location of a node: its `path` against its base (§B.4 table), the
        /// parent group's directory for group-relative paths.
        func directory(of node: Int) -> ResolvedLocation {
            var chain: [String] = []
            var current: Int? = node
            var steps = 0
            while let here = current, steps < 10_000 {
                steps += 1
                let path = nodes[here].path
                if path.hasPrefix("/") { return .path(Path.normalize(chain.reversed().reduce(path) { Path.join($0, $1) })) }
                if path.hasPrefix("~") {
                    return .unresolved(chain.reversed().reduce(path) { Path.join($0, $1) }, "it is relative to the home directory")
                }
                if path.hasPrefix("<") {
                    guard let end = path.firstRange(of: ">/") else {
                        return .unresolved(path, "the path base of '\(path)' is not terminated by '>/'")
                    }
                    let base = String(path[path.index(after: path.startIndex)..<end.lowerBound])
                    let rest = chain.reversed().reduce(String(path[end.upperBound...])) { Path.join($0, $1) }
                    var variable: String
                    switch base {
                    case "PROJECT": return .path(Path.absolute(rest, relativeTo: projectDirectory))
                    case "PRODUCTS": variable = "BUILT_PRODUCTS_DIR"
                    case "SDK": variable = "SDKROOT"
                    case "DEVELOPER": variable = "DEVELOPER_DIR"
                    default:
                        guard base.hasPrefix("USER:") else { return .unresolved(path, "unknown path base '<\(base)>'") }
                        // `>` inside the name is escaped as `\>`.
                        variable = String(base.dropFirst(5)).split(separator: "\\>", omittingEmptySubsequences: false).joined(separator: ">")
                    }
                    switch variable {
                    case "BUILT_PRODUCTS_DIR", "SDKROOT", "DEVELOPER_DIR":
                        return .unresolved(Path.join("$(\(variable))", rest), "it is relative to \(variable), which is only known inside Xcode")
                    default:
                        // SRCROOT-like or a custom source tree unknown here → PROJECT_DIR (§A.4).
                        return .path(Path.absolute(rest, relativeTo: projectDirectory))
                    }
                }
                chain.append(path.hasPrefix("\\<") ? String(path.dropFirst()) : path)
                current = nodes[here].parent
            }
            // Top-level references sit in the implicit main group at the project directory.
            return .path(Path.absolute(chain.reversed().reduce("") { Path.join($0, $1) }, relativeTo: projectDirectory))
        }
    }
}

/// A found reference node, or why none was found.
enum NodeLookup {
    case success(Int)
    case failure(String)
}

/// Splits the `config=` conditions out of a build-setting key for `configuration`
/// (project-formats.md §B.3). Returns `nil` when the key belongs to another configuration, else
/// the key to use and whether it named `configuration`.
func splitKey(_ key: String, for configuration: String, among all: [String]) -> (String, Bool)? {
    guard let open = key.firstIndex(of: "[") else { return (key, false) }
    var rest = key[open...]
    var kept = String(key[..<open])
    var named = false
    while let start = rest.firstIndex(of: "["), let end = rest[start...].firstIndex(of: "]") {
        let condition = rest[rest.index(after: start)..<end]
        if condition.hasPrefix("config=") {
            let pattern = String(condition.dropFirst("config=".count))
            if pattern == configuration {
                named = true
                rest = rest[rest.index(after: end)...]
                continue
            }
            if all.contains(pattern) { return nil }
        }
        kept += rest[start...end]
        rest = rest[rest.index(after: end)...]
    }
    kept += rest
    return (kept, named)
}
