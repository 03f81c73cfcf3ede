/// How serious a diagnostic is.
public enum Severity: String, Sendable, Hashable, Comparable, CaseIterable {
    case note
    case warning
    case error

    private var rank: Int {
        switch self {
        case .note: 0
        case .warning: 1
        case .error: 2
        }
    }

    public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
}

/// Which known problem a diagnostic reports, for a program that reacts to particular problems
/// rather than to their wording: the linter turns them into findings of its own rules.
public enum DiagnosticCode: String, Sendable, Hashable {
    /// An evaluated value would exceed the 16 MiB limit; evaluation of the setting stopped.
    case valueTooLarge
    /// A project-file build setting overrides, without `$(inherited)`, a value its own base
    /// xcconfig sets (`BaseConfigurationShadowing` in the library).
    case baseConfigurationShadowing
    /// The configuration asked for (`-c Nope`) does not exist; the default one was used.
    case unknownConfiguration
}

/// A problem found in an input, kept as a value until something prints it.
///
/// Parse diagnostics carry no file; the include loader and the resolver fill it in.
public struct Diagnostic: Hashable, Sendable {
    /// How serious the problem is.
    public var severity: Severity
    /// What is wrong, in one line.
    public var message: String
    /// The file the problem is in, as the loader named it; `nil` when the input had no path.
    public var file: String?
    /// Where in `file` the problem is; `nil` when it concerns no particular line.
    public var location: SourceLocation?
    /// Extra lines printed as `note:` diagnostics after this one (a cycle's path, for example).
    public var notes: [String]
    /// The lint rule that produced this diagnostic, if any.
    public var rule: String?
    /// Which known problem this is, when the library reports one a caller may react to.
    public var code: DiagnosticCode?

    public init(
        severity: Severity,
        message: String,
        file: String? = nil,
        location: SourceLocation? = nil,
        notes: [String] = [],
        rule: String? = nil,
        code: DiagnosticCode? = nil
    ) {
        self.severity = severity
        self.message = message
        self.file = file
        self.location = location
        self.notes = notes
        self.rule = rule
        self.code = code
    }

    /// A copy attributed to `file`.
    public func inFile(_ file: String?) -> Diagnostic {
        var copy = self
        copy.file = file
        return copy
    }
}
