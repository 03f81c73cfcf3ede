/// What evaluating a free-standing template produced.
public struct TemplateEvaluation: Sendable, Hashable {
    /// The string value.
    public var value: String
    /// Names the template referenced (directly or through settings) that no level assigns,
    /// each once, in order of first use.
    public var unresolved: [String]
}

extension Resolver {
    /// Evaluates `template` as Xcode evaluates a string outside any setting (an Info.plist value,
    /// for example): string semantics, `$(inherited)` empty, every reference late-bound to the
    /// whole stack (semantics §5).
    ///
    /// `bindings` are literal values that win over the stack for their names, also where
    /// settings refer to them.
    public func evaluate(template: String, semantics: ValueSemantics = .string, bindings: [String: String] = [:]) -> TemplateEvaluation {
        withEvaluator { $0.evaluate(template: template, semantics: semantics, bindings: bindings) }
    }
}

extension Evaluator {
    /// ``Resolver/evaluate(template:semantics:bindings:)``: the template is compiled like a
    /// setting's value and evaluated by the same program evaluation, outside any frame. Its
    /// program stays in the store (settings it reached compiled theirs after it, and keep
    /// them): a few pieces per template.
    func evaluate(template: String, semantics: ValueSemantics, bindings: [String: String]) -> TemplateEvaluation {
        if !bindings.isEmpty || !extraBindings.isEmpty {
            // Cached values may have seen other bindings.
            clearCache()
        }
        extraBindings = bindings
        unresolvedNames = []
        aborted = false
        defer {
            extraBindings = [:]
            unresolvedNames = nil
            aborted = false
            if !bindings.isEmpty { clearCache() }
        }
        let valuesMark = values.count
        var template = template
        let program = template.withUTF8 { store.compile($0, semantics: semantics, nameIDs: nameIDs) }
        let value = program.isLiteral ? store.literalString(program) : string(evaluatePieces(program.pieces))
        dropValues(above: valuesMark)
        return TemplateEvaluation(value: aborted ? "" : value, unresolved: unresolvedNames ?? [])
    }
}

extension Resolver: PlistTemplateExpander {
    /// Expands a property-list string template (string semantics, semantics §5).
    public func expand(_ template: String, bindings: [String: String]) -> PlistTemplateExpansion {
        let result = evaluate(template: template, bindings: bindings)
        return PlistTemplateExpansion(value: result.value, unresolved: result.unresolved)
    }
}
