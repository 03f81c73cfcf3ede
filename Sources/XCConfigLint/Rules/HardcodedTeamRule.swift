import XCConfigSyntax

/// `hardcoded-team`: a literal team ID as `DEVELOPMENT_TEAM` in a shared configuration.
///
/// A team ID (ten capital letters or digits) in a committed, shared file forces every
/// contributor's builds onto one team; the usual layout keeps it in the per-developer local
/// file that the shared configuration includes with `#include?` (and git ignores). Files that
/// are the target of an `#include?` are that local file and are not reported, nor is a team
/// that an `#include?` processed after it can override (the recommended layout: a default team
/// in the shared file, a developer's own in the local one).
///
/// Opt-in: in real repositories the team is mostly the company's, set on purpose (none of the
/// 14 findings in the 646-file corpus was actionable).
struct HardcodedTeamRule: LintRule {
    static let description = RuleDescription(
        identifier: "hardcoded-team",
        name: "Hard-coded team",
        summary: "A literal team ID in a shared configuration.",
        rationale: "A team ID in a shared file makes every contributor sign with that team; keep it in the per-developer file included with `#include?`, "
            + "or let an `#include?` after it override it.",
        isOptIn: true,
        triggeringExamples: [
            RuleExample("DEVELOPMENT_TEAM = ↓ABCDE12345\n"),
            RuleExample("#include? \"Local.xcconfig\"\nDEVELOPMENT_TEAM[sdk=iphoneos*] = ↓ABCDE12345\n"),
        ],
        nonTriggeringExamples: [
            RuleExample("DEVELOPMENT_TEAM[sdk=iphoneos*] = ABCDE12345\n#include? \"Local.xcconfig\"\n"),
            RuleExample("#include \"Team.xcconfig\"\n#include? \"Local.xcconfig\"\n", files: ["Team.xcconfig": "DEVELOPMENT_TEAM = ABCDE12345\n"]),
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
            guard value.count == 10, value.allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x41 && $0 <= 0x5A) }),
                  !Self.optionalIncludeFollows(file.path, line: assignment.nameRange.start.line, in: context) else { continue }
            findings.append(file.finding(
                at: assignment.chunks.first?.startOffset ?? assignment.nameRange.startOffset,
                "team ID \(assignment.value) is hard-coded in a shared configuration; set DEVELOPMENT_TEAM in the per-developer file included with `#include?` instead",
                statement: statement))
        }
        return findings
    }

    /// `true` when an `#include?` is processed after line `line` of `path` in some root: later
    /// in the same file, or later in a file that includes it (at any depth).
    static func optionalIncludeFollows(_ path: String, line: Int, in context: LintContext) -> Bool {
        var pending = [(path, line)]
        var visited = Set<String>()
        while let (current, after) = pending.popLast() {
            guard visited.insert("\(current)\u{0}\(after)").inserted else { continue }
            if let file = context.files[current],
               file.includes.contains(where: { $0.directive.isOptional && $0.statement.range.start.line > after }) { return true }
            for root in context.roots {
                guard let load = context.loads[root] else { continue }
                for edge in load.includes where edge.targetIndex.flatMap(load.path(ofFile:)) == current {
                    if let includer = load.path(ofFile: edge.includerIndex) { pending.append((includer, edge.location.line)) }
                }
            }
        }
        return false
    }
}
