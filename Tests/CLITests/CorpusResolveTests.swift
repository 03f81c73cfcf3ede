import ConformanceSupport
import Testing
import XCConfig
import XCConfigSyntax
@testable import XCConfigCLI

/// Every real-world file of `shared/corpus` resolves in two contexts without a crash, and its
/// `--format xcconfig` rendering resolves back to the same values. Skipped without the corpus.
@Suite(.enabled(if: ConformanceFixtures.corpusDirectory != nil, "shared/corpus is absent"))
struct CorpusResolveTests {
    static let contexts: [(String, EvaluationContext)] = [
        ("iOS Debug", EvaluationContext(configuration: "Debug", sdks: ["iphoneos17.0", "iphoneos"], arch: "arm64")),
        ("macOS Release", EvaluationContext(configuration: "Release", sdks: ["macosx14.0", "macosx"], arch: "x86_64")),
    ]

    @Test func corpusIsComplete() {
        #expect(ConformanceFixtures.corpusFiles().count == 646)
    }

    @Test("resolves and round-trips", arguments: [0, 1])
    func resolvesAndRoundTrips(contextIndex: Int) throws {
        let (_, context) = Self.contexts[contextIndex]
        let fileSystem = RealFileSystem()
        var resolvedCount = 0
        for file in ConformanceFixtures.corpusFiles() {
            let loader = IncludeLoader(fileSystem: fileSystem)
            let stack = try StackInputs(targetConfigFiles: [file]).load(with: loader, context: context)
            // Missing includes are reported as Xcode reports them, never thrown.
            for diagnostic in stack.loadDiagnostics where diagnostic.message.contains("included file") {
                #expect(diagnostic.location != nil && diagnostic.file != nil)
            }
            let kinds = LevelFilter.all.subtracting([.defaults, .environment])
            let settings = stack.resolver.resolveAll(at: kinds)
            resolvedCount += settings.count

            var text = ""
            for setting in settings { text += "\(setting.name) = \(ResolveOutput.xcconfigLiteral(setting.value, for: setting.name))\n" }
            let memory = InMemoryFileSystem(currentDirectory: "/", files: ["/resolved.xcconfig": text])
            let reread = try StackInputs(targetConfigFiles: ["/resolved.xcconfig"])
                .load(with: IncludeLoader(fileSystem: memory), context: context)
            #expect(reread.diagnostics.isEmpty, "\(file)")
            let again = Dictionary(uniqueKeysWithValues: reread.resolver.resolveAll(at: kinds).map { ($0.name, $0.value) })
            for setting in settings where again[setting.name] != setting.value {
                Issue.record("\(file): \(setting.name): \(String(reflecting: setting.value)) re-resolved as \(String(reflecting: again[setting.name]))")
            }
        }
        #expect(resolvedCount > 5_000)
    }
}
