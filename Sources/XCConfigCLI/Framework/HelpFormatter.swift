import XCConfig

/// Builds `--help` texts and usage lines in swift-argument-parser's layout: OVERVIEW, USAGE,
/// ARGUMENTS, grouped OPTIONS, SUBCOMMANDS, wrapped to 80 columns with help text in column 27.
public enum HelpFormatter {
    static let width = 80
    /// Where help text starts, after the two-space indent and the label.
    static let labelWidth = 26

    /// The help of the top level: `xcconfig --help`.
    public static func topLevelHelp() -> String {
        var sections: [String] = []
        sections.append("OVERVIEW: Read Xcode build configuration (.xcconfig) files exactly as Xcode does.")
        sections.append("USAGE: xcconfig <subcommand>")
        sections.append(optionSection("OPTIONS", [
            ("-V, --version", "Show the version (also: xcconfig version)."),
        ] + ArgumentParser.globalOptions.map { ($0.helpLabel, optionHelp($0)) }))
        let subcommands = CommandLineTool.commands.map { ($0.configuration.name, $0.configuration.abstract) }
            + [("help", "Show subcommand help information.")]
        sections.append(optionSection("SUBCOMMANDS", subcommands))
        sections.append(limitsSection)
        sections.append(exitStatusSection)
        sections.append("  See 'xcconfig help <subcommand>' for detailed help.")
        return sections.joined(separator: "\n\n") + "\n"
    }

    /// The help of the command reached through `path` (`[LocalCommand.self, LocalInitCommand.self]`).
    public static func help(for path: [any Command.Type]) -> String {
        let configuration = path.last!.configuration
        var sections: [String] = []
        sections.append(wrap("OVERVIEW: " + configuration.abstract, indent: 0))
        if !configuration.discussion.isEmpty {
            sections.append(configuration.discussion.split(separator: "\n", omittingEmptySubsequences: false)
                // Indented lines (examples) are printed as written; prose is wrapped.
                .map { $0.isEmpty || $0.hasPrefix("  ") ? String($0) : wrap(String($0), indent: 0) }.joined(separator: "\n"))
        }
        sections.append(usageSection(usage(for: path)))

        var arguments = configuration.positionals.map { ($0.synopsis, $0.help) }
        if configuration.acceptsOverrides {
            arguments.append(("<NAME[cond]=VALUE>", configuration.overridesHelp
                ?? "A command-line override of a build setting, as with xcodebuild NAME=value."))
        }
        if !arguments.isEmpty { sections.append(optionSection("ARGUMENTS", arguments)) }

        // Groups in the order they first appear; the global options close the default group.
        var groups: [String] = []
        for option in configuration.options where !groups.contains(option.group) { groups.append(option.group) }
        if !groups.contains(OptionSpec.defaultGroup) { groups.append(OptionSpec.defaultGroup) }
        for group in groups {
            var options = configuration.options.filter { $0.group == group }
            if group == OptionSpec.defaultGroup { options += ArgumentParser.globalOptions }
            sections.append(optionSection(group, options.map { ($0.helpLabel, optionHelp($0)) }))
        }

        if !configuration.subcommands.isEmpty {
            sections.append(optionSection(
                "SUBCOMMANDS", configuration.subcommands.map { ($0.configuration.name, $0.configuration.abstract) }
            ))
        }
        if configuration.showsLimits { sections.append(limitsSection) }
        sections.append(exitStatusSection)
        if !configuration.subcommands.isEmpty {
            sections.append("  See 'xcconfig help \(commandName(path)) <subcommand>' for detailed help.")
        }
        return sections.joined(separator: "\n\n") + "\n"
    }

    /// The usage line after `USAGE: `, generated from the table unless the command gives one.
    /// Falls back to `[<options>]` when listing every option would not fit on a line.
    public static func usage(for path: [any Command.Type]) -> String {
        let configuration = path.last!.configuration
        let prefix = "xcconfig " + commandName(path)
        if let usage = configuration.usage { return prefix + " " + usage }
        if !configuration.subcommands.isEmpty { return prefix + " <subcommand>" }
        var parts = configuration.positionals.map(\.synopsis)
        if configuration.acceptsOverrides { parts.append("[<NAME[cond]=VALUE> ...]") }
        let options = configuration.options.map { "[\($0.synopsis)\($0.isRepeatable ? " ..." : "")]" }
        let full = ([prefix] + parts + options).joined(separator: " ")
        if full.count + "USAGE: ".count <= width || options.isEmpty { return full }
        return ([prefix] + parts + ["[<options>]"]).joined(separator: " ")
    }

    /// The command's words after `xcconfig`: `local init`.
    static func commandName(_ path: [any Command.Type]) -> String {
        path.map { $0.configuration.name }.joined(separator: " ")
    }

    static func optionHelp(_ option: OptionSpec) -> String {
        var notes: [String] = []
        if let allowed = option.allowedValues { notes.append("values: " + allowed.joined(separator: ", ")) }
        if let defaultValue = option.defaultValue { notes.append("default: " + defaultValue) }
        if option.isRepeatable { notes.append("repeatable") }
        return notes.isEmpty ? option.help : option.help + " (" + notes.joined(separator: "; ") + ")"
    }

    /// The input bounds, from ``Limits`` so the text cannot drift from the code (cli.md "Limits").
    static var limitsSection: String {
        let text = "Files up to \(Limits.maximumFileSize / (1024 * 1024)) MiB, evaluated values up to "
            + "\(Limits.maximumValueSize / (1024 * 1024)) MiB, \(grouped(Limits.maximumIncludeCount)) resolved includes, "
            + "and any nesting or include depth are accepted (only a cycle stops an include). Past a bound, "
            + "the offending file and line get an error (exit status 1) and the rest is still processed."
        return "LIMITS:\n" + wrap(text, indent: 2)
    }

    static let exitStatusSection = """
        EXIT STATUS:
          0  success
          1  the inputs have problems (an error diagnostic, a failing finding)
          2  the command could not run as asked (unknown option, missing argument,
             unreadable root file)
        """

    /// `TITLE:` and one row per entry: label in a 24-column field, help wrapped beside it.
    static func optionSection(_ title: String, _ rows: [(label: String, help: String)]) -> String {
        var lines = ["\(title):"]
        for row in rows {
            let label = "  " + row.label
            let help = wrap(row.help, indent: labelWidth)
            if label.count < labelWidth - 1 {
                let firstHelpLine = help.dropFirst(labelWidth)
                lines.append(label + String(repeating: " ", count: labelWidth - label.count) + firstHelpLine)
            } else {
                lines.append(label)
                lines.append(help)
            }
        }
        return lines.joined(separator: "\n")
    }

    /// `text` wrapped at word boundaries to ``width`` columns, every line indented by `indent`.
    /// `USAGE: …`, broken before a `[` group onto lines indented under the first word when it
    /// does not fit in ``width``.
    static func usageSection(_ usage: String) -> String {
        let label = "USAGE: "
        var lines: [String] = []
        var rest = Substring(usage)
        var prefix = label
        while prefix.count + rest.count > width {
            // The last group start that still fits, else the first one.
            var cut: Substring.Index? = nil
            var search = rest.startIndex
            while let found = rest[search...].firstRange(of: " [") {
                if prefix.count + rest.distance(from: rest.startIndex, to: found.lowerBound) <= width { cut = found.lowerBound }
                search = found.upperBound
                if cut == nil { cut = found.lowerBound; break }
            }
            guard let cut else { break }
            lines.append(prefix + rest[..<cut])
            rest = rest[rest.index(after: cut)...]
            prefix = String(repeating: " ", count: label.count)
        }
        lines.append(prefix + rest)
        return lines.joined(separator: "\n")
    }

    static func wrap(_ text: String, indent: Int) -> String {
        let padding = String(repeating: " ", count: indent)
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: true) {
            if !line.isEmpty, indent + line.count + 1 + word.count > width {
                lines.append(padding + line)
                line = String(word)
            } else {
                line += (line.isEmpty ? "" : " ") + word
            }
        }
        lines.append(padding + line)
        return lines.joined(separator: "\n")
    }

    static func grouped(_ number: Int) -> String {
        var digits = Array(String(number))
        var index = digits.count - 3
        while index > 0 {
            digits.insert(",", at: index)
            index -= 3
        }
        return String(digits)
    }
}
