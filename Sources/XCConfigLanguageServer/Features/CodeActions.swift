import XCConfig
import XCConfigLint
import XCConfigSyntax

/// `textDocument/codeAction`: for the lines asked about, each lint finding's safe fix (what
/// `xcconfig lint --fix` would write), "disable this rule for this line", "add
/// `$(inherited)`" to a list setting that drops the inherited value, and "move this
/// conditional line after the plain one" when a later unconditional assignment overrides it.
enum CodeActions {
    static func actions(_ request: DocumentRequest, range: JSONValue?) throws(ResponseError) -> JSONValue {
        guard let range, range.objectMembers != nil else { throw .invalidParams("'range' must be an object") }
        let start = request.offset(of: try Position(range["start"]))
        let end = max(start, request.offset(of: try Position(range["end"])))
        let tree = request.analysis.tree
        let statements = tree.statements.filter { statement in
            statement.range.startOffset <= end && (start < statement.range.endOffset || statement.range.startOffset == start)
        }
        let findings = request.workspace.findings(of: request.document.path)
        var actions: [JSONValue] = []
        for statement in statements {
            let here = findings.filter { $0.offset >= statement.range.startOffset && $0.offset < max(statement.range.endOffset, statement.range.startOffset + 1) }
            for finding in here {
                if let fix = finding.fix {
                    actions.append(action("Fix: \(finding.message)", edits: fix.map { ($0.range, $0.replacement) }, finding: finding, preferred: true, request))
                }
            }
            for rule in Set(here.map(\.rule)).sorted() where !rule.isEmpty {
                let insertion = indentation(of: statement, tree) + "// \(Suppressions.prefix)disable-next-line \(rule)" + lineTerminator(tree)
                actions.append(action("Disable \(rule) for this line", edits: [(statement.range.startOffset..<statement.range.startOffset, insertion)],
                                      finding: here.first { $0.rule == rule }, preferred: false, request))
            }
            guard case .assignment(let assignment) = statement.kind else { continue }
            if let edit = addInherited(assignment, findings: here) {
                actions.append(action("Add $(inherited) to \(assignment.name)", edits: [edit], finding: here.first { $0.rule == "missing-inherited" }, preferred: false, request))
            }
            if let edits = moveAfterPlain(statement, assignment, in: tree) {
                actions.append(action("Move this conditional line after the plain \(assignment.name)", edits: edits, finding: nil, preferred: false, request))
            }
        }
        return .array(actions)
    }

    private static func action(_ title: String, edits: [(Range<Int>, String)], finding: Finding?, preferred: Bool, _ request: DocumentRequest) -> JSONValue {
        var members: [JSONValue.Member] = [
            JSONValue.Member("title", .string(title)),
            JSONValue.Member("kind", "quickfix"),
        ]
        if let finding { members.append(JSONValue.Member("diagnostics", [Diagnostics.diagnostic(finding, request)])) }
        if preferred { members.append(JSONValue.Member("isPreferred", true)) }
        let textEdits: [JSONValue] = edits.sorted { $0.0.lowerBound < $1.0.lowerBound }.map { edit in
            ["range": request.range(edit.0), "newText": .string(edit.1)]
        }
        members.append(JSONValue.Member("edit", ["changes": .object([JSONValue.Member(request.document.uri, .array(textEdits))])]))
        return .object(members)
    }

    /// `$(inherited) ` before the value of a list setting (or one `missing-inherited` flags)
    /// that does not use it.
    static func addInherited(_ assignment: Assignment, findings: [Finding]) -> (Range<Int>, String)? {
        let value = assignment.value
        guard !value.contains("$(inherited)"), !value.contains("${inherited}") else { return nil }
        let flagged = findings.contains { $0.rule == "missing-inherited" }
        guard flagged || BuildSettingsCatalog.shared.type(of: assignment.name).usesListSemantics && BuildSettingsCatalog.shared[assignment.name] != nil else { return nil }
        guard let first = assignment.chunks.first else { return nil }
        return (first.startOffset..<first.startOffset, value.isEmpty ? "$(inherited)" : "$(inherited) ")
    }

    /// When a later assignment in the file sets the same name without conditions, the
    /// conditional one before it never applies: move it after that one.
    static func moveAfterPlain(_ statement: Statement, _ assignment: Assignment, in tree: SyntaxTree) -> [(Range<Int>, String)]? {
        guard !assignment.conditions.isEmpty else { return nil }
        let later = tree.statements.last { candidate in
            guard candidate.range.startOffset > statement.range.startOffset, case .assignment(let other) = candidate.kind else { return false }
            return other.name == assignment.name && other.conditions.isEmpty
        }
        guard let later else { return nil }
        var moved = Array(tree.bytes[statement.range.offsets])
        let endsWithTerminator = later.range.endOffset > later.range.startOffset && [0x0A, 0x0D].contains(tree.bytes[later.range.endOffset - 1])
        if !endsWithTerminator {
            while let last = moved.last, last == 0x0A || last == 0x0D { moved.removeLast() }
            moved = Array(lineTerminator(tree).utf8) + moved
        }
        return [(statement.range.offsets, ""), (later.range.endOffset..<later.range.endOffset, String(decoding: moved, as: UTF8.self))]
    }

    private static func indentation(of statement: Statement, _ tree: SyntaxTree) -> String {
        var end = statement.range.startOffset
        while end < statement.range.endOffset, tree.bytes[end] == 0x20 || tree.bytes[end] == 0x09 { end += 1 }
        return String(decoding: tree.bytes[statement.range.startOffset..<end], as: UTF8.self)
    }

    /// The file's own line terminator: its first one, else `\n`.
    private static func lineTerminator(_ tree: SyntaxTree) -> String {
        guard let index = tree.bytes.firstIndex(where: { $0 == 0x0A || $0 == 0x0D }) else { return "\n" }
        if tree.bytes[index] == 0x0D { return index + 1 < tree.bytes.count && tree.bytes[index + 1] == 0x0A ? "\r\n" : "\r" }
        return "\n"
    }
}
