import Testing
import XCConfigSyntax

/// The line-parser vectors of semantics §6.1, one behaviour per test.
@Suite struct ParserVectorTests {
    @Test func p1_conditionsAndTrailingSemicolonWithSpaces() {
        let tree = parse("ABC123[cpu=z80][sdk=svi318] = $(inherited)  ;  ")
        #expect(assignments(tree) == ["ABC123[cpu=z80][sdk=svi318]=$(inherited)"])
        #expect(tree.diagnostics.isEmpty)
    }

    @Test func p2_nameAtEndOfFileLacksEquals() {
        let tree = parse("A=\nA")
        #expect(assignments(tree) == ["A="])
        #expect(diagnostics(tree) == [error(2, "expected a ‘=’, but found end of file")])
    }

    @Test func p3_loneCarriageReturnsCountAsLines() {
        let tree = parse(String(repeating: "\r", count: 11) + "\\")
        #expect(tree.assignments.isEmpty)
        #expect(diagnostics(tree) == [error(12, "unexpected character ‘\\’")])
    }

    @Test func p4_indentedLineIsNoImplicitContinuation() {
        let tree = parse("A = B\n    C\nD = E")
        #expect(assignments(tree) == ["A=B", "D=E"])
        #expect(diagnostics(tree) == [error(2, "expected a ‘=’, but found end of line")])
    }

    @Test func p5_continuationsWithCommentsAndBlankBackslashLines() {
        let input = """
            FEATURE_DEFINES_A = $(A) $(B) \\
            $(C)
            FEATURE_DEFINES_B = $(D) \\ // comment 1
            $(E) \\
            $(F); // note
            FEATURE_DEFINES_C = \\
                $(G) \\
                \\ // comment 3
                $(H)
            FEATURE_DEFINES_D = \\ // comment 4
                $(I);
            """
        let tree = parse(input)
        #expect(assignments(tree) == [
            "FEATURE_DEFINES_A=$(A) $(B) $(C)",
            "FEATURE_DEFINES_B=$(D) $(E) $(F)",
            "FEATURE_DEFINES_C=$(G) $(H)",
            "FEATURE_DEFINES_D=$(I)",
        ])
        #expect(tree.diagnostics.isEmpty)
        let lines = tree.statements.map { ($0.range.start.line, $0.range.end.line) }
        // Each statement ends where the next starts; the last has no terminator.
        #expect(lines.map(\.0) == [1, 3, 6, 10])
        #expect(tree.assignments.map { $0.equalsLocation.line } == [1, 3, 6, 10])
        // Xcode's provenance: lines of `=` and of the end, columns from the name (semantics §1.8).
        let spans = tree.assignments.map { [$0.equalsLocation.line, $0.end.line, $0.xcodeColumns.start] }
        #expect(spans == [[1, 2, 20], [3, 5, 20], [6, 9, 20], [10, 11, 20]])
        #expect(tree.assignments[0].xcodeColumns.end == 37)
    }

    @Test func p6_commentOnlyValueDoesNotContinue() {
        let tree = parse("FEATURE_DEFINES_E = // comment 4\n$(I)")
        #expect(assignments(tree) == ["FEATURE_DEFINES_E="])
        #expect(diagnostics(tree) == [error(2, "unexpected character ‘$’")])
    }

    @Test func p7_continuationInsertsSpaceEvenInsideReference() {
        let tree = parse("MY_VALUE = $(MY_VALUE_\\\n        $(COMPOSE_ME))")
        #expect(assignments(tree) == ["MY_VALUE=$(MY_VALUE_ $(COMPOSE_ME))"])
    }

    @Test func p8_onlyAFinalBackslashContinues() {
        let tree = parse("SINGLE_LINE = A \\ B \\ C \\ D")
        #expect(assignments(tree) == ["SINGLE_LINE=A \\ B \\ C \\ D"])
    }

    @Test func p9_continuationInsideConditionFailsAndNextLinesParseAfresh() {
        let tree = parse("VALUE[ \\\n  sdk=iphoneos*, \\\n  arch=arm64 \\\n] = big spaces")
        #expect(diagnostics(tree) == [error(1, "unterminated macro condition on line 1")])
        #expect(assignments(tree) == ["sdk=iphoneos*, arch=arm64 ] = big spaces"])
    }

    @Test func p10_blankContinuationLineIsDropped() {
        let tree = parse("MY_STRING = \"hello \\\n  \\\n  I really wanted the \\\n  works in strings.\"")
        #expect(assignments(tree) == ["MY_STRING=\"hello I really wanted the works in strings.\""])
    }

    @Test func p11_plusEqualsIsNotAnOperator() {
        let tree = parse("FOO += bar")
        #expect(tree.assignments.isEmpty)
        #expect(diagnostics(tree) == [error(1, "expected a ‘=’, but found +")])
    }

    @Test func p12_byteOrderMarkLosesFirstLine() {
        let tree = XCConfigParser.parse([0xEF, 0xBB, 0xBF] + Array("FOO = 1\nBAR = 2".utf8))
        #expect(diagnostics(tree) == [error(1, "unexpected character ‘ï’")])
        #expect(assignments(tree) == ["BAR=2"])
    }

    @Test func p13_conditionPartsAreNotTrimmed() {
        let tree = parse("FOO[ sdk = mac* ] = x")
        let condition = tree.assignments.first?.conditions.first
        #expect(condition?.parameter == " sdk ")
        #expect(condition?.pattern == " mac* ")
        #expect(condition.map { tree.text($0.range) } == "[ sdk = mac* ]")
    }

    @Test func p14_onlyOneTrailingSemicolonIsDropped() {
        let tree = parse("FOO [sdk=x] = 1 ;;")
        #expect(assignments(tree) == ["FOO[sdk=x]=1 ;"])
        let assignment = tree.assignments[0]
        #expect(assignment.droppedSemicolon.map { $0.start.column } == 18)
    }

    @Test func p15_doubleSlashInURLStartsAComment() {
        let tree = parse("URL = http://example.com")
        #expect(assignments(tree) == ["URL=http:"])
        #expect(tree.assignments[0].comments.map { tree.text($0) } == ["//example.com"])
    }

    @Test func p16_quotesDoNotProtectDoubleSlash() {
        #expect(assignments(parse("A = \"x // y\"")) == ["A=\"x"])
    }

    @Test func p17_directiveKeywordRunsToWhitespace() {
        let tree = parse("#include\"a.xcconfig\"")
        #expect(diagnostics(tree) == [error(1, "unsupported preprocessor directive ‘include\"a.xcconfig\"’")])
        #expect(tree.includes.isEmpty)
    }

    @Test func p18_angleBracketIncludeIsRejected() {
        #expect(diagnostics(parse("#include <b>")) == [error(1, "unexpected character ‘<’")])
    }

    @Test func p19_unknownDirective() {
        #expect(diagnostics(parse("#import \"x\"")) == [error(1, "unsupported preprocessor directive ‘import’")])
    }

    @Test func p20_loneHash() {
        #expect(diagnostics(parse("#")) == [error(1, "unexpected end-of-line after ‘#’")])
        #expect(diagnostics(parse("  # // c\nA=1")) == [error(1, "unexpected end-of-line after ‘#’")])
    }

    @Test func p21_blockCommentAtLineStartIsAnError() {
        let tree = parse("/* c */ A = 1")
        #expect(diagnostics(tree) == [error(1, "unexpected character ‘/’")])
        #expect(tree.assignments.isEmpty)
    }

    @Test func p22_blockCommentInValueIsLiteral() {
        #expect(assignments(parse("A = 1 /* c */")) == ["A=1 /* c */"])
    }

    @Test func p23_invalidNameCharacters() {
        #expect(diagnostics(parse("A.B = 3")) == [error(1, "expected a ‘=’, but found .")])
        #expect(diagnostics(parse("A-B = 4")) == [error(1, "expected a ‘=’, but found -")])
        #expect(diagnostics(parse("1A = 2")) == [error(1, "unexpected character ‘1’")])
    }

    @Test func p24_unterminatedConditions() {
        #expect(diagnostics(parse("A[sdk=x")) == [error(1, "unterminated macro condition")])
        #expect(diagnostics(parse("\nA[sdk")) == [error(2, "unterminated macro condition on line 2")])
    }

    @Test func p25_conditionWithoutEquals() {
        #expect(diagnostics(parse("A[sdk]=1")) == [error(1, "expected to find ‘=’ in macro condition")])
        #expect(diagnostics(parse("A[]=1")) == [error(1, "expected to find ‘=’ in macro condition")])
    }

    @Test func p26_emptyConditionParameterParses() {
        let tree = parse("A[=x]=1")
        #expect(tree.diagnostics.isEmpty)
        #expect(tree.assignments.first?.conditions.first?.parameter == "")
        #expect(assignments(tree) == ["A[=x]=1"])
    }

    @Test func p27_secondEqualsBelongsToValue() {
        #expect(assignments(parse("A==b")) == ["A==b"])
        #expect(parse("A==b").assignments.first?.value == "=b")
    }

    @Test func p28_crlfAndCrEndLines() {
        let tree = parse("A = 1\r\nB = 2\rC = 3")
        #expect(assignments(tree) == ["A=1", "B=2", "C=3"])
        #expect(tree.assignments.map(\.nameRange.start.line) == [1, 2, 3])
        #expect(tree.lineStarts == [0, 7, 13])
    }

    @Test func p29_unicodeSeparatorsEndLines() {
        let tree = parse("A = 1\n (\u{2028}B=2")
        #expect(diagnostics(tree) == [error(2, "unexpected character ‘(’")])
        #expect(assignments(tree) == ["A=1", "B=2"])
        #expect(tree.assignments.map(\.nameRange.start.line) == [1, 3])
    }

    @Test func p30_junkAfterIncludeNameRejectsTheLine() {
        let tree = parse("#include \"a\" x")
        #expect(diagnostics(tree) == [error(1, "unexpected character at end of line: ‘x’")])
        #expect(tree.includes.isEmpty)
    }

    @Test func p31_unterminatedOrMissingFileName() {
        #expect(diagnostics(parse("#include \"")) == [error(1, "unterminated file name")])
        #expect(diagnostics(parse("#include? ")) == [error(1, "unexpected end of file")])
        #expect(diagnostics(parse("#include\n")) == [error(1, "unexpected end of line")])
    }

    @Test func p32_includesWithCommentsAndSpaces() {
        let tree = parse("#include \"a\" // c\n   #  include?   \"p q\"   ")
        #expect(tree.diagnostics.isEmpty)
        #expect(tree.includes.map(\.path) == ["a", "p q"])
        #expect(tree.includes.map(\.isOptional) == [false, true])
        #expect(tree.includes[0].comment.map { tree.text($0) } == "// c")
        #expect(tree.text(tree.includes[1].pathRange) == "p q")
    }

    @Test func p33_continuationSwallowsNextAssignment() {
        #expect(assignments(parse("A = a \\\nB = b")) == ["A=a B = b"])
    }

    @Test func p34_emptyLineEndsContinuation() {
        let tree = parse("A = x \\\n\nB = 2")
        #expect(assignments(tree) == ["A=x", "B=2"])
        // The empty line is consumed as the end of A's value.
        #expect(tree.statements.count == 2)
        #expect(tree.statements[0].range.end.line == 3)
    }

    @Test func p35_twoBackslashesDropOneAndContinue() {
        #expect(assignments(parse("A=x\\\\\ny")) == ["A=x\\ y"])
    }

    @Test func p36_indentationIsAllowed() {
        #expect(assignments(parse("  A = 1\n\tB[config=Debug] = 2")) == ["A=1", "B[config=Debug]=2"])
    }
}
