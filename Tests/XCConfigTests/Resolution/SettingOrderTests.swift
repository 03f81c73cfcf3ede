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
        let loaded = IncludeLoader(fileSystem: InMemoryFileSystem(currentDirectory: "/")).load(bytes: Array(text.utf8), path: "/a.xcconfig")
        let resolver = Resolver(levels: [Level(kind: .targetXCConfig, source: .configuration(loaded))], context: EvaluationContext())
        let expected = names.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        #expect(resolver.settingNames() == expected)
        #expect(resolver.resolveAll().map(\.name) == expected)
    }
}
