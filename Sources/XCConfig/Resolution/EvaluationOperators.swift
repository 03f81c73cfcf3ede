import XCConfigSyntax

/// Applying a reference's operators to what it reached (semantics §3.6–3.7).
extension Evaluator {
    /// `value`, what `reference` reached, after the reference's operators.
    ///
    /// Inlined: nearly every reference has no operator, and the call cost more than the check.
    @inline(__always)
    func applyOperators(of reference: CompiledReference, to value: ValueRange?) -> ValueRange? {
        let operators = reference.operators
        if operators.lowerBound == operators.upperBound { return value }
        return applyOperators(operators, to: value)
    }

    /// ``applyOperators(of:to:)`` of a reference with operators, `operators` in ``ProgramStore/operators``.
    ///
    /// Each operator applies to the element the value is, even an empty one; only `default=`
    /// applies to nothing (``ValueRange``). Retrieval operators work on the value's bytes where
    /// they stand (``Operators/retrieve(_:_:in:)``); replacement operators on strings.
    func applyOperators(_ operators: Range<Int32>, to value: ValueRange?) -> ValueRange? {
        var current = value
        for index in operators {
            let op = store.operators[Int(index)]
            guard let operand = op.operand else {
                if let value = current {
                    let result = Operators.retrieve(op.name, value.start..<value.end, in: &values)
                    current = ValueRange(start: result.lowerBound, count: result.count)
                }
                continue
            }
            if op.name == .default {
                // On nothing or on an empty element: the operand, evaluated in place.
                if current?.count ?? 0 == 0 { current = elementOf(evaluatePieces(operand)) }
                continue
            }
            // Other replacement operators apply to an element only. The operand is evaluated
            // above the value, which stays where it is.
            guard let value = current else { continue }
            let operandText = string(evaluatePieces(operand))
            current = appendValue(Operators.replace(op.name, string(value), operand: operandText))
        }
        return current
    }
}
