import Dispatch

/// A buffer several threads write to at distinct indices.
private final class ResultBuffer<T>: @unchecked Sendable {
    var storage: [T?]
    init(count: Int) { storage = Array(repeating: nil, count: count) }
}

extension Array where Element: Sendable {
    /// `map` run on all cores (`DispatchQueue.concurrentPerform`); the result keeps the order
    /// of `self`, so output does not depend on scheduling.
    func concurrentMap<T: Sendable>(_ transform: @Sendable (Element) -> T) -> [T] {
        if count < 2 { return map(transform) }
        let buffer = ResultBuffer<T>(count: count)
        self.withUnsafeBufferPointer { elements in
            nonisolated(unsafe) let elements = elements
            buffer.storage.withUnsafeMutableBufferPointer { results in
                nonisolated(unsafe) let results = results
                DispatchQueue.concurrentPerform(iterations: elements.count) { index in
                    results[index] = transform(elements[index])
                }
            }
        }
        return buffer.storage.map { $0! }
    }
}
