import Testing
@testable import XCConfigSyntax

/// `shortConditionClose(in:open:)` settles a condition from sixteen bytes; these compare it with
/// the general condition scan, written byte by byte, on generated inputs of every length up to
/// 40, from every `[` position, at every alignment, with the bytes that end a part (or look as
/// if they might) at every position.
@Suite struct ShortConditionTests {
    static let alphabet: [UInt8] = [
        0x5D, 0x3D, 0x5B, 0x2F, 0x24, 0x22, 0x27, 0x5C, 0x2A, 0x20,  // ] = [ / $ " ' \ * space
        0x09, 0x0A, 0x0D, 0x0B, 0x0C, 0x00, 0x0E, 0x1F, 0x7F,  // TAB LF CR VT FF NUL and neighbours
        0xE2, 0x80, 0xA8, 0xA9, 0xC3, 0xA9, 0xFF,  // U+2028/U+2029 pieces, é, others
        0x5C, 0x3E, 0x3C, 0x5E, 0x7D, 0x1D,  // bytes one away from ] and =
    ]

    /// Inputs of `length` bytes: mostly condition letters, with whole U+2028 and CRLF at times.
    static func inputs(length: Int, seed: UInt64) -> [[UInt8]] {
        var numbers = SeededNumbers(seed: seed, length: length)
        func next(_ bound: Int) -> Int { numbers.next(bound) }
        return (0..<12).map { _ in
            var bytes: [UInt8] = []
            while bytes.count < length {
                switch next(15) {
                case 0: bytes += [0xE2, 0x80, next(2) == 0 ? 0xA8 : 0xA9]
                case 14: bytes += [0x73, 0x3D, 0x61, 0x5D]  // s=a]
                case 1: bytes += [0x0D, 0x0A]
                case 2: bytes.append(0x5D)
                case 3: bytes.append(0x3D)
                case 4, 5: bytes.append(alphabet[next(alphabet.count)])
                default: bytes.append([0x61, 0x7A, 0x30, 0x5F, 0x2A][next(5)])
                }
            }
            return Array(bytes.prefix(length))
        }
    }

    static func isLineEnd(_ bytes: UnsafeBufferPointer<UInt8>, _ i: Int) -> Bool {
        let rest = bytes[i...]
        return rest.starts(with: [0x0A]) || rest.starts(with: [0x0D]) || rest.starts(with: [0xE2, 0x80, 0xA8])
            || rest.starts(with: [0xE2, 0x80, 0xA9])
    }

    /// The `]` at which the general scan accepts the condition opening just before `start`, or
    /// `nil` when it rejects it: the parameter ends at the first `=`, `]` or line end, and must
    /// end at an `=`; the pattern at the first `]` or line end, and must end at a `]`.
    static func reference(_ bytes: UnsafeBufferPointer<UInt8>, start: Int) -> Int? {
        var i = start
        while i < bytes.count && bytes[i] != 0x3D && bytes[i] != 0x5D && !isLineEnd(bytes, i) { i += 1 }
        guard i < bytes.count, bytes[i] == 0x3D else { return nil }
        i += 1
        while i < bytes.count && bytes[i] != 0x5D && !isLineEnd(bytes, i) { i += 1 }
        return i < bytes.count && bytes[i] == 0x5D ? i : nil
    }

    /// Whether the fast test must decide: sixteen bytes follow the `[`, and the condition,
    /// accepted, closes within them with only bytes from 0x0E to 0x7F before its `]`.
    static func mustDecide(_ bytes: UnsafeBufferPointer<UInt8>, start: Int, close: Int?) -> Bool {
        guard let close, start + 16 <= bytes.count, close - start < 16 else { return false }
        return bytes[start..<close].allSatisfy { $0 >= 0x0E && $0 < 0x80 }
    }

    static func check(_ bytes: [UInt8], opensBefore limit: Int = .max, decided: inout Int) {
        for alignment in 0..<16 {
            let padded = [UInt8](repeating: 0x5B, count: alignment) + bytes
            padded.withUnsafeBufferPointer { whole in
                let buffer = UnsafeBufferPointer(rebasing: whole[alignment...])
                for open in 0..<min(buffer.count, limit) {
                    let expected = reference(buffer, start: open + 1)
                    let found = shortConditionClose(in: buffer, open: open)
                    if let found {
                        decided += 1
                        #expect(found == expected, "\(bytes) from \(open)")
                    } else {
                        #expect(!mustDecide(buffer, start: open + 1, close: expected), "\(bytes) from \(open)")
                    }
                }
            }
        }
    }

    @Test(arguments: 0...40)
    func agreesWithTheGeneralScan(length: Int) {
        var decided = 0
        for bytes in Self.inputs(length: length, seed: 7) {
            Self.check(bytes, decided: &decided)
        }
        if length >= 20 { #expect(decided > 0) }
    }

    /// Every byte value in every position of a condition that otherwise fits the window.
    @Test func everyByteInEveryPosition() {
        var decided = 0
        let base = Array("[config=Release]".utf8) + Array(repeating: 0x20, count: 17)
        for position in 1..<16 {
            for value in 0...255 {
                var bytes = base
                bytes[position] = UInt8(value)
                Self.check(bytes, opensBefore: 1, decided: &decided)
            }
        }
        #expect(decided > 0)
    }

    /// Conditions of the shapes real files write, read through the parser.
    @Test func commonConditionsParse() {
        let tree = XCConfigParser.parse(
            "A[sdk=iphoneos*][arch=arm64] = 1\nB[config=Release] = 2\nC[sdk=macosx*]\t[arch=x86_64]=3\n"
                + "D[ sdk = a ][variant=é] = 4\nE[sdk=a] [b=c]=")
        #expect(tree.diagnostics.isEmpty)
        #expect(tree.assignments.map { $0.conditions.map(\.parameter) }
            == [["sdk", "arch"], ["config"], ["sdk", "arch"], [" sdk ", "variant"], ["sdk", "b"]])
        #expect(tree.assignments.map { $0.conditions.map(\.pattern) }
            == [["iphoneos*", "arm64"], ["Release"], ["macosx*", "x86_64"], [" a ", "é"], ["a", "c"]])
        #expect(tree.assignments.map(\.value) == ["1", "2", "3", "4", ""])
    }
}
