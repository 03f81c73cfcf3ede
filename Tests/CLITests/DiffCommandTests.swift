import Foundation
import Testing
import XCConfig
import XCConfigLint
@testable import XCConfigCLI

/// `xcconfig diff` between two files, configurations and SDKs, in memory: the shape of each
/// format, the filters and the exit status.
@Suite struct DiffCommandTests {
    static let files = workspace([
        "/work/Old.xcconfig": "#include \"Shared.xcconfig\"\nSWIFT_VERSION = 5.0\nGONE = 1\n",
        "/work/New.xcconfig": "#include \"Shared.xcconfig\"\n// newer\nSWIFT_VERSION = 6.0\nADDED = a|b\n",
        "/work/Shared.xcconfig": "PRODUCT_NAME = App\nOPT = -O0\nOPT[config=Release] = -O\nARCHS[sdk=iphonesimulator*] = x86_64\nARCHS[sdk=iphoneos*] = arm64\n",
    ])

    @Test func textShowsEachSideWithTheAssignmentThatProducedIt() {
        let result = runCLI(["diff", "Old.xcconfig", "New.xcconfig"], fileSystem: Self.files)
        #expect(result.status == .success, "\(result.stderr)")
        #expect(result.stdout == """
            --- Old.xcconfig
            +++ New.xcconfig
            + ADDED = a|b    (added)
                  target-xcconfig New.xcconfig:4:1
            - GONE = 1    (removed)
                  target-xcconfig Old.xcconfig:3:1
            - SWIFT_VERSION = 5.0
                  target-xcconfig Old.xcconfig:2:1
            + SWIFT_VERSION = 6.0
                  target-xcconfig New.xcconfig:3:1

            """)
    }

    @Test func textIsColouredOnlyWhenAsked() {
        let coloured = runCLI(["diff", "Old.xcconfig", "New.xcconfig", "--only", "GONE", "--color", "always"], fileSystem: Self.files)
        #expect(coloured.stdout == "\u{1B}[1m--- Old.xcconfig\u{1B}[0m\n\u{1B}[1m+++ New.xcconfig\u{1B}[0m\n\u{1B}[31m- GONE = 1    (removed)\u{1B}[0m\n      target-xcconfig Old.xcconfig:3:1\n")
        let onTerminal = runCLI(["diff", "Old.xcconfig", "New.xcconfig", "--only", "GONE"], fileSystem: Self.files, terminal: true)
        #expect(onTerminal.stdout.contains("\u{1B}[31m- GONE"))
        let never = runCLI(["diff", "Old.xcconfig", "New.xcconfig", "--only", "GONE", "--color", "never"], fileSystem: Self.files, terminal: true)
        #expect(!never.stdout.contains("\u{1B}"))
    }

    @Test func jsonIsAnArrayOfChangesWithNullForAnAbsentSide() throws {
        let result = runCLI(["diff", "Old.xcconfig", "New.xcconfig", "--format", "json"], fileSystem: Self.files)
        #expect(result.status == .success)
        let items = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        #expect(items.map { $0["name"] as? String } == ["ADDED", "GONE", "SWIFT_VERSION"])
        for item in items {
            #expect(Set(item.keys) == ["target", "configuration", "name", "old", "new", "oldSource", "newSource"])
        }
        #expect(items[0]["old"] is NSNull)
        #expect(items[0]["oldSource"] is NSNull)
        #expect(items[1]["new"] is NSNull)
        let source = try #require(items[2]["newSource"] as? [String: Any])
        #expect(source["file"] as? String == "New.xcconfig")
        #expect(source["line"] as? Int == 3)
        #expect(source["column"] as? Int == 1)
        #expect(source["level"] as? String == "target-xcconfig")
        #expect(items[2]["old"] as? String == "5.0")
        #expect(items[2]["new"] as? String == "6.0")
    }

    @Test func markdownIsATablePerGroupWithPipesEscaped() {
        let result = runCLI(["diff", "Old.xcconfig", "New.xcconfig", "--format", "markdown", "-c", "Debug"], fileSystem: Self.files)
        #expect(result.status == .success)
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.contains("#### Debug: 3 changes"))
        #expect(lines.contains("| Setting | Old | New | Source |"))
        #expect(lines.contains("|---|---|---|---|"))
        #expect(lines.contains("| <code>ADDED</code> | *(absent)* | <code>a&#124;b</code> | <code>New.xcconfig:4:1</code> |"))
        // Every table row has the same four cells.
        for line in lines where line.hasPrefix("| <code>") {
            #expect(line.split(separator: "|", omittingEmptySubsequences: false).count == 6, "\(line)")
        }
    }

    @Test func markdownFoldsLongGroups() {
        let old = (1...12).map { "S\($0) = 1\n" }.joined()
        let new = (1...12).map { "S\($0) = 2\n" }.joined()
        let result = runCLI(["diff", "A.xcconfig", "B.xcconfig", "--format", "markdown"], fileSystem: workspace(["/work/A.xcconfig": old, "/work/B.xcconfig": new]))
        #expect(result.stdout.contains("<details><summary>Settings: 12 changes</summary>\n"))
        #expect(result.stdout.contains("</details>"))
    }

    @Test func markdownSaysSoWhenNothingChanged() {
        let result = runCLI(["diff", "Old.xcconfig", "Old.xcconfig", "--format", "markdown"], fileSystem: Self.files)
        #expect(result.stdout.hasSuffix("No resolved build setting changes.\n"))
    }

    @Test func githubAnnotatesTheLineThatProducedTheNewValue() throws {
        let result = runCLI(["diff", "Old.xcconfig", "New.xcconfig", "--format", "github"], fileSystem: Self.files)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        let pattern = try Regex(#"^::notice( file=[^,:]+,line=\d+,col=\d+,)?( ?)title=[^:,]+::.+$"#)
        for line in lines { #expect(line.wholeMatch(of: pattern) != nil, "\(line)") }
        #expect(lines.contains("::notice file=New.xcconfig,line=3,col=1,title=SWIFT_VERSION changed::SWIFT_VERSION: '5.0' → '6.0'"))
        #expect(lines.contains("::notice title=GONE removed::GONE: '1' → (absent)"))
    }

    /// Issue 33 (friction): `A =` added where nothing set A is no change; the value was empty.
    @Test func anEmptyValueThatWasUnsetBeforeIsNoChange() {
        let fileSystem = workspace(["/work/Old.xcconfig": "B = 1\nC =\n", "/work/New.xcconfig": "A =\nB = 1\n"])
        let result = runCLI(["diff", "Old.xcconfig", "New.xcconfig", "--exit-code"], fileSystem: fileSystem)
        #expect(result.status == .success, "\(result.stdout)")
        #expect(!result.stdout.contains("(added)") && !result.stdout.contains("(removed)"), "\(result.stdout)")
    }

    @Test func githubEscapesWorkflowCommandCharacters() {
        #expect(GitHubReporter.escapeData("50% a\nb") == "50%25 a%0Ab")
        #expect(GitHubReporter.escapeProperty("a:b,c") == "a%3Ab%2Cc")
    }

    @Test func configurationsCompareTheSameInputsInTwoConfigurations() {
        let result = runCLI(["diff", "--configurations", "Debug,Release", "Shared.xcconfig"], fileSystem: Self.files)
        #expect(result.status == .success, "\(result.stderr)")
        #expect(result.stdout.contains("--- Debug\n+++ Release\n"))
        #expect(result.stdout.contains("- OPT = -O0\n"))
        #expect(result.stdout.contains("+ OPT = -O\n      target-xcconfig Shared.xcconfig:3:1 [config=Release]\n"))
        #expect(!result.stdout.contains("PRODUCT_NAME"))
    }

    @Test func configurationsOfAProjectTargetAreCompared() throws {
        let fileSystem = workspace([
            "/work/App.xcodeproj/project.pbxproj": TemporaryRepository.project(targets: ["App", "Widget"]),
            "/work/Config/App.xcconfig": "OPT = -O0\nOPT[config=Release] = -O\n",
        ])
        let result = runCLI(["diff", "--configurations", "Debug,Release", "--project", "App.xcodeproj", "--target", "Widget", "--format", "json"], fileSystem: fileSystem)
        #expect(result.status == .success, "\(result.stderr)")
        let items = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        #expect(items.count == 1)
        #expect(items.first?["target"] as? String == "Widget")
        #expect(items.first?["configuration"] as? String == "Debug → Release")
        #expect(items.first?["name"] as? String == "OPT")
        #expect(items.first?["new"] as? String == "-O")
    }

    @Test func sdksCompareTheSameInputsForTwoSDKs() {
        let result = runCLI(["diff", "--sdks", "iphoneos,iphonesimulator", "Shared.xcconfig", "--format", "json"], fileSystem: Self.files)
        #expect(result.status == .success, "\(result.stderr)")
        #expect(result.stdout.contains("\"old\": \"arm64\""))
        #expect(result.stdout.contains("\"new\": \"x86_64\""))
        #expect(!result.stdout.contains("OPT"))
    }

    @Test func onlyAndIgnoreFilterTheSettings() {
        let only = runCLI(["diff", "Old.xcconfig", "New.xcconfig", "--only", "GONE", "--format", "json"], fileSystem: Self.files)
        #expect(only.stdout.contains("\"GONE\"") && !only.stdout.contains("SWIFT_VERSION") && !only.stdout.contains("ADDED"))
        let ignore = runCLI(["diff", "Old.xcconfig", "New.xcconfig", "--ignore", "SWIFT_*", "--ignore", "GON?", "--format", "json"], fileSystem: Self.files)
        #expect(ignore.stdout.contains("\"ADDED\"") && !ignore.stdout.contains("SWIFT_VERSION") && !ignore.stdout.contains("GONE"))
    }

    @Test func exitCodeIsOneWhenAnythingChanged() {
        #expect(runCLI(["diff", "Old.xcconfig", "New.xcconfig", "--exit-code"], fileSystem: Self.files).status == .failure)
        #expect(runCLI(["diff", "Old.xcconfig", "New.xcconfig"], fileSystem: Self.files).status == .success)
        let same = runCLI(["diff", "Old.xcconfig", "Old.xcconfig", "--exit-code"], fileSystem: Self.files)
        #expect(same.status == .success)
        #expect(same.stdout.isEmpty)
        #expect(runCLI(["diff", "Old.xcconfig", "New.xcconfig", "--only", "PRODUCT_NAME", "--exit-code"], fileSystem: Self.files).status == .success)
    }

    @Test func overridesApplyToBothSides() {
        let result = runCLI(["diff", "Old.xcconfig", "New.xcconfig", "SWIFT_VERSION=6.2", "--exit-code", "--only", "SWIFT_VERSION"], fileSystem: Self.files)
        #expect(result.status == .success)
        #expect(result.stdout.isEmpty)
    }

    @Test func usageMistakesAreStatusTwo() {
        #expect(runCLI(["diff", "Old.xcconfig"], fileSystem: Self.files).status == .usageError)
        #expect(runCLI(["diff", "--configurations", "Debug", "Old.xcconfig"], fileSystem: Self.files).status == .usageError)
        #expect(runCLI(["diff", "--head", "HEAD", "Old.xcconfig"], fileSystem: Self.files).status == .usageError)
        #expect(runCLI(["diff", "Old.xcconfig", "Missing.xcconfig"], fileSystem: Self.files).status == .usageError)
        let combined = runCLI(["diff", "--configurations", "Debug,Release", "--sdks", "a,b", "Old.xcconfig"], fileSystem: Self.files)
        #expect(combined.status == .usageError)
        #expect(combined.stderr.hasPrefix("error: --configurations and --sdks cannot be combined"))
    }

    @Test func helpNamesEveryOption() {
        let help = runCLI(["diff", "--help"]).stdout
        for option in ["--base", "--head", "--configurations", "--sdks", "--format", "--only", "--ignore", "--exit-code", "--project"] {
            #expect(help.contains(option), "diff --help lacks \(option)")
        }
        #expect(help.contains("EXAMPLES:"))
    }
}
