import XCConfig
import XCConfigSyntax

/// Prints ``Diagnostic`` values clang/Xcode style, so editors and Xcode make them clickable
/// (cli.md "Conventions"):
///
///     Config/App.xcconfig:3:1: error: MESSAGE [rule]
///     Config/App.xcconfig:3:1: note: NOTE
///
/// FILE is relative to the current directory when it lies below it, else absolute. A
/// diagnostic without a location prints `FILE: error: MESSAGE`; one without a file,
/// `error: MESSAGE`.
public struct DiagnosticPrinter: Sendable {
    /// Where the lines go (stderr).
    public var output: OutputSink
    /// Whether to use ANSI colours (bold location, red error, magenta warning, grey note).
    public var usesColor: Bool
    /// The directory file names are printed relative to.
    public var currentDirectory: String

    public init(output: OutputSink, usesColor: Bool, currentDirectory: String) {
        self.output = output
        self.usesColor = usesColor
        self.currentDirectory = currentDirectory
    }

    /// Prints `diagnostic` and its notes; `showsRule` appends ` [rule]` when it has one.
    public func print(_ diagnostic: Diagnostic, showsRule: Bool = true) {
        output.write(format(diagnostic, showsRule: showsRule))
    }

    /// Prints every diagnostic in order.
    public func print(_ diagnostics: [Diagnostic], showsRule: Bool = true) {
        for diagnostic in diagnostics { print(diagnostic, showsRule: showsRule) }
    }

    /// Prints `error: MESSAGE`: a problem that concerns no file and line, such as an unreadable root file.
    public func printError(_ message: String) {
        output.write(standalone(message, severity: .error))
    }

    /// Prints `warning: MESSAGE`.
    public func printWarning(_ message: String) {
        output.write(standalone(message, severity: .warning))
    }

    /// One line for a message that may come from a library error's description: absolute
    /// paths below the current directory made relative, and a message that already says
    /// `FILE: error: …` or `error: …` printed as that, never as `error: FILE: error: …`.
    func standalone(_ message: String, severity: Severity) -> String {
        var message = relativePaths(in: message)
        let label = "\(severity.rawValue): "
        if message.hasPrefix(label) { message.removeFirst(label.count) }
        if let range = message.firstByteRange(of: ": " + label) {
            return line(prefix: String(message[..<range.lowerBound]), severity: severity, message: String(message[range.upperBound...]))
        }
        return line(prefix: nil, severity: severity, message: message)
    }

    /// `text` with every absolute path below ``currentDirectory`` written relative to it
    /// (cli.md: FILE is relative to the current directory when it lies below it).
    public func relativePaths(in text: String) -> String {
        guard currentDirectory.count > 1 else { return text }
        let directory = currentDirectory.hasSuffix("/") ? currentDirectory : currentDirectory + "/"
        return text.replacingEvery(directory, with: "")
    }

    /// The text ``print(_:showsRule:)`` writes, every line ending in a newline.
    public func format(_ diagnostic: Diagnostic, showsRule: Bool = true) -> String {
        let prefix = locationPrefix(of: diagnostic)
        var message = diagnostic.message
        if showsRule, let rule = diagnostic.rule { message += " [\(rule)]" }
        var text = line(prefix: prefix, severity: diagnostic.severity, message: message)
        for note in diagnostic.notes {
            text += line(prefix: prefix, severity: .note, message: note)
        }
        return text
    }

    /// `FILE:LINE:COLUMN`, `FILE`, or `nil` when the diagnostic names no file.
    public func locationPrefix(of diagnostic: Diagnostic) -> String? {
        guard let file = diagnostic.file else { return nil }
        let shown = Diagnostic.singleLine(Path.display(Path.absolute(file, relativeTo: currentDirectory), relativeTo: currentDirectory))
        guard let location = diagnostic.location else { return shown }
        return "\(shown):\(location.line):\(location.column)"
    }

    private func line(prefix: String?, severity: Severity, message: String) -> String {
        // A message must stay on one line, or the line after it would look like source output
        // (or like a CI runner's command).
        let message = Diagnostic.oneLineMessage(message)
        guard usesColor else {
            return (prefix.map { "\($0): " } ?? "") + "\(severity.rawValue): \(message)\n"
        }
        let bold = "\u{1B}[1m"
        let reset = "\u{1B}[0m"
        let color = switch severity {
        case .error: "\u{1B}[1;31m"
        case .warning: "\u{1B}[1;35m"
        case .note: "\u{1B}[1;90m"
        }
        let location = prefix.map { "\(bold)\($0): \(reset)" } ?? ""
        return "\(location)\(color)\(severity.rawValue): \(reset)\(bold)\(message)\(reset)\n"
    }
}
