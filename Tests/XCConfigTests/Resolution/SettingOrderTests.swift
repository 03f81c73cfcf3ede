import ConformanceSupport
import Testing
@testable import XCConfig

/// Settings are listed in the byte order of their names (what `resolve` prints); the resolver
/// sorts by each name's first 16 bytes and compares in full only on a tie.
@Suite struct SettingOrderTests {
    @Test func namesAreInByteOrder() {
        // Prefixes of each other, ties in the first 16 bytes, lower case after upper case,
        // digits and `_` between them, and names longer than 16 bytes that differ late.
        let names = [
            "A", "AB", "A_", "a", "Z9", "Z_", "B_SETTING_NAME_LONGER_THAN_16_1", "B_SETTING_NAME_LONGER_THAN_16_10",
            "B_SETTING_NAME_LONGER_THAN_16_2", "B_SETTING_NAME_LONGER_THAN_16", "B_SETTING_NAME_L", "B_SETTING_NAME_",
            "SETTING_000", "SETTING_001", "SETTING_010", "SETTING_1", "OTHER_LDFLAGS", "OTHER_CFLAGS", "_X",
        ]
        let text = names.reversed().map { "\($0) = x" }.joined(separator: "\n")
        let resolver = makeResolver(text)
        let expected = names.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        #expect(resolver.settingNames() == expected)
        #expect(resolver.resolveAll().map(\.name) == expected)
    }

    /// Names first interned from a dictionary level and from a configuration level sort
    /// together, conditional dictionary keys by their setting name.
    @Test func namesFromDictionaryAndConfigurationLevelsSortTogether() {
        let text = "ZED = 1\nSHARED_PREFIX_16_B = 2\nMIDDLE = 3\nA = 4"
        let loaded = IncludeLoader(fileSystem: InMemoryFileSystem(currentDirectory: "/")).load(bytes: Array(text.utf8), path: "/a.xcconfig")
        let defaults = ["SHARED_PREFIX_16_A", "MIDDLE", "B[sdk=*]", "Y"].map { DictionaryEntry(key: $0, value: "d") }
        let resolver = Resolver(levels: [
            Level(kind: .defaults, source: .dictionary(defaults)),
            Level(kind: .targetXCConfig, source: .configuration(loaded)),
        ], context: EvaluationContext())
        #expect(resolver.settingNames() == ["A", "B", "MIDDLE", "SHARED_PREFIX_16_A", "SHARED_PREFIX_16_B", "Y", "ZED"])
    }

    /// Every level's names, keyed straight from the records, come out as the names of a level
    /// set that holds every kind (keyed from an array of IDs) and as the per-level filter
    /// lists them: the same names, in the same order.
    @Test func everyLevelIsListedAsWhenEachLevelIsNamed() {
        let text = "ZED = 1\nSHARED_PREFIX_16_B = 2\nMIDDLE[config=Debug] = 3\nA = 4\nB_SETTING_NAME_LONGER_THAN_16_2 = 5\nB_SETTING_NAME_LONGER_THAN_16_1 = 6\nQ = $(A)"
        let loaded = IncludeLoader(fileSystem: InMemoryFileSystem(currentDirectory: "/")).load(bytes: Array(text.utf8), path: "/a.xcconfig")
        let defaults = ["SHARED_PREFIX_16_A", "MIDDLE", "B[sdk=*]", "Y", "a"].map { DictionaryEntry(key: $0, value: "d") }
        let resolver = Resolver(levels: [
            Level(kind: .defaults, source: .dictionary(defaults)),
            Level(kind: .targetXCConfig, source: .configuration(loaded)),
        ], context: EvaluationContext())
        let everyLevel = resolver.settingNames()
        #expect(everyLevel == ["A", "B", "B_SETTING_NAME_LONGER_THAN_16_1", "B_SETTING_NAME_LONGER_THAN_16_2", "MIDDLE", "Q", "SHARED_PREFIX_16_A", "SHARED_PREFIX_16_B", "Y", "ZED", "a"])
        #expect(resolver.settingNames(at: LevelFilter(levels: LevelKind.allCases)) == everyLevel)
        #expect(resolver.settingNames(at: .allLevels) == everyLevel)
    }

    /// The sort merges the ascending runs it finds: inputs already in order, in reverse, and
    /// made of sorted runs of every length come out in byte order.
    @Test func runsOfEveryShapeAreMerged() {
        var numbers = SeededNumbers(seed: 7)
        func next(_ bound: Int) -> Int { numbers.next(bound) }
        let pool = (0..<300).map { index in
            // Some names share their first 16 bytes, so that ties are compared in full.
            index % 3 == 0 ? "SHARED_PREFIX_16_\(index)" : "S\(String(index, radix: 7))_\(next(50))"
        }
        let sorted = Array(Set(pool)).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        var orders = [sorted, Array(sorted.reversed()), [sorted[0]], []]
        for _ in 0..<20 {
            // A shuffle cut into pieces of random lengths, each piece sorted.
            var runs: [[String]] = []
            var rest = sorted
            for index in rest.indices.reversed() { rest.swapAt(index, next(index + 1)) }
            while !rest.isEmpty {
                let length = min(rest.count, 1 + next(40))
                runs.append(rest.prefix(length).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })
                rest.removeFirst(length)
            }
            orders.append(runs.flatMap { $0 })
        }
        for order in orders {
            let text = order.map { "\($0) = x" }.joined(separator: "\n")
            let resolver = makeResolver(text)
            #expect(resolver.settingNames() == order.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })
        }
    }
}
