import XCConfig
import XCConfigSyntax

/// One option of a command's table.
public struct OptionSpec: Sendable {
    /// Whether the option is a flag or takes a value.
    public enum Kind: Sendable, Hashable {
        /// `--strict`: present or not.
        case flag
        /// `--format <format>`: takes one value, written `--format json`, `--format=json`, or
        /// `-c Debug` / `-cDebug` for a short name.
        case value(name: String)
    }

    /// The long name without dashes: `format` for `--format`. Also the key into ``ParsedArguments``.
    public var long: String
    /// The short name without the dash: `I` for `-I`.
    public var short: Character?
    /// Flag or value.
    public var kind: Kind
    /// Whether the option may be given more than once (all values are kept, in order).
    /// A non-repeatable option given twice keeps the last value, as swift-argument-parser does.
    public var isRepeatable: Bool
    /// One sentence for `--help`, made only when help is printed: some list every Xcode
    /// release, and a command that parses its arguments never shows them.
    public var help: String {
        get { makeHelp() }
        set { makeHelp = { newValue } }
    }
    private var makeHelp: @Sendable () -> String
    /// The heading the option is listed under in `--help` (`OPTIONS`, `CONTEXT OPTIONS`, ...).
    public var group: String
    /// The accepted values, when the option takes one of a fixed set; anything else is a usage error.
    public var allowedValues: [String]?
    /// The value used when the option is absent, shown in `--help` as `(default: …)`.
    public var defaultValue: String?
    /// The value is a `NAME[cond]=VALUE` setting, collected with the positional overrides (`--set`).
    public var isOverride: Bool

    public init(
        long: String, short: Character? = nil, kind: Kind, isRepeatable: Bool = false, help: @autoclosure @escaping @Sendable () -> String,
        group: String = OptionSpec.defaultGroup, allowedValues: [String]? = nil, defaultValue: String? = nil,
        isOverride: Bool = false
    ) {
        self.long = long
        self.short = short
        self.kind = kind
        self.isRepeatable = isRepeatable
        self.makeHelp = help
        self.group = group
        self.allowedValues = allowedValues
        self.defaultValue = defaultValue
        self.isOverride = isOverride
    }

    /// The heading of options that declare no group.
    public static let defaultGroup = "OPTIONS"

    /// A flag: `.flag("strict", help: "…")`.
    public static func flag(
        _ long: String, short: Character? = nil, help: @autoclosure @escaping @Sendable () -> String, group: String = defaultGroup
    ) -> OptionSpec {
        OptionSpec(long: long, short: short, kind: .flag, help: help(), group: group)
    }

    /// An option taking a value: `.value("format", valueName: "format", allowed: ["json", "text"], default: "text", help: "…")`.
    public static func value(
        _ long: String, short: Character? = nil, valueName: String, repeatable: Bool = false,
        allowed: [String]? = nil, default defaultValue: String? = nil, help: @autoclosure @escaping @Sendable () -> String,
        group: String = defaultGroup
    ) -> OptionSpec {
        OptionSpec(
            long: long, short: short, kind: .value(name: valueName), isRepeatable: repeatable, help: help(),
            group: group, allowedValues: allowed, defaultValue: defaultValue
        )
    }

    /// How the option is written in help and errors: `--format <format>`.
    public var synopsis: String {
        switch kind {
        case .flag: "--\(long)"
        case .value(let name): "--\(long) <\(name)>"
        }
    }

    /// The label in the help's option list: `-I, --search-path <dir>`.
    var helpLabel: String {
        (short.map { "-\($0), " } ?? "") + synopsis
    }
}

/// One positional argument of a command.
public struct PositionalSpec: Sendable {
    /// The name shown in help: `file` is printed `<file>`.
    public var name: String
    /// One sentence for `--help`.
    public var help: String
    /// Whether the argument may be left out.
    public var isOptional: Bool
    /// Whether it takes every remaining positional (only the last positional may).
    public var isRepeatable: Bool

    public init(_ name: String, help: String, isOptional: Bool = false, isRepeatable: Bool = false) {
        self.name = name
        self.help = help
        self.isOptional = isOptional
        self.isRepeatable = isRepeatable
    }

    /// `<file>`, `[<file>]`, `<file> ...` or `[<file> ...]`.
    var synopsis: String {
        let core = "<\(name)>" + (isRepeatable ? " ..." : "")
        return isOptional ? "[\(core)]" : core
    }
}

/// What a command declares about itself: the table the argument parser and the help are built from.
public struct CommandConfiguration {
    /// The name typed after `xcconfig`.
    public var name: String
    /// One line for the OVERVIEW and the SUBCOMMANDS list.
    public var abstract: String
    /// Paragraphs printed after the overview, already wrapped or one paragraph per line.
    public var discussion: String
    /// The options, in help order.
    public var options: [OptionSpec]
    /// The positional arguments, in order.
    public var positionals: [PositionalSpec]
    /// Whether `NAME[cond]=VALUE` arguments are command-line overrides for this command.
    public var acceptsOverrides: Bool
    /// Nested commands (`xcconfig local init`).
    public var subcommands: [any Command.Type]
    /// The usage line after `xcconfig`, when the generated one does not fit.
    public var usage: String?
    /// Whether `--help` lists the input limits (commands that read configuration files).
    public var showsLimits: Bool
    /// What `NAME[cond]=VALUE` arguments mean, for `--help`, when not command-line overrides.
    public var overridesHelp: String?

    public init(
        name: String, abstract: String, discussion: String = "", options: [OptionSpec] = [],
        positionals: [PositionalSpec] = [], acceptsOverrides: Bool = false, subcommands: [any Command.Type] = [],
        usage: String? = nil, showsLimits: Bool = true, overridesHelp: String? = nil
    ) {
        self.name = name
        self.abstract = abstract
        self.discussion = discussion
        self.options = options
        self.positionals = positionals
        self.acceptsOverrides = acceptsOverrides
        self.subcommands = subcommands
        self.usage = usage
        self.showsLimits = showsLimits
        self.overridesHelp = overridesHelp
    }
}

/// An exit status of the tool (cli.md "Conventions").
public struct ExitStatus: RawRepresentable, Hashable, Sendable {
    public var rawValue: Int32
    public init(rawValue: Int32) { self.rawValue = rawValue }

    /// `0`: success.
    public static let success = ExitStatus(rawValue: 0)
    /// `1`: the inputs have problems (an error diagnostic, a failing lint finding, an undefined `--print`).
    public static let failure = ExitStatus(rawValue: 1)
    /// `2`: the command could not run as asked (unknown flag, missing argument, unreadable root file).
    public static let usageError = ExitStatus(rawValue: 2)
}

/// A command of the tool, declared in one file under `Commands/` and listed in
/// ``CommandLineTool/commands``.
///
/// ```swift
/// enum GreetCommand: Command {
///     static var configuration: CommandConfiguration {
///         CommandConfiguration(name: "greet", abstract: "Say hello.", options: [.flag("loud", help: "Shout.")],
///                              positionals: [PositionalSpec("name", help: "Who to greet.")])
///     }
///     static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitStatus {
///         context.print(arguments.flag("loud") ? "HELLO \(arguments.positionals[0])" : "hello")
///         return .success
///     }
/// }
/// ```
///
/// `run` returns the status. It may throw a ``UsageError`` (printed with the usage line, status 2),
/// a ``CommandFailure`` (printed as `error: …` with its status), or any other error (printed as
/// `error: …`, status 1). Diagnostics go through `context.diagnostics`.
public protocol Command {
    /// Name, help texts, options and positionals.
    static var configuration: CommandConfiguration { get }
    /// Runs the command with arguments already checked against the table.
    /// Not called for a command that only groups subcommands.
    static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitStatus
}

extension Command {
    /// A group of subcommands prints its help when run without one.
    public static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitStatus {
        context.standardOutput.write(HelpFormatter.help(for: [Self.self]))
        return .success
    }
}

/// A command-line usage mistake: printed as `error: …`, the usage line and a pointer to
/// `--help`; status 2.
public struct UsageError: Error, Sendable, Equatable {
    public var message: String
    public init(_ message: String) { self.message = message }
}

/// A command that cannot go on for a reason that is not a usage mistake (the root file cannot
/// be read, for example): printed as `error: MESSAGE`, exit with `status`.
public struct CommandFailure: Error, Sendable, Equatable {
    public var message: String
    public var status: ExitStatus
    /// Printed instead of `error: MESSAGE` when the failure has a file and place.
    public var diagnostic: Diagnostic?
    public init(_ message: String, status: ExitStatus = .usageError) {
        self.message = message
        self.status = status
    }

    /// A project file's error, printed at its place. A file that is there but does not read as
    /// a project is a problem of the input (status 1); a project that is missing or cannot be
    /// read, or a target it does not have, is a command that could not run as asked (status
    /// 2, cli.md "Conventions"). Every command reading a project reports it this way.
    public init(_ error: ProjectFileError) {
        self.init(error.message, status: error.isMalformedFile ? .failure : .usageError)
        diagnostic = error.diagnostic
    }

    /// Prints the failure: its diagnostic, else `error: MESSAGE`, paths below the current
    /// directory relative in both.
    func print(to printer: DiagnosticPrinter) {
        guard var diagnostic else { return printer.printError(message) }
        diagnostic.message = printer.relativePaths(in: diagnostic.message)
        printer.print(diagnostic)
    }
}
