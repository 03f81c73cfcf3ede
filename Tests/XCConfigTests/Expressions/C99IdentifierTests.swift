import Testing
@testable import XCConfig

/// Tests for the `c99extidentifier` mangling (semantics §3.6, vector E13).
@Suite struct C99IdentifierTests {
    @Test(arguments: [
        ("", ""),
        ("ÜTF-8", "ÜTF_8"),
        ("a가가", "a가가"),
        ("٠٠٠", "_٠٠"),
        ("12 3", "_2_3"),
    ])
    func specVectorE13(input: String, expected: String) {
        #expect(C99Identifier.mangle(input) == expected)
    }

    @Test func productNameWithPunctuation() {
        #expect(C99Identifier.mangle("My App-2.0 (beta)") == "My_App_2_0__beta_")
    }

    /// Decomposed input is composed first: `U` + COMBINING DIAERESIS is one
    /// kept letter, not `U_`. Compared by scalars, since `==` on String
    /// ignores the difference between composed and decomposed forms.
    @Test func composesBeforeMapping() {
        let output = C99Identifier.mangle("U\u{0308}TF-8")
        #expect(Array(output.unicodeScalars) == Array("\u{00DC}TF_8".unicodeScalars))
    }

    /// Each unsupported scalar becomes exactly one `_`, including scalars
    /// outside the Basic Multilingual Plane and ones newer than Annex D.
    @Test func replacesEachUnsupportedScalar() {
        #expect(C99Identifier.mangle("a😀b") == "a_b")
        #expect(C99Identifier.mangle("x\u{9FA6}") == "x_")
        #expect(C99Identifier.mangle("-") == "_")
    }

    /// Only the first scalar is subject to the digit rule, and only digits
    /// (a Thai digit is a digit; a Thai letter is not).
    @Test func firstScalarDigitRule() {
        #expect(C99Identifier.mangle("9lives") == "_lives")
        #expect(C99Identifier.mangle("a1") == "a1")
        #expect(C99Identifier.mangle("\u{0E51}x") == "_x")
        #expect(C99Identifier.mangle("\u{0E01}1") == "\u{0E01}1")
        #expect(C99Identifier.mangle("_1") == "_1")
    }

    @Test func tablesAreSortedAndDisjoint() {
        for table in [C99Identifier.identifierRanges, C99Identifier.digitRanges] {
            for (previous, next) in zip(table, table.dropFirst()) {
                #expect(previous.upperBound < next.lowerBound)
            }
        }
    }

    @Test func everyDigitIsAnIdentifierCharacter() {
        for range in C99Identifier.digitRanges {
            for value in range {
                #expect(C99Identifier.contains(C99Identifier.identifierRanges, value))
            }
        }
    }
}
