/// The evaluators of one resolver, lent to one query at a time.
///
/// A query takes an idle evaluator (or makes one) and gives it back when done, so a resolver
/// used from one thread keeps one evaluator whose cache serves every query, and concurrent
/// queries each get their own. What evaluation reports (values too large, nesting too deep) is
/// collected here when an evaluator comes back, each diagnostic once.
final class EvaluatorPool: @unchecked Sendable {
    private let table: AssignmentTable
    private let options: Resolver.Options
    private let lock = Lock()
    /// Guarded by ``lock``.
    private var idle: [Evaluator] = []
    private var reported: [Diagnostic] = []
    private var reportedSet: Set<Diagnostic> = []

    init(table: AssignmentTable, options: Resolver.Options) {
        self.table = table
        self.options = options
    }

    /// What the evaluators have reported so far, in the order first reported.
    var diagnostics: [Diagnostic] { lock.withLock { reported } }

    func withEvaluator<R>(_ body: (Evaluator) -> R) -> R {
        let evaluator = lock.withLock { idle.popLast() } ?? Evaluator(table: table, options: options)
        let result = body(evaluator)
        let found = evaluator.diagnostics
        if !found.isEmpty { evaluator.diagnostics = [] }
        lock.withLock {
            for diagnostic in found where reportedSet.insert(diagnostic).inserted { reported.append(diagnostic) }
            idle.append(evaluator)
        }
        return result
    }
}
