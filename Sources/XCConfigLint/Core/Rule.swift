import XCConfigSyntax

/// A replacement of a byte range of one file, the unit of `--fix`.
public struct TextEdit: Sendable, Hashable {
    /// The bytes replaced (may be empty for an insertion).
    public var range: Range<Int>
    /// What goes there instead.
    public var replacement: String

    public init(range: Range<Int>, replacement: String) {
        self.range = range
        self.replacement = replacement
    }
}

/// A line of a file, by absolute path.
public struct FileLine: Sendable, Hashable {
    /// Absolute path of the file.
    public var file: String
    /// The 1-based line.
    public var line: Int

    public init(file: String, line: Int) {
        self.file = file
        self.line = line
    }
}

/// One problem a rule found, before the configuration decides its severity.
public struct Finding: Sendable, Hashable {
    /// Absolute path of the file the problem is in.
    public var file: String
    /// Byte offset of the exact place (the condition, the `//`, the reference).
    public var offset: Int
    /// Line and column of `offset`.
    public var location: SourceLocation
    /// What is wrong and what to do about it.
    public var message: String
    /// A severity that differs from the rule's (an empty condition parameter is an error).
    public var severity: Severity?
    /// Extra lines, printed as notes.
    public var notes: [String]
    /// The safe rewrite that removes the problem, if there is one.
    public var fix: [TextEdit]?
    /// Byte offset of the statement the finding concerns, so a more specific rule's finding on
    /// the same statement can take its place.
    public var statementOffset: Int?
    /// Another place whose `// xcconfig-lint:` comments also silence the finding: for a finding
    /// in a project file, which cannot hold such comments, the xcconfig line it concerns.
    public var suppressibleAt: FileLine?
    /// The rule that found it; set by the linter.
    public var rule: String = ""

    public init(
        file: String,
        offset: Int,
        location: SourceLocation,
        message: String,
        severity: Severity? = nil,
        notes: [String] = [],
        fix: [TextEdit]? = nil,
        statementOffset: Int? = nil,
        suppressibleAt: FileLine? = nil
    ) {
        self.file = file
        self.offset = offset
        self.location = location
        self.message = message
        self.severity = severity
        self.notes = notes
        self.fix = fix
        self.statementOffset = statementOffset
        self.suppressibleAt = suppressibleAt
    }
}

/// A lint rule: a description with examples, and a check.
///
/// Most rules look at one file at a time (``check(_:in:)``); rules about the whole include
/// graph (cycles between settings) implement ``checkAll(in:)`` instead. Either way the
/// linter runs them once per file or once per run, so a problem inside an included file is
/// found once, at its own file and line.
public protocol LintRule: Sendable {
    /// The rule's identifier, description and examples.
    static var description: RuleDescription { get }
    init()
    /// The problems in `file`.
    func check(_ file: LintFile, in context: LintContext) -> [Finding]
    /// The problems that need every file at once.
    func checkAll(in context: LintContext) -> [Finding]
}

extension LintRule {
    public func check(_ file: LintFile, in context: LintContext) -> [Finding] { [] }
    public func checkAll(in context: LintContext) -> [Finding] { [] }
    /// The rule's identifier.
    public var identifier: String { Self.description.identifier }
}

extension LintFile {
    /// A finding at `offset` of this file.
    public func finding(
        at offset: Int,
        _ message: String,
        severity: Severity? = nil,
        notes: [String] = [],
        fix: [TextEdit]? = nil,
        statement: Statement? = nil
    ) -> Finding {
        Finding(
            file: path,
            offset: offset,
            location: tree.location(ofOffset: offset),
            message: message,
            severity: severity,
            notes: notes,
            fix: fix,
            statementOffset: statement?.range.startOffset
        )
    }
}
