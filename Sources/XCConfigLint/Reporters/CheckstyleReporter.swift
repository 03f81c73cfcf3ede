import XCConfigSyntax

/// Checkstyle XML, which CI servers (Jenkins, GitLab, Danger) read: one `<file>` per file,
/// one `<error>` per finding, `source` naming the rule.
public struct CheckstyleReporter: Reporter {
    public static let identifier = "checkstyle"
    public init() {}

    public func report(_ diagnostics: [Diagnostic], context: ReportContext) -> String {
        var output = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<checkstyle version=\"4.3\">\n"
        var currentFile: String? = nil
        for diagnostic in diagnostics {
            let file = context.display(diagnostic.file)
            if file != currentFile {
                if currentFile != nil { output += "\t</file>\n" }
                output += "\t<file name=\"\(Self.escape(file))\">\n"
                currentFile = file
            }
            var message = diagnostic.message
            for note in diagnostic.notes { message += "\n" + note }
            output += "\t\t<error line=\"\(diagnostic.location?.line ?? 0)\" column=\"\(diagnostic.location?.column ?? 0)\""
            output += " severity=\"\(diagnostic.severity == .note ? "info" : diagnostic.severity.rawValue)\""
            output += " message=\"\(Self.escape(message))\""
            output += " source=\"xcconfig-lint.\(Self.escape(diagnostic.rule ?? "lint"))\"/>\n"
        }
        if currentFile != nil { output += "\t</file>\n" }
        output += "</checkstyle>\n"
        return output
    }

    /// Text safe inside a double-quoted XML attribute. Control characters XML 1.0 cannot
    /// hold at all become U+FFFD.
    static func escape(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            case "\n": result += "&#10;"
            case "\r": result += "&#13;"
            case "\t": result += "&#9;"
            default:
                if scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF {
                    result += "\u{FFFD}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
    }
}
