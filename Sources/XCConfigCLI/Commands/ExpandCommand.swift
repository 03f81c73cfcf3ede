import XCConfig
import XCConfigSyntax

/// `xcconfig expand`: build settings substituted into an entitlements file or an Info.plist,
/// as Xcode's build does (cli.md "xcconfig expand", semantics §5).
enum ExpandCommand: Command {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            name: "expand",
            abstract: "Substitute build settings into an entitlements file or an Info.plist, as Xcode's build does.",
            discussion: """
                Entitlements get both keys and string values expanded; an Info.plist gets string \
                values expanded (keys untouched), and the keys Xcode drops when they expand to empty \
                (CFBundleIdentifier, CFBundleName, ...) are dropped. $(CFBundleIdentifier) is the \
                resolved PRODUCT_BUNDLE_IDENTIFIER unless a level assigns it (in an Info.plist, its own \
                CFBundleIdentifier); $(TeamIdentifierPrefix) is DEVELOPMENT_TEAM plus '.' (empty without \
                a team); $(AppIdentifierPrefix) is left for the provisioning step unless \
                --app-id-prefix is given. The settings come from the XCCONFIG files and the level \
                options, evaluated in the context, exactly as for resolve.

                An XML property list keeps its key order, indentation and every non-string value \
                byte for byte; a binary one is read and written back as XML (a warning says so). A \
                malformed input is an error naming its line, and nothing is written. The input is \
                never modified unless --in-place is given; -o and --in-place write atomically, and \
                only when there is no error. References to settings assigned nowhere are warnings \
                on stderr; --strict makes them errors (status 1). References made by Xcode's own \
                defaults never count. Xcode expands an Info.plist with its target's settings: give \
                --project (and --target) so the names the product type sets (EXECUTABLE_NAME, ...) \
                are there.

                EXAMPLES:
                  xcconfig expand App/App.entitlements Config/Debug.xcconfig
                  xcconfig expand App/Info.plist --project App.xcodeproj -c Release -o out.plist
                  xcconfig expand App/App.entitlements Config/Debug.xcconfig --format list
                  xcconfig expand App/App.entitlements Config/CI.xcconfig --strict --format json
                  xcconfig expand App.entitlements Debug.xcconfig --app-id-prefix ABCDE12345.
                """,
            options: OptionSpec.evaluationContext + OptionSpec.levels + [
                .value("kind", valueName: "kind", allowed: PlistExpansion.Kind.allCases.map(\.rawValue),
                       help: "The rules to apply: entitlements (keys and values) or info-plist (values, empty keys dropped). Default: from the extension, .entitlements or .plist."),
                .value("format", valueName: "format", allowed: ["plist", "json", "list"], default: "plist",
                       help: "plist: the expanded property list as XML; list: one 'KEY.PATH: template -> value' line per substitution; json: the substitutions as an array of {keyPath, template, value, unresolved}."),
                .value("output", short: "o", valueName: "file",
                       help: "Write the expanded property list to this file (atomically) instead of stdout; with --format list or json the report still goes to stdout."),
                .flag("in-place", help: "Replace the input file with the expanded property list (atomically, keeping its permissions)."),
                .value("app-id-prefix", valueName: "prefix",
                       help: "The value of $(AppIdentifierPrefix), used verbatim (trailing '.' included). Default: the reference is kept for the provisioning step."),
                .flag("strict", help: "References to settings assigned at no level, and a configuration that does not exist, are errors (status 1) instead of warnings."),
            ],
            positionals: [
                PositionalSpec("file", help: "The entitlements file or Info.plist (XML or binary property list)."),
                PositionalSpec("xcconfig", help: "Configuration files of the target-xcconfig level, read in order.", isOptional: true, isRepeatable: true),
            ],
            acceptsOverrides: true,
            usage: "<file> [<xcconfig> ...] [<NAME[cond]=VALUE> ...] [<options>]",
            showsLimits: true
        )
    }

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitStatus {
        let input = context.absolutePath(arguments.positional("file")!)
        let output = arguments.value("output").map(context.absolutePath)
        let inPlace = arguments.flag("in-place")
        if inPlace, output != nil { throw UsageError("--in-place and --output cannot be used together") }
        if let destination = output ?? (inPlace ? input : nil), context.fileSystem.kind(of: destination) == .other {
            // An atomic write renames a new file over the target: that would replace a device or
            // a pipe (`-o /dev/stdout`) with a regular file.
            throw UsageError("'\(context.displayPath(destination))' is not a regular file; leave out -o to write to stdout")
        }
        let kind: PlistExpansion.Kind
        if let name = arguments.value("kind") {
            kind = PlistExpansion.Kind(rawValue: name)!
        } else if let inferred = PlistExpansion.kind(forPath: input) {
            kind = inferred
        } else {
            throw UsageError("Cannot tell the kind of '\(context.displayPath(input))' from its extension; pass --kind entitlements or --kind info-plist")
        }

        let bytes: [UInt8]
        do throws(FileSystemError) {
            if context.fileSystem.kind(of: input) == .directory { throw FileSystemError(path: input, reason: .isDirectory) }
            bytes = try context.fileSystem.read(input)
        } catch {
            throw CommandFailure(error.description)
        }

        let stack = try StackArguments(arguments, files: arguments.positionals("xcconfig"), context: context).load()
        let loadDiagnostics = StrictDiagnostics.escalated(stack.loadDiagnostics, strict: arguments.flag("strict"))
        context.diagnostics.print(StackArguments.explained(loadDiagnostics, context: context))
        var failed = loadDiagnostics.contains { $0.severity == .error }

        let expansion = PlistExpansion(kind: kind, appIdentifierPrefix: arguments.value("app-id-prefix"), strict: arguments.flag("strict"))
        let result: PlistExpansionResult
        do {
            result = try expansion.expand(bytes, using: stack.resolver)
        } catch {
            context.diagnostics.print(error.diagnostic(file: input))
            if output != nil || inPlace { context.diagnostics.printError("nothing written") }
            return .failure
        }
        context.diagnostics.print(stack.resolver.diagnostics)
        context.diagnostics.print(result.diagnostics.map { $0.inFile(input) })
        if arguments.value("project") == nil, arguments.value("workspace") == nil {
            // Xcode expands an Info.plist with the target's settings, its product type's among them.
            let fromTarget = Set(result.substitutions.flatMap(\.unresolved)).intersection(XcodeDefaults.productTypeSettingNames).sorted()
            if !fromTarget.isEmpty {
                context.diagnostics.print(Diagnostic(severity: .note, message: "Xcode sets \(fromTarget.joined(separator: ", ")) from the target's product type; pass --project (and --target) to expand with the target's settings"))
            }
        }
        failed = failed || result.hasErrors || stack.resolver.diagnostics.contains { $0.severity == .error }

        let format = arguments.value("format") ?? "plist"
        switch format {
        case "list": context.standardOutput.write(listReport(result.substitutions))
        case "json": context.standardOutput.write(jsonReport(result.substitutions))
        default: if output == nil, !inPlace { context.standardOutput.write(bytes: result.output) }
        }

        if let destination = output ?? (inPlace ? input : nil) {
            if failed {
                context.diagnostics.printError("\(context.displayPath(destination)) not written because of the errors above")
            } else {
                do {
                    try context.fileSystem.writeAtomically(result.output, to: destination)
                } catch {
                    context.diagnostics.printError("could not write \(context.displayPath(destination)): \(error)")
                    return .failure
                }
            }
        }
        return failed ? .failure : .success
    }

    /// `KEY.PATH: template -> value` per substitution; a dropped Info.plist entry shows `(removed)`.
    static func listReport(_ substitutions: [PlistSubstitution]) -> String {
        substitutions.map { substitution in
            let path = substitution.keyPath.isEmpty ? "(root)" : substitution.keyPath
            let value = substitution.removed ? "(removed)" : substitution.value
            var line = "\(path): \(substitution.template) -> \(value)"
            if !substitution.unresolved.isEmpty {
                line += "    (unresolved: " + substitution.unresolved.joined(separator: ", ") + ")"
            }
            return line + "\n"
        }.joined()
    }

    /// `[{"keyPath", "template", "value", "unresolved": [...], "removed"}]`; `removed` is always
    /// there (`true` for a dropped Info.plist entry), so consumers need not test for the key.
    static func jsonReport(_ substitutions: [PlistSubstitution]) -> String {
        let items = substitutions.map { substitution -> JSONValue in
            var members = [
                JSONValue.Member("keyPath", .string(substitution.keyPath)),
                JSONValue.Member("template", .string(substitution.template)),
                JSONValue.Member("value", .string(substitution.value)),
                JSONValue.Member("unresolved", .array(substitution.unresolved.map(JSONValue.string))),
            ]
            members.append(JSONValue.Member("removed", .bool(substitution.removed)))
            return .object(members)
        }
        return JSONValue.array(items).serialized(pretty: true) + "\n"
    }
}
