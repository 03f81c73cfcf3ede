import Testing
@testable import XCConfig

/// Compiled values hold operator IDs; every name Xcode knows must map to its own ID, and
/// every other name to `unknown`.
@Suite struct OperatorNameTests {
    @Test func everyKnownNameHasItsID() {
        for name in Operators.retrievalNames.union(Operators.replacementNames) {
            let id = OperatorName(name)
            #expect(id != .unknown, "\(name)")
            #expect(id.spelling.description == name)
        }
    }

    @Test(arguments: ["", "d", "di", "dirs", "Dir", "uppe", "upperx", "identifieR", "isancestoR", "__md6", "inherited", "défault"])
    func otherNamesAreUnknown(name: String) {
        #expect(OperatorName(name) == .unknown)
    }

    @Test func unknownOperatorsLeaveTheValueUnchanged() {
        #expect(Operators.retrieve("nope", "a/b.c") == "a/b.c")
        #expect(Operators.replace("nope", "a/b.c", operand: "x") == "a/b.c")
        #expect(Operators.retrieve("default", "v") == "v")
        #expect(Operators.replace("upper", "v", operand: "x") == "v")
    }
}
