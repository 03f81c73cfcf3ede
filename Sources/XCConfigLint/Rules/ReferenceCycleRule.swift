import XCConfig
import XCConfigSyntax

/// `reference-cycle`: settings that refer to each other in a cycle with no base value.
///
/// Xcode never reports a cycle: when evaluation comes back to a setting it is already
/// evaluating, it takes that setting's next lower assignment, or nothing when there is none
/// (semantics §3.5), so `A = $(B)` with `B = $(A)` silently makes both empty. Reported once per
/// cycle, at its first assignment in file order. `$(inherited)` and a setting's reference to
/// itself are never cycles.
struct ReferenceCycleRule: LintRule {
    static let description = RuleDescription(
        identifier: "reference-cycle",
        name: "Reference cycle",
        summary: "Settings referring to each other in a cycle, which Xcode resolves to empty.",
        rationale: "Xcode resolves a cycle of references to the empty string without a diagnostic.",
        triggeringExamples: [
            RuleExample("↓APP_NAME = $(DISPLAY_NAME)\nDISPLAY_NAME = $(APP_NAME)\n"),
            RuleExample("↓A = x$(B)\nB = $(C)\nC = $(A)\n"),
        ],
        nonTriggeringExamples: [
            RuleExample("A = $(inherited) $(A) x\n"),
            RuleExample("A = $(B)\nB = value\n"),
            RuleExample("MACOSX_DEPLOYMENT_TARGET = $(DEPLOYMENT_$(MAJOR))\nMAJOR = $(MACOSX_DEPLOYMENT_TARGET:base)\nMAJOR = $(inherited)\n"),
            RuleExample("#include \"Base.xcconfig\"\nA = $(B)\nB = $(A)\n", files: ["Base.xcconfig": "A = base\nB = base\n"]),
        ]
    )

    func checkAll(in context: LintContext) -> [Finding] {
        var findings: [Finding] = []
        var reported = Set<String>()
        for root in context.roots {
            guard let sequence = context.expansions[root] else { continue }
            // Each name's assignments in this root, in order, and the names they refer to.
            var occurrences: [String: [AssignmentOccurrence]] = [:]
            var edges: [String: Set<String>] = [:]
            for occurrence in sequence {
                let file = context.files[occurrence.file]!
                let name = file.assignments[occurrence.index].assignment.name
                occurrences[name, default: []].append(occurrence)
                for reference in file.expressions[occurrence.index].references {
                    guard let target = reference.literalName, target != name, target != "inherited", target != "value" else { continue }
                    edges[name, default: []].insert(target)
                }
            }
            for cycle in Self.cycles(edges) {
                // With a lower assignment for every member, the cycle ends on that value:
                // layering, not a mistake. A known build setting has a lower value in every
                // real build (the SDK's, the platform's), and configurations route through it
                // on purpose (WebKit's MACOSX_DEPLOYMENT_TARGET ↔ TARGET_MAC_OS_X_VERSION_MAJOR),
                // so only cycles of user-defined settings, one of them assigned once, count.
                let hasNoBase = !cycle.contains { context.catalog[$0] != nil }
                    && cycle.contains { (occurrences[$0]?.count ?? 0) < 2 }
                guard hasNoBase else { continue }
                let members = cycle.compactMap { occurrences[$0]?.first }
                guard let first = members.min(by: { ($0.file, $0.index) < ($1.file, $1.index) }) else { continue }
                let file = context.files[first.file]!
                let (statement, assignment) = file.assignments[first.index]
                let key = "\(first.file)\u{0}\(first.index)"
                guard reported.insert(key).inserted else { continue }
                let names = cycle.sorted()
                let list = names.count == 2 ? names.joined(separator: " and ") : names.dropLast().joined(separator: ", ") + " and " + names.last!
                findings.append(file.finding(
                    at: assignment.nameRange.startOffset,
                    "\(list) refer to each other in a cycle with no base value, which Xcode silently resolves to empty; break the cycle by giving one of them a value of its own",
                    statement: statement))
            }
        }
        return findings
    }

    /// The strongly connected components of more than one name (Tarjan), each in a stable order.
    static func cycles(_ edges: [String: Set<String>]) -> [[String]] {
        var index = 0
        var indexes: [String: Int] = [:]
        var lowlinks: [String: Int] = [:]
        var stack: [String] = []
        var onStack = Set<String>()
        var result: [[String]] = []
        func connect(_ node: String) {
            indexes[node] = index
            lowlinks[node] = index
            index += 1
            stack.append(node)
            onStack.insert(node)
            for next in (edges[node] ?? []).sorted() {
                if indexes[next] == nil {
                    connect(next)
                    lowlinks[node] = min(lowlinks[node]!, lowlinks[next]!)
                } else if onStack.contains(next) {
                    lowlinks[node] = min(lowlinks[node]!, indexes[next]!)
                }
            }
            if lowlinks[node] == indexes[node] {
                var component: [String] = []
                while let top = stack.popLast() {
                    onStack.remove(top)
                    component.append(top)
                    if top == node { break }
                }
                if component.count > 1 { result.append(component.reversed()) }
            }
        }
        for node in edges.keys.sorted() where indexes[node] == nil { connect(node) }
        return result
    }
}
