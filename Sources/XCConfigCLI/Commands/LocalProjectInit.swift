import XCConfig
import XCConfigSyntax

/// `xcconfig local init --project App.xcodeproj [--target T] [CONFIG] [NAME=VALUE...]`: the
/// shared-configuration setup of a project in one command (``LocalConfigurationSetup/planProjectInit(project:targets:sharedPath:values:force:editGitIgnore:)``).
enum LocalProjectInit {
    static let options: [OptionSpec] = [
        .value("project", valueName: "path",
               help: "Set up the project: create CONFIG from the target's per-developer settings, make it the target's base configuration, then the local file (see below)."),
        .value("target", valueName: "name",
               help: "With --project, a target to set up (repeatable; default: every target of the project)."),
    ]

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitStatus {
        for option in ["from-env", "add-include"] where arguments.flag(option) {
            throw CommandFailure("--\(option) cannot be combined with --project")
        }
        if arguments.value("name") != nil { throw CommandFailure("--name cannot be combined with --project") }
        if arguments.value("format") == "json" { throw CommandFailure("--format json cannot be combined with --project") }
        return try LocalArguments.running(context) { try ProjectEditOutput.reportingAfterWriting(context) { context in
            let setup = LocalConfigurationSetup(fileSystem: context.fileSystem, git: LocalArguments.git(for: context))
            let values = arguments.overrides.map { LocalSettingValue(key: $0.key, value: $0.value) }
            let plan = try setup.planProjectInit(
                project: context.absolutePath(arguments.value("project")!), targets: arguments.values("target"),
                sharedPath: arguments.positional("config").map(context.absolutePath), values: values,
                force: arguments.flag("force"), editGitIgnore: !arguments.flag("no-gitignore"))
            context.diagnostics.print(plan.local.notes)
            let dryRun = arguments.flag("dry-run")
            for target in plan.targetNames {
                let moved = plan.moved.indices.filter { plan.moved[$0].targetName == target }
                for destination in [plan.local.shared.path, plan.perTargetFiles[target]].compactMap({ $0 }) {
                    let lines = moved.filter { plan.destinations[$0] == destination }
                    guard !lines.isEmpty else { continue }
                    let file = context.relativePath(destination)
                    context.print(destination != plan.local.shared.path
                        ? "Moved out of target '\(target)' into \(file) (the other targets' values differ):"
                        : plan.createsSharedConfiguration
                        ? "Moved out of target '\(target)' into \(file) as shared defaults:"
                        : "Moved out of target '\(target)' (\(file) exists: values other than its own go to the local file):")
                    for index in lines { context.print("  \(plan.moved[index].configurationName): \(plan.moved[index].key) = \(plan.moved[index].value)") }
                }
            }
            for change in plan.project.baseChanges {
                var line = "Base configuration of target '\(change.targetName ?? "-")', \(change.configurationName): "
                if let reason = change.unchangedReason {
                    line += "unchanged, \(reason)"
                } else {
                    line += (change.previous.map(context.relativePath) ?? "(none)") + " -> " + context.relativePath(change.base)
                    line += ProjectEditOutput.wrapperNote(change, context: context)
                }
                context.print(line)
            }
            for note in plan.project.notes { context.print((dryRun ? "Would: " : "") + note) }
            context.print("Values for this checkout, before and after, for every target and configuration:")
            for line in ProjectEditOutput.valueLines(plan.project.settingChanges, summarizingUnchanged: true) { context.print(line) }
            do {
                try ProjectEditOutput.finish(plan.project, dryRun: dryRun, replacingReadOnlyFiles: arguments.flag("force"), context: context)
            } catch let error as FileTransactionError {
                throw LocalConfigurationError(.writeFailed, error.message, file: error.file)
            }
            if plan.local.alreadyIgnored { context.print("\(context.relativePath(plan.local.shared.localFilePath)) is already ignored by git.") }
            return .success
        } }
    }
}
