import Testing
@testable import XCConfigCLI

@Suite struct HelpTests {
    @Test func topLevelHelpListsSubcommandsOptionsAndLimits() {
        let result = runCLI(["--help"])
        #expect(result.status == .success)
        #expect(result.stderr.isEmpty)
        #expect(result.stdout.hasPrefix("OVERVIEW: "))
        #expect(result.stdout.contains("\nUSAGE: xcconfig <subcommand>\n"))
        #expect(result.stdout.contains("\nSUBCOMMANDS:\n  resolve "))
        #expect(result.stdout.contains("\n  parse                   Print the syntax tree of a configuration file.\n"))
        #expect(result.stdout.contains("  -V, --version           Show the version (also: xcconfig version).\n"))
        #expect(result.stdout.contains("  -h, --help              Show help information.\n"))
        #expect(result.stdout.contains("Files up to 64 MiB, evaluated values up to 16 MiB, 100,000 resolved includes"))
    }

    @Test func noArgumentsPrintsTheTopLevelHelp() {
        #expect(runCLI([]).stdout == runCLI(["--help"]).stdout)
        #expect(runCLI(["help"]).stdout == runCLI(["-h"]).stdout)
    }

    @Test func commandHelpIsTheSameEveryWayItIsAskedFor() {
        let help = runCLI(["parse", "--help"])
        #expect(help.status == .success)
        #expect(runCLI(["help", "parse"]).stdout == help.stdout)
        #expect(runCLI(["parse", "-h"]).stdout == help.stdout)
        // --help wins over any other mistake on the line, as in swift-argument-parser.
        #expect(runCLI(["parse", "--bogus", "--help"]).stdout == help.stdout)
    }

    @Test func commandHelpHasUsageArgumentsAndGroupedOptions() {
        let help = runCLI(["parse", "--help"]).stdout
        #expect(help.contains("\nUSAGE: xcconfig parse <file> [<options>]\n"))
        #expect(help.contains("\nARGUMENTS:\n  <file>                  The configuration file to parse.\n"))
        #expect(help.contains("\nOPTIONS:\n  --format <format>       The output format. (values: json, xcconfig; default:\n                          json)\n"))
        #expect(help.contains("LIMITS:"))
    }

    @Test func helpLinesFitIn80Columns() {
        for command in CommandLineTool.commands {
            let help = runCLI(["help", command.configuration.name]).stdout
            for line in help.split(separator: "\n") {
                #expect(line.count <= 80, "\(command.configuration.name): \(line)")
            }
        }
    }

    @Test func everyRegisteredCommandHasAUniqueNameAndItsOwnHelp() {
        let names = CommandLineTool.commands.map { $0.configuration.name }
        #expect(Set(names).count == names.count)
        for name in names {
            #expect(runCLI([name, "--help"]).stdout.contains("USAGE: xcconfig \(name)"))
        }
    }

    @Test func versionIsPrintedAlone() {
        let result = runCLI(["--version"])
        #expect(result.status == .success)
        #expect(result.stdout == xcconfigVersion + "\n")
    }

    @Test func helpForAnUnknownCommandIsAUsageError() {
        let result = runCLI(["help", "frobnicate"])
        #expect(result.status == .usageError)
        #expect(result.stderr.hasPrefix("error: Unknown command 'frobnicate'\nUsage: xcconfig <subcommand>\n"))
    }
}

/// A command using the shared option tables, to check their help renders well.
private enum SharedOptionsCommand: Command {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            name: "shared", abstract: "Uses the shared tables.",
            options: OptionSpec.evaluationContext + OptionSpec.levels + [.flag("strict", help: "Strict.")],
            positionals: [PositionalSpec("file", help: "Files.", isOptional: true, isRepeatable: true)],
            acceptsOverrides: true
        )
    }
}

@Suite struct SharedOptionsTests {
    @Test func helpGroupsTheSharedOptionsAndFitsIn80Columns() {
        let help = HelpFormatter.help(for: [SharedOptionsCommand.self])
        #expect(help.contains("\nCONTEXT OPTIONS:\n  -c, --configuration <name>\n"))
        #expect(help.contains("\nLEVEL OPTIONS:\n"))
        #expect(help.contains("\nOPTIONS:\n  --strict "))
        #expect(help.contains("USAGE: xcconfig shared [<file> ...] [<NAME[cond]=VALUE> ...] [<options>]\n"))
        for line in help.split(separator: "\n") {
            #expect(line.count <= 80, "\(line)")
        }
    }

    @Test func setIsAnOverride() throws {
        let arguments = try ArgumentParser.parse(["--set", "A[sdk=x]=1", "B=2", "-I", "inc"], for: SharedOptionsCommand.configuration)
        #expect(arguments.overrides.map(\.key) == ["A[sdk=x]", "B"])
        #expect(arguments.values("search-path") == ["inc"])
    }
}
