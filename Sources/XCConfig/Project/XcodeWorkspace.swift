import XCConfigSyntax

/// A read-only model of an Xcode workspace (`W.xcworkspace/contents.xcworkspacedata`): the
/// files it references, among them the projects `xcodebuild -workspace` builds.
public struct XcodeWorkspace: Sendable, Hashable {
    /// The `.xcworkspace` directory, absolute and normalised.
    public var path: String
    /// The workspace's name: the base name without `.xcworkspace`.
    public var name: String
    /// Every `FileRef` in document order, groups flattened.
    public var fileReferences: [WorkspaceFileReference]

    /// Creates a workspace model (the reader builds these; tests may too).
    public init(path: String, name: String, fileReferences: [WorkspaceFileReference]) {
        self.path = path
        self.name = name
        self.fileReferences = fileReferences
    }

    /// The `.xcodeproj` files the workspace references, absolute, in document order.
    public var projectPaths: [String] {
        fileReferences.compactMap(\.path).filter { $0.hasSuffix(".xcodeproj") }
    }

    /// The directory that holds the `.xcworkspace`: what `container:` locations are relative to.
    public var containerDirectory: String { Path.directory(of: path) }
}

/// One `<FileRef location = "KIND:PATH">` of a workspace.
public struct WorkspaceFileReference: Sendable, Hashable {
    /// The location as written: `group:App.xcodeproj`, `container:…`, `absolute:…`, `self:`.
    public var location: String
    /// The absolute, normalised path it names; `nil` when it depends on something a tool without
    /// Xcode cannot know (`developer:`) or the kind is unknown.
    public var path: String?
    /// The line of the `FileRef` element.
    public var line: Int

    /// Creates a reference.
    public init(location: String, path: String?, line: Int) {
        self.location = location
        self.path = path
        self.line = line
    }
}

extension XcodeWorkspace {
    /// Reads the workspace at `path`: an `.xcworkspace` directory, or the
    /// `contents.xcworkspacedata` inside one. A relative path is taken relative to the file
    /// system's current directory.
    ///
    /// Locations are resolved as Xcode resolves them: `group:` against the enclosing groups'
    /// locations, starting from the workspace's folder; `container:` against the folder holding
    /// the `.xcworkspace`; `absolute:` as is; `self:` against the workspace's own folder (the
    /// `.xcodeproj` of a project's embedded `project.xcworkspace`).
    ///
    /// - Throws: ``ProjectFileError`` for a missing or malformed file.
    public static func load(path: String, fileSystem: any FileSystem) throws(ProjectFileError) -> XcodeWorkspace {
        var bundle = Path.absolute(path, relativeTo: fileSystem.currentDirectory)
        if Path.basename(bundle) == "contents.xcworkspacedata" { bundle = Path.directory(of: bundle) }
        guard fileSystem.kind(of: bundle) == .directory else {
            throw ProjectFileError(file: bundle, message: "no Xcode workspace at '\(bundle)'")
        }
        let file = Path.join(bundle, "contents.xcworkspacedata")
        guard fileSystem.kind(of: file) == .file else {
            throw ProjectFileError(file: bundle, message: "'\(bundle)' contains no contents.xcworkspacedata")
        }
        let root = try XMLElementReader.parse(file: file, fileSystem: fileSystem)
        guard root.name == "Workspace" else {
            throw ProjectFileError(file: file, line: root.line, message: "expected a <Workspace> element, found <\(root.name)>")
        }
        var name = Path.basename(bundle)
        if name.hasSuffix(".xcworkspace") { name.removeLast(".xcworkspace".count) }
        let containerDirectory = Path.directory(of: bundle)
        var references: [WorkspaceFileReference] = []
        // Depth first with each element's group folder, iteratively (hostile nesting).
        var pending: [(element: ProjectXMLElement, groupDirectory: String?)] = root.children.reversed().map { ($0, containerDirectory) }
        while let (element, groupDirectory) = pending.popLast() {
            let location = element[attribute: "location"] ?? ""
            let resolved = resolve(location, groupDirectory: groupDirectory, containerDirectory: containerDirectory, selfPath: Path.directory(of: bundle))
            switch element.name {
            case "FileRef":
                references.append(WorkspaceFileReference(location: location, path: resolved, line: element.line))
            case "Group":
                // A group without a location keeps its parent's folder.
                let directory = location.isEmpty ? groupDirectory : resolved
                pending.append(contentsOf: element.children.reversed().map { ($0, directory) })
            default:
                continue
            }
        }
        return XcodeWorkspace(path: bundle, name: name, fileReferences: references)
    }

    /// The absolute path `location` names, or `nil` when it cannot be known here. `selfPath`
    /// is what `self:` names: the project holding an embedded workspace, or a scheme's container.
    static func resolve(_ location: String, groupDirectory: String?, containerDirectory: String, selfPath: String) -> String? {
        guard let colon = location.firstIndex(of: ":") else { return nil }
        let kind = location[..<colon]
        let relative = String(location[location.index(after: colon)...])
        switch kind {
        case "group":
            guard let groupDirectory else { return nil }
            return Path.absolute(relative, relativeTo: groupDirectory)
        case "container":
            return Path.absolute(relative, relativeTo: containerDirectory)
        case "absolute":
            return Path.isAbsolute(relative) ? Path.normalize(relative) : nil
        case "self":
            return Path.absolute(relative, relativeTo: selfPath)
        default:
            // `developer:` (below DEVELOPER_DIR) and unknown kinds.
            return nil
        }
    }
}
