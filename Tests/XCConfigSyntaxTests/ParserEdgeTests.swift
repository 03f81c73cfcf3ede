import Testing
import XCConfigSyntax

/// Behaviour beyond the §6.1 vectors, read from Xcode's parser.
@Suite struct ParserEdgeTests {
    // MARK: Statements

    @Test func linesAreBlankCommentAssignmentIncludeOrInvalid() {
        let tree = parse("\n  // note\nA = 1\n#include \"x\"\n@\n")
        let kinds = tree.statements.map { statement -> String in
            switch statement.kind {
            case .blank: "blank"
            case .comment: "comment"
            case .assignment: "assignment"
            case .include: "include"
            case .invalid: "invalid"
            }
        }
        #expect(kinds == ["blank", "comment", "assignment", "include", "invalid"])
        #expect(tree.lineStarts == [0, 1, 11, 17, 30, 32])
    }

    @Test func statementRangesIncludeTheirTerminators() {
        let tree = parse("A = 1\r\nB = 2")
        #expect(tree.statements.map { tree.text($0.range) } == ["A = 1\r\n", "B = 2"])
        #expect(tree.statements[0].range.end == SourceLocation(line: 2, column: 1))
    }

    @Test func continuedAssignmentIsOneStatementIncludingTheLineThatEndsIt() {
        let tree = parse("A = x \\\n// end\nB = 2\n")
        #expect(tree.statements.count == 2)
        #expect(tree.text(tree.statements[0].range) == "A = x \\\n// end\n")
        #expect(tree.assignments[0].comments.map { tree.text($0) } == ["// end"])
    }

    // MARK: Whitespace

    @Test func verticalTabAndFormFeedAreInlineWhitespace() {
        #expect(assignments(parse("\u{0B}A\u{0C}=\u{0B}1\u{0C}")) == ["A=1"])
    }

    @Test func noBreakSpaceIsNotWhitespaceInAFinalChunk() {
        #expect(parse("A =\u{00A0}x").assignments.first?.value == "\u{00A0}x")
        #expect(diagnostics(parse("\u{00A0}A = 1")) == [error(1, "unexpected character ‘Â’")])
    }

    @Test func continuedChunksAreTrimmedOfUnicodeSpacesButNotVerticalTab() {
        // Xcode trims continued chunks with Foundation's `.whitespaces` (TAB and Zs).
        #expect(parse("A = \u{00A0}x\u{3000}\\\ny").assignments.first?.value == "x y")
        #expect(parse("A = x\u{0B}\\\ny").assignments.first?.value == "x\u{0B} y")
    }

    // MARK: Values

    @Test func semicolonBeforeBackslashIsNotDropped() {
        #expect(parse("A = x;\\\ny").assignments.first?.value == "x; y")
    }

    @Test func semicolonAfterBackslashIsDroppedAndTheLineContinues() {
        let tree = parse("A = x \\;\ny;")
        #expect(tree.assignments.first?.value == "x y")
        #expect(tree.assignments.first?.droppedSemicolons.count == 2)
    }

    @Test func emptyLastChunkStillAddsAJoiningSpace() {
        let tree = parse("A = x \\\n ;")
        #expect(tree.assignments.first?.value == "x ")
        #expect(tree.assignments.first?.chunks.count == 2)
    }

    @Test func absentValueIsEmpty() {
        #expect(assignments(parse("A =\nB = // c\nC =   ")) == ["A=", "B=", "C="])
    }

    @Test func continuationAtEndOfFileEndsTheValue() {
        #expect(assignments(parse("A = x \\")) == ["A=x"])
    }

    @Test func backslashGluedToAPrependedMarkDoesNotContinue() {
        // Xcode tests the decoded String: U+0600 + `\` is one grapheme, not a `\`.
        let tree = parse("A = \u{0600}\\\nB = 1")
        #expect(assignments(tree) == ["A=\u{0600}\\", "B=1"])
    }

    @Test func provenanceColumnsAreMeasuredFromTheName() {
        let tree = parse("  XCCONFIG_USER_SETTING = from-xcconfig\n")
        #expect(tree.assignments[0].xcodeColumns == (24, 38))
        #expect(parse("A = x \\\n\nB = 2").assignments[0].end == SourceLocation(line: 2, column: 1))
    }

    @Test func invalidUTF8BecomesReplacementCharacters() {
        let tree = XCConfigParser.parse(Array("A = ".utf8) + [0xFF] + Array("1".utf8))
        #expect(tree.assignments.first?.value == "\u{FFFD}1")
    }

    @Test func chunksLocateTheValueText() {
        let tree = parse("A = one \\\n  two // c")
        let chunks = tree.assignments[0].chunks
        #expect(chunks.map { tree.text($0) } == ["one", "two"])
        #expect(chunks.map(\.start) == [SourceLocation(line: 1, column: 5), SourceLocation(line: 2, column: 3)])
    }

    // MARK: Directives

    @Test func directiveKeywordSwallowsALineSeparatorWithoutCountingIt() {
        // The keyword runs to ASCII whitespace only, so Xcode's line counter misses the U+2028.
        let tree = parse("#foo\u{2028}A = 1\nB = 2")
        #expect(diagnostics(tree) == [error(1, "unsupported preprocessor directive ‘foo\\u{2028}A’")])
        #expect(assignments(tree) == ["B=2"])
        #expect(tree.assignments[0].nameRange.start.line == 2)
        #expect(tree.lineStarts.count == 2)
    }

    @Test func doubleSlashInsideAKeywordIsNoComment() {
        #expect(diagnostics(parse("#include//x \"a\"")) == [error(1, "unsupported preprocessor directive ‘include//x’")])
    }

    @Test func commentBeforeTheFileNameLeavesNoName() {
        #expect(diagnostics(parse("#include // \"a\"\n")) == [error(1, "unexpected end of line")])
    }

    @Test func emptyFileNameIsAnInclude() {
        #expect(parse("#include \"\"").includes.map(\.path) == [""])
    }

    // MARK: Diagnostics

    @Test func diagnosticsPointAtTheOffendingByte() {
        let tree = parse("A = 1\n  FOO += bar\n  A[x]=1\n#include \"a\"  junk\n# import")
        #expect(tree.diagnostics.map(\.location) == [
            SourceLocation(line: 2, column: 7),
            SourceLocation(line: 3, column: 6),
            SourceLocation(line: 4, column: 15),
            SourceLocation(line: 5, column: 3),
        ])
        #expect(tree.diagnostics.allSatisfy { $0.severity == .error && $0.file == nil })
    }

    @Test func missingEqualsAtUnicodeLineSeparatorSaysEndOfLine() {
        #expect(diagnostics(parse("A\u{2029}B=1")) == [error(1, "expected a ‘=’, but found end of line")])
    }

    @Test func controlBytesAreNamedNotPrinted() {
        #expect(diagnostics(parse("\u{0}A = 1")) == [error(1, "unexpected character ‘U+0000’")])
        #expect(diagnostics(parse("A\u{1}")) == [error(1, "expected a ‘=’, but found U+0001")])
    }

    @Test func messagesStayOnOneLine() {
        let tree = XCConfigParser.parse(Array("#a\u{85}\u{2029}b\n#include \"x\"\u{1}\nA\r".utf8))
        for diagnostic in tree.diagnostics {
            #expect(!diagnostic.message.unicodeScalars.contains { $0.value < 0x20 || $0 == "\u{2028}" || $0 == "\u{2029}" || $0 == "\u{85}" })
        }
        #expect(tree.diagnostics.count == 3)
    }

    // MARK: Size

    @Test func tenMegabyteLineParsesInOnePass() {
        let bytes = Array("A = ".utf8) + [UInt8](repeating: 0x78, count: 10_000_000) + Array(" // c\n".utf8)
        let tree = XCConfigParser.parse(bytes)
        #expect(tree.assignments.first?.value.utf8.count == 10_000_000)
        #expect(tree.printed() == bytes)
    }

    @Test func hundredThousandLinesParse() {
        let bytes = Array(String(repeating: "OTHER_LDFLAGS[sdk=iphoneos*] = $(inherited) -ObjC // c\n", count: 100_000).utf8)
        let tree = XCConfigParser.parse(bytes)
        #expect(tree.assignments.count == 100_000)
        #expect(tree.lineStarts.count == 100_001)
    }

    @Test func hundredThousandContinuationLinesParse() {
        let bytes = Array(("A = \\\n" + String(repeating: "x \\\n", count: 100_000)).utf8)
        let tree = XCConfigParser.parse(bytes)
        #expect(tree.statements.count == 1)
        #expect(tree.assignments.first?.chunks.count == 100_000)
    }
}
