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

// MARK: 3. hardcoded-team is opt-in, and silent before an #include?

extension LintPrecisionTests {
    @Test func hardcodedTeamIsOptIn() throws {
        let files = ["/p/A.xcconfig": "DEVELOPMENT_TEAM = ABCDE12345\n"]
        let (linter, _) = makeLinter(files: files, currentDirectory: "/p")
        #expect(try linter.lint(paths: ["A.xcconfig"]).filter { $0.rule == "hardcoded-team" }.isEmpty)
        #expect(RuleRegistry.all.first { $0.description.identifier == "hardcoded-team" }?.description.isOptIn == true)
        #expect(try findings("hardcoded-team", ["A.xcconfig": "DEVELOPMENT_TEAM = ABCDE12345\n"]).count == 1)
    }

    @Test func hardcodedTeamBeforeAnOptionalIncludeIsTheRecommendedDefault() throws {
        // Same file, and an included file whose includer has the #include? after it.
        #expect(try findings("hardcoded-team", ["A.xcconfig": "DEVELOPMENT_TEAM = ABCDE12345\n#include? \"Local.xcconfig\"\n"]).isEmpty)
        #expect(try findings("hardcoded-team", [
            "A.xcconfig": "#include \"Signing.xcconfig\"\n#include? \"Local.xcconfig\"\n",
            "Signing.xcconfig": "DEVELOPMENT_TEAM = ABCDE12345\n",
        ]).isEmpty)
        // An #include? before the assignment cannot override it.
        #expect(try findings("hardcoded-team", ["A.xcconfig": "#include? \"Local.xcconfig\"\nDEVELOPMENT_TEAM = ABCDE12345\n"]).count == 1)
    }
}

// MARK: 4. missing-include on generated files

extension LintPrecisionTests {
    @Test(arguments: [
        ("Pods/Target Support Files/Pods-Runner/Pods-Runner.debug.xcconfig", "`pod install` (CocoaPods)"),
        ("Generated.xcconfig", "`flutter pub get` (Flutter)"),
        ("ephemeral/Flutter-Generated.xcconfig", "`flutter pub get` (Flutter)"),
        ("../Carthage/Checkouts/xcconfigs/Base/Common.xcconfig", "`carthage bootstrap` (Carthage)"),
        ("../Derived/InfoPlists/App.xcconfig", "`tuist generate` (Tuist)"),
    ])
    func missingGeneratedIncludeNamesItsGenerator(path: String, generator: String) throws {
        let found = try findings("missing-include", ["Flutter/A.xcconfig": "#include \"\(path)\"\n"], root: "Flutter/A.xcconfig")
        #expect(found.count == 1)
        #expect(found.first?.message.hasSuffix("; it is generated by \(generator), so run that first (or silence it with `ignore_missing_includes`)") == true)
    }

    @Test func missingHandWrittenIncludeKeepsTheUsualAdvice() throws {
        let found = try findings("missing-include", ["A.xcconfig": "#include \"Shared.xcconfig\"\n"])
        #expect(found.first?.message.hasSuffix("check the name, or write `#include?` if the file is optional") == true)
    }

    @Test func ignoreMissingIncludesAndExcludeGlobsSilenceMissingIncludes() throws {
        let files = ["ios/Flutter/Debug.xcconfig": "#include \"Pods/Target Support Files/Pods-Runner/Pods-Runner.debug.xcconfig\"\n#include \"Generated.xcconfig\"\n"]
        let root = "ios/Flutter/Debug.xcconfig"
        #expect(try findings("missing-include", files, root: root).count == 2)
        let ignoring = LintConfiguration(ignoreMissingIncludes: ["**/Generated.xcconfig"], baseDirectory: "/p")
        #expect(try findings("missing-include", files, root: root, configuration: ignoring).count == 1)
        let excluding = LintConfiguration(exclude: ["**/Pods/**"], baseDirectory: "/p")
        let left = try findings("missing-include", files, root: root, configuration: excluding)
        #expect(left.count == 1)
        #expect(left.first?.message.contains("Generated.xcconfig") == true)
    }

    @Test func ignoreMissingIncludesIsAConfigurationKey() throws {
        let json = #"{"ignore_missing_includes": ["**/Pods/**", "**/Generated.xcconfig"]}"#
        let (configuration, diagnostics) = try LintConfiguration.parse(Array(json.utf8), path: "/p/.xcconfig-lint.json")
        #expect(diagnostics.isEmpty)
        #expect(configuration.ignoreMissingIncludes == ["**/Pods/**", "**/Generated.xcconfig"])
    }
}

// MARK: 5. An include that matches only ignoring case

extension LintPrecisionTests {
    @Test func caseOnlyMismatchIsReportedAsSuch() throws {
        // simplenote: Version.public.xcconfig next to Version.Public.xcconfig.
        let found = try findings("missing-include", [
            "A.xcconfig": "#include \"Version.public.xcconfig\"\n",
            "Version.Public.xcconfig": "VERSION = 1\n",
        ])
        #expect(found.map(\.message) == [
            "included file 'Version.public.xcconfig' matches 'Version.Public.xcconfig' only ignoring case; it builds on case-insensitive volumes (macOS's default) only, and fails on case-sensitive ones such as Linux CI; write 'Version.Public.xcconfig'",
        ])
        #expect(found.first?.severity == .error)
    }
}

// MARK: 6. local-config-committed only for per-developer includes

extension LintPrecisionTests {
    @Test func cocoaPodsOptionalIncludeIsNotALocalConfiguration() throws {
        // Flutter's ios/Flutter/Debug.xcconfig.
        let git = StaticGit(root: "/p", tracked: ["/p/A.xcconfig", "/p/Generated.xcconfig"], ignored: [])
        let found = try findings("local-config-committed", [
            "A.xcconfig": "#include? \"Pods/Target Support Files/Pods-Runner/Pods-Runner.debug.xcconfig\"\n#include \"Generated.xcconfig\"\n",
            "Generated.xcconfig": "FLUTTER_ROOT = /flutter\n",
        ], git: git)
        #expect(found.isEmpty)
    }

    @Test func theLastOptionalIncludeIsALocalConfiguration() throws {
        let git = StaticGit(root: "/p", tracked: ["/p/A.xcconfig"], ignored: [])
        let found = try findings("local-config-committed", ["A.xcconfig": "A = 1\n#include? \"Dev.xcconfig\"\n"], git: git)
        #expect(found.count == 1)
    }
}

// MARK: 7. unknown-setting does not suggest a name with another word

extension LintPrecisionTests {
    @Test func aDifferentWordIsNotAMisspelling() throws {
        #expect(try findings("unknown-setting", ["A.xcconfig": "CI_VERSION = 1\n"]).isEmpty)
        #expect(NearMiss.differsInAWholeWord(Array("CI_VERSION".utf8), Array("GCC_VERSION".utf8)))
        #expect(!NearMiss.differsInAWholeWord(Array("OTHER_LDFLAG".utf8), Array("OTHER_LDFLAGS".utf8)))
        #expect(try findings("unknown-setting", ["A.xcconfig": "OTHER_LDFLAG = -ObjC\n"]).map(\.message)
            == ["'OTHER_LDFLAG' is not a build setting Xcode knows, so it sets a new user-defined setting; did you mean OTHER_LDFLAGS?"])
    }
}

/// A case-insensitive volume over an in-memory one, as macOS's default: a path finds the entry
/// whose name equals it ignoring case; listings give the names as stored.
struct CaseInsensitiveFileSystem: FileSystem {
    let base: InMemoryFileSystem
    let stored: [String]

    func actual(_ path: String) -> String {
        stored.first { $0.lowercased() == path.lowercased() } ?? path
    }
    func kind(of path: String) -> FileKind? { base.kind(of: actual(path)) }
    func read(_ path: String) throws(FileSystemError) -> [UInt8] { try base.read(actual(path)) }
    func writeAtomically(_ bytes: [UInt8], to path: String) throws(FileSystemError) { try base.writeAtomically(bytes, to: actual(path)) }
    func contents(ofDirectory path: String) throws(FileSystemError) -> [String] { try base.contents(ofDirectory: actual(path)) }
    func resolvingSymlinks(_ path: String) -> String { path }
    func isSymbolicLink(_ path: String) -> Bool { false }
    var currentDirectory: String { base.currentDirectory }
}

extension LintPrecisionTests {
    @Test func caseOnlyMatchIsReportedOnACaseInsensitiveVolumeToo() throws {
        let files = ["/p/A.xcconfig": "#include \"Version.public.xcconfig\"\n", "/p/Version.Public.xcconfig": "VERSION = 1\n"]
        let fileSystem = CaseInsensitiveFileSystem(base: InMemoryFileSystem(currentDirectory: "/p", files: files), stored: ["/p", "/"] + files.keys)
        let linter = Linter(fileSystem: fileSystem)
        let found = try linter.lint(paths: ["A.xcconfig"]).filter { $0.rule == "missing-include" }
        #expect(found.map(\.message) == [MissingIncludeRule.caseOnlyMessage("Version.public.xcconfig", "Version.Public.xcconfig")])
        #expect(found.first.map { "\($0.location?.line ?? 0):\($0.location?.column ?? 0)" } == "1:10")
    }
}
