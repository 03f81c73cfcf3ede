import Testing
@testable import XCConfig

/// The resolver lends one block of memory to the buffers whose room its record count decides
/// (``FlatBuffer/init(lending:capacity:)``). A buffer that outgrows its share moves to storage
/// of its own with its values, and leaves the rest of the block alone.
@Suite struct LentStorageTests {
    @Test func aBufferOutgrowingItsShareKeepsItsValues() {
        var layout = BlockLayout()
        let lentAt = layout.add(Int32.self, count: 4)
        let fenceAt = layout.add(UInt8.self, count: 64)
        let block = PlainMemory.allocate(UInt8.self, capacity: layout.size)
        defer { PlainMemory.deallocate(block) }
        let raw = UnsafeMutableRawPointer(block)
        (raw + fenceAt).initializeMemory(as: UInt8.self, repeating: 0xA5, count: 64)
        var buffer = FlatBuffer<Int32>(lending: raw + lentAt, capacity: 4)
        for value in 0..<1000 { buffer.append(Int32(value)) }
        #expect(buffer.all.elementsEqual((0..<1000).map { Int32($0) }))
        #expect(UnsafeBufferPointer(start: (raw + fenceAt).assumingMemoryBound(to: UInt8.self), count: 64).allSatisfy { $0 == 0xA5 })
        // Frees its own storage, not the block (freeing that here would crash below).
        var filled = FlatBuffer<Int32>(repeating: 7, count: 3, lending: raw + lentAt, capacity: 4)
        #expect(Array(filled.all) == [7, 7, 7])
        filled.append(8)
        filled.append(9)
        #expect(Array(filled.all) == [7, 7, 7, 8, 9])
    }

    /// A file of three records is lent room for 1 KB of evaluated values, 256 bytes of
    /// compiled text and 256 pieces: larger values, longer literal text and values of more
    /// pieces than that come out as written.
    @Test func valuesLargerThanTheirLentRoomEvaluateInFull() {
        let literal = String(repeating: "abcdefghij", count: 100)
        let references = String(repeating: "$(A)-", count: 300)
        let text = "A = \(literal)\nB = \(references)\nC = $(B)$(B)\n"
        let resolver = makeResolver(text)
        let b = String(repeating: literal + "-", count: 300)
        #expect(resolver.value(of: "A") == literal)
        #expect(resolver.value(of: "C") == b + b)
        #expect(resolver.value(of: "B") == b)
        #expect(resolver.resolveAll().map(\.value) == [literal, b, b + b])
    }

    /// Set-up's and evaluation's buffers are lent room for what a file of their size usually
    /// needs: more `sdk` patterns in a level, deeper nesting, more references and operators
    /// than that still resolve as written.
    @Test func setUpAndEvaluationPastTheirLentRoomResolveInFull() {
        var lines: [String] = []
        for index in 0..<100 {
            lines.append("S\(index)[sdk=macosx*] = mac")
            lines.append("S\(index)[sdk=iphoneos*][config=Debug] = phone\(index)")
        }
        // A chain 150 settings deep, each value with two references and an operator.
        for index in 0..<150 { lines.append("C\(index) = $(C\(index + 1):lower)$(S\(index % 100))") }
        lines.append("C150 = END")
        let text = lines.joined(separator: "\n")
        let context = EvaluationContext(configuration: "Debug", sdks: ["iphoneos17.0", "iphoneos"], arch: "arm64")
        let resolver = makeResolver(text, context: context)
        for index in 0..<100 { #expect(resolver.value(of: "S\(index)") == "phone\(index)") }
        let expected = "end" + (0..<150).reversed().map { "phone\($0 % 100)" }.joined()
        #expect(resolver.value(of: "C0") == expected)
    }

    /// A name table in lent memory that outgrows its slots, its storage and its ends finds
    /// every name it interned, as a table of its own finds them.
    @Test func aNameTableOutgrowingItsLentRoomFindsEveryName() {
        var layout = BlockLayout()
        let room = NameTable.LentRoom(capacity: 2, in: &layout)
        let fenceAt = layout.add(UInt8.self, count: 64)
        let block = PlainMemory.allocate(UInt8.self, capacity: layout.size)
        defer { PlainMemory.deallocate(block) }
        let raw = UnsafeMutableRawPointer(block)
        (raw + fenceAt).initializeMemory(as: UInt8.self, repeating: 0xA5, count: 64)
        let names = (0..<300).map { "SETTING_NAME_\($0)_" + String(repeating: "x", count: $0 % 40) }
        do {
            let lent = NameTable(capacity: 2, lending: raw, room: room)
            let own = NameTable()
            for name in names {
                #expect(lent.intern(name).id == own.intern(name).id)
            }
            for (id, name) in names.enumerated() {
                #expect(lent[name] == id)
                #expect(lent.name(id) == name)
            }
            #expect(lent["UNKNOWN"] == nil)
        }
        #expect(UnsafeBufferPointer(start: (raw + fenceAt).assumingMemoryBound(to: UInt8.self), count: 64).allSatisfy { $0 == 0xA5 })
    }
}
