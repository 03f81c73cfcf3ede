import ConformanceSupport
import Testing
import XCConfig
import XCConfigLint
import XCConfigSyntax
@testable import XCConfigCLI

/// Issue 25: `xcconfig format` changes spelling, never meaning. Every file of `shared/corpus`,
/// formatted with the default options and with every option on, formats to itself again, parses
/// with the same diagnostics, and resolves to the same settings as the original in three
/// contexts; its includes are read from the corpus as they are (a missing one is missing on both
/// sides). Skipped without the corpus.
@Suite(.enabled(if: ConformanceFixtures.corpusDirectory != nil, "shared/corpus is absent"))
struct FormatCorpusTests {
    static let contexts: [EvaluationContext] = [
        EvaluationContext(configuration: "Debug", sdks: ["iphoneos17.0", "iphoneos"], arch: "arm64"),
        EvaluationContext(configuration: "Release", sdks: ["macosx14.0", "macosx"], arch: "x86_64"),
        EvaluationContext(),
    ]

    static let optionSets = [FormatOptions(), FormatOptions(alignEquals: true, sortConditions: true)]

    /// Every setting the file's stack assigns, with its value in `context`, when `path` holds `bytes`.
    func settings(_ path: String, _ bytes: [UInt8], context: EvaluationContext) throws -> [String: String] {
        let fileSystem = StandardInputFileSystem(base: RealFileSystem(), path: path, bytes: bytes)
        let stack = try StackInputs(targetConfigFiles: [path]).load(with: IncludeLoader(fileSystem: fileSystem), context: context)
        let kinds = LevelFilter.all.subtracting([.defaults, .environment])
        return Dictionary(uniqueKeysWithValues: stack.resolver.resolveAll(at: kinds).map { ($0.name, $0.value) })
    }

    @Test("keeps every value", arguments: [0, 1])
    func formattingKeepsEveryValue(optionIndex: Int) throws {
        let options = Self.optionSets[optionIndex]
        var changedFiles = 0
        var comparedSettings = 0
        for file in ConformanceFixtures.corpusFiles() {
            let original = try RealFileSystem().read(file)
            let formatted = XCConfigFormatter.format(original, options: options)
            if formatted != original { changedFiles += 1 }
            #expect(XCConfigFormatter.format(formatted, options: options) == formatted, "not idempotent: \(file)")
            let before = XCConfigParser.parse(original).diagnostics.map(\.message)
            let after = XCConfigParser.parse(formatted).diagnostics.map(\.message)
            #expect(after == before, "diagnostics changed: \(file)")
            for context in Self.contexts {
                let expected = try settings(file, original, context: context)
                let actual = try settings(file, formatted, context: context)
                comparedSettings += expected.count
                for (name, value) in expected where actual[name] != value {
                    Issue.record("\(file): \(name): \(String(reflecting: value)) became \(String(reflecting: actual[name]))")
                }
                #expect(Set(actual.keys) == Set(expected.keys), "settings assigned changed: \(file)")
            }
        }
        // The corpus is not all canonical already, and its files assign thousands of settings.
        #expect(changedFiles > 50)
        #expect(comparedSettings > 10_000)
    }
}
