import Testing
@testable import XCConfigSyntax

/// A parse keeps its statements as records and makes each ``Statement`` when it is read. The
/// include walk lists the assignments from the records with
/// ``SyntaxTree/Statements/initializeUnretainedAssignments(from:at:stride:capacity:)``, which
/// must stop and list as a plain scan of the statements does, for a parsed tree and for one
/// made from an array of statements alike.
@Suite struct StatementRecordTests {
    /// Where listing from `start` with room for `capacity` assignments stops, and the
    /// assignments it lists, by a scan of the statements themselves.
    static func expectedListing(_ statements: [Statement], from start: Int, capacity: Int) -> (stop: Int, listed: [Assignment]) {
        var listed: [Assignment] = []
        for position in start..<statements.count {
            switch statements[position].kind {
            case .assignment(let assignment):
                if listed.count == capacity { return (position, listed) }
                listed.append(assignment)
            case .include, .invalid:
                return (position, listed)
            case .blank, .comment:
                break
            }
        }
        return (statements.count, listed)
    }

    /// The listing, its assignments read back as copies (which retain their input); the slots
    /// are freed without deinitialising them, as their owner frees them.
    static func listing(_ statements: SyntaxTree.Statements, from start: Int, capacity: Int) -> (stop: Int, listed: [Assignment]) {
        let slots = UnsafeMutablePointer<Assignment>.allocate(capacity: capacity + 1)
        defer { slots.deallocate() }
        let (stop, written) = statements.initializeUnretainedAssignments(
            from: start, at: UnsafeMutableRawPointer(slots), stride: MemoryLayout<Assignment>.stride, capacity: capacity)
        return (stop, (0..<written).map { slots[$0] })
    }

    @Test func listingStopsAndListsAsAScanOfTheStatementsDoes() {
        for bytes in MixedFiles.files() {
            let parsed = XCConfigParser.parse(bytes).statements
            let array = Array(parsed)
            for statements in [parsed, SyntaxTree.Statements(array)] {
                for start in 0...array.count {
                    for capacity in Set([0, 1, 2, array.count]) {
                        let expected = Self.expectedListing(array, from: start, capacity: capacity)
                        let found = Self.listing(statements, from: start, capacity: capacity)
                        #expect(found.stop == expected.stop, "\(bytes) from \(start), room for \(capacity)")
                        #expect(found.listed == expected.listed, "\(bytes) from \(start), room for \(capacity)")
                    }
                }
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
            let parsed = XCConfigParser.parse(bytes).statements
            let array = SyntaxTree.Statements(Array(parsed))
            #expect(parsed == array)
            #expect(parsed.hashValue == array.hashValue)
            #expect(parsed.description == Array(parsed).description)
        }
        #expect(XCConfigParser.parse("A = 1").statements != XCConfigParser.parse("A = 2").statements)
    }

    /// Statements are most of a tree's memory: one record per line of the input.
    @Test func recordsStayCompact() {
        #expect(MemoryLayout<StatementRecord>.stride <= 56)
    }

    /// An unretained assignment is written with its input's reference at the start of it.
    @Test func theInputIsTheFirstStoredPropertyOfAnAssignment() {
        #expect(MemoryLayout<Assignment>.offset(of: \Assignment.storage) == 0)
    }

    /// Unretained copies hold no reference of their own: the input lives exactly as long as
    /// its tree and the ordinary copies made from the slots.
    @Test func unretainedAssignmentsDoNotKeepTheInputAlive() throws {
        weak var input: Assignment.Source?
        var copies: [Assignment] = []
        do {
            let statements = XCConfigParser.parse("A = 1\nB[sdk=x] = 2\n#include \"c\"\nC = 3").statements
            input = statements.records.source
            // Up to the include, then after it.
            copies = Self.listing(statements, from: 0, capacity: 5).listed + Self.listing(statements, from: 3, capacity: 5).listed
        }
        #expect(copies.map(\.name) == ["A", "B", "C"])
        #expect(input != nil)
        copies = []
        #expect(input == nil)
    }
}
