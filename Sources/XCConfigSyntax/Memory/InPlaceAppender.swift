/// Appends to an array under construction, in place while its reserved storage lasts: the parse
/// appends a statement record and a line start per line, and `Array.append` checks uniqueness
/// and capacity each time. Elements beyond the reservation are kept in `overflow`.
///
/// Lives in `Memory/` because it initialises raw slots. Invariant (kept here, checked in debug
/// builds): the first `count` slots are initialised, the others not; `count <= slots.count`.
/// Only ``Array/init(reservingCapacity:appending:)`` makes one, and the appender must not
/// outlive that call.
struct InPlaceAppender<Element> {
    /// The array's reserved storage; the first `count` slots are initialised.
    let slots: UnsafeMutableBufferPointer<Element>
    private(set) var count = 0
    private(set) var overflow: [Element] = []

    fileprivate init(slots: UnsafeMutableBufferPointer<Element>) {
        self.slots = slots
    }

    @inline(__always) mutating func append(_ element: Element) {
        if count < slots.count {
            (slots.baseAddress.unsafelyUnwrapped + count).initialize(to: element)
            count += 1
            assert(count <= slots.count)
        } else {
            overflow.append(element)
        }
    }
}

extension Array {
    /// The elements `fill` appends, stored in place up to `capacity` (which the array keeps).
    init(reservingCapacity capacity: Int, appending fill: (inout InPlaceAppender<Element>) -> Void) {
        var overflow: [Element] = []
        self.init(unsafeUninitializedCapacity: capacity) { slots, initializedCount in
            var appender = InPlaceAppender(slots: slots)
            fill(&appender)
            initializedCount = appender.count
            overflow = appender.overflow
        }
        if !overflow.isEmpty { append(contentsOf: overflow) }
    }
}
