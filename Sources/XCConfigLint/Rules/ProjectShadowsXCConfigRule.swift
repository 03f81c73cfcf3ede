import XCConfig
import XCConfigSyntax

/// `project-shadows-xcconfig`: a target or project build setting in the project file that
/// overrides a value its own base xcconfig sets, without `$(inherited)` — the classic "why is my
/// xcconfig ignored" mistake.
///
/// The project's dictionary sits right above the project's base xcconfig, and a target's right
/// above the target's (semantics §4.4), so a key there that matches whenever the xcconfig's
/// assignment does discards the xcconfig's value; Xcode shows it only as bold text in the Levels
/// view. Runs only with `--project`; the detection itself is
/// ``XcodeProject/baseConfigurationShadowings(loader:)``. Findings are at the project file's line
/// of the key; a suppression comment on the overridden xcconfig line silences them, since a
/// project file cannot hold one. With `--configuration` or `--target-name` only that
/// configuration's or target's dictionaries are checked.
struct ProjectShadowsXCConfigRule: LintRule {
    static let description = RuleDescription(
        identifier: "project-shadows-xcconfig",
        name: "Project shadows xcconfig",
        summary: "Project-file build settings that override, without $(inherited), a value their base xcconfig sets, or a DEVELOPMENT_TEAM that a target hard-codes over the project's base xcconfig (with --project).",
        rationale: "A setting typed into Xcode's Build Settings editor sits above the base xcconfig, so the xcconfig's value is silently ignored: "
            + "the classic \"why is my xcconfig ignored\" mistake. Delete the project setting; for a list setting (flags, search paths), "
            + "starting it with $(inherited) also keeps the xcconfig's value.",
        triggeringExamples: [
            RuleExample("SWIFT_VERSION = 6.0\n", files: [projectFile: project(target: "\t\t\t\t↓SWIFT_VERSION = 5.0;")]),
            RuleExample("#include \"Shared.xcconfig\"\n", files: [
                "Shared.xcconfig": "OTHER_LDFLAGS = -ObjC\n",
                projectFile: project(project: "\t\t\t\t↓OTHER_LDFLAGS = \"-lz\";"),
            ]),
            RuleExample("CODE_SIGN_IDENTITY[sdk=iphoneos*] = Apple Development\n",
                        files: [projectFile: project(target: "\t\t\t\t↓CODE_SIGN_IDENTITY = \"-\";")]),
        ],
        nonTriggeringExamples: [
            RuleExample("OTHER_LDFLAGS = -ObjC\n", files: [projectFile: project(target: "\t\t\t\tOTHER_LDFLAGS = \"$(inherited) -lz\";")]),
            RuleExample("SWIFT_VERSION = 6.0\n", files: [projectFile: project(target: "\t\t\t\tPRODUCT_NAME = App;")]),
            RuleExample("CODE_SIGN_IDENTITY = -\n",
                        files: [projectFile: project(target: "\t\t\t\t\"CODE_SIGN_IDENTITY[sdk=iphoneos*]\" = \"Apple Development\";")]),
            RuleExample("SWIFT_VERSION[config=Release] = 6.0\n", files: [projectFile: project(target: "\t\t\t\tSWIFT_VERSION = 5.0;")]),
            RuleExample("SWIFT_VERSION = 6.0 // xcconfig-lint:disable-line project-shadows-xcconfig\n",
                        files: [projectFile: project(target: "\t\t\t\tSWIFT_VERSION = 5.0;")]),
        ]
    )

    /// Where the examples' project file is, relative to the example directory.
    static let projectFile = "App.xcodeproj/project.pbxproj"

    /// A small project with a Debug configuration and a target `App`, whose project and target
    /// configurations have `Example.xcconfig` as their base unless told otherwise, with the given
    /// build-settings lines; `targetMarker` is written before the target configuration's object.
    /// The project rules' examples share it.
    static func project(
        projectBase: Bool = true, targetBase: Bool = true, project: String = "", target: String = "", targetMarker: String = ""
    ) -> String {
        let base = "baseConfigurationReference = XCCONFIG; "
        return """
            // !$*UTF8*$!
            {
            \tobjectVersion = 77;
            \tobjects = {
            \t\tROOT = { isa = PBXProject; buildConfigurationList = PLIST; mainGroup = MAIN; targets = ( APP, ); };
            \t\tMAIN = { isa = PBXGroup; children = ( XCCONFIG, ); sourceTree = "<group>"; };
            \t\tXCCONFIG = { isa = PBXFileReference; path = Example.xcconfig; sourceTree = "<group>"; };
            \t\tPLIST = { isa = XCConfigurationList; buildConfigurations = ( PDEBUG, ); };
            \t\tPDEBUG = { isa = XCBuildConfiguration; \(projectBase ? base : "")name = Debug; buildSettings = {
            \(project)
            \t\t\t};
            \t\t};
            \t\tAPP = { isa = PBXNativeTarget; buildConfigurationList = TLIST; name = App; };
            \t\tTLIST = { isa = XCConfigurationList; buildConfigurations = ( TDEBUG, ); };
            \t\t\(targetMarker)TDEBUG = { isa = XCBuildConfiguration; \(targetBase ? base : "")name = Debug; buildSettings = {
            \(target)
            \t\t\t};
            \t\t};
            \t};
            \trootObject = ROOT;
            }

            """
    }

    func checkAll(in context: LintContext) -> [Finding] {
        guard let project = context.project else { return [] }
        let environment = context.environment
        // The base xcconfigs' includes are found as the build finds them (the project's folder last).
        var request = BuildRequest()
        request.searchPaths = environment.searchPaths
        request.projectRoot = environment.projectRoot ?? project.projectDirectory
        request.developerDirectory = environment.developerDirectory
        guard let loader = try? request.includeLoader(fileSystem: context.fileSystem) else { return [] }
        let shadowings = project.baseConfigurationShadowings(loader: loader).filter { shadowing in
            if let configuration = environment.context.configuration, shadowing.configurationName != configuration { return false }
            if let target = environment.context.targetName, let owner = shadowing.targetName, owner != target { return false }
            return true
        }
        guard !shadowings.isEmpty else { return [] }
        let text = LineIndex((try? context.fileSystem.read(project.projectFilePath)) ?? [])
        return shadowings.map { shadowing in
            let diagnostic = shadowing.diagnostic
            // At the key itself, not the line's indentation, so editors land on it.
            let (offset, location) = text.firstNonBlank(onLine: shadowing.setting.line ?? 1)
            return Finding(
                file: project.projectFilePath,
                offset: offset,
                location: location,
                message: diagnostic.message,
                notes: diagnostic.notes,
                suppressibleAt: FileLine(file: shadowing.xcconfigFile, line: shadowing.xcconfigLocation.line))
        }
    }
}
