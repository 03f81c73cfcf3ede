import XCConfig
import XCConfigSyntax

/// What every reporter needs besides the findings.
public struct ReportContext: Sendable {
    /// File names below this directory print relative to it (cli.md "Conventions").
    public var currentDirectory: String
    /// The rules, for formats that describe them (SARIF).
    public var rules: [RuleDescription]
    /// The severity each rule runs at, for SARIF's default levels.
    public var configuration: LintConfiguration
    /// The tool version, for SARIF.
    public var toolVersion: String
    /// The repository's top directory: GitHub annotations name files relative to it, whatever
    /// the current directory (they miss their lines otherwise).
    public var repositoryRoot: String?

    public init(
        currentDirectory: String,
        rules: [RuleDescription] = RuleRegistry.all.map { $0.description },
        configuration: LintConfiguration = LintConfiguration(),
        toolVersion: String = "1.0.0",
        repositoryRoot: String? = nil
    ) {
        self.repositoryRoot = repositoryRoot
        self.currentDirectory = currentDirectory
        self.rules = rules
        self.configuration = configuration
        self.toolVersion = toolVersion
    }

    /// `path` relative to ``repositoryRoot`` when below it, else as ``display(_:)`` prints it.
    public func repositoryRelative(_ path: String?) -> String {
        guard let path, let root = repositoryRoot else { return display(path) }
        let absolute = Path.absolute(path, relativeTo: currentDirectory)
        let relative = Path.display(absolute, relativeTo: root)
        return relative == absolute ? display(path) : relative
    }

    /// `path` as printed: relative to the current directory when below it, else absolute.
    public func display(_ path: String?) -> String {
        guard let path else { return "<unknown>" }
        return Path.display(path, relativeTo: currentDirectory)
    }
}

/// Turns findings into one output format. Reporters are small, stateless and separate, so a
/// new format is a new type.
public protocol Reporter: Sendable {
    /// The `--format` name.
    static var identifier: String { get }
    /// The whole output for `diagnostics` (already sorted), ending with a newline when not empty.
    func report(_ diagnostics: [Diagnostic], context: ReportContext) -> String
}

/// The formats of `xcconfig lint --format`.
public enum ReportFormat: String, Sendable, CaseIterable {
    case xcode, json, sarif, github, checkstyle

    /// The reporter that writes this format.
    public var reporter: any Reporter {
        switch self {
        case .xcode: XcodeReporter()
        case .json: JSONReporter()
        case .sarif: SARIFReporter()
        case .github: GitHubReporter()
        case .checkstyle: CheckstyleReporter()
        }
    }
}
