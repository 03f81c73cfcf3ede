import Testing
@testable import XCConfigSyntax

/// The parse reads `NAME = value` (one space each side of the `=`) by a shortcut; these compare
/// it with the general steps, which the same line takes when a VT (inline whitespace, the same
/// length) stands for either space: the trees must be equal, offsets and columns included, on
/// generated values of every length up to 40 at every alignment, and on the lines around them.
@Suite struct EqualsShortcutTests {
    static func check(_ value: [UInt8], nameLength: Int, tail: [UInt8]) {
        let name = [UInt8](repeating: 0x41, count: nameLength)
        // `" =" + value` takes the shortcut when the value starts with a space.
        let pairs: [([UInt8], [UInt8])] = [
            ([0x20, 0x3D, 0x20], [0x0B, 0x3D, 0x20]), ([0x20, 0x3D, 0x20], [0x20, 0x3D, 0x0B]),
            ([0x20, 0x3D], [0x0B, 0x3D]),
        ]
        for (spelling, generalSpelling) in pairs {
            let common = XCConfigParser.parse(name + spelling + value + tail)
            let general = XCConfigParser.parse(name + generalSpelling + value + tail)
            #expect(general.statements == common.statements, "\(spelling) + \(value) + \(tail)")
            #expect(general.lineStarts == common.lineStarts, "\(spelling) + \(value) + \(tail)")
        }
    }

    @Test(arguments: 0...40)
    func agreesWithTheGeneralSteps(length: Int) {
        for value in OneLineValueTests.values(length: length, seed: 13) {
            for nameLength in 1...16 {
                for tail in [[], Array("\nB = 1\n".utf8), Array("\r\n".utf8)] {
                    Self.check(value, nameLength: nameLength, tail: tail)
                }
            }
        }
    }

    @Test func everyByteAfterTheEqualsSign() {
        for byte in 0...255 {
            for value: [UInt8] in [[UInt8(byte)], [UInt8(byte), 0x61], [0x20, UInt8(byte)]] {
                Self.check(value, nameLength: 3, tail: Array("\nB = 1".utf8))
                Self.check(value, nameLength: 3, tail: [])
            }
        }
    }

    @Test func shortLinesAtTheEndOfTheInput() {
        for text in ["A =", "A = ", "A =  ", "A = x", "A = ;", "A = //", "A = \\", "A[b=c] = 1", "A =\n"] {
            let tree = XCConfigParser.parse(text)
            #expect(tree.diagnostics.isEmpty, "\(text)")
            #expect(tree.printed() == Array(text.utf8))
        }
    }
}
