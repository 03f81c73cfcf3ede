import XCConfig
import XCConfigSyntax

/// Where the linter looks for included files, how it binds `<DEVELOPER_DIR>`, and the build
/// context the evaluating rules assume (cli.md "Evaluation context").
public struct LintEnvironment: Sendable {
    /// `-I` directories, searched after the including files' directories.
    public var searchPaths: [String]
    /// Searched last, as Xcode searches the project directory.
    public var projectRoot: String?
    /// Replaces `<DEVELOPER_DIR>` in include paths; such includes are missing when `nil`.
    public var developerDirectory: String?
    /// The condition parameters bound by `--configuration`, `--sdk`, `--arch`, … . Rules that
    /// evaluate values (`value-too-large`, `reference-cycle`) do so in this context, and
    /// `project-shadows-xcconfig` looks only at the bound configuration and target. Empty by
    /// default: nothing is bound and every build is considered.
    public var context: EvaluationContext

    public init(
        searchPaths: [String] = [],
        projectRoot: String? = nil,
        developerDirectory: String? = nil,
        context: EvaluationContext = EvaluationContext()
    ) {
        self.searchPaths = searchPaths
        self.projectRoot = projectRoot
        self.developerDirectory = developerDirectory
        self.context = context
    }

    /// `false` only when some condition's parameter is bound in ``context`` and none of its
    /// values matches the pattern: the assignment cannot apply in the builds being linted.
    ///
    /// Unlike Xcode, which matches an unbound parameter only with `*` (semantics §4.2), the
    /// linter takes an unbound parameter to be any value, so that without context options every
    /// assignment is checked.
    public func canApply(_ conditions: [Condition]) -> Bool {
        for condition in conditions {
            guard let values = context.values(forParameter: condition.parameter) else { continue }
            if !values.contains(where: { PatternMatcher.matches(condition.pattern, $0) }) { return false }
        }
        return true
    }
}

/// One assignment in the order a root configuration applies it, includes expanded in place.
public struct AssignmentOccurrence: Sendable, Hashable {
    /// The file that holds it.
    public var file: String
    /// Its index in that file's ``LintFile/assignments``.
    public var index: Int
}

/// Everything the rules may look at: every file read, the include graph, each root's
/// expanded assignment sequence, the catalogue of known settings and git.
public final class LintContext: @unchecked Sendable {
    /// The known build settings.
    public let catalog: BuildSettingsCatalog
    /// Every file read, by absolute path.
    public let files: [String: LintFile]
    /// The files in a stable order (sorted by path).
    public let orderedPaths: [String]
    /// Each root loaded with its includes, as Xcode's loader reads it.
    public let loads: [String: LoadedConfiguration]
    /// The root configurations, sorted.
    public let roots: [String]
    /// For each root, its assignments in the order Xcode applies them.
    public let expansions: [String: [AssignmentOccurrence]]
    /// Files that are the target of an `#include?` in some root (per-developer local
    /// configurations).
    public let optionalIncludeTargets: Set<String>
    /// Git, when the files are in a work tree and git is installed.
    public let git: (any GitOracle)?
    /// The include search environment and the evaluation context.
    public let environment: LintEnvironment
    /// The project named with `--project`, whose build settings project-file rules check.
    public let project: XcodeProject?
    /// Every file access goes through it.
    public let fileSystem: any FileSystem
    /// The run's configuration, for rules with settings of their own (`ignore_missing_includes`).
    public let configuration: LintConfiguration
    /// The only files whose findings are wanted; `nil`: every file's (``Linter/reportedFiles``).
    public let reportedFiles: Set<String>?

    /// `true` when findings in `path` are wanted: a rule may skip the work of finding others.
    public func isReported(_ path: String) -> Bool { reportedFiles?.contains(path) ?? true }

    init(
        catalog: BuildSettingsCatalog,
        files: [String: LintFile],
        loads: [String: LoadedConfiguration],
        roots: [String],
        expansions: [String: [AssignmentOccurrence]],
        optionalIncludeTargets: Set<String>,
        git: (any GitOracle)?,
        environment: LintEnvironment,
        project: XcodeProject? = nil,
        fileSystem: any FileSystem,
        configuration: LintConfiguration = LintConfiguration(),
        reportedFiles: Set<String>? = nil
    ) {
        self.configuration = configuration
        self.reportedFiles = reportedFiles
        self.catalog = catalog
        self.files = files
        self.orderedPaths = files.keys.sorted()
        self.loads = loads
        self.roots = roots
        self.expansions = expansions
        self.optionalIncludeTargets = optionalIncludeTargets
        self.git = git
        self.environment = environment
        self.project = project
        self.fileSystem = fileSystem
        var configurationNames = Set<String>()
        var projectFiles = Set<String>()
        if let project {
            for configuration in project.configurations + project.targets.flatMap(\.configurations) {
                configurationNames.insert(configuration.name)
            }
            for base in project.baseConfigurationFiles {
                for file in loads[base]?.files ?? [] { if let path = file.path { projectFiles.insert(path) } }
            }
        }
        self.projectConfigurationNames = configurationNames
        self.projectConfigurationFiles = projectFiles
        // Room for every name at once: growing rehashes every name so far.
        var names = Set<String>(minimumCapacity: files.values.reduce(0) { $0 + $1.names.count })
        for file in files.values { names.formUnion(file.names) }
        self.assignedNames = names
        var prefixes = Set<String>()
        var suffixes = Set<String>()
        var referenced = Set<String>(minimumCapacity: files.values.reduce(0) { $0 + $1.references.count })
        for file in files.values {
            for references in file.references {
                for reference in references {
                    if let name = reference.literalName {
                        referenced.insert(name)
                        continue
                    }
                    let (prefix, suffix) = Self.literalEnds(of: reference.name.source)
                    if !prefix.isEmpty { prefixes.insert(prefix) }
                    if !suffix.isEmpty { suffixes.insert(suffix) }
                }
            }
        }
        self.referencedNames = referenced
        self.composedPrefixes = prefixes
        self.composedSuffixes = suffixes
    }

    /// The names of every build configuration of ``project`` (project and targets).
    public let projectConfigurationNames: Set<String>
    /// The base xcconfigs of ``project`` and every file they include: the files whose builds
    /// are exactly the project's configurations.
    public let projectConfigurationFiles: Set<String>

    /// Every name some value refers to by a plain reference (`$(NAME)`, `${NAME}`, `$NAME`).
    public let referencedNames: Set<String>

    /// Literal beginnings (`FLAGS_` of `$(FLAGS_$(CONFIGURATION))`) and ends of names that
    /// references compose from other settings.
    private let composedPrefixes: Set<String>
    private let composedSuffixes: Set<String>

    /// `true` when some reference composes names that `name` could be, such as `FLAGS_Debug`
    /// for `$(FLAGS_$(CONFIGURATION))`.
    public func isComposedName(_ name: String) -> Bool {
        composedPrefixes.contains { name.hasPrefix($0) } || composedSuffixes.contains { name.hasSuffix($0) }
    }

    /// The text before the first `$` and after the last closing delimiter of a composed name.
    static func literalEnds(of name: String) -> (prefix: String, suffix: String) {
        let bytes = Array(name.utf8)
        let dollar = bytes.firstIndex(of: UInt8(ascii: "$")) ?? bytes.count
        let prefix = String(decoding: bytes[..<dollar], as: UTF8.self)
        var suffix = ""
        if let closer = bytes.lastIndex(where: { $0 == UInt8(ascii: ")") || $0 == UInt8(ascii: "}") || $0 == UInt8(ascii: "]") }) {
            let tail = bytes[(closer + 1)...]
            if !tail.contains(UInt8(ascii: "$")) { suffix = String(decoding: tail, as: UTF8.self) }
        }
        return (prefix, suffix)
    }

    /// The index in ``LintFile/assignments`` of the assignment of `file` whose name starts at
    /// byte `nameOffset`.
    public func assignmentIndex(in file: String, nameOffset: Int) -> Int? {
        files[file]?.assignmentIndexByNameOffset[nameOffset]
    }

    /// Every setting name assigned in any file read.
    public let assignedNames: Set<String>

    /// The assignment an occurrence stands for.
    public func assignment(_ occurrence: AssignmentOccurrence) -> (statement: Statement, assignment: Assignment) {
        files[occurrence.file]!.assignments[occurrence.index]
    }
}
