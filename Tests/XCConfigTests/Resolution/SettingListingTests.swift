import Testing
import XCConfig

/// A ``LevelFilter`` lists the settings assigned at its levels: a setting counts at a level when
/// it is assigned there, and the build system's own settings (no file behind them, at the
/// project or target level) only with ``LevelFilter/dynamicSettings``.
@Suite struct SettingListingTests {
    let resolver = Resolver(levels: [
        Level(kind: .environment, source: .dictionary([
            DictionaryEntry(key: "HOME", value: "/home"),
            DictionaryEntry(key: "ONLY_IN_ENVIRONMENT", value: "e"),
        ])),
        Level(kind: .defaults, source: .dictionary([DictionaryEntry(key: "CONFIGURATION", value: "Debug")])),
        Level(kind: .project, source: .dictionary([
            DictionaryEntry(key: "SRCROOT", value: "/src"),
            DictionaryEntry(key: "PRODUCT_NAME", value: "App", origin: EntryOrigin(file: "/App.xcodeproj/project.pbxproj", keyPath: "buildSettings")),
        ])),
        Level(kind: .commandLine, source: .dictionary([
            DictionaryEntry(key: "HOME", value: "/override"),
            DictionaryEntry(key: "OTHER", value: "x"),
        ])),
    ], context: EvaluationContext())

    private func names(_ settings: [ResolvedSetting]) -> [String] { settings.map(\.name) }

    @Test func leavesOutTheContextAndTheEnvironmentAsResolveDoes() {
        let listed = resolver.resolveAll(at: LevelFilter.allLevels.subtracting([.defaults, .environment]))
        #expect(names(listed) == ["HOME", "OTHER", "PRODUCT_NAME"])
        #expect(listed.first?.value == "/override")
    }

    @Test func everySettingByDefault() {
        #expect(names(resolver.resolveAll()) == ["CONFIGURATION", "HOME", "ONLY_IN_ENVIRONMENT", "OTHER", "PRODUCT_NAME", "SRCROOT"])
        #expect(resolver.settingNames() == names(resolver.resolveAll()))
    }

    @Test func oneLevelWithAndWithoutDynamicSettings() {
        #expect(names(resolver.resolveAll(at: [.project, .dynamicSettings])) == ["PRODUCT_NAME", "SRCROOT"])
        #expect(names(resolver.resolveAll(at: .project)) == ["PRODUCT_NAME"])
        #expect(names(resolver.resolveAll(at: .environment)) == ["HOME", "ONLY_IN_ENVIRONMENT"])
        #expect(names(resolver.resolveAll(at: .allLevels)) == ["CONFIGURATION", "HOME", "ONLY_IN_ENVIRONMENT", "OTHER", "PRODUCT_NAME"])
        #expect(resolver.resolveAll(at: []).isEmpty)
    }

    @Test func filterOfLevelKinds() {
        #expect(LevelFilter(levels: [LevelKind.project]) == [.project, .dynamicSettings])
        for kind in LevelKind.allCases {
            #expect(LevelFilter(kind).includes(kind))
            #expect(LevelFilter.allLevels.includes(kind))
            #expect(!LevelFilter.dynamicSettings.includes(kind))
        }
    }
}
