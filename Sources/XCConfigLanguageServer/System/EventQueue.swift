import Dispatch
import XCConfig

/// A first-in first-out queue between the thread that reads the client's stream and the one
/// that answers it, with waits that end at a deadline (the diagnostics debounce).
final class EventQueue<Element: Sendable>: @unchecked Sendable {
    private let elements = Locked<[Element]>([])
    /// Signalled once per element pushed, so a wait ends exactly when there is one to take.
    private let available = DispatchSemaphore(value: 0)

    /// Appends `batch` as one unit: everything one read of the stream produced, so a
    /// `$/cancelRequest` sent with its request arrives with it.
    func push(_ batch: [Element]) {
        guard !batch.isEmpty else { return }
        elements.withLock { $0.append(contentsOf: batch) }
        for _ in batch { available.signal() }
    }

    /// The first element, waiting for one until `deadline` (forever when `nil`); `nil` when
    /// the deadline passed first.
    func pop(waitingUntil deadline: MonotonicInstant?) -> Element? {
        if let deadline {
            guard available.wait(timeout: DispatchTime(uptimeNanoseconds: deadline.nanoseconds)) == .success else { return nil }
        } else {
            available.wait()
        }
        return elements.withLock { $0.removeFirst() }
    }

    /// Every element already queued, without waiting.
    func drain() -> [Element] {
        var taken: [Element] = []
        while available.wait(timeout: .now()) == .success {
            taken.append(elements.withLock { $0.removeFirst() })
        }
        return taken
    }

    /// Runs `body` on a thread of its own (a blocking reader), not on the caller's.
    static func startThread(_ body: @escaping @Sendable () -> Void) {
        DispatchQueue(label: "xcconfig-lsp.reader").async(execute: body)
    }
}

/// A point on the monotonic clock, in nanoseconds since boot: unaffected by changes of the
/// wall clock.
struct MonotonicInstant: Comparable, Sendable {
    var nanoseconds: UInt64

    static var now: MonotonicInstant { MonotonicInstant(nanoseconds: DispatchTime.now().uptimeNanoseconds) }

    /// `milliseconds` later.
    func adding(milliseconds: Int) -> MonotonicInstant {
        MonotonicInstant(nanoseconds: nanoseconds + UInt64(max(0, milliseconds)) * 1_000_000)
    }

    static func < (lhs: MonotonicInstant, rhs: MonotonicInstant) -> Bool { lhs.nanoseconds < rhs.nanoseconds }
}
