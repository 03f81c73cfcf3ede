import ConformanceSupport
import Testing
@testable import XCConfig

/// The value compiler scans for each name's end eight bytes at a time
/// (``ValueScanner/firstIndex(of:_:_:in:from:)``), hashes it with ``NameTable/hash(_:)`` and
/// looks it up through ``NameTable/Lookup``: the scan must end where a byte-by-byte scan ends,
/// and the lookup must find what ``NameTable/id(ofBytes:)`` finds, at every name length and
/// every position in a value (the words the scan reads, and the last one it reads short,
/// depend on both).
@Suite struct NameScanAndLookupTests {
    static let nameBytes = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ_0123456789abcdefghijklmnopqrstuvwxyz".utf8)
    static let stops: [UInt8] = [UInt8(ascii: ")"), UInt8(ascii: ":"), UInt8(ascii: "$")]

    /// Bytes before the name, the name, then a stop or none, then bytes after.
    static func cases() -> [(bytes: [UInt8], start: Int)] {
        var generator = SeededNumbers(seed: 7)
        var cases: [(bytes: [UInt8], start: Int)] = []
        for length in 0...40 {
            for prefix in [0, 1, 2, 5, 7, 8, 9, 15, 16] {
                for suffix in [-1, 0, 1, 3, 7, 8, 12] {
                    var bytes = (0..<prefix).map { _ in nameBytes[generator.next(nameBytes.count)] }
                    bytes += (0..<length).map { _ in nameBytes[generator.next(nameBytes.count)] }
                    if suffix >= 0 {
                        bytes.append(stops[generator.next(stops.count)])
                        // Stops after the first too: the scan must find the first.
                        bytes += (0..<suffix).map { _ in generator.next(3) == 0 ? stops[generator.next(stops.count)] : nameBytes[generator.next(nameBytes.count)] }
                    }
                    cases.append((bytes, prefix))
                }
            }
        }
        return cases
    }

    @Test func scanEndsAtTheFirstStop() {
        for (bytes, start) in Self.cases() {
            let expectedEnd = bytes[start...].firstIndex { Self.stops.contains($0) } ?? bytes.count
            bytes.withUnsafeBufferPointer { buffer in
                let end = ValueScanner.firstIndex(of: Self.stops[0], Self.stops[1], Self.stops[2], in: buffer, from: start)
                #expect(end == expectedEnd, "\(bytes) from \(start)")
            }
        }
    }

    /// ``NameTable/hash(_:)`` of an empty name is the same with and without a base address.
    @Test func emptyNameHashesAlike() {
        let bytes: [UInt8] = [0x29]
        bytes.withUnsafeBufferPointer { buffer in
            #expect(NameTable.hash(UnsafeBufferPointer(rebasing: buffer[0..<0])) == NameTable.hash(UnsafeBufferPointer(start: nil, count: 0)))
        }
    }

    @Test func lookupFindsWhatTheTableFinds() {
        var generator = SeededNumbers(seed: 11)
        let table = NameTable()
        var names: [[UInt8]] = []
        for length in 0...40 {
            for _ in 0..<3 {
                names.append((0..<length).map { _ in Self.nameBytes[generator.next(Self.nameBytes.count)] })
            }
        }
        // Half interned; the other half, and near misses of every name, only looked up.
        for (index, name) in names.enumerated() where index % 2 == 0 {
            name.withUnsafeBufferPointer { _ = table.intern(bytes: $0) }
        }
        var probes = names
        for name in names where !name.isEmpty {
            var changed = name
            changed[changed.count - 1] ^= 1
            probes.append(changed)
            probes.append(Array(name.dropLast()))
            probes.append(name + [0x41])
        }
        let lookup = table.lookup
        for probe in probes {
            probe.withUnsafeBufferPointer { bytes in
                #expect(lookup.id(ofBytes: bytes, hash: NameTable.hash(bytes)) == table.id(ofBytes: bytes), "\(probe)")
            }
        }
    }

    /// A table holding only the empty name has no storage: looking it up must not read any.
    @Test func lookupOfTheEmptyName() {
        let table = NameTable()
        #expect(table.lookup.id(ofBytes: UnsafeBufferPointer(start: nil, count: 0), hash: NameTable.hash(UnsafeBufferPointer(start: nil, count: 0))) == nil)
        table.intern("")
        let empty = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
        #expect(table.lookup.id(ofBytes: empty, hash: NameTable.hash(empty)) == 0)
        #expect(table.id(ofBytes: empty) == 0)
    }

    /// ``NameTable/Lookup`` compares every byte of a name whose hash matches: names differing in
    /// one byte, at every position and length, given the stored name's hash (so that the
    /// comparison, not the hash, must tell them apart).
    @Test func lookupComparesEveryByte() {
        for length in 1...40 {
            let table = NameTable()
            let a = Array(repeating: UInt8(ascii: "x"), count: length)
            let hash = a.withUnsafeBufferPointer { table.intern(bytes: $0); return NameTable.hash($0) }
            let lookup = table.lookup
            a.withUnsafeBufferPointer { #expect(lookup.id(ofBytes: $0, hash: hash) == 0) }
            for position in 0..<length {
                var b = a
                b[position] = UInt8(ascii: "y")
                b.withUnsafeBufferPointer { #expect(lookup.id(ofBytes: $0, hash: hash) == nil, "\(length) at \(position)") }
            }
        }
    }
}
