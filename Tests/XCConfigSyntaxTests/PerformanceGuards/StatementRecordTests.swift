import Testing
@testable import XCConfigSyntax

/// A parse keeps its statements as records and makes each ``Statement`` when it is read; a
/// tree made from statements keeps each one whole. Both must read as the statements they stand
/// for, and the records must stay small.
@Suite struct StatementRecordTests {
    /// The include walk lists a file's assignments by record index, stopping at includes and
    /// invalid lines: record kinds say what the statements are, for a parsed tree and for one
    /// made from its statements alike.
    @Test func recordKindsSayWhatTheStatementsAre() {
        for bytes in MixedFiles.files() {
            let parsed = XCConfigParser.parse(bytes)
            let made = SyntaxTree(bytes: bytes, statements: parsed.statements, lineStarts: parsed.lineStarts)
            for tree in [parsed, made] {
                let kinds = (0..<tree.recordCount).map { tree.kind(ofRecord: $0) }
                #expect(kinds == parsed.statements.map(RawRecordTests.kind), "\(bytes)")
            }
        }
    }

    /// A statement made from its record is a whole statement: its range tiles the input, its
    /// assignment reads the same parts as a parse of its text alone.
    @Test func statementsMadeFromRecordsTileTheInputAndReadAsTheirLinesAlone() {
        for bytes in MixedFiles.files() {
            let tree = XCConfigParser.parse(bytes)
            var offset = 0
            for statement in tree.statements {
                #expect(statement.range.startOffset == offset && statement.range.start.column == 1)
                offset = statement.range.endOffset
                guard case .assignment(let assignment) = statement.kind else { continue }
                let alone = XCConfigParser.parse(Array(bytes[statement.range.offsets]))
                guard case .assignment(let expected) = alone.statements.first?.kind else {
                    Issue.record("\(bytes): no assignment at \(statement.range.startOffset)")
                    continue
                }
                #expect(assignment.name == expected.name && assignment.value == expected.value)
                #expect(assignment.conditions.map(\.pattern) == expected.conditions.map(\.pattern))
                #expect(assignment.nameRange.startOffset - statement.range.startOffset == expected.nameRange.startOffset)
                #expect(assignment.nameRange.start.column == expected.nameRange.start.column)
                #expect(assignment.endOffset - statement.range.startOffset == expected.endOffset)
            }
            #expect(offset == bytes.count)
        }
    }

    @Test func equalStatementsAreEqualAndHashAlikeHoweverKept() {
        for bytes in MixedFiles.files() {
            let parsed = XCConfigParser.parse(bytes)
            let made = SyntaxTree(bytes: bytes, statements: parsed.statements, lineStarts: parsed.lineStarts)
            #expect(parsed.statements == made.statements)
            #expect(parsed.statements.hashValue == made.statements.hashValue)
            #expect(parsed.statements.description == made.statements.description)
        }
        #expect(XCConfigParser.parse("A = 1").statements != XCConfigParser.parse("A = 2").statements)
    }

    /// Statements are most of a tree's memory: one record per line of the input.
    @Test func recordsStayCompact() {
        #expect(MemoryLayout<StatementRecord>.stride <= 56)
    }

    /// A tree's records hold no counted reference per statement: its input lives exactly as
    /// long as the tree and the assignments read from it.
    @Test func assignmentsKeepTheirInputAliveAsLongAsThey() throws {
        weak var input: Assignment.Source?
        var copies: [Assignment] = []
        do {
            let tree = XCConfigParser.parse("A = 1\nB[sdk=x] = 2\n#include \"c\"\nC = 3")
            input = tree.records.source
            copies = tree.assignments
        }
        #expect(copies.map(\.name) == ["A", "B", "C"])
        #expect(input != nil)
        copies = []
        #expect(input == nil)
    }
}
