import XCConfig
import XCConfigSyntax

/// `textDocument/inlayHint`: at the end of each assignment line, the setting's resolved value
/// (`→ com.example.app`), and its value in each configuration when they differ. Lines whose
/// value is already what they say (a literal that wins) get none.
enum InlayHints {
    /// Longer values are cut, with `…`.
    static let maximumLength = 80
    /// The most hints one answer holds: an editor asks for what it shows.
    static let maximumCount = 5_000

    static func hints(_ request: DocumentRequest, range: JSONValue?) throws(ResponseError) -> JSONValue {
        guard let range, range.objectMembers != nil else { throw .invalidParams("'range' must be an object") }
        guard let resolver = request.analysis.resolver else { return [] }
        let start = request.offset(of: try Position(range["start"]))
        let end = request.offset(of: try Position(range["end"]))
        let perConfiguration = request.workspace.resolversByConfiguration(request.analysis)
        var hints: [JSONValue] = []
        // Each setting's values once, shortened: 3,000 lines assigning one setting would
        // otherwise each hold its whole value for the answer.
        var shortValues: [String: (value: String, exact: String?, perConfiguration: [(String, String)])] = [:]
        for statement in request.analysis.tree.statements where statement.range.endOffset > start && statement.range.startOffset <= end {
            guard case .assignment(let assignment) = statement.kind else { continue }
            if hints.count >= maximumCount { break }
            let name = assignment.name
            if shortValues[name] == nil {
                let full = resolver.value(of: name)
                shortValues[name] = (
                    shortened(full), full.utf8.count <= maximumLength ? full : nil,
                    perConfiguration.map { ($0.configuration, shortened($0.resolver.value(of: name))) })
            }
            let (shortValue, exact, values) = shortValues[name]!
            let differs = Set(values.map(\.1)).count > 1
            let label: String
            if differs {
                label = values.map { "\($0.0): \($0.1)" }.joined(separator: " · ")
            } else {
                guard exact != assignment.value else { continue }
                label = "→ " + shortValue
            }
            hints.append([
                "position": request.document.lines.position(ofOffset: Symbols.contentEnd(of: statement, request), encoding: request.encoding).json,
                "label": .string(label),
                "paddingLeft": true,
            ])
        }
        return .array(hints)
    }

    static func shortened(_ value: String) -> String {
        if value.isEmpty { return "\"\"" }
        guard value.utf8.count > maximumLength, value.count > maximumLength else { return value }
        return String(value.prefix(maximumLength - 1)) + "…"
    }
}
