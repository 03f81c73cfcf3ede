import XCConfigSyntax

/// `hardcoded-team`: a literal team ID as `DEVELOPMENT_TEAM` in a shared configuration.
///
/// A team ID (ten capital letters or digits) in a committed, shared file forces every
/// contributor's builds onto one team; the usual layout keeps it in the per-developer local
/// file that the shared configuration includes with `#include?` (and git ignores). Files that
/// are the target of an `#include?` are that local file and are not reported.
struct HardcodedTeamRule: LintRule {
    static let description = RuleDescription(
        identifier: "hardcoded-team",
        name: "Hard-coded team",
        summary: "A literal team ID in a shared configuration.",
        rationale: "A team ID in a shared file makes every contributor sign with that team; keep it in the per-developer file included with `#include?`.",
        triggeringExamples: [
            RuleExample("DEVELOPMENT_TEAM = ↓ABCDE12345\n"),
            RuleExample("DEVELOPMENT_TEAM[sdk=iphoneos*] = ↓ABCDE12345\n#include? \"Local.xcconfig\"\n"),
        ],
        nonTriggeringExamples: [
            RuleExample("DEVELOPMENT_TEAM = $(LOCAL_TEAM)\n"),
            RuleExample("DEVELOPMENT_TEAM =\n#include? \"Local.xcconfig\"\n",
                        files: ["Local.xcconfig": "DEVELOPMENT_TEAM = ABCDE12345\n"]),
            RuleExample("DEVELOPMENT_TEAM = abcde12345\n"),
        ]
    )

    func check(_ file: LintFile, in context: LintContext) -> [Finding] {
        guard !context.optionalIncludeTargets.contains(file.path) else { return [] }
        var findings: [Finding] = []
        for (statement, assignment) in file.assignments where assignment.name == "DEVELOPMENT_TEAM" {
            let value = Array(assignment.value.utf8)
            guard value.count == 10, value.allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x41 && $0 <= 0x5A) }) else { continue }
            findings.append(file.finding(
                at: assignment.chunks.first?.startOffset ?? assignment.nameRange.startOffset,
                "team ID \(assignment.value) is hard-coded in a shared configuration; set DEVELOPMENT_TEAM in the per-developer file included with `#include?` instead",
                statement: statement))
        }
        return findings
    }
}
