import XCConfig
import XCConfigSyntax

/// `textDocument/hover`: on a setting name or a `$(NAME)`, the value in the current context,
/// every assignment with what it contributed and what its references and `$(inherited)`
/// reached, the catalogue's type, values and default, and the value in each configuration of
/// the project; on an `#include`, the file it resolves to.
enum Hover {
    /// The most bytes a hover answer holds. A document of 3,000 `$(inherited)` lines, or an
    /// exponential one under 2 KB, explains into gigabytes; past this the text is cut, with a
    /// note pointing to `xcconfig explain`.
    static let maximumSize = 64 * 1024

    static func hover(_ request: DocumentRequest) throws(ResponseError) -> JSONValue {
        guard let item = SyntaxQueries.item(at: request.offset, in: request.analysis.tree) else { return .null }
        let markdown: String
        let range: Range<Int>
        switch item {
        case .include(let directive, let line):
            markdown = includeText(directive, edge: request.analysis.includeTargets[line], request)
            range = directive.pathRange.offsets
        case .settingName(let name, let nameRange, _), .reference(let name, let nameRange, _):
            markdown = settingText(name, request)
            range = nameRange
        case .value(let assignment):
            markdown = settingText(assignment.name, request)
            let chunks = assignment.chunks
            range = (chunks.first?.startOffset ?? assignment.equalsOffset)..<(chunks.last?.endOffset ?? assignment.equalsOffset + 1)
        case .condition(let condition, _):
            markdown = conditionText(condition, request)
            range = condition.range.offsets
        }
        return ["contents": ["kind": "markdown", "value": .string(markdown)], "range": request.range(range)]
    }

    static func includeText(_ directive: IncludeDirective, edge: IncludeEdge?, _ request: DocumentRequest) -> String {
        var text = "`#include\(directive.isOptional ? "?" : "") \"\(directive.path)\"`\n\n"
        guard let edge else { return text + "Not reached in the current context." }
        switch edge.outcome {
        case .included: text += "Resolves to `\(edge.resolvedPath ?? "?")`"
        case .notFound: text += directive.isOptional ? "Not found (optional: ignored)." : "Not found."
        case .unreadable: text += "Found at `\(edge.resolvedPath ?? "?")` but cannot be read."
        case .cycle: text += "Skipped: `\(edge.resolvedPath ?? "?")` is already being included (a cycle)."
        case .limitReached: text += "Skipped: the include limit was reached."
        }
        return text
    }

    /// The hover of setting `name`.
    static func settingText(_ name: String, _ request: DocumentRequest) -> String {
        var text = "**\(name)**"
        if let resolver = request.analysis.resolver {
            let explanation = resolver.explain(name, budget: maximumSize)
            text += " = " + code(shortened(explanation.value)) + "\n\n_" + contextDescription(request.analysis.context) + "_\n"
            if explanation.assignments.isEmpty {
                text += "\nNot assigned at any level.\n"
            } else {
                text += "\nAssignments, highest precedence first:\n\n"
                for assignment in explanation.assignments {
                    if text.utf8.count > maximumSize { break }
                    let info = assignment.info
                    var line = "- " + (assignment.isWinner ? "**\(info.level.rawValue)** (wins)" : info.level.rawValue)
                    line += " · " + place(info, request)
                    if !info.conditions.isEmpty { line += " · `\(info.conditionSuffix)`" + (info.matchesContext ? "" : " (does not match)") }
                    line += ": " + code(shortened(info.rawValue))
                    if let contribution = assignment.contribution, contribution != info.rawValue { line += " → " + code(shortened(contribution)) }
                    text += line + "\n"
                    for reference in assignment.references { text += traceText(reference, depth: 1, request) }
                }
            }
        } else {
            text += "\n\nThe document could not be resolved.\n"
        }
        if let info = BuildSettingsCatalog.shared[name] {
            text += "\nType: \(info.type.rawValue)"
            if !info.defaultValue.isEmpty { text += " · Default: " + code(info.defaultValue) }
            if !info.allowedValues.isEmpty { text += " · Values: " + info.allowedValues.map(code).joined(separator: ", ") }
            text += "\n"
        }
        let perConfiguration = request.workspace.resolversByConfiguration(request.analysis)
        if !perConfiguration.isEmpty {
            text += "\n| Configuration | Value |\n|---|---|\n"
            for (configuration, resolver) in perConfiguration {
                if text.utf8.count > maximumSize { break }
                text += "| \(configuration) | \(code(shortened(resolver.value(of: name))).replacingEvery("|", with: "\\|")) |\n"
            }
        }
        return bounded(text, name: name)
    }

    /// `text`, cut at ``maximumSize`` with a note when longer.
    static func bounded(_ text: String, name: String) -> String {
        guard text.utf8.count > maximumSize else { return text }
        let kept = String(decoding: text.utf8.prefix(maximumSize), as: UTF8.self)
        return kept + "\n\n_The hover is cut at \(maximumSize / 1024) KiB; `xcconfig explain \(name)` shows all of it._\n"
    }

    /// A value of at most a tenth of the hover, cut with `…`.
    static func shortened(_ value: String) -> String {
        let limit = maximumSize / 10
        guard value.utf8.count > limit else { return value }
        return String(decoding: value.utf8.prefix(limit), as: UTF8.self) + "…"
    }

    private static func traceText(_ trace: TracedEvaluation, depth: Int, _ request: DocumentRequest) -> String {
        guard depth < 8 else { return "" }
        var line = String(repeating: "  ", count: depth) + "- `\(trace.info.name)` = " + code(shortened(trace.value))
        line += " ← \(trace.info.level.rawValue) · " + place(trace.info, request)
        var text = line + "\n"
        for child in trace.references { text += traceText(child, depth: depth + 1, request) }
        return text
    }

    /// `App.xcconfig:3`, or a project file's key path.
    static func place(_ info: AssignmentInfo, _ request: DocumentRequest) -> String {
        guard let file = info.file else { return info.keyPath ?? info.level.rawValue }
        var place = request.displayPath(file)
        if let line = info.location?.line { place += ":\(line)" }
        if let keyPath = info.keyPath { place += " (\(keyPath))" }
        return place
    }

    static func conditionText(_ condition: Condition, _ request: DocumentRequest) -> String {
        let bound = request.analysis.context.values(forParameter: condition.parameter)
        var text = "Condition `[\(condition.parameter)=\(condition.pattern)]`\n\n"
        if let bound {
            text += "`\(condition.parameter)` is " + (bound.isEmpty ? "bound to nothing" : bound.map(code).joined(separator: ", "))
        } else {
            text += "`\(condition.parameter)` is not bound in the current context: the assignment applies."
        }
        return text
    }

    /// The context in words: `configuration Debug · sdk iphoneos · target App`.
    static func contextDescription(_ context: EvaluationContext) -> String {
        var parts: [String] = []
        if let configuration = context.configuration { parts.append("configuration \(configuration)") }
        if !context.sdks.isEmpty { parts.append("sdk \(context.sdks.joined(separator: ", "))") }
        if let arch = context.arch { parts.append("arch \(arch)") }
        if let target = context.targetName { parts.append("target \(target)") }
        return parts.isEmpty ? "No condition bound." : "In " + parts.joined(separator: " · ")
    }

    /// `value` as Markdown inline code, fenced with more backticks than it holds in a row.
    static func code(_ value: String) -> String {
        if value.isEmpty { return "_(empty)_" }
        var longest = 0, run = 0
        for character in value.utf8 {
            run = character == UInt8(ascii: "`") ? run + 1 : 0
            longest = max(longest, run)
        }
        let fence = String(repeating: "`", count: longest + 1)
        let padding = value.hasPrefix("`") || value.hasSuffix("`") ? " " : ""
        return fence + padding + value + padding + fence
    }
}
