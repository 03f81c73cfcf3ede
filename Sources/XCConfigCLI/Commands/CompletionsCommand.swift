import XCConfig
import XCConfigLint

/// `xcconfig completions bash|zsh|fish`: a shell completion script generated from the command
/// tables, so it cannot drift from the options. Setting names after `--print` and as
/// `explain`'s NAME come from the catalogue, listed by `xcconfig completions --settings` when
/// the shell asks (a script holding every name would be large and go stale with the tool).
enum CompletionsCommand: Command {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            name: "completions",
            abstract: "Print a shell completion script (bash, zsh or fish).",
            discussion: """
                Commands, subcommands (also from their first letters: project s<TAB>), options and their \
                fixed values are completed, and so are rule names after lint --explain and build \
                setting names after --print and as explain's NAME (from the built-in catalogue).

                EXAMPLES:
                  source <(xcconfig completions bash)                 # bash, e.g. in ~/.bashrc
                  xcconfig completions zsh > ~/.zfunc/_xcconfig       # zsh (bashcompinit)
                  xcconfig completions fish > ~/.config/fish/completions/xcconfig.fish
                """,
            options: [
                .flag("settings", help: "Print every build-setting name of the catalogue, one per line (what the scripts complete from)."),
            ],
            positionals: [PositionalSpec("shell", help: "bash, zsh or fish.", isOptional: true)],
            showsLimits: false
        )
    }

    static let shells = ["bash", "zsh", "fish"]

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitStatus {
        if arguments.flag("settings") {
            context.standardOutput.write(BuildSettingsCatalog.shared.names.sorted().joined(separator: "\n") + "\n")
            return .success
        }
        guard let shell = arguments.positional("shell") else { throw UsageError("Missing expected argument '<shell>' (bash, zsh or fish)") }
        switch shell {
        case "bash": context.standardOutput.write(bash())
        case "zsh": context.standardOutput.write("#compdef xcconfig\nautoload -U +X bashcompinit && bashcompinit\n" + bash())
        case "fish": context.standardOutput.write(fish())
        default:
            let suggestion = ArgumentParser.didYouMean(shell, in: shells)
            throw UsageError("Unknown shell '\(shell)'" + (suggestion.isEmpty ? "; expected bash, zsh or fish" : suggestion))
        }
        return .success
    }

    /// Every command path (`resolve`, `local init`) with its configuration.
    static func commandPaths() -> [(words: [String], configuration: CommandConfiguration)] {
        var result: [(words: [String], configuration: CommandConfiguration)] = []
        for command in CommandLineTool.commands {
            let configuration = command.configuration
            result.append(([configuration.name], configuration))
            for sub in configuration.subcommands {
                result.append(([configuration.name, sub.configuration.name], sub.configuration))
            }
        }
        return result
    }

    /// The values completed after `option` of the command `words[0]`: its fixed values, or
    /// the rule identifiers after `lint --explain`; `nil` for any value (a file, a name).
    static func completedValues(of option: OptionSpec, command: String) -> [String]? {
        if let allowed = option.allowedValues { return allowed }
        if command == "lint", option.long == "explain" { return RuleRegistry.identifiers.sorted() }
        return nil
    }

    static func optionWords(_ configuration: CommandConfiguration) -> [String] {
        (configuration.options + ArgumentParser.globalOptions).flatMap { option in
            ["--" + option.long] + (option.short.map { ["-\($0)"] } ?? [])
        }
    }

    static func bash() -> String {
        let topLevel = CommandLineTool.commands.map { $0.configuration.name } + ["help", "version", "--help", "--version", "-V"]
        var script = """
            # xcconfig completion for bash: source <(xcconfig completions bash)
            _xcconfig() {
                local cur="${COMP_WORDS[COMP_CWORD]}" prev="${COMP_WORDS[COMP_CWORD-1]}"
                local command="${COMP_WORDS[1]}" sub="${COMP_WORDS[2]}" words=""
                if [[ $COMP_CWORD -eq 1 ]]; then
                    COMPREPLY=($(compgen -W "\(topLevel.joined(separator: " "))" -- "$cur"))
                    return
                fi
                if [[ "$prev" == "--print" || ( "$command" == "explain" && $COMP_CWORD -eq 2 && "$cur" != -* ) ]]; then
                    COMPREPLY=($(compgen -W "$(xcconfig completions --settings 2>/dev/null)" -- "$cur"))
                    return
                fi
                case "$command:$prev" in

            """
        // Options with a fixed set of values, per command (its subcommands' together).
        var valueCases: [String: Set<String>] = [:]
        for (words, configuration) in commandPaths() {
            for option in configuration.options + ArgumentParser.globalOptions {
                if let values = completedValues(of: option, command: words[0]) { valueCases["\(words[0]):--\(option.long)", default: []].formUnion(values) }
            }
        }
        for (key, values) in valueCases.sorted(by: { $0.key < $1.key }) {
            script += "        \"\(key)\") COMPREPLY=($(compgen -W \"\(values.sorted().joined(separator: " "))\" -- \"$cur\")); return ;;\n"
        }
        // A partial word after a command with subcommands is one of them (`project s` → set-base).
        script += "    esac\n    local subcommands=\"\"\n    case \"$command\" in\n"
        for (words, configuration) in commandPaths() where words.count == 1 && !configuration.subcommands.isEmpty {
            script += "        \"\(words[0])\") subcommands=\"\(configuration.subcommands.map { $0.configuration.name }.joined(separator: " "))\" ;;\n"
        }
        script += "    esac\n    if [[ $COMP_CWORD -eq 2 && -n \"$subcommands\" && \"$cur\" != -* ]]; then\n"
        script += "        COMPREPLY=($(compgen -W \"$subcommands\" -- \"$cur\"))\n        return\n    fi\n"
        script += "    case \"$command $sub\" in\n"
        for (words, configuration) in commandPaths().reversed() where words.count == 2 {
            script += "        \"\(words.joined(separator: " "))\") words=\"\(optionWords(configuration).joined(separator: " "))\" ;;\n"
        }
        for (words, configuration) in commandPaths() where words.count == 1 {
            let subs = configuration.subcommands.map { $0.configuration.name }
            script += "        \"\(words[0]) \"*) words=\"\((subs + optionWords(configuration)).joined(separator: " "))\" ;;\n"
        }
        script += """
                esac
                if [[ "$cur" == -* || -z "$cur" && -n "$words" && "$words" != --* ]]; then
                    COMPREPLY=($(compgen -W "$words" -- "$cur"))
                else
                    COMPREPLY=($(compgen -f -- "$cur"))
                fi
            }
            complete -o default -o bashdefault -F _xcconfig xcconfig

            """
        return script
    }

    static func fish() -> String {
        var script = "# xcconfig completion for fish: xcconfig completions fish > ~/.config/fish/completions/xcconfig.fish\n"
        script += "complete -c xcconfig -f -n __fish_use_subcommand -s V -l version -d 'Show the version.'\n"
        for command in CommandLineTool.commands {
            let configuration = command.configuration
            script += "complete -c xcconfig -f -n __fish_use_subcommand -a \(configuration.name) -d \(quoted(configuration.abstract))\n"
        }
        script += "complete -c xcconfig -f -n __fish_use_subcommand -a help -d 'Show subcommand help information.'\n"
        for (words, configuration) in commandPaths() {
            var condition = "__fish_seen_subcommand_from \(words[0])"
            if words.count == 2 { condition += "; and __fish_seen_subcommand_from \(words[1])" }
            if words.count == 1, !configuration.subcommands.isEmpty {
                let subs = configuration.subcommands.map { $0.configuration.name }
                script += "complete -c xcconfig -f -n '\(condition); and not __fish_seen_subcommand_from \(subs.joined(separator: " "))' -a '\(subs.joined(separator: " "))'\n"
            }
            for option in configuration.options + ArgumentParser.globalOptions {
                var line = "complete -c xcconfig -n '\(condition)' -l \(option.long)"
                if let short = option.short { line += " -s \(short)" }
                if case .value = option.kind {
                    line += " -r"
                    if let values = completedValues(of: option, command: words[0]) { line += " -f -a '\(values.joined(separator: " "))'" }
                    if option.long == "print" { line += " -f -a '(xcconfig completions --settings)'" }
                }
                script += line + " -d \(quoted(option.help))\n"
            }
        }
        script += "complete -c xcconfig -f -n '__fish_seen_subcommand_from explain; and test (count (commandline -opc)) -eq 2' -a '(xcconfig completions --settings)'\n"
        return script
    }

    /// `text` in single quotes for fish, its first sentence only.
    static func quoted(_ text: String) -> String {
        var sentence = text
        if let end = text.firstRange(of: ". ") { sentence = String(text[..<end.lowerBound]) + "." }
        return "'" + sentence.replacingEvery("\\", with: "\\\\").replacingEvery("'", with: "\\'") + "'"
    }
}
