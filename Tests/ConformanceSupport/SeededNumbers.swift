/// A seeded linear congruential generator for generated test inputs: the same inputs on every
/// run and platform, so that a failure names an input that can be made again. Shared by every
/// test target.
public struct SeededNumbers: Sendable {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    /// The seed of the inputs of one length, from a test's seed.
    public init(seed: UInt64, length: Int) { self.init(seed: seed &+ UInt64(length) &* 0x9E37_79B9) }

    /// A number in `0..<bound`.
    public mutating func next(_ bound: Int) -> Int {
        state = state &* 6364136223846793005 &+ 1442695040888963407
        return Int((state >> 33) % UInt64(bound))
    }
}
