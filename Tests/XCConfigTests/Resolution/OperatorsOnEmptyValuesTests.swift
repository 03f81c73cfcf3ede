import Testing
@testable import XCConfig

/// Xcode applies an operator to each element of what a reference produced, and an empty string
/// is an element: an empty value of a string-typed setting is one, an empty list-typed value is
/// nothing (swift-build's `MacroEvaluationProgram`: a retrieval or replacement operator runs on
/// every element of its subresult, and only `default=` runs on a subresult that had no text
/// appended). Expected values are the ones recorded in `random-2.json` (cases 193, 224, 377,
/// 482, 491) and the issue that reported them.
@Suite struct OperatorsOnEmptyValuesTests {
    /// `ENABLE_TESTABILITY` is boolean, so its empty value is one empty element.
    static let emptyBoolean = "ENABLE_TESTABILITY =\n"

    @Test func notOfAnEmptyStringTypedValueIsYes() {
        let r = makeResolver(Self.emptyBoolean + "R = $(ENABLE_TESTABILITY:not)\n")
        #expect(r.value(of: "R") == "YES")
    }

    @Test func isancestorOfAnEmptyStringTypedValueIsNo() {
        let r = makeResolver(Self.emptyBoolean + "R = $(ENABLE_TESTABILITY:isancestor=/usr)\n")
        #expect(r.value(of: "R") == "NO")
    }

    @Test func pathReplacementsOfAnEmptyStringTypedValueProduceTheirReplacement() {
        let r = makeResolver(Self.emptyBoolean + """
            DIR = $(ENABLE_TESTABILITY:dir:dir=/d)
            FILE = $(ENABLE_TESTABILITY:file=f.txt)
            SUFFIX = $(ENABLE_TESTABILITY:suffix=o)
            BASE = $(ENABLE_TESTABILITY:base=nb)

            """)
        #expect(r.value(of: "DIR") == "/d")
        #expect(r.value(of: "FILE") == "f.txt")
        #expect(r.value(of: "SUFFIX") == ".o")
        // `base=` always appends `.` and the old extension (semantics §3.7).
        #expect(r.value(of: "BASE") == "nb.")
    }

    @Test func anEmptyStringTypedValueReachedThroughAnotherSettingIsStillAnElement() {
        // `PRODUCT_NAME` (string) is empty; `rfc1034identifier` keeps it an (empty) element.
        let r = makeResolver("PRODUCT_NAME =\nR = $(PRODUCT_NAME:rfc1034identifier:not)\nS = $(R)\n")
        #expect(r.value(of: "R") == "YES")
        #expect(r.value(of: "S") == "YES")
    }

    @Test func anEmptyUserDefinedValueIsNothingToOperators() {
        // A user-defined setting uses list semantics: its empty value produces no element.
        let r = makeResolver("EMPTY =\nR = $(EMPTY:not)\nD = $(EMPTY:dir)\nF = $(EMPTY:file=f.txt)\nX = $(EMPTY:default=x)\n")
        #expect(r.value(of: "R") == "")
        #expect(r.value(of: "D") == "")
        #expect(r.value(of: "F") == "")
        #expect(r.value(of: "X") == "x")
    }

    @Test func anUnsetStringTypedSettingIsAnEmptyElementEvenWithoutOperators() {
        // `$(inherited)` at the bottom of a string-typed chain appends an empty string.
        let r = makeResolver("PRODUCT_NAME = $(inherited)\nR = $(PRODUCT_NAME:not)\n")
        #expect(r.value(of: "R") == "YES")
    }

    @Test func theListValueAppliesTheOperatorToTheEmptyElementToo() {
        let r = makeResolver(Self.emptyBoolean + "L = a $(ENABLE_TESTABILITY:not)\n")
        #expect(r.listValue(of: "L") == ["a", "YES"])
    }

    @Test func anOperatorCutOffByTheEndOfTheValueIsNotApplied() {
        // swift-build's `MacroExpressionParser` reports a retrieval operator only once a `:` or
        // the closer follows its name; at the end of the value it reports the reference
        // unterminated and the operator is dropped.
        let r = makeResolver("V = abc\nX = $(V:upper\nZ = $(V:upper:\nB = ${V:lower:upper\n")
        #expect(r.value(of: "X") == "abc")
        #expect(r.value(of: "Z") == "ABC")
        #expect(r.value(of: "B") == "abc")
    }

    @Test func theTreeReadsAnOperatorCutOffByTheEndAsNotApplied() {
        let expression = Expression(parsing: "$(V:upper", semantics: .string)
        guard case .reference(let reference, _) = expression.tokens.first else {
            Issue.record("no reference")
            return
        }
        #expect(reference.isUnterminated)
        #expect(reference.operators.map(\.name) == ["upper"])
        #expect(reference.operators.map(\.isApplied) == [false])
    }
}
