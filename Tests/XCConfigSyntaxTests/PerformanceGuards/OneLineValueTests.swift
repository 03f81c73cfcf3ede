import Testing
@testable import XCConfigSyntax

/// The parse reads a value on one line without comment or continuation by a shortcut, and any
/// other value by the general scan, which reading a value again (``Assignment/valueLayout()``)
/// always uses; these compare the two on generated values of every length up to 40, at every
/// alignment of the value's first byte, ending the input or followed by more lines, with the
/// bytes that end, trim or continue a value (or look as if they might) in every position.
@Suite struct OneLineValueTests {
    static let alphabet: [UInt8] = [
        0x2F, 0x24, 0x22, 0x27, 0x5C, 0x3B, 0x20, 0x09, 0x0B, 0x0C,  // / $ " ' \ ; space TAB VT FF
        0x0D, 0x0A, 0x00, 0x0E, 0x7F, 0x3D, 0x5B, 0x5D, 0x28, 0x29,  // CR LF NUL ... = [ ] ( )
        0xE2, 0x80, 0xA8, 0xA9, 0xC2, 0xA0, 0xC3, 0xA9, 0xFF,  // U+2028/U+2029, NBSP pieces, é, others
    ]

    /// Values of `length` bytes: mostly letters, with `//`, CRLF, U+2028 and `\` + LF whole at
    /// times, and trailing spaces and `;` often.
    static func values(length: Int, seed: UInt64) -> [[UInt8]] {
        var numbers = SeededNumbers(seed: seed, length: length)
        func next(_ bound: Int) -> Int { numbers.next(bound) }
        return (0..<12).map { _ in
            var bytes: [UInt8] = []
            while bytes.count < length {
                switch next(16) {
                case 0: bytes += [0xE2, 0x80, next(2) == 0 ? 0xA8 : 0xA9]
                case 1: bytes += [0x2F, 0x2F]
                case 2: bytes += [0x0D, 0x0A]
                case 3: bytes += [0x5C, 0x0A]
                case 4: bytes += [0x3B, 0x20]
                case 5, 6, 7: bytes.append(alphabet[next(alphabet.count)])
                default: bytes.append([0x61, 0x7A, 0x30, 0x5F, 0x24, 0x28][next(6)])
                }
            }
            return Array(bytes.prefix(length))
        }
    }

    /// Parses `NAME = value` (the name's length sets the value's alignment), then `tail`, and
    /// checks the first assignment's value, chunks and end against the general scan.
    static func check(_ value: [UInt8], nameLength: Int, tail: [UInt8]) {
        let input = [UInt8](repeating: 0x41, count: nameLength) + Array(" =".utf8) + value + tail
        let tree = XCConfigParser.parse(input)
        #expect(tree.printed() == input)
        guard case .assignment(let assignment) = tree.statements.first?.kind else { return }
        let layout = assignment.valueLayout()
        let context = "\(value) + \(tail)"
        #expect(assignment.chunks == layout.chunks, "\(context)")
        #expect(assignment.value == Assignment.joined(layout.chunks, assignment.storage), "\(context)")
        #expect(assignment.endOffset == layout.endOffset, "\(context)")
        #expect(assignment.end == layout.end, "\(context)")
        #expect(tree.statements.first?.range.endOffset ?? 0 >= layout.endOffset, "\(context)")
    }

    @Test(arguments: 0...40)
    func agreesWithTheGeneralScan(length: Int) {
        for value in Self.values(length: length, seed: 11) {
            for nameLength in 1...16 {
                for tail in [[], Array("\nB = 1\n".utf8), Array("\r\n".utf8)] {
                    Self.check(value, nameLength: nameLength, tail: tail)
                }
            }
        }
    }

    /// Every byte value as the first, a middle and the last byte of a value.
    @Test func everyByteInEveryRole() {
        for byte in 0...255 {
            let b = UInt8(byte)
            for value in [[b], [0x20, b, 0x61], [0x61, b], [0x61, b, 0x3B], [0x61, b, 0x20], [b, 0x2F, 0x2F]] {
                for nameLength in [1, 7, 14] {
                    Self.check(value, nameLength: nameLength, tail: Array("\nB = 1".utf8))
                    Self.check(value, nameLength: nameLength, tail: [])
                }
            }
        }
    }

    @Test func commonValuesTakeTheirChunkAsWritten() {
        let tree = XCConfigParser.parse("A = $(B) /x/y;\nB = \"q\" 'r' ; \nC=x\\\n y\nD = a // c\nE =  \nF = ;\n")
        #expect(tree.assignments.map(\.value) == ["$(B) /x/y", "\"q\" 'r'", "x y", "a", "", ""])
    }
}
