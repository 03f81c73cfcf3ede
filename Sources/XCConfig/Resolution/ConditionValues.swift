/// The values an ``EvaluationContext`` binds to each condition parameter, as bytes, for
/// matching the conditions of every assignment while a resolver is set up.
///
/// Made once per resolver, so that matching a condition converts no string to bytes. The
/// parameters are looked up by their bytes; a context binds a handful.
final class ConditionValues {
    /// A parameter the context binds: its name's bytes and its values, ranges of the storage.
    private struct Parameter {
        var nameStart: Int
        var nameCount: Int
        var firstValue: Int
        var valueCount: Int
    }

    /// The names and values, back to back.
    private let text: FlatBuffer<UInt8>
    /// Each value's start and length in ``text``.
    private let values: FlatBuffer<(start: Int, count: Int)>
    private let parameters: FlatBuffer<Parameter>

    init(_ context: EvaluationContext) {
        var text = FlatBuffer<UInt8>()
        var values = FlatBuffer<(start: Int, count: Int)>()
        var parameters = FlatBuffer<Parameter>()
        for (name, bound) in Self.bindings(of: context) {
            let nameStart = text.count
            text.append(name)
            parameters.append(Parameter(nameStart: nameStart, nameCount: text.count - nameStart, firstValue: values.count, valueCount: bound.count))
            for value in bound {
                let start = text.count
                text.append(value)
                values.append((start, text.count - start))
            }
        }
        self.text = text
        self.values = values
        self.parameters = parameters
    }

    /// Each parameter the context binds and its values, exactly as
    /// ``EvaluationContext/values(forParameter:)`` gives them: the usual five first (they are
    /// looked up most), then the others in name order.
    private static func bindings(of context: EvaluationContext) -> [(name: String, values: [String])] {
        var bindings: [(name: String, values: [String])] = []
        func bind(_ name: String, _ value: String?) {
            if let value {
                bindings.append((name, [value]))
            } else if let values = context.conditions[name] {
                bindings.append((name, values))
            }
        }
        bind("config", context.configuration)
        if !context.sdks.isEmpty {
            bindings.append(("sdk", context.sdks))
        } else if let values = context.conditions["sdk"] {
            bindings.append(("sdk", values))
        }
        bind("arch", context.arch)
        bind("variant", context.variant)
        bind("target", context.targetName)
        for name in context.conditions.keys.sorted() where !["config", "sdk", "arch", "variant", "target"].contains(name) {
            bindings.append((name, context.conditions[name]!))
        }
        return bindings
    }

    /// The indices of the values bound to `parameter`; `nil` when the context binds none.
    func values(of parameter: UnsafeBufferPointer<UInt8>) -> Range<Int>? {
        for entry in parameters.all where entry.nameCount == parameter.count {
            if NameTable.equal(text.elements(entry.nameStart, entry.nameCount), parameter) {
                return entry.firstValue..<entry.firstValue + entry.valueCount
            }
        }
        return nil
    }

    /// The bytes of value `index`.
    @inline(__always)
    func value(_ index: Int) -> UnsafeBufferPointer<UInt8> {
        let (start, count) = values[index]
        return text.elements(start, count)
    }

    /// Whether the condition `[parameter=pattern]` matches: any of the parameter's values
    /// matches the pattern, and a parameter without a value matches only `*` (semantics §4.2).
    func matches(_ parameter: UnsafeBufferPointer<UInt8>, _ pattern: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let bound = values(of: parameter) else { return pattern.count == 1 && pattern[0] == UInt8(ascii: "*") }
        for index in bound where PatternMatcher.match(pattern, value(index)) { return true }
        return false
    }
}
