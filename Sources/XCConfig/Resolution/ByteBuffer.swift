/// A growable run of bytes for the resolver's hot path: a pointer, a count and a capacity,
/// appended to with one `memcpy`.
///
/// Evaluation appends a few bytes at a time (a reference's value, a text piece) and drops
/// them again; `[UInt8].append(contentsOf:)` spent about a hundred instructions a call on
/// uniqueness and generic copying, more than the bytes themselves. The buffer is not copied
/// between owners: its owner calls ``deallocate()`` once, when it is done with it.
struct ByteBuffer {
    private(set) var base: UnsafeMutablePointer<UInt8>? = nil
    private(set) var count = 0
    private var capacity = 0

    /// Appends `count` bytes from `source`, which must not point into this buffer.
    @inline(__always) mutating func append(_ source: UnsafePointer<UInt8>, count added: Int) {
        if added <= 0 { return }
        if count + added > capacity { grow(toAtLeast: count + added) }
        (base! + count).update(from: source, count: added)
        count += added
    }

    @inline(__always) mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        if let source = bytes.baseAddress { append(source, count: bytes.count) }
    }

    mutating func append(_ string: String) {
        var string = string
        string.withUTF8 { append($0) }
    }

    /// Drops the bytes from `newCount` on.
    @inline(__always) mutating func removeLast(downTo newCount: Int) {
        if newCount < count { count = newCount }
    }

    /// The bytes `start..<start + length`, valid until the buffer next grows.
    @inline(__always) func bytes(_ start: Int, _ length: Int) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: length == 0 ? nil : base! + start, count: length)
    }

    /// Frees the storage; the buffer is empty afterwards.
    mutating func deallocate() {
        base?.deallocate()
        base = nil
        count = 0
        capacity = 0
    }

    @inline(never) private mutating func grow(toAtLeast needed: Int) {
        let newCapacity = max(needed, capacity * 2, 256)
        let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        if let base {
            newBase.initialize(from: base, count: count)
            base.deallocate()
        }
        base = newBase
        capacity = newCapacity
    }
}
