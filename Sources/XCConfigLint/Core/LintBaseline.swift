import XCConfig
import XCConfigSyntax

/// Findings accepted as they are, so that only new ones fail CI (`xcconfig lint --baseline
/// FILE`, written by `--write-baseline FILE`), as SwiftLint's baseline does.
///
/// A finding is in the baseline when one entry has the same file, rule and message; the line is
/// recorded but not compared, and neither are the line numbers a message quotes, so that
/// editing lines above a finding does not bring it back.
/// Each entry accepts one finding (two identical findings need two entries). Files are recorded
/// relative to the baseline's directory, so the baseline works from any current directory.
///
/// ```json
/// {"version": 1, "findings": [{"file": "Config/App.xcconfig", "line": 3, "rule": "unknown-setting", "message": "…"}]}
/// ```
public struct LintBaseline: Sendable {
    /// What identifies a finding across edits.
    struct Key: Hashable {
        var file: String
        var rule: String
        var message: String
    }

    /// How many findings each key accepts.
    private var counts: [Key: Int]
    /// The directory file names are relative to.
    public let directory: String

    /// The baseline that accepts `diagnostics`, its files relative to `directory`.
    public init(accepting diagnostics: [Diagnostic], directory: String) {
        self.directory = directory
        counts = [:]
        for diagnostic in diagnostics { counts[key(diagnostic), default: 0] += 1 }
    }

    /// Reads the baseline at `path` (absolute).
    ///
    /// - Throws: ``LintError`` when it cannot be read or is not a baseline.
    public static func load(_ path: String, fileSystem: any FileSystem) throws(LintError) -> LintBaseline {
        let bytes: [UInt8]
        do { bytes = try fileSystem.read(path) } catch { throw LintError("cannot read the baseline '\(path)': \(error)") }
        let json: JSONValue
        do { json = try JSONParser.parse(bytes) } catch {
            throw LintError("\(path):\(error.line):\(error.column): the baseline is not valid JSON: \(error.message)")
        }
        guard let findings = json.objectMembers?.first(where: { $0.key == "findings" })?.value.arrayValue else {
            throw LintError("\(path): not a lint baseline (expected {\"version\": 1, \"findings\": [...]}); write one with --write-baseline")
        }
        var baseline = LintBaseline(accepting: [], directory: Path.directory(of: path))
        for entry in findings {
            let members = entry.objectMembers ?? []
            func string(_ name: String) -> String? { members.first { $0.key == name }?.value.stringValue }
            guard let file = string("file"), let rule = string("rule"), let message = string("message") else {
                throw LintError("\(path): every finding of a baseline needs \"file\", \"rule\" and \"message\"")
            }
            baseline.counts[Key(file: file, rule: rule, message: message), default: 0] += 1
        }
        return baseline
    }

    /// The findings of `diagnostics` the baseline does not accept, and how many it accepted.
    public func newFindings(in diagnostics: [Diagnostic]) -> (new: [Diagnostic], accepted: Int) {
        var remaining = counts
        var new: [Diagnostic] = []
        var accepted = 0
        for diagnostic in diagnostics {
            let key = key(diagnostic)
            if let count = remaining[key], count > 0 {
                remaining[key] = count - 1
                accepted += 1
            } else {
                new.append(diagnostic)
            }
        }
        return (new, accepted)
    }

    /// The baseline file accepting `diagnostics`, to be written in `directory`, sorted so that it
    /// diffs well.
    public static func serialized(_ diagnostics: [Diagnostic], directory: String) -> [UInt8] {
        let baseline = LintBaseline(accepting: [], directory: directory)
        let entries = diagnostics.map { diagnostic -> (Key, Int) in (baseline.key(diagnostic), diagnostic.location?.line ?? 0) }
            .sorted { a, b in
                if a.0.file != b.0.file { return a.0.file.utf8.lexicographicallyPrecedes(b.0.file.utf8) }
                if a.1 != b.1 { return a.1 < b.1 }
                if a.0.rule != b.0.rule { return a.0.rule < b.0.rule }
                return a.0.message < b.0.message
            }
        let findings: [JSONValue] = entries.map { key, line in
            .object([
                .init("file", .string(key.file)),
                .init("line", .integer(line)),
                .init("rule", .string(key.rule)),
                .init("message", .string(key.message)),
            ])
        }
        let json = JSONValue.object([.init("version", .integer(1)), .init("findings", .array(findings))])
        return Array((json.serialized(pretty: true) + "\n").utf8)
    }

    private func key(_ diagnostic: Diagnostic) -> Key {
        let file = diagnostic.file.map { Path.display($0, relativeTo: directory) } ?? ""
        return Key(file: file, rule: diagnostic.rule ?? "", message: Self.withoutLineNumbers(diagnostic.message))
    }

    /// `message` with the line numbers it quotes ("Base.xcconfig:2", "the assignment on line 11")
    /// written `#`: an edit above the line a message points at must not bring the finding back.
    static func withoutLineNumbers(_ message: String) -> String {
        var result = ""
        var digits = ""
        func flush(_ quotesALine: Bool) {
            result += quotesALine ? "#" : digits
            digits = ""
        }
        var quotesALine = false
        for character in message {
            if character.isASCII, character.isNumber {
                if digits.isEmpty { quotesALine = result.hasSuffix("line ") || Self.endsWithFileColon(result) }
                digits.append(character)
            } else {
                if !digits.isEmpty { flush(quotesALine) }
                result.append(character)
            }
        }
        if !digits.isEmpty { flush(quotesALine) }
        return result
    }

    /// Whether `text` ends with `NAME:` or `NAME:#:`, a file name or a line that a number follows.
    private static func endsWithFileColon(_ text: String) -> Bool {
        guard text.hasSuffix(":"), let before = text.dropLast().last else { return false }
        return before.isLetter || before == "#"
    }
}
