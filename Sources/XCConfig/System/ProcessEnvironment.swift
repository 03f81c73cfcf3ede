/// The process's environment as a dictionary, read at the first use.
package final class ProcessEnvironment: @unchecked Sendable {
    private let lock = Lock()
    private var cached: [String: String]?

    package init() {}

    package var values: [String: String] {
        lock.withLock {
            if let cached { return cached }
            let values = Subprocess.processEnvironment()
            cached = values
            return values
        }
    }

    /// The variable `name` (`getenv`), without reading the others.
    package func value(_ name: String) -> String? {
        Subprocess.processEnvironmentValue(name)
    }
}
