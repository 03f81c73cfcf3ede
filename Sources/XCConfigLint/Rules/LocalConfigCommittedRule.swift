import XCConfig
import XCConfigSyntax

/// `local-config-committed`: inside a git work tree, the target of an `#include?` that git
/// tracks or does not ignore.
///
/// `#include?` names a per-developer override file (team, signing, local paths). Committing it
/// (or leaving it un-ignored, so the next `git add .` commits it) shares one developer's
/// settings with everyone. Checked whether or not the file exists yet; outside a work tree,
/// or without git, nothing is reported.
///
/// Not every `#include?` is a per-developer file: Flutter's `#include? "Pods/Target Support
/// Files/…"` is CocoaPods' optional include of a generated file. Only an include whose name
/// or position marks it as local counts: the last include of its file, or a name that says
/// so (`Local`, `Override`, `User`, `Private`, …), and never a file a tool generates.
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
            RuleExample("#include? ↓\"Overrides.xcconfig\"\n#include \"Base.xcconfig\"\n",
                        files: ["Base.xcconfig": "A = 1\n"], gitTracked: ["Example.xcconfig", "Base.xcconfig"]),
        ],
        nonTriggeringExamples: [
            RuleExample("#include? \"Local.xcconfig\"\n", gitTracked: ["Example.xcconfig"], gitIgnored: ["Local.xcconfig"]),
            RuleExample("#include? \"Local.xcconfig\"\n"),
            RuleExample("#include? \"<DEVELOPER_DIR>/Makefiles/Local.xcconfig\"\n", gitTracked: ["Example.xcconfig"]),
            RuleExample("#include? \"Pods/Target Support Files/Pods-Runner/Pods-Runner.debug.xcconfig\"\n#include \"Generated.xcconfig\"\n",
                        files: ["Generated.xcconfig": "A = 1\n"], gitTracked: ["Example.xcconfig"]),
            RuleExample("#include? \"Optional.xcconfig\"\n#include \"Base.xcconfig\"\n",
                        files: ["Base.xcconfig": "A = 1\n"], gitTracked: ["Example.xcconfig", "Base.xcconfig"]),
        ]
    )

    func checkAll(in context: LintContext) -> [Finding] {
        guard let git = context.git else { return [] }
        var findings: [Finding] = []
        var seen = Set<String>()
        for path in context.orderedPaths {
            let file = context.files[path]!
            let lastInclude = file.includes.last?.statement.range.startOffset
            for (statement, directive) in file.includes where directive.isOptional {
                guard !directive.path.hasPrefix("<"), !directive.path.isEmpty else { continue }
                let written = Path.absolute(directive.path, relativeTo: Path.directory(of: path))
                guard GeneratedFile.generator(of: written) == nil,
                      statement.range.startOffset == lastInclude || Self.nameSaysLocal(directive.path) else { continue }
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

    /// Words that mark a file name as per-developer.
    static let localWords = ["local", "override", "user", "private", "personal", "developer", "secret"]

    /// `true` when the file name (not its folders) holds one of ``localWords``.
    static func nameSaysLocal(_ path: String) -> Bool {
        let name = Path.basename(path).lowercased()
        return localWords.contains { name.contains($0) }
    }
}
