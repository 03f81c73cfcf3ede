import XCConfig

/// Option tables several commands share, so `resolve`, `explain`, `lint`, `expand` and `local`
/// spell and document them identically (cli.md "Evaluation context" and "Levels").
///
/// A command lists them in its configuration: `options: OptionSpec.evaluationContext + OptionSpec.levels + [...]`.
extension OptionSpec {
    /// The help heading of the evaluation-context options.
    public static let contextGroup = "CONTEXT OPTIONS"
    /// The help heading of the level options.
    public static let levelGroup = "LEVEL OPTIONS"

    /// `--configuration`, `--sdk`, `--arch`, `--variant`, `--target-name`, `--cond`, `-I`,
    /// `--project-root`, `--developer-dir`.
    public static var evaluationContext: [OptionSpec] {
        [
            .value("configuration", short: "c", valueName: "name",
                   help: "The build configuration: binds the config condition and CONFIGURATION.", group: contextGroup),
            .value("sdk", valueName: "name", repeatable: true,
                   help: "The sdk condition: the SDK's canonical name (iphoneos17.0) first, then fallback names (iphoneos), as Xcode binds them; also SDK_NAME.",
                   group: contextGroup),
            .value("arch", valueName: "name", help: "The arch condition, CURRENT_ARCH and arch.", group: contextGroup),
            .value("variant", valueName: "name", help: "The variant condition and CURRENT_VARIANT.", group: contextGroup),
            .value("target-name", valueName: "name", help: "The target condition and TARGET_NAME.", group: contextGroup),
            .value("cond", valueName: "param=value", repeatable: true, help: "Binds any other condition parameter.", group: contextGroup),
        ] + includeSearch(withProject: true)
    }

    /// `-I`, `--project-root`, `--developer-dir`: where includes are found. `withProject` says
    /// whether the command takes `--project`, whose directory is then the default project root.
    public static func includeSearch(withProject: Bool) -> [OptionSpec] {
        let projectRootDefault = withProject
            ? "Default: the directory of --project (its SRCROOT), else the nearest ancestor of the first input file holding an .xcodeproj or .xcworkspace."
            : "Default: the nearest ancestor of the input file holding an .xcodeproj or .xcworkspace."
        return [
            .value("search-path", short: "I", valueName: "dir", repeatable: true,
                   help: "An include search directory, searched after the including files' directories.", group: contextGroup),
            .value("project-root", valueName: "dir",
                   help: "Searched last for includes, as Xcode searches the project directory. " + projectRootDefault,
                   group: contextGroup),
            .value("developer-dir", valueName: "dir",
                   help: "Replaces <DEVELOPER_DIR> in include paths. Default: $DEVELOPER_DIR, else xcode-select -p on macOS.",
                   group: contextGroup),
        ]
    }

    /// `--project-config`, `--target-config`, `--xcconfig`, `--set`, `--project`, `--target`, `--workspace`, `--scheme`, `--env`.
    public static var levels: [OptionSpec] {
        [
            .value("project-config", valueName: "file", help: "The project-xcconfig level.", group: levelGroup),
            .value("target-config", valueName: "file", repeatable: true,
                   help: "The target-xcconfig level (as the positional files are).", group: levelGroup),
            .value("xcconfig", valueName: "file", help: "The xcconfig-override level, as xcodebuild -xcconfig FILE.", group: levelGroup),
            OptionSpec(long: "set", kind: .value(name: "name=value"), isRepeatable: true,
                       help: "A command-line override, like a NAME=VALUE argument.", group: levelGroup, isOverride: true),
            .value("project", valueName: "path", help: "An .xcodeproj (project.pbxproj or project.xcproj) whose base xcconfigs and build settings fill the project-xcconfig, project, target-xcconfig and target levels; --configuration defaults to its default configuration.",
                   group: levelGroup),
            .value("target", valueName: "name", help: "The target of --project (default: the first target); without --project, the same as --target-name.", group: levelGroup),
            .value("workspace", valueName: "path", help: "An .xcworkspace whose projects hold the targets of --scheme, as xcodebuild -workspace.", group: levelGroup),
            .value("scheme", valueName: "name", help: "A scheme of --workspace or --project (shared, a user's, or the one Xcode autocreates per target): its build action's targets, and its Run action's configuration unless --configuration is given.", group: levelGroup),
            .flag("env", help: "Include the process environment as the lowest level.", group: levelGroup),
        ] + xcodeDefaults
    }

    /// `--xcode-version`, `--derived-data-path`, `--no-xcode-defaults`: the settings Xcode
    /// defines below a project's levels.
    public static var xcodeDefaults: [OptionSpec] {
        [
            .value("xcode-version", valueName: "version",
                   help: "With --project: the Xcode whose settings are assumed (XCODE_VERSION_*, SDK versions): any version, or a build of \(XcodeRelease.known.map(\.version).joined(separator: ", ")), whose tables the nearest version takes. Default: $XCCONFIG_XCODE_VERSION, else the version.plist of --developer-dir's Xcode, else \(XcodeRelease.current.version) (\(XcodeRelease.current.build)).",
                   group: levelGroup),
            .value("derived-data-path", valueName: "dir",
                   help: "With --project: the project's DerivedData folder, as xcodebuild -derivedDataPath (BUILD_DIR, OBJROOT, SYMROOT, ... under it). Default: as Xcode names it, DerivedData/<Name>-<hash> in ~/Library/Developer/Xcode.",
                   group: levelGroup),
            .flag("no-xcode-defaults",
                  help: "With --project: leave out the settings Xcode defines (build-system, product-type, platform and SDK defaults, DerivedData paths, USER, HOME, ...) and do not take the SDK from SDKROOT.",
                  group: levelGroup),
        ]
    }
}
