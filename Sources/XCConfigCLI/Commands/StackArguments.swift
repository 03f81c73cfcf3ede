import XCConfig
import XCConfigLint
import XCConfigSyntax

/// Turns the shared context and level options (cli.md "Evaluation context", "Levels") into a
/// loaded settings stack: the one code path of `resolve`, `explain`, `expand` and `local`.
struct StackArguments {
    var inputs = StackInputs()
    var evaluationContext = EvaluationContext()
    var loader: IncludeLoader
    /// Whether the loaded stack may live until the process exits (``CommandContext/endsWithProcess``).
    var keepsUntilExit = false

    /// Reads the options of `arguments`; `files` are the positional configuration files.
    /// `projects` are projects already read, by absolute path, for `--project` to reuse.
    init(_ arguments: ParsedArguments, files: [String], context: CommandContext, projects: [String: XcodeProject] = [:]) throws {
        if arguments.value("scheme") != nil || arguments.value("workspace") != nil {
            // One stack: the scheme's first target (resolve's xcodebuild formats show them all).
            var projects = projects
            self = try StackArguments(Self.perSchemeTarget(arguments, context: context, projects: &projects)[0], files: files, context: context, projects: projects)
            return
        }
        var evaluation = try Self.evaluationContext(arguments)

        var inputs = StackInputs()
        inputs.targetConfigFiles = (files + arguments.values("target-config")).map(context.absolutePath)
        inputs.projectConfigFile = arguments.value("project-config").map(context.absolutePath)
        inputs.xcconfigOverride = arguments.value("xcconfig").map(context.absolutePath)
        if let path = context.environmentValue("XCODE_XCCONFIG_FILE"), !path.isEmpty {
            inputs.environmentXCConfig = context.absolutePath(path)
        }
        inputs.commandLineSettings = arguments.overrides.map { DictionaryEntry(key: $0.key, value: $0.value) }
        if arguments.flag("env") { inputs.environment = context.environment }

        // Only the project's folder is needed past this point (its last include search path).
        var projectDirectory: String?
        if let projectPath = arguments.value("project") {
            let project = try Self.project(at: context.absolutePath(projectPath), context: context, loaded: projects)
            let levels: ProjectLevels
            do {
                levels = try project.levels(target: arguments.value("target"), configuration: evaluation.configuration, hostSettings: Self.hostSettings(context))
            } catch {
                throw CommandFailure(error.description)
            }
            // As xcodebuild: without -configuration, the project's default configuration.
            if evaluation.configuration == nil { evaluation.configuration = levels.configurationName }
            if evaluation.targetName == nil { evaluation.targetName = levels.targetName }
            inputs.apply(levels, projectFile: project.projectFilePath)
            inputs.xcodeDefaults = try Self.xcodeDefaults(arguments, context: context)
            projectDirectory = project.projectDirectory
        } else if let target = arguments.value("target"), evaluation.targetName == nil {
            // Without a project, --target can only mean the target being built: one spelling
            // per concept, as lint takes it.
            evaluation.targetName = target
        }

        let firstInput = inputs.targetConfigFiles.first ?? inputs.projectConfigFile ?? inputs.xcconfigOverride
        // With --project, Xcode searches the project directory (SRCROOT) last for includes.
        let projectRoot = arguments.value("project-root").map(context.absolutePath)
            ?? projectDirectory
            ?? firstInput.flatMap { Self.nearestProjectDirectory(above: $0, fileSystem: context.fileSystem) }
        self.loader = IncludeLoader(
            fileSystem: context.fileSystem,
            searchPaths: arguments.values("search-path").map(context.absolutePath),
            projectRoot: projectRoot,
            developerDirectory: arguments.value("developer-dir").map(context.absolutePath)
                ?? Self.developerDirectory(context: context))
        self.inputs = inputs
        self.evaluationContext = evaluation
        self.keepsUntilExit = context.endsWithProcess
    }

    /// The project at `path`, from `loaded` when it was read already.
    static func project(at path: String, context: CommandContext, loaded: [String: XcodeProject] = [:]) throws -> XcodeProject {
        if let project = loaded[path] { return project }
        do {
            return try XcodeProject.load(path: path, fileSystem: context.fileSystem)
        } catch {
            throw CommandFailure(error.description)
        }
    }

    /// The settings Xcode defines, for `--project`: `nil` with `--no-xcode-defaults`.
    static func xcodeDefaults(_ arguments: ParsedArguments, context: CommandContext) throws -> XcodeDefaults? {
        guard !arguments.flag("no-xcode-defaults") else { return nil }
        var defaults = XcodeDefaults()
        if let version = arguments.value("xcode-version") {
            guard let release = XcodeRelease.named(version) else {
                let known = XcodeRelease.known.map { "\($0.version) (\($0.build))" }.joined(separator: ", ")
                throw UsageError("--xcode-version: unknown Xcode '\(version)'; known: \(known)")
            }
            defaults.release = release
        }
        if let directory = arguments.value("developer-dir").map(context.absolutePath) ?? developerDirectory(context: context) {
            defaults.developerDirectory = directory
        }
        defaults.derivedDataPath = arguments.value("derived-data-path").map(context.absolutePath)
        // The real process asks the system for what shells do not export (UID, GID, GROUP);
        // the environment wins, and a test's context has only its own.
        if context.endsWithProcess { defaults.environment = UserIdentity.current(fileSystem: context.fileSystem) }
        for name in XcodeDefaults.environmentNames {
            if let value = context.environmentValue(name) { defaults.environment[name] = value }
        }
        return defaults
    }

    /// What Xcode defines about the machine and user at the project level.
    static func hostSettings(_ context: CommandContext) -> [String: String] {
        var host: [String: String] = [:]
        for key in ["HOME", "USER"] { if let value = context.environmentValue(key) { host[key] = value } }
        return host
    }

    /// `arguments` with `--project` set to the only `.xcodeproj` in the current directory when
    /// they name no input at all (no file, no level option, no override), as `project list`
    /// finds it; with none or several there, a usage error that says what was looked for.
    static func defaultingToProject(_ arguments: ParsedArguments, files: [String], context: CommandContext) throws -> ParsedArguments {
        let levelOptions = ["project", "workspace", "project-config", "target-config", "xcconfig"]
        guard files.isEmpty, arguments.overrides.isEmpty, !levelOptions.contains(where: { arguments.value($0) != nil }),
              (context.environmentValue("XCODE_XCCONFIG_FILE") ?? "").isEmpty else { return arguments }
        let project: String
        do {
            project = try XcodeProject.locate(in: context.currentDirectory, fileSystem: context.fileSystem)
        } catch {
            var reason = error.message.replacingEvery("'\(context.currentDirectory)'", with: "the current directory")
            if reason.hasSuffix("; name one") { reason.removeLast("; name one".count) }
            throw UsageError("no input given, and \(reason); name configuration files or --project PATH")
        }
        var arguments = arguments
        arguments.valuesByOption["project"] = [project]
        return arguments
    }

    /// The condition parameters bound by `--configuration`, `--sdk`, `--arch`, `--variant`,
    /// `--target-name` and `--cond PARAM=VALUE`; nothing is bound without them.
    static func evaluationContext(_ arguments: ParsedArguments) throws -> EvaluationContext {
        var evaluation = EvaluationContext()
        evaluation.configuration = arguments.value("configuration")
        evaluation.sdks = arguments.values("sdk")
        evaluation.arch = arguments.value("arch")
        evaluation.variant = arguments.value("variant")
        evaluation.targetName = arguments.value("target-name")
        for binding in arguments.values("cond") {
            guard let equals = binding.firstIndex(of: "="), equals != binding.startIndex else {
                throw UsageError("--cond takes PARAM=VALUE, not '\(binding)'")
            }
            evaluation.conditions[String(binding[..<equals]), default: []].append(String(binding[binding.index(after: equals)...]))
        }
        return evaluation
    }

    /// Loads the stack; a file the user named that cannot be read stops the command (status 2).
    func load() throws -> LoadedStack {
        let stack: LoadedStack
        do {
            stack = try inputs.load(with: loader, context: evaluationContext, options: Resolver.Options(maximumDepth: 100_000))
        } catch {
            throw CommandFailure(error.description)
        }
        // Freeing the resolver and the syntax trees would cost a tenth of a `resolve`.
        if keepsUntilExit { ProcessLifetime.keep(stack) }
        return stack
    }

    /// The load diagnostics with lint's explanation of a leading byte-order mark, so that
    /// `resolve` says what `lint` says instead of only Xcode's "unexpected character ‘ï’"
    /// (kept in the message). Other messages stay exactly Xcode's.
    static func explained(_ diagnostics: [Diagnostic], context: CommandContext) -> [Diagnostic] {
        diagnostics.map { diagnostic in
            guard diagnostic.severity == .error, let file = diagnostic.file, diagnostic.location == SourceLocation(line: 1, column: 1),
                  diagnostic.message.hasPrefix("unexpected character"),
                  let bytes = try? context.fileSystem.read(file), SyntaxExplanation.startsWithByteOrderMark(bytes) else { return diagnostic }
            var explained = diagnostic
            explained.message = SyntaxExplanation.byteOrderMark(diagnostic.message)
            return explained
        }
    }

    /// The nearest directory at or above `file`'s folder that holds an `.xcodeproj` or
    /// `.xcworkspace`: where Xcode would search last for includes.
    static func nearestProjectDirectory(above file: String, fileSystem: any FileSystem) -> String? {
        var directory = Path.directory(of: file)
        while true {
            if let entries = try? fileSystem.contents(ofDirectory: directory),
               entries.contains(where: { $0.hasSuffix(".xcodeproj") || $0.hasSuffix(".xcworkspace") }) {
                return directory
            }
            if directory == "/" || directory == "." || directory.isEmpty { return nil }
            directory = Path.directory(of: directory)
        }
    }

    /// `$DEVELOPER_DIR`, else on macOS what `xcode-select -p` prints.
    static func developerDirectory(context: CommandContext) -> String? {
        if let directory = context.environmentValue("DEVELOPER_DIR"), !directory.isEmpty { return directory }
        #if os(macOS)
        guard let result = Subprocess.run("/usr/bin/xcode-select", arguments: ["-p"]), result.status == 0 else { return nil }
        let path = result.trimmedOutput
        return path.isEmpty ? nil : path
        #else
        return nil
        #endif
    }
}

extension StackArguments {
    /// The project of `--project` as `context`'s file system holds it, ready to load any
    /// target × configuration, with the arguments' other levels on top and one parse of each
    /// xcconfig shared by those loads; `nil` without `--project`. For `diff` and
    /// `resolve --all-targets`.
    /// With `xcodeDefaults`, the settings Xcode defines are levels too (unless `--no-xcode-defaults`).
    static func projectSource(_ arguments: ParsedArguments, files: [String], context: CommandContext, xcodeDefaults: Bool = false) throws -> ProjectStackSource? {
        guard let projectPath = arguments.value("project") else { return nil }
        if arguments.value("scheme") != nil || arguments.value("workspace") != nil {
            throw UsageError("--scheme and --workspace resolve one target at a time here; name the targets with --project and --target")
        }
        var otherLevels = arguments
        otherLevels.valuesByOption["project"] = nil
        otherLevels.valuesByOption["target"] = nil
        let rest = try StackArguments(otherLevels, files: files, context: context)
        let project: XcodeProject
        do {
            project = try XcodeProject.load(path: context.absolutePath(projectPath), fileSystem: context.fileSystem)
        } catch {
            throw CommandFailure(error.description)
        }
        var loader = rest.loader
        // Without --project-root, the project directory (ProjectStackSource's default).
        loader.projectRoot = arguments.value("project-root").map(context.absolutePath)
        loader.parsedFiles = ParsedFileCache()
        var inputs = rest.inputs
        if xcodeDefaults { inputs.xcodeDefaults = try Self.xcodeDefaults(arguments, context: context) }
        return ProjectStackSource(project: project, loader: loader, inputs: inputs, hostSettings: hostSettings(context),
                                  options: Resolver.Options(maximumDepth: 100_000))
    }
}
