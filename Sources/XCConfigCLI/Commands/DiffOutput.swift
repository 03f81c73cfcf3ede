import XCConfig
import XCConfigLint
import XCConfigSyntax

/// The output formats of `diff`: text, JSON, Markdown and GitHub annotations.
enum DiffOutput {
    /// Groups with more changes than this are folded (`<details>`) in Markdown.
    static let markdownFoldingThreshold = 10

    static func render(_ comparison: DiffComparison, format: String, context: CommandContext) -> String {
        switch format {
        case "json": json(comparison, context: context)
        case "markdown": markdown(comparison, context: context)
        case "github": github(comparison, context: context)
        default: text(comparison, context: context)
        }
    }

    /// `App / Debug`, `App`, `Debug`, or `nil` when neither is known.
    static func title(_ group: SettingsDiffGroup) -> String? {
        switch (group.target, group.configuration) {
        case let (target?, configuration?): "\(target) / \(configuration)"
        case let (target?, nil): target
        case let (nil, configuration?): configuration
        case (nil, nil): nil
        }
    }

    /// The changed groups only: an unchanged target × configuration says nothing.
    static func changedGroups(_ comparison: DiffComparison) -> [SettingsDiffGroup] {
        comparison.groups.filter { !$0.changes.isEmpty }
    }

    /// `--- old` / `+++ new` headers, then per group its title and, for each setting,
    /// `- NAME = old` and `+ NAME = new`, each followed by the assignment that produced it.
    /// Nothing at all when nothing changed, as `git diff`.
    /// Coloured as `git diff` colours (bold headers, red old lines, green new ones) when
    /// stdout may be coloured (`--color`, a terminal, `NO_COLOR`).
    static func text(_ comparison: DiffComparison, context: CommandContext) -> String {
        let groups = changedGroups(comparison)
        guard !groups.isEmpty else { return "" }
        let colors = context.colorsStandardOutput
        func paint(_ line: String, _ code: String) -> String { colors ? "\u{1B}[\(code)m\(line)\u{1B}[0m\n" : line + "\n" }
        var text = paint("--- \(comparison.oldLabel)", "1") + paint("+++ \(comparison.newLabel)", "1")
        for group in groups {
            if let title = title(group) { text += "\n" + paint("## \(title)", "1;36") }
            for change in group.changes {
                if let old = change.old {
                    text += paint("- \(change.name) = \(old.value)" + (change.new == nil ? "    (removed)" : ""), "31")
                    text += "      \(ResolveOutput.provenanceText(old.winner, context: context))\n"
                }
                if let new = change.new {
                    text += paint("+ \(change.name) = \(new.value)" + (change.old == nil ? "    (added)" : ""), "32")
                    text += "      \(ResolveOutput.provenanceText(new.winner, context: context))\n"
                }
            }
        }
        return text
    }

    /// `[{"target","configuration","name","old","new","oldSource","newSource"}]`: `null` for an
    /// absent side (or an unknown target or configuration); a source is the winning assignment's
    /// level, file, line, column and conditions (`null` when none matches).
    static func json(_ comparison: DiffComparison, context: CommandContext) -> String {
        var items: [JSONValue] = []
        for group in comparison.groups {
            for change in group.changes {
                func source(_ setting: ResolvedSetting?) -> JSONValue {
                    guard let winner = setting?.winner else { return .null }
                    return .object(ResolveOutput.assignmentJSON(winner, context: context))
                }
                items.append(.object([
                    JSONValue.Member("target", group.target.map(JSONValue.string) ?? .null),
                    JSONValue.Member("configuration", group.configuration.map(JSONValue.string) ?? .null),
                    JSONValue.Member("name", .string(change.name)),
                    JSONValue.Member("old", change.old.map { .string($0.value) } ?? .null),
                    JSONValue.Member("new", change.new.map { .string($0.value) } ?? .null),
                    JSONValue.Member("oldSource", source(change.old)),
                    JSONValue.Member("newSource", source(change.new)),
                ]))
            }
        }
        return JSONValue.array(items).serialized(pretty: true) + "\n"
    }

    /// A heading, then a table per changed target and configuration; long tables folded in
    /// `<details>`, for a pull-request comment.
    static func markdown(_ comparison: DiffComparison, context: CommandContext) -> String {
        let groups = changedGroups(comparison)
        var text = "### Build settings: `\(comparison.oldLabel)` → `\(comparison.newLabel)`\n\n"
        guard !groups.isEmpty else { return text + "No resolved build setting changes.\n" }
        let count = groups.reduce(0) { $0 + $1.changes.count }
        text += "\(count) change\(count == 1 ? "" : "s") in \(groups.count) target/configuration\(groups.count == 1 ? "" : "s").\n\n"
        for group in groups {
            let title = title(group) ?? "Settings"
            let summary = "\(title): \(group.changes.count) change\(group.changes.count == 1 ? "" : "s")"
            let folded = group.changes.count > markdownFoldingThreshold
            text += folded ? "<details><summary>\(escapeHTML(summary))</summary>\n\n" : "#### \(escapeMarkdown(summary))\n\n"
            text += "| Setting | Old | New | Source |\n|---|---|---|---|\n"
            for change in group.changes {
                let winner = change.new?.winner ?? change.old?.winner
                let source = winner.flatMap { ResolveOutput.locationText($0, context: context) } ?? ""
                text += "| \(code(change.name)) | \(cell(change.old)) | \(cell(change.new)) | \(source.isEmpty ? "" : code(source)) |\n"
            }
            text += folded ? "\n</details>\n\n" : "\n"
        }
        return text
    }

    /// GitHub Actions workflow commands: a `::notice` per change at the assignment that caused
    /// it: with --base, the first of the new side's assignments of the setting (the winner,
    /// then those its `$(inherited)` reaches) on a line the revisions' diff changed, else the
    /// winner. A removed setting's notice has no location: its old line is gone.
    /// Files are named relative to the repository root, as `lint --format github` names them,
    /// because GitHub matches annotations against the pull request's diff.
    static func github(_ comparison: DiffComparison, context: CommandContext) -> String {
        let paths = ReportContext(currentDirectory: context.currentDirectory, repositoryRoot: LintCommand.repositoryRoot(context))
        var text = ""
        for group in comparison.groups {
            for change in group.changes {
                var properties: [String] = []
                if let winner = cause(of: change, changedLines: comparison.changedLines), let file = winner.file {
                    properties.append("file=" + GitHubReporter.escapeProperty(paths.repositoryRelative(file)))
                    if let location = winner.location {
                        properties.append("line=\(location.line)")
                        properties.append("col=\(location.column)")
                    }
                }
                properties.append("title=" + GitHubReporter.escapeProperty("\(change.name) \(change.kind.rawValue)"))
                let old = change.old.map { "'\($0.value)'" } ?? "(absent)"
                let new = change.new.map { "'\($0.value)'" } ?? "(absent)"
                let prefix = title(group).map { "\($0): " } ?? ""
                text += "::notice \(properties.joined(separator: ","))::\(GitHubReporter.escapeData("\(prefix)\(change.name): \(old) → \(new)"))\n"
            }
        }
        return text
    }

    /// Where an annotation of `change` goes (see ``github(_:context:)``).
    static func cause(of change: SettingChange, changedLines: [String: Set<Int>]?) -> AssignmentInfo? {
        guard let winner = change.new?.winner else { return nil }
        guard let changedLines else { return winner }
        for candidate in [winner] + change.newAssignments {
            if let file = candidate.file, let line = candidate.location?.line, changedLines[file]?.contains(line) == true { return candidate }
        }
        return winner
    }

    private static func cell(_ setting: ResolvedSetting?) -> String {
        guard let setting else { return "*(absent)*" }
        return setting.value.isEmpty ? "*(empty)*" : code(setting.value)
    }

    /// Inline code that survives a table cell: HTML `<code>` with `|`, `<`, `>`, `&` escaped.
    private static func code(_ text: String) -> String {
        "<code>" + escapeHTML(text).replacingEvery("|", with: "&#124;") + "</code>"
    }

    private static func escapeHTML(_ text: String) -> String {
        text.replacingEvery("&", with: "&amp;").replacingEvery("<", with: "&lt;").replacingEvery(">", with: "&gt;")
    }

    private static func escapeMarkdown(_ text: String) -> String {
        escapeHTML(text).replacingEvery("*", with: "\\*").replacingEvery("_", with: "\\_")
    }
}
