import Testing
@testable import XCConfig

/// ``ProgramStore/compile(_:semantics:nameIDs:)`` gives a value a literal exactly when it
/// compiled no reference (it decides by counting the references it compiled).
@Suite struct ProgramLiteralTests {
    static func compiled(_ value: String, semantics: ValueSemantics) -> (isLiteral: Bool, literal: String?) {
        var store = ProgramStore()
        let names = NameTable()
        names.intern("A")
        var value = value
        let program = value.withUTF8 { store.compile($0, semantics: semantics, nameIDs: names) }
        return (program.isLiteral, program.isLiteral ? store.literalString(program) : nil)
    }

    @Test(arguments: [ValueSemantics.string, .list])
    func literalExactlyWithoutReferences(semantics: ValueSemantics) {
        for (value, literal) in [("a$$b", "a$b"), ("$", "$"), ("a$ b", "a$ b"), ("$$(A)", "$(A)"), ("x$$", "x$"), ("$$$$", "$$")] {
            let result = Self.compiled(value, semantics: semantics)
            #expect(result.isLiteral, "\(value)")
            #expect(result.literal == literal, "\(value)")
        }
        for value in ["$(A)", "a $(A)", "$A", "$(B) $$", "$$$(A)", "$(A:default=x)"] {
            #expect(!Self.compiled(value, semantics: semantics).isLiteral, "\(value)")
        }
    }
}
