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

extension Diagnostic {
    /// `text` as one line a terminal or a CI runner shows as written: each control character
    /// (C0, DEL, C1, and the line and paragraph separators) escaped as `\n`, `\r`, `\t` or
    /// `\u{1B}`. A file named `x\n::error file=…::FORGED` then cannot print a line of its own
    /// that a GitHub runner would take as a workflow command.
    public static func singleLine(_ text: String) -> String {
        // Only these bytes start a control character: a C0 byte, DEL, C1's lead 0xC2, and the
        // lead 0xE2 of U+2028 and U+2029.
        guard text.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F || $0 == 0xC2 || $0 == 0xE2 }) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x0A: result += "\\n"
            case 0x0D: result += "\\r"
            case 0x09: result += "\\t"
            case 0..<0x20, 0x7F...0x9F, 0x2028, 0x2029: result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// A message as one line: its line breaks (LF, VT, FF, CR, NEL, LS, PS) made spaces, as a
    /// sentence reads on, and the other control characters escaped as ``singleLine(_:)`` does.
    public static func oneLineMessage(_ message: String) -> String {
        // Only a line break's bytes (LF, VT, FF, CR, or the last byte of NEL, LS, PS) can make a
        // newline character; the characters are looked at only when one is there.
        let mayBreak = message.utf8.contains { (0x0A...0x0D).contains($0) || $0 == 0x85 || $0 == 0xA8 || $0 == 0xA9 }
        let flattened = mayBreak && message.contains(where: \.isNewline) ? message.split(whereSeparator: \.isNewline).joined(separator: " ") : message
        return singleLine(flattened)
    }
}
