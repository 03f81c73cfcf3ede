import Testing
@testable import XCConfigCLI

@Suite struct ArgumentParsingTests {
    static var configuration: CommandConfiguration { CommandConfiguration(
        name: "test", abstract: "A command for tests.",
        options: [
            .value("format", valueName: "format", allowed: ["text", "json"], default: "text", help: "Format."),
            .value("search-path", short: "I", valueName: "dir", repeatable: true, help: "Search."),
            .value("configuration", short: "c", valueName: "name", help: "Configuration."),
            .flag("strict", short: "s", help: "Strict."),
            .flag("all", short: "a", help: "All."),
            OptionSpec(long: "set", kind: .value(name: "setting"), isRepeatable: true, help: "Set.", isOverride: true),
        ],
        positionals: [PositionalSpec("file", help: "Files.", isOptional: true, isRepeatable: true)],
        acceptsOverrides: true
    ) }

    func parse(_ arguments: [String]) throws -> ParsedArguments {
        try ArgumentParser.parse(arguments, for: Self.configuration)
    }

    @Test func valuesAreTakenBothWays() throws {
        #expect(try parse(["--format", "json"]).value("format") == "json")
        #expect(try parse(["--format=json"]).value("format") == "json")
        #expect(try parse([]).value("format") == "text")
        #expect(try parse(["-c", "Debug"]).value("configuration") == "Debug")
        #expect(try parse(["-cRelease"]).value("configuration") == "Release")
    }

    @Test func repeatableOptionsKeepEveryValueInOrder() throws {
        let arguments = try parse(["-I", "a", "--search-path=b", "-Ic"])
        #expect(arguments.values("search-path") == ["a", "b", "c"])
    }

    @Test func aNonRepeatableOptionKeepsItsLastValue() throws {
        #expect(try parse(["-c", "Debug", "-c", "Release"]).value("configuration") == "Release")
    }

    @Test func flagsAndCombinedShortFlags() throws {
        let arguments = try parse(["-sa"])
        #expect(arguments.flag("strict") && arguments.flag("all"))
        #expect(try parse(["x"]).flag("strict") == false)
    }

    @Test func settingAssignmentsAreOverrides() throws {
        let arguments = try parse(["App.xcconfig", "A=1", "B[sdk=iphoneos*][arch=arm64]=x=y", "C=", "--set", "D=4"])
        #expect(arguments.positionals == ["App.xcconfig"])
        #expect(arguments.overrides == [
            CommandLineOverride(key: "A", name: "A", conditions: "", value: "1"),
            CommandLineOverride(key: "B[sdk=iphoneos*][arch=arm64]", name: "B", conditions: "[sdk=iphoneos*][arch=arm64]", value: "x=y"),
            CommandLineOverride(key: "C", name: "C", conditions: "", value: ""),
            CommandLineOverride(key: "D", name: "D", conditions: "", value: "4"),
        ])
    }

    @Test func argumentsWhoseLeftSideIsNoSettingNameArePositionals() throws {
        #expect(try parse(["dir/a=b.xcconfig", "1A=2", "A[sdk=x=1", "-"]).positionals == ["dir/a=b.xcconfig", "1A=2", "A[sdk=x=1", "-"])
    }

    @Test func everythingAfterTheTerminatorIsPositional() throws {
        let arguments = try parse(["--", "--strict", "A=1"])
        #expect(arguments.positionals == ["--strict", "A=1"])
        #expect(arguments.flag("strict") == false)
        #expect(arguments.overrides.isEmpty)
    }

    @Test func overridesArePositionalsForCommandsThatTakeNone() throws {
        var configuration = Self.configuration
        configuration.acceptsOverrides = false
        #expect(try ArgumentParser.parse(["A=1"], for: configuration).positionals == ["A=1"])
    }

    @Test(arguments: [
        (["--bogus"], "Unknown option '--bogus'"),
        (["--bogus=1"], "Unknown option '--bogus'"),
        (["-x"], "Unknown option '-x'"),
        (["-sx"], "Unknown option '-x'"),
        (["--format"], "Missing value for '--format <format>'"),
        (["--format", "--strict"], "Missing value for '--format <format>'"),
        (["-I"], "Missing value for '--search-path <dir>'"),
        (["--format=yaml"], "The value 'yaml' is invalid for '--format <format>'. Please provide one of 'text', 'json'."),
        (["--strict=yes"], "The flag '--strict' does not take a value"),
        (["--set", "nope"], "The value 'nope' is invalid for '--set <setting>': expected NAME=VALUE."),
    ])
    func usageErrors(arguments: [String], message: String) {
        #expect(throws: UsageError(message)) { try parse(arguments) }
    }

    @Test func missingAndUnexpectedPositionals() throws {
        let configuration = CommandConfiguration(
            name: "one", abstract: "", positionals: [PositionalSpec("file", help: "")]
        )
        #expect(throws: UsageError("Missing expected argument '<file>'")) { try ArgumentParser.parse([], for: configuration) }
        #expect(throws: UsageError("Unexpected argument 'b'")) { try ArgumentParser.parse(["a", "b"], for: configuration) }
        #expect(try ArgumentParser.parse(["a"], for: configuration).positional("file") == "a")
    }

    @Test func anOptionValueMayStartWithADash() throws {
        #expect(try parse(["-c", "-"]).value("configuration") == "-")
        #expect(try parse(["--configuration", "-Debug"]).value("configuration") == "-Debug")
    }

    @Test func overrideParsing() {
        #expect(CommandLineOverride.parse("A_1=x")?.name == "A_1")
        #expect(CommandLineOverride.parse("_A=x")?.value == "x")
        #expect(CommandLineOverride.parse("=x") == nil)
        #expect(CommandLineOverride.parse("A") == nil)
        #expect(CommandLineOverride.parse("A-B=x") == nil)
        #expect(CommandLineOverride.parse("A[x]y=1") == nil)
        #expect(CommandLineOverride.parse("A[]=1")?.conditions == "[]")
    }
}

@Suite struct UsageErrorOutputTests {
    @Test func unknownOptionPrintsErrorAndUsageWithStatus2() {
        let result = runCLI(["parse", "a.xcconfig", "--x"])
        #expect(result.status == .usageError)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == """
            error: Unknown option '--x'
            Usage: xcconfig parse <file> [<options>]
              See 'xcconfig parse --help' for more information.

            """)
    }

    @Test func missingArgumentIsStatus2() {
        let result = runCLI(["parse"])
        #expect(result.status == .usageError)
        #expect(result.stderr.hasPrefix("error: Missing expected argument '<file>'\nUsage: xcconfig parse"))
    }

    @Test func unknownCommandIsStatus2() {
        let result = runCLI(["frobnicate"])
        #expect(result.status == .usageError)
        #expect(result.stderr.hasPrefix("error: Unknown command 'frobnicate'\n"))
    }

    @Test func unknownTopLevelOptionIsStatus2() {
        let result = runCLI(["--frob", "parse"])
        #expect(result.status == .usageError)
        #expect(result.stderr.hasPrefix("error: Unknown option '--frob'\n"))
    }

    @Test func colorIsAcceptedBeforeAndAfterTheCommand() {
        let fileSystem = workspace(["a.xcconfig": "A = 1\n"])
        #expect(runCLI(["--color", "never", "parse", "a.xcconfig"], fileSystem: fileSystem).status == .success)
        #expect(runCLI(["parse", "a.xcconfig", "--color=always"], fileSystem: fileSystem).status == .success)
        #expect(runCLI(["parse", "a.xcconfig", "--color=sometimes"], fileSystem: fileSystem).status == .usageError)
    }
}
