import ConformanceSupport
import Testing
@testable import XCConfig
import XCConfigSyntax

/// Runs every recorded case through the library's stack loader and resolver: the code path
/// `xcconfig resolve` uses. (`CLITests` runs them through the command itself too.)
@Suite struct LibraryConformanceTests {
    struct Outcome {
        var exit: Int
        var settings: [String: String]
        var diagnostics: [DiagnosticTriple]
    }

    static func run(_ testCase: ConformanceCase) -> Outcome {
        let root = "/case"
        let fileSystem = InMemoryFileSystem(currentDirectory: root)
        for (name, bytes) in testCase.files { fileSystem.addFile(name, bytes: bytes) }
        var context = EvaluationContext()
        var index = 0
        let arguments = testCase.arguments
        while index < arguments.count {
            let flag = arguments[index]
            let value = index + 1 < arguments.count ? arguments[index + 1] : ""
            switch flag {
            case "--configuration": context.configuration = value
            case "--sdk": context.sdks.append(value)
            case "--arch": context.arch = value
            case "--variant": context.variant = value
            case "--target-name": context.targetName = value
            case "--cond":
                let parts = value.split(separator: "=", maxSplits: 1).map(String.init)
                context.conditions[parts[0], default: []].append(parts.count > 1 ? parts[1] : "")
            default: Issue.record("unexpected context flag \(flag)")
            }
            index += 2
        }
        let loader = IncludeLoader(fileSystem: fileSystem)
        let inputs = StackInputs(targetConfigFiles: ["main.xcconfig"])
        guard let stack = try? inputs.load(with: loader, context: context) else {
            return Outcome(exit: 2, settings: [:], diagnostics: [])
        }
        var settings: [String: String] = [:]
        for setting in stack.resolver.resolveAll(at: LevelFilter.all.subtracting([.defaults, .environment])) {
            settings[setting.name] = setting.value
        }
        let diagnostics = stack.diagnostics.filter { $0.severity != .note }.map {
            DiagnosticTriple(
                file: Path.display($0.file ?? "?", relativeTo: root),
                line: $0.location?.line ?? 0,
                severity: $0.severity.rawValue)
        }
        let exit = stack.diagnostics.contains { $0.severity == .error } ? 1 : 0
        return Outcome(exit: exit, settings: settings, diagnostics: diagnostics)
    }

    static func check(_ testCase: ConformanceCase) {
        let outcome = run(testCase)
        #expect(outcome.settings == testCase.expectedSettings, "\(testCase.name) settings")
        if outcome.settings != testCase.expectedSettings {
            for key in Set(outcome.settings.keys).union(testCase.expectedSettings.keys).sorted()
            where outcome.settings[key] != testCase.expectedSettings[key] {
                Issue.record("\(testCase.name): \(key): got \(String(reflecting: outcome.settings[key])), expected \(String(reflecting: testCase.expectedSettings[key]))")
            }
        }
        #expect(outcome.diagnostics.sorted() == testCase.expectedDiagnostics.sorted(), "\(testCase.name) diagnostics")
        #expect(outcome.exit == testCase.expectedExit, "\(testCase.name) exit")
    }

    @Test("recorded cases", arguments: ConformanceFixtures.namedCases())
    func namedCase(_ testCase: ConformanceCase) {
        Self.check(testCase)
    }

    @Test func fixturesArePresent() {
        #expect(ConformanceFixtures.namedCases().count == 52)
        #expect(ConformanceFixtures.randomCases(in: "random.json").count == 300)
        #expect(ConformanceFixtures.randomCases(in: "random-2.json").count == 500)
    }

    @Test("random.json and random-2.json cases", arguments: ConformanceFixtures.randomCases())
    func randomCase(_ testCase: ConformanceCase) {
        Self.check(testCase)
    }
}

extension ConformanceCase: CustomTestStringConvertible {
    public var testDescription: String { name }
}
