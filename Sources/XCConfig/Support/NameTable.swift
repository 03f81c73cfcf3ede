/// Setting names interned to small integer IDs, looked up by `String` or by UTF-8 bytes.
///
/// The resolver looks a name up for every assignment it loads and every reference it
/// compiles. `Dictionary<String, Int>` hashes with SipHash through `String`'s generic hashing,
/// which cost more than the rest of loading an assignment; names are short ASCII words, so a
/// multiply-and-fold hash over 8-byte words and an open-addressing table do the same job
/// several times faster. Lookups by bytes need no `String` at all, and names are kept as bytes:
/// most are never needed as strings (the resolver prints them from their bytes), and making one
/// per name cost more than interning it.
///
/// A class: the resolver and the value compiler read it thousands of times per file, and each
/// read of a struct with five arrays stored in a class copied it first (five retains). Its
/// properties are `@exclusivity(unchecked)` for the reason the resolver's are: no method holds
/// an access to one while calling anything that could modify it, and the dynamic check cost
/// more than the lookups. The bytes and their ends are pointer-backed buffers, freed in
/// `deinit`: appending a name to an array cost a hundred instructions.
final class NameTable {
    /// Every name's UTF-8 bytes, one after the other.
    @exclusivity(unchecked) private var storage = ByteBuffer()
    /// Where each name ends in `storage`, by ID; it starts where the one before ends.
    @exclusivity(unchecked) private var ends = FlatBuffer<Int32>()
    /// Slot -> ID + 1 (0 is empty); the count is a power of two, at most half full. Empty until
    /// the first name is interned: empty tables are made often and must not allocate.
    @exclusivity(unchecked) private var slots: [Int32] = []
    /// Each name's hash, by ID, for growing the table without hashing again.
    @exclusivity(unchecked) private var hashes: [UInt64] = []
    /// The names made into strings so far (``string(_:)``), and where each name's is in
    /// `strings` by ID (-1: not made). Integers rather than `[String?]` by ID: freeing that
    /// visited every name, made or not (about 80 instructions each).
    @exclusivity(unchecked) private var strings: [String] = []
    @exclusivity(unchecked) private var stringIndices: [Int32] = []

    var count: Int { ends.count }

    init() {}

    deinit {
        storage.deallocate()
        ends.deallocate()
    }

    /// A table sized for about `capacity` names, so that filling it never regrows the slots.
    init(capacity: Int) {
        var slotCount = 16
        while slotCount < capacity * 2 { slotCount *= 2 }
        slots = Array(repeating: 0, count: slotCount)
        hashes.reserveCapacity(capacity)
    }

    /// The name with ID `id`, made anew.
    func name(_ id: Int) -> String {
        withBytes(ofID: id) { String(decoding: $0, as: UTF8.self) }
    }

    /// The name with ID `id`, made once and kept: for names read as strings again and again.
    func string(_ id: Int) -> String {
        if id < stringIndices.count, stringIndices[id] >= 0 { return strings[Int(stringIndices[id])] }
        let string = name(id)
        if stringIndices.count <= id { stringIndices += repeatElement(-1, count: count - stringIndices.count) }
        stringIndices[id] = Int32(truncatingIfNeeded: strings.count)
        strings.append(string)
        return string
    }

    /// Calls `body` with the UTF-8 bytes of the name with ID `id`.
    @inline(__always)
    func withBytes<R>(ofID id: Int, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        precondition(id >= 0 && id < ends.count, "name ID out of range")
        let start = id == 0 ? 0 : Int(ends[id - 1])
        return body(storage.bytes(start, Int(ends[id]) - start))
    }

    /// The ID of `name`, if interned.
    subscript(name: String) -> Int? {
        Self.withBytes(of: name) { id(ofBytes: $0) }
    }

    /// The ID of the name spelled by `bytes`, if interned.
    func id(ofBytes bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        if slots.isEmpty { return nil }
        return probe(bytes, hash: Self.hash(bytes)).id
    }

    /// The ID of `name`, interning it when new; `isNew` tells which.
    @discardableResult
    func intern(_ name: String) -> (id: Int, isNew: Bool) {
        Self.withBytes(of: name) { intern(bytes: $0) }
    }

    /// The ID of the name spelled by `bytes`, interning it when new; one probe either way.
    @discardableResult
    func intern(bytes: UnsafeBufferPointer<UInt8>) -> (id: Int, isNew: Bool) {
        if slots.isEmpty { slots = Array(repeating: 0, count: 16) }
        let hash = Self.hash(bytes)
        let (slot, existing) = probe(bytes, hash: hash)
        if let existing { return (existing, false) }
        let id = ends.count
        storage.append(bytes)
        ends.append(Int32(truncatingIfNeeded: storage.count))
        hashes.append(hash)
        slots[slot] = Int32(id + 1)
        if ends.count * 2 > slots.count { grow() }
        return (id, true)
    }

    /// The ID of the name spelled by `bytes` (whose hash is `hash`), or the empty slot where it
    /// would go. The table must have slots.
    @inline(__always)
    private func probe(_ bytes: UnsafeBufferPointer<UInt8>, hash: UInt64) -> (slot: Int, id: Int?) {
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while true {
            let entry = Int(slots[slot])
            if entry == 0 { return (slot, nil) }
            let id = entry - 1
            if hashes[id] == hash, withBytes(ofID: id, { Self.equal($0, bytes) }) { return (slot, id) }
            slot = (slot + 1) & mask
        }
    }

    private func grow() {
        slots = Array(repeating: 0, count: slots.count * 2)
        let mask = slots.count - 1
        for (id, hash) in hashes.enumerated() {
            var slot = Int(truncatingIfNeeded: hash) & mask
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(id + 1)
        }
    }

    // MARK: Bytes

    @inline(__always)
    static func withBytes<R>(of name: String, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        if let result = name.utf8.withContiguousStorageIfAvailable(body) { return result }
        var copy = name
        return copy.withUTF8(body)
    }

    @inline(__always)
    static func equal(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        guard a.count == b.count else { return false }
        guard let x = a.baseAddress, let y = b.baseAddress else { return true }
        let left = UnsafeRawPointer(x), right = UnsafeRawPointer(y)
        var offset = 0
        while offset + 8 <= a.count {
            if left.loadUnaligned(fromByteOffset: offset, as: UInt64.self) != right.loadUnaligned(fromByteOffset: offset, as: UInt64.self) {
                return false
            }
            offset += 8
        }
        while offset < a.count {
            if x[offset] != y[offset] { return false }
            offset += 1
        }
        return true
    }

    /// A multiply-and-fold hash over 8-byte words; plenty for a table of a few thousand names.
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var hash: UInt64 = 0x243F_6A88_85A3_08D3 ^ UInt64(bytes.count)
        guard let base = bytes.baseAddress else { return hash }
        let raw = UnsafeRawPointer(base)
        var offset = 0
        while offset + 8 <= bytes.count {
            let word = raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            hash = (hash ^ word) &* 0x9E37_79B9_7F4A_7C15
            hash ^= hash >> 29
            offset += 8
        }
        if offset < bytes.count {
            // The remaining bytes in the low end of a zeroed word, first byte lowest: the same
            // word on any byte order, read with one copy instead of a loop.
            var word: UInt64 = 0
            withUnsafeMutableBytes(of: &word) { $0.copyMemory(from: UnsafeRawBufferPointer(start: raw + offset, count: bytes.count - offset)) }
            word = UInt64(littleEndian: word)
            hash = (hash ^ word) &* 0x9E37_79B9_7F4A_7C15
            hash ^= hash >> 29
        }
        return hash &* 0xBF58_476D_1CE4_E5B9 ^ (hash >> 31)
    }
}
