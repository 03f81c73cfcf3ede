#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Ctrl-C (SIGINT), SIGTERM and SIGHUP, held back while files are being written, so that an
/// interrupted edit leaves every file as it was instead of half written.
///
/// The `xcconfig` process blocks the three signals before it starts the thread the tool runs
/// on (every thread inherits the block) and waits for them on its main thread, which hands
/// each one to ``received(_:)``. Outside a write, the process then ends at once, as it would
/// have without the block. During ``deferring(_:)`` the signal is only recorded: the writer
/// asks ``deferring(_:)``'s `interrupted` between steps, puts back what it wrote, and the
/// process ends with the signal when the outermost deferral is over.
///
/// A program that uses the library without that waiting thread keeps the default behaviour:
/// nothing is ever recorded, and `interrupted` is always false.
package enum TerminationSignals {
    /// The signals that end the process.
    package static let all: [Int32] = [SIGINT, SIGTERM, SIGHUP]

    private struct State {
        /// How many ``deferring(_:)`` calls are running.
        var depth = 0
        /// The first signal received during them.
        var pending: Int32?
    }

    private static let state = Locked(State())

    /// Called by the thread that waits for the signals: ends the process now, or at the end of
    /// the write in progress.
    package static func received(_ number: Int32) {
        let endsNow = state.withLock { state -> Bool in
            if state.depth == 0 { return true }
            if state.pending == nil { state.pending = number }
            return false
        }
        if endsNow { end(with: number) }
    }

    /// Runs `body`, which writes files, with the signals held back. `body` gets a function that
    /// tells whether one arrived since it started, to undo its writes and stop; when the
    /// outermost deferral returns or throws, the process ends with that signal.
    package static func deferring<T, E: Error>(_ body: (_ interrupted: () -> Bool) throws(E) -> T) throws(E) -> T {
        state.withLock { $0.depth += 1 }
        defer {
            let pending = state.withLock { state -> Int32? in
                state.depth -= 1
                return state.depth == 0 ? state.pending : nil
            }
            if let pending { end(with: pending) }
        }
        return try body { state.withLock { $0.pending != nil } }
    }

    /// Blocks the signals in the calling thread and the threads it starts from now on.
    package static func blockInThisThread() {
        var set = signalSet()
        pthread_sigmask(SIG_BLOCK, &set, nil)
    }

    /// Undoes ``blockInThisThread()``.
    package static func unblockInThisThread() {
        var set = signalSet()
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
    }

    /// Waits for one of the signals, which must be blocked in every thread; returns it.
    package static func wait() -> Int32 {
        var set = signalSet()
        var number: Int32 = 0
        while sigwait(&set, &number) != 0 {}
        return number
    }

    /// Ends the process as the signal's default action does, so the shell sees it (status 130
    /// for Ctrl-C).
    private static func end(with number: Int32) -> Never {
        signal(number, SIG_DFL)
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, number)
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
        raise(number)
        _exit(128 + number)
    }

    private static func signalSet() -> sigset_t {
        var set = sigset_t()
        sigemptyset(&set)
        for number in all { sigaddset(&set, number) }
        return set
    }
}
