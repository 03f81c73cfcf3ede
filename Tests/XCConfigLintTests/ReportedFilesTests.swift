import Testing
import XCConfig
import XCConfigSyntax
@testable import XCConfigLint

/// What a language server asks of the linter at each keystroke: one file's findings
/// (`reportedFiles`), with the trees and parsed values of unchanged files kept between runs.
/// Either way the findings are those of a plain run.
@Suite struct ReportedFilesTests {
    static let main = """
        #include "Shared.xcconfig"
        OTHER_LDFLAGS = -lz
        PRODUCT_BUNDLE_IDENTIFER = com.example.app
        FIRST = $(SECOND)
        SECOND = $(FIRST)
        SWIFT_VERSION = 5.0
        SWIFT_VERSION = 6.0
        GREETING = $(PRODUCT_NAMEE)

        """
    static let shared = """
        OTHER_LDFLAGS = -ObjC
        PRODUCT_NAME = App
        SKIP_INSTAL = YES
        LEFT = $(RIGHT)
        RIGHT = $(LEFT)
        SDKROOT = iphoneos
        SDKROOT = macosx

        """
    static let files = ["/example/Main.xcconfig": main, "/example/Shared.xcconfig": shared]

    /// Where each finding is and what it says, for comparing runs.
    static func summary(_ findings: [Finding]) -> [String] {
        findings.map { "\($0.file):\($0.location.line):\($0.location.column) \($0.rule) \($0.message)" }
    }

    @Test func oneFilesFindingsAreThoseOfTheWholeRunInIt() throws {
        let (linter, _) = makeLinter(files: Self.files)
        let everything = try linter.findings(paths: ["Main.xcconfig"])
        // Per-file rules and rules over the whole include graph, in both files.
        for path in Self.files.keys {
            let rules = Set(everything.filter { $0.file == path }.map(\.rule))
            #expect(rules.isSuperset(of: ["unknown-setting", "reference-cycle", "unreachable-assignment"]), "\(path): \(rules)")
        }
        #expect(everything.contains { $0.rule == "missing-inherited" && $0.file == "/example/Main.xcconfig" })
        #expect(everything.contains { $0.rule == "undefined-reference" && $0.file == "/example/Main.xcconfig" })
        for path in Self.files.keys {
            var restricted = linter
            restricted.reportedFiles = [path]
            let found = try restricted.findings(paths: ["Main.xcconfig"])
            #expect(Self.summary(found) == Self.summary(everything.filter { $0.file == path }))
        }
    }

    @Test func keptTreesAndFilesGiveTheFindingsOfAFreshRunAfterAnEdit() throws {
        let (fresh, fileSystem) = makeLinter(files: Self.files)
        var kept = fresh
        kept.parsedFiles = ParsedFileCache()
        kept.lintFiles = LintFileCache()
        kept.reportedFiles = ["/example/Main.xcconfig"]
        func restrictedFresh() throws -> [Finding] {
            try fresh.findings(paths: ["Main.xcconfig"]).filter { $0.file == "/example/Main.xcconfig" }
        }
        let before = try kept.findings(paths: ["Main.xcconfig"])
        #expect(Self.summary(before) == Self.summary(try restrictedFresh()))
        #expect(before.contains { $0.rule == "missing-inherited" })
        // The included file changes: Main's OTHER_LDFLAGS no longer replaces a value, and
        // PRODUCT_NAMEE is now assigned.
        fileSystem.addFile("/example/Shared.xcconfig", "PRODUCT_NAMEE = App\n")
        kept.parsedFiles = kept.parsedFiles!.revalidating()
        let after = try kept.findings(paths: ["Main.xcconfig"])
        #expect(Self.summary(after) == Self.summary(try restrictedFresh()))
        #expect(!after.contains { $0.rule == "missing-inherited" || $0.rule == "undefined-reference" })
        // And the including file itself.
        fileSystem.addFile("/example/Main.xcconfig", "#include \"Shared.xcconfig\"\nA = $(B)\nB = $(A)\n")
        kept.parsedFiles = kept.parsedFiles!.revalidating()
        let edited = try kept.findings(paths: ["Main.xcconfig"])
        #expect(Self.summary(edited) == Self.summary(try restrictedFresh()))
        #expect(edited.map(\.rule) == ["reference-cycle"])
    }

    /// The cache holds the files of the last `keptRuns` runs only.
    @Test func onlyTheLatestRunsFilesAreKept() throws {
        var files = Self.files
        for name in ["One", "Two", "Three"] { files["/example/\(name).xcconfig"] = "\(name.uppercased()) = 1\n" }
        var (linter, _) = makeLinter(files: files)
        linter.lintFiles = LintFileCache(keptRuns: 2)
        _ = try linter.findings(paths: ["Main.xcconfig"])
        #expect(linter.lintFiles!.paths == ["/example/Main.xcconfig", "/example/Shared.xcconfig"])
        _ = try linter.findings(paths: ["One.xcconfig"])
        #expect(linter.lintFiles!.paths == ["/example/Main.xcconfig", "/example/Shared.xcconfig", "/example/One.xcconfig"])
        _ = try linter.findings(paths: ["Two.xcconfig"])
        #expect(linter.lintFiles!.paths == ["/example/One.xcconfig", "/example/Two.xcconfig"])
        _ = try linter.findings(paths: ["Two.xcconfig", "Three.xcconfig"])
        #expect(linter.lintFiles!.paths == ["/example/Two.xcconfig", "/example/Three.xcconfig"])
    }
}

/// A file edited keeps the parsed values of its unchanged assignments, and only those.
@Suite struct LintFileReuseTests {
    static func file(_ text: String, reusing earlier: LintFile? = nil) -> LintFile {
        LintFile(path: "/example/A.xcconfig", tree: XCConfigParser.parse(text), reusing: earlier)
    }

    /// Each value's parse is a fresh parse's (same text and semantics), and `kept` says which
    /// are the earlier file's own objects.
    static func check(_ before: String, _ after: String, kept: [Bool]) {
        let earlier = file(before)
        let edited = file(after, reusing: earlier)
        let fresh = file(after)
        #expect(edited.expressions.map(\.source) == fresh.expressions.map(\.source))
        #expect(edited.expressions.map(\.semantics) == fresh.expressions.map(\.semantics))
        #expect(edited.references.map(\.count) == fresh.references.map(\.count))
        let reused = edited.expressions.map { expression in earlier.expressions.contains { $0 === expression } }
        #expect(reused == kept)
    }

    @Test func aChangedValueIsParsedAgain() {
        Self.check("A = 1\nB = $(A)\nC = 3\n", "A = 1\nB = $(A)x\nC = 3\n", kept: [true, false, true])
    }

    @Test func linesInsertedOrRemovedKeepTheOthers() {
        Self.check("A = 1\nB = $(A)\nC = 3\n", "A = 1\nNEW = 2\nB = $(A)\nC = 3\n", kept: [true, false, true, true])
        Self.check("A = 1\nB = $(A)\nC = 3\n", "A = 1\nC = 3\n", kept: [true, true])
    }

    /// The same text under a name of another type reads differently: a string setting keeps
    /// its quotes, a user-defined (list) one does not.
    @Test func aValueUnderANameOfAnotherTypeIsParsedAgain() {
        Self.check("MY_NAME = \"a b\"\n", "PRODUCT_NAME = \"a b\"\n", kept: [false])
    }
}
