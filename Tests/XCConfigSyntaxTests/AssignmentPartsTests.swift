import Testing
@testable import XCConfigSyntax

/// Every part of a parsed assignment — name, conditions, value, chunks, comments, dropped `;`,
/// end — as Xcode's parser reads it, however the assignment is stored, and kept when another
/// part is set. Expected values were recorded from the parser before the compact layout.
@Suite struct AssignmentPartsTests {
    func range(_ l1: Int, _ c1: Int, _ l2: Int, _ c2: Int, _ o1: Int, _ o2: Int) -> SourceRange {
        SourceRange(start: SourceLocation(line: l1, column: c1), end: SourceLocation(line: l2, column: c2),
                    startOffset: o1, endOffset: o2)
    }

    @Test func continuedValueKeepsEveryChunkCommentAndDroppedSemicolon() throws {
        let tree = parse("A = x \\;\n  y; // c")
        let a = try #require(tree.assignments.first)
        #expect(a.name == "A")
        #expect(a.value == "x y")
        #expect(a.chunks == [range(1, 5, 1, 6, 4, 5), range(2, 3, 2, 4, 11, 12)])
        #expect(a.comments == [range(2, 6, 2, 10, 14, 18)])
        #expect(a.droppedSemicolons == [range(1, 8, 1, 9, 7, 8), range(2, 4, 2, 5, 12, 13)])
        #expect(a.droppedSemicolon == range(2, 4, 2, 5, 12, 13))
        #expect(a.end == SourceLocation(line: 2, column: 10))
        #expect(a.endOffset == 18)
        #expect(a.xcodeColumns == (start: 4, end: 19))
        #expect(tree.statements[0].range == range(1, 1, 2, 10, 0, 18))
    }

    @Test func oneLineAssignmentsAfterCRLFAndU2028HaveXcodesLocations() throws {
        let tree = parse("A = 1\r\nB[sdk=a] = 2;// c\u{2028}C = 3")
        #expect(tree.lineStarts == [0, 7, 27])
        let b = tree.assignments[1]
        #expect(b.name == "B")
        #expect(b.nameRange == range(2, 1, 2, 2, 7, 8))
        #expect(b.conditions.map(\.range) == [range(2, 2, 2, 9, 8, 15)])
        #expect(b.equalsLocation == SourceLocation(line: 2, column: 10))
        #expect(b.equalsOffset == 16)
        #expect(b.value == "2")
        #expect(b.chunks == [range(2, 12, 2, 13, 18, 19)])
        #expect(b.comments == [range(2, 14, 2, 18, 20, 24)])
        #expect(b.droppedSemicolon == range(2, 13, 2, 14, 19, 20))
        #expect(b.droppedSemicolons == [range(2, 13, 2, 14, 19, 20)])
        #expect(b.end == SourceLocation(line: 2, column: 18))
        #expect(b.endOffset == 24)
        #expect(b.xcodeColumns == (start: 11, end: 18))
        #expect(tree.statements.map(\.range) == [
            range(1, 1, 2, 1, 0, 7), range(2, 1, 3, 1, 7, 27), range(3, 1, 3, 6, 27, 32),
        ])
        let c = tree.assignments[2]
        #expect(c.nameRange == range(3, 1, 3, 2, 27, 28))
        #expect(c.chunks == [range(3, 5, 3, 6, 31, 32)])
        #expect(c.droppedSemicolon == nil && c.droppedSemicolons.isEmpty && c.comments.isEmpty)
    }

    @Test func absentValueHasNoChunk() throws {
        let commented = try #require(parse("A = // c").assignments.first)
        #expect(commented.value == "" && commented.chunks.isEmpty)
        #expect(commented.comments == [range(1, 5, 1, 9, 4, 8)])
        #expect(commented.end == SourceLocation(line: 1, column: 9))
        let bare = try #require(parse("A =\r").assignments.first)
        #expect(bare.value == "" && bare.chunks.isEmpty && bare.comments.isEmpty)
        #expect(bare.end == SourceLocation(line: 1, column: 4) && bare.endOffset == 3)
    }

    @Test func bothLayoutsCompareAndHashByTheirProperties() throws {
        let parsed = try #require(parse("A[sdk=a] = x; // c").assignments.first)
        let spelt = Assignment(
            name: parsed.name, nameRange: parsed.nameRange, conditions: parsed.conditions,
            equalsLocation: parsed.equalsLocation, value: parsed.value, chunks: parsed.chunks,
            comments: parsed.comments, droppedSemicolon: parsed.droppedSemicolon,
            droppedSemicolons: parsed.droppedSemicolons, equalsOffset: parsed.equalsOffset,
            end: parsed.end, endOffset: parsed.endOffset)
        #expect(spelt == parsed)
        #expect(spelt.hashValue == parsed.hashValue)
        #expect(String(describing: spelt) == String(describing: parsed))
    }

    @Test func settingAPropertyKeepsTheOthers() throws {
        let parsed = try #require(parse("A = x; // c").assignments.first)
        var changed = parsed
        changed.value = "y"
        changed.name = "B"
        #expect(changed.value == "y" && changed.name == "B")
        #expect(parsed.value == "x" && parsed.name == "A")
        #expect(changed.chunks == parsed.chunks && changed.comments == parsed.comments)
        #expect(changed.droppedSemicolon == parsed.droppedSemicolon && changed.end == parsed.end)
        changed.value = "x"
        changed.name = "A"
        #expect(changed == parsed)
    }

    /// Conditions are read again from the input when asked: spacing around them, several of
    /// them and none at all give what the parser saw.
    @Test func conditionsAreReadAgainFromTheInput() throws {
        let tree = parse("A [sdk=a*]\t[ arch = b ] = 1\nB = 2\nC=3\nD[x=]=4")
        let a = tree.assignments[0]
        #expect(a.conditions == [
            Condition(parameter: "sdk", pattern: "a*", range: range(1, 3, 1, 11, 2, 10)),
            Condition(parameter: " arch ", pattern: " b ", range: range(1, 12, 1, 24, 11, 23)),
        ])
        #expect(a.conditionSuffix == "[sdk=a*][ arch = b ]")
        #expect(tree.assignments[1].conditions.isEmpty && tree.assignments[2].conditions.isEmpty)
        #expect(tree.assignments[3].conditions.map(\.pattern) == [""])
    }

    @Test func settingConditionsKeepsTheRest() throws {
        let parsed = try #require(parse("A[sdk=a] = x \\\n y // c").assignments.first)
        var changed = parsed
        changed.conditions = []
        #expect(changed.conditions.isEmpty && parsed.conditions.count == 1)
        #expect(changed.name == "A" && changed.value == "x y" && changed.chunks == parsed.chunks)
        #expect(changed.comments == parsed.comments && changed.end == parsed.end)
    }

    @Test func sourceLocationsPrintAsBefore() {
        #expect(String(describing: SourceLocation(line: 3, column: 10)) == "SourceLocation(line: 3, column: 10)")
        var location = SourceLocation(line: 1, column: 1)
        location.line = 70_000
        location.column = 123_456
        #expect(location.line == 70_000 && location.column == 123_456)
    }

    /// The name scan reads eight bytes at a time: names of every length and alignment, ended by
    /// every kind of byte, end where the byte-by-byte rule says.
    @Test func namesEndAtTheFirstByteOutsideTheNameCharacters() {
        let alphabet = Array("AZaz09_Mm5".utf8)
        for indent in 0..<3 {
            for length in 1...19 {
                let name = String(decoding: (0..<length).map { alphabet[($0 * 7 + length) % alphabet.count] }, as: UTF8.self)
                let padding = String(repeating: " ", count: indent)
                for ending in ["=1", " = 1", "[a=b]=1", "\t= 1"] {
                    let tree = parse(padding + "N" + name + ending)
                    #expect(tree.assignments.first?.name == "N" + name)
                    #expect(tree.assignments.first?.nameRange.endOffset == indent + 1 + length)
                }
                for stray in ["@", "`", "{", "/", ":", "\u{7F}", "é", "\u{2028}", "-", "."] {
                    let tree = parse(padding + "N" + name + stray + "= 1")
                    #expect(tree.assignments.isEmpty)
                    #expect(tree.diagnostics.first?.location == SourceLocation(line: 1, column: indent + length + 2))
                }
                // At the very end of the input.
                #expect(diagnostics(parse(padding + "N" + name)) == [error(1, "expected a ‘=’, but found end of file")])
            }
        }
    }

    /// The value scan skips lone `/` a word at a time and stops at `//` wherever it falls.
    @Test func commentsAreFoundAtEveryAlignmentPastLoneSlashes() throws {
        for pad in 0..<20 {
            let value = String(repeating: "x", count: pad) + "/a/b:/" + String(repeating: "y", count: pad % 9)
            for tail in ["", "-/", "-/ /"] {
                let text = "A = " + value + tail + " //c"
                let a = try #require(parse(text).assignments.first)
                let valueEnd = 4 + value.utf8.count + tail.utf8.count
                #expect(a.value == value + tail)
                #expect(a.comments.map(\.startOffset) == [valueEnd + 1])
                // Glued on, `//` starts at the first of a run of slashes.
                let glued = (value + tail).utf8.last == UInt8(ascii: "/") ? valueEnd - 1 : valueEnd
                #expect(parse("A = " + value + tail + "//c").assignments.first?.comments.map(\.startOffset) == [glued])
                #expect(parse("A = " + value + tail).assignments.first?.value == value + tail)
            }
        }
    }

    /// Conditions are read again without the parse's checks, relying on them: on random lines the
    /// conditions read must decompose the bytes between name and `=` exactly, each `[parameter=pattern]`
    /// with the first `=` ending the parameter and the first `]` the pattern, only inline
    /// whitespace between them, and Xcode's line and columns.
    @Test func conditionsReadAgainDecomposeTheBytesBeforeTheEquals() {
        // Line ends and comments are rarer than the rest, so that most lines have conditions.
        let spaces = ["", "", " ", " ", "\t", "\u{0B}", "  ", "\u{3000}", "\n", "//"]
        let ordinary = ["", "sdk", "iphoneos*", " ", "é", "[", "=", "\\", "/", "$(A)", ";"]
        let parts = ordinary + ordinary + ordinary + ["\u{2028}", "\r", "\n"]
        var numbers = SeededNumbers(seed: 0x5EED_C0DE)
        func next(_ bound: Int) -> Int { numbers.next(bound) }
        func pick(_ items: [String]) -> String { items[next(items.count)] }
        var checked = 0
        for _ in 0..<10_000 {
            var text = pick(spaces) + "NAME"
            for _ in 0..<next(4) {
                text += pick(spaces) + "[" + pick(parts) + pick(parts) + (next(8) == 0 ? "" : "=")
                text += pick(parts) + pick(parts) + (next(8) == 0 ? "" : "]")
            }
            text += pick(spaces) + pick(["=", "=", "+="]) + pick(parts) + pick(["", "\n", "\\\n x"])
            let bytes = Array(text.utf8)
            for assignment in XCConfigParser.parse(bytes).assignments {
                let nameEnd = assignment.nameRange.endOffset
                var offset = nameEnd
                for condition in assignment.conditions {
                    while offset < condition.range.startOffset {
                        #expect(bytes[offset] == 0x20 || bytes[offset] == 0x09 || bytes[offset] == 0x0B || bytes[offset] == 0x0C)
                        offset += 1
                    }
                    #expect(offset == condition.range.startOffset)
                    let written = Array("[\(condition.parameter)=\(condition.pattern)]".utf8)
                    #expect(Array(bytes[offset..<condition.range.endOffset]) == written, "\(text.debugDescription)")
                    #expect(!condition.parameter.utf8.contains { $0 == UInt8(ascii: "=") || $0 == UInt8(ascii: "]") })
                    #expect(!condition.pattern.utf8.contains(UInt8(ascii: "]")))
                    let lineStart = assignment.nameRange.startOffset - (assignment.nameRange.start.column - 1)
                    #expect(condition.range.start == SourceLocation(line: assignment.nameRange.start.line, column: offset - lineStart + 1))
                    #expect(condition.range.end == SourceLocation(
                        line: assignment.nameRange.start.line, column: condition.range.endOffset - lineStart + 1))
                    offset = condition.range.endOffset
                    checked += 1
                }
                while offset < assignment.equalsOffset {
                    #expect(bytes[offset] == 0x20 || bytes[offset] == 0x09 || bytes[offset] == 0x0B || bytes[offset] == 0x0C)
                    offset += 1
                }
                #expect(assignment.hasConditions == !assignment.conditions.isEmpty)
            }
        }
        #expect(checked > 500)
    }
}
