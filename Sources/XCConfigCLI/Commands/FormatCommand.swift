import XCConfig
import XCConfigLint
import XCConfigSyntax

/// `xcconfig format [FILE...] [--check | --in-place]`: configuration files in canonical spelling,
/// with the same meaning (issue 25). The formatting itself is ``XCConfigFormatter``'s.
enum FormatCommand: Command {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            name: "format",
            abstract: "Write configuration files in canonical spelling, without changing what they mean.",
            discussion: """
                Assignments are written NAME[cond] = value: no indentation, one space on each side of =. \
                A trailing ; that Xcode drops is removed (not one Xcode would keep: A = 1 ;; means '1 ;'). \
                Includes are written #include "path" and stay where they are. Trailing whitespace goes, \
                runs of blank lines become one, and the file ends with one line terminator; line \
                terminators are kept as written. Comments are untouched, and so are lines Xcode rejects. \
                Every setting resolves to the same value in every context after formatting.
                Options, all off by default, come from .xcconfig-format.json, else from the format key of \
                .xcconfig-lint.json, whichever is nearer, looked up from the current directory upwards to \
                the repository root: {"align_equals": true, "sort_conditions": true}. align_equals lines \
                up the = of consecutive assignments; sort_conditions writes conditions in \
                [sdk=…][arch=…][config=…] order, other parameters after them (every condition must \
                match, so their order means nothing).
                Without FILE, or with -, standard input is formatted to standard output. Otherwise each \
                FILE is printed formatted, one after another, unless --in-place or --check is given.
                Exit status 1 with --check when a file would change; 2 when a file cannot be read (as \
                one over 64 MiB), is a binary file, or cannot be written; the other files are still formatted.

                EXAMPLES:
                  xcconfig format Config/App.xcconfig
                  xcconfig format --in-place Config/*.xcconfig
                  xcconfig format --check Config/*.xcconfig
                  git show HEAD:App.xcconfig | xcconfig format
                """,
            options: [
                .flag("in-place", help: "Rewrite each FILE that would change (atomically, keeping its permissions) instead of printing it."),
                .flag("check", help: "Print nothing formatted; list the files that would change, one per line, and exit with status 1 if any would (for CI)."),
                .flag("align-equals", help: "Line up the = of consecutive assignments, whatever the configuration says."),
                .flag("sort-conditions", help: "Write conditions in [sdk=…][arch=…][config=…] order, whatever the configuration says."),
                .value("format-config", valueName: "file",
                       help: "The options file to use (.xcconfig-format.json, or a .xcconfig-lint.json with a format key) instead of the one found."),
            ],
            positionals: [PositionalSpec("file", help: "Configuration files to format; - or none: standard input.", isOptional: true, isRepeatable: true)],
            showsLimits: false
        )
    }

    /// What standard input is called in `--check`'s list.
    static let standardInputName = "<stdin>"

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitStatus {
        let inPlace = arguments.flag("in-place"), check = arguments.flag("check")
        if inPlace && check { throw UsageError("--in-place and --check cannot be used together") }
        var files = arguments.positionals("file")
        if files.isEmpty { files = ["-"] }
        if inPlace && files.contains("-") { throw UsageError("--in-place cannot rewrite standard input; name the file") }
        let options = try loadOptions(arguments, context: context)

        var unreadable = false
        var changed = false
        for file in files {
            let path = file == "-" ? nil : context.absolutePath(file)
            let bytes: [UInt8]
            do throws(FileSystemError) {
                if let path, context.fileSystem.kind(of: path) == .directory { throw FileSystemError(path: path, reason: .isDirectory) }
                bytes = try context.fileSystem.read(path ?? "/dev/stdin")
            } catch {
                context.diagnostics.printError(path == nil ? "cannot read standard input: \(error)" : error.description)
                unreadable = true
                continue
            }
            let tree = XCConfigParser.parse(bytes)
            if var binary = tree.binaryFileDiagnostic {
                // Printed back byte for byte it would look formatted; it is not an xcconfig at all.
                binary.file = path ?? standardInputName
                binary.message += "; not formatted"
                context.diagnostics.print(binary)
                unreadable = true
                continue
            }
            let formatted = XCConfigFormatter.format(tree, options: options)
            if check {
                if formatted != bytes {
                    changed = true
                    context.print(path.map(context.displayPath) ?? standardInputName)
                }
            } else if inPlace, let path {
                guard formatted != bytes else { continue }
                // An atomic write renames a new file over the target: never over a device or a pipe.
                if context.fileSystem.kind(of: path) == .other {
                    context.diagnostics.printError("\(context.displayPath(path)) is not a regular file; not rewritten")
                    unreadable = true
                    continue
                }
                do {
                    try context.fileSystem.writeAtomically(formatted, to: path)
                } catch {
                    context.diagnostics.printError("could not write \(context.displayPath(path)): \(error)")
                    unreadable = true
                }
            } else {
                context.standardOutput.write(bytes: formatted)
            }
        }
        if unreadable { return .usageError }
        return changed ? .failure : .success
    }

    /// `--format-config FILE`, else the options file that applies here, else the defaults; then
    /// the flags. Mistakes in the file are printed as warnings; a file that is not a JSON object
    /// stops the command (status 2).
    static func loadOptions(_ arguments: ParsedArguments, context: CommandContext) throws -> FormatOptions {
        var options = FormatOptions()
        let path = arguments.value("format-config").map(context.absolutePath)
            ?? FormatOptions.find(from: context.currentDirectory, fileSystem: context.fileSystem)
        if let path {
            do {
                let loaded = try FormatOptions.load(path, fileSystem: context.fileSystem)
                context.diagnostics.print(loaded.diagnostics)
                options = loaded.options
            } catch {
                throw CommandFailure("\(context.displayPath(error.path)): \(error.message)")
            }
        }
        if arguments.flag("align-equals") { options.alignEquals = true }
        if arguments.flag("sort-conditions") { options.sortConditions = true }
        return options
    }
}
