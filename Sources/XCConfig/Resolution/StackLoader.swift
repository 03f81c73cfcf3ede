import XCConfigSyntax

/// What goes into a settings stack: the files and dictionaries of each level, as the
/// `resolve`, `explain`, `expand` and `local` commands take them (cli.md "Levels").
public struct StackInputs: Sendable {
    /// Positional files: the `target-xcconfig` level, read as if one file included them in order.
    public var targetConfigFiles: [String]
    /// `--project-config FILE`: the `project-xcconfig` level.
    public var projectConfigFile: String?
    /// `NAME[cond]=VALUE` arguments: the `command-line` level.
    public var commandLineSettings: [DictionaryEntry]
    /// `--xcconfig FILE`: the `xcconfig-override` level.
    public var xcconfigOverride: String?
    /// The file named by `XCODE_XCCONFIG_FILE`: the `environment-xcconfig` level.
    public var environmentXCConfig: String?
    /// The process environment, for the `environment` level (`--env`); `nil` leaves it out.
    public var environment: [String: String]?
    /// Dictionaries placed below the project-xcconfig level (the project's dynamic settings).
    public var projectDynamicSettings: [DictionaryEntry]
    /// The project file's project build settings.
    public var projectSettings: [DictionaryEntry]
    /// Dictionaries placed below the target-xcconfig level (the target's dynamic settings).
    public var targetDynamicSettings: [DictionaryEntry]
    /// The project file's target build settings.
    public var targetSettings: [DictionaryEntry]
    /// The project's base xcconfig from the project file: an unreadable one is a diagnostic,
    /// not a failure (semantics §1.7).
    public var projectBaseConfigFile: String?
    /// The target's base xcconfig from the project file, read before the positional files.
    public var targetBaseConfigFile: String?
    /// The project file holding the base configuration references, for diagnostics.
    public var projectFile: String?
    /// Where the project's base configuration reference is written (project file, key path,
    /// line): a base xcconfig that cannot be opened is reported there.
    public var projectBaseConfigOrigin: EntryOrigin?
    /// Where the target's base configuration reference is written.
    public var targetBaseConfigOrigin: EntryOrigin?
    /// Problems found while reading the project file and choosing its levels (a configuration
    /// that does not exist, a base xcconfig that cannot be located); reported with the load
    /// diagnostics.
    public var projectDiagnostics: [Diagnostic] = []
    /// Values the inputs hold that are guesses or stand in for what only Xcode knows (an SDK
    /// version chosen without the SDK): `resolve` notes them on stderr with the settings whose
    /// values depend on Xcode-defined settings no level assigns (``Resolver/unknowableValues(among:)``).
    public var unknowableValues: [UnknowableValue] = []
    /// The settings Xcode defines (build-system, product-type, platform and SDK defaults);
    /// `nil` leaves them out, as for xcconfig files alone.
    public var xcodeDefaults: XcodeDefaults?
    /// The target's product type, for its defaults (set from the project by ``apply(_:projectFile:)``).
    public var productType: String?
    /// Whether the target depends on a Swift package product (set by ``apply(_:projectFile:)``).
    public var usesPackageProducts = false
    /// The `.xcodeproj`, for the DerivedData folder (set by ``apply(_:projectFile:)``).
    public var projectPath: String?

    public init(
        targetConfigFiles: [String] = [],
        projectConfigFile: String? = nil,
        commandLineSettings: [DictionaryEntry] = [],
        xcconfigOverride: String? = nil,
        environmentXCConfig: String? = nil,
        environment: [String: String]? = nil,
        projectDynamicSettings: [DictionaryEntry] = [],
        projectSettings: [DictionaryEntry] = [],
        targetDynamicSettings: [DictionaryEntry] = [],
        targetSettings: [DictionaryEntry] = []
    ) {
        self.targetConfigFiles = targetConfigFiles
        self.projectConfigFile = projectConfigFile
        self.commandLineSettings = commandLineSettings
        self.xcconfigOverride = xcconfigOverride
        self.environmentXCConfig = environmentXCConfig
        self.environment = environment
        self.projectDynamicSettings = projectDynamicSettings
        self.projectSettings = projectSettings
        self.targetDynamicSettings = targetDynamicSettings
        self.targetSettings = targetSettings
    }

    /// Fills the four project levels (and their dynamic settings) from a project file's levels.
    public mutating func apply(_ project: ProjectLevels, projectFile: String) {
        projectDynamicSettings = project.projectDynamic
        projectBaseConfigFile = project.projectConfigFile
        projectSettings = project.projectSettings
        targetDynamicSettings = project.targetDynamic
        targetBaseConfigFile = project.targetConfigFile
        targetSettings = project.targetSettings
        self.projectFile = projectFile
        func origin(_ reference: BaseConfigurationReference?) -> EntryOrigin? {
            reference.map { EntryOrigin(file: projectFile, keyPath: $0.keyPath ?? "", line: $0.line) }
        }
        projectBaseConfigOrigin = origin(project.projectConfigReference)
        targetBaseConfigOrigin = origin(project.targetConfigReference)
        usesPackageProducts = project.usesPackageProducts
        projectDiagnostics = project.diagnostics
        productType = project.productType
        projectPath = project.projectPath.isEmpty ? nil : project.projectPath
    }
}

/// A loaded stack: the resolver over it, and every diagnostic from loading its files.
public struct LoadedStack {
    /// Evaluates the stack.
    public let resolver: Resolver
    /// Parse and include diagnostics of every file, then the resolver's settings diagnostics.
    public var diagnostics: [Diagnostic] { loadDiagnostics + resolver.diagnostics }
    /// Parse and include diagnostics only.
    public let loadDiagnostics: [Diagnostic]
    /// The xcconfig files of each level, for tools that look at the files themselves.
    public let configurations: [(kind: LevelKind, configuration: LoadedConfiguration)]
}

/// Why a stack could not be loaded at all: a file the user named cannot be read.
public struct StackLoadError: Error, Sendable, CustomStringConvertible {
    public let path: String
    public let description: String
}

extension StackInputs {
    /// Loads every file of the stack with `loader` and builds a resolver for `context`.
    ///
    /// A positional file, `--project-config` or `--xcconfig` that cannot be read throws; an
    /// unreadable `XCODE_XCCONFIG_FILE` or project base configuration is a diagnostic, as in
    /// Xcode (semantics §1.7).
    public func load(with loader: IncludeLoader, context: EvaluationContext, options: Resolver.Options = Resolver.Options()) throws(StackLoadError) -> LoadedStack {
        var levels: [Level] = []
        var diagnostics: [Diagnostic] = []
        var configurations: [(LevelKind, LoadedConfiguration)] = []

        func loadFile(_ path: String, kind: LevelKind) throws(StackLoadError) {
            do {
                let loaded = try loader.load(path: path)
                diagnostics += loaded.diagnostics
                configurations.append((kind, loaded))
                levels.append(Level(kind: kind, source: .configuration(loaded)))
            } catch {
                throw StackLoadError(path: error.path, description: error.description)
            }
        }

        if let environment {
            levels.append(Level(kind: .environment, source: .dictionary(
                environment.compactMap { key, value in
                    // Environment variables are literal values, not expressions: `$` stays `$`.
                    parseSettingKey(key).flatMap { parsed in
                        parsed.conditions.isEmpty ? DictionaryEntry(key: key, value: value.replacingEvery("$", with: "$$")) : nil
                    }
                })))
        }
        // The context's bindings sit here, above Xcode's defaults; they are added at the end,
        // when Xcode's defaults may have chosen the SDK.
        let contextLevelIndex = levels.count
        if !projectDynamicSettings.isEmpty {
            levels.append(Level(kind: .project, source: .dictionary(projectDynamicSettings)))
        }
        // A missing base xcconfig is an error at the reference in the project file; the rest of
        // the stack still resolves (semantics §1.7, project-formats.md §E.7).
        func loadBase(_ path: String, origin: EntryOrigin?) -> LoadedConfiguration? {
            do {
                return try loader.load(path: path)
            } catch {
                diagnostics.append(Diagnostic(
                    severity: .error,
                    message: "Unable to open base configuration reference file '\(error.path)'.",
                    file: origin?.file ?? projectFile,
                    location: origin?.line.map { SourceLocation(line: $0, column: 1) },
                    notes: origin.map { $0.keyPath.isEmpty ? [] : ["referenced by \($0.keyPath)"] } ?? []))
                return nil
            }
        }
        diagnostics += projectDiagnostics
        if let projectBaseConfigFile, let loaded = loadBase(projectBaseConfigFile, origin: projectBaseConfigOrigin) {
            diagnostics += loaded.diagnostics
            configurations.append((.projectXCConfig, loaded))
            levels.append(Level(kind: .projectXCConfig, source: .configuration(loaded)))
        }
        if let projectConfigFile { try loadFile(projectConfigFile, kind: .projectXCConfig) }
        if !projectSettings.isEmpty {
            levels.append(Level(kind: .project, source: .dictionary(projectSettings)))
        }
        if !targetDynamicSettings.isEmpty {
            levels.append(Level(kind: .target, source: .dictionary(targetDynamicSettings)))
        }
        if !targetConfigFiles.isEmpty || targetBaseConfigFile != nil {
            var parts: [LoadedConfiguration] = []
            if let targetBaseConfigFile, let loaded = loadBase(targetBaseConfigFile, origin: targetBaseConfigOrigin) { parts.append(loaded) }
            for path in targetConfigFiles {
                do {
                    parts.append(try loader.load(path: path))
                } catch {
                    throw StackLoadError(path: error.path, description: error.description)
                }
            }
            if !parts.isEmpty {
                let merged = LoadedConfiguration.concatenating(parts)
                diagnostics += merged.diagnostics
                configurations.append((.targetXCConfig, merged))
                levels.append(Level(kind: .targetXCConfig, source: .configuration(merged)))
            }
        }
        if !targetSettings.isEmpty {
            levels.append(Level(kind: .target, source: .dictionary(targetSettings)))
        }
        if !commandLineSettings.isEmpty {
            levels.append(Level(kind: .commandLine, source: .dictionary(commandLineSettings)))
        }
        if let xcconfigOverride { try loadFile(xcconfigOverride, kind: .xcconfigOverride) }
        if let environmentXCConfig {
            do {
                let loaded = try loader.load(path: environmentXCConfig)
                diagnostics += loaded.diagnostics
                configurations.append((.environmentXCConfig, loaded))
                levels.append(Level(kind: .environmentXCConfig, source: .configuration(loaded)))
            } catch {
                diagnostics.append(Diagnostic(
                    severity: .error,
                    message: "Unable to open file '\(error.path)' referenced by XCODE_XCCONFIG_FILE environment variable."))
            }
        }
        var context = context
        if let xcodeDefaults {
            let sdk = chooseSDK(xcodeDefaults, levels: levels, context: &context, options: options)
            let xcode = xcodeDefaults.levels(productType: productType, projectPath: projectPath, sdk: sdk, usesPackageProducts: usesPackageProducts)
            levels.insert(Level(kind: .defaults, source: .dictionary(context.defaultSettings)), at: contextLevelIndex)
            levels.insert(contentsOf: xcode.below, at: contextLevelIndex)
            levels += xcode.above
            var resolver = Resolver(levels: levels, context: context, options: options)
            // What the build system computes from resolved values, resolved again with them.
            let bound = xcodeDefaults.boundDefaults(resolver, sdk: sdk)
            if !bound.isEmpty {
                levels.insert(Level(kind: .defaults, source: .dictionary(XcodeDefaults.entries(bound))), at: contextLevelIndex + xcode.below.count)
                resolver = Resolver(levels: levels, context: context, options: options)
            }
            let computed = xcodeDefaults.computedSettings(resolver, projectDirectory: projectPath.map(Path.directory(of:)))
            if !computed.isEmpty {
                levels.append(Level(kind: .defaults, source: .dictionary(XcodeDefaults.entries(computed))))
                resolver = Resolver(levels: levels, context: context, options: options)
            }
            return LoadedStack(resolver: resolver, loadDiagnostics: diagnostics, configurations: configurations)
        }
        levels.insert(Level(kind: .defaults, source: .dictionary(context.defaultSettings)), at: contextLevelIndex)
        let resolver = Resolver(levels: levels, context: context, options: options)
        return LoadedStack(resolver: resolver, loadDiagnostics: diagnostics, configurations: configurations)
    }
}

extension StackInputs {
    /// The SDK the target is built for, as Xcode chooses it: the first `--sdk` value, else the
    /// `SDKROOT` the levels resolve to (without Xcode's defaults, whose SDKROOT is empty, and
    /// with no SDK bound; an `[sdk=…]` condition on SDKROOT is ignored). When it names a
    /// platform Xcode ships and the context binds at most one SDK name, the `sdk` condition is
    /// bound to its canonical name and its platform's, as the build binds them.
    func chooseSDK(_ defaults: XcodeDefaults, levels: [Level], context: inout EvaluationContext, options: Resolver.Options) -> XcodeDefaults.SDK? {
        let name: String
        if let first = context.sdks.first {
            name = first
        } else {
            name = Resolver(levels: levels, context: context, options: options).value(of: "SDKROOT")
        }
        guard let sdk = defaults.sdk(named: name) else { return nil }
        if context.sdks.count <= 1 { context.sdks = [sdk.canonicalName, sdk.platform.name] }
        return sdk
    }
}

extension LoadedConfiguration {
    /// Several configurations read one after another, as if one file included them in order.
    public static func concatenating(_ parts: [LoadedConfiguration]) -> LoadedConfiguration {
        guard parts.count != 1 else { return parts[0] }
        var result = LoadedConfiguration(files: [], assignments: [], includes: [], diagnostics: [], dependencies: [])
        var seen: Set<String> = []
        for part in parts {
            let offset = result.files.count
            result.files += part.files
            result.assignmentIndices += part.assignmentIndices.map { $0.movingFile(by: offset) }
            result.includes += part.includes.map {
                IncludeEdge(includerIndex: $0.includerIndex + offset, directive: $0.directive, location: $0.location,
                            resolvedPath: $0.resolvedPath, targetIndex: $0.targetIndex.map { $0 + offset }, outcome: $0.outcome)
            }
            result.diagnostics += part.diagnostics
            for dependency in part.dependencies where seen.insert(dependency).inserted {
                result.dependencies.append(dependency)
            }
        }
        return result
    }
}
