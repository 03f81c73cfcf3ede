import XCConfig
import XCConfigLint
import XCConfigSyntax

/// Fills a ``BuildRequest`` in from the shared context and level options (cli.md "Evaluation
/// context", "Levels") and plans its stack: the one code path of `resolve`, `explain`, `expand`
/// and `local`. The request decides everything else (include roots, the project, schemes).
struct StackArguments {
    /// The stack the arguments name: with a scheme, its first target's.
    var planned: PlannedStack
    /// Whether the loaded stack may live until the process exits (``CommandContext/endsWithProcess``).
    var keepsUntilExit = false

    var inputs: StackInputs { planned.inputs }
    var evaluationContext: EvaluationContext { planned.context }
    var loader: IncludeLoader {
        get { planned.loader }
        set { planned.loader = newValue }
    }

    /// Reads the options of `arguments`; `files` are the positional configuration files.
    /// `projects` are projects already read, by absolute path, for `--project` to reuse.
    init(_ arguments: ParsedArguments, files: [String], context: CommandContext, projects: [String: XcodeProject] = [:]) throws {
        let plan = try Self.plan(Self.request(arguments, files: files, context: context), context: context, projects: projects)
        self.init(planned: plan.stacks[0], context: context)
    }

    init(planned: PlannedStack, context: CommandContext) {
        self.planned = planned
        self.keepsUntilExit = context.endsWithProcess
    }

    /// The request the options of `arguments` make, `files` first at the target-xcconfig level.
    static func request(_ arguments: ParsedArguments, files: [String], context: CommandContext) throws -> BuildRequest {
        var request = inputsRequest(arguments, files: files, context: context)
        request.scheme = arguments.value("scheme")
        request.target = arguments.value("target")
        request.evaluationContext = try evaluationContext(arguments)
        request.includesEnvironmentLevel = arguments.flag("env")
        request.usesXcodeDefaults = !arguments.flag("no-xcode-defaults")
        request.xcodeVersion = arguments.value("xcode-version")
        request.developerDirectory = arguments.value("developer-dir")
        request.derivedDataPath = arguments.value("derived-data-path")
        request.searchPaths = arguments.values("search-path")
        request.projectRoot = arguments.value("project-root")
        request.options = Resolver.Options(maximumDepth: 100_000)
        // The real process asks the system for what shells do not export (UID, GID, GROUP),
        // only when Xcode's defaults may need it; a test's context has only its own environment.
        if context.endsWithProcess, request.usesXcodeDefaults, request.project != nil || request.workspace != nil {
            request.userIdentity = UserIdentity.current(fileSystem: context.fileSystem)
        }
        return request
    }

    /// The request for the inputs `arguments` name (files, level options, overrides), without
    /// the context they are resolved in.
    static func inputsRequest(_ arguments: ParsedArguments, files: [String], context: CommandContext) -> BuildRequest {
        var request = BuildRequest(files: files + arguments.values("target-config"), project: arguments.value("project"),
                                   environment: context.environmentSource)
        request.currentDirectory = context.currentDirectory
        request.workspace = arguments.value("workspace")
        request.projectConfigFile = arguments.value("project-config")
        request.xcconfigOverride = arguments.value("xcconfig")
        request.overrides = arguments.overrides.map { DictionaryEntry(key: $0.key, value: $0.value) }
        return request
    }

    /// The request's plan; its warnings are printed.
    static func plan(_ request: BuildRequest, context: CommandContext, projects: [String: XcodeProject] = [:]) throws -> BuildPlan {
        let plan: BuildPlan
        do {
            plan = try request.plan(fileSystem: context.fileSystem, projects: projects)
        } catch {
            throw failure(error)
        }
        for warning in plan.warnings { context.diagnostics.printWarning(warning.message) }
        return plan
    }

    /// The CLI's error for `error`, in the options' spelling.
    static func failure(_ error: BuildRequestError) -> any Error {
        switch error {
        case .workspaceWithoutScheme: UsageError("--workspace needs --scheme, as xcodebuild -workspace needs -scheme")
        case .workspaceAndProject: UsageError("--workspace and --project cannot be given together")
        case .schemeWithoutContainer: UsageError("--scheme needs --workspace or --project (or an .xcodeproj in the current directory)")
        case .schemeNotSupported: UsageError("--scheme and --workspace resolve one target at a time here; name the targets with --project and --target")
        case .allTargetsWithoutProject: UsageError("--all-targets needs --project")
        case .unknownXcodeVersion: UsageError("--xcode-version: \(error)")
        case .project(let error): CommandFailure(error)
        case .noSuchScheme, .schemeDoesNotBuildTarget, .schemeBuildsNoTarget, .unreadableFile: CommandFailure(error.description)
        }
    }

    /// `arguments` with `--project` set to the only `.xcodeproj` in the current directory when
    /// they name no input at all (no file, no level option, no override), as `project list`
    /// finds it; with none or several there, a usage error that says what was looked for.
    static func defaultingToProject(_ arguments: ParsedArguments, files: [String], context: CommandContext) throws -> ParsedArguments {
        let request = inputsRequest(arguments, files: files, context: context)
        let located: BuildRequest
        do {
            located = try request.locatingProject(in: context.currentDirectory, fileSystem: context.fileSystem)
        } catch {
            var reason = error.message.replacingEvery("'\(context.currentDirectory)'", with: "the current directory")
            if reason.hasSuffix("; name one") { reason.removeLast("; name one".count) }
            throw UsageError("no input given, and \(reason); name configuration files or --project PATH")
        }
        guard let project = located.project, request.project == nil else { return arguments }
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
}

extension StackArguments {
    /// The project of `--project` as `context`'s file system holds it, ready to load any
    /// target × configuration, with the arguments' other levels on top and one parse of each
    /// xcconfig shared by those loads; `nil` without `--project`. For `diff` and
    /// `resolve --all-targets`.
    /// With `xcodeDefaults`, the settings Xcode defines are levels too (unless `--no-xcode-defaults`).
    static func projectSource(_ arguments: ParsedArguments, files: [String], context: CommandContext, xcodeDefaults: Bool = false) throws -> ProjectStackSource? {
        var request = try Self.request(arguments, files: files, context: context)
        if !xcodeDefaults { request.usesXcodeDefaults = false }
        do {
            return try request.projectSource(fileSystem: context.fileSystem)
        } catch {
            throw failure(error)
        }
    }
}
