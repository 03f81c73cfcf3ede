import Testing
import XCConfig

/// `resolveAll(atLevelsWhere:includingDynamic:)` lists what `resolveAll(at:includingDynamic:)`
/// lists for the same levels: a setting counts at a level when it is assigned there, and the
/// build system's own settings (no file behind them, at the project or target level) only
/// when asked for.
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
        let listed = resolver.resolveAll(atLevelsWhere: { $0 != .defaults && $0 != .environment }, includingDynamic: false)
        #expect(names(listed) == ["HOME", "OTHER", "PRODUCT_NAME"])
        #expect(listed.first?.value == "/override")
        let viaSet = resolver.resolveAll(at: Set(LevelKind.allCases).subtracting([.defaults, .environment]), includingDynamic: false)
        #expect(listed == viaSet)
    }

    @Test func agreesWithTheSetForEveryLevelAndBothDynamicChoices() {
        for kind in LevelKind.allCases {
            for includingDynamic in [false, true] {
                let listed = resolver.resolveAll(atLevelsWhere: { $0 == kind }, includingDynamic: includingDynamic)
                #expect(listed == resolver.resolveAll(at: [kind], includingDynamic: includingDynamic), "\(kind) \(includingDynamic)")
            }
        }
        #expect(names(resolver.resolveAll(atLevelsWhere: { $0 == .project }, includingDynamic: true)) == ["PRODUCT_NAME", "SRCROOT"])
        #expect(names(resolver.resolveAll(atLevelsWhere: { $0 == .project }, includingDynamic: false)) == ["PRODUCT_NAME"])
        #expect(names(resolver.resolveAll(atLevelsWhere: { _ in true }, includingDynamic: false))
            == names(resolver.resolveAll(at: nil, includingDynamic: false)))
    }
}
