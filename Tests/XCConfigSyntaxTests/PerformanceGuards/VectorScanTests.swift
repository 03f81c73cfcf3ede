import Foundation
import Testing
@testable import XCConfigSyntax

/// The parser's scans read sixteen bytes at a time, then eight, then one; these compare each scan
/// with a byte-by-byte reference on generated inputs of every length up to three vectors and a
/// bit, from every start, at every alignment of the input's first byte, with the bytes that end
/// a scan (or look as if they might) at every position.
@Suite struct VectorScanTests {
    /// Bytes that end a scan, bytes next to them, and the bytes the word tests flag loosely.
    static let alphabet: [UInt8] = [
        0x0A, 0x0D, 0x0B, 0x0C, 0x09, 0x00, 0x20,  // LF, CR, VT, FF, TAB, NUL, space
        0xE2, 0x80, 0xA8, 0xA9, 0xE3, 0xC2, 0xA0, 0xFF, 0x7F,  // U+2028/U+2029 pieces, others
        0x2F, 0x2E, 0x5C, 0x3D, 0x5D, 0x5B, 0x5F, 0x3B,  // / . \ = ] [ _ ;
        0x30, 0x39, 0x3A, 0x40, 0x41, 0x5A, 0x60, 0x61, 0x7A, 0x7B, 0xC1, 0xDA, 0xE1, 0xFA,  // name edges
    ]

    /// Inputs of `length` bytes: mostly a name byte, so that scans cross whole vectors, and
    /// U+2028/U+2029, `//` and CRLF whole often enough to meet each position.
    static func inputs(length: Int, seed: UInt64) -> [[UInt8]] {
        var numbers = SeededNumbers(seed: seed, length: length)
        func next(_ bound: Int) -> Int { numbers.next(bound) }
        return (0..<10).map { _ in
            var bytes: [UInt8] = []
            while bytes.count < length {
                switch next(12) {
                case 0: bytes += [0xE2, 0x80, next(2) == 0 ? 0xA8 : 0xA9]
                case 1: bytes += [0x2F, 0x2F]
                case 2: bytes += [0x0D, 0x0A]
                case 3, 4: bytes.append(alphabet[next(alphabet.count)])
                default: bytes.append(next(2) == 0 ? 0x61 : 0x5F)
                }
            }
            return Array(bytes.prefix(length))
        }
    }

    /// Calls `body` with `bytes` copied to each of sixteen alignments.
    static func forEachAlignment(_ bytes: [UInt8], _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        for alignment in 0..<16 {
            let padded = [UInt8](repeating: 0x0A, count: alignment) + bytes
            padded.withUnsafeBufferPointer { buffer in
                body(UnsafeBufferPointer(rebasing: buffer[alignment...]))
            }
        }
    }

    static func isLineEnd(_ bytes: UnsafeBufferPointer<UInt8>, _ i: Int) -> Bool {
        let rest = bytes[i...]
        return rest.starts(with: [0x0A]) || rest.starts(with: [0x0D]) || rest.starts(with: [0xE2, 0x80, 0xA8])
            || rest.starts(with: [0xE2, 0x80, 0xA9])
    }

    static func reference(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, _ ends: (Int) -> Bool) -> Int {
        var i = start
        while i < bytes.count && !ends(i) { i += 1 }
        return i
    }

    @Test(arguments: 0..<52)
    func lineEndScanAgreesWithAByteByByteScan(length: Int) {
        for bytes in Self.inputs(length: length, seed: 1) {
            Self.forEachAlignment(bytes) { buffer in
                for start in 0...length {
                    for stopAtComment in [false, true] {
                        let expected = Self.reference(buffer, from: start) { i in
                            Self.isLineEnd(buffer, i) || (stopAtComment && buffer[i...].starts(with: [0x2F, 0x2F]))
                        }
                        #expect(endOfLineOffset(in: buffer, from: start, stopAtComment: stopAtComment) == expected,
                                "\(bytes) from \(start)")
                    }
                }
            }
        }
    }

    @Test(arguments: 0..<52)
    func conditionPartScanAgreesWithAByteByByteScan(length: Int) {
        for bytes in Self.inputs(length: length, seed: 2) {
            Self.forEachAlignment(bytes) { buffer in
                for start in 0...length {
                    for stopAtEquals in [false, true] {
                        let ends = { (i: Int) -> Bool in
                            buffer[i] == 0x5D || (stopAtEquals && buffer[i] == 0x3D) || Self.isLineEnd(buffer, i)
                        }
                        let found = firstOffset(in: buffer, from: start, flagging: 0x5D, stopAtEquals ? 0x3D : nil, where: ends)
                        #expect(found == Self.reference(buffer, from: start, ends), "\(bytes) from \(start)")
                    }
                }
            }
        }
    }

    @Test(arguments: 0..<52)
    func nameScanAgreesWithAByteByByteScan(length: Int) {
        func isNameByte(_ b: UInt8) -> Bool {
            (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || (b >= 0x30 && b <= 0x39) || b == 0x5F
        }
        for bytes in Self.inputs(length: length, seed: 3) {
            Self.forEachAlignment(bytes) { buffer in
                for start in 0...length {
                    let expected = Self.reference(buffer, from: start) { !isNameByte(buffer[$0]) }
                    #expect(endOfNameOffset(in: buffer, from: start) == expected, "\(bytes) from \(start)")
                }
            }
        }
    }

    /// Every byte value at every position of a long name, where the vector test decides it.
    @Test func everyByteEndsANameOrNot() {
        for value in 0...255 {
            let b = UInt8(value)
            let isName = (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || (b >= 0x30 && b <= 0x39) || b == 0x5F
            for position in 0..<40 {
                var bytes = [UInt8](repeating: 0x61, count: 40)
                bytes[position] = b
                bytes.withUnsafeBufferPointer { buffer in
                    #expect(endOfNameOffset(in: buffer, from: 0) == (isName ? 40 : position), "byte \(value) at \(position)")
                }
            }
        }
    }

    /// Whole files with values, comments and continuations of every length parse as the same
    /// lines written one by one, each parsed alone.
    @Test(arguments: 0..<40)
    func valuesOfEveryLengthKeepTheirParts(length: Int) {
        // Ends in `.`, so that no value ends in `\` and continues onto the next test line.
        let filler = String(repeating: "a/b\\c\t", count: 8).prefix(length) + "."
        let lines = [
            "A = \(filler)\n", "B = \(filler) // c\(filler)\r\n", "C = \(filler)\\\n x;\n",
            "D[sdk=\(filler)] = \(filler);\u{2028}", "E = \(filler)\u{2029}", "// \(filler)\n",
            "#include \"\(filler)\"\n", "\(filler)_N = 1\n",
        ]
        let tree = XCConfigParser.parse(lines.joined())
        var line = 1
        var offset = 0
        for (index, text) in lines.enumerated() {
            let alone = XCConfigParser.parse(text)
            let statement = tree.statements[index]
            #expect(statement.range.startOffset == offset)
            #expect(statement.range.start.line == line)
            #expect(statement.range.endOffset - offset == alone.statements[0].range.endOffset)
            if case .assignment(let a) = statement.kind, case .assignment(let b) = alone.statements[0].kind {
                #expect(a.name == b.name && a.value == b.value && a.conditions.map(\.pattern) == b.conditions.map(\.pattern))
                #expect(a.comments.map { $0.endOffset - $0.startOffset } == b.comments.map { $0.endOffset - $0.startOffset })
            }
            #expect(tree.diagnostics.filter { $0.location?.line == line }.map(\.message) == alone.diagnostics.map(\.message))
            offset += text.utf8.count
            // Every test line ends in a terminator, which starts the next one.
            line += alone.lineStarts.count - 1
        }
    }

    /// The scans agree with references from every offset of every corpus file. The expected
    /// offsets come from one backward pass: a scan from `i` ends at `i` or where one from `i + 1` ends.
    @Test(.enabled(if: Fixtures.corpus != nil, "shared/corpus is absent"))
    func scansAgreeOnTheCorpus() throws {
        let corpus = try #require(Fixtures.corpus)
        func isNameByte(_ b: UInt8) -> Bool {
            (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || (b >= 0x30 && b <= 0x39) || b == 0x5F
        }
        for url in Fixtures.files(under: corpus, suffix: ".xcconfig") {
            let bytes = try [UInt8](Data(contentsOf: url))
            bytes.withUnsafeBufferPointer { buffer in
                let n = buffer.count
                var lineEnd = [Int](repeating: n, count: n + 1)
                var lineOrComment = lineEnd
                var nameEnd = lineEnd
                for i in stride(from: n - 1, through: 0, by: -1) {
                    let atLineEnd = Self.isLineEnd(buffer, i)
                    lineEnd[i] = atLineEnd ? i : lineEnd[i + 1]
                    lineOrComment[i] = atLineEnd || buffer[i...].starts(with: [0x2F, 0x2F]) ? i : lineOrComment[i + 1]
                    nameEnd[i] = isNameByte(buffer[i]) ? nameEnd[i + 1] : i
                }
                var mismatches = 0
                for start in 0...n {
                    if endOfLineOffset(in: buffer, from: start, stopAtComment: false) != lineEnd[start]
                        || endOfLineOffset(in: buffer, from: start, stopAtComment: true) != lineOrComment[start]
                        || endOfNameOffset(in: buffer, from: start) != nameEnd[start] {
                        mismatches += 1
                    }
                }
                #expect(mismatches == 0, "\(url.path)")
            }
        }
    }
}
