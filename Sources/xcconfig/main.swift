// The `xcconfig` executable: the real process around `CommandLineTool`, nothing else.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import XCConfigCLI

/// The status handed from the worker thread back to the main thread; the semaphore orders the accesses.
final class ExitStatusBox: @unchecked Sendable {
    var status: Int32 = 0
}

let box = ExitStatusBox()
let finished = DispatchSemaphore(value: 0)
// Evaluating pathological inputs recurses deeply; the main thread's 8 MiB would overflow where a
// 512 MiB stack (reserved, not committed) does not.
let worker = Thread {
    box.status = CommandLineTool.runProcess()
    finished.signal()
}
worker.stackSize = 512 * 1024 * 1024
worker.start()
finished.wait()
exit(box.status)
