import XCConfig
import XCConfigSyntax

/// The choices of ``XCConfigFormatter``, all off by default, read from `.xcconfig-format.json`
/// or from the `format` key of `.xcconfig-lint.json`:
///
/// ```json
/// {"align_equals": true, "sort_conditions": true}
/// ```
public struct FormatOptions: Sendable, Hashable {
    /// The file name looked up from the current directory upwards, before the lint configuration.
    public static let fileName = ".xcconfig-format.json"
    /// The key of the lint configuration that holds the same object.
    public static let lintConfigurationKey = "format"

    /// Pads the name and conditions of each assignment in a block of consecutive assignments so
    /// that their `=` line up.
    public var alignEquals: Bool
    /// Writes conditions in `[sdk=…][arch=…][config=…]` order, other parameters after them in
    /// the order written. Xcode requires every condition to match, so the order means nothing.
    public var sortConditions: Bool

    public init(alignEquals: Bool = false, sortConditions: Bool = false) {
        self.alignEquals = alignEquals
        self.sortConditions = sortConditions
    }

    static let keys = ["align_equals", "sort_conditions"]

    /// Reads `.xcconfig-format.json` at `path`, or the `format` object of the lint configuration
    /// at `path` when its name is ``LintConfiguration/fileName`` (defaults when it has none).
    /// Unknown keys and values of the wrong type come back as warnings at `path`.
    public static func load(
        _ path: String, fileSystem: any FileSystem
    ) throws(LintConfiguration.LoadError) -> (options: FormatOptions, diagnostics: [Diagnostic]) {
        let bytes: [UInt8]
        do { bytes = try fileSystem.read(path) } catch {
            throw LintConfiguration.LoadError(path: path, message: "cannot read the format configuration: \(error)")
        }
        let json: JSONValue
        do { json = try JSONParser.parse(bytes) } catch {
            throw LintConfiguration.LoadError(path: path, message: "invalid JSON at \(error.line):\(error.column): \(error.message)")
        }
        guard let members = json.objectMembers else {
            throw LintConfiguration.LoadError(path: path, message: "expected a JSON object, found \(json.typeDescription)")
        }
        if Path.basename(path) == LintConfiguration.fileName {
            // The lint configuration warns about the rest of its keys when lint reads it.
            guard let format = members.first(where: { $0.key == lintConfigurationKey }) else { return (FormatOptions(), []) }
            return parse(format.value, path: path, key: "'\(lintConfigurationKey)'")
        }
        return parse(json, path: path, key: nil)
    }

    /// The options of a JSON object; `key` names where it stands for warnings (`'format'`).
    package static func parse(_ value: JSONValue, path: String, key: String?) -> (options: FormatOptions, diagnostics: [Diagnostic]) {
        var options = FormatOptions()
        var diagnostics: [Diagnostic] = []
        func warn(_ message: String) {
            diagnostics.append(Diagnostic(severity: .warning, message: message, file: path))
        }
        guard let members = value.objectMembers else {
            warn("\(key ?? "the format configuration") must be an object such as {\"align_equals\": true}, not \(value.typeDescription)")
            return (options, diagnostics)
        }
        for member in members {
            guard keys.contains(member.key) else {
                var message = "unknown key '\(member.key)'" + (key.map { " in \($0)" } ?? "")
                if let suggestion = NearMiss.suggestion(for: member.key, in: keys) { message += "; did you mean '\(suggestion)'?" }
                else { message += "; expected one of \(keys.map { "'\($0)'" }.joined(separator: ", "))" }
                warn(message)
                continue
            }
            guard let flag = member.value.boolValue else {
                warn("'\(member.key)' must be true or false, not \(member.value.typeDescription)")
                continue
            }
            if member.key == "align_equals" { options.alignEquals = flag } else { options.sortConditions = flag }
        }
        return (options, diagnostics)
    }

    /// The configuration file that applies in `directory`: in the nearest directory, up to the
    /// repository root (the first directory holding `.git`) or the file-system root, that holds
    /// `.xcconfig-format.json` or `.xcconfig-lint.json`; the former when it holds both.
    public static func find(from directory: String, fileSystem: any FileSystem) -> String? {
        var current = Path.normalize(directory)
        while true {
            for name in [fileName, LintConfiguration.fileName] {
                let candidate = Path.join(current, name)
                if fileSystem.kind(of: candidate) == .file { return candidate }
            }
            if fileSystem.exists(Path.join(current, ".git")) || current == "/" { return nil }
            let parent = Path.directory(of: current)
            if parent == current { return nil }
            current = parent
        }
    }
}
