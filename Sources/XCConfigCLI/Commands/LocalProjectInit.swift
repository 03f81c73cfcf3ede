import XCConfig
import XCConfigSyntax

/// `xcconfig local init --project App.xcodeproj [--target T] [CONFIG] [NAME=VALUE...]`: the
/// shared-configuration setup of a project in one command (``LocalConfigurationSetup/planProjectInit(project:target:sharedPath:values:force:editGitIgnore:)``).
enum LocalProjectInit {
    static let options: [OptionSpec] = [
        .value("project", valueName: "path",
               help: "Set up the project: create CONFIG from the target's per-developer settings, make it the target's base configuration, then the local file (see below)."),
        .value("target", valueName: "name", help: "With --project, the target to set up (default: the first)."),
    ]

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitStatus {
        for option in ["from-env", "add-include"] where arguments.flag(option) {
            throw CommandFailure("--\(option) cannot be combined with --project")
        }
        if arguments.value("name") != nil { throw CommandFailure("--name cannot be combined with --project") }
        if arguments.value("format") == "json" { throw CommandFailure("--format json cannot be combined with --project") }
        return try LocalArguments.running(context) {
            let setup = LocalConfigurationSetup(fileSystem: context.fileSystem, git: LocalArguments.git(for: context))
            let values = arguments.overrides.map { LocalSettingValue(key: $0.key, value: $0.value) }
            let plan = try setup.planProjectInit(
                project: context.absolutePath(arguments.value("project")!), target: arguments.value("target"),
                sharedPath: arguments.positional("config").map(context.absolutePath), values: values,
                force: arguments.flag("force"), editGitIgnore: !arguments.flag("no-gitignore"))
            context.diagnostics.print(plan.local.notes)
            let dryRun = arguments.flag("dry-run")
            if !plan.moved.isEmpty {
                let shared = context.displayPath(plan.local.shared.path)
                context.print(plan.createsSharedConfiguration
                    ? "Moved out of target '\(plan.targetName)' into \(shared) as shared defaults:"
                    : "Moved out of target '\(plan.targetName)' (\(shared) exists: values other than its own go to the local file):")
                for moved in plan.moved { context.print("  \(moved.configurationName): \(moved.key) = \(moved.value)") }
            }
            for change in plan.project.baseChanges {
                var line = "Base configuration of target '\(plan.targetName)', \(change.configurationName): "
                if let reason = change.unchangedReason {
                    line += "unchanged, \(reason)"
                } else {
                    line += (change.previous.map(context.displayPath) ?? "(none)") + " -> " + context.displayPath(change.base)
                    line += ProjectEditOutput.wrapperNote(change, context: context)
                }
                context.print(line)
            }
            for note in plan.project.notes { context.print((dryRun ? "Would: " : "") + note) }
            context.print("Values for this checkout, before and after:")
            for line in ProjectEditOutput.valueLines(plan.project.settingChanges) { context.print(line) }
            do {
                try ProjectEditOutput.finish(plan.project, dryRun: dryRun, context: context)
            } catch let error as FileTransactionError {
                throw LocalConfigurationError(.writeFailed, error.message, file: error.file)
            }
            if plan.local.alreadyIgnored { context.print("\(context.displayPath(plan.local.shared.localFilePath)) is already ignored by git.") }
            return .success
        }
    }
}
