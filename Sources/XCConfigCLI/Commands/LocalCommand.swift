import XCConfig
import XCConfigSyntax

/// `xcconfig local`: the per-developer override file a shared configuration's `#include?`
/// names (cli.md "xcconfig local"). The work is done by ``LocalConfigurationSetup``; these
/// commands parse arguments and print.
enum LocalCommand: Command {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            name: "local",
            abstract: "Create, update and check the per-developer file a shared configuration's #include? names.",
            discussion: """
                A shared configuration ends with a line such as #include? "LocalConfig.xcconfig": \
                Xcode reads that file when it exists and ignores it when not, so each developer can \
                override the settings assigned before that line (team, signing, container \
                identifiers) without touching the shared file. These commands write that file, keep \
                it up to date and keep it out of git. They write only inside the git work tree of the \
                shared file (its folder outside one), symbolic links resolved, and never through a \
                .gitignore that is a link: a local file or #include? path leading elsewhere is refused \
                (status 1) and nothing is written.

                EXAMPLES:
                  xcconfig local init Config/CustomConfig.xcconfig DEVELOPMENT_TEAM=ABCDE12345
                  xcconfig local update
                  xcconfig local check
                """,
            subcommands: [LocalInitCommand.self, LocalUpdateCommand.self, LocalCheckCommand.self, LocalIgnoreCommand.self],
            showsLimits: false
        )
    }
}

/// `xcconfig local init`.
enum LocalInitCommand: Command {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            name: "init",
            abstract: "Create the local file, listing every setting it can override.",
            discussion: """
                Finds CONFIG's #include? line and creates the file it names. Every setting CONFIG \
                assigns before that line (itself or through the files it includes before it) is \
                listed: NAME=VALUE arguments and, with --from-env, environment variables of the same \
                name are written as NAME = VALUE; the rest appear commented out with their shared \
                values, ready to edit. The file's path, relative to the git work tree's root, is \
                added once to the root .gitignore (created if needed), unless git already ignores \
                it or --no-gitignore is given; git itself is asked (rev-parse, check-ignore, \
                ls-files) when it is installed, else the work tree is found by its .git folder. \
                \(contextNote)

                A given value whose setting CONFIG assigns after its #include? line has no effect (the \
                later line wins) and is refused (status 1) unless --force. \
                An existing local file is never replaced without --force (status 1). A CONFIG \
                without #include? is an error (status 1) unless --add-include is given. Every write \
                is atomic and keeps the file's permissions; if one fails, the files written before \
                it are put back.

                EXAMPLES:
                  xcconfig local init Config/CustomConfig.xcconfig DEVELOPMENT_TEAM=ABCDE12345
                  DEVELOPMENT_TEAM=ABCDE12345 xcconfig local init --from-env
                  xcconfig local init Config/Shared.xcconfig --add-include --name Mine.xcconfig
                  xcconfig local init --dry-run > /tmp/preview.xcconfig
                  xcconfig local init --project App.xcodeproj DEVELOPMENT_TEAM=ABCDE12345

                WITH --project, the whole setup in one command, for every target of the \
                project (--target, repeatable, narrows it): the per-developer settings \
                (DEVELOPMENT_TEAM, PRODUCT_BUNDLE_IDENTIFIER, CODE_SIGN_STYLE, CODE_SIGN_IDENTITY, \
                PROVISIONING_PROFILE_SPECIFIER and each NAME given) are moved out of the project \
                file: those every target sets alike into CONFIG (default: \
                Config/CustomConfig.xcconfig in the project directory), as shared defaults, which \
                ends with #include? "LocalConfig.xcconfig"; those whose values differ between \
                targets into a per-target file next to it (Config/<Target>.xcconfig) that then \
                includes CONFIG. That file or CONFIG becomes each target's base configuration (an \
                existing base, CocoaPods' or another, is kept by a wrapper that includes it \
                first); every new xcconfig gets a file reference, in one group; the local file is \
                written with the given values only (your team, the setting your bundle \
                identifiers start with) and git-ignored. PRODUCT_BUNDLE_IDENTIFIER=... is refused \
                when the targets' differ. The values before and after are printed for every \
                target and configuration. All files are written or none; every setting of every \
                target resolves exactly as before without the local file, per platform (checked \
                before writing).
                """,
            options: localContextOptions + [
                .flag("from-env", help: "Take the value of each overridable setting that has an environment variable of the same name from the environment (NAME=VALUE arguments win)."),
                .value("name", valueName: "file",
                       help: "With --add-include, the file name to include (default: LocalConfig.xcconfig, next to CONFIG); otherwise picks the #include? naming it when CONFIG has several (default: the last)."),
                .flag("add-include", help: "Append #include? \"NAME\" to CONFIG when it has none (every setting of CONFIG is then overridable)."),
                .flag("force", help: "Replace an existing local file, or a read-only (0444) project file; write a value that has no effect (its setting is assigned after the #include?)."),
                .flag("dry-run", help: "Print the file that would be written on stdout and write nothing (no local file, no .gitignore or CONFIG change)."),
                .flag("no-gitignore", help: "Do not add the local file to .gitignore."),
                .value("format", valueName: "format", allowed: ["text", "json"], default: "text",
                       help: "text: a summary; json: one object with what was (or, with --dry-run, would be) written."),
            ] + LocalProjectInit.options,
            positionals: [configPositional],
            acceptsOverrides: true,
            showsLimits: false,
            overridesHelp: "A value to write into the local file (NAME = VALUE) instead of the shared one."
        )
    }

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitStatus {
        if arguments.value("project") != nil { return try LocalProjectInit.run(arguments, context: context) }
        return try LocalArguments.running(context) {
            let (setup, shared, failed) = try LocalArguments.load(arguments, context: context, addingInclude: arguments.flag("add-include"))
            var values = arguments.overrides.map { LocalSettingValue(key: $0.key, value: $0.value) }
            if arguments.flag("from-env") {
                let given = Set(values.map(\.key))
                var seen: Set<String> = []
                for setting in shared.overridable where setting.conditionSuffix.isEmpty && !given.contains(setting.name) {
                    if seen.insert(setting.name).inserted, let value = context.environmentValue(setting.name) {
                        values.append(LocalSettingValue(key: setting.name, value: value))
                    }
                }
            }
            let plan = try setup.planInit(
                shared, values: values, force: arguments.flag("force"), editGitIgnore: !arguments.flag("no-gitignore"))
            context.diagnostics.print(plan.notes)
            let local = context.displayPath(shared.localFilePath)
            if arguments.value("format") == "json" {
                if !arguments.flag("dry-run") { try setup.apply(plan) }
                context.print(initJSON(plan, dryRun: arguments.flag("dry-run"), context: context).serialized(pretty: true))
                return failed ? .failure : .success
            }
            if arguments.flag("dry-run") {
                context.standardOutput.write(bytes: plan.localFile)
                for write in plan.writes {
                    context.diagnostics.print(Diagnostic(severity: .note, message: "dry run: would " + describe(write, context: context)))
                }
                return failed ? .failure : .success
            }

            try setup.apply(plan)
            for write in plan.writes {
                context.print(describe(write, context: context).capitalizedFirst)
            }
            let set = plan.setKeys
            let listed = shared.overridable.count - set.filter { shared.overridable($0) != nil }.count
            context.print(
                "\(local): " + (set.isEmpty ? "" : "\(set.joined(separator: ", ")) set; ")
                    + "\(listed) other setting\(listed == 1 ? "" : "s") listed commented out with \(listed == 1 ? "its" : "their") shared value\(listed == 1 ? "" : "s").")
            if plan.alreadyIgnored { context.print("\(local) is already ignored by git.") }
            return failed ? .failure : .success
        }
    }

    /// `--format json`: `{"localFile", "dryRun", "writes": [{"path", "role", "created"}], "set",
    /// "listed", "alreadyIgnored"}`, plus `"contents"` (the local file's text) with `--dry-run`.
    static func initJSON(_ plan: LocalPlan, dryRun: Bool, context: CommandContext) -> JSONValue {
        let shared = plan.shared
        let listed = shared.overridable.count - plan.setKeys.filter { shared.overridable($0) != nil }.count
        var members = [
            JSONValue.Member("localFile", .string(context.exactPath(shared.localFilePath))),
            JSONValue.Member("dryRun", .bool(dryRun)),
            JSONValue.Member("writes", .array(plan.writes.map { writeJSON($0, context: context) })),
            JSONValue.Member("set", .array(plan.setKeys.map(JSONValue.string))),
            JSONValue.Member("listed", .integer(listed)),
            JSONValue.Member("alreadyIgnored", .bool(plan.alreadyIgnored)),
        ]
        if dryRun { members.append(JSONValue.Member("contents", .string(String(decoding: plan.localFile, as: UTF8.self)))) }
        return .object(members)
    }

    /// `{"path", "role": "local-file"|"gitignore"|"shared-configuration", "created"}`.
    static func writeJSON(_ write: LocalWrite, context: CommandContext) -> JSONValue {
        let role = switch write.role {
        case .localFile: "local-file"
        case .gitignore: "gitignore"
        case .sharedConfiguration: "shared-configuration"
        }
        return .object([
            JSONValue.Member("path", .string(context.exactPath(write.path))),
            JSONValue.Member("role", .string(role)),
            JSONValue.Member("created", .bool(write.previous == nil)),
        ])
    }

    /// `write Config/LocalConfig.xcconfig` and the like, for the summary and `--dry-run`.
    static func describe(_ write: LocalWrite, context: CommandContext) -> String {
        let path = context.relativePath(write.path)
        switch write.role {
        case .gitignore:
            let added = String(decoding: write.bytes.dropFirst(write.previous?.count ?? 0), as: UTF8.self)
                .trimmingSuffix { $0 == "\n" || $0 == "\r" }
            return write.previous == nil ? "create \(path) ignoring \(added)" : "add \(added) to \(path)"
        case .sharedConfiguration:
            return "append the #include? line to \(path)"
        case .localFile:
            return (write.previous == nil ? "create " : "replace ") + path
        }
    }
}

/// `xcconfig local update`.
enum LocalUpdateCommand: Command {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            name: "update",
            abstract: "Bring the local file up to date with the shared configuration, losing nothing.",
            discussion: """
                Keeps every existing line and value of the local file. Settings CONFIG now assigns \
                before its #include? line that the file does not mention yet (assigned, or commented \
                out as // NAME = ...) are appended, commented out with their shared values. \
                An assignment of a setting CONFIG no longer assigns before that line still applies, so \
                it is kept in force under a comment saying so (the build does not change); --prune \
                comments it out instead (never deletes it). When the setting comes back, those comments \
                are removed. The write is atomic and keeps the file's \
                permissions; nothing is written when nothing changed. Status 1 when there is no \
                local file yet. \(contextNote)

                EXAMPLES:
                  xcconfig local update
                  xcconfig local update Config/CustomConfig.xcconfig --dry-run
                """,
            options: localContextOptions + [
                .value("name", valueName: "file", help: "Picks the #include? naming this file when CONFIG has several (default: the last)."),
                .flag("dry-run", help: "Print the updated file on stdout and write nothing."),
                .flag("prune", help: "Comment out the values of settings CONFIG no longer assigns before its #include? (this changes the build: those values stop applying)."),
                .value("format", valueName: "format", allowed: ["text", "json"], default: "text",
                       help: "text: a summary; json: one object with what was (or, with --dry-run, would be) written."),
            ],
            positionals: [configPositional],
            showsLimits: false
        )
    }

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitStatus {
        return try LocalArguments.running(context) {
            let (setup, shared, failed) = try LocalArguments.load(arguments, context: context, addingInclude: false)
            let plan = try setup.planUpdate(shared, prune: arguments.flag("prune"))
            context.diagnostics.print(plan.notes)
            let local = context.displayPath(shared.localFilePath)
            let update = plan.update!
            if arguments.value("format") == "json" {
                if !arguments.flag("dry-run") { try setup.apply(plan) }
                var members = [
                    JSONValue.Member("localFile", .string(local)),
                    JSONValue.Member("dryRun", .bool(arguments.flag("dry-run"))),
                    JSONValue.Member("changed", .bool(update.changed)),
                    JSONValue.Member("added", .array(update.added.map(JSONValue.string))),
                    JSONValue.Member("commentedOut", .array(update.commentedOut.map(JSONValue.string))),
                    JSONValue.Member("kept", .array(update.kept.map(JSONValue.string))),
                ]
                if arguments.flag("dry-run") {
                    members.append(JSONValue.Member("contents", .string(String(decoding: plan.localFile, as: UTF8.self))))
                }
                context.print(JSONValue.object(members).serialized(pretty: true))
                return failed ? .failure : .success
            }
            if arguments.flag("dry-run") {
                context.standardOutput.write(bytes: plan.localFile)
                return failed ? .failure : .success
            }
            try setup.apply(plan)
            if !update.changed {
                context.print("\(local) is up to date.")
            } else {
                var parts: [String] = []
                if !update.added.isEmpty { parts.append("added \(update.added.joined(separator: ", ")) (commented out)") }
                if !update.commentedOut.isEmpty { parts.append("commented out \(update.commentedOut.joined(separator: ", "))") }
                if !update.kept.isEmpty { parts.append("kept \(update.kept.joined(separator: ", ")) in force (no longer in the shared configuration; --prune comments them out)") }
                if !update.unmarked.isEmpty { parts.append("removed the notes about \(update.unmarked.joined(separator: ", ")) (in the shared configuration again)") }
                context.print("Updated \(local): " + parts.joined(separator: "; ") + ".")
            }
            return failed ? .failure : .success
        }
    }
}

/// `xcconfig local check`.
enum LocalCheckCommand: Command {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            name: "check",
            abstract: "Report whether the local file exists, whether git ignores it, and what it overrides.",
            discussion: """
                Prints the shared configuration and its #include? line, the local file and whether \
                it exists, what git says about it (ignored, not ignored, tracked, or no work tree), \
                each setting the local file assigns with the shared value it replaces, and the \
                settings it could override but does not. Status 1 when git tracks the local file \
                (it would be committed); a file git does not ignore is a warning. \(contextNote)

                EXAMPLES:
                  xcconfig local check
                  xcconfig local check Config/CustomConfig.xcconfig --format json
                """,
            options: localContextOptions + [
                .value("name", valueName: "file", help: "Picks the #include? naming this file when CONFIG has several (default: the last)."),
                .value("format", valueName: "format", allowed: ["text", "json"], default: "text",
                       help: "text: a readable report; json: one object with config, localFile, exists, git (ignored, not-ignored, tracked, outside-repository or unknown), overrides, notOverridden."),
            ],
            positionals: [configPositional],
            showsLimits: false
        )
    }

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitStatus {
        return try LocalArguments.running(context) {
            let (setup, shared, loadFailed) = try LocalArguments.load(arguments, context: context, addingInclude: false)
            let report = setup.check(shared)
            if let limitation = report.git.limitation { context.diagnostics.print(Diagnostic(severity: .note, message: limitation)) }
            context.diagnostics.print(report.diagnostics)
            for override in report.overrides {
                guard let later = shared.overriddenAfterInclude(override.key) else { continue }
                context.diagnostics.print(Diagnostic(
                    severity: .warning, message: "\(override.key) has no effect: assigned after the #include? at \(placeText(later, context: context))",
                    file: shared.localFilePath, location: override.location))
            }
            let overridden = Set(report.overrides.flatMap { shared.overridable(replacedBy: $0.key) }.map(\.key))
            let notOverridden = shared.overridable.filter { !overridden.contains($0.key) }
            let gitText = gitDescription(report.git)

            if arguments.value("format") == "json" {
                var members = [
                    JSONValue.Member("config", .string(context.exactPath(shared.path))),
                    JSONValue.Member("localFile", .string(context.exactPath(shared.localFilePath))),
                    JSONValue.Member("exists", .bool(report.localFileExists)),
                    JSONValue.Member("git", .string(gitState(report.git))),
                ]
                members.append(JSONValue.Member("overrides", .array(report.overrides.map { override in
                    var object = [
                        JSONValue.Member("name", .string(override.key)),
                        JSONValue.Member("value", .string(override.value)),
                        JSONValue.Member("line", .integer(override.location.line)),
                    ]
                    object.append(JSONValue.Member("sharedValue", override.sharedValue.map(JSONValue.string) ?? .null))
                    return .object(object)
                })))
                members.append(JSONValue.Member("notOverridden", .array(notOverridden.map { .string($0.key) })))
                context.print(JSONValue.object(members).serialized(pretty: true))
            } else {
                var text = "Shared configuration: \(context.displayPath(shared.path))"
                if let line = shared.includeLine { text += ":\(line) (#include? \"\(shared.includeName)\")" }
                text += "\nLocal file: \(context.displayPath(shared.localFilePath)) ("
                    + (report.localFileExists ? "exists" : "does not exist; create it with `xcconfig local init`") + ")\n"
                text += "Git: \(gitText)\n"
                if report.localFileExists {
                    if report.overrides.isEmpty {
                        text += "Overrides: none\n"
                    } else {
                        text += "Overrides:\n"
                        for override in report.overrides {
                            let assignment = override.value.isEmpty ? "\(override.key) =" : "\(override.key) = \(override.value)"
                            let conditional = shared.overridable(replacedBy: override.key).map(\.key)
                            var note = override.sharedValue.map { $0.isEmpty ? "(shared value: empty)" : "(shared value: \($0))" }
                                ?? (conditional.isEmpty ? "(not assigned before the #include? line)"
                                    : "(replaces \(conditional.joined(separator: ", ")) assigned before the #include? line)")
                            if let later = shared.overriddenAfterInclude(override.key) {
                                note = "(no effect: assigned after the #include? at \(placeText(later, context: context)))"
                            }
                            text += "  \(assignment)    \(note)\n"
                        }
                    }
                }
                if !notOverridden.isEmpty {
                    text += "Not overridden: " + notOverridden.map(\.key).joined(separator: ", ") + "\n"
                }
                context.standardOutput.write(text)
            }

            let local = shared.localFilePath
            if report.isTracked {
                context.diagnostics.print(Diagnostic(
                    severity: .error,
                    message: "git tracks the local file; run `\(setup.untrackCommand(report.git, localPath: local))`"
                        + (report.git.isIgnored == true ? "" : " and `xcconfig local ignore`"),
                    file: local))
                return .failure
            }
            if report.git.isIgnored == false {
                context.diagnostics.print(Diagnostic(severity: .warning, message: "git does not ignore the local file; run `xcconfig local ignore` (it adds the line to .gitignore and leaves the file as it is)", file: local))
            }
            return loadFailed ? .failure : .success
        }
    }

    /// `Config/Shared.xcconfig:12`: where a shared assignment is.
    static func placeText(_ setting: OverridableSetting, context: CommandContext) -> String {
        (setting.file.map(context.displayPath) ?? "?") + ":\(setting.location.line)"
    }

    /// The `git` value of `--format json`: `ignored`, `not-ignored`, `tracked`,
    /// `outside-repository`, or `unknown` when git could not say.
    static func gitState(_ git: LocalFileGitStatus) -> String {
        switch git.lookup {
        case .notAWorkTree: return "outside-repository"
        case .unknown: return "unknown"
        case .workTree:
            if git.relativePath == nil { return "outside-repository" }
            if git.isTracked == true { return "tracked" }
            switch git.isIgnored {
            case true?: return "ignored"
            case false?: return "not-ignored"
            case nil: return "unknown"
            }
        }
    }

    static func gitDescription(_ git: LocalFileGitStatus) -> String {
        switch git.lookup {
        case .notAWorkTree: return "not inside a git work tree"
        case .unknown(let reason): return "unknown (\(reason))"
        case .workTree:
            if git.relativePath == nil { return "outside the git work tree" }
            if git.isTracked == true { return "tracked (it would be committed)" }
            switch git.isIgnored {
            case true?: return "ignored"
            case false?: return "not ignored"
            case nil: return "not known to be ignored"
            }
        }
    }
}

/// `xcconfig local ignore`.
enum LocalIgnoreCommand: Command {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            name: "ignore",
            abstract: "Add the local file to .gitignore, leaving the file itself as it is.",
            discussion: """
                For a local file that exists already (committed by mistake, or created by hand): lists \
                it once in the work tree's root .gitignore, like init, without touching its values. When \
                git still tracks it, prints the exact git rm --cached line to run (the file stays on \
                disk). Nothing is written when git already ignores it. \(contextNote)

                EXAMPLES:
                  xcconfig local ignore
                  xcconfig local ignore Config/CustomConfig.xcconfig
                """,
            options: localContextOptions + [
                .value("name", valueName: "file", help: "Picks the #include? naming this file when CONFIG has several (default: the last)."),
            ],
            positionals: [configPositional],
            showsLimits: false
        )
    }

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitStatus {
        return try LocalArguments.running(context) {
            let (setup, shared, failed) = try LocalArguments.load(arguments, context: context, addingInclude: false)
            let plan = setup.planIgnore(shared)
            context.diagnostics.print(plan.notes)
            try setup.apply(plan)
            let local = context.displayPath(shared.localFilePath)
            for write in plan.writes { context.print(LocalInitCommand.describe(write, context: context).capitalizedFirst) }
            if plan.alreadyIgnored { context.print("\(local) is already ignored by git.") }
            return failed ? .failure : .success
        }
    }
}

/// What the `local` subcommands share: CONFIG, the include-search options, git.
enum LocalArguments {
    /// The include-search options: they locate CONFIG's includes as for resolve. The condition
    /// options are not offered: every assignment is listed whatever the context.
    static var contextOptions: [OptionSpec] { OptionSpec.includeSearch(withProject: false) }

    /// Runs `body`, turning a library error into its diagnostic and exit status.
    static func running(_ context: CommandContext, _ body: () throws -> ExitStatus) throws -> ExitStatus {
        do {
            return try body()
        } catch let error as LocalConfigurationError {
            let message = context.diagnostics.relativePaths(in: error.message)
            context.diagnostics.print(Diagnostic(severity: .error, message: message, file: error.file, location: error.location))
            return status(of: error)
        }
    }

    /// Status 2 when the command could not run as asked (unreadable or unnamed CONFIG, a value
    /// that cannot be written), else 1 (cli.md "Conventions").
    static func status(of error: LocalConfigurationError) -> ExitStatus {
        switch error.kind {
        case .unreadable, .sharedConfigurationNotFound, .invalidValue: .usageError
        case .malformedProject, .missingOptionalInclude, .localFileExists, .localFileMissing, .writeFailed, .valueHasNoEffect: .failure
        }
    }

    /// The setup (file system and git) and the shared configuration, its load diagnostics
    /// printed; `failed` when one of them is an error.
    static func load(
        _ arguments: ParsedArguments, context: CommandContext, addingInclude: Bool
    ) throws -> (LocalConfigurationSetup, SharedConfiguration, failed: Bool) {
        let config = try arguments.positional("config").map(context.absolutePath)
            ?? SharedConfiguration.find(under: context.currentDirectory, fileSystem: context.fileSystem)
        let loader = try StackArguments(arguments, files: [config], context: context).loader
        let shared = try SharedConfiguration.load(
            path: config, loader: loader, includeName: arguments.value("name"), addingInclude: addingInclude)
        context.diagnostics.print(shared.diagnostics)
        let setup = LocalConfigurationSetup(fileSystem: context.fileSystem, git: git(for: context))
        return (setup, shared, shared.diagnostics.contains { $0.severity == .error })
    }

    /// The real git when it is installed and the files are real; otherwise the `.git` folder
    /// lookup, with a note saying so.
    static func git(for context: CommandContext) -> any GitWorkTreeQuerying {
        guard context.fileSystem is RealFileSystem else { return GitFolderLookup(fileSystem: context.fileSystem, reason: nil) }
        if let git = GitCommandLine.find(environment: context.environment) { return git }
        return GitFolderLookup(
            fileSystem: context.fileSystem,
            reason: "git is not installed (not found on PATH): the work tree is found by its .git folder, and only an exact .gitignore line counts as ignoring the local file")
    }
}

/// What the context options do for `local`, for the subcommands' help.
private let contextNote = """
    -I, --project-root and --developer-dir find CONFIG's includes as for resolve; conditional \
    assignments are listed with their conditions (no condition options: every build is covered).
    """

/// The include-search options of the `local` subcommands.
private let localContextOptions = LocalArguments.contextOptions

/// CONFIG, the shared configuration.
private let configPositional = PositionalSpec(
    "config", help: "The shared configuration with the #include? line. Default: the only .xcconfig file under the current directory that has one.",
    isOptional: true)

extension String {
    /// The first character upper-cased (ASCII).
    fileprivate var capitalizedFirst: String {
        guard let first = unicodeScalars.first, first.isASCII, ("a"..."z").contains(first) else { return self }
        return String(first).uppercased() + String(unicodeScalars.dropFirst())
    }

    /// Without trailing characters matching `predicate`.
    fileprivate func trimmingSuffix(while predicate: (Character) -> Bool) -> String {
        var text = self
        while let last = text.last, predicate(last) { text.removeLast() }
        return text
    }
}
