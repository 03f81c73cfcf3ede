import XCConfig
import XCConfigSyntax

/// `invalid-value`: a literal value that a boolean or enumerated build setting does not accept.
///
/// Xcode never checks values: a boolean is true when its text starts with `Y`, `T` or a
/// non-zero digit (semantics §3.7), so `SKIP_INSTALL = yes` happens to work while
/// `ENABLE_TESTABILITY = On` is false; an enumerated setting with a value outside its list falls
/// back to tool-specific behaviour. Only values without `$` are checked; an empty value
/// (unsetting the setting) is fine.
struct InvalidValueRule: LintRule {
    static let description = RuleDescription(
        identifier: "invalid-value",
        name: "Invalid value",
        summary: "Values a boolean (YES/NO) or enumerated setting does not accept.",
        rationale: "Xcode never validates values, so a typo in a boolean or an enumeration silently means something else.",
        triggeringExamples: [
            RuleExample("SKIP_INSTALL = ↓yes\n"),
            RuleExample("ENABLE_TESTABILITY = ↓Off\n"),
            RuleExample("SWIFT_OPTIMIZATION_LEVEL = ↓-Ofast\n"),
            RuleExample("CLANG_WARN_BOOL_CONVERSION = ↓YES_Error\n"),
        ],
        nonTriggeringExamples: [
            RuleExample("SKIP_INSTALL = YES\n"),
            RuleExample("SKIP_INSTALL = $(SKIP_INSTALL_$(CONFIGURATION))\n"),
            RuleExample("SKIP_INSTALL =\n"),
            RuleExample("SWIFT_OPTIMIZATION_LEVEL = -Onone\n"),
            RuleExample("CLANG_WARN_BOOL_CONVERSION = YES_ERROR\n"),
        ]
    )

    func check(_ file: LintFile, in context: LintContext) -> [Finding] {
        var findings: [Finding] = []
        for (statement, assignment) in file.assignments {
            guard let info = context.catalog[assignment.name] else { continue }
            let value = assignment.value
            guard !value.isEmpty, !value.utf8.contains(UInt8(ascii: "$")) else { continue }
            let allowed: [String]
            switch info.type {
            case .boolean: allowed = ["YES", "NO"]
            case .enum where !info.allowedValues.isEmpty: allowed = info.allowedValues
            default: continue
            }
            if allowed.contains(value) { continue }
            let list = allowed.filter { !$0.isEmpty }.map { "`\($0)`" }
            var message = "\(assignment.name) does not accept `\(value)`; it takes \(list.count == 2 ? list.joined(separator: " or ") : "one of " + list.joined(separator: ", "))"
            if let suggestion = Self.suggestion(for: value, allowed: allowed, isBoolean: info.type == .boolean) {
                message += "; did you mean `\(suggestion)`?"
            }
            let offset = assignment.chunks.first?.startOffset ?? assignment.nameRange.startOffset
            findings.append(file.finding(at: offset, message, statement: statement))
        }
        return findings
    }

    static func suggestion(for value: String, allowed: [String], isBoolean: Bool) -> String? {
        if let match = allowed.first(where: { $0.lowercased() == value.lowercased() }) { return match }
        if isBoolean {
            switch value.lowercased() {
            case "true", "on", "1", "y", "enabled": return "YES"
            case "false", "off", "0", "n", "disabled": return "NO"
            default: return nil
            }
        }
        return NearMiss.closest(to: value, in: allowed)
    }
}
