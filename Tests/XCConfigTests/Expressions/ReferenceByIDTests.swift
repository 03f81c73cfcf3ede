import Testing
@testable import XCConfig

/// References to unassigned names and computed names are evaluated by ID, without making the
/// name's string; they must give what the tree gives.
@Suite struct ReferenceByIDTests {
    static let values: [String] = [
        "$(UNSET_STRING_TYPED)", "$(GCC_PREPROCESSOR_DEFINITIONS_NOT_SET:default=d)", "$NOT_ASSIGNED", "$NOT_ASSIGNED$(NAME)",
        "$($(NAME))", "$($(NAME_OF_UNMATCHED))", "$NOT$(NAME_OF_UNMATCHED)", "$($(NAME_OF_UNASSIGNED))", "$($(NAME_OF_INHERITED))",
        "x$($(NAME):upper)", "$(PRODUCT_NAME_NOT_SET)", "$(UNMATCHED)",
        // A computed name that names the setting being evaluated reaches the value below it.
        "$($(NAME_OF_V))", "[$($(NAME_OF_V):upper)]", "$($(NAME)):$($(NAME))",
    ]

    @Test(arguments: values)
    func sameAsTheTree(value: String) {
        let text = """
            A = a
            NAME = A
            UNMATCHED[config=Nope] = never
            NAME_OF_UNMATCHED = UNMATCHED
            NAME_OF_UNASSIGNED = NOWHERE
            NAME_OF_INHERITED = inherited
            NAME_OF_V = V
            V = base
            V = \(value)
            """
        let resolver = makeResolver(text)
        let compiled = resolver.value(of: "V")
        // Any extra binding makes every reference reached by its name's string.
        let byName = resolver.evaluate(template: "$(V)", bindings: ["NOT_REFERRED_TO": "x"]).value
        #expect(compiled == byName)
    }
}
