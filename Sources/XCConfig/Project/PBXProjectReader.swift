import XCConfigSyntax

/// Turns the object graph of a `project.pbxproj` into an ``XcodeProject``
/// (project-formats.md §A.3–§A.6).
enum PBXProjectReader {
    static func read(bytes: [UInt8], bundlePath: String, filePath: String) throws(ProjectFileError) -> XcodeProject {
        let (root, format) = try parse(bytes: bytes, filePath: filePath)
        var reader = try Reader(root: root, bundlePath: bundlePath, filePath: filePath)
        return try reader.project(format: format)
    }

    /// Sniffs and parses the file (project-formats.md §E.1).
    static func parse(bytes: [UInt8], filePath: String) throws(ProjectFileError) -> (ProjectFileValue, ProjectFileFormat) {
        var start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while start < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[start]) { start += 1 }
        let head = bytes[start..<min(bytes.count, start + 8)]
        if head.starts(with: Array("bplist".utf8)) {
            throw ProjectFileError(file: filePath, message: "binary property-list project files are not supported; convert it with 'plutil -convert xml1'")
        }
        if head.first == UInt8(ascii: "<") {
            do {
                return (ProjectFileValue(try XMLPropertyList.parse(bytes)), .xmlPropertyList)
            } catch {
                throw ProjectFileError(file: filePath, line: error.location?.line, column: error.location?.column, message: error.message)
            }
        }
        do {
            return (try OldStylePropertyList.parse(bytes), .oldStylePropertyList)
        } catch {
            // `plutil -convert json` output is not old-style (`"a" : "b"`), but is JSON5.
            if head.first == UInt8(ascii: "{"), let json = try? JSON5.parse(bytes) {
                return (json, .json)
            }
            throw error.inFile(filePath)
        }
    }

    struct Reader {
        let objects: ProjectFileDictionary
        let rootID: String
        let projectObject: ProjectFileDictionary
        let filePath: String
        let bundlePath: String
        let name: String
        let projectDirectory: String
        var parents: [String: String] = [:]
        let mainGroupID: String?
        var warnings: [Diagnostic] = []

        init(root: ProjectFileValue, bundlePath: String, filePath: String) throws(ProjectFileError) {
            self.filePath = filePath
            self.bundlePath = bundlePath
            guard let top = root.dictionaryValue else {
                throw ProjectFileError(file: filePath, message: "the project file is \(root.kindDescription), expected a dictionary")
            }
            guard let objects = top["objects"]?.dictionaryValue else {
                throw ProjectFileError(file: filePath, line: top.line(of: "objects"), message: "the project file has no 'objects' dictionary")
            }
            guard let rootID = top["rootObject"]?.stringValue else {
                throw ProjectFileError(file: filePath, message: "the project file has no 'rootObject'")
            }
            guard let project = objects[rootID]?.dictionaryValue else {
                throw ProjectFileError(file: filePath, line: top.line(of: "rootObject"), message: "rootObject '\(rootID)' is not in 'objects'")
            }
            self.objects = objects
            self.rootID = rootID
            self.projectObject = project
            let (name, directory) = XcodeProject.nameAndDirectory(of: bundlePath)
            self.name = name
            // PROJECT_DIR = directory of the .xcodeproj + projectDirPath (an absolute one replaces
            // it); projectRoot is legacy and ignored (project-formats.md §A.4).
            let projectDirPath = project["projectDirPath"]?.stringValue ?? ""
            self.projectDirectory = Path.absolute(projectDirPath, relativeTo: directory)
            self.mainGroupID = project["mainGroup"]?.stringValue

            // Parent map of the group tree: every group lists its members in `children`.
            for entry in objects.entries {
                guard let children = entry.value.dictionaryValue?["children"]?.arrayValue else { continue }
                for child in children {
                    if let childID = child.stringValue, parents[childID] == nil { parents[childID] = entry.key }
                }
            }
        }

        func object(_ id: String) -> ProjectFileDictionary? { objects[id]?.dictionaryValue }

        func isa(_ id: String) -> String { object(id)?["isa"]?.stringValue ?? "?" }

        func danglingError(_ id: String, referencedBy owner: String, key: String) -> ProjectFileError {
            ProjectFileError(
                file: filePath, line: object(owner).flatMap { _ in objects.line(of: owner) },
                message: "\(isa(owner)) '\(owner)' refers in '\(key)' to '\(id)', which is not in 'objects'")
        }

        mutating func project(format: ProjectFileFormat) throws(ProjectFileError) -> XcodeProject {
            let projectList = try configurationList(of: rootID, displayName: "\(name).xcodeproj")
            var targets: [ProjectTarget] = []
            for targetValue in projectObject["targets"]?.arrayValue ?? [] {
                guard let targetID = targetValue.stringValue else { continue }
                guard let target = object(targetID) else {
                    throw danglingError(targetID, referencedBy: rootID, key: "targets")
                }
                let isa = target["isa"]?.stringValue ?? ""
                let kind: TargetKind
                switch isa {
                case "PBXNativeTarget": kind = .native
                case "PBXAggregateTarget": kind = .aggregate
                case "PBXLegacyTarget": kind = .externalBuildSystem
                default:
                    warnings.append(Diagnostic(
                        severity: .warning, message: "target '\(targetID)' has unknown isa '\(isa)'; skipped", file: filePath,
                        location: objects.line(of: targetID).map { SourceLocation(line: $0, column: 1) }))
                    continue
                }
                let targetName = target["name"]?.stringValue ?? ""
                let configurations = try configurationList(of: targetID, displayName: targetName)
                var projectTarget = ProjectTarget(
                    name: targetName, kind: kind, productType: target["productType"]?.stringValue,
                    configurations: configurations.configurations, identifier: targetID)
                projectTarget.packageProductDependencies = target["packageProductDependencies"]?.arrayValue?.compactMap(\.stringValue) ?? []
                targets.append(projectTarget)
            }
            return XcodeProject(
                path: bundlePath, projectFilePath: filePath, format: format, name: name,
                projectDirectory: projectDirectory, defaultConfigurationName: projectList.defaultName,
                configurations: projectList.configurations, targets: targets,
                developmentRegion: projectObject["developmentRegion"]?.stringValue,
                classPrefix: projectObject["attributes"]?.dictionaryValue?["CLASSPREFIX"]?.stringValue,
                warnings: warnings)
        }

        /// The configurations of the XCConfigurationList that `ownerID` (project or target) points at.
        mutating func configurationList(of ownerID: String, displayName: String) throws(ProjectFileError)
            -> (configurations: [ProjectConfiguration], defaultName: String?)
        {
            guard let owner = object(ownerID), let listID = owner["buildConfigurationList"]?.stringValue else {
                return ([], nil)
            }
            guard let list = object(listID) else {
                throw danglingError(listID, referencedBy: ownerID, key: "buildConfigurationList")
            }
            var configurations: [ProjectConfiguration] = []
            for value in list["buildConfigurations"]?.arrayValue ?? [] {
                guard let configurationID = value.stringValue else { continue }
                guard let configuration = object(configurationID) else {
                    throw danglingError(configurationID, referencedBy: listID, key: "buildConfigurations")
                }
                configurations.append(buildConfiguration(configurationID, configuration, ownerName: displayName))
            }
            return (configurations, list["defaultConfigurationName"]?.stringValue)
        }

        mutating func buildConfiguration(_ id: String, _ configuration: ProjectFileDictionary, ownerName: String) -> ProjectConfiguration {
            let name = configuration["name"]?.stringValue ?? ""
            let keyPathPrefix = "\(ownerName) / \(name) / buildSettings / "
            var settings: [ProjectBuildSetting] = []
            for entry in configuration["buildSettings"]?.dictionaryValue?.entries ?? [] {
                let keyPath = keyPathPrefix + entry.key
                switch entry.value {
                case .string(let text):
                    settings.append(ProjectBuildSetting(key: entry.key, value: text, line: entry.line, keyPath: keyPath))
                case .array(let elements) where elements.allSatisfy({ $0.stringValue != nil }):
                    let strings = elements.map { $0.stringValue! }
                    settings.append(ProjectBuildSetting(
                        key: entry.key, value: ProjectBuildSetting.joinedArrayValue(strings), arrayElements: strings,
                        line: entry.line, keyPath: keyPath))
                default:
                    // swift-build rejects settings whose value is neither a string nor an array of
                    // strings (project-formats.md §A.6).
                    warnings.append(Diagnostic(
                        severity: .warning, message: "ignoring \(keyPath): the value is \(entry.value.kindDescription), not a string or an array of strings",
                        file: filePath, location: entry.line.map { SourceLocation(line: $0, column: 1) }))
                }
            }

            var base: BaseConfigurationReference?
            let referenceID = configuration["baseConfigurationReference"]?.stringValue
            let anchorID = configuration["baseConfigurationReferenceAnchor"]?.stringValue
            if let referenceID {
                if anchorID != nil {
                    warnings.append(Diagnostic(
                        severity: .warning,
                        message: "configuration '\(name)' of \(ownerName) has both baseConfigurationReference and baseConfigurationReferenceAnchor; using baseConfigurationReference",
                        file: filePath, location: configuration.line(of: "baseConfigurationReference").map { SourceLocation(line: $0, column: 1) }))
                }
                base = reference(resolve(referenceID, depth: 0))
            } else if let anchorID {
                // Xcode 16+: synchronized folder + relative path inside it (project-formats.md §A.5).
                let relative = configuration["baseConfigurationReferenceRelativePath"]?.stringValue ?? ""
                var location = resolve(anchorID, depth: 0)
                switch location {
                case .path(let directory): location = .path(Path.normalize(Path.join(directory, relative)))
                case .unresolved(let form, let problem): location = .unresolved(Path.join(form, relative), problem)
                }
                base = reference(location)
            }
            // Where the reference is written, for a missing base xcconfig's diagnostic.
            let referenceKey = referenceID != nil ? "baseConfigurationReference" : "baseConfigurationReferenceAnchor"
            base?.keyPath = "\(ownerName) / \(name) / \(referenceKey)"
            base?.line = configuration.line(of: referenceKey)
            return ProjectConfiguration(name: name, baseConfiguration: base, buildSettings: settings, line: objects.line(of: id))
        }

        func reference(_ location: ResolvedLocation) -> BaseConfigurationReference {
            switch location {
            case .path(let path): BaseConfigurationReference(path: path, writtenForm: path)
            case .unresolved(let form, let problem): BaseConfigurationReference(path: nil, writtenForm: form, problem: problem)
            }
        }

        /// A file reference or group → file-system path (project-formats.md §A.4).
        func resolve(_ id: String, depth: Int) -> ResolvedLocation {
            guard depth < 256 else { return .unresolved(id, "the group tree is cyclic or too deep at '\(id)'") }
            guard let item = object(id) else { return .unresolved(id, "the reference '\(id)' is not in 'objects'") }
            // `name` is display-only; only `path` counts.
            let written = item["path"]?.stringValue ?? ""
            let path: String
            switch expandProjectVariables(written) {
            case .path(let expanded): path = expanded
            case .unresolved(let form, let problem): return .unresolved(form, problem)
            }
            if Path.isAbsolute(path) { return .path(Path.normalize(path)) }
            let sourceTree = item["sourceTree"]?.stringValue ?? "<group>"
            switch sourceTree {
            case "<group>":
                if id == mainGroupID { return .path(Path.absolute(path, relativeTo: projectDirectory)) }
                guard let parent = parents[id] else {
                    // Not in any group: nothing to be relative to but the project directory.
                    return .path(Path.absolute(path, relativeTo: projectDirectory))
                }
                switch resolve(parent, depth: depth + 1) {
                case .path(let directory): return .path(Path.absolute(path, relativeTo: directory))
                case .unresolved(let form, let problem): return .unresolved(Path.join(form, path), problem)
                }
            case "SOURCE_ROOT", "<absolute>", "SRCROOT", "PROJECT_DIR":
                // swift-build maps SOURCE_ROOT to PROJECT_DIR here (§A.4).
                return .path(Path.absolute(path, relativeTo: projectDirectory))
            case "BUILT_PRODUCTS_DIR", "DEVELOPER_DIR", "SDKROOT":
                // Needs the build location, developer directory or SDK: do not guess (§A.4).
                return .unresolved(Path.join("$(\(sourceTree))", path), "it is relative to \(sourceTree), which is only known inside Xcode")
            default:
                // A custom source tree from Xcode's preferences is unknown here → PROJECT_DIR (§A.4).
                return .path(Path.absolute(path, relativeTo: projectDirectory))
            }
        }

        /// Expands `$(VAR)` / `${VAR}` in a reference path where VAR is known at this point
        /// (the project-level dynamic paths); anything else leaves the path unresolved.
        func expandProjectVariables(_ path: String) -> ResolvedLocation {
            guard path.contains("$") else { return .path(path) }
            let known = [
                "PROJECT_DIR": projectDirectory, "SRCROOT": projectDirectory, "SOURCE_ROOT": projectDirectory,
                "PROJECT_FILE_PATH": bundlePath, "PROJECT_NAME": name,
            ]
            return expandVariables(path, known: known)
        }
    }
}

/// A reference turned into a path, or the unexpanded form and the reason it cannot be.
enum ResolvedLocation: Equatable {
    case path(String)
    case unresolved(String, String)
}

/// Replaces `$(NAME)` and `${NAME}` whose NAME is in `known`; any other reference makes the
/// result unresolved.
func expandVariables(_ text: String, known: [String: String]) -> ResolvedLocation {
    var result = ""
    var rest = Substring(text)
    while let dollar = rest.firstIndex(of: "$") {
        result += rest[..<dollar]
        let afterDollar = rest.index(after: dollar)
        guard afterDollar < rest.endIndex, rest[afterDollar] == "(" || rest[afterDollar] == "{" else {
            return .unresolved(text, "it contains '$' that is not a $(NAME) reference")
        }
        let close: Character = rest[afterDollar] == "(" ? ")" : "}"
        guard let end = rest[afterDollar...].firstIndex(of: close) else {
            return .unresolved(text, "it contains an unterminated $( reference")
        }
        let name = String(rest[rest.index(after: afterDollar)..<end])
        guard let value = known[name] else {
            return .unresolved(text, "it refers to $(\(name)), which is only known inside Xcode")
        }
        result += value
        rest = rest[rest.index(after: end)...]
    }
    result += rest
    return .path(result)
}
