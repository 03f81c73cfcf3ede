import XCConfig

/// The `xcconfig` tool: finds the command, parses its arguments, runs it, prints errors.
public enum CommandLineTool {
    /// Every top-level command, in the order `--help` lists them. A new command is one file
    /// under `Commands/` plus one entry here.
    public static var commands: [any Command.Type] {
        [
            ResolveCommand.self,
            ExplainCommand.self,
            LintCommand.self,
            FormatCommand.self,
            ParseCommand.self,
            ExpandCommand.self,
            LocalCommand.self,
            ProjectCommand.self,
            DiffCommand.self,
            LanguageServerCommand.self,
            CompletionsCommand.self,
            XcodebuildCommand.self,
        ]
    }

    /// Runs one invocation described by `context` and returns its exit status. Never throws and
    /// never exits the process, so tests can call it in-process.
    public static func run(_ context: CommandContext) -> ExitStatus {
        let status = dispatch(context)
        context.standardOutput.flush()
        context.standardError.flush()
        return status
    }

    /// Runs the real process's invocation: its arguments, environment, working directory,
    /// file system and standard streams.
    public static func runProcess() -> Int32 {
        // Run as `xcodebuild` (a link or a copy named so), the tool reads xcodebuild's command line.
        let invokedAsXcodebuild = CommandLine.arguments.first.map { Path.basename($0) == "xcodebuild" } ?? false
        var context = CommandContext(
            arguments: (invokedAsXcodebuild ? ["xcodebuild"] : []) + Array(CommandLine.arguments.dropFirst()),
            currentDirectory: RealFileSystem.processWorkingDirectory(),
            fileSystem: RealFileSystem(),
            standardOutput: .fileDescriptor(1),
            standardError: .fileDescriptor(2, bufferLimit: 0),
            standardOutputIsTerminal: FileDescriptor.isTerminal(1),
            standardErrorIsTerminal: FileDescriptor.isTerminal(2)
        )
        context.environmentSource = .process(ProcessEnvironment())
        // The caller exits with the status at once: nothing built needs freeing.
        context.endsWithProcess = true
        return run(context).rawValue
    }

    private static func dispatch(_ context: CommandContext) -> ExitStatus {
        var context = context
        let arguments = context.arguments
        // Global options before the command name.
        var leadingGlobals: [String] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if argument == "--version" || argument == "-V" {
                context.print(xcconfigVersion)
                return .success
            }
            if argument == "--help" || argument == "-h" {
                context.standardOutput.write(HelpFormatter.topLevelHelp())
                return .success
            }
            if argument == "--color" {
                guard index + 1 < arguments.count else {
                    return topLevelUsageError("Missing value for '--color <when>'", context: context)
                }
                leadingGlobals += [argument, arguments[index + 1]]
                index += 2
            } else if argument.hasPrefix("--color=") {
                leadingGlobals.append(argument)
                index += 1
            } else if argument.hasPrefix("-") {
                return topLevelUsageError("Unknown option '\(argument.split(separator: "=")[0])'", context: context)
            } else {
                break
            }
        }
        guard index < arguments.count else {
            context.standardOutput.write(HelpFormatter.topLevelHelp())
            return .success
        }

        if arguments[index] == "version" {
            context.print(xcconfigVersion)
            return .success
        }
        if arguments[index] == "help" {
            let words = arguments[(index + 1)...].filter { !$0.hasPrefix("-") }
            guard let first = words.first else {
                context.standardOutput.write(HelpFormatter.topLevelHelp())
                return .success
            }
            guard let command = commands.first(where: { $0.configuration.name == first }) else {
                return topLevelUsageError("Unknown command '\(first)'" + commandSuggestion(first), context: context)
            }
            var path: [any Command.Type] = [command]
            for word in words.dropFirst() {
                guard let sub = path.last!.configuration.subcommands.first(where: { $0.configuration.name == word }) else { break }
                path.append(sub)
            }
            context.standardOutput.write(HelpFormatter.help(for: path))
            return .success
        }

        if arguments[index] == "xcodebuild" {
            // xcodebuild's grammar, not this tool's: single-dash words, action words, prefixes.
            let rest = Array(arguments[(index + 1)...])
            if rest == ["--help"] || rest == ["-h"] {
                context.standardOutput.write(HelpFormatter.help(for: [XcodebuildCommand.self]))
                return .success
            }
            return XcodebuildCommand.run(xcodebuildArguments: rest, context: context)
        }
        guard var (command, configuration) = Self.command(named: arguments[index], in: commands) else {
            return topLevelUsageError("Unknown command '\(arguments[index])'" + commandSuggestion(arguments[index]), context: context)
        }
        var path: [any Command.Type] = [command]
        index += 1
        while index < arguments.count, let sub = Self.command(named: arguments[index], in: configuration.subcommands) {
            (command, configuration) = sub
            path.append(command)
            index += 1
        }
        let rest = leadingGlobals + arguments[index...]

        if ArgumentParser.asksForHelp(rest) {
            context.standardOutput.write(HelpFormatter.help(for: path))
            return .success
        }
        if !configuration.subcommands.isEmpty, let word = rest.first(where: { !$0.hasPrefix("-") }) {
            let names = configuration.subcommands.map { $0.configuration.name }
            return usageError(UsageError("Unknown subcommand '\(word)'" + ArgumentParser.didYouMean(word, in: names)), path: path, context: context)
        }

        let parsed: ParsedArguments
        do {
            parsed = try ArgumentParser.parse(Array(rest), for: configuration)
        } catch {
            return usageError(error, path: path, context: context)
        }
        context.colorMode = parsed.value("color").flatMap(ColorMode.init(rawValue:)) ?? .auto

        do {
            return try command.run(parsed, context: context)
        } catch let error as UsageError {
            return usageError(error, path: path, context: context)
        } catch let failure as CommandFailure {
            failure.print(to: context.diagnostics)
            return failure.status
        } catch {
            context.diagnostics.printError("\(error)")
            return .failure
        }
    }

    /// `; did you mean 'resolve'?` for a near miss of a command name (`reslove`), else "".
    private static func commandSuggestion(_ word: String) -> String {
        ArgumentParser.didYouMean(word, in: commands.map { $0.configuration.name } + ["help"])
    }

    /// The command of `commands` named `name`, and its configuration: built once, since it
    /// holds every option and help text of the command.
    private static func command(named name: String, in commands: [any Command.Type]) -> (any Command.Type, CommandConfiguration)? {
        for command in commands {
            let configuration = command.configuration
            if configuration.name == name { return (command, configuration) }
        }
        return nil
    }

    /// Prints a usage mistake (`error: …`, as every other error, then the usage line and a
    /// pointer to `--help`) and returns status 2.
    static func usageError(_ error: UsageError, path: [any Command.Type], context: CommandContext) -> ExitStatus {
        context.standardError.write("""
            error: \(context.diagnostics.relativePaths(in: error.message))
            Usage: \(HelpFormatter.usage(for: path))
              See 'xcconfig \(HelpFormatter.commandName(path)) --help' for more information.

            """)
        return .usageError
    }

    private static func topLevelUsageError(_ message: String, context: CommandContext) -> ExitStatus {
        context.standardError.write("""
            error: \(message)
            Usage: xcconfig <subcommand>
              See 'xcconfig --help' for more information.

            """)
        return .usageError
    }
}
