import Testing
@testable import XCConfigSyntax

/// `AssignmentRecord.valueChunk`, the resolver's value read in place, holds the bytes
/// `SyntaxTree.withValueBytes(ofRecord:_:)` gives whenever it holds any, and is `nil` for the
/// values it cannot hold (absent and continued values); an assignment kept whole has no record.
@Suite struct ValueBytesInPlaceTests {
    func viaReader(_ tree: SyntaxTree, _ index: Int) -> [UInt8] {
        tree.withValueBytes(ofRecord: index) { Array($0) }
    }

    func inPlace(_ tree: SyntaxTree, _ index: Int) -> [UInt8]? {
        tree.assignmentRecord(index)?.valueChunk.map { Array(tree.bytes[$0]) }
    }

    @Test func agreesWithTheReaderOnOneChunkValues() {
        let text = "A = $(B) x\nB[sdk=a] = 1; // c\nC =\nD = é $(E:default=f)\r\nE=\tg  \nF = // c\nG = a \\\n b"
        let tree = parse(text)
        #expect(tree.assignments.count == 7)
        for (index, statement) in tree.statements.enumerated() {
            guard case .assignment(let assignment) = statement.kind else { continue }
            let expected = viaReader(tree, index)
            #expect(expected == Array(assignment.value.utf8), "\(assignment.name)")
            if ["C", "F", "G"].contains(assignment.name) {
                // No chunk (absent values, read as empty) or several (joined): not in place.
                #expect(inPlace(tree, index) == nil, "\(assignment.name)")
            } else {
                #expect(inPlace(tree, index) == expected, "\(assignment.name)")
            }
        }
        // An assignment kept whole (a value set after parsing) has no record to read in place.
        var statements = tree.statements
        var changed = tree.assignments[0]
        changed.value = "changed"
        statements[0].kind = .assignment(changed)
        let made = SyntaxTree(bytes: tree.bytes, statements: statements, lineStarts: tree.lineStarts)
        #expect(made.assignmentRecord(0) == nil)
        #expect(viaReader(made, 0) == Array("changed".utf8))
    }

    /// Generated values of every length up to 40, at sixteen alignments, each with the values
    /// around it: the bytes in place are the reader's bytes whenever there are any.
    @Test(arguments: 0...40)
    func agreesWithTheValueOnGeneratedLines(length: Int) {
        for value in OneLineValueTests.values(length: length, seed: 17) {
            for nameLength in 1...16 {
                let text = String(repeating: "A", count: nameLength) + " = "
                let tree = XCConfigParser.parse(Array(text.utf8) + value + Array("\nB = x\n".utf8))
                for (index, statement) in tree.statements.enumerated() {
                    guard case .assignment(let assignment) = statement.kind else { continue }
                    let expected = viaReader(tree, index)
                    // `value` decodes the bytes, repairing invalid UTF-8.
                    #expect(String(decoding: expected, as: UTF8.self) == assignment.value, "\(value)")
                    if let bytes = inPlace(tree, index) { #expect(bytes == expected, "\(value)") }
                }
            }
        }
    }
}
