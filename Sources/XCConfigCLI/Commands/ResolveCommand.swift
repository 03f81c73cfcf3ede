import XCConfig
import XCConfigLint
import XCConfigSyntax

/// `xcconfig resolve`: every setting's value in a context, as `xcodebuild -showBuildSettings`
/// prints it, with provenance on request (cli.md "xcconfig resolve").
enum ResolveCommand: Command {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            name: "resolve",
            abstract: "Print resolved build settings, as xcodebuild -showBuildSettings would.",
            discussion: """
                Without inputs, the only .xcodeproj in the current directory is read, as with --project. \
                Lists every setting assigned at any level, sorted by name, evaluated in the context \
                exactly as Xcode evaluates it (conditions, $(inherited), late-bound references, \
                operators). Settings bound from the context (CONFIGURATION, SDK_NAME, ...) and the \
                environment are listed only with --all. With --project, the settings Xcode defines \
                (build-system, product-type, platform and SDK defaults: EXECUTABLE_PATH, \
                ARCHS_STANDARD, BUILD_DIR, XCODE_VERSION_MAJOR, ...) are levels below the \
                project's, as in xcodebuild, and --all lists them too; without --sdk the SDK is \
                the one SDKROOT names, and SDKROOT prints as its path (--no-xcode-defaults: \
                neither). NAME=VALUE arguments are command-line \
                overrides, as with xcodebuild. Problems in the inputs are reported on stderr at \
                their file and line, with status 1 when any is an error.

                As a drop-in for xcodebuild -showBuildSettings: xcodebuild's spellings -project, \
                -target, -configuration, -sdk, -arch, -xcconfig, -workspace, -scheme, \
                -derivedDataPath and -json are accepted (-showBuildSettings is ignored); \
                --workspace W --scheme S (or --project P --scheme S) resolves the targets of the \
                scheme's build action in its Run configuration; --format showbuildsettings prints \
                xcodebuild's text and --format xcodebuild-json its -json array, every setting, one \
                block per target. A single-dash word is never read as short options. When a \
                printed value depends on what only Xcode and its SDK know (a reference to SDKROOT, \
                DEVELOPER_DIR, PLATFORM_DIR, ... that no level assigns, or a guessed value), a note \
                on stderr names it, once per run; --strict makes that an error (status 1).

                EXAMPLES:
                  xcconfig resolve App.xcconfig -c Debug --sdk iphoneos17.0 --sdk iphoneos
                  ID=$(xcconfig resolve App.xcconfig --print PRODUCT_BUNDLE_IDENTIFIER)
                  xcconfig resolve --project App.xcodeproj --target App -c Release --format json
                  xcconfig resolve -showBuildSettings -workspace W.xcworkspace -scheme App -json
                """,
            options: OptionSpec.evaluationContext + OptionSpec.levels + [
                .value("format", valueName: "format", allowed: ["text", "json", "env", "xcconfig"] + XcodebuildOutput.formats, default: "text",
                       help: "text: NAME = value lines; json: one object; env: export lines for a POSIX shell; xcconfig: one self-contained file that resolves to the same values; showbuildsettings: xcodebuild -showBuildSettings's text, every setting, one block per target; xcodebuild-json: xcodebuild -showBuildSettings -json's array (also -json)."),
                .flag("provenance", help: "Show the level, file, line, column and conditions of each winning assignment."),
                .flag("levels", help: "Show each level's own value next to the resolved one, the winner marked."),
                .flag("all", help: "Also list settings bound from the context and the environment, and those --project defines (SRCROOT, PROJECT_NAME, TARGET_NAME, ...)."),
                .value("print", valueName: "name", repeatable: true,
                       help: "Print only this setting's value, raw. A name assigned at no level is an error."),
                .flag("all-targets", help: "With --project and --format json: every target, as {target: {configuration: {NAME: value}}}; with --format showbuildsettings or xcodebuild-json: one block per target, as xcodebuild -alltargets (also -alltargets)."),
                .flag("all-configurations", help: "With --project and --format json: every configuration of each target listed."),
                .flag("strict", help: "Exit with status 1 when a printed value depends on what only Xcode and its SDK know (otherwise a note on stderr), or when the configuration asked for does not exist (otherwise a warning)."),
                .flag("show-build-settings", help: "xcodebuild's -showBuildSettings: --format showbuildsettings unless another --format is given, so xcodebuild's command line prints xcodebuild's text."),
            ],
            positionals: [PositionalSpec("file", help: "Configuration files of the target-xcconfig level, read in order.", isOptional: true, isRepeatable: true)],
            acceptsOverrides: true,
            showsLimits: true
        )
    }

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitStatus {
        let files = arguments.positionals("file")
        var arguments = try StackArguments.defaultingToProject(arguments, files: files, context: context)
        // xcodebuild's -showBuildSettings prints its own text: so does ours, unless a format
        // other than the default is asked for.
        if arguments.flag("show-build-settings") && arguments.value("format") == "text" {
            arguments.valuesByOption["format"] = ["showbuildsettings"]
        }
        if XcodebuildOutput.formats.contains(arguments.value("format") ?? ""), arguments.values("print").isEmpty {
            return try XcodebuildOutput.run(arguments, files: files, context: context)
        }
        if arguments.flag("all-targets") || arguments.flag("all-configurations") {
            return try ResolveMatrix.run(arguments, context: context)
        }
        let stackArguments = try StackArguments(arguments, files: files, context: context)
        let stack = try stackArguments.load()
        let resolver = stack.resolver
        let loadDiagnostics = StrictDiagnostics.escalated(stack.loadDiagnostics, strict: arguments.flag("strict"))
        context.diagnostics.print(StackArguments.explained(loadDiagnostics, context: context))
        var failed = loadDiagnostics.contains { $0.severity == .error }

        let printed = arguments.values("print")
        if !printed.isEmpty {
            var lines: [String] = []
            for name in printed {
                if resolver.isAssigned(name) {
                    lines.append(resolver.value(of: name))
                } else {
                    context.diagnostics.printError("'\(name)' is not assigned at any level" + settingSuggestion(name, resolver: resolver))
                    failed = true
                }
            }
            reportSettingsDiagnostics(resolver, unknowable: resolver.unknowableValues(among: printed.filter(resolver.isAssigned)), stack: stackArguments, arguments, context: context, failed: &failed)
            if !lines.isEmpty { context.print(lines.joined(separator: "\n")) }
            return failed ? .failure : .success
        }

        // Context bindings, the environment and the project's dynamic settings (SRCROOT,
        // TARGET_NAME, ...) are listed only with --all (cli.md "Evaluation context").
        let all = arguments.flag("all")
        let filter: LevelFilter = all ? .all : LevelFilter.allLevels.subtracting([.defaults, .environment])
        let format = arguments.value("format") ?? "text"
        if format == "text", !arguments.flag("provenance"), !arguments.flag("levels") {
            // The common case needs only names and values, read as bytes, and streams them: the
            // output is never held whole (1,000 values of 8 MiB are 8 GiB). The diagnostics the
            // values gave follow it.
            ResolveOutput.writeText(filter, resolver: resolver, to: context.standardOutput)
            reportSettingsDiagnostics(resolver, unknowable: resolver.unknowableValues(at: filter), stack: stackArguments, arguments, context: context, failed: &failed)
            return failed ? .failure : .success
        }
        let settings = resolver.resolveAll(at: filter)
        context.keepUntilExit(settings)
        reportSettingsDiagnostics(resolver, unknowable: resolver.unknowableValues(at: filter), stack: stackArguments, arguments, context: context, failed: &failed)
        if arguments.flag("levels") {
            context.standardOutput.write(ResolveOutput.levels(settings, resolver: resolver, json: format == "json", context: context))
        } else {
            context.standardOutput.write(bytes: ResolveOutput.render(settings, format: format, provenance: arguments.flag("provenance"), context: context))
        }
        return failed ? .failure : .success
    }

    /// `; did you mean NAME?` for a near miss of an assigned setting, else of a known one.
    static func settingSuggestion(_ name: String, resolver: Resolver) -> String {
        let suggestion = NearMiss.suggestion(for: name, in: resolver.settingNames())
            ?? NearMiss.suggestion(for: name, in: BuildSettingsCatalog.shared.names)
        return suggestion.map { "; did you mean \($0)?" } ?? ""
    }

    /// Prints the resolver's diagnostics, then the note on the printed values that depend on
    /// what only Xcode knows (`unknowable`) or that the inputs guessed (``UnknowableNote``).
    private static func reportSettingsDiagnostics(
        _ resolver: Resolver, unknowable: [UnknowableValue], stack: StackArguments, _ arguments: ParsedArguments, context: CommandContext,
        failed: inout Bool
    ) {
        context.diagnostics.print(resolver.diagnostics)
        if resolver.diagnostics.contains(where: { $0.severity == .error }) { failed = true }
        if UnknowableNote.report(stack.inputs.unknowableValues + unknowable, strict: arguments.flag("strict"), context: context) { failed = true }
    }
}

/// The output formats of `resolve`.
enum ResolveOutput {
    /// The text format without provenance, `NAME = value` lines from the settings' bytes, written
    /// to `sink` 64 KiB at a time as they are made.
    static func writeText(_ filter: LevelFilter, resolver: Resolver, to sink: OutputSink) {
        var output: [UInt8] = []
        output.reserveCapacity(4096)
        resolver.forEachValue(at: filter) { name, value in
            output.append(contentsOf: name)
            output.append(UInt8(ascii: " "))
            output.append(UInt8(ascii: "="))
            output.append(UInt8(ascii: " "))
            output.append(contentsOf: value)
            output.append(UInt8(ascii: "\n"))
            if output.count >= 1 << 16 {
                sink.write(bytes: output)
                output.removeAll(keepingCapacity: true)
            }
        }
        sink.write(bytes: output)
    }

    /// The output of `resolve` in `format`, as UTF-8.
    static func render(_ settings: [ResolvedSetting], format: String, provenance: Bool, context: CommandContext) -> [UInt8] {
        switch format {
        case "json":
            let members = settings.map { setting -> JSONValue.Member in
                guard provenance else { return JSONValue.Member(setting.name, .string(setting.value)) }
                return JSONValue.Member(setting.name, provenanceJSON(setting, context: context))
            }
            return Array((JSONValue.object(members).serialized(pretty: true, sortedKeys: true) + "\n").utf8)
        case "env":
            return Array(settings.map { "export \($0.name)=\(shellQuoted($0.value))\n" }.joined().utf8)
        case "xcconfig":
            var text = "// Resolved by xcconfig \(xcconfigVersion); every value is literal.\n"
            for setting in settings { text += "\(setting.name) = \(xcconfigLiteral(setting.value, for: setting.name))\n" }
            return Array(text.utf8)
        default:
            // Text without provenance is ``text(_:resolver:)``.
            return textWithProvenance(settings, context: context)
        }
    }

    /// The text format with `--provenance`: `NAME = value    // level file:line:column`.
    static func textWithProvenance(_ settings: [ResolvedSetting], context: CommandContext) -> [UInt8] {
        var output: [UInt8] = []
        for index in settings.indices {
            output.appendUTF8(of: settings[index].name)
            output.appendUTF8(of: " = ")
            output.appendUTF8(of: settings[index].value)
            output.appendUTF8(of: "    // ")
            output.appendUTF8(of: provenanceText(settings[index].winner, context: context))
            output.append(UInt8(ascii: "\n"))
        }
        return output
    }

    static func provenanceJSON(_ setting: ResolvedSetting, context: CommandContext) -> JSONValue {
        var members = [JSONValue.Member("value", .string(setting.value))]
        if let winner = setting.winner { members += assignmentJSON(winner, context: context) }
        return .object(members)
    }

    /// The level, file, line, column, key path and conditions of an assignment, as JSON members.
    static func assignmentJSON(_ winner: AssignmentInfo, context: CommandContext) -> [JSONValue.Member] {
        var members = [JSONValue.Member("level", .string(winner.level.rawValue))]
        if let file = winner.file { members.append(JSONValue.Member("file", .string(context.exactPath(file)))) }
        if let location = winner.location {
            members.append(JSONValue.Member("line", .integer(location.line)))
            members.append(JSONValue.Member("column", .integer(location.column)))
        }
        if let keyPath = winner.keyPath { members.append(JSONValue.Member("keyPath", .string(keyPath))) }
        if !winner.conditions.isEmpty { members.append(JSONValue.Member("conditions", .string(winner.conditionSuffix))) }
        return members
    }

    static func provenanceText(_ winner: AssignmentInfo?, context: CommandContext) -> String {
        guard let winner else { return "no assignment matches" }
        var text = winner.level.rawValue
        if let location = locationText(winner, context: context) { text += " " + location }
        if !winner.conditions.isEmpty { text += " " + winner.conditionSuffix }
        return text
    }

    /// `file:line:column`, `file (key path)`, `(dynamic setting)` for what `--project`
    /// defines (SRCROOT, TARGET_NAME, ...), or `nil` for a level without a file.
    static func locationText(_ info: AssignmentInfo, context: CommandContext) -> String? {
        guard let file = info.file else { return info.keyPath ?? (info.isDynamicSetting ? "(dynamic setting)" : nil) }
        var text = context.displayPath(file)
        if let location = info.location { text += ":\(location.line):\(location.column)" }
        if let keyPath = info.keyPath { text += " (\(keyPath))" }
        return text
    }

    /// The `--levels` view: the resolved value and each level's own raw value, winner marked.
    static func levels(_ settings: [ResolvedSetting], resolver: Resolver, json: Bool, context: CommandContext) -> String {
        if json {
            let members = settings.map { setting -> JSONValue.Member in
                var levelMembers: [JSONValue.Member] = []
                for (kind, raw) in ownValues(setting.name, resolver: resolver) {
                    levelMembers.append(JSONValue.Member(kind.rawValue, .string(raw)))
                }
                var object = [JSONValue.Member("value", .string(setting.value)), JSONValue.Member("levels", .object(levelMembers))]
                if let winner = setting.winner { object.append(JSONValue.Member("winner", .string(winner.level.rawValue))) }
                return JSONValue.Member(setting.name, .object(object))
            }
            return JSONValue.object(members).serialized(pretty: true, sortedKeys: true) + "\n"
        }
        var text = ""
        for setting in settings {
            text += "\(setting.name) = \(setting.value)\n"
            for info in ownAssignments(setting.name, resolver: resolver).reversed() {
                let marker = setting.winner?.level == info.level ? "*" : " "
                var row = "  \(marker) \(info.level.rawValue.padding(20)) \(info.rawValue)"
                if let location = locationText(info, context: context) { row += "    // " + location }
                text += row + "\n"
            }
        }
        return text
    }

    /// Each level's own value of `name`: the raw text of its highest matching assignment there,
    /// lowest level first.
    static func ownValues(_ name: String, resolver: Resolver) -> [(LevelKind, String)] {
        ownAssignments(name, resolver: resolver).map { ($0.level, $0.rawValue) }
    }

    /// Each level's highest matching assignment of `name`, lowest level first.
    static func ownAssignments(_ name: String, resolver: Resolver) -> [AssignmentInfo] {
        var byLevel: [LevelKind: AssignmentInfo] = [:]
        for info in resolver.assignments(of: name) where info.matchesContext && byLevel[info.level] == nil {
            byLevel[info.level] = info
        }
        return LevelKind.allCases.compactMap { byLevel[$0] }
    }

    /// `'value'` for a POSIX shell: single quotes, each `'` written as `'\''`.
    static func shellQuoted(_ value: String) -> String {
        "'" + value.replacingEvery("'", with: "'\\''") + "'"
    }

    /// `value` written as the value of an assignment of `name` so that Xcode reads it back
    /// unchanged: every `$` doubled (except one a backslash already escapes, in the list
    /// semantics of list-typed and user-defined settings), `//` broken with `$()`, `$()`
    /// guarding leading whitespace and a trailing `;` or whitespace that Xcode would trim or
    /// drop, and a trailing `\` doubled and followed by a blank line so that the continuation
    /// it starts ends at once (semantics §1.3, §3.3).
    static func xcconfigLiteral(_ value: String, for name: String) -> String {
        let listSemantics = BuildSettingsCatalog.shared.type(of: name).usesListSemantics
        let bytes = Array(value.utf8)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + 8)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if listSemantics && byte == UInt8(ascii: "\\") && index + 1 < bytes.count {
                output.append(byte)
                output.append(bytes[index + 1])
                index += 2
                continue
            }
            if byte == UInt8(ascii: "$") { output.append(byte) }
            if byte == UInt8(ascii: "/") && output.last == UInt8(ascii: "/") {
                output.append(contentsOf: Array("$()".utf8))
            }
            output.append(byte)
            index += 1
        }
        func isInlineWhitespace(_ byte: UInt8?) -> Bool {
            byte == 0x20 || byte == 0x09 || byte == 0x0B || byte == 0x0C
        }
        if isInlineWhitespace(output.first) { output.insert(contentsOf: Array("$()".utf8), at: 0) }
        if output.last == UInt8(ascii: "\\") {
            output.append(contentsOf: Array("\\\n".utf8))
        } else if isInlineWhitespace(output.last) || output.last == UInt8(ascii: ";") {
            output.append(contentsOf: Array("$()".utf8))
        }
        return String(decoding: output, as: UTF8.self)
    }
}

extension String {
    func padding(_ width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}
