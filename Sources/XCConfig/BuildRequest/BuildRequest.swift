import XCConfigSyntax

/// What a build asks for, as `xcodebuild` and `xcconfig resolve` take it: the inputs (xcconfig
/// files, a project or a workspace and scheme), the target and configuration, the condition
/// parameters, the overrides and the environment, and which Xcode builds it.
///
/// A request owns the policy of turning that into settings stacks: where includes are searched
/// (``searchPaths``, then the project directory, SRCROOT, last), which project a file belongs to
/// (``ProjectLocator``), which targets and configuration a scheme's action builds, where the
/// developer directory is (asked of `xcode-select` at most once per process), and the settings
/// Xcode defines. Fill one in and load it:
///
/// ```swift
/// var request = BuildRequest(project: "/src/App/App.xcodeproj")
/// request.target = "App"
/// request.configuration = "Release"
/// request.sdks = ["iphoneos"]
/// let stack = try request.loadStack(fileSystem: RealFileSystem())
/// print(stack.resolver.value(of: "PRODUCT_BUNDLE_IDENTIFIER"))
/// ```
///
/// Paths are absolute, or relative to ``currentDirectory``.
public struct BuildRequest: Sendable {
    // MARK: What is built

    /// Configuration files of the `target-xcconfig` level, read in order, as if one file
    /// included them.
    public var files: [String]
    /// A file for the `project-xcconfig` level.
    public var projectConfigFile: String?
    /// The `.xcodeproj` (`-project`).
    public var project: String?
    /// The `.xcworkspace` (`-workspace`); it needs a ``scheme``.
    public var workspace: String?
    /// The scheme (`-scheme`): its ``action`` picks the targets and, without a
    /// ``configuration``, the configuration.
    public var scheme: String?
    /// The scheme action (`build`, `test`, `archive`, …).
    public var action: SchemeAction
    /// The build action xcodebuild is asked for (`build`, `test`, `build-for-testing`,
    /// `clean`, …): `ACTION` in Xcode's defaults.
    public var buildAction: String
    /// The target (`-target`); with a scheme, only that one of the scheme's targets. Without a
    /// project, it only binds the `target` condition.
    public var target: String?
    /// Every target of the project (`-alltargets`).
    public var allTargets: Bool

    // MARK: The context

    /// The configuration (`-configuration`); without one, the scheme action's, else the
    /// project's default.
    public var configuration: String?
    /// The SDK names bound to the `sdk` condition (`-sdk`); with Xcode's defaults, the first
    /// chooses the SDK.
    public var sdks: [String]
    /// The architecture bound to the `arch` condition (`-arch`).
    public var arch: String?
    /// The build variant bound to the `variant` condition.
    public var variant: String?
    /// The target name bound to the `target` condition without naming a project's target.
    public var targetName: String?
    /// Further condition parameters and their values.
    public var conditions: [String: [String]]
    /// The run destination (`-destination`), as written.
    public var destination: String?

    // MARK: Levels

    /// `NAME[cond]=VALUE` overrides: the `command-line` level.
    public var overrides: [DictionaryEntry]
    /// The file of the `xcconfig-override` level (`-xcconfig`).
    public var xcconfigOverride: String?
    /// The environment the build runs in: `DEVELOPER_DIR`, `XCODE_XCCONFIG_FILE` (the
    /// `environment-xcconfig` level), `HOME`, `USER`, … are read from it.
    public var environment: BuildEnvironment
    /// Whether the whole environment is a level of its own (the `environment` level).
    public var includesEnvironmentLevel: Bool

    // MARK: Which Xcode

    /// Whether the settings Xcode defines (build-system, product-type, platform and SDK
    /// defaults) are levels of a project's stacks.
    public var usesXcodeDefaults: Bool
    /// The Xcode release whose defaults apply (`16.4`, a build such as `16F6`); `nil`: the
    /// newest known.
    public var xcodeVersion: String?
    /// The developer directory; `nil`: `DEVELOPER_DIR`, else what `xcode-select` chose.
    public var developerDirectory: String?
    /// The DerivedData folder (`-derivedDataPath`).
    public var derivedDataPath: String?
    /// Xcode's user defaults that decide the build location (`IDEBuildLocationStyle`,
    /// `IDECustomDerivedDataLocation`, …), as `-IDEBuildLocationStyle=…` gives them.
    public var userDefaults: [String: String]
    /// What the system says about the user and shells do not export (`UID`, `GID`, `GROUP`);
    /// the ``environment`` wins.
    public var userIdentity: [String: String]

    // MARK: Includes

    /// Directories searched for includes after the including file's own (`-I`).
    public var searchPaths: [String]
    /// The folder searched last for includes; `nil`: the project's folder, else the nearest
    /// folder above the first file that holds an `.xcodeproj` or `.xcworkspace`.
    public var projectRoot: String?
    /// Where relative paths start.
    public var currentDirectory: String?
    /// Files already parsed, shared with other loads (a language server keeps one between
    /// edits); `nil`: each request parses its files, once for all its stacks.
    public var parsedFiles: ParsedFileCache?
    /// The bounds of evaluation.
    public var options: Resolver.Options

    /// A request for `files` and `project`; everything else is set afterwards.
    public init(files: [String] = [], project: String? = nil, environment: BuildEnvironment = BuildEnvironment()) {
        self.files = files
        self.project = project
        self.action = .build
        self.buildAction = "build"
        self.allTargets = false
        self.sdks = []
        self.conditions = [:]
        self.overrides = []
        self.environment = environment
        self.includesEnvironmentLevel = false
        self.usesXcodeDefaults = true
        self.userDefaults = [:]
        self.userIdentity = [:]
        self.searchPaths = []
        self.options = Resolver.Options()
    }

    /// The condition parameters the request binds: ``configuration``, ``sdks``, ``arch``,
    /// ``variant``, ``targetName`` and ``conditions``.
    public var evaluationContext: EvaluationContext {
        get {
            var context = EvaluationContext()
            context.configuration = configuration
            context.sdks = sdks
            context.arch = arch
            context.variant = variant
            context.targetName = targetName
            context.conditions = conditions
            return context
        }
        set {
            configuration = newValue.configuration
            sdks = newValue.sdks
            arch = newValue.arch
            variant = newValue.variant
            targetName = newValue.targetName
            conditions = newValue.conditions
        }
    }

    /// Whether the request names no input at all: no file, project, workspace, override or
    /// `XCODE_XCCONFIG_FILE`; then ``locatingProject(in:fileSystem:)`` picks one.
    public var namesNoInput: Bool {
        files.isEmpty && overrides.isEmpty && project == nil && workspace == nil && projectConfigFile == nil
            && xcconfigOverride == nil && (environment["XCODE_XCCONFIG_FILE"] ?? "").isEmpty
    }

    /// This request with ``project`` set to the only `.xcodeproj` in `directory` when it
    /// names no input (``namesNoInput``), as `xcodebuild` picks one; else unchanged.
    ///
    /// - Throws: ``ProjectFileError`` when `directory` holds none or several.
    public func locatingProject(in directory: String, fileSystem: any FileSystem) throws(ProjectFileError) -> BuildRequest {
        guard namesNoInput else { return self }
        var request = self
        request.project = try ProjectLocator(fileSystem: fileSystem).onlyProject(in: directory)
        return request
    }

    /// `path` made absolute against ``currentDirectory``.
    func absolute(_ path: String) -> String {
        guard let currentDirectory else { return Path.normalize(path) }
        return Path.absolute(path, relativeTo: currentDirectory)
    }

    /// The developer directory: ``developerDirectory``, else `DEVELOPER_DIR`, else (on macOS)
    /// what `xcode-select -p` prints, asked once per process.
    public var locatedDeveloperDirectory: String? {
        if let developerDirectory { return absolute(developerDirectory) }
        if let directory = environment["DEVELOPER_DIR"], !directory.isEmpty { return directory }
        return XcodeSelect.selectedDeveloperDirectory
    }
}
