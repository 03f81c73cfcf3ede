import XCConfig
import XCConfigSyntax

/// The contents of a `.xcconfig-lint.json` file (cli.md `xcconfig lint`):
///
/// ```json
/// {"disabled_rules": [], "opt_in_rules": [], "severity": {"RULE": "error"}, "exclude": ["glob"],
///  "ignore_missing_includes": ["glob"]}
/// ```
public struct LintConfiguration: Sendable, Hashable {
    /// The file name looked up from the current directory upwards.
    public static let fileName = ".xcconfig-lint.json"

    /// Rules that do not run.
    public var disabledRules: Set<String>
    /// Opt-in rules that run.
    public var optInRules: Set<String>
    /// Severities that replace rules' defaults.
    public var severities: [String: Severity]
    /// Globs of paths not to search, relative to ``baseDirectory``.
    public var exclude: [String]
    /// Globs of include targets whose absence `missing-include` does not report (files a tool
    /// generates, such as `**/Pods/**`), relative to ``baseDirectory`` or as written in the
    /// directive. ``exclude`` globs silence them too.
    public var ignoreMissingIncludes: [String]
    /// The directory of the configuration file; `exclude` globs are relative to it.
    public var baseDirectory: String?

    public init(
        disabledRules: Set<String> = [],
        optInRules: Set<String> = [],
        severities: [String: Severity] = [:],
        exclude: [String] = [],
        ignoreMissingIncludes: [String] = [],
        baseDirectory: String? = nil
    ) {
        self.ignoreMissingIncludes = ignoreMissingIncludes
        self.disabledRules = disabledRules
        self.optInRules = optInRules
        self.severities = severities
        self.exclude = exclude
        self.baseDirectory = baseDirectory
    }

    /// `true` when `rule` runs under this configuration.
    public func isEnabled(_ rule: RuleDescription) -> Bool {
        if disabledRules.contains(rule.identifier) { return false }
        return !rule.isOptIn || optInRules.contains(rule.identifier)
    }

    /// The severity of `rule`'s findings: the configured one, else the rule's default.
    public func severity(of rule: RuleDescription) -> Severity {
        severities[rule.identifier] ?? rule.defaultSeverity
    }

    /// `true` when a missing include of `target` (absolute; `written` is the directive's path)
    /// is not to be reported: an `ignore_missing_includes` or `exclude` glob matches it.
    public func ignoresMissingInclude(_ target: String, written: String) -> Bool {
        let globs = (ignoreMissingIncludes + exclude).map(Glob.init)
        guard !globs.isEmpty else { return false }
        var candidates = [written]
        if let base = baseDirectory {
            let relative = Path.display(target, relativeTo: base)
            if relative != target { candidates.append(relative) }
        }
        return globs.contains { glob in candidates.contains { glob.matches($0) } }
    }

    /// A configuration file that cannot be used at all (unreadable, not JSON, not an object).
    public struct LoadError: Error, Sendable, CustomStringConvertible {
        /// The configuration file.
        public var path: String
        /// Why it cannot be used.
        public var message: String
        public var description: String { "\(path): \(message)" }
    }

    /// Reads the configuration at `path`. Unknown keys, unknown rule names and values of the
    /// wrong type are not ignored: they come back as warnings at `path`, and the rest of the
    /// file still applies.
    public static func load(
        _ path: String,
        fileSystem: any FileSystem,
        knownRules: Set<String> = RuleRegistry.identifiers
    ) throws(LoadError) -> (configuration: LintConfiguration, diagnostics: [Diagnostic]) {
        let bytes: [UInt8]
        do { bytes = try fileSystem.read(path) } catch {
            throw LoadError(path: path, message: "cannot read the lint configuration: \(error)")
        }
        return try parse(bytes, path: path, knownRules: knownRules)
    }

    /// Parses configuration JSON; see ``load(_:fileSystem:knownRules:)``.
    public static func parse(
        _ bytes: [UInt8],
        path: String,
        knownRules: Set<String> = RuleRegistry.identifiers
    ) throws(LoadError) -> (configuration: LintConfiguration, diagnostics: [Diagnostic]) {
        let json: JSONValue
        do { json = try JSONParser.parse(bytes) } catch {
            throw LoadError(path: path, message: "invalid JSON at \(error.line):\(error.column): \(error.message)")
        }
        guard let members = json.objectMembers else {
            throw LoadError(path: path, message: "expected a JSON object, found \(json.typeDescription)")
        }
        var configuration = LintConfiguration(baseDirectory: Path.directory(of: path))
        var diagnostics: [Diagnostic] = []
        func warn(_ message: String) {
            diagnostics.append(Diagnostic(severity: .warning, message: message, file: path))
        }
        func ruleNames(_ value: JSONValue, key: String) -> Set<String> {
            guard let array = value.arrayValue else {
                warn("'\(key)' must be an array of rule identifiers, not \(value.typeDescription)")
                return []
            }
            var names = Set<String>()
            for element in array {
                guard let name = element.stringValue else {
                    warn("'\(key)' must contain rule identifiers (strings), not \(element.typeDescription)")
                    continue
                }
                if knownRules.contains(name) { names.insert(name) } else { warn(unknownRuleMessage(name, in: key, knownRules: knownRules)) }
            }
            return names
        }
        for member in members {
            switch member.key {
            case "disabled_rules":
                configuration.disabledRules = ruleNames(member.value, key: member.key)
            case "opt_in_rules":
                configuration.optInRules = ruleNames(member.value, key: member.key)
            case "severity":
                guard let entries = member.value.objectMembers else {
                    warn("'severity' must be an object mapping rule identifiers to \"warning\" or \"error\", not \(member.value.typeDescription)")
                    continue
                }
                for entry in entries {
                    guard knownRules.contains(entry.key) else {
                        warn(unknownRuleMessage(entry.key, in: "severity", knownRules: knownRules))
                        continue
                    }
                    guard let text = entry.value.stringValue, let severity = Severity(rawValue: text), severity != .note else {
                        warn("severity of '\(entry.key)' must be \"warning\" or \"error\", not \(entry.value.serialized(pretty: false))")
                        continue
                    }
                    configuration.severities[entry.key] = severity
                }
            case "exclude", "ignore_missing_includes":
                guard let array = member.value.arrayValue else {
                    warn("'\(member.key)' must be an array of globs, not \(member.value.typeDescription)")
                    continue
                }
                for element in array {
                    guard let glob = element.stringValue else {
                        warn("'\(member.key)' must contain globs (strings), not \(element.typeDescription)")
                        continue
                    }
                    if member.key == "exclude" { configuration.exclude.append(glob) } else { configuration.ignoreMissingIncludes.append(glob) }
                }
            default:
                let keys = ["disabled_rules", "opt_in_rules", "severity", "exclude", "ignore_missing_includes"]
                var message = "unknown key '\(member.key)'"
                if let suggestion = NearMiss.suggestion(for: member.key, in: keys) { message += "; did you mean '\(suggestion)'?" }
                else { message += "; expected one of \(keys.map { "'\($0)'" }.joined(separator: ", "))" }
                warn(message)
            }
        }
        return (configuration, diagnostics)
    }

    private static func unknownRuleMessage(_ name: String, in key: String, knownRules: Set<String>) -> String {
        var message = "unknown rule '\(name)' in '\(key)'"
        if let suggestion = NearMiss.suggestion(for: name, in: knownRules.sorted()) { message += "; did you mean '\(suggestion)'?" }
        else { message += "; `xcconfig lint --rules` lists them" }
        return message
    }

    /// The configuration file that applies in `directory`: `.xcconfig-lint.json` there or in an
    /// ancestor, stopping at the repository root (the first directory holding `.git`) or at the
    /// file-system root outside a repository.
    public static func find(from directory: String, fileSystem: any FileSystem) -> String? {
        var current = Path.normalize(directory)
        while true {
            let candidate = Path.join(current, fileName)
            if fileSystem.kind(of: candidate) == .file { return candidate }
            if fileSystem.exists(Path.join(current, ".git")) || current == "/" { return nil }
            let parent = Path.directory(of: current)
            if parent == current { return nil }
            current = parent
        }
    }
}
