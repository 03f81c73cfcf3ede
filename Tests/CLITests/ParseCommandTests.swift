import Testing
import XCConfig
@testable import XCConfigCLI

@Suite struct ParseCommandTests {
    @Test func printsTheTreeAsJSON() throws {
        let fileSystem = workspace([
            "Config/App.xcconfig": "// App\nA[sdk=iphoneos*] = 1 // c\n#include? \"Base\"\n\n",
            "Config/Base.xcconfig": "B = 2\n",
        ])
        let result = runCLI(["parse", "Config/App.xcconfig", "--format", "json"], fileSystem: fileSystem)
        #expect(result.status == .success)
        #expect(result.stderr.isEmpty)
        let expected: JSONValue = [
            "file": "Config/App.xcconfig",
            "statements": [
                // Issue 21 item 16: comment text, trailing comments and the parts' ranges (columns
                // counted by hand from the input above; ends just past the last byte).
                ["kind": "comment", "line": 1, "column": 1, "endLine": 2, "endColumn": 1, "text": "// App"],
                [
                    "kind": "assignment", "line": 2, "column": 1, "endLine": 3, "endColumn": 1, "name": "A",
                    "nameRange": ["line": 2, "column": 1, "endLine": 2, "endColumn": 2],
                    "conditions": [[
                        "parameter": "sdk", "pattern": "iphoneos*",
                        "range": ["line": 2, "column": 2, "endLine": 2, "endColumn": 17],
                    ]],
                    "value": "1",
                    "valueRange": ["line": 2, "column": 20, "endLine": 2, "endColumn": 21],
                    "comments": [["text": "// c", "range": ["line": 2, "column": 22, "endLine": 2, "endColumn": 26]]],
                ],
                [
                    "kind": "include", "line": 3, "column": 1, "endLine": 4, "endColumn": 1, "path": "Base",
                    "pathRange": ["line": 3, "column": 12, "endLine": 3, "endColumn": 16],
                    "optional": true, "resolvedPath": "Config/Base.xcconfig", "comments": [],
                ],
                ["kind": "blank", "line": 4, "column": 1, "endLine": 5, "endColumn": 1],
            ],
            "diagnostics": [],
        ]
        #expect(result.stdout == expected.serialized() + "\n")
    }

    @Test func jsonIsTheDefaultFormat() {
        let fileSystem = workspace(["a.xcconfig": "A = 1\n"])
        #expect(runCLI(["parse", "a.xcconfig"], fileSystem: fileSystem).stdout
            == runCLI(["parse", "--format=json", "a.xcconfig"], fileSystem: fileSystem).stdout)
    }

    @Test func noIncludesLeavesIncludesUnresolved() throws {
        let fileSystem = workspace(["a.xcconfig": "#include \"b\"\n", "b.xcconfig": ""])
        let result = runCLI(["parse", "a.xcconfig", "--no-includes"], fileSystem: fileSystem)
        let json = try JSONValue.parse(result.stdout)
        #expect(json["statements"]?.arrayValue?.first?["resolvedPath"] == nil)
        #expect(json["statements"]?.arrayValue?.first?["path"] == "b")
        #expect(result.status == .success)
    }

    @Test func aMissingIncludeIsAnErrorDiagnosticWithStatus1() throws {
        let fileSystem = workspace(["a.xcconfig": "#include \"missing.xcconfig\"\nA = 1\n"])
        let result = runCLI(["parse", "a.xcconfig"], fileSystem: fileSystem)
        #expect(result.status == .failure)
        #expect(result.stderr.hasPrefix("a.xcconfig:1:"))
        #expect(result.stderr.contains(": error: "))
        let json = try JSONValue.parse(result.stdout)
        #expect(json["diagnostics"]?.arrayValue?.count == 1)
        #expect(json["diagnostics"]?.arrayValue?.first?["severity"] == "error")
    }

    @Test func syntaxErrorsGiveStatus1AndStillPrintTheTree() throws {
        let fileSystem = workspace(["a.xcconfig": "A = 1\n#bogus\n"])
        let result = runCLI(["parse", "a.xcconfig", "--no-includes"], fileSystem: fileSystem)
        #expect(result.status == .failure)
        #expect(result.stderr.hasPrefix("a.xcconfig:2:"))
        let json = try JSONValue.parse(result.stdout)
        #expect(json["statements"]?.arrayValue?[1]["kind"] == "invalid")
        #expect(json["diagnostics"]?.arrayValue?.first?["line"] == 2)
    }

    @Test(arguments: [
        "A = 1\n",
        "A = 1",
        "A = 1\r\nB = 2\rC = 3\u{2028}D = 4\u{2029}",
        "\u{FEFF}A = 1\n",
        "A = a \\\n  b // c\n  ;\n",
        "#include \"x\" junk\n[bad\n = \n",
        "",
    ])
    func xcconfigFormatIsByteIdentical(input: String) {
        let fileSystem = workspace(["a.xcconfig": input])
        let result = runCLI(["parse", "a.xcconfig", "--format", "xcconfig"], fileSystem: fileSystem)
        #expect(result.stdoutBytes == Array(input.utf8))
    }

    @Test func binaryGarbageIsParsedWithoutCrashing() throws {
        var generator = SystemRandomNumberGenerator()
        let garbage = (0..<4096).map { _ in UInt8.random(in: 0...255, using: &generator) }
        let fileSystem = InMemoryFileSystem(currentDirectory: "/work")
        fileSystem.addFile("/work/bin.xcconfig", bytes: garbage)
        let xcconfig = runCLI(["parse", "bin.xcconfig", "--format", "xcconfig", "--no-includes"], fileSystem: fileSystem)
        #expect(xcconfig.stdoutBytes == garbage)
        let json = runCLI(["parse", "bin.xcconfig", "--no-includes"], fileSystem: fileSystem)
        #expect(throws: Never.self) { try JSONValue.parse(json.stdout) }
        #expect(json.status != .usageError)
        // Every diagnostic is one line: no raw control characters leak into stderr.
        for line in json.stderr.split(separator: "\n") {
            #expect(line.hasPrefix("bin.xcconfig:"))
        }
    }

    @Test func aTenMegabyteLineIsHandled() throws {
        let line = "A = " + String(repeating: "x", count: 10 * 1024 * 1024) + "\n"
        let fileSystem = workspace(["big.xcconfig": line])
        let xcconfig = runCLI(["parse", "big.xcconfig", "--format", "xcconfig"], fileSystem: fileSystem)
        #expect(xcconfig.status == .success)
        #expect(xcconfig.stdoutBytes.count == line.utf8.count)
        let json = runCLI(["parse", "big.xcconfig"], fileSystem: fileSystem)
        #expect(json.status == .success)
        #expect(try JSONValue.parse(json.stdout)["statements"]?.arrayValue?.first?["value"]?.stringValue?.utf8.count == 10 * 1024 * 1024)
    }

    @Test func aMissingFileIsOneLineAndStatus2() {
        let result = runCLI(["parse", "missing.xcconfig"])
        #expect(result.status == .usageError)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == "error: no such file: 'missing.xcconfig'\n")
    }

    @Test func aDirectoryIsOneLineAndStatus2() {
        let fileSystem = workspace(["Config/a.xcconfig": ""])
        for flags in [[], ["--no-includes"]] {
            let result = runCLI(["parse", "Config"] + flags, fileSystem: fileSystem)
            #expect(result.status == .usageError)
            #expect(result.stderr == "error: 'Config' is a directory\n")
        }
    }

    @Test func anUnreadableFileIsStatus2() {
        let fileSystem = workspace(["a.xcconfig": "A = 1\n"])
        fileSystem.setPermissions(0o000, of: "/work/a.xcconfig")
        let result = runCLI(["parse", "a.xcconfig"], fileSystem: fileSystem)
        #expect(result.status == .usageError)
        #expect(result.stderr == "error: permission denied: 'a.xcconfig'\n")
    }

    @Test func aFileOverTheLimitIsStatus2() {
        let fileSystem = InMemoryFileSystem(currentDirectory: "/work")
        fileSystem.addFile("/work/huge.xcconfig", bytes: [UInt8](repeating: 0x0A, count: Limits.maximumFileSize + 1))
        let result = runCLI(["parse", "huge.xcconfig", "--no-includes"], fileSystem: fileSystem)
        #expect(result.status == .usageError)
        #expect(result.stderr == "error: 'huge.xcconfig' is larger than 64 MiB\n")
    }

    @Test func aFileOutsideTheCurrentDirectoryIsShownAbsolute() throws {
        let fileSystem = workspace(["/elsewhere/a.xcconfig": "A = 1\n"])
        let result = runCLI(["parse", "/elsewhere/a.xcconfig"], fileSystem: fileSystem)
        #expect(try JSONValue.parse(result.stdout)["file"] == "/elsewhere/a.xcconfig")
    }
}
