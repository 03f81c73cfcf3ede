/// One block of memory that several buffers borrow room from, laid out by ``BlockLayout``
/// and freed when the arena goes.
///
/// A resolver's buffers are sized by its record count: a few kilobytes each, too large for
/// `malloc`'s per-thread cache, so allocating and freeing each on its own cost about 500
/// instructions. One block for all of them costs one.
///
/// A buffer made with ``FlatBuffer/init(lending:capacity:)`` from ``room(at:)`` never frees
/// that room; should it outgrow it, it moves to storage of its own. So the arena must outlive
/// every buffer that borrows from it: its owner keeps both, and the arena as a `let`.
final class Arena: @unchecked Sendable {
    private let base: UnsafeMutablePointer<UInt8>
    /// The bytes the block has.
    let size: Int

    init(_ layout: BlockLayout) {
        size = layout.size
        base = PlainMemory.allocate(UInt8.self, capacity: layout.size)
    }

    deinit {
        PlainMemory.deallocate(base)
    }

    /// The room at `offset`, an offset ``BlockLayout/add(_:count:)`` returned for this layout.
    func room(at offset: Int) -> UnsafeMutableRawPointer {
        assert(offset >= 0 && offset <= size, "room outside the arena")
        return UnsafeMutableRawPointer(base) + offset
    }
}
