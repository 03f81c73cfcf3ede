import XCConfig
import XCConfigSyntax

/// `local-config-committed`: inside a git work tree, the target of an `#include?` that git
/// tracks or does not ignore.
///
/// `#include?` names a per-developer override file (team, signing, local paths). Committing it
/// (or leaving it un-ignored, so the next `git add .` commits it) shares one developer's
/// settings with everyone. Checked whether or not the file exists yet; outside a work tree,
/// or without git, nothing is reported.
struct LocalConfigCommittedRule: LintRule {
    static let description = RuleDescription(
        identifier: "local-config-committed",
        name: "Local configuration committed",
        summary: "A per-developer `#include?` file that git tracks or does not ignore.",
        rationale: "The optional include is meant for per-developer settings; committing it shares one developer's team and paths with everyone.",
        triggeringExamples: [
            RuleExample("#include? ↓\"Local.xcconfig\"\n", files: ["Local.xcconfig": "DEVELOPMENT_TEAM = ABCDE12345\n"],
                        gitTracked: ["Example.xcconfig", "Local.xcconfig"], gitIgnored: ["Local.xcconfig"]),
            RuleExample("#include? ↓\"Local.xcconfig\"\n", gitTracked: ["Example.xcconfig"]),
        ],
        nonTriggeringExamples: [
            RuleExample("#include? \"Local.xcconfig\"\n", gitTracked: ["Example.xcconfig"], gitIgnored: ["Local.xcconfig"]),
            RuleExample("#include? \"Local.xcconfig\"\n"),
            RuleExample("#include? \"<DEVELOPER_DIR>/Makefiles/Local.xcconfig\"\n", gitTracked: ["Example.xcconfig"]),
        ]
    )

    func checkAll(in context: LintContext) -> [Finding] {
        guard let git = context.git else { return [] }
        var findings: [Finding] = []
        var seen = Set<String>()
        for path in context.orderedPaths {
            let file = context.files[path]!
            for (statement, directive) in file.includes where directive.isOptional {
                guard !directive.path.hasPrefix("<"), !directive.path.isEmpty else { continue }
                let offset = directive.pathRange.startOffset - 1
                guard seen.insert("\(path)\u{0}\(offset)").inserted else { continue }
                // The file it resolves to in some root, else where it would be created.
                var target = Path.absolute(directive.path, relativeTo: Path.directory(of: path))
                for root in context.roots {
                    guard let load = context.loads[root],
                          let edge = load.includes.first(where: { load.path(ofFile: $0.includerIndex) == path && $0.directive.pathRange == directive.pathRange }),
                          let resolved = edge.resolvedPath else { continue }
                    target = resolved
                    break
                }
                guard git.workTreeRoot(containing: target) != nil else { continue }
                let name = Path.basename(target)
                if git.isTracked(target) {
                    findings.append(file.finding(at: offset, "the per-developer file '\(directive.path)' is tracked by git, so everyone shares one developer's settings; run `git rm --cached` on it and add \(name) to .gitignore", statement: statement))
                } else if !git.isIgnored(target) {
                    findings.append(file.finding(at: offset, "the per-developer file '\(directive.path)' is not ignored by git and would be committed by the next `git add`; add \(name) to .gitignore", statement: statement))
                }
            }
        }
        return findings
    }
}
