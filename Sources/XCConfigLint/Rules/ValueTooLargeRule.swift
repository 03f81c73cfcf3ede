import XCConfig
import XCConfigSyntax

/// `value-too-large`: a value whose expansion exceeds the 16 MiB limit (cli.md "Limits").
///
/// References that repeat another setting (`B = $(A)$(A)`, `C = $(B)$(B)`, …) double a
/// value at every step; Xcode keeps expanding until memory runs out. The resolver stops at
/// the limit and says where; only roots with such doubling references (or a huge literal)
/// are evaluated, so ordinary configurations cost nothing. Values are evaluated in the context
/// of `--configuration`, `--sdk`, … (as Xcode, an unbound condition parameter matches only `*`).
struct ValueTooLargeRule: LintRule {
    static let description = RuleDescription(
        identifier: "value-too-large",
        name: "Value too large",
        summary: "Values whose expansion exceeds the size limit.",
        rationale: "A value that doubles through repeated references grows exponentially and exhausts memory during the build.",
        defaultSeverity: .error,
        triggeringExamples: [
            RuleExample("A0 = " + String(repeating: "x", count: 100) + "\n"
                + (1...17).map { "A\($0) = $(A\($0 - 1))$(A\($0 - 1))\n" }.joined() + "↓A18 = $(A17)$(A17)\n"),
            // Issue 30, finding 14: `resolve` reported this one, lint did not.
            RuleExample("A = " + String(repeating: "x", count: 16) + "\n"
                + String(repeating: "A = $(inherited)$(inherited)\n", count: 20) + "↓A = $(inherited)$(inherited)\n"),
        ],
        nonTriggeringExamples: [
            RuleExample("A = $(B) $(B)\nB = small\n"),
            RuleExample("A = x\n" + String(repeating: "A = $(inherited) $(inherited)\n", count: 10)),
        ]
    )

    func checkAll(in context: LintContext) -> [Finding] {
        var findings: [Finding] = []
        var seen = Set<String>()
        for root in context.roots {
            guard let load = context.loads[root], let sequence = context.expansions[root],
                  Self.mightGrow(sequence, in: context) else { continue }
            let resolver = Resolver(levels: [Level(kind: .targetXCConfig, source: .configuration(load))], context: context.environment.context)
            // Only the diagnostics count: each value is looked at and dropped, never kept as a
            // string (1,000 settings of 8 MiB each would hold 8 GiB).
            resolver.forEachValue { _, _ in }
            // Every setting built on the oversized one fails too; the first in file order is the
            // one to report.
            let tooLarge = resolver.diagnostics.filter { $0.code == .valueTooLarge && $0.file != nil && $0.location != nil }
            let first = tooLarge.min { ($0.file!, $0.location!) < ($1.file!, $1.location!) }
            for diagnostic in first.map({ [$0] }) ?? [] {
                guard let path = diagnostic.file, let file = context.files[path], let location = diagnostic.location else { continue }
                let offset = min(file.tree.lineStarts[location.line - 1] + location.column - 1, file.tree.bytes.count)
                guard seen.insert("\(path)\u{0}\(offset)").inserted else { continue }
                let statement = file.tree.statements.first { $0.range.offsets.contains(offset) }
                findings.append(file.finding(at: offset, diagnostic.message + "; a setting referred to several times in one value doubles at every step", notes: diagnostic.notes, statement: statement))
            }
        }
        return findings
    }

    /// `true` when some value refers to one setting twice or more (`$(inherited)` too: each
    /// such line doubles what came before), or the values hold over 1 MiB of text in all.
    static func mightGrow(_ sequence: [AssignmentOccurrence], in context: LintContext) -> Bool {
        var file: LintFile? = nil
        var totalSize = 0
        for occurrence in sequence {
            // An expansion holds runs of one file's assignments: look each file up once per run.
            if file?.path != occurrence.file { file = context.files[occurrence.file]! }
            let file = file!
            totalSize += file.expressions[occurrence.index].source.utf8.count
            if totalSize > 1 << 20 { return true }
            let references = file.references[occurrence.index]
            guard references.count > 1 else { continue }
            var names = Set<String>()
            for reference in references {
                guard let name = reference.literalName else { continue }
                if !names.insert(name).inserted { return true }
            }
        }
        return false
    }
}
