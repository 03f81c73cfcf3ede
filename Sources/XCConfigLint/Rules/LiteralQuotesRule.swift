import XCConfig
import XCConfigSyntax

/// `literal-quotes`: quotes in the value of a string- or path-typed build setting.
///
/// Only list-typed settings treat quotes as grouping; a string or path setting keeps them as
/// characters (semantics §3.2): `DEVELOPMENT_TEAM = ""` sets the team to two quote marks
/// and `INFOPLIST_FILE = "App/Info.plist"` names a file whose name starts with a quote.
/// A `'` inside a word (`Bob's App`) is an apostrophe and fine.
struct LiteralQuotesRule: LintRule {
    static let description = RuleDescription(
        identifier: "literal-quotes",
        name: "Literal quotes",
        summary: "Quotes in a string-typed setting, which Xcode keeps as characters.",
        rationale: "Xcode does not remove quotes from string and path settings: they become part of the value.",
        triggeringExamples: [
            RuleExample("DEVELOPMENT_TEAM = ↓\"\"\n"),
            RuleExample("INFOPLIST_FILE = ↓\"App/Info.plist\"\n"),
            RuleExample("PRODUCT_NAME = ↓'My App'\n"),
        ],
        nonTriggeringExamples: [
            RuleExample("DEVELOPMENT_TEAM =\n"),
            RuleExample("OTHER_SWIFT_FLAGS = -D \"FEATURE X\"\n"),
            RuleExample("PRODUCT_NAME = Bob's App\n"),
            RuleExample("MY_SETTING = \"quoted\"\n"),
        ]
    )

    func check(_ file: LintFile, in context: LintContext) -> [Finding] {
        var findings: [Finding] = []
        for (statement, assignment) in file.assignments {
            let type = context.catalog.type(of: assignment.name)
            guard type == .string || type == .path else { continue }
            let bytes = file.valueBytes(of: assignment)
            guard let index = Self.firstQuote(in: bytes) else { continue }
            let what = type == .path ? "a path" : "a string"
            var message = "quotes in \(assignment.name) are kept as characters (it is \(what) setting, not a list): the value is `\(assignment.value)`"
            if assignment.value == "\"\"" || assignment.value == "''" {
                message += "; to clear it write `\(assignment.name) =`"
            } else {
                message += "; remove the quotes"
            }
            findings.append(file.finding(at: file.sourceOffset(ofValueOffset: index, in: assignment), message, statement: statement))
        }
        return findings
    }

    /// The first `"`, or a `'` that starts a word (not an apostrophe).
    static func firstQuote(in bytes: [UInt8]) -> Int? {
        for (index, byte) in bytes.enumerated() {
            if byte == UInt8(ascii: "\"") { return index }
            if byte == UInt8(ascii: "'"), index == 0 || bytes[index - 1] == 0x20 || bytes[index - 1] == 0x09 {
                // Only a pair of quotes: a lone leading apostrophe (`'90s`) is text.
                if bytes[(index + 1)...].contains(UInt8(ascii: "'")) { return index }
            }
        }
        return nil
    }
}
