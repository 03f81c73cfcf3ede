import XCConfig

/// The text of `xcconfig lint --rules` and `--explain RULE`, generated from the rules'
/// descriptions so documentation and behaviour cannot drift apart.
public enum RuleCatalogText {
    /// One line per rule: identifier, default severity, opt-in or not, fixable or not, summary.
    public static func list() -> String {
        let rules = RuleRegistry.all.map { $0.description }
        let width = rules.map(\.identifier.count).max() ?? 0
        var text = ""
        for rule in rules {
            let padding = String(repeating: " ", count: width - rule.identifier.count)
            let severity = rule.defaultSeverity.rawValue.padding(7)
            let kind = (rule.isOptIn ? "opt-in" : "default").padding(7)
            let fix = (rule.isCorrectable ? "fix" : "").padding(3)
            text += "\(rule.identifier)\(padding)  \(severity)  \(kind)  \(fix)  \(rule.summary)\n"
        }
        return text
    }

    /// `--rules --format json`: an array of `{"identifier", "name", "summary", "defaultSeverity",
    /// "optIn", "correctable"}` in identifier order.
    public static func listJSON() -> String {
        let rules = RuleRegistry.all.map { $0.description }
        let entries: [JSONValue] = rules.map { rule in
            .object([
                .init("identifier", .string(rule.identifier)),
                .init("name", .string(rule.name)),
                .init("summary", .string(rule.summary)),
                .init("defaultSeverity", .string(rule.defaultSeverity.rawValue)),
                .init("optIn", .bool(rule.isOptIn)),
                .init("correctable", .bool(rule.isCorrectable)),
            ])
        }
        return JSONValue.array(entries).serialized(pretty: true) + "\n"
    }

    /// The description, rationale and examples of the rule `identifier`, or `nil` when there is
    /// no such rule.
    public static func explanation(of identifier: String) -> String? {
        guard let rule = RuleRegistry.rule(identifier)?.description else { return nil }
        var text = "\(rule.identifier): \(rule.name)\n\n\(rule.summary)\n\n\(rule.rationale)\n\n"
        text += "Default severity: \(rule.defaultSeverity.rawValue)\(rule.isOptIn ? " (opt-in: enable with \"opt_in_rules\")" : "")"
        text += rule.isCorrectable ? "; --fix rewrites it.\n" : ".\n"
        text += "\nTriggering examples (\(RuleExample.marker) marks each finding):\n"
        for example in rule.triggeringExamples {
            text += "\n" + describe(example)
            if let corrected = example.corrected, corrected != RuleExample.strippingMarkers(example.code).text {
                text += "  --fix gives:\n" + indent(corrected)
            }
        }
        text += "\nNon-triggering examples:\n"
        for example in rule.nonTriggeringExamples { text += "\n" + describe(example) }
        return text
    }

    private static func describe(_ example: RuleExample) -> String {
        var text = indent(example.code)
        for (name, contents) in example.files.sorted(by: { $0.key < $1.key }) {
            text += "  with \(name):\n" + indent(contents)
        }
        return text
    }

    private static func indent(_ code: String) -> String {
        var text = ""
        for line in code.split(separator: "\n", omittingEmptySubsequences: false).dropLast(code.hasSuffix("\n") ? 1 : 0) {
            text += "    \(line)\n"
        }
        return text
    }
}

extension String {
    fileprivate func padding(_ width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}
