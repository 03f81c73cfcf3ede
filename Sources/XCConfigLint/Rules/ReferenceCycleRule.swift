import XCConfig
import XCConfigSyntax

/// `reference-cycle`: settings that refer to each other in a cycle with no base value.
///
/// Xcode never reports a cycle: when evaluation comes back to a setting it is already
/// evaluating, it takes that setting's next lower assignment, or nothing when there is none
/// (semantics §3.5), so `A = $(B)` with `B = $(A)` silently makes both empty. Reported once per
/// cycle, at its first assignment in file order. `$(inherited)` and a setting's reference to
/// itself are never cycles. With context options (`--configuration`, `--sdk`, …) only the
/// assignments whose conditions can match that context count.
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
        let environment = context.environment
        for root in context.roots {
            guard let sequence = context.expansions[root] else { continue }
            // Each name by number (in the order met), how many assignments of it apply in this
            // root and the first, and the names its values refer to.
            var numbers: [String: Int] = [:]
            // Room for every name at once: growing rehashes every name so far.
            numbers.reserveCapacity(sequence.count * 2)
            var names: [String] = []
            var assignmentCounts: [Int] = []
            var firstAssignments: [AssignmentOccurrence?] = []
            var edges: [(from: Int, to: Int)] = []
            var file: LintFile? = nil
            for occurrence in sequence {
                // An expansion holds runs of one file's assignments: look each file up once per run.
                if file?.path != occurrence.file { file = context.files[occurrence.file]! }
                let file = file!
                // Only the assignments that can apply in the context being linted.
                guard environment.canApply(file.assignments[occurrence.index].assignment.conditions) else { continue }
                let name = file.names[occurrence.index]
                let source = Self.number(name, in: &numbers, names: &names)
                while assignmentCounts.count < names.count {
                    assignmentCounts.append(0)
                    firstAssignments.append(nil)
                }
                assignmentCounts[source] += 1
                if firstAssignments[source] == nil { firstAssignments[source] = occurrence }
                for reference in file.references[occurrence.index] {
                    guard let target = reference.literalName, target != name, target != "inherited", target != "value" else { continue }
                    edges.append((source, Self.number(target, in: &numbers, names: &names)))
                }
            }
            while assignmentCounts.count < names.count {
                assignmentCounts.append(0)
                firstAssignments.append(nil)
            }
            for component in Self.cycles(nodeCount: names.count, edges: edges) {
                let cycle = component.map { names[$0] }
                // With a lower assignment for every member, the cycle ends on that value:
                // layering, not a mistake. A known build setting has a lower value in every
                // real build (the SDK's, the platform's), and configurations route through it
                // on purpose (WebKit's MACOSX_DEPLOYMENT_TARGET ↔ TARGET_MAC_OS_X_VERSION_MAJOR),
                // so only cycles of user-defined settings, one of them assigned once, count.
                let hasNoBase = !cycle.contains { context.catalog.knownType(of: $0) != nil }
                    && component.contains { assignmentCounts[$0] < 2 }
                guard hasNoBase else { continue }
                let members = component.compactMap { firstAssignments[$0] }
                guard let first = members.min(by: { ($0.file, $0.index) < ($1.file, $1.index) }) else { continue }
                let file = context.files[first.file]!
                let (statement, assignment) = file.assignments[first.index]
                let key = "\(first.file)\u{0}\(first.index)"
                guard reported.insert(key).inserted else { continue }
                findings.append(file.finding(
                    at: assignment.nameRange.startOffset,
                    "\(Self.list(cycle.sorted())) refer to each other in a cycle with no base value, which Xcode silently resolves to empty; break the cycle by giving one of them a value of its own",
                    statement: statement))
            }
        }
        return findings
    }

    /// `name`'s number, the next one when it has none yet.
    static func number(_ name: String, in numbers: inout [String: Int], names: inout [String]) -> Int {
        if let known = numbers[name] { return known }
        numbers[name] = names.count
        names.append(name)
        return names.count - 1
    }

    /// The strongly connected components of more than one name, by name:
    /// ``cycles(nodeCount:edges:)`` with the names numbered in sorted order and each name's
    /// successors sorted.
    static func cycles(_ edges: [String: Set<String>]) -> [[String]] {
        let names = Set(edges.keys).union(edges.values.joined()).sorted()
        let numbers = Dictionary(uniqueKeysWithValues: names.enumerated().map { ($1, $0) })
        let numbered = names.enumerated().flatMap { source, name in
            (edges[name] ?? []).sorted().map { (from: source, to: numbers[$0]!) }
        }
        return cycles(nodeCount: names.count, edges: numbered).map { $0.map { names[$0] } }
    }

    /// The strongly connected components of more than one node (Tarjan) of the graph of nodes
    /// `0..<nodeCount` and `edges`: roots taken in number order, each node's successors in the
    /// order of its edges, each component from the node first entered.
    ///
    /// Iterative, with an explicit depth-first path, so that a chain of tens of thousands of
    /// settings referring to the next cannot overflow the stack. The successors are kept in
    /// one array (node `n`'s are `successors[starts[n]..<starts[n + 1]]`), not one per node.
    static func cycles(nodeCount count: Int, edges: [(from: Int, to: Int)]) -> [[Int]] {
        var starts = [Int](repeating: 0, count: count + 1)
        for edge in edges { starts[edge.from + 1] += 1 }
        for node in 0..<count { starts[node + 1] += starts[node] }
        var successors = [Int](repeating: 0, count: edges.count)
        var filled = starts
        for edge in edges {
            successors[filled[edge.from]] = edge.to
            filled[edge.from] += 1
        }
        var nextIndex = 0
        var indexes = [Int](repeating: -1, count: count)
        var lowlinks = [Int](repeating: 0, count: count)
        var onStack = [Bool](repeating: false, count: count)
        var stack: [Int] = []
        var result: [[Int]] = []
        // The depth-first path: each node with the position of its next successor.
        var path: [(node: Int, position: Int)] = []
        func enter(_ node: Int) {
            indexes[node] = nextIndex
            lowlinks[node] = nextIndex
            nextIndex += 1
            stack.append(node)
            onStack[node] = true
            path.append((node, starts[node]))
        }
        for root in 0..<count where indexes[root] < 0 {
            enter(root)
            while let top = path.last {
                let node = top.node
                if top.position < starts[node + 1] {
                    let next = successors[top.position]
                    path[path.count - 1].position += 1
                    if indexes[next] < 0 {
                        enter(next)
                    } else if onStack[next] {
                        lowlinks[node] = min(lowlinks[node], indexes[next])
                    }
                    continue
                }
                // Every successor is done: what `connect(node)` does after its loop.
                path.removeLast()
                if let parent = path.last?.node {
                    lowlinks[parent] = min(lowlinks[parent], lowlinks[node])
                }
                if lowlinks[node] == indexes[node] {
                    var component: [Int] = []
                    while let member = stack.popLast() {
                        onStack[member] = false
                        component.append(member)
                        if member == node { break }
                    }
                    if component.count > 1 { result.append(component.reversed()) }
                }
            }
        }
        return result
    }

    /// `A and B`, `A, B and C`; past eight names, the first six and how many more.
    static func list(_ names: [String]) -> String {
        if names.count == 2 { return names.joined(separator: " and ") }
        if names.count > 8 { return names.prefix(6).joined(separator: ", ") + " and \(names.count - 6) more settings" }
        return names.dropLast().joined(separator: ", ") + " and " + names.last!
    }
}
