/// Why a setting has its value: every assignment of it, and what each one's references and
/// `$(inherited)` reached, recursively. What `xcconfig explain` prints.
public struct Explanation: Sendable {
    /// The setting explained.
    public var name: String
    /// Its value's string form in the context.
    public var value: String
    /// Every assignment of the setting, highest precedence first.
    public var assignments: [ExplainedAssignment]
}

/// One assignment in an ``Explanation``.
public struct ExplainedAssignment: Sendable {
    /// Where it is, its conditions, its raw text, and whether its conditions match.
    public var info: AssignmentInfo
    /// `true` for the assignment that supplies the value.
    public var isWinner: Bool
    /// What the assignment evaluates to when reached (from the top, or through
    /// `$(inherited)` from the one above it); `nil` when its conditions do not match.
    public var contribution: String?
    /// The assignments its references reached while it was evaluated.
    public var references: [TracedEvaluation]
}

/// One evaluation reached from another: a referenced setting or `$(inherited)`.
public struct TracedEvaluation: Sendable {
    /// The assignment that was evaluated.
    public var info: AssignmentInfo
    /// Its value.
    public var value: String
    /// What it reached in turn.
    public var references: [TracedEvaluation]
}

extension Resolver {
    /// Explains `name` in the resolver's context.
    public func explain(_ name: String) -> Explanation {
        withEvaluator { $0.explain(name) }
    }
}

extension Evaluator {
    /// ``Resolver/explain(_:)``.
    func explain(_ name: String) -> Explanation {
        guard let id = nameIDs[name] else {
            return Explanation(name: name, value: "", assignments: [])
        }
        let winnerIndex = Int(topMatching[id])
        var explained: [ExplainedAssignment] = []
        for recordIndex in table.chain(of: id) {
            var contribution: String? = nil
            var references: [TracedEvaluation] = []
            if records[recordIndex].matches {
                let tracer = EvaluationTracer()
                self.tracer = tracer
                contribution = evaluateTopLevel(nameID: id, record: recordIndex)
                self.tracer = nil
                references = tracer.roots.first.map { $0.children.map(traced) } ?? []
            }
            explained.append(ExplainedAssignment(
                info: table.info(recordIndex), isWinner: recordIndex == winnerIndex,
                contribution: contribution, references: references))
        }
        let value = winnerIndex >= 0 ? evaluateTopLevel(nameID: id, record: winnerIndex) : ""
        return Explanation(name: name, value: value, assignments: explained)
    }

    private func traced(_ node: EvaluationTracer.Node) -> TracedEvaluation {
        // Explanations are small; recursion depth is the reference depth, bounded by
        // `Options.maximumDepth` like evaluation itself.
        TracedEvaluation(info: table.info(node.recordIndex), value: node.value, references: node.children.map(traced))
    }
}
