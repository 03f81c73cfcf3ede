import Testing
@testable import XCConfig

/// ``OperatorNameMemo`` gives what ``OperatorName/init(bytes:)`` gives, whatever names it has
/// read before: known operators, names that differ from one by a byte or by their length, and
/// names too long for a key, read in an order that refills its entries again and again.
@Suite struct OperatorNameMemoTests {
    static func names() -> [String] {
        let spellings = (0...UInt8.max).compactMap(OperatorName.init(rawValue:)).filter { $0 != .unknown }
            .map { String(describing: $0.spelling) }
        var names = spellings + ["", "x", "upp", "uppe", "upperr", "Upper", "lowe", "defaulT", "defaul", "defaults",
                                 "dir\u{0}", "_md5", "__md5", "a.b", "é", "up-per", "12345678", "1234567"]
        // Every spelling with one byte changed, and cut short by one byte.
        for spelling in spellings {
            let bytes = Array(spelling.utf8)
            for index in bytes.indices {
                var changed = bytes
                changed[index] ^= 0x20
                names.append(String(decoding: changed, as: UTF8.self))
            }
            names.append(String(decoding: bytes.dropLast(), as: UTF8.self))
        }
        return names
    }

    @Test func memoMatchesTheOperatorName() {
        let names = Self.names()
        var memo = OperatorNameMemo()
        var generator = CommonShapeTests.Generator(state: 7)
        var known = 0
        for round in 0..<20_000 {
            // Mostly a few names, as a file reads them, sometimes any of them.
            let name = names[round % 7 == 0 ? generator.next(names.count) : generator.next(12)]
            let bytes = Array(name.utf8)
            let expected = bytes.withUnsafeBufferPointer { OperatorName(bytes: $0) }
            let read = bytes.withUnsafeBufferPointer { memo.name($0) }
            #expect(read == expected, "\(name)")
            if read != expected { return }
            if read != .unknown { known += 1 }
        }
        // The comparison must cover known operators, not only unknown names.
        #expect(known > 5_000)
    }
}
