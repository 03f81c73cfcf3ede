import XCConfig
import XCConfigSyntax

/// `include-outside-root` (opt-in): an include that resolves outside the repository.
///
/// A configuration that reaches out of its git work tree (`#include "../../Shared.xcconfig"`,
/// an absolute path) builds only on machines that happen to have that file in that place.
/// `<DEVELOPER_DIR>` includes are Xcode's own and never reported; outside a work tree, or
/// without git, nothing is.
struct IncludeOutsideRootRule: LintRule {
    static let description = RuleDescription(
        identifier: "include-outside-root",
        name: "Include outside the repository",
        summary: "Includes that resolve outside the git work tree.",
        rationale: "A file outside the repository is not checked out with it, so the configuration builds only on machines that have it.",
        isOptIn: true,
        triggeringExamples: [
            RuleExample("#include ↓\"/opt/shared/Base.xcconfig\"\n", files: ["/opt/shared/Base.xcconfig": "A = 1\n"], gitTracked: ["Example.xcconfig"]),
        ],
        nonTriggeringExamples: [
            RuleExample("#include \"Base.xcconfig\"\n", files: ["Base.xcconfig": "A = 1\n"], gitTracked: ["Example.xcconfig", "Base.xcconfig"]),
            RuleExample("#include \"/opt/shared/Base.xcconfig\"\n", files: ["/opt/shared/Base.xcconfig": "A = 1\n"]),
        ]
    )

    func checkAll(in context: LintContext) -> [Finding] {
        guard let git = context.git else { return [] }
        var findings: [Finding] = []
        var seen = Set<String>()
        for root in context.roots {
            guard let load = context.loads[root] else { continue }
            for edge in load.includes where edge.outcome == .included && !edge.directive.path.hasPrefix("<DEVELOPER_DIR>") {
                guard let includer = load.path(ofFile: edge.includerIndex), let target = edge.resolvedPath,
                      let file = context.files[includer],
                      let repository = git.workTreeRoot(containing: includer),
                      git.workTreeRoot(containing: target) != repository else { continue }
                let offset = edge.directive.pathRange.startOffset - 1
                guard seen.insert("\(includer)\u{0}\(offset)").inserted else { continue }
                let statement = file.tree.statements.first { $0.range.offsets.contains(offset) }
                findings.append(file.finding(
                    at: offset,
                    "'\(edge.directive.path)' resolves to '\(target)', outside the repository at '\(repository)'; move the file into the repository or include it with `#include?`",
                    statement: statement))
            }
        }
        return findings
    }
}
