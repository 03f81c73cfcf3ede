#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
import XCConfig

/// A first-in first-out queue between the thread that reads the client's stream and the one
/// that answers it, with waits that end at a deadline (the diagnostics debounce).
package final class EventQueue<Element: Sendable>: @unchecked Sendable {
    package init() {}

    private let elements = Locked<[Element]>([])
    /// Signalled once per element pushed, so a wait ends exactly when there is one to take.
    private let available = DispatchSemaphore(value: 0)

    /// Appends `batch` as one unit: everything one read of the stream produced, so a
    /// `$/cancelRequest` sent with its request arrives with it.
    package func push(_ batch: [Element]) {
        guard !batch.isEmpty else { return }
        elements.withLock { $0.append(contentsOf: batch) }
        for _ in batch { available.signal() }
    }

    /// The first element, waiting for one until `deadline` (forever when `nil`); `nil` when
    /// the deadline passed first.
    package func pop(waitingUntil deadline: MonotonicInstant?) -> Element? {
        if let deadline {
            guard available.wait(timeout: DispatchTime(uptimeNanoseconds: deadline.nanoseconds)) == .success else { return nil }
        } else {
            available.wait()
        }
        return elements.withLock { $0.removeFirst() }
    }

    /// Every element already queued, without waiting.
    package func drain() -> [Element] {
        var taken: [Element] = []
        while available.wait(timeout: .now()) == .success {
            taken.append(elements.withLock { $0.removeFirst() })
        }
        return taken
    }

}

/// Bodies of threads started and not yet running: a thread's C entry point cannot capture
/// its body, so it takes the oldest from here.
private let threadBodies = Locked<[@Sendable () -> Void]>([])

/// Runs `body` on a new thread of its own. A reader blocked in `read` holds its thread for the
/// whole session, so it must not take one of Dispatch's shared workers (a test running many
/// sessions would starve the pool).
func startThread(_ body: @escaping @Sendable () -> Void) {
    threadBodies.withLock { $0.append(body) }
    #if canImport(Darwin)
    var thread: pthread_t? = nil
    #else
    var thread = pthread_t()
    #endif
    let started = pthread_create(&thread, nil, { _ in
        let body = threadBodies.withLock { $0.removeFirst() }
        body()
        return nil
    }, nil)
    if started == 0 {
        #if canImport(Darwin)
        if let thread { pthread_detach(thread) }
        #else
        pthread_detach(thread)
        #endif
    } else {
        // No thread to be had: run on Dispatch's pool rather than not at all.
        DispatchQueue(label: "xcconfig-lsp.reader").async { threadBodies.withLock { $0.removeFirst() }() }
    }
}

/// A point on the monotonic clock, in nanoseconds since boot: unaffected by changes of the
/// wall clock.
package struct MonotonicInstant: Comparable, Sendable {
    package var nanoseconds: UInt64

    package static var now: MonotonicInstant { MonotonicInstant(nanoseconds: DispatchTime.now().uptimeNanoseconds) }

    /// `milliseconds` later.
    package func adding(milliseconds: Int) -> MonotonicInstant {
        MonotonicInstant(nanoseconds: nanoseconds + UInt64(max(0, milliseconds)) * 1_000_000)
    }

    package static func < (lhs: MonotonicInstant, rhs: MonotonicInstant) -> Bool { lhs.nanoseconds < rhs.nanoseconds }
}
