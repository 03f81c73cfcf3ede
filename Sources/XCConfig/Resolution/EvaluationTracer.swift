/// Records an evaluation as a tree, for `explain`: which assignment each reference and each
/// `$(inherited)` reached, and what it produced.
///
/// Each assignment is expanded once per explanation: reached again, it is a leaf marked
/// repeated, and its value comes from the evaluation cache. Without that, `B_i = $(B_{i-1})$(B_{i-1})`
/// doubles the work at each level, and 1,000 `S = $(inherited) a` lines trace a quadratic tree.
/// The values the tree holds, with the contributions, have a total budget (by default
/// ``Limits/maximumExplanationSize``); past it they are cut, and the node says so.
final class EvaluationTracer {
    final class Node {
        let recordIndex: Int
        var value = ""
        var children: [Node] = []
        /// Reached before in this explanation: its children are under the first node.
        var isRepeated = false
        /// The value was cut to stay within the budget.
        var isTruncated = false
        init(recordIndex: Int) { self.recordIndex = recordIndex }
    }

    private(set) var roots: [Node] = []
    private var open: [Node] = []
    /// Records expanded so far.
    private var expanded: Set<Int> = []
    /// Bytes of values still allowed.
    private var budget: Int

    init(budget: Int = Limits.maximumExplanationSize) {
        self.budget = budget
    }

    /// Starts an explanation of another assignment; what was expanded stays expanded.
    func startRoot() {
        roots = []
        open = []
    }

    /// Whether `recordIndex` was expanded already, so a cached value may stand for it.
    func hasExpanded(_ recordIndex: Int) -> Bool { expanded.contains(recordIndex) }

    func enter(recordIndex: Int) {
        expanded.insert(recordIndex)
        let node = Node(recordIndex: recordIndex)
        if let parent = open.last { parent.children.append(node) } else { roots.append(node) }
        open.append(node)
    }

    func exit(value: String) {
        store(value, in: open.removeLast())
    }

    /// `recordIndex`, expanded before, reached again with `value`.
    func reachedAgain(recordIndex: Int, value: String) {
        let node = Node(recordIndex: recordIndex)
        node.isRepeated = true
        store(value, in: node)
        if let parent = open.last { parent.children.append(node) } else { roots.append(node) }
    }

    private func store(_ value: String, in node: Node) {
        (node.value, node.isTruncated) = spend(value)
    }

    /// `value`, or as much of it as the budget still allows, and whether it was cut.
    func spend(_ value: String) -> (String, isTruncated: Bool) {
        let size = value.utf8.count
        if size <= budget {
            budget -= size
            return (value, false)
        }
        let kept = String(decoding: value.utf8.prefix(budget), as: UTF8.self)
        budget = 0
        return (kept, true)
    }
}
