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
                (project-shadows-xcconfig); without PATHs, those base xcconfigs are what is linted. The \
                opt-in project-settings reports every build setting the project file holds and every \
                target × configuration without a base configuration; project extract is its fix.
                The context options narrow what is checked; without them every build is considered. \
                value-too-large evaluates values in that context (as Xcode, an unbound condition parameter \
                matches only *); reference-cycle counts only the assignments whose conditions can match the \
                bound parameters; project-shadows-xcconfig and project-settings look only at the --configuration and \
                --target (or --target-name) given. -I, --project-root (default: the --project directory) and \
                --developer-dir find includes as resolve does.
                The configuration .xcconfig-lint.json is looked up from the current directory upwards to the \
                repository root: {"disabled_rules": [], "opt_in_rules": [], "severity": {"RULE": "error"}, \
                "exclude": ["glob"], "ignore_missing_includes": ["glob"]}. exclude globs also silence \
                missing-include for include targets they match; ignore_missing_includes silences only that \
                (files a tool generates, such as **/Pods/**). A format key holds xcconfig format's options. \
                deprecated-reference, trailing-semicolon, include-outside-root, hardcoded-team and \
                project-settings are opt-in.
                Suppress findings in a file with // xcconfig-lint:disable RULE[,RULE] (until \
                // xcconfig-lint:enable RULE), // xcconfig-lint:disable-next-line RULE, or \
                // xcconfig-lint:disable-line RULE as the comment of the line itself; a command may follow \
                another // of the comment (URL = https://host // xcconfig-lint:disable-line comment-in-value).
                A summary line (Found 3 warnings, 1 error in 12 files) ends the run on stderr unless \
                --quiet. - as PATH lints standard input as the file --stdin-path names. Findings in \
                the --baseline file are accepted (matched by file, rule and message, not line); \
                --write-baseline FILE records the current ones. --format github names files relative \
                to the repository root ($GITHUB_WORKSPACE, else the folder holding .git). Findings are \
                coloured on a terminal (not with NO_COLOR or --color never).
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
                .flag("fix", help: "Rewrite what has one safe fix (comment-in-value, deprecated-reference, trailing-semicolon), atomically, then report what remains; status 2 when a fix cannot be written."),
                .flag("quiet", short: "q", help: "Print only the findings: no summary line, no --fix report on stderr."),
                .value("stdin-path", valueName: "path",
                       help: "With - as PATH: the file standard input stands for (default: stdin.xcconfig); its includes are found next to it."),
                .value("baseline", valueName: "file", help: "Findings recorded in this baseline are accepted: not printed and not failing the run."),
                .value("write-baseline", valueName: "file", help: "Write every finding to this baseline file (to accept them with --baseline)."),
                .flag("rules", help: "List every rule with its default severity, whether it is opt-in, and what it finds (--format json: as data)."),
                .value("explain", valueName: "rule", help: "Print a rule's description and examples."),
            ],
            positionals: [PositionalSpec("path", help: "Files or directories to lint (default: .).", isOptional: true, isRepeatable: true)]
        )
    }

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitStatus {
        if arguments.flag("rules") {
            context.standardOutput.write(arguments.value("format") == "json" ? RuleCatalogText.listJSON() : RuleCatalogText.list())
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
                ?? BuildRequest(environment: context.environmentSource).locatedDeveloperDirectory,
            context: try lintContext(arguments))
        // Git only answers about real files.
        let git: (any GitOracle)? = context.fileSystem is RealFileSystem ? ProcessGit() : nil
        var paths = arguments.positionals("path")
        var fileSystem = context.fileSystem
        if paths.contains("-") {
            // Standard input, linted as the file --stdin-path names.
            if arguments.flag("fix") { throw UsageError("--fix cannot rewrite standard input; name the file") }
            let standIn = context.absolutePath(arguments.value("stdin-path") ?? "stdin.xcconfig")
            let bytes: [UInt8]
            do { bytes = try context.fileSystem.read("/dev/stdin") } catch {
                throw CommandFailure("cannot read standard input: \(error)")
            }
            fileSystem = StandardInputFileSystem(base: context.fileSystem, path: standIn, bytes: bytes)
            paths = paths.map { $0 == "-" ? standIn : $0 }
        } else if arguments.value("stdin-path") != nil {
            throw UsageError("--stdin-path names what standard input stands for; give - as PATH to lint it")
        }
        let linter = Linter(configuration: configuration, environment: environment, fileSystem: fileSystem, git: git,
                            project: arguments.value("project").map(context.absolutePath))
        let quiet = arguments.flag("quiet")

        do {
            // A fix that could not be written makes the run status 2, as `format --in-place`'s.
            var fixesFailed = false
            if arguments.flag("fix") {
                let summary = try linter.fix(paths: paths)
                context.diagnostics.print(summary.failures)
                fixesFailed = !summary.failures.isEmpty
                for (file, count) in summary.fixedFindings.sorted(by: { $0.key < $1.key }) where !quiet {
                    context.standardError.write("\(context.displayPath(file)): fixed \(count) finding\(count == 1 ? "" : "s")\n")
                }
            }
            let result = try linter.run(paths: paths)
            if let path = arguments.value("write-baseline").map(context.absolutePath) {
                do {
                    try context.fileSystem.writeAtomically(
                        LintBaseline.serialized(result.diagnostics, directory: Path.directory(of: path)), to: path)
                } catch {
                    throw CommandFailure("cannot write the baseline: \(error)")
                }
            }
            var findings = result.diagnostics
            var accepted = 0
            if let path = arguments.value("baseline").map(context.absolutePath) {
                (findings, accepted) = try LintBaseline.load(path, fileSystem: context.fileSystem).newFindings(in: findings)
            }
            let format = ReportFormat(rawValue: arguments.value("format") ?? "xcode") ?? .xcode
            if format == .xcode && context.colorsStandardOutput {
                // The same colours as every other diagnostic of the tool.
                let printer = DiagnosticPrinter(output: context.standardOutput, usesColor: true, currentDirectory: context.currentDirectory)
                for finding in findings { printer.print(finding) }
            } else {
                let report = format.reporter.report(findings, context: ReportContext(
                    currentDirectory: context.currentDirectory, configuration: configuration, toolVersion: toolVersion,
                    repositoryRoot: repositoryRoot(context)))
                context.standardOutput.write(report)
            }
            if !quiet { context.standardError.write(summary(findings, fileCount: result.fileCount, accepted: accepted)) }
            if fixesFailed { return .usageError }
            if findings.contains(where: { $0.severity == .error }) { return .failure }
            if arguments.flag("strict") && !findings.isEmpty { return .failure }
            return .success
        } catch let error as LintError {
            if let projectFileError = error.projectFileError { throw CommandFailure(projectFileError) }
            throw CommandFailure(error.message)
        }
    }

    /// `Found 3 warnings, 1 error in 12 files`, as SwiftLint ends a run, on stderr so that the
    /// report on stdout stays machine-readable; `(2 more in the baseline)` when some were accepted.
    static func summary(_ findings: [Diagnostic], fileCount: Int, accepted: Int) -> String {
        func count(_ number: Int, _ noun: String) -> String { "\(number) \(noun)\(number == 1 ? "" : "s")" }
        let errors = findings.filter { $0.severity == .error }.count
        let warnings = findings.count - errors
        var line = "Found \(count(warnings, "warning")), \(count(errors, "error")) in \(count(fileCount, "file"))"
        if accepted > 0 { line += " (\(accepted) more in the baseline)" }
        return line + "\n"
    }

    /// The repository's top directory, which GitHub annotation paths are relative to:
    /// `$GITHUB_WORKSPACE` in a workflow, else the nearest ancestor of the current directory
    /// holding `.git`, else none (paths then stay relative to the current directory).
    static func repositoryRoot(_ context: CommandContext) -> String? {
        if let workspace = context.environmentValue("GITHUB_WORKSPACE"), !workspace.isEmpty { return context.absolutePath(workspace) }
        var directory = context.currentDirectory
        while true {
            if context.fileSystem.exists(Path.join(directory, ".git")) { return directory }
            let parent = Path.directory(of: directory)
            if parent == directory { return nil }
            directory = parent
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
