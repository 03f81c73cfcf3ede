import Testing
import XCConfig
import XCConfigSyntax
@testable import XCConfigLint

/// Lints `/p/A.xcconfig` holding `text` in `context` and returns the findings of `rule`.
private func findings(of rule: String, in text: String, context: EvaluationContext = EvaluationContext()) throws -> [Diagnostic] {
    let fileSystem = InMemoryFileSystem(currentDirectory: "/p", files: ["/p/A.xcconfig": text])
    let linter = Linter(environment: LintEnvironment(context: context), fileSystem: fileSystem)
    return try linter.lint(paths: ["A.xcconfig"]).filter { $0.rule == rule }
}

/// `reference-cycle` on very long chains: the search is iterative, so depth costs no stack.
@Suite struct LongReferenceChainTests {
    /// `S0 = $(S1)`, `S1 = $(S2)`, …, the last one referring to `last`.
    static func chain(_ count: Int, last: String) -> String {
        (0..<count - 1).map { "S\($0) = $(S\($0 + 1))\n" }.joined() + "S\(count - 1) = \(last)\n"
    }

    @Test func aTwentyThousandLongCycleIsReportedOnceAtItsFirstAssignment() throws {
        let found = try findings(of: "reference-cycle", in: Self.chain(20_000, last: "$(S0)"))
        #expect(places(found) == ["A.xcconfig:1:1 reference-cycle"])
        #expect(found.first?.message.hasPrefix("S0, S1, S10, S100, S1000, S10000 and 19994 more settings refer to each other in a cycle") == true)
    }

    @Test func aTwentyThousandLongChainWithABaseValueIsFine() throws {
        #expect(try findings(of: "reference-cycle", in: Self.chain(20_000, last: "end")).isEmpty)
    }

    @Test func cyclesAreTheStronglyConnectedComponents() {
        let edges: [String: Set<String>] = ["A": ["B"], "B": ["C", "D"], "C": ["A"], "D": ["E"], "E": ["D"], "F": ["A"]]
        #expect(ReferenceCycleRule.cycles(edges) == [["D", "E"], ["A", "B", "C"]])
    }
}

/// The context options (`--configuration`, `--sdk`, …) narrow what the evaluating rules check.
@Suite struct LintContextTests {
    @Test func aCycleThroughAnotherConfigurationIsNotReportedForThisOne() throws {
        let text = "A[config=Debug] = $(B)\nB = $(A)\n"
        #expect(try findings(of: "reference-cycle", in: text).count == 1)
        #expect(try findings(of: "reference-cycle", in: text, context: EvaluationContext(configuration: "Debug")).count == 1)
        #expect(try findings(of: "reference-cycle", in: text, context: EvaluationContext(configuration: "Release")).isEmpty)
    }

    @Test func sdkFallbackNamesDecideSDKConditions() throws {
        let text = "A[sdk=iphoneos*] = $(B)\nB = $(A)\n"
        #expect(try findings(of: "reference-cycle", in: text, context: EvaluationContext(sdks: ["macosx14.0", "macosx"])).isEmpty)
        #expect(try findings(of: "reference-cycle", in: text, context: EvaluationContext(sdks: ["iphoneos17.0", "iphoneos"])).count == 1)
    }

    @Test func valueTooLargeEvaluatesConditionalValuesInTheGivenConfiguration() throws {
        let text = "A0 = " + String(repeating: "x", count: 100) + "\n"
            + (1...18).map { "A\($0)[config=Release] = $(A\($0 - 1))$(A\($0 - 1))\n" }.joined()
        // Unbound, `config` matches only `*`, as in Xcode: the doubling assignments do not apply.
        #expect(try findings(of: "value-too-large", in: text).isEmpty)
        #expect(try findings(of: "value-too-large", in: text, context: EvaluationContext(configuration: "Debug")).isEmpty)
        #expect(try findings(of: "value-too-large", in: text, context: EvaluationContext(configuration: "Release")).count == 1)
    }

    @Test func unboundParametersApplyToEveryBuild() {
        let environment = LintEnvironment(context: EvaluationContext(configuration: "Debug"))
        func condition(_ parameter: String, _ pattern: String) -> Condition {
            Condition(parameter: parameter, pattern: pattern, range: SourceRange(start: SourceLocation(line: 1, column: 1), end: SourceLocation(line: 1, column: 1), startOffset: 0, endOffset: 0))
        }
        #expect(environment.canApply([condition("config", "Deb*"), condition("sdk", "iphoneos*")]))
        #expect(!environment.canApply([condition("config", "Release")]))
    }
}
