#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A plain mutual-exclusion lock.
///
/// `Synchronization.Mutex` needs macOS 15 and `NSLock` is not in FoundationEssentials, so the
/// library wraps a pthread mutex. The mutex lives in its own allocation because a
/// `pthread_mutex_t` must not move.
package final class Lock: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    package init() {
        mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// Runs `body` with the lock held.
    package func withLock<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }
}

/// A value that is only read and written with a lock held: one `Lock` and the state it guards,
/// so that no caller can reach the state without the lock.
package final class Locked<State>: @unchecked Sendable {
    private let lock = Lock()
    // Reached only inside `withLock`, with `lock` held.
    private var state: State

    package init(_ state: State) {
        self.state = state
    }

    /// Runs `body` on the state with the lock held.
    package func withLock<T, E: Error>(_ body: (inout State) throws(E) -> T) throws(E) -> T {
        try lock.withLock { () throws(E) -> T in try body(&state) }
    }
}
