import XCConfigSyntax

/// `FILE:LINE:COLUMN: warning|error: MESSAGE [RULE]`, the clang/Xcode form editors make
/// clickable; notes follow as `note:` lines at the same place. Control characters in a file
/// name or message are escaped, so each diagnostic stays one line.
public struct XcodeReporter: Reporter {
    public static let identifier = "xcode"
    public init() {}

    public func report(_ diagnostics: [Diagnostic], context: ReportContext) -> String {
        var output = ""
        for diagnostic in diagnostics {
            let place = Self.place(diagnostic, context: context)
            output += "\(place) \(diagnostic.severity.rawValue): \(Diagnostic.oneLineMessage(diagnostic.message))"
            if let rule = diagnostic.rule { output += " [\(rule)]" }
            output += "\n"
            for note in diagnostic.notes { output += "\(place) note: \(Diagnostic.oneLineMessage(note))\n" }
        }
        return output
    }

    /// `FILE:LINE:COLUMN:` (or `FILE:` without a location).
    static func place(_ diagnostic: Diagnostic, context: ReportContext) -> String {
        let file = Diagnostic.singleLine(context.display(diagnostic.file))
        guard let location = diagnostic.location else { return "\(file):" }
        return "\(file):\(location.line):\(location.column):"
    }
}
