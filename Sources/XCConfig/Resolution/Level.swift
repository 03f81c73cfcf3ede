/// One level of the build-settings stack, lowest precedence first, as Xcode's Levels view
/// and `xcodebuild` order them (cli.md "Levels", semantics §4.4).
public enum LevelKind: String, Sendable, Hashable, CaseIterable, Comparable {
    /// The process environment (only with `--env`).
    case environment
    /// The evaluation context's bindings (CONFIGURATION, SDK_NAME, CURRENT_ARCH, ...).
    case defaults
    /// The project's base xcconfig.
    case projectXCConfig = "project-xcconfig"
    /// The project file's project build settings.
    case project
    /// The target's base xcconfig (the positional files of `resolve`).
    case targetXCConfig = "target-xcconfig"
    /// The project file's target build settings.
    case target
    /// `NAME=VALUE` overrides on the command line.
    case commandLine = "command-line"
    /// `xcodebuild -xcconfig FILE`.
    case xcconfigOverride = "xcconfig-override"
    /// The file named by `XCODE_XCCONFIG_FILE`.
    case environmentXCConfig = "environment-xcconfig"

    private var rank: Int { LevelKind.allCases.firstIndex(of: self)! }

    public static func < (lhs: LevelKind, rhs: LevelKind) -> Bool { lhs.rank < rhs.rank }
}

/// One entry of a dictionary-style level (project or target build settings, command-line
/// overrides, the environment): a key that may carry conditions (`OTHER_LDFLAGS[sdk=iphoneos*]`)
/// and its value text.
///
/// Xcode pushes dictionary entries in ascending key order, so conditional keys beat the plain
/// key (semantics §4.1).
public struct DictionaryEntry: Sendable, Hashable {
    /// The key as written, conditions included.
    public var key: String
    /// The value text, parsed later like an xcconfig value.
    public var value: String
    /// Where the entry came from, for provenance: a project file and key path, for example.
    public var origin: EntryOrigin?

    public init(key: String, value: String, origin: EntryOrigin? = nil) {
        self.key = key
        self.value = value
        self.origin = origin
    }
}

/// Where a dictionary entry was written.
public struct EntryOrigin: Sendable, Hashable {
    /// The file that holds the entry (a `project.pbxproj`, for example).
    public var file: String
    /// A path of keys to the entry, such as `App / Release / buildSettings / OTHER_LDFLAGS`.
    public var keyPath: String
    /// The line, where the format has lines.
    public var line: Int?

    public init(file: String, keyPath: String, line: Int? = nil) {
        self.file = file
        self.keyPath = keyPath
        self.line = line
    }
}
