import ConformanceSupport
import Testing
@testable import XCConfig

/// The resolver's set of looked-up names moves from a list to a bitset;
/// every phase must agree with `Set<Int>`.
@Suite struct NameSetTests {
    /// A fixed pseudo-random sequence (no seed dependence across platforms).
    static func numbers(_ count: Int, seed: UInt64, below limit: Int) -> [Int] {
        var numbers = SeededNumbers(seed: seed)
        return (0..<count).map { _ in numbers.next(limit) }
    }

    @Test(arguments: [0, 1, 2, 3, 16, 17, 40, 300])
    func agreesWithSetAtEverySize(size: Int) {
        var names = NameSet()
        var reference = Set<Int>()
        for id in Self.numbers(size, seed: UInt64(size) + 1, below: 500) {
            names.insert(id)
            reference.insert(id)
        }
        #expect(names.count == reference.count)
        #expect(names.isEmpty == reference.isEmpty)
        for id in 0..<500 { #expect(names.contains(id) == reference.contains(id)) }
        for probe in reference { #expect(names.contains { $0 == probe }) }
        #expect(!names.contains { $0 >= 500 })
    }

    @Test(arguments: [(0, 2), (2, 2), (1, 5), (3, 40), (20, 2), (40, 300)])
    func unionAgreesWithSet(left: Int, right: Int) {
        var a = NameSet(), b = NameSet()
        var expected = Set<Int>()
        for id in Self.numbers(left, seed: 7, below: 200) { a.insert(id); expected.insert(id) }
        for id in Self.numbers(right, seed: 11, below: 200) { b.insert(id); expected.insert(id) }
        a.formUnion(b)
        #expect(a.count == expected.count)
        for id in 0..<200 { #expect(a.contains(id) == expected.contains(id)) }
    }
}
