/// Records an evaluation as a tree, for `explain`: which assignment each reference and each
/// `$(inherited)` reached, and what it produced.
final class EvaluationTracer {
    final class Node {
        let recordIndex: Int
        var value = ""
        var children: [Node] = []
        init(recordIndex: Int) { self.recordIndex = recordIndex }
    }

    private(set) var roots: [Node] = []
    private var open: [Node] = []

    func enter(recordIndex: Int) {
        let node = Node(recordIndex: recordIndex)
        if let parent = open.last { parent.children.append(node) } else { roots.append(node) }
        open.append(node)
    }

    func exit(value: String) {
        open.removeLast().value = value
    }
}
