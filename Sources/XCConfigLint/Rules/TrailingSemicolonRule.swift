import XCConfigSyntax

/// `trailing-semicolon` (opt-in): a `;` at the end of a value.
///
/// Xcode drops exactly one trailing `;` (semantics §1.3), a habit from other languages that
/// does no harm but suggests `;;` or `a;b` mean something. The fix removes the `;` when
/// doing so leaves the value as Xcode reads it (not when another `;` would then be dropped).
struct TrailingSemicolonRule: LintRule {
    static let description = RuleDescription(
        identifier: "trailing-semicolon",
        name: "Trailing semicolon",
        summary: "A `;` at the end of a value, which Xcode drops.",
        rationale: "xcconfig values need no terminator; Xcode silently drops one trailing `;`.",
        isOptIn: true,
        isCorrectable: true,
        triggeringExamples: [
            RuleExample("GCC_OPTIMIZATION_LEVEL = 0↓;\n", corrected: "GCC_OPTIMIZATION_LEVEL = 0\n"),
            RuleExample("A = 1↓; // comment\n", corrected: "A = 1 // comment\n"),
            RuleExample("A = 1;↓;\n", corrected: "A = 1;;\n"),
        ],
        nonTriggeringExamples: [
            RuleExample("GCC_OPTIMIZATION_LEVEL = 0\n"),
            RuleExample("A = b;c\n"),
        ]
    )

    func check(_ file: LintFile, in context: LintContext) -> [Finding] {
        var findings: [Finding] = []
        for (statement, assignment) in file.assignments {
            guard let semicolon = assignment.droppedSemicolon else { continue }
            // Removing the `;` must not expose another one for Xcode to drop.
            let safe = assignment.value.utf8.last != UInt8(ascii: ";")
            findings.append(file.finding(
                at: semicolon.startOffset,
                safe ? "trailing ';' is dropped by Xcode; remove it" : "trailing ';' is dropped by Xcode, so the value ends in the ';' before it; write the value without the extra ';'",
                fix: safe ? [TextEdit(range: semicolon.offsets, replacement: "")] : nil,
                statement: statement))
        }
        return findings
    }
}
