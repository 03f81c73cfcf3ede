// No Foundation here or in any module linked in: loading it costs milliseconds at every start.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import XCConfigCLI

/// Runs the tool on a thread of its own. Not top-level code, which is main-actor isolated: the
/// thread's entry point must not check for the main actor.
enum Worker {
    /// The status the worker thread hands back; `pthread_join` orders the accesses.
    nonisolated(unsafe) static var status: Int32 = 0

    // Evaluating pathological inputs recurses deeply; the main thread's 8 MiB would overflow
    // where a 512 MiB stack (reserved, not committed) does not.
    static let stackSize = 512 * 1024 * 1024

    /// Runs the tool on the worker thread and exits the process with its status.
    static func runAndExit() -> Never {
        exit(run())
    }

    static func run() -> Int32 {
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
            Worker.status = CommandLineTool.runProcess()
            return nil
        }, nil)
        // No thread (resource limits): run on the main thread rather than not at all.
        guard created == 0 else { return CommandLineTool.runProcess() }
        #if canImport(Darwin)
        pthread_join(thread!, nil)
        #else
        pthread_join(thread, nil)
        #endif
        return status
    }
}
