import Testing
import XCConfig
import XCConfigSyntax
@testable import XCConfigLint

/// Issue 21, "Lint: advice and precision": what the rules report, and what they advise, on
/// patterns found in real repositories.
@Suite struct LintPrecisionTests {
    /// The findings of `rule` when `/p/A.xcconfig` is linted among `files` (paths below `/p`).
    func findings(_ rule: String, _ files: [String: String], root: String = "A.xcconfig",
                  configuration: LintConfiguration = LintConfiguration(), git: (any GitOracle)? = nil) throws -> [Diagnostic] {
        var all: [String: String] = [:]
        for (name, text) in files { all["/p/" + name] = text }
        var configuration = configuration
        configuration.optInRules.insert(rule)
        let (linter, _) = makeLinter(files: all, currentDirectory: "/p", configuration: configuration, git: git)
        return try linter.lint(paths: [root]).filter { $0.rule == rule }
    }

    // MARK: 1. Advice for single-value settings

    @Test func unreachableConditionalBeforeThePlainLineIsToBeMovedAfterIt() throws {
        // Samples: SWIFT_OPTIMIZATION_LEVEL[config=Debug] placed before the plain line.
        let found = try findings("unreachable-assignment", ["A.xcconfig": "SWIFT_OPTIMIZATION_LEVEL[config=Debug] = -Onone\nSWIFT_OPTIMIZATION_LEVEL = -O\n"])
        #expect(found.count == 1)
        #expect(found.first?.message.hasSuffix("move it after line 2, so that it overrides that line where its conditions match") == true)
        #expect(found.first?.message.contains("$(inherited)") == false)
    }

    @Test func unreachableSingleValueIsNotAdvisedToInherit() throws {
        let found = try findings("unreachable-assignment", ["A.xcconfig": "PRODUCT_NAME = A\nPRODUCT_NAME = B\n"])
        #expect(found.map(\.message) == ["PRODUCT_NAME never takes effect: the assignment on line 2 replaces it whenever it applies; remove this one"])
    }

    @Test func unreachableListValueMayInherit() throws {
        let found = try findings("unreachable-assignment", ["A.xcconfig": "OTHER_LDFLAGS = -ObjC\nOTHER_LDFLAGS = -lz\n"])
        #expect(found.first?.message.hasSuffix("remove this one, or add `$(inherited)` to the later one to build on it") == true)
    }
}

// MARK: 2. missing-inherited false positives

extension LintPrecisionTests {
    @Test func missingInheritedIsSilentWhenTheNewValueRepeatsTheDiscardedOne() throws {
        // realm Static.xcconfig:5 and firefox Fennec.xcconfig:19.
        let realm = try findings("missing-inherited", [
            "A.xcconfig": "#include \"Release.xcconfig\"\nGCC_PREPROCESSOR_DEFINITIONS = REALM_STATIC_FRAMEWORK REALM_HAVE_CONFIG __ASSERTMACROS__;\n",
            "Release.xcconfig": "GCC_PREPROCESSOR_DEFINITIONS = REALM_HAVE_CONFIG __ASSERTMACROS__;\n",
        ])
        #expect(realm.isEmpty)
        let firefox = try findings("missing-inherited", [
            "A.xcconfig": "#include \"Common.xcconfig\"\nOTHER_LDFLAGS = -ObjC -fprofile-instr-generate\n",
            "Common.xcconfig": "OTHER_LDFLAGS = -ObjC\n",
        ])
        #expect(firefox.isEmpty)
    }

    @Test func missingInheritedIsSilentWhenTheDiscardedValueIsEmpty() throws {
        // dyld dyld_unittests.xcconfig:8.
        let found = try findings("missing-inherited", [
            "A.xcconfig": "#include \"unittests.xcconfig\"\nHEADER_SEARCH_PATHS = ./include\n",
            "unittests.xcconfig": "HEADER_SEARCH_PATHS         =\n",
        ])
        #expect(found.isEmpty)
    }

    @Test func missingInheritedStillReportsALostElement() throws {
        let found = try findings("missing-inherited", [
            "A.xcconfig": "#include \"Common.xcconfig\"\nOTHER_LDFLAGS = -ObjC -lz\n",
            "Common.xcconfig": "OTHER_LDFLAGS = -ObjC -lsqlite3\n",
        ])
        #expect(found.count == 1)
    }
}
