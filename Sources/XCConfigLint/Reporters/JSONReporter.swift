import XCConfig
import XCConfigSyntax

/// An array of `{"file","line","column","severity","rule","message"}`, sorted by file, line and
/// column (cli.md); `rule` is `null` for problems with the linting itself (a suppression
/// comment naming an unknown rule).
public struct JSONReporter: Reporter {
    public static let identifier = "json"
    public init() {}

    public func report(_ diagnostics: [Diagnostic], context: ReportContext) -> String {
        let entries: [JSONValue] = diagnostics.map { diagnostic in
            var message = diagnostic.message
            for note in diagnostic.notes { message += "\n" + note }
            return .object([
                .init("file", .string(context.display(diagnostic.file))),
                .init("line", .integer(diagnostic.location?.line ?? 0)),
                .init("column", .integer(diagnostic.location?.column ?? 0)),
                .init("severity", .string(diagnostic.severity.rawValue)),
                .init("rule", diagnostic.rule.map(JSONValue.string) ?? .null),
                .init("message", .string(message)),
            ])
        }
        return JSONValue.array(entries).serialized(pretty: true) + "\n"
    }
}
