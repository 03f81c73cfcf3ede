import XCConfigSyntax

/// GitHub Actions workflow commands: `::warning file=F,line=L,col=C,title=RULE::MESSAGE`,
/// which annotate the pull request's diff. F is relative to the repository root
/// (``ReportContext/repositoryRoot``), as GitHub matches it against the diff.
public struct GitHubReporter: Reporter {
    public static let identifier = "github"
    public init() {}

    public func report(_ diagnostics: [Diagnostic], context: ReportContext) -> String {
        var output = ""
        for diagnostic in diagnostics {
            let command = diagnostic.severity == .error ? "error" : diagnostic.severity == .warning ? "warning" : "notice"
            var properties = ["file=" + Self.escapeProperty(context.repositoryRelative(diagnostic.file))]
            if let location = diagnostic.location {
                properties.append("line=\(location.line)")
                properties.append("col=\(location.column)")
            }
            if let rule = diagnostic.rule { properties.append("title=" + Self.escapeProperty(rule)) }
            var message = diagnostic.message
            for note in diagnostic.notes { message += "\n" + note }
            output += "::\(command) \(properties.joined(separator: ","))::\(Self.escapeData(message))\n"
        }
        return output
    }

    /// The escaping GitHub's runner undoes in a command's message.
    public static func escapeData(_ text: String) -> String {
        var result = ""
        for character in text.unicodeScalars {
            switch character {
            case "%": result += "%25"
            case "\r": result += "%0D"
            case "\n": result += "%0A"
            default: result.unicodeScalars.append(character)
            }
        }
        return result
    }

    /// The escaping of a property value, which also may not hold `:` or `,`.
    public static func escapeProperty(_ text: String) -> String {
        escapeData(text).replacing(":", with: "%3A").replacing(",", with: "%2C")
    }
}
