import XCConfig
import XCConfigLint
import XCConfigSyntax

/// `xcconfig lint [PATH...] [context] [--project PATH] [--format xcode|json|sarif|github|checkstyle]
/// [--strict] [--lint-config FILE] [--fix]` (cli.md "xcconfig lint"). Parses arguments, runs the
/// ``Linter`` and prints with the chosen reporter; every rule lives in `XCConfigLint`.
enum LintCommand: Command {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            name: "lint",
            abstract: "Find what Xcode accepts silently in configuration files but cannot mean.",
            discussion: """
                PATHs are files or directories (default: the current directory). Directories are searched \
                for *.xcconfig, skipping hidden folders, .build, DerivedData, Pods, Carthage, node_modules \
                and the configuration's exclude globs. A file named on the command line is checked as a root \
                configuration with everything it includes; from a directory, the roots are the files no \
                other found file includes. Findings inside included files are reported once, at their own \
                file and line.
                With --project, the project file's build settings are checked against their base xcconfigs \
                (project-shadows-xcconfig); without PATHs, those base xcconfigs are what is linted.
                The context options narrow what is checked; without them every build is considered. \
                value-too-large evaluates values in that context (as Xcode, an unbound condition parameter \
                matches only *); reference-cycle counts only the assignments whose conditions can match the \
                bound parameters; project-shadows-xcconfig looks only at the --configuration and \
                --target (or --target-name) given. -I, --project-root (default: the --project directory) and \
                --developer-dir find includes as resolve does.
                The configuration .xcconfig-lint.json is looked up from the current directory upwards to the \
                repository root: {"disabled_rules": [], "opt_in_rules": [], "severity": {"RULE": "error"}, \
                "exclude": ["glob"], "ignore_missing_includes": ["glob"]}. exclude globs also silence \
                missing-include for include targets they match; ignore_missing_includes silences only that \
                (files a tool generates, such as **/Pods/**). hardcoded-team is opt-in.
                Suppress findings in a file with // xcconfig-lint:disable RULE[,RULE] (until \
                // xcconfig-lint:enable RULE), // xcconfig-lint:disable-next-line RULE, or \
                // xcconfig-lint:disable-line RULE as the comment of the line itself.
                Exit status 1 when a finding has severity error, or any finding with --strict.
                """,
            options: OptionSpec.evaluationContext + [
                .value("project", valueName: "path",
                       help: "An .xcodeproj whose build settings are checked against their base xcconfigs (project-shadows-xcconfig); without PATHs, its base xcconfigs are linted."),
                .value("target", valueName: "name",
                       help: "The target whose build settings project-shadows-xcconfig checks; binds the target condition as --target-name does."),
                .value("format", valueName: "format", allowed: ReportFormat.allCases.map(\.rawValue), default: "xcode",
                       help: "How findings are printed: FILE:LINE:COLUMN: warning: MESSAGE [RULE] (xcode), a JSON array, SARIF 2.1.0, GitHub Actions commands or Checkstyle XML."),
                .flag("strict", help: "Exit with status 1 on any finding, warnings included."),
                .value("lint-config", valueName: "file", help: "The lint configuration to use instead of the .xcconfig-lint.json found."),
                .flag("fix", help: "Rewrite what has one safe fix (comment-in-value, deprecated-reference, trailing-semicolon), atomically, then report what remains."),
                .flag("rules", help: "List every rule with its default severity, whether it is opt-in, and what it finds."),
                .value("explain", valueName: "rule", help: "Print a rule's description and examples."),
            ],
            positionals: [PositionalSpec("path", help: "Files or directories to lint (default: .).", isOptional: true, isRepeatable: true)]
        )
    }

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitStatus {
        if arguments.flag("rules") {
            context.standardOutput.write(RuleCatalogText.list())
            return .success
        }
        if let identifier = arguments.value("explain") {
            guard let text = RuleCatalogText.explanation(of: identifier) else {
                if let suggestion = NearMiss.suggestion(for: identifier, in: RuleRegistry.identifiers.sorted()) {
                    throw CommandFailure("unknown rule '\(identifier)'; did you mean '\(suggestion)'?")
                }
                throw CommandFailure("unknown rule '\(identifier)'; `xcconfig lint --rules` lists them")
            }
            context.standardOutput.write(text)
            return .success
        }

        let configuration = try loadConfiguration(arguments, context: context)
        let environment = LintEnvironment(
            searchPaths: arguments.values("search-path").map(context.absolutePath),
            projectRoot: arguments.value("project-root").map(context.absolutePath),
            developerDirectory: arguments.value("developer-dir").map(context.absolutePath)
                ?? StackArguments.developerDirectory(context: context),
            context: try lintContext(arguments))
        // Git only answers about real files.
        let git: (any GitOracle)? = context.fileSystem is RealFileSystem ? ProcessGit() : nil
        let linter = Linter(configuration: configuration, environment: environment, fileSystem: context.fileSystem, git: git,
                            project: arguments.value("project").map(context.absolutePath))
        let paths = arguments.positionals("path")

        do {
            if arguments.flag("fix") {
                let summary = try linter.fix(paths: paths)
                context.diagnostics.print(summary.failures)
                for (file, count) in summary.fixedFindings.sorted(by: { $0.key < $1.key }) {
                    context.standardError.write("\(context.displayPath(file)): fixed \(count) finding\(count == 1 ? "" : "s")\n")
                }
            }
            let findings = try linter.lint(paths: paths)
            let format = ReportFormat(rawValue: arguments.value("format") ?? "xcode") ?? .xcode
            let report = format.reporter.report(findings, context: ReportContext(
                currentDirectory: context.currentDirectory, configuration: configuration, toolVersion: toolVersion))
            context.standardOutput.write(report)
            if findings.contains(where: { $0.severity == .error }) { return .failure }
            if arguments.flag("strict") && !findings.isEmpty { return .failure }
            return .success
        } catch {
            throw CommandFailure(error.message)
        }
    }


    /// The context options; `--target` is accepted for `--target-name`, as `resolve`,
    /// `explain` and `expand` spell it.
    static func lintContext(_ arguments: ParsedArguments) throws -> EvaluationContext {
        var context = try StackArguments.evaluationContext(arguments)
        if context.targetName == nil { context.targetName = arguments.value("target") }
        return context
    }

    /// `--lint-config FILE`, else the `.xcconfig-lint.json` that applies here, else the defaults.
    /// Unknown keys and rule names are printed as warnings; a file that is not a JSON object
    /// stops the command (status 2).
    static func loadConfiguration(_ arguments: ParsedArguments, context: CommandContext) throws -> LintConfiguration {
        let path: String
        if let given = arguments.value("lint-config") {
            path = context.absolutePath(given)
        } else if let found = LintConfiguration.find(from: context.currentDirectory, fileSystem: context.fileSystem) {
            path = found
        } else {
            return LintConfiguration()
        }
        do {
            let (configuration, diagnostics) = try LintConfiguration.load(path, fileSystem: context.fileSystem)
            context.diagnostics.print(diagnostics)
            return configuration
        } catch {
            throw CommandFailure("\(context.displayPath(error.path)): \(error.message)")
        }
    }

    static var toolVersion: String { xcconfigVersion }
}
