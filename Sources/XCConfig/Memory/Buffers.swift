/// A growable run of plain values (no references: they are copied bitwise and never
/// deinitialized) for the resolver's hot path: a pointer, a count and a capacity, appended to
/// with one copy.
///
/// Evaluation and compilation append a few values at a time (a reference's bytes, a text
/// piece, a compiled reference) and drop them again; `Array.append` spent about a hundred
/// instructions a call on uniqueness checks and generic copying, more than the values
/// themselves.
///
/// It owns its storage and frees it when it goes (it cannot be copied, so there is one owner).
/// Reading through ``all`` or
/// ``elements(_:_:)`` gives an `UnsafeBufferPointer`, valid until the buffer next changes;
/// indexing is checked in debug builds.
struct FlatBuffer<Element>: ~Copyable {
    /// Non-nil whenever `capacity` is above zero. Read with `unsafelyUnwrapped` where that
    /// holds (an index into the values, a copy of at least one): the check `!` adds to every
    /// subscript and append was a tenth of their instructions.
    private(set) var base: UnsafeMutablePointer<Element>? = nil
    private(set) var count = 0
    private var capacity = 0

    var isEmpty: Bool { count == 0 }

    init() {}

    /// `count` copies of `value`.
    init(repeating value: Element, count: Int) {
        guard count > 0 else { return }
        grow(toAtLeast: count)
        base!.initialize(repeating: value, count: count)
        self.count = count
    }

    /// The values, valid until the buffer next changes.
    var all: UnsafeBufferPointer<Element> { elements(0, count) }

    var indices: Range<Int> { 0..<count }

    /// Makes room for `minimumCapacity` values in all.
    mutating func reserveCapacity(_ minimumCapacity: Int) {
        if minimumCapacity > capacity { grow(toAtLeast: minimumCapacity) }
    }

    /// Addressed rather than got and set, so that setting one field of a value writes only it.
    @inline(__always) subscript(index: Int) -> Element {
        unsafeAddress {
            assert(index >= 0 && index < count, "index out of range")
            return UnsafePointer(base.unsafelyUnwrapped + index)
        }
        unsafeMutableAddress {
            assert(index >= 0 && index < count, "index out of range")
            return base.unsafelyUnwrapped + index
        }
    }

    @inline(__always) mutating func append(_ element: Element) {
        if count == capacity { grow(toAtLeast: count &+ 1) }
        (base.unsafelyUnwrapped + count).initialize(to: element)
        // Unchecked: a count never passes its capacity, an `Int`; the overflow check was two
        // instructions more on every append.
        count &+= 1
    }

    /// Appends `count` values from `source`, which must not point into this buffer.
    @inline(__always) mutating func append(_ source: UnsafePointer<Element>, count added: Int) {
        if added <= 0 { return }
        if count &+ added > capacity { grow(toAtLeast: count &+ added) }
        Self.copy(to: base.unsafelyUnwrapped + count, from: source, count: added)
        count &+= added
    }

    @inline(__always) mutating func append(_ elements: UnsafeBufferPointer<Element>) {
        if let source = elements.baseAddress { append(source, count: elements.count) }
    }

    /// Appends a copy of its own values `start..<start + count`.
    @inline(__always) mutating func appendCopy(from start: Int, count added: Int) {
        if added <= 0 { return }
        // Grown first: the source moves with the storage.
        if count &+ added > capacity { grow(toAtLeast: count &+ added) }
        Self.copy(to: base.unsafelyUnwrapped + count, from: base.unsafelyUnwrapped + start, count: added)
        count &+= added
    }

    /// Copies `count` values from `source` to `destination` (not overlapping). Plain values,
    /// so copied as bytes: runs of at most 16 bytes (nearly every text piece, name and short
    /// value that evaluation and compilation append) with a load and a store from each end,
    /// as calling `memcpy` cost more than copying them.
    @inline(__always) private static func copy(to destination: UnsafeMutablePointer<Element>, from source: UnsafePointer<Element>, count: Int) {
        let byteCount = count &* MemoryLayout<Element>.stride
        let to = UnsafeMutableRawPointer(destination), from = UnsafeRawPointer(source)
        if byteCount > 16 {
            destination.initialize(from: source, count: count)
        } else if byteCount >= 8 {
            let head = from.loadUnaligned(as: UInt64.self), tail = from.loadUnaligned(fromByteOffset: byteCount &- 8, as: UInt64.self)
            to.storeBytes(of: head, as: UInt64.self)
            to.storeBytes(of: tail, toByteOffset: byteCount &- 8, as: UInt64.self)
        } else if byteCount >= 4 {
            let head = from.loadUnaligned(as: UInt32.self), tail = from.loadUnaligned(fromByteOffset: byteCount &- 4, as: UInt32.self)
            to.storeBytes(of: head, as: UInt32.self)
            to.storeBytes(of: tail, toByteOffset: byteCount &- 4, as: UInt32.self)
        } else {
            for offset in 0..<byteCount {
                to.storeBytes(of: from.load(fromByteOffset: offset, as: UInt8.self), toByteOffset: offset, as: UInt8.self)
            }
        }
    }

    /// Appends the values of `other` from `start` on.
    @inline(__always) mutating func append(_ other: borrowing FlatBuffer, from start: Int) {
        if other.count > start { append(other.base.unsafelyUnwrapped + start, count: other.count - start) }
    }

    /// Moves the values `start..<start + count` down to `destination` (at most `start`); the
    /// two ranges may overlap.
    @inline(__always) mutating func moveDown(from start: Int, count moved: Int, to destination: Int) {
        assert(destination <= start && start &+ moved <= count, "range out of bounds")
        if destination == start || moved == 0 { return }
        UnsafeMutableRawPointer(base.unsafelyUnwrapped + destination)
            .copyMemory(from: base.unsafelyUnwrapped + start, byteCount: moved &* MemoryLayout<Element>.stride)
    }

    /// Drops the values from `newCount` on.
    @inline(__always) mutating func removeLast(downTo newCount: Int) {
        if newCount < count { count = newCount }
    }

    /// The values `start..<start + length`, valid until the buffer next grows.
    @inline(__always) func elements(_ start: Int, _ length: Int) -> UnsafeBufferPointer<Element> {
        assert(start >= 0 && length >= 0 && start &+ length <= count, "range out of bounds")
        return UnsafeBufferPointer(start: length == 0 ? nil : base.unsafelyUnwrapped + start, count: length)
    }

    /// Calls `body` with the values, to change them in place.
    mutating func withUnsafeMutableElements<R>(_ body: (UnsafeMutableBufferPointer<Element>) -> R) -> R {
        body(UnsafeMutableBufferPointer(start: count == 0 ? nil : base.unsafelyUnwrapped, count: count))
    }

    deinit {
        base?.deallocate()
    }

    @inline(never) private mutating func grow(toAtLeast needed: Int) {
        assert(_isPOD(Element.self), "FlatBuffer holds plain values only")
        let newCapacity = max(needed, capacity * 2, 256)
        let newBase = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity)
        if let base {
            newBase.initialize(from: base, count: count)
            base.deallocate()
        }
        base = newBase
        capacity = newCapacity
    }
}

/// Bytes: evaluated values, literal text.
typealias ByteBuffer = FlatBuffer<UInt8>

extension FlatBuffer where Element == UInt8 {
    mutating func append(_ string: String) {
        var string = string
        string.withUTF8 { append($0) }
    }

    /// The bytes `start..<start + length`, valid until the buffer next grows.
    @inline(__always) func bytes(_ start: Int, _ length: Int) -> UnsafeBufferPointer<UInt8> {
        elements(start, length)
    }

    /// The bytes `start..<start + length` to change in place, valid until the buffer next grows.
    @inline(__always) func mutableBytes(_ start: Int, _ length: Int) -> UnsafeMutableBufferPointer<UInt8> {
        UnsafeMutableBufferPointer(start: length == 0 ? nil : base.unsafelyUnwrapped + start, count: length)
    }
}
