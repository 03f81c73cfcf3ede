import XCConfig

/// The process's environment as a dictionary, read at the first use.
final class ProcessEnvironment: @unchecked Sendable {
    private let lock = Lock()
    private var cached: [String: String]?

    var values: [String: String] {
        lock.withLock {
            if let cached { return cached }
            let values = Subprocess.processEnvironment()
            cached = values
            return values
        }
    }
}
