import XCConfig
import XCConfigSyntax

/// `xcconfig diff`: which resolved build settings a change alters, per target and
/// configuration, with the assignment behind each side (issue 24).
enum DiffCommand: Command {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            name: "diff",
            abstract: "Show the resolved build settings that differ between two revisions, files, configurations or SDKs.",
            discussion: """
                Compares what Xcode would resolve on two sides and lists every setting whose value \
                differs, appears or disappears, each with the assignment (file:line:column and level) \
                that produced the old and the new value. The two sides are:
                  --base REV [--head REV]   two revisions (no --head: the working tree)
                  A.xcconfig B.xcconfig     two files, in the same context
                  --configurations A,B      two configurations of the same inputs
                  --sdks A,B                two SDKs of the same inputs
                With --base, --configurations and --sdks, the inputs are FILE arguments or \
                --project, as for resolve (default: the only .xcodeproj in the current directory).

                Files at a revision are read from git's objects: nothing is checked out, the working \
                tree is read as it is on disk, and nothing the repository configures (filters, hooks, \
                textconv, fsmonitor) runs; a partial clone's missing file is an error, never fetched. With --base \
                and --project, every target and configuration of both sides is compared, including \
                targets and configurations added or removed. The context flags, level flags and \
                NAME=VALUE overrides apply to both sides. Only values count: an assignment that moved \
                but gives the same value is no change.

                EXAMPLES:
                  xcconfig diff Config/Debug.xcconfig Config/Release.xcconfig
                  xcconfig diff --base origin/main --project App.xcodeproj --format markdown
                  xcconfig diff --base HEAD~1 Config/App.xcconfig -c Release --exit-code
                  xcconfig diff --configurations Debug,Release --project App.xcodeproj
                  xcconfig diff --sdks iphoneos,iphonesimulator App.xcconfig --only ARCHS
                """,
            options: OptionSpec.evaluationContext + OptionSpec.levels + [
                .value("base", valueName: "rev", help: "The old side: the inputs as git has them at this revision."),
                .value("head", valueName: "rev", help: "With --base, the new side's revision (default: the working tree)."),
                .value("configurations", valueName: "old,new", help: "Compare two configurations of the same inputs."),
                .value("sdks", valueName: "old,new", help: "Compare two SDKs (the sdk condition and SDK_NAME) of the same inputs."),
                .value("format", valueName: "format", allowed: ["text", "json", "markdown", "github"], default: "text",
                       help: "text: - old / + new lines with their assignments; json: an array of changes; markdown: a table per target and configuration, for a pull-request comment; github: ::notice annotations at the lines responsible, files named from the repository root ($GITHUB_WORKSPACE, else the folder holding .git), as lint names them."),
                .value("only", valueName: "name", repeatable: true, help: "Compare only this setting (repeatable)."),
                .value("ignore", valueName: "glob", repeatable: true, help: "Leave out settings whose names match this pattern, such as '*_DIR' (repeatable)."),
                .flag("exit-code", help: "Exit with status 1 when anything changed, as git diff --exit-code."),
                .flag("all", help: "Also compare settings bound from the context and those --project defines (SRCROOT, TARGET_NAME, ...)."),
            ],
            positionals: [PositionalSpec("file", help: "Configuration files: two to compare with each other, or the target-xcconfig level of both sides.", isOptional: true, isRepeatable: true)],
            acceptsOverrides: true,
            showsLimits: true
        )
    }

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitStatus {
        let files = arguments.positionals("file")
        let filter: LevelFilter = arguments.flag("all") ? .all : LevelFilter.allLevels.subtracting([.defaults, .environment])
        let ways = ["base", "configurations", "sdks"].filter { arguments.value($0) != nil }
        if ways.count > 1 { throw UsageError("--\(ways[0]) and --\(ways[1]) cannot be combined: compare one thing at a time") }
        // Without inputs, the only .xcodeproj in the current directory, as resolve takes it.
        let arguments = ways.isEmpty ? arguments : try StackArguments.defaultingToProject(arguments, files: files, context: context)
        var comparison: DiffComparison
        if let base = arguments.value("base") {
            comparison = try revisions(base: base, head: arguments.value("head"), arguments, files: files, context: context, filter: filter)
        } else if arguments.value("head") != nil {
            throw UsageError("--head needs --base")
        } else if let pair = arguments.value("configurations") {
            let (old, new) = try sides(pair, option: "configurations")
            comparison = try contexts(arguments, files: files, context: context, filter: filter, old: old, new: new) { arguments, value in
                arguments.valuesByOption["configuration"] = [value]
            }
            for index in comparison.groups.indices { comparison.groups[index].configuration = "\(old) → \(new)" }
        } else if let pair = arguments.value("sdks") {
            let (old, new) = try sides(pair, option: "sdks")
            comparison = try contexts(arguments, files: files, context: context, filter: filter, old: old, new: new) { arguments, value in
                arguments.valuesByOption["sdk"] = [value]
            }
        } else {
            guard files.count == 2 else {
                throw UsageError("diff takes two files, or --base, --configurations or --sdks (see 'xcconfig diff --help')")
            }
            let old = try StackArguments(arguments, files: [files[0]], context: context).load()
            let new = try StackArguments(arguments, files: [files[1]], context: context).load()
            comparison = DiffComparison(oldLabel: files[0], newLabel: files[1])
            comparison.add(old: old, new: new, filter: filter, target: arguments.value("target-name"), configuration: arguments.value("configuration"))
        }

        comparison.keep(only: arguments.values("only"), ignoring: arguments.values("ignore"))
        context.diagnostics.print(comparison.diagnostics)
        let format = arguments.value("format") ?? "text"
        if format == "github", let sides = comparison.revisionFileSystems {
            comparison.changedLines = changedLines(in: comparison, old: sides.old, new: sides.new)
        }
        context.standardOutput.write(DiffOutput.render(comparison, format: format, context: context))
        if comparison.diagnostics.contains(where: { $0.severity == .error }) { return .failure }
        if arguments.flag("exit-code"), comparison.groups.contains(where: { !$0.changes.isEmpty }) { return .failure }
        return .success
    }

    /// `old,new` of `--configurations` / `--sdks`.
    private static func sides(_ pair: String, option: String) throws -> (String, String) {
        let parts = pair.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else {
            throw UsageError("--\(option) takes two names, OLD,NEW, not '\(pair)'")
        }
        return (parts[0], parts[1])
    }

    /// The same inputs in two contexts: `bind` sets one side's option.
    private static func contexts(
        _ arguments: ParsedArguments, files: [String], context: CommandContext, filter: LevelFilter,
        old: String, new: String, bind: (inout ParsedArguments, String) -> Void
    ) throws -> DiffComparison {
        var oldArguments = arguments, newArguments = arguments
        bind(&oldArguments, old)
        bind(&newArguments, new)
        var comparison = DiffComparison(oldLabel: old, newLabel: new)
        let oldStack = try StackArguments(oldArguments, files: files, context: context).load()
        let newStack = try StackArguments(newArguments, files: files, context: context).load()
        comparison.add(old: oldStack, new: newStack, filter: filter,
                       target: arguments.value("target") ?? arguments.value("target-name"), configuration: arguments.value("configuration"))
        return comparison
    }

    /// The lines the new side added or changed in each file an annotation may point at (the
    /// new side's assignments of every change), compared with the same path on the old side.
    private static func changedLines(in comparison: DiffComparison, old: any FileSystem, new: any FileSystem) -> [String: Set<Int>] {
        var files = Set<String>()
        for group in comparison.groups {
            for change in group.changes {
                for assignment in [change.new?.winner].compactMap({ $0 }) + change.newAssignments {
                    if let file = assignment.file { files.insert(file) }
                }
            }
        }
        var lines: [String: Set<Int>] = [:]
        for file in files {
            guard let newBytes = try? new.read(file) else { continue }
            let oldBytes = old.kind(of: file) == .file ? try? old.read(file) : nil
            lines[file] = LineDiff.changedLines(from: oldBytes, to: newBytes)
        }
        return lines
    }

    /// The inputs at revision `base` against `head` (or the working tree). The working tree is
    /// read from the file system, never through git: `git diff` against it would refresh the
    /// index, running the repository's clean filters and hooks.
    private static func revisions(
        base: String, head: String?, _ arguments: ParsedArguments, files: [String], context: CommandContext, filter: LevelFilter
    ) throws -> DiffComparison {
        guard let git = GitCommandLine.find(environment: context.environment) else {
            throw CommandFailure("--base needs git, which is not on PATH")
        }
        func side(_ revision: String?) throws -> CommandContext {
            guard let revision else { return context }
            var side = context
            do {
                side.fileSystem = try GitRevisionFileSystem(revision: revision, directory: context.currentDirectory, git: git)
            } catch {
                throw CommandFailure(error.description)
            }
            return side
        }
        let oldSide = try side(base), newSide = try side(head)
        var comparison = DiffComparison(oldLabel: base, newLabel: head ?? "working tree")
        comparison.revisionFileSystems = (oldSide.fileSystem, newSide.fileSystem)

        if let project = arguments.value("project") {
            // A project missing on one side was added or removed: every setting appears or disappears.
            func source(_ side: CommandContext) throws -> ProjectStackSource? {
                guard side.fileSystem.kind(of: side.absolutePath(project)) != nil else { return nil }
                return try StackArguments.projectSource(arguments, files: files, context: side)
            }
            let old = try source(oldSide), new = try source(newSide)
            if old == nil && new == nil { throw CommandFailure("no Xcode project at '\(project)' on either side") }
            // --target and --configuration narrow the matrix: every target of a configuration,
            // every configuration of a target, or one pair.
            if let target = arguments.value("target"), ![old, new].contains(where: { $0?.project.target(named: target) != nil }) {
                throw CommandFailure("the project has no target named '\(target)' on either side")
            }
            let context = try StackArguments.evaluationContext(arguments)
            let result = SettingsDiff.projectChanges(
                from: old, to: new, context: context, at: filter,
                target: arguments.value("target"), configuration: arguments.value("configuration"))
            comparison.groups += result.groups
            comparison.diagnostics += result.diagnostics
            return comparison
        }

        guard !files.isEmpty || arguments.value("project-config") != nil || arguments.value("xcconfig") != nil else {
            throw UsageError("--base needs the inputs to compare: configuration files or --project")
        }
        // A file missing at a revision leaves that side empty: its settings appear or disappear.
        func stack(_ side: CommandContext) throws -> LoadedStack? {
            let stackArguments = try StackArguments(arguments, files: files, context: side)
            let inputs = stackArguments.inputs
            let named = inputs.targetConfigFiles + [inputs.projectConfigFile, inputs.xcconfigOverride].compactMap { $0 }
            if side.fileSystem is GitRevisionFileSystem, named.contains(where: { side.fileSystem.kind(of: $0) == nil }) {
                return nil
            }
            return try stackArguments.load()
        }
        let old = try stack(oldSide), new = try stack(newSide)
        comparison.add(old: old, new: new, filter: filter, target: arguments.value("target-name"), configuration: arguments.value("configuration"))
        return comparison
    }
}

/// What `diff` found: the changes per target and configuration, and the diagnostics of
/// loading both sides.
struct DiffComparison {
    /// How the two sides are named in the output (files, revisions, configurations).
    var oldLabel: String
    var newLabel: String
    var groups: [SettingsDiffGroup] = []
    var diagnostics: [Diagnostic] = []
    /// With --base: the lines each file has added or changed, by absolute path, so that an
    /// annotation can point at the edit rather than at an unchanged line that inherits it.
    var changedLines: [String: Set<Int>]?
    /// With --base: the file systems of the two sides, which ``changedLines`` is computed from.
    var revisionFileSystems: (old: any FileSystem, new: any FileSystem)?

    init(oldLabel: String, newLabel: String) {
        self.oldLabel = oldLabel
        self.newLabel = newLabel
    }

    /// Adds the changes from `old` to `new` (a `nil` side has no settings) as one group.
    mutating func add(old: LoadedStack?, new: LoadedStack?, filter: LevelFilter, target: String?, configuration: String?) {
        let changes = SettingsDiff.changes(from: old?.resolver, to: new?.resolver, at: filter)
        groups.append(SettingsDiffGroup(target: target, configuration: configuration, changes: changes))
        var seen = Set(diagnostics)
        for diagnostic in (old?.diagnostics ?? []) + (new?.diagnostics ?? []) where seen.insert(diagnostic).inserted {
            diagnostics.append(diagnostic)
        }
    }

    /// Keeps the settings named in `only` (all when empty) whose names match none of `ignoring`.
    mutating func keep(only: [String], ignoring: [String]) {
        guard !only.isEmpty || !ignoring.isEmpty else { return }
        let names = Set(only)
        for index in groups.indices {
            groups[index].changes.removeAll { change in
                (!names.isEmpty && !names.contains(change.name)) || ignoring.contains { PatternMatcher.matches($0, change.name) }
            }
        }
    }
}
