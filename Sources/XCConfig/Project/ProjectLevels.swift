import XCConfigSyntax

/// The inputs of the four project levels of the build-settings stack for one target and
/// configuration, plus the dynamic settings Xcode defines below each level
/// (semantics §4.4 steps 4–10; project-formats.md §C).
///
/// Lowest to highest: ``projectDynamic`` → ``projectConfigFile`` → ``projectSettings`` →
/// ``targetDynamic`` → ``targetConfigFile`` → ``targetSettings``. Dictionary entries are in
/// ascending key order, the order Xcode pushes them (semantics §4.1).
public struct ProjectLevels: Sendable, Hashable {
    /// The project's name (`PROJECT_NAME`).
    public var projectName: String
    /// The chosen target's name, or `nil` when the project has no targets.
    public var targetName: String?
    /// The configuration used at the project level (after the fallback of project-formats.md
    /// §A.3); this is `CONFIGURATION`. The requested name when the project has no configurations.
    public var configurationName: String
    /// The configuration used at the target level; it can differ from ``configurationName``
    /// when the target lacks the requested configuration.
    public var targetConfigurationName: String?
    /// `PROJECT_NAME`, `SRCROOT`, `CONFIGURATION`, … (project-formats.md §C).
    public var projectDynamic: [DictionaryEntry]
    /// The project's base xcconfig, absolute; `nil` when there is none or it cannot be located
    /// (then ``diagnostics`` says why). A path to a missing file is still given: loading it
    /// reports the read failure as Xcode does (project-formats.md §E.7).
    public var projectConfigFile: String?
    /// The project's base xcconfig reference as written, when there is one.
    public var projectConfigReference: BaseConfigurationReference?
    /// The project build settings of the configuration (for `project.xcproj`, with the entries
    /// of other configurations, see ``ProjectConfiguration/settingsOfOtherConfigurations``).
    public var projectSettings: [DictionaryEntry]
    /// `TARGET_NAME`, `TARGETNAME`, `PRODUCT_TYPE` (project-formats.md §C); empty without a target.
    public var targetDynamic: [DictionaryEntry]
    /// The target's base xcconfig, absolute (see ``projectConfigFile``).
    public var targetConfigFile: String?
    /// The target's base xcconfig reference as written, when there is one.
    public var targetConfigReference: BaseConfigurationReference?
    /// The target build settings of the configuration.
    public var targetSettings: [DictionaryEntry]
    /// The `.xcodeproj` path: the DerivedData folder's name is made from it.
    public var projectPath: String = ""
    /// The chosen target's product type (`com.apple.product-type.application`), if it has one.
    public var productType: String?
    /// Whether the target depends on a Swift package product.
    public var usesPackageProducts = false
    /// Warnings: a requested configuration that does not exist, a base xcconfig that cannot be
    /// located, and the project's own reading warnings.
    public var diagnostics: [Diagnostic]
}

extension XcodeProject {
    /// The project levels for `target` (default: the first target, as `xcodebuild` without
    /// `-target`) and `configuration` (default: the project's default configuration)
    /// (project-formats.md §A.3, §D).
    ///
    /// - Parameter hostSettings: settings about the machine and user that Xcode defines at the
    ///   project level (`HOME`, `USER`, `XCODE_VERSION_MAJOR`, …); added to ``ProjectLevels/projectDynamic``.
    /// - Parameter joiningArraysVerbatim: whether an array value's elements are joined as written
    ///   (the build system of Xcode 9 and earlier: `"\"$(SDKROOT)/…\""` is the quoted list item
    ///   `"…"`) rather than each escaped into one list item, as swift-build joins them.
    /// - Throws: ``ProjectFileError`` when `target` names no target of the project.
    public func levels(
        target requestedTarget: String? = nil,
        configuration requestedConfiguration: String? = nil,
        hostSettings: [String: String] = [:],
        joiningArraysVerbatim: Bool = false
    ) throws(ProjectFileError) -> ProjectLevels {
        var diagnostics = warnings
        let wanted = requestedConfiguration ?? defaultConfigurationName

        let chosenTarget: ProjectTarget?
        if let requestedTarget {
            guard let match = target(named: requestedTarget) else {
                let names = targets.map { "'\($0.name)'" }.joined(separator: ", ")
                throw ProjectFileError(
                    file: projectFilePath,
                    message: "the project '\(name)' has no target named '\(requestedTarget)'" + (names.isEmpty ? " (it has no targets)" : "; its targets are \(names)"))
            }
            chosenTarget = match
        } else {
            chosenTarget = targets.first
        }

        if let requestedConfiguration, !configurations.contains(where: { $0.name == requestedConfiguration }) {
            let fallback = effectiveConfiguration(named: requestedConfiguration, in: configurations)?.name
            diagnostics.append(Diagnostic(
                severity: .warning,
                message: "the project '\(name)' has no configuration named '\(requestedConfiguration)'"
                    + (fallback.map { "; using '\($0)'" } ?? ""),
                file: projectFilePath, code: .unknownConfiguration))
        }

        let projectConfiguration = effectiveConfiguration(named: wanted, in: configurations)
        let configurationName = projectConfiguration?.name ?? wanted ?? ""
        let targetConfiguration = chosenTarget.flatMap { effectiveConfiguration(named: wanted, in: $0.configurations) }

        func configFile(_ reference: BaseConfigurationReference?, level: String) -> String? {
            guard let reference else { return nil }
            if reference.path == nil {
                diagnostics.append(Diagnostic(
                    severity: .warning,
                    message: "cannot locate the \(level) base configuration '\(reference.writtenForm)': \(reference.problem ?? "unknown reason")",
                    file: projectFilePath, location: reference.line.map { SourceLocation(line: $0, column: 1) }))
            }
            return reference.path
        }
        // A `project.xcproj` configuration's level also holds the entries whose `[config=…]`
        // names another configuration: they never match here, but they make the setting listed,
        // as a conditional xcconfig assignment does (cli.md `resolve`).
        func entries(_ configuration: ProjectConfiguration?) -> [DictionaryEntry] {
            guard let configuration else { return [] }
            return (configuration.buildSettings + configuration.settingsOfOtherConfigurations)
                .map { setting in
                    let value = joiningArraysVerbatim ? setting.arrayElements?.joined(separator: " ") ?? setting.value : setting.value
                    return DictionaryEntry(key: setting.key, value: value, origin: EntryOrigin(file: projectFilePath, keyPath: setting.keyPath, line: setting.line))
                }
                .sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
        }

        var projectDynamicValues = dynamicProjectSettings(configurationName: configurationName)
        for (key, value) in hostSettings { projectDynamicValues[key] = value }

        var targetDynamicValues: [String: String] = [:]
        if let chosenTarget {
            targetDynamicValues["TARGET_NAME"] = chosenTarget.name
            targetDynamicValues["TARGETNAME"] = "$(TARGET_NAME)"
            if let productType = chosenTarget.productType { targetDynamicValues["PRODUCT_TYPE"] = productType }
        }

        var result = ProjectLevels(
            projectName: name,
            targetName: chosenTarget?.name,
            configurationName: configurationName,
            targetConfigurationName: targetConfiguration?.name,
            projectDynamic: Self.dynamicEntries(projectDynamicValues),
            projectConfigFile: configFile(projectConfiguration?.baseConfiguration, level: "project"),
            projectConfigReference: projectConfiguration?.baseConfiguration,
            projectSettings: entries(projectConfiguration),
            targetDynamic: Self.dynamicEntries(targetDynamicValues),
            targetConfigFile: configFile(targetConfiguration?.baseConfiguration, level: "target"),
            targetConfigReference: targetConfiguration?.baseConfiguration,
            targetSettings: entries(targetConfiguration),
            diagnostics: diagnostics)
        result.projectPath = path
        result.productType = chosenTarget?.productType
        result.usesPackageProducts = !(chosenTarget?.packageProductDependencies.isEmpty ?? true)
        return result
    }

    /// The project-level dynamic settings of swift-build's `getProjectDynamicSettings` /
    /// `addProjectSettings` that follow from the project file (project-formats.md §C). Host
    /// facts (`HOME`, `USER`, Xcode and macOS versions) come from the caller.
    func dynamicProjectSettings(configurationName: String) -> [String: String] {
        var settings: [String: String] = [
            "PROJECT_NAME": name,
            "PROJECT": "$(PROJECT_NAME)",
            "PROJECT_FILE_PATH": path,
            "SRCROOT": projectDirectory,
            "PROJECT_DIR": projectDirectory,
            // For a bare `-project` build the workspace is the project's embedded
            // `project.xcworkspace`, whose parent directory is the .xcodeproj (§C; unverified).
            "WORKSPACE_DIR": path,
            "PROJECT_TEMP_DIR": "$(OBJROOT)/$(PROJECT_NAME).build",
            "CONFIGURATION_BUILD_DIR": "$(BUILD_DIR)/$(CONFIGURATION)$(EFFECTIVE_PLATFORM_NAME)",
            "CONFIGURATION_TEMP_DIR": "$(PROJECT_TEMP_DIR)/$(CONFIGURATION)$(EFFECTIVE_PLATFORM_NAME)",
            "TARGET_TEMP_DIR": "$(CONFIGURATION_TEMP_DIR)/$(TARGET_NAME)$(TARGET_TEMP_DIR_SUFFIX).build",
            "TARGET_BUILD_DIR": "$(CONFIGURATION_BUILD_DIR)$(TARGET_BUILD_SUBPATH)",
            "BUILT_PRODUCTS_DIR": "$(CONFIGURATION_BUILD_DIR)",
            "TEMP_DIR": "$(TARGET_TEMP_DIR)",
            "DEVELOPMENT_LANGUAGE": developmentRegion ?? "en",
            // Defined, and empty, in every `xcodebuild -showBuildSettings` output from Xcode 6 to 26.
            "BUILD_STYLE": "",
            "CONFIGURATION": configurationName,
        ]
        if let classPrefix { settings["PROJECT_CLASS_PREFIX"] = classPrefix }
        return settings
    }

    static func dynamicEntries(_ values: [String: String]) -> [DictionaryEntry] {
        values
            .sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
            .map { DictionaryEntry(key: $0.key, value: $0.value) }
    }
}
