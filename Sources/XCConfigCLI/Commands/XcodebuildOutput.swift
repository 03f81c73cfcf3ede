import XCConfig
import XCConfigSyntax

/// `resolve --format showbuildsettings | xcodebuild-json`: exactly what `xcodebuild
/// -showBuildSettings` (with `-json`) prints, one block per target, so that a CI script can swap
/// xcodebuild for `xcconfig resolve` (cli.md "xcodebuild compatibility").
enum XcodebuildOutput {
    /// The `--format` values this type prints.
    static let formats = ["showbuildsettings", "xcodebuild-json"]

    /// What the `xcodebuild` entry adds to `resolve`'s arguments.
    struct Options {
        /// The action word: `ACTION` and the header's `Build settings for action …`.
        var action = "build"
        /// Whether an error in the inputs (a missing `#include`) makes the status 1; xcodebuild
        /// prints the settings it has and exits 0.
        var failsOnInputErrors = true
        /// The scheme action whose targets and configuration are used.
        var schemeAction = SchemeAction.build
        /// `-NAME=VALUE` user defaults, echoed as xcodebuild echoes them.
        var userDefaults: [(name: String, value: String)] = []
        /// Whether `--sdk` is echoed as `SDKROOT`: not when it came from `-destination`.
        var echoesSDK = true
    }

    /// Resolves every target the arguments name (a scheme's build targets, `--all-targets`, or
    /// the one `--project`/`--target` picks) with every setting xcodebuild lists, and prints
    /// them in `--format`.
    static func run(_ arguments: ParsedArguments, files: [String], context: CommandContext, options: Options = Options()) throws -> ExitStatus {
        guard !arguments.flag("provenance"), !arguments.flag("levels"), !arguments.flag("all-configurations") else {
            throw UsageError("--format \(arguments.value("format") ?? "") takes neither --provenance, --levels nor --all-configurations")
        }
        // Each project is read once, and each xcconfig parsed once, for all targets.
        var request = try StackArguments.request(arguments, files: files, context: context)
        request.allTargets = arguments.flag("all-targets")
        request.buildAction = options.action
        request.action = options.schemeAction
        for (name, value) in options.userDefaults { request.userDefaults[name] = value }
        let plan = try StackArguments.plan(request, context: context)
        var blocks: [(target: String, settings: [ResolvedSetting])] = []
        var unknowable: [UnknowableValue] = []
        var seen: Set<Diagnostic> = []
        var failed = false
        for planned in plan.stacks {
            let stackArguments = StackArguments(planned: planned, context: context)
            let stack = try stackArguments.load()
            let diagnostics = (StackArguments.explained(stack.loadDiagnostics, context: context) + stack.resolver.diagnostics)
                .filter { seen.insert($0).inserted }
            context.diagnostics.print(diagnostics)
            if options.failsOnInputErrors, diagnostics.contains(where: { $0.severity == .error }) { failed = true }
            // xcodebuild lists everything: context bindings and project-defined settings too.
            let settings = stack.resolver.resolveAll(at: .all)
            context.keepUntilExit(settings)
            unknowable += stackArguments.inputs.unknowableValues + stack.resolver.unknowableValues(at: .all)
            blocks.append((stack.resolver.context.targetName ?? planned.target ?? "", settings))
        }
        if arguments.value("format") == "xcodebuild-json" {
            context.standardOutput.write(bytes: json(blocks, action: options.action))
        } else {
            context.standardOutput.write(bytes: userDefaultsBlock(options.userDefaults) + commandLineBlock(arguments, echoesSDK: options.echoesSDK) + text(blocks, action: options.action))
        }
        if UnknowableNote.report(unknowable, strict: arguments.flag("strict"), context: context) { failed = true }
        return failed ? .failure : .success
    }

    /// `User defaults from command line:` and the defaults, then a blank line; empty without any.
    static func userDefaultsBlock(_ defaults: [(name: String, value: String)]) -> [UInt8] {
        guard !defaults.isEmpty else { return [] }
        var text = "User defaults from command line:\n"
        for (name, value) in defaults { text += "    \(name) = \(value)\n" }
        return Array((text + "\n").utf8)
    }

    /// `Build settings from command line:` and the overrides, `-sdk` echoed as `SDKROOT`, then
    /// a blank line, as xcodebuild starts its output when given any; empty otherwise.
    static func commandLineBlock(_ arguments: ParsedArguments, echoesSDK: Bool = true) -> [UInt8] {
        var entries = arguments.overrides.map { ($0.key, $0.value) }
        if echoesSDK, let sdk = arguments.values("sdk").first, !entries.contains(where: { $0.0 == "SDKROOT" }) {
            entries.append(("SDKROOT", sdk))
        }
        guard !entries.isEmpty else { return [] }
        entries.sort { $0.0.utf8.lexicographicallyPrecedes($1.0.utf8) }
        var text = "Build settings from command line:\n"
        for (key, value) in entries { text += "    \(key) = \(value)\n" }
        return Array((text + "\n").utf8)
    }

    /// `Build settings for action build and target NAME:` (the name in double quotes when it
    /// holds a space), each setting as `    NAME = value` in byte order, and a blank line after
    /// each block, as in every dump of `../xcodebuild`.
    static func text(_ blocks: [(target: String, settings: [ResolvedSetting])], action: String = "build") -> [UInt8] {
        var output: [UInt8] = []
        for (target, settings) in blocks {
            let shownName = target.contains(" ") ? "\"\(target)\"" : target
            output.append(contentsOf: "Build settings for action \(action) and target \(shownName):\n".utf8)
            for setting in settings {
                output.append(contentsOf: "    ".utf8)
                output.append(contentsOf: setting.name.utf8)
                output.append(contentsOf: " = ".utf8)
                output.append(contentsOf: setting.value.utf8)
                output.append(UInt8(ascii: "\n"))
            }
            output.append(UInt8(ascii: "\n"))
        }
        return output
    }

    /// `xcodebuild -showBuildSettings -json`: an array of `{"action", "buildSettings", "target"}`
    /// written as Foundation's pretty printer writes it (two-space indent, `"key" : value`,
    /// slashes unescaped), setting names in its sorted-keys order (``jsonKeyPrecedes(_:_:)``).
    static func json(_ blocks: [(target: String, settings: [ResolvedSetting])], action: String = "build") -> [UInt8] {
        func quoted(_ string: String) -> String { JSONValue.string(string).serialized(pretty: false) }
        var text = "["
        for (index, block) in blocks.enumerated() {
            text += index == 0 ? "\n" : ",\n"
            text += "  {\n    \"action\" : " + quoted(action) + ",\n    \"buildSettings\" : {"
            let settings = block.settings.sorted { jsonKeyPrecedes($0.name, $1.name) }
            for (position, setting) in settings.enumerated() {
                text += (position == 0 ? "\n" : ",\n") + "      " + quoted(setting.name) + " : " + quoted(setting.value)
            }
            text += settings.isEmpty ? "},\n" : "\n    },\n"
            text += "    \"target\" : " + quoted(block.target) + "\n  }"
        }
        text += blocks.isEmpty ? "]\n" : "\n]\n"
        return Array(text.utf8)
    }

    /// The key order of Foundation's `JSONSerialization` with `.sortedKeys`: case-insensitive,
    /// runs of digits compared as numbers, ties broken by bytes; so `_BOOL_YES` comes before
    /// `ACTION`, as in published `-json` output.
    static func jsonKeyPrecedes(_ left: String, _ right: String) -> Bool {
        let a = Array(left.utf8), b = Array(right.utf8)
        func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
        func folded(_ byte: UInt8) -> UInt8 { byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte }
        var i = 0, j = 0
        while i < a.count, j < b.count {
            if isDigit(a[i]), isDigit(b[j]) {
                var endI = i, endJ = j
                while endI < a.count, isDigit(a[endI]) { endI += 1 }
                while endJ < b.count, isDigit(b[endJ]) { endJ += 1 }
                // Compare the numbers without leading zeros: longer is larger, else digit by digit.
                let digitsA = a[i..<endI].drop { $0 == 0x30 }, digitsB = b[j..<endJ].drop { $0 == 0x30 }
                if digitsA.count != digitsB.count { return digitsA.count < digitsB.count }
                if !digitsA.elementsEqual(digitsB) { return digitsA.lexicographicallyPrecedes(digitsB) }
                i = endI
                j = endJ
                continue
            }
            if folded(a[i]) != folded(b[j]) { return folded(a[i]) < folded(b[j]) }
            i += 1
            j += 1
        }
        if a.count - i != b.count - j { return a.count - i < b.count - j }
        return a.lexicographicallyPrecedes(b)
    }
}

/// The note `resolve` prints once per run when printed values depend on what only Xcode knows
/// (``UnknowableValue``); with `--strict`, an error and status 1.
enum UnknowableNote {
    /// How many settings the note names before `and N more`.
    static let namedLimit = 5

    /// Prints the note for `values` (duplicates dropped) and returns whether the status must be 1.
    static func report(_ values: [UnknowableValue], strict: Bool, context: CommandContext) -> Bool {
        var seen: Set<String> = []
        let unique = values.filter { seen.insert($0.setting).inserted }
        guard !unique.isEmpty else { return false }
        var listed = unique.prefix(namedLimit).map { "\($0.setting) (\($0.reason))" }.joined(separator: "; ")
        if unique.count > namedLimit { listed += "; and \(unique.count - namedLimit) more" }
        let count = unique.count == 1 ? "1 value depends" : "\(unique.count) values depend"
        let message = "\(count) on what only Xcode and its SDK know, so xcodebuild may print otherwise: \(listed)"
        if strict {
            context.diagnostics.printError(message)
        } else {
            context.diagnostics.output.write(context.diagnostics.standalone(message, severity: .note))
        }
        return strict
    }
}
