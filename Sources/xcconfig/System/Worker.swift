// No Foundation here or in any module linked in: loading it costs milliseconds at every start.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import XCConfig
import XCConfigCLI

/// Runs the tool on a thread of its own. Not top-level code, which is main-actor isolated: the
/// thread's entry point must not check for the main actor.
enum Worker {
    // Evaluating pathological inputs recurses deeply; the main thread's 8 MiB would overflow
    // where a 512 MiB stack (reserved, not committed) does not.
    static let stackSize = 512 * 1024 * 1024

    /// Runs the tool on the worker thread, which exits the process with its status, while
    /// this thread waits for Ctrl-C, SIGTERM and SIGHUP: they are blocked in every thread, so
    /// that one arriving while files are written ends the process only once they are put back
    /// (``TerminationSignals``).
    static func runAndExit() -> Never {
        TerminationSignals.blockInThisThread()
        guard start() else {
            // No thread (resource limits): run here rather than not at all, signals as usual.
            TerminationSignals.unblockInThisThread()
            exit(CommandLineTool.runProcess())
        }
        while true { TerminationSignals.received(TerminationSignals.wait()) }
    }

    /// Starts the worker thread; false when it cannot be created.
    static func start() -> Bool {
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setstacksize(&attributes, stackSize)
        #if canImport(Darwin)
        var thread: pthread_t? = nil
        #else
        var thread = pthread_t()
        #endif
        let created = pthread_create(&thread, &attributes, { _ in
            exit(CommandLineTool.runProcess())
        }, nil)
        return created == 0
    }
}
