import XCConfig
import XCConfigSyntax

/// `xcconfig parse FILE [--format json|xcconfig] [--no-includes]`: the syntax tree for other
/// tools (cli.md "xcconfig parse").
enum ParseCommand: Command {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            name: "parse",
            abstract: "Print the syntax tree of a configuration file.",
            discussion: """
                JSON output is one object: {"file", "statements", "diagnostics"}. Each statement has a \
                kind (assignment, include, comment, blank, invalid), its source range (line, column, \
                endLine, endColumn; the end is just past the line terminator) and its parts: name, \
                conditions as {"parameter", "pattern", "range"}, value, nameRange, valueRange and \
                comments (trailing // comments as {"text", "range"}) for an assignment; path, pathRange, \
                optional, resolvedPath and comments for an include; text for a comment line; message for \
                an invalid line. Ranges are {"line", "column", "endLine", "endColumn"}, the end just past \
                the last byte. The xcconfig format prints \
                the file back from the tree, byte for byte identical to the input.
                """,
            options: [
                .value("format", valueName: "format", allowed: ["json", "xcconfig"], default: "json", help: "The output format."),
                .flag("no-includes", help: "Do not resolve include directives (resolvedPath is then absent)."),
            ] + OptionSpec.includeSearch(withProject: false),
            positionals: [PositionalSpec("file", help: "The configuration file to parse.")]
        )
    }

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitStatus {
        let file = context.absolutePath(arguments.positional("file")!)
        let shownFile = context.displayPath(file)

        let tree: SyntaxTree
        var diagnostics: [Diagnostic]
        var resolvedIncludes: [SourceRange: String] = [:]
        if arguments.flag("no-includes") {
            tree = XCConfigParser.parse(try readRoot(file, shownAs: shownFile, context: context))
            diagnostics = tree.diagnostics.map { $0.inFile(file) }
        } else {
            // Includes are found as `resolve` finds them: -I, then the project root.
            var request = BuildRequest(files: [file], environment: context.environmentSource)
            request.currentDirectory = context.currentDirectory
            request.searchPaths = arguments.values("search-path")
            request.projectRoot = arguments.value("project-root")
            request.developerDirectory = arguments.value("developer-dir")
            let loader = try request.includeLoader(fileSystem: context.fileSystem)
            let loaded: LoadedConfiguration
            do {
                loaded = try loader.load(path: file)
            } catch {
                throw CommandFailure(FileSystemError(path: shownFile, reason: error.underlying.reason).description)
            }
            tree = loaded.files[0].tree
            diagnostics = loaded.diagnostics
            for edge in loaded.includes where edge.includerIndex == 0 {
                if let resolved = edge.resolvedPath { resolvedIncludes[edge.directive.pathRange] = resolved }
            }
        }

        context.diagnostics.print(diagnostics)
        switch arguments.value("format") {
        case "xcconfig":
            context.standardOutput.write(bytes: tree.printed())
        default:
            let json = syntaxTreeJSON(tree, file: shownFile, diagnostics: diagnostics, resolvedIncludes: resolvedIncludes, context: context)
            context.print(json.serialized())
        }
        return diagnostics.contains { $0.severity == .error } ? .failure : .success
    }

    /// The root file's bytes; a root that cannot be read stops the command with status 2.
    private static func readRoot(_ file: String, shownAs shownFile: String, context: CommandContext) throws -> [UInt8] {
        if context.fileSystem.kind(of: file) == .directory {
            throw CommandFailure(FileSystemError(path: shownFile, reason: .isDirectory).description)
        }
        do {
            return try context.fileSystem.read(file)
        } catch {
            throw CommandFailure(FileSystemError(path: shownFile, reason: error.reason).description)
        }
    }

    static func syntaxTreeJSON(
        _ tree: SyntaxTree, file: String, diagnostics: [Diagnostic], resolvedIncludes: [SourceRange: String],
        context: CommandContext
    ) -> JSONValue {
        let statements = tree.statements.map { statement -> JSONValue in
            var members: [JSONValue.Member] = []
            func add(_ key: String, _ value: JSONValue) { members.append(JSONValue.Member(key, value)) }
            switch statement.kind {
            case .assignment: add("kind", "assignment")
            case .include: add("kind", "include")
            case .comment: add("kind", "comment")
            case .blank: add("kind", "blank")
            case .invalid: add("kind", "invalid")
            }
            add("line", .integer(statement.range.start.line))
            add("column", .integer(statement.range.start.column))
            add("endLine", .integer(statement.range.end.line))
            add("endColumn", .integer(statement.range.end.column))
            func comments(_ ranges: [SourceRange]) -> JSONValue {
                .array(ranges.map { range in .object([JSONValue.Member("text", .string(tree.text(range))), JSONValue.Member("range", rangeJSON(range))]) })
            }
            switch statement.kind {
            case .assignment(let assignment):
                add("name", .string(assignment.name))
                add("nameRange", rangeJSON(assignment.nameRange))
                add("conditions", .array(assignment.conditions.map {
                    ["parameter": .string($0.parameter), "pattern": .string($0.pattern), "range": rangeJSON($0.range)]
                }))
                add("value", .string(assignment.value))
                // The value's text as written: from its first chunk to its last (continuations included).
                if let first = assignment.chunks.first, let last = assignment.chunks.last {
                    add("valueRange", rangeJSON(SourceRange(start: first.start, end: last.end, startOffset: first.startOffset, endOffset: last.endOffset)))
                }
                add("comments", comments(assignment.comments))
            case .include(let include):
                add("path", .string(include.path))
                add("pathRange", rangeJSON(include.pathRange))
                add("optional", .bool(include.isOptional))
                if let resolved = resolvedIncludes[include.pathRange] {
                    add("resolvedPath", .string(context.exactPath(resolved)))
                }
                add("comments", comments(include.comment.map { [$0] } ?? []))
            case .invalid(let diagnostic):
                add("message", .string(diagnostic.message))
            case .comment:
                var text = tree.text(statement.range)
                while let last = text.unicodeScalars.last, last == "\n" || last == "\r" || last == "\u{2028}" || last == "\u{2029}" {
                    text.unicodeScalars.removeLast()
                }
                add("text", .string(text))
            case .blank:
                break
            }
            return .object(members)
        }
        return [
            "file": .string(file),
            "statements": .array(statements),
            "diagnostics": .array(diagnostics.map { diagnosticJSON($0, context: context) }),
        ]
    }

    /// `{"line", "column", "endLine", "endColumn"}`: 1-based, the end just past the last byte.
    static func rangeJSON(_ range: SourceRange) -> JSONValue {
        .object([
            JSONValue.Member("line", .integer(range.start.line)),
            JSONValue.Member("column", .integer(range.start.column)),
            JSONValue.Member("endLine", .integer(range.end.line)),
            JSONValue.Member("endColumn", .integer(range.end.column)),
        ])
    }

    static func diagnosticJSON(_ diagnostic: Diagnostic, context: CommandContext) -> JSONValue {
        var members: [JSONValue.Member] = []
        if let file = diagnostic.file { members.append(JSONValue.Member("file", .string(context.exactPath(file)))) }
        if let location = diagnostic.location {
            members.append(JSONValue.Member("line", .integer(location.line)))
            members.append(JSONValue.Member("column", .integer(location.column)))
        }
        members.append(JSONValue.Member("severity", .string(diagnostic.severity.rawValue)))
        members.append(JSONValue.Member("message", .string(diagnostic.message)))
        if !diagnostic.notes.isEmpty { members.append(JSONValue.Member("notes", .array(diagnostic.notes.map { .string($0) }))) }
        if let rule = diagnostic.rule { members.append(JSONValue.Member("rule", .string(rule))) }
        return .object(members)
    }
}
