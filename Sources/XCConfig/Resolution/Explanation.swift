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
    /// `true` when ``contribution`` was cut because the explanation reached its size budget.
    public var contributionIsTruncated: Bool = false
    /// `true` when the assignment was reached, and its references traced, under an assignment
    /// above it: ``references`` is empty, not because it references nothing.
    public var referencesShownAbove: Bool = false
}

/// One evaluation reached from another: a referenced setting or `$(inherited)`.
public struct TracedEvaluation: Sendable {
    /// The assignment that was evaluated.
    public var info: AssignmentInfo
    /// Its value.
    public var value: String
    /// What it reached in turn.
    public var references: [TracedEvaluation]
    /// `true` when the assignment was traced earlier in the explanation: what it reached is
    /// shown there, not repeated here (each assignment is traced once).
    public var isRepeated: Bool = false
    /// `true` when ``value`` was cut because the explanation reached its size limit
    /// (``Limits/maximumExplanationSize``).
    public var isTruncated: Bool = false
}

extension Resolver {
    /// Explains `name` in the resolver's context.
    ///
    /// - Parameter budget: the most bytes of contributions and traced values the explanation
    ///   holds; past it they are cut and marked (``ExplainedAssignment/contributionIsTruncated``,
    ///   ``TracedEvaluation/isTruncated``). An editor's hover asks for little.
    public func explain(_ name: String, budget: Int = Limits.maximumExplanationSize) -> Explanation {
        withEvaluator { $0.explain(name, budget: budget) }
    }
}

extension Evaluator {
    /// ``Resolver/explain(_:)``.
    func explain(_ name: String, budget: Int) -> Explanation {
        guard let id = nameIDs[name] else {
            return Explanation(name: name, value: "", assignments: [])
        }
        let winnerIndex = Int(topMatching[id])
        var explained: [ExplainedAssignment] = []
        // One tracer for every assignment: an assignment reached under one above it is traced once.
        let tracer = EvaluationTracer(budget: budget)
        for recordIndex in table.chain(of: id) {
            var contribution: String? = nil
            var references: [TracedEvaluation] = []
            var shownAbove = false
            var contributionIsTruncated = false
            if records[recordIndex].matches {
                tracer.startRoot()
                self.tracer = tracer
                let value = evaluateTopLevel(nameID: id, record: recordIndex)
                self.tracer = nil
                (contribution, contributionIsTruncated) = tracer.spend(value)
                if let root = tracer.roots.first {
                    references = root.children.map(traced)
                    // Only a value that references something has references to show.
                    shownAbove = root.isRepeated && table.info(recordIndex).rawValue.contains("$")
                }
            }
            explained.append(ExplainedAssignment(
                info: table.info(recordIndex), isWinner: recordIndex == winnerIndex,
                contribution: contribution, references: references,
                contributionIsTruncated: contributionIsTruncated, referencesShownAbove: shownAbove))
        }
        let value = winnerIndex >= 0 ? evaluateTopLevel(nameID: id, record: winnerIndex) : ""
        return Explanation(name: name, value: value, assignments: explained)
    }

    private func traced(_ node: EvaluationTracer.Node) -> TracedEvaluation {
        // Explanations are small; recursion depth is the reference depth, bounded by
        // `Options.maximumDepth` like evaluation itself.
        TracedEvaluation(
            info: table.info(node.recordIndex), value: node.value, references: node.children.map(traced),
            isRepeated: node.isRepeated, isTruncated: node.isTruncated)
    }
}
