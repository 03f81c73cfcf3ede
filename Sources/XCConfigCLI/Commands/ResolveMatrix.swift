import XCConfig
import XCConfigSyntax

/// `resolve --project P --all-targets --all-configurations --format json`: every target ×
/// configuration in one call, `{target: {configuration: {NAME: value}}}`, for CI scripts that
/// would otherwise run xcodebuild once per target.
enum ResolveMatrix {
    static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitStatus {
        guard arguments.value("project") != nil else { throw UsageError("--all-targets and --all-configurations need --project") }
        guard arguments.value("format") == "json" else { throw UsageError("--all-targets and --all-configurations need --format json") }
        guard arguments.values("print").isEmpty, !arguments.flag("levels"), !arguments.flag("provenance") else {
            throw UsageError("--all-targets and --all-configurations take neither --print, --levels nor --provenance")
        }
        guard let source = try StackArguments.projectSource(arguments, files: arguments.positionals("file"), context: context, xcodeDefaults: true) else { return .usageError }
        let evaluation = try StackArguments.evaluationContext(arguments)
        let filter: LevelFilter = arguments.flag("all") ? .all : LevelFilter.allLevels.subtracting([.defaults, .environment])

        var pairs = source.targetConfigurations
        if !arguments.flag("all-targets") {
            let chosen = arguments.value("target") ?? pairs.first?.target
            pairs = pairs.filter { $0.target == chosen }
            if pairs.isEmpty, let chosen { throw CommandFailure("the project has no target named '\(chosen)'") }
        }
        var failed = false
        var seen: Set<Diagnostic> = []
        var targets: [JSONValue.Member] = []
        for (target, configurations) in pairs {
            // Without --all-configurations, the one resolve would use: -c, else the project's default.
            let names: [String?] = arguments.flag("all-configurations") ? configurations : [nil]
            var members: [JSONValue.Member] = []
            for configuration in names {
                var pairContext = evaluation
                pairContext.targetName = nil
                if configuration != nil { pairContext.configuration = nil }
                let stack: LoadedStack
                do {
                    stack = try source.loadStack(target: target, configuration: configuration ?? evaluation.configuration, context: pairContext)
                } catch {
                    throw CommandFailure("\(error)")
                }
                let settings = stack.resolver.resolveAll(at: filter)
                let diagnostics = stack.diagnostics.filter { seen.insert($0).inserted }
                context.diagnostics.print(diagnostics)
                if diagnostics.contains(where: { $0.severity == .error }) { failed = true }
                let values = JSONValue.object(settings.map { JSONValue.Member($0.name, .string($0.value)) })
                members.append(JSONValue.Member(stack.resolver.context.configuration ?? "", values))
            }
            targets.append(JSONValue.Member(target, .object(members)))
        }
        context.print(JSONValue.object(targets).serialized(pretty: true, sortedKeys: true))
        return failed ? .failure : .success
    }
}
