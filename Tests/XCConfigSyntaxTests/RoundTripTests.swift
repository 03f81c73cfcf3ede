import Foundation
import Testing
import XCConfigSyntax

/// The tree keeps every byte: printing it gives the input back, whatever the input.
@Suite struct RoundTripTests {
    /// A small deterministic generator (SplitMix64) so failures reproduce.
    struct SplitMix64: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    /// Pieces that exercise every branch of the grammar, mixed with arbitrary bytes.
    static let pieces: [[UInt8]] = [
        "A", "_B1", " ", "\t", "\u{0B}", "\u{0C}", "=", "[", "]", "sdk=", "//", "/", "\\", ";", "\"",
        "#", "#include", "#include?", "include", "$(X)", "\n", "\r", "\r\n", "\u{2028}", "\u{2029}",
        "\u{FEFF}", "\u{00A0}", "\u{3000}", "\u{0600}", "é", "\0",
    ].map { Array($0.utf8) } + [[0xFF], [0xE2], [0xE2, 0x80], [0xC2], [0x80]]

    static func soup(_ generator: inout SplitMix64, pieces count: Int) -> [UInt8] {
        var bytes: [UInt8] = []
        for _ in 0..<count {
            if Int.random(in: 0..<8, using: &generator) == 0 {
                bytes.append(UInt8.random(in: 0...255, using: &generator))
            } else {
                bytes += pieces[Int.random(in: 0..<pieces.count, using: &generator)]
            }
        }
        return bytes
    }

    /// Offsets at which a physical line starts (LF, CR, CRLF, U+2028, U+2029 end lines).
    static func physicalLineStarts(_ bytes: [UInt8]) -> [Int] {
        var starts = [0]
        var i = 0
        while i < bytes.count {
            var length = 0
            if bytes[i] == 0x0A {
                length = 1
            } else if bytes[i] == 0x0D {
                length = i + 1 < bytes.count && bytes[i + 1] == 0x0A ? 2 : 1
            } else if bytes[i] == 0xE2 && i + 2 < bytes.count && bytes[i + 1] == 0x80
                && (bytes[i + 2] == 0xA8 || bytes[i + 2] == 0xA9)
            {
                length = 3
            }
            if length > 0 {
                i += length
                starts.append(i)
            } else {
                i += 1
            }
        }
        return starts
    }

    /// Everything a consumer relies on: tiling, lines, locations, chunks adding up to values.
    static func checkInvariants(_ bytes: [UInt8], _ context: String) {
        let tree = XCConfigParser.parse(bytes)
        #expect(tree.printed() == bytes, "\(context)")
        var offset = 0
        for statement in tree.statements {
            #expect(statement.range.startOffset == offset, "\(context)")
            #expect(statement.range.endOffset > offset, "\(context)")
            #expect(statement.range.start == tree.location(ofOffset: statement.range.startOffset), "\(context)")
            #expect(statement.range.start.column == 1, "\(context)")
            offset = statement.range.endOffset
            if case .assignment(let assignment) = statement.kind {
                #expect(assignment.value == assignment.chunks.map { tree.text($0) }.joined(separator: " "), "\(context)")
            }
        }
        #expect(offset == bytes.count, "\(context)")
        // Only a directive keyword swallows a U+2028/U+2029 without Xcode counting it.
        let physical = physicalLineStarts(bytes)
        #expect(Set(tree.lineStarts).isSubset(of: Set(physical)), "\(context)")
        #expect(tree.lineStarts == tree.lineStarts.sorted(), "\(context)")
        if !bytes.contains(0x23) {
            #expect(tree.lineStarts == physical, "\(context)")
        }
    }

    @Test func randomByteSoupRoundTrips() {
        var generator = SplitMix64(state: 0x5EED_0F_C0FF_EE)
        for round in 0..<3000 {
            let bytes = Self.soup(&generator, pieces: Int.random(in: 0..<60, using: &generator))
            Self.checkInvariants(bytes, "round \(round): \(bytes)")
        }
    }

    @Test func purelyRandomBytesRoundTrip() {
        var generator = SplitMix64(state: 42)
        for round in 0..<500 {
            let count = Int.random(in: 0..<400, using: &generator)
            let bytes = (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }
            Self.checkInvariants(bytes, "round \(round)")
        }
    }

    /// The parse reserves room for a line every 16 bytes; shorter lines go past the reservation.
    @Test func shortLinesPastTheReservedRoomKeepEveryStatement() {
        for count in [1, 8, 9, 40, 1000] {
            let bytes = Array(String(repeating: "\n", count: count).utf8) + Array("A=1\nB=2".utf8)
            let tree = XCConfigParser.parse(bytes)
            #expect(tree.statements.count == count + 2)
            #expect(tree.printed() == bytes)
            #expect(tree.lineStarts == Array(0...count) + [count + 4])
            #expect(tree.assignments.map(\.name) == ["A", "B"])
        }
    }

    @Test func emptyInputHasOneLineAndNoStatements() {
        let tree = XCConfigParser.parse([])
        #expect(tree.statements.isEmpty)
        #expect(tree.lineStarts == [0])
    }

    @Test(.enabled(if: Fixtures.corpus != nil, "shared/corpus is absent"))
    func corpusFilesPrintBackByteIdentical() throws {
        let corpus = try #require(Fixtures.corpus)
        let files = Fixtures.files(under: corpus, suffix: ".xcconfig")
        #expect(!files.isEmpty)
        for url in files {
            let bytes = [UInt8](try Data(contentsOf: url))
            Self.checkInvariants(bytes, url.path)
        }
    }
}
