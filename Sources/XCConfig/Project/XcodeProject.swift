import XCConfigSyntax

/// The syntax a project file was read from (project-formats.md §A.1, §B.1).
public enum ProjectFileFormat: String, Sendable, Hashable {
    /// `project.pbxproj` as Xcode writes it: an OpenStep ("old-style") property list.
    case oldStylePropertyList = "pbxproj"
    /// `project.pbxproj` converted to an XML property list (CocoaPods-era files).
    case xmlPropertyList = "pbxproj-xml"
    /// `project.pbxproj` converted to JSON (`plutil -convert json`).
    case json = "pbxproj-json"
    /// `project.xcproj`, the JSON5 format of Xcode 27.2+.
    case xcproj
}

/// A read-only model of an Xcode project: what the build-settings stack needs from
/// `project.pbxproj` or `project.xcproj` (project-formats.md §A.3, §B.2).
public struct XcodeProject: Sendable, Hashable {
    /// The `.xcodeproj` directory, absolute and normalised (`PROJECT_FILE_PATH`).
    public var path: String
    /// The file that was read: `…/project.pbxproj` or `…/project.xcproj`.
    public var projectFilePath: String
    /// The syntax of that file.
    public var format: ProjectFileFormat
    /// The project's name: the `.xcodeproj` base name without extension (`PROJECT_NAME`).
    public var name: String
    /// The project directory (`SRCROOT` = `PROJECT_DIR`): the directory holding the
    /// `.xcodeproj`, joined with `projectDirPath` when that is set (project-formats.md §A.4).
    public var projectDirectory: String
    /// The project's default configuration ("Use … for command-line builds").
    public var defaultConfigurationName: String?
    /// The project-level configurations, in order.
    public var configurations: [ProjectConfiguration]
    /// The targets, in order; the first one is what `xcodebuild` uses without `-target`.
    public var targets: [ProjectTarget] { didSet { targetPositions = Self.positions(of: targets) } }
    /// Name → position of the first target of that name: an edit or a comparison looks up
    /// every target by name, and a search each time made that quadratic in targets.
    private var targetPositions: [String: Int]
    /// `developmentRegion` / `localizations.development`, which feeds `DEVELOPMENT_LANGUAGE`.
    public var developmentRegion: String?
    /// `attributes.CLASSPREFIX` / `class-prefix`, which feeds `PROJECT_CLASS_PREFIX`.
    public var classPrefix: String?
    /// Problems that did not stop reading (both file formats present, an unreadable setting
    /// value, a configuration with two base references, …).
    public var warnings: [Diagnostic]

    /// Creates a project model (readers build these; tests may too).
    public init(
        path: String, projectFilePath: String, format: ProjectFileFormat, name: String, projectDirectory: String,
        defaultConfigurationName: String?, configurations: [ProjectConfiguration], targets: [ProjectTarget],
        developmentRegion: String? = nil, classPrefix: String? = nil, warnings: [Diagnostic] = []
    ) {
        self.path = path
        self.projectFilePath = projectFilePath
        self.format = format
        self.name = name
        self.projectDirectory = projectDirectory
        self.defaultConfigurationName = defaultConfigurationName
        self.configurations = configurations
        self.targets = targets
        targetPositions = Self.positions(of: targets)
        self.developmentRegion = developmentRegion
        self.classPrefix = classPrefix
        self.warnings = warnings
    }

    /// The target named `name` (targets are matched by `name`, not `productName`; §A.3).
    public func target(named name: String) -> ProjectTarget? {
        targetPositions[name].map { targets[$0] }
    }

    private static func positions(of targets: [ProjectTarget]) -> [String: Int] {
        var positions: [String: Int] = [:]
        for (position, target) in targets.enumerated() where positions[target.name] == nil { positions[target.name] = position }
        return positions
    }

    /// The configuration of `list` to use for `requested`: the one named `requested`, else the one
    /// named by the **project's** default configuration name, else the first
    /// (swift-build `getEffectiveConfiguration`, project-formats.md §A.3). `nil` for an empty list.
    public func effectiveConfiguration(named requested: String?, in list: [ProjectConfiguration]) -> ProjectConfiguration? {
        if let requested, let match = list.first(where: { $0.name == requested }) { return match }
        if let defaultName = defaultConfigurationName, let match = list.first(where: { $0.name == defaultName }) {
            return match
        }
        return list.first
    }
}

/// What kind of target this is (project-formats.md §A.3, §B.5).
public enum TargetKind: String, Sendable, Hashable {
    /// `PBXNativeTarget` / `"kind": "native"`.
    case native
    /// `PBXAggregateTarget` / `"kind": "aggregate"`.
    case aggregate
    /// `PBXLegacyTarget` / `"kind": "external-build-system"`.
    case externalBuildSystem = "external-build-system"
}

/// A target of a project.
public struct ProjectTarget: Sendable, Hashable {
    /// The target's name (`TARGET_NAME`).
    public var name: String
    /// Native, aggregate or external build system.
    public var kind: TargetKind
    /// The full product type identifier (`com.apple.product-type.application`), when the target
    /// has one (`PRODUCT_TYPE`).
    public var productType: String?
    /// The target's configurations, in order.
    public var configurations: [ProjectConfiguration]
    /// The target's object identifier (`24AB…` in project.pbxproj, `id` in project.xcproj): what
    /// a scheme's `BlueprintIdentifier` names.
    public var identifier: String?
    /// The Swift package products the target depends on: their identifiers in project.pbxproj
    /// (`packageProductDependencies`), their names in project.xcproj (`package-product-members`).
    public var packageProductDependencies: [String] = []

    /// Creates a target.
    public init(name: String, kind: TargetKind, productType: String?, configurations: [ProjectConfiguration], identifier: String? = nil) {
        self.name = name
        self.kind = kind
        self.productType = productType
        self.configurations = configurations
        self.identifier = identifier
    }
}

/// One build configuration of the project or of a target: its base xcconfig and its
/// build-settings dictionary.
public struct ProjectConfiguration: Sendable, Hashable {
    /// The configuration's name (`Debug`, `Alpha Debug`, …).
    public var name: String
    /// The base xcconfig, when the configuration has one.
    public var baseConfiguration: BaseConfigurationReference?
    /// The build settings, in written order. For `project.xcproj` these are the settings of this
    /// configuration after the `[config=…]` folding of project-formats.md §B.3.
    public var buildSettings: [ProjectBuildSetting]
    /// `project.xcproj` only: the entries whose `[config=…]` names another configuration of the
    /// project, keys as written. The folding of ``buildSettings`` leaves them out, but Xcode keeps
    /// the condition in the key: they never match in this configuration, yet they assign their
    /// setting, which is listed (empty when nothing else assigns it) as for a conditional
    /// xcconfig assignment (cli.md `resolve`, project-formats.md §B.3).
    public var settingsOfOtherConfigurations: [ProjectBuildSetting]
    /// The project file's line where the configuration is written (its `XCBuildConfiguration`
    /// object; in `project.xcproj`, its entry of `configurations` or the target's entry), for a
    /// finding about the configuration itself, such as a missing base xcconfig.
    public var line: Int?

    /// Creates a configuration.
    public init(
        name: String, baseConfiguration: BaseConfigurationReference? = nil, buildSettings: [ProjectBuildSetting] = [],
        settingsOfOtherConfigurations: [ProjectBuildSetting] = [], line: Int? = nil
    ) {
        self.name = name
        self.baseConfiguration = baseConfiguration
        self.buildSettings = buildSettings
        self.settingsOfOtherConfigurations = settingsOfOtherConfigurations
        self.line = line
    }
}

/// Where a configuration's base xcconfig is.
public struct BaseConfigurationReference: Sendable, Hashable {
    /// The absolute, lexically normalised path; `nil` when it depends on something a tool
    /// without Xcode cannot know (`DEVELOPER_DIR`, `SDKROOT`, `BUILT_PRODUCTS_DIR` source trees,
    /// `~`), or when the reference is broken.
    public var path: String?
    /// The reference in an unexpanded form for messages: `$(DEVELOPER_DIR)/Foo.xcconfig`,
    /// `<group>/Config/App.xcconfig`, `anchor xcconfig + App.xcconfig`, …
    public var writtenForm: String
    /// Why `path` is `nil`.
    public var problem: String?
    /// Where the reference is written in the project file, as a path of keys
    /// (`App / Release / baseConfigurationReference`), when the reader recorded it.
    public var keyPath: String?
    /// The line of the reference's key (`baseConfigurationReference`, the anchor, or an
    /// xcproj `file`), when the format has lines: where a missing base xcconfig is reported.
    public var line: Int?

    /// Creates a reference.
    public init(path: String?, writtenForm: String, problem: String? = nil, keyPath: String? = nil, line: Int? = nil) {
        self.path = path
        self.writtenForm = writtenForm
        self.problem = problem
        self.keyPath = keyPath
        self.line = line
    }
}

/// One entry of a build-settings dictionary of a project file.
public struct ProjectBuildSetting: Sendable, Hashable {
    /// The key as written, conditions included (`OTHER_LDFLAGS[sdk=iphoneos*]`).
    public var key: String
    /// The value text. An array value is joined as swift-build joins it (project-formats.md §A.6).
    public var value: String
    /// The elements, when the value was written as an array.
    public var arrayElements: [String]?
    /// The line of the key, when the format has lines.
    public var line: Int?
    /// Where the entry is in the file, as a path of keys
    /// (`App / Release / buildSettings / OTHER_LDFLAGS`).
    public var keyPath: String

    /// Creates a setting.
    public init(key: String, value: String, arrayElements: [String]? = nil, line: Int? = nil, keyPath: String) {
        self.key = key
        self.value = value
        self.arrayElements = arrayElements
        self.line = line
        self.keyPath = keyPath
    }

    /// Joins array elements into one value text as swift-build's
    /// `MacroNamespace.parseForMacro(_:value:[String])` does: each element gets a backslash before
    /// space, tab, CR, LF, `\`, `"` and `'`; an empty element becomes `""`; elements are joined
    /// with single spaces (project-formats.md §A.6).
    package static func joinedArrayValue(_ elements: [String]) -> String {
        var joined = ""
        for (position, element) in elements.enumerated() {
            if position > 0 { joined += " " }
            if element.isEmpty {
                joined += "\"\""
                continue
            }
            for scalar in element.unicodeScalars {
                switch scalar {
                case " ", "\t", "\r", "\n", "\\", "\"", "'": joined.unicodeScalars.append("\\")
                default: break
                }
                joined.unicodeScalars.append(scalar)
            }
        }
        return joined
    }
}

extension XcodeProject {
    /// Reads the project at `path`: an `.xcodeproj` directory, or the `project.pbxproj` /
    /// `project.xcproj` inside one. A relative path is taken relative to the file system's
    /// current directory.
    ///
    /// Sniffs the format as project-formats.md §E.1 says: `project.xcproj` wins over
    /// `project.pbxproj` (with a warning when both exist); a `project.pbxproj` may be old-style,
    /// XML or JSON; a binary one is refused.
    ///
    /// - Throws: ``ProjectFileError`` for unreadable or malformed files and broken object graphs.
    public static func load(path: String, fileSystem: any FileSystem) throws(ProjectFileError) -> XcodeProject {
        var bundle = Path.absolute(path, relativeTo: fileSystem.currentDirectory)
        let base = Path.basename(bundle)
        if base == "project.pbxproj" || base == "project.xcproj" { bundle = Path.directory(of: bundle) }
        guard fileSystem.kind(of: bundle) == .directory else {
            throw ProjectFileError(file: bundle, message: "no Xcode project at '\(bundle)'")
        }
        let filePath = try projectFile(inBundle: bundle, fileSystem: fileSystem)
        let bytes = try readFile(filePath, fileSystem: fileSystem)
        var project = try read(bytes: bytes, bundlePath: bundle, filePath: filePath)
        if Path.basename(filePath) == "project.xcproj", fileSystem.kind(of: Path.join(bundle, "project.pbxproj")) == .file {
            project.warnings.insert(Diagnostic(
                severity: .warning,
                message: "'\(Path.basename(bundle))' has both project.xcproj and project.pbxproj; reading project.xcproj",
                file: filePath), at: 0)
        }
        return project
    }

    /// The file of the project at `bundle` that Xcode reads: `project.xcproj` wins over
    /// `project.pbxproj` (project-formats.md §E.1).
    static func projectFile(inBundle bundle: String, fileSystem: any FileSystem) throws(ProjectFileError) -> String {
        let xcproj = Path.join(bundle, "project.xcproj")
        if fileSystem.kind(of: xcproj) == .file { return xcproj }
        let pbxproj = Path.join(bundle, "project.pbxproj")
        if fileSystem.kind(of: pbxproj) == .file { return pbxproj }
        var message = "'\(bundle)' contains neither project.pbxproj nor project.xcproj"
        // A folder holding a project: say which path to give.
        if let inside = try? locate(in: bundle, fileSystem: fileSystem) { message += "; did you mean '\(inside)'?" }
        throw ProjectFileError(file: bundle, message: message)
    }

    static func readFile(_ path: String, fileSystem: any FileSystem) throws(ProjectFileError) -> [UInt8] {
        do {
            return try fileSystem.read(path)
        } catch {
            throw ProjectFileError(file: path, message: error.description)
        }
    }

    /// The project name and default project directory for an `.xcodeproj` at `bundlePath`.
    static func nameAndDirectory(of bundlePath: String) -> (name: String, directory: String) {
        var name = Path.basename(bundlePath)
        if name.hasSuffix(".xcodeproj") { name.removeLast(".xcodeproj".count) }
        return (name, Path.directory(of: bundlePath))
    }
}
