import XCConfig
import XCConfigSyntax

/// `project-settings` (opt-in): build settings written in the project file instead of an
/// xcconfig, and target × configurations that no xcconfig reaches.
///
/// A team that keeps its settings in xcconfig files wants CI to keep them there: a value typed
/// into Xcode's Build Settings editor lands in the project file, where it hides the xcconfig's
/// and is reviewed only as a pbxproj diff. A target × configuration reaches an xcconfig when
/// its own configuration or the project's of the same name has a base configuration
/// (semantics §4.4). Runs only with `--project`; with `--configuration` or `--target-name`
/// only that configuration's or target's dictionaries are checked. `project extract` is the
/// fix for both kinds of finding; `project set-base` for a configuration with no settings.
struct ProjectSettingsRule: LintRule {
    static let description = RuleDescription(
        identifier: "project-settings",
        name: "Project settings",
        summary: "Build settings written in the project file instead of an xcconfig, and target × configurations without a base configuration (with --project).",
        rationale: "In a project whose settings live in xcconfig files, a setting typed into Xcode's Build Settings editor goes into the project file, "
            + "above every xcconfig, and a target configuration without a base configuration gets none of the shared values. "
            + "`xcconfig project extract` moves the project file's settings into xcconfig files and makes them the base configurations; "
            + "`xcconfig project set-base` sets a base where there is nothing to move.",
        isOptIn: true,
        triggeringExamples: [
            RuleExample("SWIFT_VERSION = 6.0\n", files: [ProjectShadowsXCConfigRule.projectFile: ProjectShadowsXCConfigRule.project(target: "\t\t\t\t↓SWIFT_VERSION = 5.0;")]),
            RuleExample("SWIFT_VERSION = 6.0\n", files: [ProjectShadowsXCConfigRule.projectFile: ProjectShadowsXCConfigRule.project(project: "\t\t\t\t↓\"OTHER_LDFLAGS[sdk=iphoneos*]\" = \"-ObjC\";")]),
            RuleExample("SWIFT_VERSION = 6.0\n", files: [ProjectShadowsXCConfigRule.projectFile: ProjectShadowsXCConfigRule.project(projectBase: false, targetBase: false, targetMarker: "↓")]),
            RuleExample("SWIFT_VERSION = 6.0\n", files: [
                ProjectShadowsXCConfigRule.projectFile: ProjectShadowsXCConfigRule.project(projectBase: false, targetBase: false, target: "\t\t\t\t↓PRODUCT_NAME = App;", targetMarker: "↓"),
            ]),
        ],
        nonTriggeringExamples: [
            RuleExample("SWIFT_VERSION = 6.0\n", files: [ProjectShadowsXCConfigRule.projectFile: ProjectShadowsXCConfigRule.project()]),
            RuleExample("SWIFT_VERSION = 6.0\n", files: [ProjectShadowsXCConfigRule.projectFile: ProjectShadowsXCConfigRule.project(targetBase: false)]),
            RuleExample("SWIFT_VERSION = 6.0\n", files: [ProjectShadowsXCConfigRule.projectFile: ProjectShadowsXCConfigRule.project(projectBase: false)]),
        ]
    )

    func checkAll(in context: LintContext) -> [Finding] {
        guard let project = context.project else { return [] }
        let bound = context.environment.context
        func isChecked(_ configuration: ProjectConfiguration) -> Bool {
            bound.configuration.map { $0 == configuration.name } ?? true
        }
        let text = LineIndex((try? context.fileSystem.read(project.projectFilePath)) ?? [])
        func finding(line: Int?, _ message: String, notes: [String] = []) -> Finding {
            let (offset, location) = text.firstNonBlank(onLine: line ?? 1)
            return Finding(file: project.projectFilePath, offset: offset, location: location, message: message, notes: notes)
        }
        var findings: [Finding] = []
        // project.xcproj folds one written entry into every configuration it applies to; it is
        // reported once, where it is written, by its key as written and without a configuration.
        var reported: Set<String> = []
        func reportSettings(of configuration: ProjectConfiguration, owner: String) {
            for setting in configuration.buildSettings + configuration.settingsOfOtherConfigurations
            where reported.insert("\(setting.keyPath)\n\(setting.line ?? 0)").inserted {
                let place: String
                let key: String
                if project.format == .xcproj {
                    key = setting.keyPath.split(separator: " / ").last.map(String.init) ?? setting.key
                    place = "the build settings of \(owner)"
                } else {
                    key = setting.key
                    place = "the \(configuration.name) build settings of \(owner)"
                }
                findings.append(finding(
                    line: setting.line,
                    "\(key) is set in the project file (\(place)) instead of an xcconfig; "
                        + "`xcconfig project extract` moves the project file's settings into xcconfig files",
                    notes: ["at \(setting.keyPath)"]))
            }
        }
        if bound.targetName == nil {
            for configuration in project.configurations where isChecked(configuration) {
                reportSettings(of: configuration, owner: "the project")
            }
        }
        for target in project.targets where bound.targetName.map({ $0 == target.name }) ?? true {
            for configuration in target.configurations where isChecked(configuration) {
                let projectLevel = project.configurations.first { $0.name == configuration.name }
                if configuration.baseConfiguration == nil, projectLevel?.baseConfiguration == nil {
                    findings.append(finding(
                        line: configuration.line,
                        "the \(configuration.name) configuration of target '\(target.name)' has no base configuration, neither its own nor the project's, "
                            + "so no xcconfig applies to it; `xcconfig project extract` or `xcconfig project set-base` sets one"))
                }
                reportSettings(of: configuration, owner: "target '\(target.name)'")
            }
        }
        return findings
    }
}
