import ConformanceSupport
import Testing
@testable import XCConfig

/// The resolver evaluates compiled ``StringProgram``s; the public ``Expression`` tree must
/// give the same string form for every value, since `explain`, typed values and the linter
/// read values through the tree.
@Suite struct StringProgramTests {
    /// Values chosen for the grammar's corners, in both semantics.
    static let values: [String] = [
        "", "plain", "$", "a$", "$$", "$$(A)", "a $(A) b", "$(A)$(B)", "${A} $[B]", "$A", "$A.b$(B)", "$A$(B:upper)",
        "$(A_$(B))", "$($(NAME))", "$(A:default=x)", "$(UNSET:default=$(B))", "$(A:dir:file)", "$(A:base=new)",
        "$(A:lo wer)", "$(A:upper=)", "$(A:)", "$()", "$(A", "$(A:default=$(B", "\\$(A)", "\\\\$(A)", "\"$(A) x\" 'y $(B)'",
        "a\\", "\"unterminated $(A)", "x $(inherited) y", "$(value)", "$inherited", "$(A:suffix)_$(B:rfc1034identifier)",
        "é $(A) ü", "$(A:default=a:b)", "${A:upper}}", "$[A]]", "$(A)) (", "$(SELF)", "$(A$)", "$ A",
    ]

    static func resolver(for value: String) -> Resolver {
        let text = """
            A = one/two.txt
            B = "b c"
            NAME = A
            SELF = s $(SELF)
            A_b c = joined
            UNSET_LIST =
            V_STRING = \(value)
            V_LIST = \(value)
            OTHER_LDFLAGS = \(value)
            """
        return makeResolver(text)
    }

    /// Every record's compiled string form equals the tree's.
    static func expectSameForms(_ resolver: Resolver, _ comment: Comment? = nil) {
        resolver.withEvaluator { resolver in
        for index in resolver.records.indices {
            let tree = resolver.evaluateString(resolver.expression(index))
            resolver.aborted = false
            let program = resolver.evaluateProgram(resolver.program(index), nameID: Int(resolver.records[index].nameID))
            resolver.aborted = false
            #expect(resolver.string(program) == tree, "\(resolver.rawValue(ofRecord: index)) \(comment?.rawValue ?? "")")
        }
        }
    }

    @Test(arguments: values)
    func compiledFormMatchesTheTree(value: String) {
        Self.expectSameForms(Self.resolver(for: value))
    }

    /// Nested names and operands, unterminated and terminated (the nesting limit itself is
    /// exercised through the command line on a large stack, in RobustnessTests).
    @Test func deepNesting() {
        Self.expectSameForms(Self.resolver(for: String(repeating: "$(", count: 300) + "A"))
        Self.expectSameForms(Self.resolver(for: String(repeating: "$(A:default=", count: 200) + "x" + String(repeating: ")", count: 200)))
    }

    /// Every value of every corpus file, in an iOS context.
    @Test(.enabled(if: ConformanceFixtures.corpusDirectory != nil, "shared/corpus is absent"))
    func corpusValuesMatchTheTree() throws {
        let context = EvaluationContext(configuration: "Debug", sdks: ["iphoneos17.0", "iphoneos"], arch: "arm64")
        var compared = 0
        for file in ConformanceFixtures.corpusFiles() {
            let stack = try StackInputs(targetConfigFiles: [file]).load(with: IncludeLoader(fileSystem: RealFileSystem()), context: context)
            Self.expectSameForms(stack.resolver, Comment(rawValue: file))
            compared += stack.resolver.table.records.count
        }
        #expect(compared > 10_000)
    }
}
