/// Per-setting counters indexed by interned name, read and written like a dictionary.
///
/// Pointer-backed: evaluation counts a setting in and out for every setting it evaluates,
/// and an array's uniqueness check on each write cost more than the count. The counters are
/// freed with the value, unless they are in storage lent by an ``Arena``.
struct ActiveCounts: ~Copyable {
    private var counts: UnsafeMutablePointer<Int>? = nil
    private var count = 0
    /// `false` while the counters are in storage lent by the owner, who frees it.
    private var ownsCounts = true

    init() {}

    /// Counters for `count` IDs in `storage` (room for `count` integers), which its lender frees.
    init(count: Int, lending storage: UnsafeMutableRawPointer) {
        guard count > 0 else { return }
        let counts = storage.bindMemory(to: Int.self, capacity: count)
        counts.initialize(repeating: 0, count: count)
        self.counts = counts
        self.count = count
        ownsCounts = false
    }

    init(count: Int) {
        guard count > 0 else { return }
        let counts = PlainMemory.allocate(Int.self, capacity: count)
        counts.initialize(repeating: 0, count: count)
        self.counts = counts
        self.count = count
    }

    // Mutating setters, though they write only through the pointer: Swift 6.3's thread
    // sanitizer instrumented a nonmutating setter of this ~Copyable type into invalid LLVM IR
    // (a bitcast of the pointer's integer), which crashed the compiler under -sanitize=thread.
    subscript(id: Int, default defaultValue: Int) -> Int {
        get { id < count ? counts.unsafelyUnwrapped[id] : defaultValue }
        set {
            precondition(id < count, "setting ID out of range")
            counts.unsafelyUnwrapped[id] = newValue
        }
    }

    subscript(id: Int) -> Int? {
        get { id < count ? counts.unsafelyUnwrapped[id] : nil }
        set { self[id, default: 0] = newValue ?? 0 }
    }

    deinit {
        if ownsCounts { PlainMemory.deallocate(counts) }
    }
}
