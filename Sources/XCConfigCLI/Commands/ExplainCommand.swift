import XCConfig
import XCConfigSyntax

/// `xcconfig explain NAME`: why a setting has its value (cli.md "xcconfig explain").
enum ExplainCommand: Command {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            name: "explain",
            abstract: "Show where a setting's value comes from.",
            discussion: """
                Takes the same inputs as resolve (without any, the only .xcodeproj in the current \
                directory). Prints the final value, then every assignment of \
                NAME from highest to lowest precedence: its level, file:line:column, its conditions \
                and whether they match the context, its raw text and what it contributes. The winner \
                is marked with *. Under each assignment, every referenced setting and every \
                $(inherited) is shown with the assignment it reached and its value, recursively. \
                A name inside a composed reference that is set nowhere is named (unset: …), and for a \
                file included more than once each include chain is shown. NAME comes first; a file in \
                its place is a usage error.

                EXAMPLE:
                  xcconfig explain OTHER_LDFLAGS App.xcconfig -c Release --sdk iphoneos
                """,
            options: OptionSpec.evaluationContext + OptionSpec.levels + [
                .value("format", valueName: "format", allowed: ["text", "json"], default: "text", help: "The output format."),
            ],
            positionals: [
                PositionalSpec("name", help: "The setting to explain."),
                PositionalSpec("file", help: "Configuration files of the target-xcconfig level, read in order.", isOptional: true, isRepeatable: true),
            ],
            acceptsOverrides: true,
            showsLimits: true
        )
    }

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitStatus {
        let name = arguments.positional("name")!
        if CommandLineOverride.parse(name + "=") == nil {
            // `xcconfig explain App.xcconfig`: the file given where the setting name belongs.
            if context.fileSystem.kind(of: context.absolutePath(name)) != nil || name.hasSuffix(".xcconfig") {
                throw UsageError("'\(name)' is a file, not a setting name; explain takes NAME first: xcconfig explain NAME \(name)")
            }
            throw UsageError("'\(name)' is not a setting name; explain takes NAME first: xcconfig explain NAME [FILE...]")
        }
        let files = arguments.positionals("file")
        let arguments = try StackArguments.defaultingToProject(arguments, files: files, context: context)
        let stack = try StackArguments(arguments, files: files, context: context).load()
        context.diagnostics.print(StackArguments.explained(stack.loadDiagnostics, context: context))
        let explanation = stack.resolver.explain(name)
        context.diagnostics.print(stack.resolver.diagnostics)
        var failed = stack.diagnostics.contains { $0.severity == .error }
        if explanation.assignments.isEmpty {
            context.diagnostics.printError("'\(name)' is not assigned at any level" + ResolveCommand.settingSuggestion(name, resolver: stack.resolver))
            failed = true
        }
        let notes = ExplainNotes(stack: stack)
        if arguments.value("format") == "json" {
            context.print(json(explanation, notes: notes, context: context).serialized(pretty: true))
        } else {
            context.standardOutput.write(text(explanation, notes: notes, context: context))
        }
        return failed ? .failure : .success
    }

    static func text(_ explanation: Explanation, notes: ExplainNotes, context: CommandContext) -> String {
        var output = "\(explanation.name) = \(explanation.value)\n"
        if explanation.assignments.isEmpty { return output }
        output += "\nAssignments, highest precedence first:\n"
        var chainsShown: Set<String> = []
        for assignment in explanation.assignments {
            let info = assignment.info
            let marker = assignment.isWinner ? "*" : " "
            var heading = "\(marker) \(info.level.rawValue)"
            if let location = ResolveOutput.locationText(info, context: context) { heading += "  \(location)" }
            if !info.conditions.isEmpty {
                heading += "  \(info.conditionSuffix) " + (info.matchesContext ? "(matches)" : "(does not match)")
            } else if !info.matchesContext {
                heading += "  (ignored)"
            }
            output += heading + "\n"
            output += "      raw:   \(info.rawValue)\n"
            if let contribution = assignment.contribution {
                let cut = assignment.contributionIsTruncated ? "… (cut: explain shows at most \(Limits.maximumExplanationSize / (1024 * 1024)) MiB of values)" : ""
                output += "      value: \(contribution)\(cut)\(assignment.isWinner ? "" : "  (shadowed)")\n"
            }
            for (name, reference) in notes.unsetNames(in: info.rawValue) {
                output += "      unset: \(name) is not set (in \(reference))\n"
            }
            let chains = notes.includeChains(of: info.file, context: context)
            if chains.count > 1 {
                // Each file's chains once: a file included 3,000 times holds many assignments.
                if let file = info.file, !chainsShown.insert(file).inserted {
                    output += "      included \(chains.count) times (chains shown above)\n"
                } else {
                    output += "      included \(chains.count) times:\n"
                    for chain in chains { output += "        " + chain + "\n" }
                }
            }
            if assignment.referencesShownAbove { output += "      references: shown above\n" }
            for reference in assignment.references { output += traceText(reference, depth: 3, context: context) }
        }
        return output
    }

    private static func traceText(_ trace: TracedEvaluation, depth: Int, context: CommandContext) -> String {
        let indent = String(repeating: "  ", count: depth)
        var line = "\(indent)\(trace.info.name) = \(trace.value)"
        if trace.isTruncated { line += "… (cut: explain shows at most \(Limits.maximumExplanationSize / (1024 * 1024)) MiB of values)" }
        line += "    <- \(trace.info.level.rawValue)"
        if let location = ResolveOutput.locationText(trace.info, context: context) { line += " " + location }
        if !trace.info.conditions.isEmpty { line += " " + trace.info.conditionSuffix }
        if trace.isRepeated { line += " (shown above)" }
        var output = line + "\n"
        for child in trace.references { output += traceText(child, depth: depth + 1, context: context) }
        return output
    }

    static func json(_ explanation: Explanation, notes: ExplainNotes, context: CommandContext) -> JSONValue {
        .object([
            JSONValue.Member("name", .string(explanation.name)),
            JSONValue.Member("value", .string(explanation.value)),
            JSONValue.Member("assignments", .array(explanation.assignments.map { assignment in
                var members = infoMembers(assignment.info, context: context)
                members.append(JSONValue.Member("winner", .bool(assignment.isWinner)))
                if let contribution = assignment.contribution {
                    members.append(JSONValue.Member("contribution", .string(contribution)))
                    if assignment.contributionIsTruncated { members.append(JSONValue.Member("contributionTruncated", .bool(true))) }
                }
                members.append(JSONValue.Member("references", .array(assignment.references.map { traceJSON($0, context: context) })))
                if assignment.referencesShownAbove { members.append(JSONValue.Member("referencesShownAbove", .bool(true))) }
                members.append(JSONValue.Member("unset", .array(notes.unsetNames(in: assignment.info.rawValue).map { .string($0.name) })))
                let chains = notes.includeChains(of: assignment.info.file, context: context)
                if chains.count > 1 { members.append(JSONValue.Member("includeChains", .array(chains.map(JSONValue.string)))) }
                return .object(members)
            })),
        ])
    }

    private static func traceJSON(_ trace: TracedEvaluation, context: CommandContext) -> JSONValue {
        var members = infoMembers(trace.info, context: context)
        members.append(JSONValue.Member("value", .string(trace.value)))
        if trace.isTruncated { members.append(JSONValue.Member("truncated", .bool(true))) }
        if trace.isRepeated { members.append(JSONValue.Member("shownAbove", .bool(true))) }
        members.append(JSONValue.Member("references", .array(trace.references.map { traceJSON($0, context: context) })))
        return .object(members)
    }

    private static func infoMembers(_ info: AssignmentInfo, context: CommandContext) -> [JSONValue.Member] {
        var members = [
            JSONValue.Member("setting", .string(info.name)),
            JSONValue.Member("level", .string(info.level.rawValue)),
        ]
        if let file = info.file { members.append(JSONValue.Member("file", .string(context.exactPath(file)))) }
        if let location = info.location {
            members.append(JSONValue.Member("line", .integer(location.line)))
            members.append(JSONValue.Member("column", .integer(location.column)))
        }
        if let keyPath = info.keyPath { members.append(JSONValue.Member("keyPath", .string(keyPath))) }
        members.append(JSONValue.Member("conditions", .string(info.conditionSuffix)))
        members.append(JSONValue.Member("matches", .bool(info.matchesContext)))
        members.append(JSONValue.Member("raw", .string(info.rawValue)))
        return members
    }
}

/// What `explain` adds under an assignment besides the trace: the settings a composed
/// reference reached that are not set (`$(SWIFT_VERSION_$(XCODE_VERSION_MAJOR))` with no
/// XCODE_VERSION_MAJOR), and, for a file included more than once, each include chain.
final class ExplainNotes {
    let stack: LoadedStack
    /// ``includeChains(of:context:)`` by file: every assignment of a file asks for the same.
    private var chainsByFile: [String: [String]] = [:]

    init(stack: LoadedStack) {
        self.stack = stack
    }

    /// `(name, reference)` for every name inside a composed reference of `raw` that is
    /// assigned at no level, in order, each once.
    func unsetNames(in raw: String) -> [(name: String, reference: String)] {
        guard raw.contains("$") else { return [] }
        var result: [(name: String, reference: String)] = []
        // `references` lists nested references too: each expression is visited once, or
        // `$($($(…B…)))` nested 100 deep would visit the innermost 2^100 times. A revisit could
        // add nothing, since the first visit recorded every unset name inside.
        var visited: Set<ObjectIdentifier> = []
        func visit(_ expression: Expression, composedIn outer: String?) {
            guard visited.insert(ObjectIdentifier(expression)).inserted else { return }
            let source = Array(expression.source.utf8)
            for reference in expression.references {
                let text = String(decoding: source[reference.range.clamped(to: 0..<source.count)], as: UTF8.self)
                if let name = reference.literalName {
                    if let outer, name != "inherited", name != "value", !stack.resolver.isAssigned(name),
                       !result.contains(where: { $0.name == name }) {
                        result.append((name, outer))
                    }
                } else {
                    visit(reference.name, composedIn: outer ?? text)
                }
                for op in reference.operators { if let operand = op.operand { visit(operand, composedIn: outer) } }
            }
        }
        visit(Expression(parsing: raw, semantics: .list), composedIn: nil)
        return result
    }

    /// `App.xcconfig:2 → Shared.xcconfig:1 → Base.xcconfig` for each time `file` was included
    /// at one level, the root first; fewer than two when it was included once.
    func includeChains(of file: String?, context: CommandContext) -> [String] {
        guard let file else { return [] }
        if let known = chainsByFile[file] { return known }
        var chains: [String] = []
        for (_, configuration) in stack.configurations {
            let edges = configuration.includes.filter { $0.outcome == .included && $0.resolvedPath == file }
            guard edges.count > 1 || !chains.isEmpty else { continue }
            // The edge that included each file first, looked up once rather than per link.
            var includedBy: [Int: (includerIndex: Int, line: Int)] = [:]
            for include in configuration.includes where include.outcome == .included {
                guard let target = include.targetIndex, includedBy[target] == nil else { continue }
                includedBy[target] = (include.includerIndex, include.location.line)
            }
            for edge in edges {
                var links = [context.displayPath(file)]
                var includer = edge.includerIndex
                var line = edge.location.line
                var seen = Set<Int>()
                while seen.insert(includer).inserted, let path = configuration.path(ofFile: includer) {
                    links.insert("\(context.displayPath(path)):\(line)", at: 0)
                    guard let parent = includedBy[includer] else { break }
                    includer = parent.includerIndex
                    line = parent.line
                }
                chains.append(links.joined(separator: " → "))
            }
        }
        chainsByFile[file] = chains
        return chains
    }
}
