import ConformanceSupport
import Foundation
import Testing
import XCConfig
@testable import XCConfigCLI

/// `xcconfig resolve` as cli.md specifies it.
@Suite struct ResolveCommandTests {
    let files = workspace([
        "Config/Base.xcconfig": "OTHER_LDFLAGS = -lz\nPRODUCT_NAME = My App\n",
        "Config/App.xcconfig": """
            #include "Base.xcconfig"
            OTHER_LDFLAGS = $(inherited) -ObjC
            PRODUCT_BUNDLE_IDENTIFIER[sdk=iphoneos*] = com.example.$(PRODUCT_NAME:rfc1034identifier)
            QUOTED = it's "quoted"
            ONLY_RELEASE[config=Release] = yes

            """,
    ])

    @Test func textListsEverySettingSortedWithConditionalOnesEmpty() {
        let result = runCLI(["resolve", "Config/App.xcconfig", "--sdk", "iphoneos17.0"], fileSystem: files)
        #expect(result.status == .success)
        #expect(result.stdout == """
            ONLY_RELEASE = 
            OTHER_LDFLAGS = -lz -ObjC
            PRODUCT_BUNDLE_IDENTIFIER = com.example.My-App
            PRODUCT_NAME = My App
            QUOTED = it's "quoted"

            """)
    }

    @Test func jsonWithProvenanceNamesLevelFileLineColumnAndConditions() throws {
        let result = runCLI(["resolve", "Config/App.xcconfig", "--sdk", "iphoneos17.0", "--format", "json", "--provenance"], fileSystem: files)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: [String: Any]])
        let identifier = try #require(object["PRODUCT_BUNDLE_IDENTIFIER"])
        #expect(identifier["value"] as? String == "com.example.My-App")
        #expect(identifier["level"] as? String == "target-xcconfig")
        #expect(identifier["file"] as? String == "Config/App.xcconfig")
        #expect(identifier["line"] as? Int == 3)
        #expect(identifier["column"] as? Int == 1)
        #expect(identifier["conditions"] as? String == "[sdk=iphoneos*]")
        #expect(object["PRODUCT_NAME"]?["file"] as? String == "Config/Base.xcconfig")
        #expect(object["PRODUCT_NAME"]?["conditions"] == nil)
        // No assignment matches: no location.
        #expect(object["ONLY_RELEASE"]?["value"] as? String == "")
        #expect(object["ONLY_RELEASE"]?["file"] == nil)
    }

    @Test func envOutputQuotesForAPOSIXShell() {
        let result = runCLI(["resolve", "Config/App.xcconfig", "--format", "env"], fileSystem: files)
        #expect(result.stdout.contains("export QUOTED='it'\\''s \"quoted\"'\n"))
        #expect(result.stdout.contains("export PRODUCT_NAME='My App'\n"))
    }

    @Test func printGivesRawValuesAndFailsForUnassignedNames() {
        let found = runCLI(["resolve", "Config/App.xcconfig", "--print", "PRODUCT_NAME", "--print", "OTHER_LDFLAGS"], fileSystem: files)
        #expect(found.status == .success)
        #expect(found.stdout == "My App\n-lz -ObjC\n")
        let missing = runCLI(["resolve", "Config/App.xcconfig", "--print", "PRODUCT_NAMEE"], fileSystem: files)
        #expect(missing.status == .failure)
        #expect(missing.stdout.isEmpty)
        #expect(missing.stderr.contains("'PRODUCT_NAMEE' is not assigned at any level"))
    }

    @Test func contextBindingsAreListedOnlyWithAll() {
        let plain = runCLI(["resolve", "Config/App.xcconfig", "-c", "Release"], fileSystem: files)
        #expect(!plain.stdout.contains("CONFIGURATION"))
        #expect(plain.stdout.contains("ONLY_RELEASE = yes"))
        let all = runCLI(["resolve", "Config/App.xcconfig", "-c", "Release", "--all"], fileSystem: files)
        #expect(all.stdout.contains("CONFIGURATION = Release\n"))
    }

    @Test func commandLineOverridesBeatFilesAndInheritFromThem() {
        let result = runCLI(["resolve", "Config/App.xcconfig", "OTHER_LDFLAGS=$(inherited) -v", "--set", "PRODUCT_NAME=Other"], fileSystem: files)
        #expect(result.stdout.contains("OTHER_LDFLAGS = -lz -ObjC -v\n"))
        #expect(result.stdout.contains("PRODUCT_NAME = Other\n"))
    }

    @Test func levelsShowEachLevelsOwnValueWithTheWinner() throws {
        let result = runCLI(["resolve", "Config/App.xcconfig", "PRODUCT_NAME=Override", "--levels", "--format", "json"], fileSystem: files)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: [String: Any]])
        let name = try #require(object["PRODUCT_NAME"])
        #expect(name["value"] as? String == "Override")
        #expect(name["winner"] as? String == "command-line")
        #expect(name["levels"] as? [String: String] == ["target-xcconfig": "My App", "command-line": "Override"])
    }

    @Test func xcodeXCConfigFileEnvironmentVariableIsTheTopLevel() {
        files.addFile("/work/env.xcconfig", "PRODUCT_NAME = From Env\n")
        let result = runCLI(["resolve", "Config/App.xcconfig", "PRODUCT_NAME=CLI", "--print", "PRODUCT_NAME"], fileSystem: files,
                            environment: ["XCODE_XCCONFIG_FILE": "/work/env.xcconfig"])
        #expect(result.stdout == "From Env\n")
        let missing = runCLI(["resolve", "Config/App.xcconfig"], fileSystem: files, environment: ["XCODE_XCCONFIG_FILE": "/work/none.xcconfig"])
        #expect(missing.status == .failure)
        #expect(missing.stderr.contains("Unable to open file '/work/none.xcconfig' referenced by XCODE_XCCONFIG_FILE environment variable."))
    }

    @Test func environmentLevelOnlyWithEnv() {
        let result = runCLI(["resolve", "Config/App.xcconfig", "--env", "--all", "--print", "HOME"], fileSystem: files, environment: ["HOME": "/home/dev"])
        #expect(result.stdout == "/home/dev\n")
        let without = runCLI(["resolve", "Config/App.xcconfig", "--print", "HOME"], fileSystem: files, environment: ["HOME": "/home/dev"])
        #expect(without.status == .failure)
    }

    @Test func syntaxErrorsAndMissingIncludesAreReportedWithStatusOneAndOutputStillPrinted() {
        let broken = workspace(["App.xcconfig": "A = 1\nB += 2\n#include \"Missing.xcconfig\"\n"])
        let result = runCLI(["resolve", "App.xcconfig"], fileSystem: broken)
        #expect(result.status == .failure)
        #expect(result.stdout == "A = 1\n")
        #expect(result.stderr.contains("App.xcconfig:2:3: error: expected a ‘=’, but found +"))
        #expect(result.stderr.contains("App.xcconfig:3:"))
        #expect(result.stderr.contains("error: could not find included file 'Missing.xcconfig' in search paths"))
    }

    @Test func unreadableRootFileIsStatusTwo() {
        let result = runCLI(["resolve", "Nope.xcconfig"], fileSystem: files)
        #expect(result.status == .usageError)
        #expect(result.stderr.contains("Nope.xcconfig"))
        files.addDirectory("/work/Folder.xcconfig")
        #expect(runCLI(["resolve", "Folder.xcconfig"], fileSystem: files).status == .usageError)
    }

    @Test func binaryGarbageIsReportedNotFatal() {
        var numbers = SeededNumbers(seed: 0x9E3779B97F4A7C15)
        let bytes = (0..<4_096).map { _ in UInt8(numbers.next(256)) }
        files.addFile("/work/garbage.xcconfig", bytes: bytes)
        let result = runCLI(["resolve", "garbage.xcconfig"], fileSystem: files)
        #expect(result.status == .failure || result.status == .success)
        #expect(!result.stderr.isEmpty)
    }

    @Test func xcconfigFormatEscapesWhatXcodeWouldCutOrTrim() {
        #expect(ResolveOutput.xcconfigLiteral("https://x", for: "MY_URL") == "https:/$()/x")
        #expect(ResolveOutput.xcconfigLiteral(" padded ", for: "MY_VALUE") == "$() padded $()")
        #expect(ResolveOutput.xcconfigLiteral("a;", for: "MY_VALUE") == "a;$()")
        #expect(ResolveOutput.xcconfigLiteral("$(X)", for: "PRODUCT_NAME") == "$$(X)")
        #expect(ResolveOutput.xcconfigLiteral("\\$(X)", for: "MY_LIST") == "\\$(X)")
        #expect(ResolveOutput.xcconfigLiteral("dir\\", for: "MY_LIST") == "dir\\\\\n")
    }
}

/// `xcconfig explain NAME`.
@Suite struct ExplainCommandTests {
    let files = workspace([
        "Base.xcconfig": "OTHER_LDFLAGS = -lz\nFLAG = base\n",
        "App.xcconfig": """
            #include "Base.xcconfig"
            OTHER_LDFLAGS[config=Release] = -dead_strip
            OTHER_LDFLAGS = $(inherited) -l$(FLAG)

            """,
    ])

    @Test func textShowsEveryAssignmentHighestFirstWithTheWinnerAndReferences() {
        let result = runCLI(["explain", "OTHER_LDFLAGS", "App.xcconfig", "-c", "Debug"], fileSystem: files)
        #expect(result.status == .success)
        #expect(result.stdout == """
            OTHER_LDFLAGS = -lz -lbase

            Assignments, highest precedence first:
            * target-xcconfig  App.xcconfig:3:1
                  raw:   $(inherited) -l$(FLAG)
                  value: -lz -lbase
                  OTHER_LDFLAGS = -lz    <- target-xcconfig Base.xcconfig:1:1
                  FLAG = base    <- target-xcconfig Base.xcconfig:2:1
              target-xcconfig  App.xcconfig:2:1  [config=Release] (does not match)
                  raw:   -dead_strip
              target-xcconfig  Base.xcconfig:1:1
                  raw:   -lz
                  value: -lz  (shadowed)

            """)
    }

    @Test func jsonGivesTheSameAsData() throws {
        let result = runCLI(["explain", "OTHER_LDFLAGS", "App.xcconfig", "-c", "Release", "--format", "json"], fileSystem: files)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(object["value"] as? String == "-dead_strip -lbase")
        let assignments = try #require(object["assignments"] as? [[String: Any]])
        #expect(assignments.count == 3)
        #expect(assignments[0]["winner"] as? Bool == true)
        #expect(assignments[1]["matches"] as? Bool == true)
        #expect(assignments[1]["contribution"] as? String == "-dead_strip")
        let references = try #require(assignments[0]["references"] as? [[String: Any]])
        #expect(references.first?["value"] as? String == "-dead_strip")
    }

    @Test func unknownSettingIsStatusOne() {
        let result = runCLI(["explain", "NOPE", "App.xcconfig"], fileSystem: files)
        #expect(result.status == .failure)
        #expect(result.stderr.contains("'NOPE' is not assigned at any level"))
    }
}

/// `parse` finds includes as `resolve` does.
@Suite struct ParseIncludeSearchTests {
    @Test func searchPathsResolveIncludesForTheJSONTree() throws {
        let files = workspace([
            "App.xcconfig": "#include \"Shared.xcconfig\"\n",
            "/shared/Shared.xcconfig": "A = 1\n",
        ])
        let without = runCLI(["parse", "App.xcconfig"], fileSystem: files)
        #expect(without.status == .failure)
        let with = runCLI(["parse", "App.xcconfig", "-I", "/shared"], fileSystem: files)
        #expect(with.status == .success)
        #expect(with.stdout.contains("\"resolvedPath\": \"/shared/Shared.xcconfig\""))
    }
}

@Suite struct EnvironmentLevelTests {
    @Test func environmentValuesAreLiteral() {
        let files = workspace(["App.xcconfig": "GREETING = $(inherited) world\n"])
        let result = runCLI(["resolve", "App.xcconfig", "--env", "--print", "GREETING"], fileSystem: files,
                            environment: ["GREETING": "cost $(HOME) $5"])
        #expect(result.stdout == "cost $(HOME) $5 world\n")
    }
}
