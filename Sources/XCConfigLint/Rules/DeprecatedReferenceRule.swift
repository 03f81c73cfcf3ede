import XCConfig
import XCConfigSyntax

/// `deprecated-reference` (opt-in): `${NAME}` and `$[NAME]`.
///
/// Xcode still reads both forms but its expression parser flags them as deprecated
/// (semantics §2.3); `$(NAME)` is the one form every tool understands. The fix rewrites the
/// delimiters and nothing else, and only when the result reads as the same reference.
struct DeprecatedReferenceRule: LintRule {
    static let description = RuleDescription(
        identifier: "deprecated-reference",
        name: "Deprecated reference",
        summary: "`${NAME}` and `$[NAME]` references.",
        rationale: "Both forms are deprecated in Xcode's expression grammar; `$(NAME)` is the canonical form.",
        isOptIn: true,
        isCorrectable: true,
        triggeringExamples: [
            RuleExample("SDK_PATH = ↓${SDKROOT}/usr/lib\n", corrected: "SDK_PATH = $(SDKROOT)/usr/lib\n"),
            RuleExample("NAME = ↓$[PRODUCT_NAME]\n", corrected: "NAME = $(PRODUCT_NAME)\n"),
            RuleExample("FLAGS = ↓${FLAGS_↓${CONFIGURATION}}\n", corrected: "FLAGS = $(FLAGS_$(CONFIGURATION))\n"),
        ],
        nonTriggeringExamples: [
            RuleExample("SDK_PATH = $(SDKROOT)/usr/lib\n"),
            RuleExample("SDK_PATH = ${SDKROOT)/usr/lib\n"),
            RuleExample("PRICE = $$5 {x} [y]\n"),
        ]
    )

    func check(_ file: LintFile, in context: LintContext) -> [Finding] {
        var findings: [Finding] = []
        for (index, entry) in file.assignments.enumerated() {
            let expression = file.expressions[index]
            for reference in file.references[index] where reference.form == .braces || reference.form == .brackets {
                // A mismatched `${X)` is malformed-reference's.
                guard !reference.isUnterminated else { continue }
                let start = reference.range.lowerBound
                let end = reference.range.upperBound - 1
                let written = reference.form == .braces ? "${…}" : "$[…]"
                var fix: [TextEdit]? = nil
                if Self.readsTheSame(expression.source, opener: start + 1, closer: end, semantics: expression.semantics) {
                    fix = [
                        TextEdit(range: file.sourceOffset(ofValueOffset: start + 1, in: entry.assignment) ..< file.sourceOffset(ofValueOffset: start + 1, in: entry.assignment) + 1, replacement: "("),
                        TextEdit(range: file.sourceOffset(ofValueOffset: end, in: entry.assignment) ..< file.sourceOffset(ofValueOffset: end, in: entry.assignment) + 1, replacement: ")"),
                    ]
                }
                let name = reference.name.source
                findings.append(file.finding(
                    at: file.sourceOffset(ofValueOffset: start, in: entry.assignment),
                    "`\(written)` is a deprecated reference form; write `$(\(name))`",
                    fix: fix, statement: entry.statement))
            }
        }
        return findings
    }

    /// `true` when replacing the delimiters at `opener` and `closer` with parentheses leaves a
    /// value whose references are the same (a `)` inside the braces would otherwise end it early).
    static func readsTheSame(_ source: String, opener: Int, closer: Int, semantics: ValueSemantics) -> Bool {
        var bytes = Array(source.utf8)
        bytes[opener] = UInt8(ascii: "(")
        bytes[closer] = UInt8(ascii: ")")
        let rewritten = Expression(parsing: String(decoding: bytes, as: UTF8.self), semantics: semantics)
        let original = Expression(parsing: source, semantics: semantics)
        let before = original.references.map(\.range).sorted { $0.lowerBound < $1.lowerBound }
        let after = rewritten.references.map(\.range).sorted { $0.lowerBound < $1.lowerBound }
        return before == after && !rewritten.references.contains { $0.isUnterminated }
    }
}
