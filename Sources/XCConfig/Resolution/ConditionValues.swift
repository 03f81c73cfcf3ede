/// The values an ``EvaluationContext`` binds to each condition parameter, as bytes, for
/// matching the conditions of every assignment while a resolver is set up.
///
/// Made once per resolver: matching each condition against the context's strings converted
/// the value to bytes per condition, and built an array for a parameter other than the usual
/// five. The parameters are looked up by their bytes; a context binds a handful.
final class ConditionValues {
    /// A parameter the context binds: its name's bytes and its values, ranges of the storage.
    private struct Parameter {
        var nameStart: Int
        var nameCount: Int
        var firstValue: Int
        var valueCount: Int
    }

    /// The names and values, back to back.
    private let text: UnsafeMutableBufferPointer<UInt8>
    /// Each value's start and length in ``text``.
    private let values: UnsafeMutableBufferPointer<(start: Int, count: Int)>
    private let parameters: UnsafeMutableBufferPointer<Parameter>

    init(_ context: EvaluationContext) {
        // Sized first and filled in place: building arrays of strings cost more than the
        // matching it saves for a file of a few dozen conditions.
        var textCount = 0, valueCount = 0, parameterCount = 0
        Self.forEachBinding(of: context) { name, single, values in
            textCount += name.utf8.count + (single?.utf8.count ?? 0) + values.reduce(0) { $0 + $1.utf8.count }
            valueCount += single == nil ? values.count : 1
            parameterCount += 1
        }
        text = UnsafeMutableBufferPointer(start: PlainMemory.allocate(UInt8.self, capacity: textCount), count: textCount)
        self.values = UnsafeMutableBufferPointer(start: PlainMemory.allocate((start: Int, count: Int).self, capacity: valueCount), count: valueCount)
        parameters = UnsafeMutableBufferPointer(start: PlainMemory.allocate(Parameter.self, capacity: parameterCount), count: parameterCount)
        var textEnd = 0, valueEnd = 0, parameterEnd = 0
        Self.forEachBinding(of: context) { [text, values = self.values, parameters] name, single, bound in
            func append(_ string: String) -> (start: Int, count: Int) {
                let start = textEnd
                for byte in string.utf8 {
                    text[textEnd] = byte
                    textEnd += 1
                }
                return (start, textEnd - start)
            }
            let name = append(name)
            parameters[parameterEnd] = Parameter(nameStart: name.start, nameCount: name.count, firstValue: valueEnd, valueCount: single == nil ? bound.count : 1)
            parameterEnd += 1
            if let single {
                values[valueEnd] = append(single)
                valueEnd += 1
            }
            for value in bound {
                values[valueEnd] = append(value)
                valueEnd += 1
            }
        }
    }

    /// Calls `body` with each parameter the context binds and its values (one value alone, or
    /// the array of them), exactly as ``EvaluationContext/values(forParameter:)`` gives them:
    /// the usual five first (they are looked up most), then the others in name order.
    private static func forEachBinding(of context: EvaluationContext, _ body: (_ name: String, _ single: String?, _ values: [String]) -> Void) {
        func bind(_ name: String, _ value: String?) {
            if let value { body(name, value, []) } else if !context.conditions.isEmpty, let values = context.conditions[name] { body(name, nil, values) }
        }
        bind("config", context.configuration)
        if !context.sdks.isEmpty { body("sdk", nil, context.sdks) } else if !context.conditions.isEmpty, let values = context.conditions["sdk"] { body("sdk", nil, values) }
        bind("arch", context.arch)
        bind("variant", context.variant)
        bind("target", context.targetName)
        if context.conditions.isEmpty { return }
        for name in context.conditions.keys.sorted() where !["config", "sdk", "arch", "variant", "target"].contains(name) {
            body(name, nil, context.conditions[name]!)
        }
    }

    deinit {
        PlainMemory.deallocate(text.baseAddress)
        PlainMemory.deallocate(values.baseAddress)
        PlainMemory.deallocate(parameters.baseAddress)
    }

    /// The indices of the values bound to `parameter`; `nil` when the context binds none.
    func values(of parameter: UnsafeBufferPointer<UInt8>) -> Range<Int>? {
        for entry in parameters where entry.nameCount == parameter.count {
            if NameTable.equal(UnsafeBufferPointer(rebasing: text[entry.nameStart..<entry.nameStart + entry.nameCount]), parameter) {
                return entry.firstValue..<entry.firstValue + entry.valueCount
            }
        }
        return nil
    }

    /// The bytes of value `index`.
    @inline(__always)
    func value(_ index: Int) -> UnsafeBufferPointer<UInt8> {
        let (start, count) = values[index]
        return UnsafeBufferPointer(rebasing: text[start..<start + count])
    }

    /// Whether the condition `[parameter=pattern]` matches: any of the parameter's values
    /// matches the pattern, and a parameter without a value matches only `*` (semantics §4.2).
    func matches(_ parameter: UnsafeBufferPointer<UInt8>, _ pattern: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let bound = values(of: parameter) else { return pattern.count == 1 && pattern[0] == UInt8(ascii: "*") }
        for index in bound where PatternMatcher.match(pattern, value(index)) { return true }
        return false
    }
}
