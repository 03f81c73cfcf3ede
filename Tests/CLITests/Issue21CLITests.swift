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
