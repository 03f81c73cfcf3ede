import Testing
import XCConfig
@testable import XCConfigCLI

/// Issue 21: command-line behaviour found by trying the tool on real repositories.
@Suite struct Issue21CLITests {
    @Test func resolveStillReportsACaseOnlyMatchAsMissing() {
        // On a case-sensitive volume Xcode cannot find the file either.
        let result = runCLI(["resolve", "A.xcconfig"], fileSystem: workspace([
            "/work/A.xcconfig": "#include \"Version.public.xcconfig\"\n",
            "/work/Version.Public.xcconfig": "VERSION = 1\n",
        ]))
        #expect(result.status == .failure)
        #expect(result.stderr.hasPrefix("A.xcconfig:1:10: error: could not find included file 'Version.public.xcconfig'"))
        #expect(!result.stdout.contains("VERSION"))
    }
}

// MARK: 10. One spelling per concept

extension Issue21CLITests {
    @Test func usageErrorsSayLowercaseError() {
        let result = runCLI(["resolve", "--configration", "Debug"])
        #expect(result.status == .usageError)
        #expect(result.stderr.hasPrefix("error: Unknown option '--configration'"))
        #expect(!result.stderr.contains("Error:"))
    }

    @Test func libraryErrorsAreNotPrefixedTwiceAndPathsAreRelative() {
        let result = runCLI(["resolve", "--project", "Nope.xcodeproj"])
        #expect(result.status == .usageError)
        #expect(result.stderr == "Nope.xcodeproj: error: no Xcode project at 'Nope.xcodeproj'\n")
        let missing = runCLI(["resolve", "sub/Nope.xcconfig"])
        #expect(missing.stderr == "error: no such file: 'sub/Nope.xcconfig'\n")
    }

    @Test func lintAndResolveTakeTarget() {
        let files = ["/work/A.xcconfig": "NAME[target=App] = app\nNAME[target=Kit] = kit\n"]
        let resolve = runCLI(["resolve", "A.xcconfig", "--target", "Kit", "--print", "NAME"], fileSystem: workspace(files))
        #expect(resolve.status == .success)
        #expect(resolve.stdout == "kit\n")
        let lint = runCLI(["lint", "A.xcconfig", "--target", "Kit"], fileSystem: workspace(files))
        #expect(lint.status == .success)
    }
}
