import Testing
@testable import XCConfigSyntax

/// A parse keeps its statements as records and makes each ``Statement`` when it is read. The
/// include walk reads the records through ``SyntaxTree/Statements/nextIncludeOrInvalid(from:assignments:)``
/// and ``SyntaxTree/Statements/initializeUnretainedAssignments(in:at:stride:)``; these must say what a plain scan of
/// the statements says, for a parsed tree and for one made from an array of statements alike.
@Suite struct StatementRecordTests {
    static let lines = [
        "A = 1", "B[sdk=x] = 2 // c", "// comment", "", "   ", "#include \"x.xcconfig\"", "#include? \"y\"",
        "C = 3 \\", "  continued", "+= bad", "D =", "#bad", "E[a=b][c=d]=5;", "F[sdk=x = 6", "\tG = 7",
        "#include \"z\" junk", "H = $(inherited)\r", "I = 8\u{2028}J = 9",
    ]

    /// Files of every mix of the lines above, in a seeded order.
    static func files() -> [[UInt8]] {
        var numbers = SeededNumbers(seed: 41)
        return (0..<300).map { fileNumber in
            let count = fileNumber % 25
            var text = ""
            for _ in 0..<count {
                text += lines[numbers.next(lines.count)]
                text += ["\n", "\r\n", "\r", "\n"][numbers.next(4)]
            }
            // Every other file ends without a terminator.
            if fileNumber % 2 == 1 { text += lines[numbers.next(lines.count)] }
            return Array(text.utf8)
        }
    }

    /// `(position, assignments before it)` of each include or invalid statement after `start`,
    /// then `(count, assignments)`, by a scan of the statements themselves.
    static func stops(_ statements: [Statement], from start: Int) -> [(Int, Int)] {
        var stops: [(Int, Int)] = []
        var assignments = 0
        for position in start..<statements.count {
            switch statements[position].kind {
            case .assignment: assignments += 1
            case .include, .invalid:
                stops.append((position, assignments))
                assignments = 0
            case .blank, .comment: break
            }
        }
        stops.append((statements.count, assignments))
        return stops
    }

    static func walk(_ statements: SyntaxTree.Statements, from start: Int) -> [(Int, Int)] {
        var stops: [(Int, Int)] = []
        var position = start
        while true {
            var assignments = 0
            position = statements.nextIncludeOrInvalid(from: position, assignments: &assignments)
            stops.append((position, assignments))
            if position == statements.endIndex { return stops }
            position += 1
        }
    }

    @Test func theWalkStopsWhereAScanOfTheStatementsStops() {
        for bytes in Self.files() {
            let parsed = XCConfigParser.parse(bytes).statements
            let array = Array(parsed)
            for statements in [parsed, SyntaxTree.Statements(array)] {
                for start in 0...array.count {
                    let expected = Self.stops(array, from: start)
                    let found = Self.walk(statements, from: start)
                    #expect(found.map(\.0) == expected.map(\.0), "\(bytes) from \(start)")
                    #expect(found.map(\.1) == expected.map(\.1), "\(bytes) from \(start)")
                }
            }
        }
    }

    /// The assignments written unretained for the statements at `positions`, read back as
    /// copies (which retain their input); the slots are freed without deinitialising them, as
    /// their owner frees them.
    static func unretainedAssignments(of statements: SyntaxTree.Statements, in positions: Range<Int>) -> [Assignment] {
        let slots = UnsafeMutablePointer<Assignment>.allocate(capacity: positions.count + 1)
        defer { slots.deallocate() }
        let written = statements.initializeUnretainedAssignments(
            in: positions, at: UnsafeMutableRawPointer(slots), stride: MemoryLayout<Assignment>.stride)
        return (0..<written).map { slots[$0] }
    }

    @Test func theAssignmentsOfAStretchAreTheAssignmentStatements() {
        for bytes in Self.files() {
            let parsed = XCConfigParser.parse(bytes).statements
            let array = Array(parsed)
            for statements in [parsed, SyntaxTree.Statements(array)] {
                for start in 0...array.count {
                    // Empty, one statement, and the rest of the file.
                    for end in Set([start, min(start + 1, array.count), array.count]) {
                        let found = Self.unretainedAssignments(of: statements, in: start..<end)
                        let expected = array[start..<end].compactMap { statement -> Assignment? in
                            if case .assignment(let assignment) = statement.kind { return assignment }
                            return nil
                        }
                        #expect(found == expected, "\(bytes) \(start)..<\(end)")
                    }
                }
            }
        }
    }

    /// A statement made from its record is a whole statement: its range tiles the input, its
    /// assignment reads the same parts as a parse of its text alone.
    @Test func statementsMadeFromRecordsTileTheInputAndReadAsTheirLinesAlone() {
        for bytes in Self.files() {
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
        for bytes in Self.files() {
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
            input = try #require(statements.records).source
            copies = Self.unretainedAssignments(of: statements, in: 0..<statements.count)
        }
        #expect(copies.map(\.name) == ["A", "B", "C"])
        #expect(input != nil)
        copies = []
        #expect(input == nil)
    }
}
