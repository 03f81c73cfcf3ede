import XCConfigSyntax

/// One example of a rule: a configuration file, with `↓` marking every place the rule reports.
///
/// The main file is `Example.xcconfig`; `files` adds others next to it (an included file, a
/// per-developer local file) so examples can show rules about includes. A `project.pbxproj` or
/// `project.xcproj` among `files` (inside an `.xcodeproj` folder) makes the example a project
/// example: it is linted as with `--project`. A `↓` marks the byte where a finding of the rule
/// is expected, in the main file or in any extra file (a project file included); the markers
/// are removed before the text is linted.
public struct RuleExample: Sendable, Hashable {
    /// The main file's text, markers included.
    public var code: String
    /// Other files by name relative to the main file's directory, markers allowed.
    public var files: [String: String]
    /// Paths (relative to the example directory) that the example's git work tree tracks;
    /// `nil` when the example is outside a work tree.
    public var gitTracked: [String]?
    /// Paths (relative to the example directory) that the example's `.gitignore` ignores.
    public var gitIgnored: [String]
    /// For a triggering example with a fix: the main file after `--fix`.
    public var corrected: String?

    /// An example whose main file is `code`.
    public init(
        _ code: String,
        files: [String: String] = [:],
        gitTracked: [String]? = nil,
        gitIgnored: [String] = [],
        corrected: String? = nil
    ) {
        self.code = code
        self.files = files
        self.gitTracked = gitTracked
        self.gitIgnored = gitIgnored
        self.corrected = corrected
    }

    /// The `.xcodeproj` among ``files`` (relative to the example directory) that the example is
    /// linted with, as with `--project`; `nil` for an example without a project.
    public var projectPath: String? {
        for name in files.keys.sorted() {
            for projectFile in ["/project.pbxproj", "/project.xcproj"] where name.hasSuffix(projectFile) {
                let bundle = String(name.dropLast(projectFile.count))
                if bundle.hasSuffix(".xcodeproj") { return bundle }
            }
        }
        return nil
    }

    /// The marker that shows where a finding is expected.
    public static let marker = "↓"

    /// `text` without its markers, and the byte offsets the markers stood at.
    public static func strippingMarkers(_ text: String) -> (text: String, offsets: [Int]) {
        var bytes: [UInt8] = []
        var offsets: [Int] = []
        let marker = Array(marker.utf8)
        let input = Array(text.utf8)
        var index = 0
        while index < input.count {
            if input[index] == marker[0], index + marker.count <= input.count,
               Array(input[index..<index + marker.count]) == marker {
                offsets.append(bytes.count)
                index += marker.count
            } else {
                bytes.append(input[index])
                index += 1
            }
        }
        return (String(decoding: bytes, as: UTF8.self), offsets)
    }
}

/// What a rule is: its stable identifier, what it finds, why that matters, and examples.
///
/// The descriptions feed `xcconfig lint --rules`, `--explain`, the SARIF rule metadata and the
/// test that runs every example of every rule.
public struct RuleDescription: Sendable {
    /// The stable identifier users name in configurations and suppressions (`comment-in-value`).
    public var identifier: String
    /// A short human name (`Comment in value`).
    public var name: String
    /// One sentence: what the rule finds.
    public var summary: String
    /// Why it matters: what Xcode does with such input.
    public var rationale: String
    /// The severity of its findings unless configured otherwise.
    public var defaultSeverity: Severity
    /// `true` when the rule runs only if `opt_in_rules` names it.
    public var isOptIn: Bool
    /// `true` when the rule offers a safe rewrite for `--fix`.
    public var isCorrectable: Bool
    /// Inputs the rule reports, with `↓` at each expected finding.
    public var triggeringExamples: [RuleExample]
    /// Inputs the rule leaves alone.
    public var nonTriggeringExamples: [RuleExample]

    public init(
        identifier: String,
        name: String,
        summary: String,
        rationale: String,
        defaultSeverity: Severity = .warning,
        isOptIn: Bool = false,
        isCorrectable: Bool = false,
        triggeringExamples: [RuleExample],
        nonTriggeringExamples: [RuleExample]
    ) {
        self.identifier = identifier
        self.name = name
        self.summary = summary
        self.rationale = rationale
        self.defaultSeverity = defaultSeverity
        self.isOptIn = isOptIn
        self.isCorrectable = isCorrectable
        self.triggeringExamples = triggeringExamples
        self.nonTriggeringExamples = nonTriggeringExamples
    }
}
