import Testing
@testable import XCConfig

/// ``Evaluator/evaluateRecord(nameID:record:)`` caches values with the names they depend on,
/// builds them in place, reads cached references without a call and evaluates literals
/// without a frame; all of it must give what the semantics give, computed here by a plain
/// recursive evaluator without caching (``Oracle``), on many generated configurations with
/// `$(inherited)` chains, cycles, operators, `default=` operands and computed names, in every
/// order of asking. And chains past ``Resolver/Options/maximumDepth`` give up with the usual
/// diagnostic.
@Suite struct EvaluationOracleTests {
    /// A generated value: text and references.
    indirect enum Part {
        case text(String)
        case reference(name: [Part], operators: [(name: String, operand: [Part]?)], braces: Bool)

        var written: String {
            switch self {
            case .text(let text): return text
            case .reference(let name, let operators, let braces):
                var inside = name.map(\.written).joined()
                for (op, operand) in operators {
                    inside += ":" + op
                    if let operand { inside += "=" + operand.map(\.written).joined() }
                }
                return braces ? "${" + inside + "}" : "$(" + inside + ")"
            }
        }
    }

    struct Assignment {
        var name: String
        var parts: [Part]
    }

    /// The semantics, evaluated naively: a reference to a setting being evaluated (or
    /// `$(inherited)`) reaches the setting's next assignment below the one being evaluated, any
    /// other the newest. A value that produced no element (`nil`: no text and no reference that
    /// produced one) is nothing to the operators but `default=`; an empty string that some
    /// reference or operator produced is an element (swift-build's `MacroEvaluationResultBuilder`
    /// counts any text appended, even empty).
    struct Oracle {
        let assignments: [Assignment]

        func value(of name: String) -> String {
            guard let top = assignments.lastIndex(where: { $0.name == name }) else { return "" }
            return evaluate(top, stack: []) ?? ""
        }

        func below(_ index: Int) -> Int? {
            assignments[..<index].lastIndex { $0.name == assignments[index].name }
        }

        func evaluate(_ index: Int, stack: [Int]) -> String? {
            text(assignments[index].parts, stack: stack + [index])
        }

        func text(_ parts: [Part], stack: [Int]) -> String? {
            var output: String?
            for part in parts {
                let piece: String?
                switch part {
                case .text(let text): piece = text
                case .reference(let name, let operators, _): piece = reference(name, operators, stack: stack)
                }
                if let piece { output = (output ?? "") + piece }
            }
            return output
        }

        func reference(_ nameParts: [Part], _ operators: [(name: String, operand: [Part]?)], stack: [Int]) -> String? {
            let name = text(nameParts, stack: stack) ?? ""
            let target: Int?
            if name == "inherited" {
                target = below(stack.last!)
            } else if let frame = stack.lastIndex(where: { assignments[$0].name == name }) {
                target = below(stack[frame])
            } else {
                target = assignments.lastIndex { $0.name == name }
            }
            var value = target.flatMap { evaluate($0, stack: stack) }
            for (op, operand) in operators {
                guard let current = value else {
                    value = op == "default" ? text(operand!, stack: stack) ?? "" : nil
                    continue
                }
                if let operand {
                    // `default=` on an empty value (left by an earlier operator) is its operand.
                    value = Operators.replace(op, current, operand: text(operand, stack: stack) ?? "")
                } else {
                    value = Operators.retrieve(op, current)
                }
            }
            return value
        }
    }

    /// SplitMix64: the same configurations on every run.
    struct Generator {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return Int((z ^ (z >> 31)) % UInt64(bound))
        }
    }

    static let settingNames = ["S0", "S1", "S2", "S3", "S4", "S5"]
    /// Settings whose values are names, for computed names.
    static let nameSettings = ["N0", "N1"]

    static func configuration(seed: UInt64) -> [Assignment] {
        var generator = Generator(state: seed)
        // No piece ends with `/` (a `//` would start a comment) nor holds a space (trimmed
        // at the ends of a value).
        let texts = ["a", "b-", "/x/y.z", "_Q", ".e", "-D"]
        func reference(depth: Int) -> Part {
            let name: [Part]
            switch generator.next(8) {
            case 0: name = [.text("inherited")]
            case 1: name = [.reference(name: [.text(nameSettings[generator.next(2)])], operators: [], braces: false)]
            case 2: name = [.text("UNSET")]
            default: name = [.text(settingNames[generator.next(settingNames.count)])]
            }
            var operators: [(name: String, operand: [Part]?)] = []
            for _ in 0..<[0, 0, 0, 1, 1, 2][generator.next(6)] {
                let retrieval = ["upper", "lower", "file", "base", "dir", "suffix"]
                if generator.next(3) == 0 {
                    operators.append(("default", depth < 1 ? value(depth: depth + 1, pieces: 2) : [.text("d")]))
                } else {
                    operators.append((retrieval[generator.next(retrieval.count)], nil))
                }
            }
            return .reference(name: name, operators: operators, braces: generator.next(4) == 0)
        }
        func value(depth: Int, pieces: Int) -> [Part] {
            (0..<1 + generator.next(pieces)).map { _ in
                generator.next(5) < 2 ? .text(texts[generator.next(texts.count)]) : reference(depth: depth)
            }
        }
        var assignments = nameSettings.map { name in
            Assignment(name: name, parts: [.text(["inherited", "S1", "S4", "NOPE"][generator.next(4)])])
        }
        for _ in 0..<(6 + generator.next(6)) {
            assignments.append(Assignment(name: settingNames[generator.next(settingNames.count)], parts: value(depth: 0, pieces: 3)))
        }
        return assignments
    }

    static func resolver(_ assignments: [Assignment], options: Resolver.Options = Resolver.Options()) -> Resolver {
        makeResolver(assignments.map { "\($0.name) = \($0.parts.map(\.written).joined())\n" }.joined(), options: options)
    }

    @Test func generatedConfigurationsGiveWhatTheSemanticsGive() {
        let names = Self.settingNames + Self.nameSettings
        for seed in UInt64(1)...300 {
            let assignments = Self.configuration(seed: seed)
            let oracle = Oracle(assignments: assignments)
            let expected = names.map { oracle.value(of: $0) }
            // Asked in three orders, each from one resolver (later values from the cache or
            // built on cached ones), then each from a fresh resolver.
            for order in [Array(names.indices), names.indices.reversed(), names.indices.sorted { ($0 * 5) % 8 < ($1 * 5) % 8 }] {
                let resolver = Self.resolver(assignments)
                for index in order {
                    #expect(resolver.value(of: names[index]) == expected[index], "seed \(seed), \(names[index]) in order \(order)")
                }
                // Asked again: every value from the cache where it is valid.
                for index in order {
                    #expect(resolver.value(of: names[index]) == expected[index], "seed \(seed), \(names[index]) asked again")
                }
            }
            for (index, name) in names.enumerated() {
                #expect(Self.resolver(assignments).value(of: name) == expected[index], "seed \(seed), \(name) alone")
            }
        }
    }

    /// The generator makes what it should: references reach every kind of target somewhere.
    @Test func generatedConfigurationsExerciseEveryShape() {
        let written = (UInt64(1)...300).flatMap { Self.configuration(seed: $0) }.map { $0.parts.map(\.written).joined() }
        for shape in ["$(inherited", "${", "$($(N", ":default=", ":upper", ":dir", "$(UNSET"] {
            #expect(written.contains { $0.contains(shape) }, "\(shape)")
        }
        // Some value is not what its raw text is, and some reference reaches a cycle.
        let oracle = Oracle(assignments: Self.configuration(seed: 7))
        #expect(Self.settingNames.contains { !oracle.value(of: $0).isEmpty })
    }

    /// A reference without operators that reaches an unset setting or name gives no bytes
    /// without its type looked up; with operators the type still counts (an unset string-typed
    /// setting is one empty element, to which `:upper` applies and `default=` too). Both as
    /// the tree gives them.
    @Test(arguments: ["PRODUCT_NAME", "OTHER_LDFLAGS", "MY_SETTING"], [
        "a$(inherited)b", "$(inherited)", "$(inherited:upper)", "[$(inherited:default=d)]", "$(inherited:upper:default=d)",
        "x$(UNSET_NAME)y", "$(UNSET_NAME:default=d)", "$(INFOPLIST_FILE:lower:default=d)", "$(INFOPLIST_FILE)-",
    ])
    func unsetTargetsWithAndWithoutOperators(setting: String, value: String) {
        let resolver = makeResolver("\(setting) = \(value)\n")
        let compiled = resolver.value(of: setting)
        // Any extra binding makes every reference reached by its name's string.
        let byName = resolver.evaluate(template: "$(\(setting))", bindings: ["NOT_REFERRED_TO": "x"]).value
        #expect(compiled == byName)
    }

    /// A reference is read from the cache in place only while neither a tracer nor extra
    /// bindings are set: `explain` after the values are cached still traces every reference,
    /// and a template's bindings win over cached values; afterwards the cache is read again.
    @Test func cacheIsReadInPlaceOnlyWithoutTracerOrBindings() {
        let resolver = makeResolver("A = a\nB = $(A)b\nC = $(B)c$(A)\n")
        #expect(resolver.value(of: "C") == "abca")
        #expect(resolver.withEvaluator { $0.readsCacheInPlace })
        let explained = resolver.explain("C")
        #expect(explained.value == "abca")
        let traced = explained.assignments.first?.references ?? []
        #expect(traced.map(\.info.name) == ["B", "A"])
        #expect(traced.first?.references.map(\.info.name) == ["A"])
        #expect(resolver.withEvaluator { $0.readsCacheInPlace })
        #expect(resolver.evaluate(template: "$(C)", bindings: ["A": "x"]).value == "xbcx")
        #expect(resolver.withEvaluator { $0.readsCacheInPlace })
        #expect(resolver.value(of: "C") == "abca")
        resolver.withEvaluator { resolver in
            resolver.extraBindings = ["A": "y"]
            #expect(!resolver.readsCacheInPlace)
            resolver.extraBindings = [:]
            resolver.tracer = EvaluationTracer()
            #expect(!resolver.readsCacheInPlace)
            resolver.tracer = nil
            #expect(resolver.readsCacheInPlace)
        }
    }

    /// A value may grow to ``Resolver/Options/maximumValueSize`` bytes exactly, built from
    /// text and references; one byte more gives up, with the value empty and the error
    /// reported; and a bound of `Int.max` bounds nothing.
    @Test func valueSizeBoundIsExact() {
        let text = "B = abcdefgh\nEXACT = 01234567$(B)\nOVER = 01234567$(B)x\nTEXT_OVER = $(B)0123456789\n"
        let bounded = makeResolver(text, options: Resolver.Options(maximumValueSize: 16))
        #expect(bounded.value(of: "EXACT") == "01234567abcdefgh")
        #expect(bounded.value(of: "OVER") == "")
        #expect(bounded.value(of: "TEXT_OVER") == "")
        #expect(bounded.diagnostics.filter { $0.message.contains("grows past") }.count == 2)
        let unbounded = makeResolver(text, options: Resolver.Options(maximumValueSize: Int.max))
        #expect(unbounded.value(of: "OVER") == "01234567abcdefghx")
        #expect(unbounded.diagnostics.isEmpty)
    }

    /// Past ``Resolver/Options/maximumDepth``, a chain of references and a chain of
    /// `$(inherited)` give up: the value is empty and the error says how deep, once per
    /// setting asked for; a shorter part of the chain is still evaluated.
    @Test func deepChainsGiveUpAtTheBound() {
        var text = "S300 = end\n"
        for index in 0..<300 { text += "S\(index) = $(S\(index + 1))x\n" }
        text += "A = a\n" + String(repeating: "A = $(inherited)x\n", count: 300)
        let resolver = makeResolver(text, options: Resolver.Options(maximumDepth: 100))
        #expect(resolver.value(of: "S0") == "")
        #expect(resolver.value(of: "A") == "")
        #expect(resolver.value(of: "S250") == "end" + String(repeating: "x", count: 50))
        let deep = resolver.diagnostics.filter { $0.message.contains("nests deeper than 100 settings") }
        #expect(deep.count == 2)
        #expect(deep.contains { $0.message.contains("'S100'") })
        #expect(deep.contains { $0.message.contains("'A'") })
    }
}
