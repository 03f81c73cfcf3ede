import Testing
@testable import XCConfig

/// The resolver reads each assignment's value and conditions through the address of its level's
/// assignment storage, taken once at set-up: configuration levels without assignments and
/// dictionary levels have none, and the storage must stay valid when the resolver holds the
/// only copy of the loaded configurations.
@Suite struct LevelAssignmentBaseTests {
    private func load(_ text: String) -> LoadedConfiguration {
        loadConfiguration(text, path: "/root.xcconfig", files: ["/root.xcconfig": text])
    }

    /// Made in its own scope: the loaded configurations are released on return, so the
    /// resolver's arrays are the only owners of the assignments it reads.
    private func makeResolver() -> Resolver {
        let project = load("A = project\nB[config=Debug] = debug $(inherited)\nB[config=Release] = release\n")
        let empty = load("// nothing assigned\n")
        let target = load("C = $(A) $(B) $(D)\nB[arch=arm64][config=Debug] = $(inherited) arm\n")
        return Resolver(levels: [
            Level(kind: .projectXCConfig, source: .configuration(project)),
            Level(kind: .project, source: .dictionary([
                DictionaryEntry(key: "B", value: "dictionary"),
                DictionaryEntry(key: "D[config=Debug]", value: "d"),
            ])),
            Level(kind: .targetXCConfig, source: .configuration(empty)),
            Level(kind: .target, source: .configuration(target)),
        ], context: EvaluationContext(configuration: "Debug", arch: "arm64"))
    }

    @Test func valuesAndConditionsOfEveryKindOfLevel() {
        let resolver = makeResolver()
        #expect(resolver.settingNames() == ["A", "B", "C", "D"])
        // The dictionary's B is above the project xcconfig's: `debug $(inherited)` is below it.
        #expect(resolver.value(of: "B") == "dictionary arm")
        #expect(resolver.value(of: "D") == "d")
        #expect(resolver.value(of: "C") == "project dictionary arm d")
        #expect(resolver.assignments(of: "B").count == 4)
    }

    @Test func conditionsNotMatchingAreSkippedInEveryLevel() {
        let debug = makeResolver()
        let other = Resolver(levels: debug.levels, context: EvaluationContext(configuration: "Release", arch: "x86_64"))
        #expect(other.value(of: "B") == "dictionary")
        #expect(other.value(of: "C") == "project dictionary ")
    }
}
