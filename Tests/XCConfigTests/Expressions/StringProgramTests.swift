import ConformanceSupport
import Testing
@testable import XCConfig

/// Most values compile through the common shape (``ProgramStore/compileCommonShape``), a
/// one-pass branch for the values nearly every file is made of; the general compiler reads
/// every value. Both must give the same string form for every value.
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

    /// Every record's program, as the resolver compiles it (through the common shape where
    /// it applies), evaluates to what the general compiler's program of the same bytes does.
    static func expectSameForms(_ resolver: Resolver, _ comment: Comment? = nil) {
        resolver.withEvaluator { evaluator in
            for index in evaluator.records.indices {
                let nameID = Int(evaluator.records[index].nameID)
                let usual = evaluator.string(evaluator.evaluateProgram(evaluator.program(index), nameID: nameID))
                evaluator.aborted = false
                let semantics: ValueSemantics = evaluator.settingType(nameID).usesListSemantics ? .list : .string
                let general = evaluator.table.sources.withValueBytes(of: evaluator.records[index]) {
                    evaluator.store.compileInGeneral($0, semantics: semantics, nameIDs: evaluator.nameIDs)
                }
                let generalValue = evaluator.string(evaluator.evaluateProgram(general, nameID: nameID))
                evaluator.aborted = false
                #expect(usual == generalValue, "\(evaluator.rawValue(ofRecord: index)) \(comment?.rawValue ?? "")")
            }
        }
    }

    @Test(arguments: values)
    func commonShapeMatchesTheGeneralCompiler(value: String) {
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
    func corpusValuesCompileAlikeInBothPaths() throws {
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
