import XCConfig
import XCConfigSyntax

/// The include loader's diagnostics of every root, each once, with the offset of the
/// directive they concern (shared by `missing-include` and `include-cycle`).
enum IncludeDiagnostics {
    /// `(file, offset, diagnostic)` for every include diagnostic of `severity`.
    static func collect(in context: LintContext, severity: Severity) -> [Finding] {
        var findings: [Finding] = []
        var seen = Set<String>()
        for root in context.roots {
            guard let load = context.loads[root] else { continue }
            var includeLocations = Set<String>()
            for edge in load.includes {
                if let path = load.path(ofFile: edge.includerIndex) {
                    includeLocations.insert("\(path)\u{0}\(edge.location.line)\u{0}\(edge.location.column)")
                }
            }
            for diagnostic in load.diagnostics where diagnostic.severity == severity {
                guard let path = diagnostic.file, let location = diagnostic.location,
                      includeLocations.contains("\(path)\u{0}\(location.line)\u{0}\(location.column)"),
                      let file = context.files[path] else { continue }
                let offset = file.tree.lineStarts[location.line - 1] + location.column - 1
                guard seen.insert("\(path)\u{0}\(offset)\u{0}\(diagnostic.message)").inserted else { continue }
                let statement = file.tree.statements.first { $0.range.offsets.contains(offset) }
                findings.append(file.finding(at: offset, diagnostic.message, notes: diagnostic.notes, statement: statement))
            }
        }
        return findings
    }
}

/// `missing-include`: an `#include` whose file cannot be found, or any include that exists but
/// cannot be read.
///
/// Xcode reports these as errors (semantics §2.2), with the same messages, at the including
/// file's directive; `#include?` is silent only while its file does not exist.
struct MissingIncludeRule: LintRule {
    static let description = RuleDescription(
        identifier: "missing-include",
        name: "Missing include",
        summary: "Includes whose file cannot be found or read.",
        rationale: "Xcode fails the build with this error, and every setting of the missing file is lost.",
        defaultSeverity: .error,
        triggeringExamples: [
            RuleExample("#include ↓\"Missing.xcconfig\"\n"),
            RuleExample("#include ↓\"Shared\"\n#include? \"Local.xcconfig\"\n"),
            RuleExample("#include \"Base.xcconfig\"\n", files: ["Base.xcconfig": "#include ↓\"Gone.xcconfig\"\n"]),
        ],
        nonTriggeringExamples: [
            RuleExample("#include? \"Local.xcconfig\"\n"),
            RuleExample("#include \"Base.xcconfig\"\n", files: ["Base.xcconfig": "A = 1\n"]),
            RuleExample("#include \"Base\"\n", files: ["Base.xcconfig": "A = 1\n"]),
        ]
    )

    func checkAll(in context: LintContext) -> [Finding] {
        IncludeDiagnostics.collect(in: context, severity: .error).map { finding in
            var finding = finding
            if finding.message.hasPrefix("could not find included file") && !finding.message.contains("developer directory") {
                finding.message += "; check the name, or write `#include?` if the file is optional"
            }
            return finding
        }
    }
}

/// `include-cycle`: an include that would form a cycle.
///
/// Xcode skips such an include with a warning (semantics §1.6) and goes on, so the settings
/// of the file are applied once rather than where the directive stands.
struct IncludeCycleRule: LintRule {
    static let description = RuleDescription(
        identifier: "include-cycle",
        name: "Include cycle",
        summary: "Includes that would form a cycle, which Xcode skips.",
        rationale: "Xcode skips an include that would loop; the skipped file's settings do not apply at that point.",
        triggeringExamples: [
            RuleExample("#include ↓\"Example.xcconfig\"\n"),
            RuleExample("#include \"B.xcconfig\"\n", files: ["B.xcconfig": "#include ↓\"Example.xcconfig\"\n"]),
        ],
        nonTriggeringExamples: [
            RuleExample("#include \"B.xcconfig\"\n#include \"C.xcconfig\"\n",
                        files: ["B.xcconfig": "#include \"D.xcconfig\"\n", "C.xcconfig": "#include \"D.xcconfig\"\n", "D.xcconfig": "A = 1\n"]),
        ]
    )

    func checkAll(in context: LintContext) -> [Finding] {
        IncludeDiagnostics.collect(in: context, severity: .warning)
    }
}
