import XCConfig
import XCConfigSyntax

/// Why a lint run could not run as asked (cli.md exit status 2).
public struct LintError: Error, Sendable, Hashable, CustomStringConvertible {
    /// One line: what could not be done.
    public var message: String
    /// The project file's own error when the project cannot be read, so that it is reported at
    /// its place and with its status as every other command reports it.
    public var projectFileError: ProjectFileError?
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// What `--fix` changed.
public struct FixSummary: Sendable, Hashable {
    /// Per file (absolute path), how many findings were fixed.
    public var fixedFindings: [String: Int]
    /// Files that could not be written, with the reason.
    public var failures: [Diagnostic]
    /// The total number of findings fixed.
    public var total: Int { fixedFindings.values.reduce(0, +) }
}

/// The linter behind `xcconfig lint`: finds what Xcode accepts silently but cannot mean.
///
/// ```swift
/// let linter = Linter(configuration: configuration, fileSystem: RealFileSystem())
/// let findings = try linter.lint(paths: ["Config"])
/// print(XcodeReporter().report(findings, context: ReportContext(currentDirectory: "/repo")))
/// ```
public struct Linter: Sendable {
    /// Which rules run, at which severity, and what is excluded.
    public var configuration: LintConfiguration
    /// Include search paths and `<DEVELOPER_DIR>`.
    public var environment: LintEnvironment
    /// Every file access goes through it.
    public var fileSystem: any FileSystem
    /// Git, for rules about the per-developer local file; `nil` turns those rules off.
    public var git: (any GitOracle)?
    /// The known build settings.
    public var catalog: BuildSettingsCatalog
    /// An `.xcodeproj` (or the `project.pbxproj` / `project.xcproj` in it) whose build settings
    /// are checked against its base xcconfigs (`project-shadows-xcconfig`); with no paths to
    /// lint, its base xcconfigs are the roots. It is also the default `--project-root`.
    public var project: String?
    /// Files already parsed, shared with the caller: a language server keeps one between
    /// keystrokes (``ParsedFileCache/revalidating()``). A new one for each run when `nil`.
    public var parsedFiles: ParsedFileCache?
    /// The files of earlier runs with their values parsed, reused while their bytes are the same.
    public var lintFiles: LintFileCache?
    /// The only files whose findings are wanted (a language server publishes one document's):
    /// the per-file rules check no other file, and findings elsewhere are dropped. `nil`: every
    /// file's.
    public var reportedFiles: Set<String>?

    public init(
        configuration: LintConfiguration = LintConfiguration(),
        environment: LintEnvironment = LintEnvironment(),
        fileSystem: any FileSystem,
        git: (any GitOracle)? = nil,
        catalog: BuildSettingsCatalog = .shared,
        project: String? = nil
    ) {
        self.configuration = configuration
        self.environment = environment
        self.fileSystem = fileSystem
        self.git = git
        self.catalog = catalog
        self.project = project
    }

    /// The rules that run under ``configuration``, in identifier order.
    public var enabledRules: [any LintRule.Type] {
        RuleRegistry.all.filter { configuration.isEnabled($0.description) }
    }

    /// Lints `paths` (files or directories; `.` when empty, or the base xcconfigs of
    /// ``project`` when there is one) and returns every finding as a diagnostic, sorted by file,
    /// line and column.
    ///
    /// - Throws: ``LintError`` when a path does not exist, a named file cannot be read, or
    ///   ``project`` cannot be read.
    public func lint(paths: [String]) throws(LintError) -> [Diagnostic] {
        try run(paths: paths).diagnostics
    }

    /// What ``run(paths:)`` found, and in how many files (for the summary line).
    public struct Outcome: Sendable {
        /// Every finding, as ``lint(paths:)`` returns them.
        public var diagnostics: [Diagnostic]
        /// The number of configuration files read: the roots and everything they include.
        public var fileCount: Int
    }

    /// ``lint(paths:)`` with the number of files read.
    public func run(paths: [String]) throws(LintError) -> Outcome {
        let run = try analyse(paths: paths)
        let diagnostics = run.findings.map { finding in
            Diagnostic(
                severity: finding.severity ?? .warning,
                message: finding.message,
                file: finding.file,
                location: finding.location,
                notes: finding.notes,
                rule: finding.rule.isEmpty ? nil : finding.rule
            )
        }
        return Outcome(diagnostics: diagnostics, fileCount: run.context.files.count)
    }

    /// Every finding as ``lint(paths:)`` reports it, with its rule, final severity and safe fix:
    /// what an editor needs to offer each fix on its own (the language server's quick fixes).
    public func findings(paths: [String]) throws(LintError) -> [Finding] {
        try analyse(paths: paths).findings
    }

    /// Applies every safe fix of the enabled correctable rules to the files below `paths`,
    /// atomically, touching nothing but the bytes each fix replaces. Runs again until nothing
    /// more can be fixed (a fix may reveal another, such as a second `//` in a value).
    public func fix(paths: [String]) throws(LintError) -> FixSummary {
        var summary = FixSummary(fixedFindings: [:], failures: [])
        var failed = Set<String>()
        for _ in 0..<8 {
            let run = try analyse(paths: paths)
            var editsByFile: [String: [TextEdit]] = [:]
            var countByFile: [String: Int] = [:]
            for finding in run.findings {
                guard let edits = finding.fix, !failed.contains(finding.file) else { continue }
                let existing = editsByFile[finding.file, default: []]
                // Fixes whose edits overlap another's wait for the next round.
                let overlaps = edits.contains { edit in existing.contains { $0.range.overlaps(edit.range) || $0.range == edit.range } }
                if overlaps { continue }
                editsByFile[finding.file, default: []].append(contentsOf: edits)
                countByFile[finding.file, default: 0] += 1
            }
            if editsByFile.isEmpty { break }
            for (path, edits) in editsByFile.sorted(by: { $0.key < $1.key }) {
                guard let file = run.context.files[path] else { continue }
                var bytes = file.tree.bytes
                for edit in edits.sorted(by: { $0.range.lowerBound > $1.range.lowerBound }) {
                    bytes.replaceSubrange(edit.range, with: Array(edit.replacement.utf8))
                }
                do {
                    try fileSystem.writeAtomically(bytes, to: path)
                    summary.fixedFindings[path, default: 0] += countByFile[path] ?? 0
                } catch {
                    failed.insert(path)
                    summary.failures.append(Diagnostic(severity: .error, message: "cannot write the fixed file: \(error)", file: path))
                }
            }
        }
        return summary
    }

    /// The result of one analysis: the context the rules saw and the final findings.
    struct Analysis {
        var context: LintContext
        var findings: [Finding]
    }

    /// Reads, expands and checks everything below `paths`.
    func analyse(paths: [String]) throws(LintError) -> Analysis {
        let currentDirectory = fileSystem.currentDirectory
        let walker = FileWalker(
            fileSystem: fileSystem,
            excludes: configuration.exclude.map(Glob.init),
            excludeBase: configuration.baseDirectory ?? currentDirectory
        )
        var explicitFiles: [String] = []
        var foundFiles: [String] = []
        var readProblems: [Finding] = []
        let project = try loadProject()
        if let project, paths.isEmpty {
            // The project's base xcconfigs are the roots; one that does not exist fails the build.
            var projectText: LineIndex? = nil
            for (path, line) in Self.baseConfigurations(of: project) {
                if fileSystem.kind(of: path) == .file {
                    explicitFiles.append(path)
                } else {
                    if projectText == nil { projectText = LineIndex((try? fileSystem.read(project.projectFilePath)) ?? []) }
                    let (offset, location) = projectText!.firstNonBlank(onLine: line ?? 1)
                    readProblems.append(Finding(
                        file: project.projectFilePath, offset: offset, location: location,
                        message: "the base configuration file '\(Path.display(path, relativeTo: project.projectDirectory))' does not exist",
                        severity: .error))
                }
            }
        }
        for path in paths.isEmpty ? (project == nil ? ["."] : []) : paths {
            let absolute = Path.absolute(path, relativeTo: currentDirectory)
            switch fileSystem.kind(of: absolute) {
            case .directory:
                foundFiles.append(contentsOf: walker.files(under: absolute))
            case .file, .other:
                explicitFiles.append(absolute)
            case nil:
                throw LintError("no such file or directory: '\(path)'")
            }
        }
        var seen = Set<String>()
        explicitFiles = explicitFiles.filter { seen.insert($0).inserted }
        foundFiles = foundFiles.filter { seen.insert($0).inserted }

        // Read every file found with its own includes, in parallel: those includes decide the
        // roots. Then load each root with everything it includes: the roots' loads are what
        // the rules check. A file is parsed once, whichever loads meet it, and only the roots'
        // closures are walked, so a tree is linted in time linear in its size (a chain of N
        // files walked from each of its files was quadratic).
        // Without --project-root, each file gets the project directory Xcode would search for it:
        // the nearest ancestor holding an .xcodeproj or .xcworkspace.
        let allFiles = explicitFiles + foundFiles
        var projectRoots: [String: String?] = [:]
        var locator = ProjectLocator(fileSystem: fileSystem)
        for path in allFiles {
            // With --project, Xcode searches its directory (SRCROOT) last.
            projectRoots[path] = .some(environment.projectRoot ?? project?.projectDirectory ?? locator.projectDirectory(above: path))
        }
        let environment = self.environment
        let parsedFiles = self.parsedFiles ?? ParsedFileCache()
        let projectRootOf = projectRoots
        @Sendable func load(_ path: String, walkingIncludedFiles: Bool) -> Result<LoadedConfiguration, IncludeLoader.RootError> {
            let loader = IncludeLoader(
                fileSystem: fileSystem,
                searchPaths: environment.searchPaths,
                projectRoot: projectRootOf[path] ?? nil,
                developerDirectory: environment.developerDirectory,
                parsedFiles: parsedFiles
            )
            do throws(IncludeLoader.RootError) {
                return .success(try loader.load(path: path, walkingIncludedFiles: walkingIncludedFiles))
            } catch {
                return .failure(error)
            }
        }
        let loaded = allFiles.concurrentMap { load($0, walkingIncludedFiles: false) }
        // Each file's own load, as far as it went: complete when it included nothing.
        var loads: [String: LoadedConfiguration] = [:]
        var files: [String: LintFile] = [:]
        func addFiles(of load: LoadedConfiguration) {
            for file in load.files {
                guard let filePath = file.path, files[filePath] == nil else { continue }
                files[filePath] = lintFiles?.file(filePath, tree: file.tree) ?? LintFile(path: filePath, tree: file.tree)
            }
        }
        for (index, result) in loaded.enumerated() {
            switch result {
            case .success(let load):
                let path = allFiles[index]
                loads[path] = load
                addFiles(of: load)
            case .failure(let error):
                if index < explicitFiles.count { throw LintError("cannot read '\(explicitFiles[index])': \(error)") }
                var finding = Finding(file: error.path, offset: 0, location: SourceLocation(line: 1, column: 1),
                                      message: "cannot read the file: \(error)", severity: .error)
                finding.rule = ""
                readProblems.append(finding)
            }
        }

        // A file's own includes, resolved as when it is the root.
        var directTargets: [String: [String]] = [:]
        for (path, load) in loads {
            directTargets[path] = load.includes.filter { $0.includerIndex == 0 }.compactMap(\.resolvedPath)
        }
        let roots = Self.roots(explicit: explicitFiles.filter { loads[$0] != nil },
                               found: foundFiles.filter { loads[$0] != nil }, includes: directTargets)
        // The roots that include something, loaded again, walking their includes. The files
        // checked are those of these loads and every file's own includes: the files each
        // file's complete load would read, but for one found only through the search list a
        // non-root file would have as a root, or past the include limit.
        let incomplete = roots.filter { root in loads[root]!.includes.contains { $0.outcome == .included } }
        for (root, result) in zip(incomplete, incomplete.concurrentMap { load($0, walkingIncludedFiles: true) }) {
            guard case .success(let load) = result else { continue }
            loads[root] = load
            addFiles(of: load)
        }
        var expansions: [String: [AssignmentOccurrence]] = [:]
        var rootLoads: [String: LoadedConfiguration] = [:]
        var optionalTargets = Set<String>()
        for root in roots {
            guard let load = loads[root] else { continue }
            rootLoads[root] = load
            // The load's assignments come in runs of one file's: each file is looked up once per run.
            var fileIndex = -1
            var file: LintFile? = nil
            expansions[root] = load.assignments.compactMap { sourced in
                if sourced.fileIndex != fileIndex {
                    fileIndex = sourced.fileIndex
                    file = load.files[fileIndex].path.flatMap { files[$0] }
                }
                guard let file, let index = file.assignmentIndexByNameOffset[sourced.assignment.nameRange.startOffset] else { return nil }
                return AssignmentOccurrence(file: file.path, index: index)
            }
            for edge in load.includes where edge.directive.isOptional && edge.outcome == .included {
                if let target = edge.resolvedPath { optionalTargets.insert(target) }
            }
        }

        lintFiles?.endRun()
        let context = LintContext(
            catalog: catalog,
            files: files,
            loads: rootLoads,
            roots: roots,
            expansions: expansions,
            optionalIncludeTargets: optionalTargets,
            git: git,
            environment: environment,
            project: project,
            fileSystem: fileSystem,
            configuration: configuration,
            reportedFiles: reportedFiles
        )
        let findings = check(context) + readProblems.filter { context.isReported($0.file) }
        return Analysis(context: context, findings: Self.sorted(findings))
    }

    /// ``project`` read, or `nil` without one.
    func loadProject() throws(LintError) -> XcodeProject? {
        guard let path = project else { return nil }
        do {
            return try XcodeProject.load(path: path, fileSystem: fileSystem)
        } catch {
            var failure = LintError(error.description.hasPrefix("error: ") ? String(error.description.dropFirst(7)) : error.description)
            failure.projectFileError = error
            throw failure
        }
    }

    /// Every distinct base xcconfig of `project` that can be located, with the project-file line
    /// of its first reference: project configurations first, then each target's.
    static func baseConfigurations(of project: XcodeProject) -> [(path: String, line: Int?)] {
        var seen = Set<String>()
        var result: [(path: String, line: Int?)] = []
        for configuration in project.configurations + project.targets.flatMap(\.configurations) {
            guard let reference = configuration.baseConfiguration, let path = reference.path,
                  seen.insert(path).inserted else { continue }
            result.append((path, reference.line))
        }
        return result
    }

    /// The roots of a run: every file named on the command line, then the found files no other
    /// found file includes, then, in path order, any file still unreached (one reached only
    /// through a cycle), so that every file is linted.
    static func roots(explicit: [String], found: [String], includes: [String: [String]]) -> [String] {
        let foundSet = Set(found)
        var included = Set<String>()
        for path in found {
            for target in includes[path] ?? [] where target != path && foundSet.contains(target) {
                included.insert(target)
            }
        }
        var roots = explicit + found.filter { !included.contains($0) }
        var reached = Set<String>()
        func reach(_ start: String) {
            var pending = [start]
            while let path = pending.popLast() {
                guard reached.insert(path).inserted else { continue }
                pending.append(contentsOf: includes[path] ?? [])
            }
        }
        roots.forEach(reach)
        for path in found where !reached.contains(path) {
            roots.append(path)
            reach(path)
        }
        return roots
    }

    /// Runs the enabled rules over `context` and applies precedence, suppressions and severities.
    func check(_ context: LintContext) -> [Finding] {
        let rules = enabledRules.map { $0.init() }
        let known = RuleRegistry.identifiers
        let reportedPaths = context.orderedPaths.filter(context.isReported)
        let perFile: [(findings: [Finding], isBinary: Bool)] = reportedPaths.concurrentMap { path in
            let file = context.files[path]!
            var findings: [Finding] = []
            for rule in rules {
                for var finding in rule.check(file, in: context) {
                    finding.rule = rule.identifier
                    findings.append(finding)
                }
            }
            // A binary file gets its one `syntax` finding, none about bytes that only happen to
            // read as assignments or includes (binaryFileDiagnostic is asked only then).
            if findings.contains(where: { $0.rule == SyntaxRule.description.identifier && $0.offset == 0 }),
               file.tree.binaryFileDiagnostic != nil {
                return (findings.filter { $0.rule == SyntaxRule.description.identifier }, true)
            }
            return (findings, false)
        }
        var findings = perFile.flatMap(\.findings)
        let binaryFiles = Set(zip(reportedPaths, perFile).filter { $0.1.isBinary }.map(\.0))
        for rule in rules {
            for var finding in rule.checkAll(in: context) where context.isReported(finding.file) && !binaryFiles.contains(finding.file) {
                finding.rule = rule.identifier
                findings.append(finding)
            }
        }
        findings = Self.applyingPrecedence(findings)

        // Suppression comments, parsed once per file that has findings.
        var suppressions: [String: Suppressions] = [:]
        var result: [Finding] = []
        for path in Set(findings.map(\.file)) {
            if let file = context.files[path] {
                let parsed = Suppressions(file, knownRules: known)
                suppressions[path] = parsed
            }
        }
        // A finding outside the linted files (in a project file) is silenced by the comments of
        // the xcconfig line it concerns, read here when that file is not linted itself.
        var anchorSuppressions: [String: Suppressions] = [:]
        for path in Set(findings.compactMap(\.suppressibleAt?.file)) where suppressions[path] == nil {
            guard let bytes = try? fileSystem.read(path) else { continue }
            anchorSuppressions[path] = Suppressions(LintFile(path: path, tree: XCConfigParser.parse(bytes), catalog: catalog), knownRules: known)
        }
        for path in reportedPaths where suppressions[path] == nil {
            // Problems in the comments themselves are reported even in files without findings.
            let parsed = Suppressions(context.files[path]!, knownRules: known)
            for var problem in parsed.problems {
                problem.severity = .warning
                result.append(problem)
            }
        }
        for (_, parsed) in suppressions {
            for var problem in parsed.problems {
                problem.severity = .warning
                result.append(problem)
            }
        }
        let descriptions = Dictionary(uniqueKeysWithValues: RuleRegistry.all.map { ($0.description.identifier, $0.description) })
        for var finding in findings {
            if let parsed = suppressions[finding.file], parsed.isSuppressed(rule: finding.rule, line: finding.location.line) {
                continue
            }
            if let anchor = finding.suppressibleAt,
               let parsed = suppressions[anchor.file] ?? anchorSuppressions[anchor.file],
               parsed.isSuppressed(rule: finding.rule, line: anchor.line) {
                continue
            }
            if let description = descriptions[finding.rule] {
                finding.severity = configuration.severities[finding.rule] ?? finding.severity ?? description.defaultSeverity
            }
            result.append(finding)
        }
        return result
    }

    /// Rules whose finding on a statement takes the place of other rules' findings on it
    /// (a problem is reported once, by the most specific rule).
    static let precedence: [String: Set<String>] = [
        "syntax": Set(RuleRegistry.identifiers).subtracting(["syntax"]),
        "comment-in-value": ["literal-quotes", "invalid-value", "malformed-reference", "undefined-reference",
                             "deprecated-reference", "hardcoded-team", "value-too-large"],
        "condition": ["unreachable-assignment"],
    ]

    static func applyingPrecedence(_ findings: [Finding]) -> [Finding] {
        var outranked = Set<String>()
        for finding in findings {
            guard let statement = finding.statementOffset, let beaten = precedence[finding.rule] else { continue }
            for rule in beaten { outranked.insert("\(finding.file)\u{0}\(statement)\u{0}\(rule)") }
        }
        guard !outranked.isEmpty else { return findings }
        return findings.filter { finding in
            guard let statement = finding.statementOffset else { return true }
            return !outranked.contains("\(finding.file)\u{0}\(statement)\u{0}\(finding.rule)")
        }
    }

    /// Findings in a deterministic order: file (bytes), line, column, rule, message.
    static func sorted(_ findings: [Finding]) -> [Finding] {
        findings.sorted { a, b in
            if a.file != b.file { return a.file.utf8.lexicographicallyPrecedes(b.file.utf8) }
            if a.location != b.location { return a.location < b.location }
            if a.rule != b.rule { return a.rule < b.rule }
            return a.message < b.message
        }
    }
}
