import Testing
@testable import XCConfig

/// The resolver's name table: IDs stable, lookups by string and by bytes agree, growth keeps
/// every name, and names that differ only late or only in length stay apart.
@Suite struct NameTableTests {
    @Test func internsEachNameOnce() {
        let table = NameTable()
        #expect(table.intern("PRODUCT_NAME") == (0, true))
        #expect(table.intern("SDKROOT") == (1, true))
        #expect(table.intern("PRODUCT_NAME") == (0, false))
        #expect(table.count == 2)
        #expect([table.name(0), table.name(1)] == ["PRODUCT_NAME", "SDKROOT"])
        #expect(table["SDKROOT"] == 1)
        #expect(table["PRODUCT_NAM"] == nil)
        #expect(table[""] == nil)
    }

    @Test func bytesAndStringsFindTheSameIDs() {
        let table = NameTable()
        // Lengths around the 8-byte words the hash reads, and names sharing long prefixes.
        let names = (0...24).map { String(repeating: "A", count: $0) + "_X" } + ["é_UNICODE", "OTHER_LDFLAGS", "OTHER_LDFLAGZ"]
        for name in names { table.intern(name) }
        for (id, name) in names.enumerated() {
            #expect(table[name] == id)
            #expect(table.name(id) == name)
            let viaBytes = Array(name.utf8).withUnsafeBufferPointer { table.id(ofBytes: $0) }
            #expect(viaBytes == id)
        }
        #expect(Array("OTHER_LDFLAGX".utf8).withUnsafeBufferPointer { table.id(ofBytes: $0) } == nil)
    }

    /// Strings made on request, in any order, stay the names of their IDs, also for names
    /// interned after the first request.
    @Test func stringsAreMadeInAnyOrder() {
        let table = NameTable()
        for name in ["A", "BB", "CCC"] { table.intern(name) }
        #expect(table.string(2) == "CCC")
        #expect(table.string(0) == "A")
        #expect(table.string(2) == "CCC")
        table.intern("DDDD")
        #expect(table.string(3) == "DDDD")
        #expect(table.string(1) == "BB")
        #expect((0..<table.count).map(table.string) == ["A", "BB", "CCC", "DDDD"])
    }

    @Test func growingKeepsEveryName() {
        let table = NameTable()
        for index in 0..<5_000 { #expect(table.intern("SETTING_\(index)").id == index) }
        for index in stride(from: 0, to: 5_000, by: 7) {
            #expect(table["SETTING_\(index)"] == index)
            #expect(table.name(index) == "SETTING_\(index)")
        }
        #expect(table["SETTING_5000"] == nil)
    }

    /// Interning bytes finds what interning strings made, makes a string only for new names,
    /// and a table sized up front or left empty behaves the same.
    @Test func internByBytesAgreesWithStrings() {
        let sized = NameTable(capacity: 300)
        let empty = NameTable()
        #expect(empty["A"] == nil)
        #expect(Array("A".utf8).withUnsafeBufferPointer { empty.id(ofBytes: $0) } == nil)
        for index in 0..<300 {
            let name = "NAME_\(index)_" + String(repeating: "x", count: index % 19)
            let viaBytes = Array(name.utf8).withUnsafeBufferPointer { sized.intern(bytes: $0) }
            #expect(viaBytes == (index, true))
            #expect(empty.intern(name) == (index, true))
            #expect(sized.intern(name) == (index, false))
            #expect(Array(name.utf8).withUnsafeBufferPointer { empty.intern(bytes: $0) } == (index, false))
        }
        #expect((0..<sized.count).map(sized.name) == (0..<empty.count).map(empty.name))
        #expect(sized.name(299) == "NAME_299_" + String(repeating: "x", count: 299 % 19))
    }
}
