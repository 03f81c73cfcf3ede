import Testing
@testable import XCConfig

/// Dictionary keys (project files, `-showBuildSettings`-style overrides) are split with the
/// xcconfig grammar: a setting name, then `[parameter=pattern]` suffixes, conditions untrimmed.
@Suite struct SettingKeyTests {
    @Test func bareNameIsTheKeyItself() throws {
        let parsed = try #require(parseSettingKey("OTHER_LDFLAGS"))
        #expect(parsed.name == "OTHER_LDFLAGS")
        #expect(parsed.conditions.isEmpty)
        let short = try #require(parseSettingKey("_"))
        #expect(short.name == "_")
    }

    @Test func conditionsAreSplitInOrder() throws {
        let parsed = try #require(parseSettingKey("OTHER_LDFLAGS[sdk=iphoneos*][arch=arm64]"))
        #expect(parsed.name == "OTHER_LDFLAGS")
        #expect(parsed.conditions == [ConditionSpec(parameter: "sdk", pattern: "iphoneos*"), ConditionSpec(parameter: "arch", pattern: "arm64")])
        // Untrimmed, and an empty pattern is a pattern.
        let spaced = try #require(parseSettingKey("A[ config = Debug ][variant=]"))
        #expect(spaced.conditions == [ConditionSpec(parameter: " config ", pattern: " Debug "), ConditionSpec(parameter: "variant", pattern: "")])
    }

    @Test func malformedKeysAreRejected() {
        for key in ["", "1ABC", "[sdk=macosx]", "A B", "A[sdk]", "A[sdk=macosx", "A[sdk=macosx]x", "A-B", "NAME]"] {
            #expect(parseSettingKey(key) == nil, "\(key)")
        }
    }

    /// A project-level dictionary whose keys carry conditions: they are parsed once and match
    /// as written, and the later key in byte order wins (semantics §4.1).
    @Test func conditionalDictionaryEntriesMatch() {
        let entries = [
            DictionaryEntry(key: "FLAGS", value: "base"),
            DictionaryEntry(key: "FLAGS[config=Debug]", value: "debug"),
            DictionaryEntry(key: "FLAGS[config=Release]", value: "release"),
            DictionaryEntry(key: "OTHER", value: "other"),
            DictionaryEntry(key: "bad key", value: "x"),
        ]
        let level = Level(kind: .project, source: .dictionary(entries))
        let debug = Resolver(levels: [level], context: EvaluationContext(configuration: "Debug"))
        #expect(debug.value(of: "FLAGS") == "debug")
        #expect(debug.value(of: "OTHER") == "other")
        #expect(debug.diagnostics.count == 1)
        let profile = Resolver(levels: [level], context: EvaluationContext(configuration: "Profile"))
        #expect(profile.value(of: "FLAGS") == "base")
    }
}
