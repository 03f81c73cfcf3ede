import Testing
import XCConfig
@testable import XCConfigCLI

/// Issue 25: `xcconfig format` on the command line: stdout, `--check`, `--in-place`, standard
/// input, and the options file.
@Suite struct FormatCommandTests {
    static let messy = "A=1;\n\n\n  B [sdk=x]   =  2   \n"
    static let canonical = "A = 1\n\nB[sdk=x] = 2\n"

    @Test func printsTheFormattedFile() {
        let fileSystem = workspace(["/work/A.xcconfig": Self.messy])
        let result = runCLI(["format", "A.xcconfig"], fileSystem: fileSystem)
        #expect(result.status == .success)
        #expect(result.stdout == Self.canonical)
        #expect(result.stderr == "")
        // Printing never writes.
        #expect(fileSystem.contentsOfFile("/work/A.xcconfig") == Self.messy)
    }

    @Test func checkListsTheFilesThatWouldChangeAndFails() {
        let fileSystem = workspace(["/work/A.xcconfig": Self.messy, "/work/Config/B.xcconfig": Self.canonical])
        let failing = runCLI(["format", "--check", "A.xcconfig", "Config/B.xcconfig"], fileSystem: fileSystem)
        #expect(failing.status == .failure)
        #expect(failing.stdout == "A.xcconfig\n")
        let passing = runCLI(["format", "--check", "Config/B.xcconfig"], fileSystem: fileSystem)
        #expect(passing.status == .success)
        #expect(passing.stdout == "")
        #expect(fileSystem.writtenPaths.isEmpty)
    }

    @Test func inPlaceRewritesOnlyWhatChanges() {
        let fileSystem = workspace(["/work/A.xcconfig": Self.messy, "/work/B.xcconfig": Self.canonical])
        let result = runCLI(["format", "--in-place", "A.xcconfig", "B.xcconfig"], fileSystem: fileSystem)
        #expect(result.status == .success)
        #expect(result.stdout == "")
        #expect(fileSystem.contentsOfFile("/work/A.xcconfig") == Self.canonical)
        #expect(fileSystem.writtenPaths == ["/work/A.xcconfig"])
        #expect(runCLI(["format", "--check", "A.xcconfig"], fileSystem: fileSystem).status == .success)
    }

    @Test func standardInputToStandardOutput() {
        let fileSystem = workspace(["/dev/stdin": Self.messy])
        for arguments in [["format"], ["format", "-"]] {
            let result = runCLI(arguments, fileSystem: fileSystem)
            #expect(result.status == .success)
            #expect(result.stdout == Self.canonical)
        }
        let check = runCLI(["format", "--check", "-"], fileSystem: fileSystem)
        #expect(check.status == .failure)
        #expect(check.stdout == "<stdin>\n")
    }

    @Test func inPlaceNeedsAFile() {
        let result = runCLI(["format", "--in-place"], fileSystem: workspace(["/dev/stdin": Self.messy]))
        #expect(result.status == .usageError)
        #expect(result.stderr.hasPrefix("error: --in-place cannot rewrite standard input"))
        #expect(runCLI(["format", "--in-place", "--check", "A.xcconfig"]).status == .usageError)
    }

    @Test func anUnreadableFileIsAnErrorAndTheOthersAreStillFormatted() {
        let fileSystem = workspace(["/work/A.xcconfig": Self.messy])
        let result = runCLI(["format", "Missing.xcconfig", "A.xcconfig"], fileSystem: fileSystem)
        #expect(result.status == .usageError)
        #expect(result.stderr.contains("Missing.xcconfig"))
        #expect(result.stdout == Self.canonical)
    }

    @Test func optionsComeFromTheFormatFileOrTheFlags() {
        let input = "A[config=Debug][sdk=x]=1\nLONG=2\n"
        let aligned = "A[sdk=x][config=Debug] = 1\nLONG" + String(repeating: " ", count: 18) + " = 2\n"
        let fileSystem = workspace([
            "/work/A.xcconfig": input,
            "/work/.xcconfig-format.json": #"{"align_equals": true, "sort_conditions": true}"#,
        ])
        #expect(runCLI(["format", "A.xcconfig"], fileSystem: fileSystem).stdout == aligned)
        let plain = workspace(["/work/A.xcconfig": input])
        #expect(runCLI(["format", "A.xcconfig"], fileSystem: plain).stdout == "A[config=Debug][sdk=x] = 1\nLONG = 2\n")
        #expect(runCLI(["format", "--align-equals", "--sort-conditions", "A.xcconfig"], fileSystem: plain).stdout == aligned)
    }

    @Test func optionsFromTheLintConfigurationsFormatKey() {
        let fileSystem = workspace([
            "/work/A.xcconfig": "A[config=Debug][sdk=x]=1\n",
            "/work/.xcconfig-lint.json": #"{"format": {"sort_conditions": true, "sort": 1}}"#,
        ])
        let result = runCLI(["format", "A.xcconfig"], fileSystem: fileSystem)
        #expect(result.stdout == "A[sdk=x][config=Debug] = 1\n")
        #expect(result.stderr.contains("warning: unknown key 'sort' in 'format'"))
        #expect(result.status == .success)
    }

    @Test func lintAcceptsTheFormatKey() {
        let fileSystem = workspace([
            "/work/A.xcconfig": "A = 1\n",
            "/work/.xcconfig-lint.json": #"{"format": {"align_equals": true}}"#,
        ])
        let result = runCLI(["lint", "A.xcconfig"], fileSystem: fileSystem)
        #expect(result.status == .success)
        #expect(!result.stderr.contains("warning:"))
        let misspelt = workspace([
            "/work/A.xcconfig": "A = 1\n",
            "/work/.xcconfig-lint.json": #"{"format": {"align_equal": true}}"#,
        ])
        #expect(runCLI(["lint", "A.xcconfig"], fileSystem: misspelt).stderr
                .contains("warning: unknown key 'align_equal' in 'format'; did you mean 'align_equals'?"))
    }

    @Test func aBrokenOptionsFileStopsTheCommand() {
        let fileSystem = workspace(["/work/A.xcconfig": "A = 1\n", "/work/.xcconfig-format.json": "[1]"])
        let result = runCLI(["format", "A.xcconfig"], fileSystem: fileSystem)
        #expect(result.status == .usageError)
        #expect(result.stderr.contains("expected a JSON object, found an array"))
    }

    @Test func helpDescribesTheCommand() {
        let help = runCLI(["format", "--help"]).stdout
        #expect(help.contains("--check"))
        #expect(help.contains("--in-place"))
        #expect(help.contains(".xcconfig-format.json"))
        #expect(runCLI(["--help"]).stdout.contains("format"))
    }
}
