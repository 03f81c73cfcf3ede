import Testing
@testable import XCConfig

/// The resolver matches conditions while it pushes the assignments: an assignment's conditions
/// are read where they are written in the input (or through the assignment, in the general
/// form, and from a dictionary entry's key), against the context's values as bytes
/// (``ConditionValues``).
@Suite struct ConditionMatchingTests {
    private static let contexts: [EvaluationContext] = [
        EvaluationContext(),
        EvaluationContext(configuration: "Debug", sdks: ["iphoneos17.0", "iphoneos"], arch: "arm64"),
        EvaluationContext(configuration: "Release", sdks: ["macosx14.0"], arch: "x86_64", variant: "normal", targetName: "App"),
        // Values only in `conditions`, also for the usual parameters, and an empty list.
        EvaluationContext(conditions: ["config": ["Debug", "Beta"], "sdk": ["watchos"], "dialect": ["gnu99"], "empty": []]),
        // A field wins over `conditions` for the same parameter.
        EvaluationContext(configuration: "Debug", conditions: ["config": ["Release"], "arch": ["arm64e"], "zeta": ["z"]]),
    ]
    private static let parameters = ["config", "sdk", "arch", "variant", "target", "dialect", "empty", "zeta", "unbound", "conf", "sdks", ""]
    private static let patterns = ["*", "", "Debug", "Deb*", "Release", "iphoneos*", "iphoneos", "macosx*", "watchos", "arm64", "arm*", "x86_64",
                                   "normal", "App", "gnu99", "z", "?", "[ab]*", "*1*"]

    /// What the context binds `parameter` to, matched as semantics §4.2 says, through the
    /// public API only.
    private static func expected(_ context: EvaluationContext, _ parameter: String, _ pattern: String) -> Bool {
        guard let values = context.values(forParameter: parameter) else { return pattern == "*" }
        return values.contains { PatternMatcher.matches(pattern, $0) }
    }

    @Test func conditionValuesMatchAsTheContextBindsThem() {
        for context in Self.contexts {
            let values = ConditionValues(context)
            for parameter in Self.parameters {
                for pattern in Self.patterns {
                    let matches = Array(parameter.utf8).withUnsafeBufferPointer { parameterBytes in
                        Array(pattern.utf8).withUnsafeBufferPointer { values.matches(parameterBytes, $0) }
                    }
                    #expect(matches == Self.expected(context, parameter, pattern), "\(context) [\(parameter)=\(pattern)]")
                }
            }
        }
    }

    /// A file assigning `S_<n>` once per condition set, under every context: read in place (the
    /// compact form), through the assignments in the general form, and as dictionary keys, the
    /// same assignments match.
    @Test func everyWayOfReadingConditionsMatchesTheSame() {
        let sets = [
            "[config=Debug]", "[config=Release]", "[sdk=iphoneos*]", "[sdk=macosx*]", "[arch=arm64][config=Debug]",
            "[arch=arm64] [config=Release]", "[dialect=gnu*]", "[unbound=*]", "[unbound=x]", "[sdk=iphoneos*][arch=x86_64]",
            "[config=*][sdk=*][arch=*]", "[empty=*]", "[zeta=z]", "[variant=normal][target=App]", "[sdk=watchos][config=Beta]",
        ]
        var text = ""
        for (index, set) in sets.enumerated() { text += "S_\(index) = base\nS_\(index)\(set) = matched\n" }
        let compact = loadConfiguration(text, path: "/main.xcconfig")
        // The same assignments, each put in the general form by setting its conditions and
        // kept whole in a tree made from the file's statements.
        var general = compact
        let tree = compact.files[0].tree
        let statements = tree.statements.map { statement -> Statement in
            guard case .assignment(var assignment) = statement.kind else { return statement }
            assignment.conditions = assignment.conditions
            return Statement(kind: .assignment(assignment), range: statement.range)
        }
        general.files[0] = ConfigurationFile(
            path: compact.files[0].path, tree: SyntaxTree(bytes: tree.bytes, statements: statements, lineStarts: tree.lineStarts))
        var entries: [DictionaryEntry] = []
        for (index, set) in sets.enumerated() {
            entries.append(DictionaryEntry(key: "S_\(index)", value: "base"))
            entries.append(DictionaryEntry(key: "S_\(index)\(set.filter { $0 != " " })", value: "matched"))
        }
        for context in Self.contexts {
            let fromInput = makeResolver(compact, context: context)
            let fromAssignments = makeResolver(general, context: context)
            let fromKeys = Resolver(levels: [Level(kind: .target, source: .dictionary(entries))], context: context)
            for (index, set) in sets.enumerated() {
                let name = "S_\(index)"
                let value = fromInput.value(of: name)
                #expect(value == fromAssignments.value(of: name), "\(name)\(set) in \(context)")
                #expect(value == fromKeys.value(of: name), "\(name)\(set) in \(context)")
            }
        }
    }

    /// Spot checks against semantics §4.2, so that the three agreeing is not agreement on a mistake.
    @Test func matchesAsTheSemanticsSay() {
        let text = """
            A[config=Debug] = debug
            B[sdk=iphoneos*] = device
            C[sdk=iphoneos17.0][arch=arm64] = both
            D[arch=x86_64] = intel
            E[unbound=*] = star
            F[unbound=x] = x
            G[sdk=macosx*][config=Debug] = mac

            """
        let loaded = loadConfiguration(text, path: "/main.xcconfig")
        let context = EvaluationContext(configuration: "Debug", sdks: ["iphoneos17.0", "iphoneos"], arch: "arm64")
        let resolver = makeResolver(loaded, context: context)
        #expect(resolver.value(of: "A") == "debug")
        #expect(resolver.value(of: "B") == "device")
        #expect(resolver.value(of: "C") == "both")
        #expect(resolver.value(of: "D") == "")
        // A parameter without a value matches only `*`.
        #expect(resolver.value(of: "E") == "star")
        #expect(resolver.value(of: "F") == "")
        #expect(resolver.value(of: "G") == "")
    }
}
