import XCConfig
import XCConfigSyntax

/// When to colour diagnostics (`--color`).
public enum ColorMode: String, Sendable, CaseIterable {
    /// Only when the stream is a terminal and `NO_COLOR` is unset.
    case auto
    case always
    case never

    /// The mode named `rawValue`. Written out because the synthesised initialiser builds an
    /// array of the names, an array type the runtime instantiates for every process.
    public init?(rawValue: String) {
        switch rawValue {
        case "auto": self = .auto
        case "always": self = .always
        case "never": self = .never
        default: return nil
        }
    }
}

/// Everything a command may touch of the world: arguments, environment, current directory,
/// file system and output streams. The real process builds one in `main.swift`; tests build
/// one around an ``InMemoryFileSystem`` and capturing sinks, and run the CLI in-process.
public struct CommandContext: Sendable {
    /// The arguments after the program name.
    public var arguments: [String]
    /// The process environment. Prefer ``environmentValue(_:)`` for a few names: the real
    /// process builds this dictionary only when it is asked for.
    public var environment: [String: String] {
        get { environmentSource.values }
        set { environmentSource = BuildEnvironment(newValue) }
    }
    /// Where ``environment`` comes from.
    var environmentSource: BuildEnvironment
    /// The directory relative paths are resolved against and file names are printed relative to.
    public var currentDirectory: String
    /// Every file access goes through this.
    public var fileSystem: any FileSystem
    /// Where results go.
    public var standardOutput: OutputSink
    /// Where diagnostics and errors go.
    public var standardError: OutputSink
    /// Whether stdout is a terminal.
    public var standardOutputIsTerminal: Bool
    /// Whether stderr is a terminal.
    public var standardErrorIsTerminal: Bool
    /// The `--color` choice; set by the argument parser before a command runs.
    public var colorMode: ColorMode = .auto
    /// Whether the process exits when the command returns (the real `xcconfig` process, not a
    /// test): then ``keepUntilExit(_:)`` spares freeing what the command built.
    public var endsWithProcess = false

    public init(
        arguments: [String],
        environment: [String: String] = [:],
        currentDirectory: String,
        fileSystem: any FileSystem,
        standardOutput: OutputSink,
        standardError: OutputSink,
        standardOutputIsTerminal: Bool = false,
        standardErrorIsTerminal: Bool = false
    ) {
        self.arguments = arguments
        self.environmentSource = BuildEnvironment(environment)
        self.currentDirectory = currentDirectory
        self.fileSystem = fileSystem
        self.standardOutput = standardOutput
        self.standardError = standardError
        self.standardOutputIsTerminal = standardOutputIsTerminal
        self.standardErrorIsTerminal = standardErrorIsTerminal
    }

    /// Whether output to stderr may be coloured: `--color always`, or `auto` on a terminal
    /// without `NO_COLOR` (https://no-color.org: set and not empty) and not a dumb terminal.
    public var colorsStandardError: Bool { usesColor(onTerminal: standardErrorIsTerminal) }

    /// Whether output to stdout may be coloured, by the same rule as ``colorsStandardError``.
    public var colorsStandardOutput: Bool { usesColor(onTerminal: standardOutputIsTerminal) }

    private func usesColor(onTerminal isTerminal: Bool) -> Bool {
        switch colorMode {
        case .always: return true
        case .never: return false
        case .auto:
            guard isTerminal else { return false }
            if let noColor = environmentValue("NO_COLOR"), !noColor.isEmpty { return false }
            return environmentValue("TERM") != "dumb"
        }
    }

    /// The value of the environment variable `name`, without building ``environment``.
    func environmentValue(_ name: String) -> String? {
        environmentSource[name]
    }

    /// Prints diagnostics to stderr, coloured as `--color` says, files relative to ``currentDirectory``.
    public var diagnostics: DiagnosticPrinter {
        DiagnosticPrinter(output: standardError, usesColor: colorsStandardError, currentDirectory: currentDirectory)
    }

    /// `path` made absolute against ``currentDirectory`` and normalised.
    public func absolutePath(_ path: String) -> String {
        Path.absolute(path, relativeTo: currentDirectory)
    }

    /// `path` as a list of written files prints it: relative to ``currentDirectory``, with `..`
    /// when outside it (``Path/relativeDisplay(_:from:)``), control characters escaped as
    /// ``displayPath(_:)`` does.
    public func relativePath(_ path: String) -> String {
        Diagnostic.singleLine(Path.relativeDisplay(absolutePath(path), from: currentDirectory))
    }

    /// `path` as printed to users: relative to ``currentDirectory`` when below it, else absolute,
    /// on one line: a control character in a file name is escaped (`\n`), so a repository's file
    /// named `x\n::error …` cannot print a line of its own. JSON output takes ``exactPath(_:)``.
    public func displayPath(_ path: String) -> String {
        Diagnostic.singleLine(exactPath(path))
    }

    /// `path` relative to ``currentDirectory`` when below it, else absolute, as it is: for
    /// formats that escape it themselves (JSON).
    public func exactPath(_ path: String) -> String {
        Path.display(absolutePath(path), relativeTo: currentDirectory)
    }

    /// Keeps `value` (and everything it references) alive until the process exits, when
    /// ``endsWithProcess``; otherwise does nothing. Freeing a resolver, its expressions and the
    /// syntax trees it holds costs about a tenth of a whole `resolve`, for memory the exit
    /// returns anyway.
    public func keepUntilExit<Value>(_ value: Value) {
        guard endsWithProcess else { return }
        ProcessLifetime.keep(value)
    }

    /// Writes `text` to stdout.
    public func print(_ text: String, terminator: String = "\n") {
        standardOutput.write(text + terminator)
    }
}

