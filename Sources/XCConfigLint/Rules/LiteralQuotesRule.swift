import XCConfig
import XCConfigSyntax

/// `literal-quotes`: quotes in the value of a string- or path-typed build setting.
///
/// Only list-typed settings treat quotes as grouping; a string or path setting keeps them as
/// characters (semantics §3.2): `DEVELOPMENT_TEAM = ""` sets the team to two quote marks
/// and `INFOPLIST_FILE = "App/Info.plist"` names a file whose name starts with a quote.
/// A `'` inside a word (`Bob's App`) is an apostrophe and fine, and so are quotes in settings
/// whose text is pasted into generated C source (`VERSION_INFO_STRING`, whose default is
/// itself quoted).
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
            RuleExample("VERSION_INFO_STRING = \"@(#)PROGRAM:ld PROJECT:ld-$(CURRENT_PROJECT_VERSION)\"\n"),
            RuleExample("VERSION_INFO_EXPORT_DECL = __attribute__((visibility(\"default\")))\n"),
        ]
    )

    func check(_ file: LintFile, in context: LintContext) -> [Finding] {
        var findings: [Finding] = []
        for (index, (statement, assignment)) in file.assignments.enumerated() {
            // The type first, without reading the catalogue's row: most settings are neither.
            let knownType = context.catalog.knownType(of: file.names[index])
            guard knownType == .string || knownType == .path,
                  let info = context.catalog[file.names[index]], info.type == .string || info.type == .path,
                  !Self.takesSourceText(info) else { continue }
            let type = info.type
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

    /// Settings whose value is pasted into generated source, where quotes are meant.
    static let sourceTextSettings: Set<String> = ["VERSION_INFO_EXPORT_DECL", "VERSION_INFO_PREFIX", "VERSION_INFO_SUFFIX"]

    /// `true` for a setting whose quotes are part of the intended text: its default value is
    /// itself quoted, or it is pasted into generated C source.
    static func takesSourceText(_ info: BuildSettingInfo) -> Bool {
        info.defaultValue.utf8.contains(UInt8(ascii: "\"")) || sourceTextSettings.contains(info.name)
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
