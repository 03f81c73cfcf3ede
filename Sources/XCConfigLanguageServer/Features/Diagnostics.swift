import XCConfig
import XCConfigLint
import XCConfigSyntax

/// `textDocument/publishDiagnostics`: every lint finding in the document (the `syntax` rule
/// carries Xcode's parse errors), with the workspace's `.xcconfig-lint.json`.
enum Diagnostics {
    static func diagnostics(_ request: DocumentRequest) -> [JSONValue] {
        request.workspace.findings(of: request.document.path).map { diagnostic($0, request) }
    }

    /// One finding as an LSP `Diagnostic`, underlining the word it points at.
    static func diagnostic(_ finding: Finding, _ request: DocumentRequest) -> JSONValue {
        var message = finding.message
        for note in finding.notes { message += "\n" + note }
        var members: [JSONValue.Member] = [
            JSONValue.Member("range", request.range(SyntaxQueries.wordRange(at: finding.offset, in: request.document.lines))),
            JSONValue.Member("severity", .integer(severityCode(finding.severity ?? .warning))),
            JSONValue.Member("source", "xcconfig"),
            JSONValue.Member("message", .string(message)),
        ]
        if !finding.rule.isEmpty { members.insert(JSONValue.Member("code", .string(finding.rule)), at: 2) }
        return .object(members)
    }

    /// LSP `DiagnosticSeverity`: 1 error, 2 warning, 3 information.
    static func severityCode(_ severity: Severity) -> Int {
        switch severity {
        case .error: 1
        case .warning: 2
        case .note: 3
        }
    }
}
