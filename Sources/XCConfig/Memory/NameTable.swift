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
/// bytes, their ends and the slots are pointer-backed, freed in
/// `deinit`: appending a name to an array cost a hundred instructions, and an array's bounds
/// checks and uniqueness checks were a good part of each lookup.
final class NameTable {
    /// Every name's UTF-8 bytes, one after the other: `storageCount` of `storageCapacity`.
    /// Not a ``ByteBuffer``: its append calls memcpy, which cost more than copying a name of
    /// 10 to 30 bytes a word at a time.
    private var storage: UnsafeMutablePointer<UInt8>? = nil
    private var storageCount = 0
    private var storageCapacity = 0
    /// Where each name ends in `storage`, by ID; it starts where the one before ends.
    private var ends = FlatBuffer<Int32>()
    /// Open addressing, at most half full; `slotCount` is 0 or a power of two. Each slot holds
    /// the upper 32 bits of its name's hash (its tag) above ID + 1 (0 is empty): the tag picks
    /// the first slot to probe, rules out nearly every other name without reading its bytes,
    /// and lets the table grow without hashing again. Unallocated until the first name is
    /// interned: empty tables are made often and must not allocate.
    private var slots: UnsafeMutablePointer<UInt64>? = nil
    private var slotCount = 0
    /// The names made into strings so far (``string(_:)``), and where each name's is in
    /// `strings` by ID (-1: not made). Integers rather than `[String?]` by ID: freeing that
    /// visited every name, made or not.
    private var strings: [String] = []
    private var stringIndices: [Int32] = []

    var count: Int { ends.count }

    init() {}

    deinit {
        storage?.deallocate()
        slots?.deallocate()
    }

    /// A table sized for about `capacity` names, so that filling it never regrows the slots.
    init(capacity: Int) {
        allocateSlots(Self.slotCount(forCapacity: capacity))
        // Room for names of about 24 bytes: the storage grew three times on the way otherwise.
        growStorage(toAtLeast: capacity &* 24)
    }

    /// Slots at most half full for `capacity` names.
    private static func slotCount(forCapacity capacity: Int) -> Int {
        var slotCount = 16
        while slotCount < capacity * 2 { slotCount *= 2 }
        return slotCount
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
        return body(bytes(ofID: id))
    }

    /// The bytes of the name with ID `id`, which must be interned; valid until the next intern.
    /// Unchecked, for loops over IDs known to be in range (the resolver's sort keys).
    @inline(__always)
    func bytes(ofID id: Int) -> UnsafeBufferPointer<UInt8> {
        let start = id == 0 ? 0 : Int(ends[id - 1])
        let count = Int(ends[id]) - start
        return UnsafeBufferPointer(start: count == 0 ? nil : storage.unsafelyUnwrapped + start, count: count)
    }

    /// The ID of `name`, if interned.
    subscript(name: String) -> Int? {
        Self.withBytes(of: name) { id(ofBytes: $0) }
    }

    /// The ID of the name spelled by `bytes`, if interned. Inlined: the value compiler looks up
    /// every name it reads, and the call cost a sixth of the lookup.
    @inline(__always)
    func id(ofBytes bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let slots else { return nil }
        let entry = slots[probe(bytes, tag: Self.tag(Self.hash(bytes)), slots: slots)]
        return entry == 0 ? nil : Self.id(of: entry)
    }

    /// The table's buffers for looking names up, valid until a name is next interned.
    var lookup: Lookup {
        Lookup(slots: slots, mask: slotCount &- 1, ends: ends.base, storage: storage)
    }

    /// Lookups by bytes in a table that does not change meanwhile, for the value compiler:
    /// plain pointers, so that nothing is retained or called per name, and a name's
    /// ``NameTable/hash(_:)`` computed by the caller (which needs it again to intern a name
    /// the table does not hold).
    struct Lookup {
        let slots: UnsafeMutablePointer<UInt64>?
        let mask: Int
        let ends: UnsafeMutablePointer<Int32>?
        let storage: UnsafeMutablePointer<UInt8>?

        /// ``NameTable/id(ofBytes:)`` of the name spelled by `bytes`, whose hash is `hash`.
        /// `@_transparent`: the value compiler's common shape is so large a function that the
        /// optimizer left `@inline(__always)` lookups in it as calls (a closure call, about 40
        /// instructions a name of call, prologue and epilogue).
        @_transparent
        func id(ofBytes bytes: UnsafeBufferPointer<UInt8>, hash: UInt64) -> Int? {
            guard let slots else { return nil }
            let tag = hash >> 32
            var slot = Int(truncatingIfNeeded: tag) & mask
            while true {
                let entry = slots[slot]
                if entry == 0 { return nil }
                if entry >> 32 == tag {
                    let id = Int(truncatingIfNeeded: entry & 0xFFFF_FFFF) &- 1
                    let ends = ends.unsafelyUnwrapped
                    let start = id == 0 ? 0 : Int(ends[id &- 1])
                    // An empty name may be all the table holds, with no storage yet.
                    if Int(ends[id]) &- start == bytes.count,
                       bytes.count == 0 || Self.sameBytes(UnsafeRawPointer(storage.unsafelyUnwrapped + start), bytes, count: bytes.count) {
                        return id
                    }
                }
                slot = (slot &+ 1) & mask
            }
        }

        /// Whether the `count` bytes at `stored` (a name in the table) are those of `bytes`
        /// (`count` of them); ``NameTable/equal(_:_:)`` compares with it too. `@_transparent`
        /// for ``id(ofBytes:hash:)``: the optimizer did not inline it there otherwise.
        @_transparent
        static func sameBytes(_ stored: UnsafeRawPointer, _ bytes: UnsafeBufferPointer<UInt8>, count: Int) -> Bool {
            guard count > 0, let base = bytes.baseAddress else { return true }
            let other = UnsafeRawPointer(base)
            if count < 8 { return NameTable.partialWord(stored, count: count) == NameTable.partialWord(other, count: count) }
            if count <= 16 {
                // The first word and the last 8 bytes, without the loop's test and jump.
                return stored.loadUnaligned(as: UInt64.self) == other.loadUnaligned(as: UInt64.self)
                    && stored.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self) == other.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)
            }
            var offset = 0
            while offset &+ 8 < count {
                if stored.loadUnaligned(fromByteOffset: offset, as: UInt64.self) != other.loadUnaligned(fromByteOffset: offset, as: UInt64.self) {
                    return false
                }
                offset &+= 8
            }
            return stored.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self) == other.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)
        }
    }

    /// The ID of `name`, interning it when new; `isNew` tells which.
    @discardableResult
    func intern(_ name: String) -> (id: Int, isNew: Bool) {
        Self.withBytes(of: name) { intern(bytes: $0) }
    }

    /// The ID of the name spelled by `bytes`, interning it when new; one probe either way.
    /// Inlined: the resolver interns every assignment's name as it loads it, and the call,
    /// its prologue and epilogue and the pair returned were a sixth of interning a name.
    @inline(__always)
    @discardableResult
    func intern(bytes: UnsafeBufferPointer<UInt8>) -> (id: Int, isNew: Bool) {
        interning(bytes, hash: Self.hash(bytes))
    }

    /// ``intern(bytes:)`` with the name's ``hash(_:)`` computed already.
    @discardableResult
    func intern(bytes: UnsafeBufferPointer<UInt8>, hash: UInt64) -> (id: Int, isNew: Bool) {
        interning(bytes, hash: hash)
    }

    /// Inlined into both: one call per name, as before there were two.
    @inline(__always)
    private func interning(_ bytes: UnsafeBufferPointer<UInt8>, hash: UInt64) -> (id: Int, isNew: Bool) {
        // 64 slots to start: growing twice on the way to the twenty-odd names a table of
        // unassigned names holds cost more than zeroing 512 bytes.
        if slots == nil { allocateSlots(64) }
        let slots = slots.unsafelyUnwrapped
        let tag = Self.tag(hash)
        let slot = probe(bytes, tag: tag, slots: slots)
        if slots[slot] != 0 { return (Self.id(of: slots[slot]), false) }
        let id = ends.count
        precondition(id < Int(UInt32.max), "more than 4 billion names")
        appendToStorage(bytes)
        ends.append(Int32(truncatingIfNeeded: storageCount))
        // Unchecked arithmetic: `id` is below 2^32 (above), and the count of a buffer far
        // below `Int.max / 2`; the overflow checks were a tenth of interning a new name.
        slots[slot] = tag << 32 | UInt64(truncatingIfNeeded: id &+ 1)
        if ends.count &<< 1 > slotCount { grow() }
        return (id, true)
    }

    /// The upper 32 bits of a name's hash, kept in its slot.
    @inline(__always)
    private static func tag(_ hash: UInt64) -> UInt64 { hash >> 32 }

    /// The ID in a slot's entry, which must not be empty.
    @inline(__always)
    private static func id(of entry: UInt64) -> Int { Int(truncatingIfNeeded: entry & 0xFFFF_FFFF) &- 1 }

    /// The slot of the name spelled by `bytes` (whose hash's tag is `tag`), or the empty slot
    /// where it would go. One integer rather than a slot and an optional ID: returning the
    /// pair cost more than reading the slot again.
    @inline(__always)
    private func probe(_ bytes: UnsafeBufferPointer<UInt8>, tag: UInt64, slots: UnsafeMutablePointer<UInt64>) -> Int {
        let mask = slotCount &- 1
        var slot = Int(truncatingIfNeeded: tag) & mask
        while true {
            let entry = slots[slot]
            if entry == 0 || (entry >> 32 == tag && Self.equal(self.bytes(ofID: Self.id(of: entry)), bytes)) { return slot }
            slot = (slot &+ 1) & mask
        }
    }

    /// Appends a new name's bytes to `storage`.
    @inline(__always)
    private func appendToStorage(_ bytes: UnsafeBufferPointer<UInt8>) {
        let count = bytes.count
        guard count > 0, let source = bytes.baseAddress else { return }
        if storageCount &+ count > storageCapacity { growStorage(toAtLeast: storageCount &+ count) }
        let target = storage.unsafelyUnwrapped + storageCount
        if count < 8 {
            for offset in 0..<count { target[offset] = source[offset] }
        } else {
            // Whole words, the last one overlapping the word before: no byte-by-byte tail.
            let from = UnsafeRawPointer(source), to = UnsafeMutableRawPointer(target)
            var offset = 0
            // Most names (8 to 16 bytes): the first word, then the last, without the loop.
            if count <= 16 {
                to.storeBytes(of: from.loadUnaligned(as: UInt64.self), as: UInt64.self)
                offset = count
            }
            while offset &+ 8 < count {
                to.storeBytes(of: from.loadUnaligned(fromByteOffset: offset, as: UInt64.self), toByteOffset: offset, as: UInt64.self)
                offset &+= 8
            }
            to.storeBytes(of: from.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self), toByteOffset: count &- 8, as: UInt64.self)
        }
        storageCount &+= count
    }

    @inline(never)
    private func growStorage(toAtLeast needed: Int) {
        let newCapacity = max(needed, storageCapacity * 2, 256)
        let newStorage = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        if let storage {
            newStorage.initialize(from: storage, count: storageCount)
            storage.deallocate()
        }
        storage = newStorage
        storageCapacity = newCapacity
    }

    private func allocateSlots(_ count: Int) {
        let newSlots = UnsafeMutablePointer<UInt64>.allocate(capacity: count)
        newSlots.initialize(repeating: 0, count: count)
        slots = newSlots
        slotCount = count
    }

    private func grow() {
        let oldSlots = slots.unsafelyUnwrapped, oldCount = slotCount
        allocateSlots(oldCount * 2)
        let newSlots = slots.unsafelyUnwrapped, mask = slotCount - 1
        for index in 0..<oldCount where oldSlots[index] != 0 {
            let entry = oldSlots[index]
            var slot = Int(truncatingIfNeeded: entry >> 32) & mask
            while newSlots[slot] != 0 { slot = (slot + 1) & mask }
            newSlots[slot] = entry
        }
        oldSlots.deallocate()
    }

    // MARK: Bytes

    @inline(__always)
    static func withBytes<R>(of name: String, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        if let result = name.utf8.withContiguousStorageIfAvailable(body) { return result }
        var copy = name
        return copy.withUTF8(body)
    }

    /// Whether `a` and `b` hold the same bytes, compared as ``Lookup/sameBytes(_:_:count:)``
    /// compares them: a word at a time, a name of 8 to 16 bytes (most) as two words.
    @inline(__always)
    static func equal(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        guard a.count == b.count else { return false }
        guard let base = a.baseAddress else { return true }
        return Lookup.sameBytes(UnsafeRawPointer(base), b, count: a.count)
    }

    /// The `count` (less than 8) bytes at `pointer` in the low end of a zeroed word, first byte
    /// lowest: the same word on any byte order, read without touching bytes past them.
    @inline(__always)
    static func partialWord(_ pointer: UnsafeRawPointer, count: Int) -> UInt64 {
        var word: UInt64 = 0
        var offset = 0
        if count & 4 != 0 {
            word = UInt64(UInt32(littleEndian: pointer.loadUnaligned(as: UInt32.self)))
            offset = 4
        }
        if count & 2 != 0 {
            word |= UInt64(UInt16(littleEndian: pointer.loadUnaligned(fromByteOffset: offset, as: UInt16.self))) &<< UInt64(offset &* 8)
            offset &+= 2
        }
        if count & 1 != 0 {
            word |= UInt64(pointer.load(fromByteOffset: offset, as: UInt8.self)) &<< UInt64(offset &* 8)
        }
        return word
    }

    /// A multiply-and-fold hash over 8-byte words; plenty for a table of a few thousand names.
    /// Every whole word of the name in turn, then for a length that is not a multiple of 8 its
    /// last 8 bytes whole, overlapping the word before (a name shorter than 8: its bytes in a
    /// zeroed word), then the length; the last 8 bytes whole because shifting the tail out of
    /// them cost more than the words themselves.
    @inline(__always)
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        let count = bytes.count
        var hash = hashSeed
        guard let base = bytes.baseAddress else { return finishHash(fold(hash, 0), count: 0) }
        let raw = UnsafeRawPointer(base)
        if count < 8 {
            hash = fold(hash, partialWord(raw, count: count))
        } else if count <= 16 {
            // Most names: the first word, then the last 8 bytes unless that is the same word;
            // what the loop below does, without its test and jump per word.
            hash = fold(hash, UInt64(littleEndian: raw.loadUnaligned(as: UInt64.self)))
            if count > 8 {
                hash = fold(hash, UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)))
            }
        } else {
            var offset = 0
            while offset &+ 8 <= count {
                hash = fold(hash, UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)))
                offset &+= 8
            }
            if offset < count {
                hash = fold(hash, UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)))
            }
        }
        return finishHash(hash, count: count)
    }

    /// Where ``hash(_:)`` starts.
    @inline(__always)
    static var hashSeed: UInt64 { 0x243F_6A88_85A3_08D3 }

    /// One word into a ``hash(_:)``.
    @inline(__always)
    static func fold(_ hash: UInt64, _ word: UInt64) -> UInt64 {
        let mixed = (hash ^ word) &* 0x9E37_79B9_7F4A_7C15
        return mixed ^ (mixed >> 29)
    }

    /// The end of a ``hash(_:)``: the length, and bits mixed up into the tag.
    @inline(__always)
    static func finishHash(_ hash: UInt64, count: Int) -> UInt64 {
        let mixed = (hash ^ UInt64(truncatingIfNeeded: count)) &* 0xBF58_476D_1CE4_E5B9
        return mixed ^ (mixed >> 31)
    }
}
