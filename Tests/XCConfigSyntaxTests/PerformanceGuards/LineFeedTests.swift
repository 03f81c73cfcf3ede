import Testing
@testable import XCConfigSyntax

/// The statement loop ends a line at an LF by a shortcut and at any other terminator by the
/// general test; a CR is a terminator of the same length, so an input and the same input with
/// every LF made a CR must parse to equal trees (offsets, lines and columns included). These
/// compare the two on generated values of every length up to 40 at sixteen alignments, among
/// lines of every kind.
@Suite struct LineFeedTests {
    static let lines = [
        "B[sdk=x] = 1", "// c", "", "  ", "#include \"x.xcconfig\"", "C = 2 \\", " 3", "+= bad", "D =",
        "#bad", "E = 4 // c", "F = \\", "", "G[a=b][c=d]=5;",
    ]

    static func check(_ bytes: [UInt8]) {
        let withLineFeeds = XCConfigParser.parse(bytes)
        let withReturns = XCConfigParser.parse(bytes.map { $0 == 0x0A ? 0x0D : $0 })
        #expect(withReturns.statements == withLineFeeds.statements, "\(bytes)")
        #expect(withReturns.lineStarts == withLineFeeds.lineStarts, "\(bytes)")
        #expect(withLineFeeds.printed() == bytes)
    }

    @Test(arguments: 0...40)
    func lineFeedsEndLinesAsReturnsDo(length: Int) {
        for value in OneLineValueTests.values(length: length, seed: 19) {
            // No CR of its own, which would make CRLF (one terminator) two.
            let value = value.map { $0 == 0x0D ? 0x20 : $0 }
            for nameLength in 1...16 {
                let name = [UInt8](repeating: 0x41, count: nameLength)
                let others = Self.lines[(length + nameLength) % Self.lines.count]
                Self.check(name + Array(" = ".utf8) + value + [0x0A] + Array(others.utf8) + [0x0A])
                Self.check(Array(others.utf8) + [0x0A] + name + Array(" =".utf8) + value)
            }
        }
    }

    @Test func everyKindOfLine() {
        Self.check(Array((Self.lines.joined(separator: "\n") + "\n").utf8))
        Self.check(Array(Self.lines.joined(separator: "\n").utf8))
        Self.check(Array(String(repeating: "A=1\n", count: 300).utf8))
    }
}
