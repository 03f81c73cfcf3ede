import Testing
import XCConfig
import XCConfigSyntax
@testable import XCConfigLint

/// Runs every example of every rule: a triggering example must produce findings of its rule
/// exactly at its `↓` markers, a non-triggering one none, and a `corrected` text must be what
/// `--fix` writes. A rule cannot exist without working examples.
@Suite struct RuleExampleTests {
    static let identifiers = RuleRegistry.all.map { $0.description.identifier }

    @Test(arguments: identifiers)
    func examplesOfRule(_ identifier: String) throws {
        let rule = try #require(RuleRegistry.rule(identifier)).description
        #expect(!rule.triggeringExamples.isEmpty, "\(identifier) has no triggering example")
        #expect(!rule.nonTriggeringExamples.isEmpty, "\(identifier) has no non-triggering example")
        for example in rule.triggeringExamples {
            let prepared = PreparedExample(example, rule: rule)
            #expect(!prepared.expected.isEmpty, "triggering example without a marker: \(example.code)")
            #expect(try prepared.actual(rule: identifier) == prepared.expected, "\(identifier): \(example.code)")
            if let corrected = example.corrected {
                _ = try prepared.linter.fix(paths: [prepared.mainPath])
                #expect(prepared.fileSystem.contentsOfFile(prepared.mainPath) == corrected, "\(identifier) fix of: \(example.code)")
            }
        }
        for example in rule.nonTriggeringExamples {
            let prepared = PreparedExample(example, rule: rule)
            #expect(try prepared.actual(rule: identifier) == [], "\(identifier) should not trigger: \(example.code)")
        }
    }

    @Test func everyRuleHasAUniqueIdentifierAndADescription() {
        let identifiers = Self.identifiers
        #expect(Set(identifiers).count == identifiers.count)
        for rule in RuleRegistry.all.map({ $0.description }) {
            #expect(!rule.summary.isEmpty && !rule.rationale.isEmpty && !rule.name.isEmpty)
            if rule.isCorrectable {
                #expect(rule.triggeringExamples.contains { $0.corrected != nil }, "\(rule.identifier) has no fix example")
            }
        }
    }
}
