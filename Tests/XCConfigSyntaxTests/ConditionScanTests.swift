import Testing
import XCConfigSyntax

/// The parser finds the end of a condition's parameter and pattern eight bytes at a time; these
/// cases put every stop byte, and bytes that look like one to the word test, at each position of
/// a word, in parts long enough to span several words.
@Suite struct ConditionScanTests {
    /// Texts of `length` bytes cycling through bytes that are no stop: letters, `*`, a TAB, a
    /// non-ASCII letter and a Euro sign (whose first byte is that of U+2028).
    static func filler(_ length: Int) -> String {
        let pieces = ["a", "*", "\t", "é", "€", "Z", "[", "/"]
        var text = ""
        var index = 0
        while text.utf8.count < length {
            text += pieces[index % pieces.count]
            index += 1
        }
        return text
    }

    @Test(arguments: 0..<20)
    func partsOfEveryLengthAreReadWhole(length: Int) {
        let parameter = Self.filler(length)
        let pattern = Self.filler(length + 3) + "=x"
        let tree = XCConfigParser.parse("A[\(parameter)=\(pattern)][sdk=\(pattern)] = 1\n")
        #expect(tree.diagnostics.isEmpty)
        let assignment = tree.assignments.first
        #expect(assignment?.conditions.map(\.parameter) == [parameter, "sdk"])
        #expect(assignment?.conditions.map(\.pattern) == [pattern, pattern])
        #expect(assignment?.value == "1")
        let first = assignment?.conditions.first?.range
        #expect(first?.startOffset == 1)
        #expect(first?.endOffset == 1 + 1 + parameter.utf8.count + 1 + pattern.utf8.count + 1)
    }

    @Test(arguments: 0..<20)
    func aLineEndInTheParameterEndsIt(offset: Int) {
        for terminator in ["\n", "\r", "\u{2028}", "\u{2029}"] {
            let tree = XCConfigParser.parse("A[" + Self.filler(offset) + terminator + "sdk=x] = 1")
            #expect(tree.diagnostics.map(\.message) == ["unterminated macro condition on line 1"])
            #expect(tree.diagnostics.first?.location?.column == 3 + Self.filler(offset).utf8.count)
        }
    }

    @Test(arguments: 0..<20)
    func aLineEndInThePatternEndsIt(offset: Int) {
        for terminator in ["\n", "\r\n", "\u{2028}"] {
            // The next line, `x] = 1`, is parsed afresh (and rejected at its `]`).
            let tree = XCConfigParser.parse("A[sdk=" + Self.filler(offset) + terminator + "x] = 1")
            #expect(tree.diagnostics.first?.message == "unterminated macro condition")
            #expect(tree.diagnostics.first?.location?.line == 1)
            #expect(tree.diagnostics.first?.location?.column == 7 + Self.filler(offset).utf8.count)
        }
    }

    @Test(arguments: 0..<20)
    func aBracketBeforeTheEqualsSignIsRejectedWhereItStands(offset: Int) {
        let tree = XCConfigParser.parse("A[" + Self.filler(offset) + "]=x] = 1")
        #expect(tree.diagnostics.map(\.message) == ["expected to find ‘=’ in macro condition"])
        #expect(tree.diagnostics.first?.location?.column == 3 + Self.filler(offset).utf8.count)
    }

    @Test(arguments: 0..<20)
    func theEndOfTheInputEndsAPart(offset: Int) {
        #expect(XCConfigParser.parse("A[" + Self.filler(offset)).diagnostics.map(\.message)
            == ["unterminated macro condition on line 1"])
        #expect(XCConfigParser.parse("A[sdk=" + Self.filler(offset)).diagnostics.map(\.message)
            == ["unterminated macro condition"])
    }

    @Test func aNameAtTheStartOfALineAndAfterWhitespaceParseAlike() {
        // The first form takes the parser's shortcut for a line starting with a name.
        let direct = XCConfigParser.parse("A[sdk=x] = 1\n").assignments.first
        let indented = XCConfigParser.parse("  A[sdk=x] = 1\n").assignments.first
        #expect(direct?.name == "A" && indented?.name == "A")
        #expect(direct?.value == indented?.value)
        #expect(direct?.conditions.map(\.pattern) == ["x"])
        #expect(direct?.nameRange.start == SourceLocation(line: 1, column: 1))
        #expect(indented?.nameRange.start == SourceLocation(line: 1, column: 3))
    }
}
