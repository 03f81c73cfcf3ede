import Testing
@testable import XCConfigSyntax

/// The raw API (``SyntaxTree/assignmentRecord(_:)`` and the readers by record index) reads the
/// same parts as the public views: for every statement of files mixing every kind of line, and
/// for a tree made from statements, whose assignments no record holds.
@Suite struct RawRecordTests {
    static func kind(_ statement: Statement) -> SyntaxTree.RecordKind {
        switch statement.kind {
        case .assignment: .assignment
        case .include: .include
        case .invalid: .invalid
        case .comment: .comment
        case .blank: .blank
        }
    }

    /// Checks every record of `tree` against its statement.
    static func check(_ tree: SyntaxTree, recordsHoldAssignments: Bool) {
        let statements = Array(tree.statements)
        #expect(tree.recordCount == statements.count)
        for (index, statement) in statements.enumerated() {
            #expect(tree.kind(ofRecord: index) == kind(statement))
            #expect(tree.statement(ofRecord: index) == statement)
            guard case .assignment(let assignment) = statement.kind else {
                #expect(tree.assignmentRecord(index) == nil)
                continue
            }
            let name = tree.withNameBytes(ofRecord: index) { String(decoding: $0, as: UTF8.self) }
            #expect(name == assignment.name)
            let value = tree.withValueBytes(ofRecord: index) { String(decoding: $0, as: UTF8.self) }
            #expect(value == assignment.value)
            #expect(tree.hasConditions(ofRecord: index) == !assignment.conditions.isEmpty)
            var pairs: [String] = []
            tree.forEachCondition(ofRecord: index) { parameter, pattern in
                pairs.append(String(decoding: parameter, as: UTF8.self) + "=" + String(decoding: pattern, as: UTF8.self))
                return true
            }
            #expect(pairs == assignment.conditions.map { "\($0.parameter)=\($0.pattern)" })
            #expect(tree.commentRanges(ofRecord: index) == assignment.comments.map(\.offsets))
            guard let record = tree.assignmentRecord(index) else {
                #expect(!recordsHoldAssignments)
                continue
            }
            #expect(recordsHoldAssignments)
            #expect(record.nameRange == assignment.nameRange.offsets)
            #expect(record.line == assignment.nameRange.start.line && record.column == assignment.nameRange.start.column)
            #expect(record.equalsOffset == assignment.equalsOffset)
            #expect(record.endOffset == assignment.endOffset)
            #expect(record.conditionCount == assignment.conditions.count)
            var conditionRanges: [Range<Int>] = []
            tree.bytes.withUnsafeBufferPointer { input in
                record.forEachCondition(in: input) { parameter, pattern in
                    conditionRanges.append(parameter.lowerBound - 1..<pattern.upperBound + 1)
                    return true
                }
            }
            #expect(conditionRanges == assignment.conditions.map(\.range.offsets))
            // The value in place is its one chunk, when it has one on the name's line; a value
            // neither in place nor continued is empty.
            if let chunk = record.valueChunk {
                #expect(!record.isContinued && assignment.chunks.map(\.offsets) == [chunk])
            } else if !record.isContinued {
                #expect(assignment.chunks.isEmpty && assignment.value.isEmpty)
            }
        }
    }

    @Test func recordsReadAsTheStatementsDo() {
        for bytes in MixedFiles.files() {
            Self.check(XCConfigParser.parse(bytes), recordsHoldAssignments: true)
        }
    }

    @Test func aTreeMadeFromStatementsIsReadThroughThem() {
        for bytes in MixedFiles.files() {
            let parsed = XCConfigParser.parse(bytes)
            let made = SyntaxTree(bytes: bytes, statements: Array(parsed.statements), lineStarts: parsed.lineStarts)
            Self.check(made, recordsHoldAssignments: false)
        }
    }

    @Test func conditionsAreReadOnlyUpToWhereTheReaderStops() {
        let tree = parse("A[sdk=a][arch=b][config=c] = 1")
        var seen = 0
        tree.forEachCondition(ofRecord: 0) { _, _ in
            seen += 1
            return seen < 2
        }
        #expect(seen == 2)
    }
}
