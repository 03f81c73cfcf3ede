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
    private let text: FlatBuffer<UInt8>
    /// Each value's start and length in ``text``.
    private let values: FlatBuffer<(start: Int, count: Int)>
    private let parameters: FlatBuffer<Parameter>

    init(_ context: EvaluationContext) {
        // Sized first and filled in place: building arrays of strings cost more than the
        // matching it saves for a file of a few dozen conditions.
        var sizes = Sizes()
        Self.forEachBinding(of: context, &sizes)
        var text = FlatBuffer<UInt8>(repeating: 0, count: sizes.text)
        var values = FlatBuffer<(start: Int, count: Int)>(repeating: (0, 0), count: sizes.values)
        var parameters = FlatBuffer<Parameter>(repeating: Parameter(nameStart: 0, nameCount: 0, firstValue: 0, valueCount: 0), count: sizes.parameters)
        text.withUnsafeMutableElements { text in
            values.withUnsafeMutableElements { values in
                parameters.withUnsafeMutableElements { parameters in
                    var filler = Filler(text: text, values: values, parameters: parameters)
                    Self.forEachBinding(of: context, &filler)
                }
            }
        }
        self.text = text
        self.values = values
        self.parameters = parameters
    }

    /// What ``forEachBinding(of:_:)`` calls with each binding. Visitors passed `inout` rather
    /// than closures: the counts a closure captured were boxed and each access to them checked
    /// for exclusivity at run time, about 80 instructions each.
    private protocol Visitor {
        mutating func visit(_ name: String, _ single: String?, _ values: [String])
    }

    /// The storage the bindings take.
    private struct Sizes: Visitor {
        var text = 0, values = 0, parameters = 0

        mutating func visit(_ name: String, _ single: String?, _ bound: [String]) {
            text += name.utf8.count + (single?.utf8.count ?? 0) + bound.reduce(0) { $0 + $1.utf8.count }
            values += single == nil ? bound.count : 1
            parameters += 1
        }
    }

    /// Copies the bindings into storage ``Sizes`` measured.
    private struct Filler: Visitor {
        let text: UnsafeMutableBufferPointer<UInt8>
        let values: UnsafeMutableBufferPointer<(start: Int, count: Int)>
        let parameters: UnsafeMutableBufferPointer<Parameter>
        var textEnd = 0, valueEnd = 0, parameterEnd = 0

        mutating func visit(_ name: String, _ single: String?, _ bound: [String]) {
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

        /// Copied whole: walking the string's UTF-8 view a byte at a time cost about 500
        /// instructions a name or value.
        private mutating func append(_ string: String) -> (start: Int, count: Int) {
            let start = textEnd
            let count = NameTable.withBytes(of: string) { bytes in
                if let source = bytes.baseAddress {
                    UnsafeMutableRawPointer(text.baseAddress.unsafelyUnwrapped + start).copyMemory(from: source, byteCount: bytes.count)
                }
                return bytes.count
            }
            textEnd += count
            return (start, count)
        }
    }

    /// Calls `visitor` with each parameter the context binds and its values (one value alone,
    /// or the array of them), exactly as ``EvaluationContext/values(forParameter:)`` gives them:
    /// the usual five first (they are looked up most), then the others in name order.
    private static func forEachBinding<V: Visitor>(of context: EvaluationContext, _ visitor: inout V) {
        func bind(_ name: String, _ value: String?, _ visitor: inout V) {
            if let value {
                visitor.visit(name, value, [])
            } else if !context.conditions.isEmpty, let values = context.conditions[name] {
                visitor.visit(name, nil, values)
            }
        }
        bind("config", context.configuration, &visitor)
        if !context.sdks.isEmpty {
            visitor.visit("sdk", nil, context.sdks)
        } else if !context.conditions.isEmpty, let values = context.conditions["sdk"] {
            visitor.visit("sdk", nil, values)
        }
        bind("arch", context.arch, &visitor)
        bind("variant", context.variant, &visitor)
        bind("target", context.targetName, &visitor)
        if context.conditions.isEmpty { return }
        for name in context.conditions.keys.sorted() where !["config", "sdk", "arch", "variant", "target"].contains(name) {
            visitor.visit(name, nil, context.conditions[name]!)
        }
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
