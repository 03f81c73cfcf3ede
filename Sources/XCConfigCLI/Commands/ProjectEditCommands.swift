import XCConfig
import XCConfigSyntax

/// What the commands that edit a project share: the project argument, the selection options,
/// the plan's printing and its all-or-none writing.
enum ProjectEditOutput {
    static let projectPositional = PositionalSpec(
        "project", help: "The .xcodeproj (or the project.pbxproj / project.xcproj inside it).")

    static let targetOption = OptionSpec.value(
        "target", valueName: "name", repeatable: true,
        help: "A target to edit. Default: the project level.")

    static let configurationOption = OptionSpec.value(
        "configuration", short: "c", valueName: "name", repeatable: true,
        help: "A build configuration to edit. Default: every configuration.")

    static let dryRunOption = OptionSpec.flag("dry-run", help: "Print the plan and write nothing.")
    static let forceOption = OptionSpec.flag("force", help: "Replace a read-only (0444) project file; without it the edit is refused and nothing is written.")

    /// Runs `body`, turning the library's errors into `file:line:column: error: message` and
    /// status 1: an edit that cannot be made is a problem of the inputs.
    static func running(_ context: CommandContext, _ body: (CommandContext) throws -> ExitStatus) throws -> ExitStatus {
        do {
            return try reportingAfterWriting(context, body)
        } catch let error as ProjectFileError {
            CommandFailure(error).print(to: context.diagnostics)
            return .failure
        } catch let error as FileTransactionError {
            context.diagnostics.print(Diagnostic(severity: .error, message: error.message, file: context.displayPath(error.file)))
            return .failure
        }
    }

    /// Runs `body` with standard output held back until it returns: what a command reports as
    /// done ("Removing 4 settings", "Created …") is printed only once its files are written,
    /// and not at all when writing them fails (the error says nothing was written).
    static func reportingAfterWriting(_ context: CommandContext, _ body: (CommandContext) throws -> ExitStatus) throws -> ExitStatus {
        var held = context
        held.standardOutput = OutputSink.capture()
        let status = try body(held)
        context.standardOutput.write(bytes: held.standardOutput.capturedBytes)
        return status
    }

    /// What a wrapper base configuration is for, or nothing.
    static func wrapperNote(_ change: BaseConfigurationChange, context: CommandContext) -> String {
        guard let wrapped = change.wrappedConfiguration else { return "" }
        if change.wrapsCocoaPods {
            return " (a wrapper including CocoaPods' \(context.relativePath(wrapped)) and then the shared xcconfig, so CocoaPods keeps working after 'pod install')"
        }
        return " (a wrapper including the previous base \(context.relativePath(wrapped)) and then the shared xcconfig)"
    }

    /// `the project` or `target 'App'`.
    static func owner(_ target: String?) -> String { target.map { "target '\($0)'" } ?? "the project" }

    /// One line per file the plan writes: `Created Config/Debug.xcconfig`, `Would update App.xcodeproj/project.pbxproj`.
    static func fileLines(_ plan: ProjectEditPlan, dryRun: Bool, context: CommandContext) -> [String] {
        plan.edits.map { edit in
            (dryRun ? "Would " : "") + (edit.createsFile ? (dryRun ? "create " : "Created ") : (dryRun ? "update " : "Updated "))
                + context.relativePath(edit.path)
        }
    }

    /// Each value before and after, grouped by target × configuration.
    ///
    /// `summarizingUnchanged`: the values that stay as they were are named on one line per
    /// heading, not one line each.
    ///
    /// `collapsingUnchangedGroups`: a target × configuration whose values all stay as they were
    /// gets no heading; one line at the end counts them.
    static func valueLines(_ changes: [ResolvedSettingChange], summarizingUnchanged: Bool = false, collapsingUnchangedGroups: Bool = false) -> [String] {
        if collapsingUnchangedGroups {
            var changedHeadings: Set<String> = []
            for change in changes where change.before != change.after { changedHeadings.insert(change.place) }
            // One heading per target × configuration, in the order they first come.
            var order: [String: Int] = [:]
            for change in changes where order[change.place] == nil { order[change.place] = order.count }
            let kept = changes.enumerated().filter { changedHeadings.contains($0.element.place) }
                .sorted { (order[$0.element.place]!, $0.offset) < (order[$1.element.place]!, $1.offset) }.map(\.element)
            let quiet = changes.filter { !changedHeadings.contains($0.place) }
            var lines = valueLines(kept, summarizingUnchanged: summarizingUnchanged)
            let quietHeadings = Set(quiet.map(\.place))
            if !quietHeadings.isEmpty {
                var names: [String] = []
                for change in quiet where !names.contains(change.name) { names.append(change.name) }
                let count = quietHeadings.count
                lines.append("  \(count) \(lines.isEmpty ? "" : "other ")target × configuration\(count == 1 ? "" : "s") keep\(count == 1 ? "s" : "") every value (\(names.joined(separator: ", ")))")
            }
            return lines
        }
        var lines: [String] = []
        var group = ""
        var unchanged: [String] = []
        func flushUnchanged() {
            if !unchanged.isEmpty { lines.append("    unchanged: " + unchanged.joined(separator: ", ")) }
            unchanged = []
        }
        for change in changes {
            let heading = change.place
            if heading != group {
                flushUnchanged()
                lines.append("  \(heading):")
                group = heading
            }
            let shown = { (value: String) in value.isEmpty ? "(empty)" : value }
            if change.before == change.after, summarizingUnchanged {
                unchanged.append(change.name)
            } else if change.before == change.after {
                lines.append("    \(change.name): \(shown(change.after)) (unchanged)")
            } else {
                lines.append("    \(change.name): \(shown(change.before)) -> \(shown(change.after))"
                    + (change.afterSource.map { "    (now from \($0))" } ?? ""))
            }
        }
        flushUnchanged()
        return lines
    }

    /// Writes the plan unless `--dry-run`, then prints the files.
    static func finish(_ plan: ProjectEditPlan, dryRun: Bool, replacingReadOnlyFiles: Bool = false, context: CommandContext) throws {
        if plan.isEmpty {
            context.print("Nothing to change in \(context.relativePath(plan.projectFile)).")
            return
        }
        if !dryRun { try ProjectEditing.apply(plan, fileSystem: context.fileSystem, replacingReadOnlyFiles: replacingReadOnlyFiles) }
        for line in fileLines(plan, dryRun: dryRun, context: context) { context.print(line) }
    }
}

/// `xcconfig project set-base PROJECT XCCONFIG [--target T]... [--configuration C]... [--dry-run]`.
enum ProjectSetBaseCommand: Command {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            name: "set-base",
            abstract: "Make an xcconfig the base configuration of the project or of targets.",
            discussion: """
                Sets "Based on Configuration File" as Xcode's Info tab does: by default for the \
                project level in every configuration; --target and --configuration narrow or move \
                it. The xcconfig gets a file reference if the project has none: in the group whose \
                folder holds it, else in the group that already holds xcconfig files, else in a new \
                Config group. Only the entries that change are rewritten; every other byte of the \
                project file stays as it is.

                A configuration that already has a base gets a wrapper next to the xcconfig \
                instead, named after the configuration (Debug.xcconfig, else Project-Debug.xcconfig \
                or App-Debug.xcconfig), that includes the previous base and then the xcconfig: a \
                CocoaPods base (Pods/Target Support Files/…) keeps working after 'pod install', and \
                any other keeps its values. --replace makes the xcconfig the base instead (a \
                CocoaPods base is still wrapped). A configuration whose base already includes the \
                xcconfig is left alone. Running the command again changes nothing. The xcconfig \
                must be an .xcconfig file inside the repository that holds the project.

                Every file is written atomically, all or none; if the project file changed on disk \
                since it was read (Xcode saved it), nothing is written (status 1).

                EXAMPLES:
                  xcconfig project set-base App.xcodeproj Config/CustomConfig.xcconfig
                  xcconfig project set-base App.xcodeproj Config/App.xcconfig --target App -c Release
                  xcconfig project set-base App.xcodeproj Config/CustomConfig.xcconfig --dry-run
                """,
            options: [
                ProjectEditOutput.targetOption, ProjectEditOutput.configurationOption,
                OptionSpec.flag("replace", help: "Replace a base configuration that is not CocoaPods' instead of wrapping it."),
                ProjectEditOutput.dryRunOption, ProjectEditOutput.forceOption,
            ],
            positionals: [
                ProjectEditOutput.projectPositional,
                PositionalSpec("xcconfig", help: "The xcconfig file to base the configurations on (it must exist)."),
            ],
            showsLimits: false
        )
    }

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitStatus {
        try ProjectEditOutput.running(context) { context in
            let plan = try ProjectEditing.planSetBase(
                project: context.absolutePath(arguments.positional("project")!),
                xcconfig: context.absolutePath(arguments.positional("xcconfig")!),
                targets: arguments.values("target"), configurations: arguments.values("configuration"),
                replacingExistingBases: arguments.flag("replace"), fileSystem: context.fileSystem)
            let dryRun = arguments.flag("dry-run")
            for change in plan.baseChanges {
                let owner = ProjectEditOutput.owner(change.targetName)
                var line = "\(owner), \(change.configurationName): "
                if let reason = change.unchangedReason {
                    line += "unchanged, \(reason)"
                } else {
                    line += (change.previous.map { context.relativePath($0) + " -> " } ?? "(none) -> ") + context.relativePath(change.base)
                    line += ProjectEditOutput.wrapperNote(change, context: context)
                }
                context.print(line)
            }
            for note in plan.notes { context.print((dryRun ? "Would: " : "") + note) }
            try ProjectEditOutput.finish(plan, dryRun: dryRun, replacingReadOnlyFiles: arguments.flag("force"), context: context)
            return .success
        }
    }
}

/// `xcconfig project clear-overrides PROJECT [--target T]... [--configuration C]... [NAME...] [--dry-run]`.
enum ProjectClearOverridesCommand: Command {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            name: "clear-overrides",
            abstract: "Remove project and target settings that hide what their base xcconfig sets.",
            discussion: """
                The fix for lint's project-shadows-xcconfig: a build setting in the project file \
                overrides the value its level's base xcconfig sets, so the xcconfig is silently \
                ignored; a target's DEVELOPMENT_TEAM counts over the project's base xcconfig too, since \
                it hides each developer's team. This removes those entries (by default every one in the project and target \
                dictionaries; --target, --configuration and NAME narrow it) and first prints, for \
                each target and configuration affected, each setting's value before and after. \
                Settings using $(inherited) or their own name are kept: they build on the xcconfig.

                lint --fix --project does not do this, because it changes values. Every other byte \
                of the project file stays as it is; a project file changed on disk since it was \
                read is not written (status 1).

                EXAMPLES:
                  xcconfig project clear-overrides App.xcodeproj --dry-run
                  xcconfig project clear-overrides App.xcodeproj --target App DEVELOPMENT_TEAM
                """,
            options: [
                OptionSpec.value("target", valueName: "name", repeatable: true,
                                 help: "Only this target's settings. Default: the project's and every target's."),
                ProjectEditOutput.configurationOption, ProjectEditOutput.dryRunOption, ProjectEditOutput.forceOption,
            ],
            positionals: [
                ProjectEditOutput.projectPositional,
                PositionalSpec("name", help: "Only these settings. Default: every setting that hides an xcconfig value.", isOptional: true, isRepeatable: true),
            ],
            showsLimits: false
        )
    }

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitStatus {
        try ProjectEditOutput.running(context) { context in
            let plan = try ProjectEditing.planClearOverrides(
                project: context.absolutePath(arguments.positional("project")!),
                targets: arguments.values("target"), configurations: arguments.values("configuration"),
                names: arguments.positionals("name"), fileSystem: context.fileSystem)
            let dryRun = arguments.flag("dry-run")
            if plan.removedSettings.isEmpty {
                // Narrowed, it says what it looked at: other settings may still override.
                let names = arguments.positionals("name")
                let settings = names.isEmpty ? "project or target setting" : names.joined(separator: ", ")
                var scope = ""
                if !arguments.values("target").isEmpty { scope += " of target " + arguments.values("target").joined(separator: ", ") }
                if !arguments.values("configuration").isEmpty { scope += " in " + arguments.values("configuration").joined(separator: ", ") }
                context.print("No \(settings)\(scope) overrides its base xcconfig.")
                return .success
            }
            context.print((dryRun ? "Would remove" : "Removing") + " \(plan.removedSettings.count) setting\(plan.removedSettings.count == 1 ? "" : "s"):")
            for removed in plan.removedSettings {
                context.print("  \(ProjectEditOutput.owner(removed.targetName)), \(removed.configurationName): \(removed.key) = \(removed.value)")
            }
            context.print("Values before and after:")
            for line in ProjectEditOutput.valueLines(plan.settingChanges, collapsingUnchangedGroups: true) { context.print(line) }
            try ProjectEditOutput.finish(plan, dryRun: dryRun, replacingReadOnlyFiles: arguments.flag("force"), context: context)
            return .success
        }
    }
}

/// `xcconfig project extract PROJECT --output DIR [--target T]... [--dry-run]`.
enum ProjectExtractCommand: Command {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            name: "extract",
            abstract: "Move a project's build settings into xcconfig files, checking that nothing changes.",
            discussion: """
                Writes one xcconfig per target and configuration into DIR (App-Debug.xcconfig), \
                which includes what the target's configurations share (App.xcconfig), and makes it \
                that configuration's base; the project's own settings go the same way \
                (Project-Debug.xcconfig, Project.xcconfig), together with the settings every target \
                sets alike. An existing base xcconfig is kept by an #include at the top of the new \
                file. Conditional keys (OTHER_LDFLAGS[sdk=iphoneos*]) stay conditional, array values \
                become xcconfig lists, and a value holding // gets /$()/ so it is not cut by a \
                comment. Each moved setting is removed from the project file.

                Before writing, every target and configuration is resolved before and after, in \
                the context of each platform in its SUPPORTED_PLATFORMS (else its SDKROOT and the \
                simulator): when any value would change, nothing is written and each such setting \
                is listed with where its value came from before and after (status 1). All files \
                are written or none; a project file changed on disk since it was read is not \
                written.

                EXAMPLES:
                  xcconfig project extract App.xcodeproj --output Config/
                  xcconfig project extract App.xcodeproj --output Config/ --target App --dry-run
                """,
            options: [
                .value("output", short: "o", valueName: "dir", help: "The folder for the new xcconfig files (created if needed)."),
                OptionSpec.value("target", valueName: "name", repeatable: true,
                                 help: "Only this target's settings. Default: the project's and every target's."),
                ProjectEditOutput.dryRunOption, ProjectEditOutput.forceOption,
            ],
            positionals: [ProjectEditOutput.projectPositional],
            showsLimits: false
        )
    }

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitStatus {
        guard let output = arguments.value("output") else { throw CommandFailure("missing --output <dir>") }
        return try ProjectEditOutput.running(context) { context in
            let plan = try ProjectEditing.planExtract(
                project: context.absolutePath(arguments.positional("project")!), output: context.absolutePath(output),
                targets: arguments.values("target"), fileSystem: context.fileSystem)
            let dryRun = arguments.flag("dry-run")
            if plan.removedSettings.isEmpty {
                context.print("The project file has no build settings to move.")
                return .success
            }
            context.print("\(dryRun ? "Would move" : "Moving") \(plan.removedSettings.count) setting\(plan.removedSettings.count == 1 ? "" : "s") out of \(context.relativePath(plan.projectFile)); every value resolves as before.")
            for note in plan.notes { context.print(note) }
            try ProjectEditOutput.finish(plan, dryRun: dryRun, replacingReadOnlyFiles: arguments.flag("force"), context: context)
            return .success
        }
    }
}
