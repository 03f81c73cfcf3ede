import XCConfigSyntax

/// A project-file build setting that overrides a value a base xcconfig sets, without
/// `$(inherited)`: the classic "why is my xcconfig ignored" mistake.
///
/// The project dictionary sits right above the project's base xcconfig, and a target's
/// dictionary above the target's base xcconfig and the project's (semantics §4.4), so a key
/// there that matches whenever the xcconfig's assignment does discards the xcconfig's value.
/// Over the project's xcconfig, only ``developerSettingsOverProjectXCConfig`` count for a target.
public struct BaseConfigurationShadowing: Sendable, Hashable {
    /// The overriding entry of the project file.
    public var setting: ProjectBuildSetting
    /// The target whose dictionary holds it; `nil` for the project's dictionary.
    public var targetName: String?
    /// The configuration whose dictionary holds it.
    public var configurationName: String
    /// The project file (`project.pbxproj` or `project.xcproj`).
    public var projectFile: String
    /// The xcconfig file whose assignment is overridden (the base xcconfig or a file it includes).
    public var xcconfigFile: String
    /// Where the overridden assignment's setting name starts in ``xcconfigFile``.
    public var xcconfigLocation: SourceLocation
    /// The overridden assignment's value text.
    public var xcconfigValue: String
    /// The project directory, for printing ``xcconfigFile`` relative to it.
    public var projectDirectory: String

    /// The settings a target's dictionary must not hide from the project's base xcconfig
    /// either: a target that hard-codes its team hides the one each developer's local file
    /// sets through the shared configuration. Other settings a target sets over the project's
    /// xcconfig (its product name, its SDK, a framework's empty signing identity or profile)
    /// are ordinary layering.
    public static let developerSettingsOverProjectXCConfig: Set<String> = ["DEVELOPMENT_TEAM"]

    /// The setting's name, without conditions.
    public var settingName: String { parseSettingKey(setting.key)?.name ?? setting.key }

    /// What to do about it. `$(inherited)` adds to a list (flags, search paths); for a single
    /// value (`MACOSX_DEPLOYMENT_TARGET`, `PRODUCT_NAME`, `DEVELOPMENT_TEAM`) it would only
    /// prepend the xcconfig's value (`14.0 14.6`), so there the project setting has to go.
    public var advice: String {
        let type = BuildSettingsCatalog.shared[settingName]?.type
        if type == .stringList || type == .pathList {
            return "add $(inherited) to the project setting to build on the xcconfig's value, or remove the project setting"
        }
        return "remove the project setting so the xcconfig's value applies"
    }

    /// The finding as a warning (code ``DiagnosticCode/baseConfigurationShadowing``) at the
    /// project file's line of the entry (with its key path as a note, for formats without
    /// lines).
    public var diagnostic: Diagnostic {
        let owner = targetName.map { "target '\($0)'" } ?? "the project"
        let shownFile = Path.display(xcconfigFile, relativeTo: projectDirectory)
        return Diagnostic(
            severity: .warning,
            message: "\(setting.key) in the \(configurationName) build settings of \(owner) overrides the value "
                + "\(shownFile):\(xcconfigLocation.line) sets, so the xcconfig's value is ignored; " + advice,
            file: projectFile,
            location: setting.line.map { SourceLocation(line: $0, column: 1) },
            notes: ["at \(setting.keyPath)", "\(shownFile):\(xcconfigLocation.line): \(settingName) = \(xcconfigValue)"],
            code: .baseConfigurationShadowing)
    }
}

extension XcodeProject {
    /// Every build setting of the project file that overrides a value a base xcconfig below it
    /// sets, without `$(inherited)` or a reference to itself: project configurations first,
    /// then each target's, entries in written order. A target's entry is checked against the
    /// target's base xcconfig, then, for ``BaseConfigurationShadowing/developerSettingsOverProjectXCConfig``,
    /// the project's of the same configuration.
    ///
    /// An entry shadows an xcconfig assignment of the same setting when it matches whenever
    /// that assignment does: its conditions are a subset of the assignment's (`[config=…]`
    /// conditions are decided by the configuration itself). Base xcconfigs that cannot be
    /// located or read are skipped; `resolve` reports those.
    ///
    /// - Parameter loader: reads the base xcconfigs and their includes.
    public func baseConfigurationShadowings(loader: IncludeLoader) -> [BaseConfigurationShadowing] {
        var cache: [String: LoadedConfiguration?] = [:]
        func loaded(_ path: String) -> LoadedConfiguration? {
            if let cached = cache[path] { return cached }
            let configuration = try? loader.load(path: path)
            cache[path] = configuration
            return configuration
        }
        var findings: [BaseConfigurationShadowing] = []
        /// `configuration`'s entries that override an assignment of the first of `bases` (base
        /// xcconfigs, nearest first) that assigns the setting; a base of `onlyNames` counts for
        /// those names only.
        func check(_ configuration: ProjectConfiguration, targetName: String?, bases: [(path: String, onlyNames: Set<String>?)]) {
            let xcconfigs = bases.compactMap { base in loaded(base.path).map { (xcconfig: $0, onlyNames: base.onlyNames) } }
            guard !xcconfigs.isEmpty else { return }
            for setting in configuration.buildSettings {
                guard let (name, conditions) = parseSettingKey(setting.key),
                      let entryConditions = Self.conditions(conditions, configuration: configuration.name),
                      !Self.inherits(setting.value, name: name) else { continue }
                for (xcconfig, onlyNames) in xcconfigs where onlyNames?.contains(name) ?? true {
                    // The last assignment that the entry always beats is the value the xcconfig would have given.
                    let shadowed = xcconfig.assignments.last { sourced in
                        let assignment = sourced.assignment
                        guard assignment.name == name,
                              let assignmentConditions = Self.conditions(
                                  assignment.conditions.map { ConditionSpec(parameter: $0.parameter, pattern: $0.pattern) },
                                  configuration: configuration.name)
                        else { return false }
                        return entryConditions.isSubset(of: assignmentConditions)
                    }
                    guard let shadowed, let file = xcconfig.files[shadowed.fileIndex].path else { continue }
                    findings.append(BaseConfigurationShadowing(
                        setting: setting, targetName: targetName, configurationName: configuration.name,
                        projectFile: projectFilePath, xcconfigFile: file,
                        xcconfigLocation: shadowed.assignment.nameRange.start, xcconfigValue: shadowed.assignment.value,
                        projectDirectory: projectDirectory))
                    break
                }
            }
        }
        for configuration in configurations {
            check(configuration, targetName: nil, bases: configuration.baseConfiguration?.path.map { [($0, nil)] } ?? [])
        }
        for target in targets {
            for configuration in target.configurations {
                var bases: [(path: String, onlyNames: Set<String>?)] = []
                if let path = configuration.baseConfiguration?.path { bases.append((path, nil)) }
                if let path = self.configurations.first(where: { $0.name == configuration.name })?.baseConfiguration?.path {
                    bases.append((path, BaseConfigurationShadowing.developerSettingsOverProjectXCConfig))
                }
                check(configuration, targetName: target.name, bases: bases)
            }
        }
        return findings
    }

    /// ``baseConfigurationShadowings(loader:)`` as lint diagnostics.
    public func shadowingDiagnostics(loader: IncludeLoader) -> [Diagnostic] {
        baseConfigurationShadowings(loader: loader).map(\.diagnostic)
    }

    /// The conditions other than `config`, or `nil` when a `config` condition rules the
    /// assignment out for `configuration`.
    static func conditions(_ conditions: [ConditionSpec], configuration: String) -> Set<ConditionSpec>? {
        var remaining: Set<ConditionSpec> = []
        for condition in conditions {
            if condition.parameter == "config" {
                guard PatternMatcher.matches(condition.pattern, configuration) else { return nil }
            } else {
                remaining.insert(condition)
            }
        }
        return remaining
    }

    /// Whether `value` reaches the value below: `$(inherited)`, or a reference to the setting
    /// itself (`$(NAME)`, `${NAME}`, `$NAME`, with or without operators), which Xcode treats as
    /// inherited (semantics §4.3).
    static func inherits(_ value: String, name: String) -> Bool {
        for reached in ["inherited", name] {
            for open in ["$(", "${"] {
                for close in [")", "}", ":"] where value.contains(open + reached + close) { return true }
            }
            // `$NAME` ends at the first byte that cannot be part of a name.
            var rest = Substring(value)
            while let range = rest.firstRange(of: "$" + reached) {
                let after = range.upperBound
                if after == rest.endIndex { return true }
                let next = rest[after]
                if !(next.isLetter || next.isNumber || next == "_") { return true }
                rest = rest[after...]
            }
        }
        return false
    }
}
