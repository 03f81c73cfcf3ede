import XCConfig
import XCConfigSyntax

/// The include loader's diagnostics of every root, each once, with the offset of the
/// directive they concern (shared by `missing-include` and `include-cycle`).
enum IncludeDiagnostics {
    /// `(file, offset, diagnostic)` for every include diagnostic of `severity`.
    static func collect(in context: LintContext, severity: Severity) -> [Finding] {
        var findings: [Finding] = []
        var seen = Set<String>()
        for root in context.roots {
            guard let load = context.loads[root] else { continue }
            var includeLocations = Set<String>()
            for edge in load.includes {
                if let path = load.path(ofFile: edge.includerIndex) {
                    includeLocations.insert("\(path)\u{0}\(edge.location.line)\u{0}\(edge.location.column)")
                }
            }
            for diagnostic in load.diagnostics where diagnostic.severity == severity {
                guard let path = diagnostic.file, let location = diagnostic.location,
                      includeLocations.contains("\(path)\u{0}\(location.line)\u{0}\(location.column)"),
                      let file = context.files[path] else { continue }
                let offset = file.tree.lineStarts[location.line - 1] + location.column - 1
                guard seen.insert("\(path)\u{0}\(offset)\u{0}\(diagnostic.message)").inserted else { continue }
                let statement = file.tree.statements.first { $0.range.offsets.contains(offset) }
                findings.append(file.finding(at: offset, diagnostic.message, notes: diagnostic.notes, statement: statement))
            }
        }
        return findings
    }
}

/// `missing-include`: an `#include` whose file cannot be found, or any include that exists but
/// cannot be read.
///
/// Xcode reports these as errors (semantics §2.2), with the same messages, at the including
/// file's directive; `#include?` is silent only while its file does not exist. A file that a
/// known tool generates (CocoaPods, Flutter, Carthage, Tuist) is named with the command that
/// writes it; `ignore_missing_includes` and `exclude` globs that match the target silence it.
struct MissingIncludeRule: LintRule {
    static let description = RuleDescription(
        identifier: "missing-include",
        name: "Missing include",
        summary: "Includes whose file cannot be found or read.",
        rationale: "Xcode fails the build with this error, and every setting of the missing file is lost.",
        defaultSeverity: .error,
        triggeringExamples: [
            RuleExample("#include ↓\"Missing.xcconfig\"\n"),
            RuleExample("#include ↓\"Shared\"\n#include? \"Local.xcconfig\"\n"),
            RuleExample("#include \"Base.xcconfig\"\n", files: ["Base.xcconfig": "#include ↓\"Gone.xcconfig\"\n"]),
            RuleExample("#include ↓\"version.public.xcconfig\"\n", files: ["Version.Public.xcconfig": "A = 1\n"]),
        ],
        nonTriggeringExamples: [
            RuleExample("#include? \"Local.xcconfig\"\n"),
            RuleExample("#include \"Base.xcconfig\"\n", files: ["Base.xcconfig": "A = 1\n"]),
            RuleExample("#include \"Base\"\n", files: ["Base.xcconfig": "A = 1\n"]),
        ]
    )

    func checkAll(in context: LintContext) -> [Finding] {
        Self.missing(in: context) + Self.caseOnlyMatches(in: context)
    }

    /// Includes that were found only because the volume ignores case (macOS's default): the
    /// name differs from the file's in case, so a case-sensitive checkout (Linux CI) fails.
    static func caseOnlyMatches(in context: LintContext) -> [Finding] {
        var findings: [Finding] = []
        var seen = Set<String>()
        var listings: [String: [String]] = [:]
        for root in context.roots {
            guard let load = context.loads[root] else { continue }
            for edge in load.includes where edge.outcome == .included {
                guard let resolved = edge.resolvedPath, let includer = load.path(ofFile: edge.includerIndex),
                      let file = context.files[includer],
                      seen.insert("\(includer)\u{0}\(edge.directive.pathRange.startOffset)").inserted else { continue }
                let directory = Path.directory(of: resolved)
                if listings[directory] == nil { listings[directory] = (try? context.fileSystem.contents(ofDirectory: directory)) ?? [] }
                let names = listings[directory]!
                let name = Path.basename(resolved)
                guard !names.isEmpty, !names.contains(name),
                      let actual = names.sorted().first(where: { $0.lowercased() == name.lowercased() }) else { continue }
                let statement = file.tree.statements.first { $0.range.offsets.contains(edge.directive.pathRange.startOffset) }
                findings.append(file.finding(
                    at: edge.directive.pathRange.startOffset - 1, caseOnlyMessage(edge.directive.path, actual), statement: statement))
            }
        }
        return findings
    }

    /// The message for an include whose name matches `actual` only ignoring case.
    static func caseOnlyMessage(_ written: String, _ actual: String) -> String {
        "included file '\(written)' matches '\(actual)' only ignoring case; it builds on case-insensitive volumes "
            + "(macOS's default) only, and fails on case-sensitive ones such as Linux CI; write '\(actual)'"
    }

    /// The include loader's errors, explained.
    static func missing(in context: LintContext) -> [Finding] {
        IncludeDiagnostics.collect(in: context, severity: .error).compactMap { finding in
            var finding = finding
            guard finding.message.hasPrefix("could not find included file"), !finding.message.contains("developer directory"),
                  let file = context.files[finding.file],
                  let directive = file.includes.first(where: { $0.statement.range.startOffset == finding.statementOffset })?.directive
            else { return finding }
            let target = Path.absolute(directive.path, relativeTo: Path.directory(of: finding.file))
            if context.configuration.ignoresMissingInclude(target, written: directive.path) { return nil }
            if let actual = Self.caseOnlyMatch(of: target, fileSystem: context.fileSystem) {
                finding.message = caseOnlyMessage(directive.path, actual)
            } else if let generator = GeneratedFile.generator(of: target) {
                finding.message += "; it is generated by \(generator), so run that first (or silence it with `ignore_missing_includes`)"
            } else {
                finding.message += "; check the name, or write `#include?` if the file is optional"
            }
            return finding
        }
    }
}

extension MissingIncludeRule {
    /// The name of the file in `target`'s directory that equals its name (or its name plus
    /// `.xcconfig`) only ignoring case.
    static func caseOnlyMatch(of target: String, fileSystem: any FileSystem) -> String? {
        let name = Path.basename(target)
        let wanted = [name.lowercased(), (name + ".xcconfig").lowercased()]
        guard let names = try? fileSystem.contents(ofDirectory: Path.directory(of: target)) else { return nil }
        return names.sorted().first { $0 != name && wanted.contains($0.lowercased()) }
    }
}

/// Configuration files that a tool writes, which a fresh clone does not have yet: the
/// commonest reason for a missing include (most of the corpus's).
enum GeneratedFile {
    /// The command that writes `path` (absolute), in backticks, or `nil` when no known tool does.
    static func generator(of path: String) -> String? {
        let components = path.split(separator: "/").map(String.init)
        let name = components.last ?? ""
        let parent = components.dropLast().last ?? ""
        if components.contains("Pods") || name.hasPrefix("Pods-") { return "`pod install` (CocoaPods)" }
        if components.contains("ephemeral") && components.contains(where: { $0.hasPrefix("Flutter") || $0 == "flutter" })
            || (parent == "Flutter" && name == "Generated.xcconfig") || name == "Flutter-Generated.xcconfig" {
            return "`flutter pub get` (Flutter)"
        }
        if components.contains("Carthage") { return "`carthage bootstrap` (Carthage)" }
        if components.contains("Derived") { return "`tuist generate` (Tuist)" }
        if components.contains("SourcePackages") { return "Xcode's package resolution (`xcodebuild -resolvePackageDependencies`)" }
        return nil
    }
}

/// `include-cycle`: an include that would form a cycle.
///
/// Xcode skips such an include with a warning (semantics §1.6) and goes on, so the settings
/// of the file are applied once rather than where the directive stands.
struct IncludeCycleRule: LintRule {
    static let description = RuleDescription(
        identifier: "include-cycle",
        name: "Include cycle",
        summary: "Includes that would form a cycle, which Xcode skips.",
        rationale: "Xcode skips an include that would loop; the skipped file's settings do not apply at that point.",
        triggeringExamples: [
            RuleExample("#include ↓\"Example.xcconfig\"\n"),
            RuleExample("#include \"B.xcconfig\"\n", files: ["B.xcconfig": "#include ↓\"Example.xcconfig\"\n"]),
        ],
        nonTriggeringExamples: [
            RuleExample("#include \"B.xcconfig\"\n#include \"C.xcconfig\"\n",
                        files: ["B.xcconfig": "#include \"D.xcconfig\"\n", "C.xcconfig": "#include \"D.xcconfig\"\n", "D.xcconfig": "A = 1\n"]),
        ]
    )

    func checkAll(in context: LintContext) -> [Finding] {
        IncludeDiagnostics.collect(in: context, severity: .warning)
    }
}
