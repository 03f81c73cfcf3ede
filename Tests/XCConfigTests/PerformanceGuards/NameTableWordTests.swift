import Testing
@testable import XCConfig

/// The name table reads names a word at a time, the last word overlapping the ones before:
/// names that differ in one byte anywhere, at every length around a word, stay apart.
@Suite struct NameTableWordTests {
    @Test func namesDifferingInOneByteStayApart() {
        let table = NameTable()
        var names: [String] = []
        for length in 1...25 {
            for position in 0..<length {
                var bytes = Array(repeating: UInt8(ascii: "A"), count: length)
                bytes[position] = UInt8(ascii: "B")
                names.append(String(decoding: bytes, as: UTF8.self))
            }
            names.append(String(repeating: "A", count: length))
        }
        for (id, name) in names.enumerated() { #expect(table.intern(name) == (id, true)) }
        for (id, name) in names.enumerated() {
            #expect(table[name] == id)
            #expect(Array(name.utf8).withUnsafeBufferPointer { table.id(ofBytes: $0) } == id)
        }
        #expect(table[String(repeating: "A", count: 26)] == nil)
        #expect(table["C"] == nil)
    }

    /// Names of every length up to 40, the empty one included, keep their bytes while the
    /// storage they are copied into grows, in a table sized up front and one that is not.
    @Test func namesOfEveryLengthKeepTheirBytes() {
        var names: [String] = []
        for length in 0...40 {
            var bytes: [UInt8] = []
            for position in 0..<length { bytes.append(UInt8(65 + (position * 7 + length) % 26)) }
            names.append(String(decoding: bytes, as: UTF8.self))
        }
        for table in [NameTable(), NameTable(capacity: 4)] {
            for round in 0..<30 {
                for (index, name) in names.enumerated() {
                    let spelled = round == 0 ? name : name + "_\(round)"
                    let id = Array(spelled.utf8).withUnsafeBufferPointer { table.intern(bytes: $0) }
                    #expect(id == (round * names.count + index, true))
                }
            }
            for id in 0..<table.count {
                let name = table.name(id)
                #expect(table[name] == id)
                #expect(Array(name.utf8).withUnsafeBufferPointer { table.id(ofBytes: $0) } == id)
            }
            #expect(table.name(0) == "")
            #expect(table.name(40) == names[40])
            #expect(table.name(names.count + 5) == names[5] + "_1")
        }
    }

    @Test func equalComparesEveryByte() {
        for length in 0...20 {
            let a = Array(repeating: UInt8(ascii: "x"), count: length)
            a.withUnsafeBufferPointer { #expect(NameTable.equal($0, $0)) }
            for position in 0..<length {
                var b = a
                b[position] = UInt8(ascii: "y")
                a.withUnsafeBufferPointer { a in b.withUnsafeBufferPointer { b in #expect(!NameTable.equal(a, b)) } }
            }
        }
    }
}
