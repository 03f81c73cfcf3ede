import XCConfig
import XCConfigSyntax

/// `malformed-reference`: a reference Xcode accepts silently but cannot mean.
///
/// Xcode parses values without reporting expression errors (semantics §2.3): a `$(` that is
/// never closed swallows the rest of the value into the setting name, `${X)` is read the
/// same way, and an unknown operator (`$(X:lowercase)`) or one without a name (`$(X:)`) is
/// dropped. `$()` is fine (it is how `/$()/` writes `//`), and `${X}` / `$[X]` are
/// `deprecated-reference`'s business.
struct MalformedReferenceRule: LintRule {
    static let description = RuleDescription(
        identifier: "malformed-reference",
        name: "Malformed reference",
        summary: "`$(`…`)` references that are unterminated, mismatched or use an unknown operator.",
        rationale: "Xcode silently reads such a reference as something else: the rest of the value becomes a setting name, or the operator is dropped.",
        triggeringExamples: [
            RuleExample("HEADER_SEARCH_PATHS = ↓$(SRCROOT/include\n"),
            RuleExample("SDK_PATH = ↓${SDKROOT)/usr/lib\n"),
            RuleExample("BUNDLE_NAME = $(PRODUCT_NAME:↓lowercase)\n"),
            RuleExample("BUNDLE_NAME = $(PRODUCT_NAME↓:)\n"),
            RuleExample("BUNDLE_NAME = $(PRODUCT_NAME:↓defualt=App)\n"),
            RuleExample("BUNDLE_NAME = $(PRODUCT_NAME:↓upper=x)\n"),
        ],
        nonTriggeringExamples: [
            RuleExample("SERVER_URL = https:/$()/example.com\n"),
            RuleExample("BUNDLE_NAME = $(PRODUCT_NAME:lower:rfc1034identifier)\n"),
            RuleExample("BUNDLE_NAME = $(PRODUCT_NAME:default=App)\n"),
            RuleExample("FLAGS = $(FLAGS_$(CONFIGURATION))\n"),
            RuleExample("SDK_PATH = ${SDKROOT}/usr/lib\n"),
            RuleExample("PRICE = $$5 $1 $\n"),
        ]
    )

    /// Operators Xcode knows without an operand (semantics §3.6).
    static let retrievalOperators: [String] = [
        "quote", "upper", "lower", "identifier", "rfc1034identifier", "c99extidentifier", "dir", "file",
        "base", "suffix", "standardizepath", "not", "truncatedversion", "__md5", "__stripslash",
    ]
    /// Operators Xcode knows with `=operand` (semantics §3.7).
    static let replacementOperators: [String] = [
        "default", "dir", "file", "base", "suffix", "relativeto", "isancestor",
    ]

    func check(_ file: LintFile, in context: LintContext) -> [Finding] {
        var findings: [Finding] = []
        for (index, entry) in file.assignments.enumerated() {
            for reference in file.references[index] {
                for (valueOffset, message) in Self.problems(in: reference) {
                    findings.append(file.finding(
                        at: file.sourceOffset(ofValueOffset: valueOffset, in: entry.assignment),
                        message, statement: entry.statement))
                }
            }
        }
        return findings
    }

    /// Every problem of one reference: the value offset to point at and the message.
    static func problems(in reference: Reference) -> [(Int, String)] {
        guard reference.form != .bare else { return [] }
        let opener: Character = reference.form == .braces ? "{" : reference.form == .brackets ? "[" : "("
        let closer = Character(UnicodeScalar(reference.closer!))
        if reference.isUnterminated {
            let nameText = reference.name.source
            let otherClosers: [Character] = [")", "}", "]"].filter { $0 != closer }
            if let wrong = nameText.first(where: { otherClosers.contains($0) }),
               let end = nameText.firstIndex(of: wrong) {
                let name = String(nameText[..<end])
                return [(reference.range.lowerBound, "`$\(opener)\(name)\(wrong)` opens with '\(opener)' but closes with '\(wrong)', so Xcode reads the rest of the value as the setting name; write `$(\(name))`")]
            }
            return [(reference.range.lowerBound, "`$\(opener)` is never closed, so Xcode reads the rest of the value as the setting name; add the closing '\(closer)'")]
        }
        var problems: [(Int, String)] = []
        for op in reference.operators {
            let isReplacement = op.operand != nil
            if op.name.isEmpty {
                problems.append((op.range.lowerBound - 1, "`:` without an operator name: Xcode drops it; remove the `:` or name an operator (`:default=…`, `:lower`, …)"))
            } else if op.hasInvalidCharacter {
                problems.append((op.range.lowerBound, "operator `\(op.name)` is followed by a character that cannot continue it, so Xcode drops it; write `:\(op.name)` or `:\(op.name)=…`"))
            } else if isReplacement && !replacementOperators.contains(op.name) {
                var message = "unknown replacement operator `\(op.name)=`: Xcode drops it and its operand"
                if let known = NearMiss.closest(to: op.name, in: replacementOperators) { message += "; did you mean `\(known)=`?" }
                else if retrievalOperators.contains(op.name) { message += "; `\(op.name)` takes no operand" }
                problems.append((op.range.lowerBound, message))
            } else if !isReplacement && !retrievalOperators.contains(op.name) {
                var message = "unknown operator `\(op.name)`: Xcode leaves the value unchanged"
                if let known = NearMiss.closest(to: op.name, in: retrievalOperators) ?? retrievalOperators.first(where: { op.name.lowercased().hasPrefix($0) }) {
                    message += "; did you mean `\(known)`?"
                } else if replacementOperators.contains(op.name) {
                    message += "; `\(op.name)` needs an operand: `\(op.name)=…`"
                }
                problems.append((op.range.lowerBound, message))
            }
        }
        return problems
    }
}
