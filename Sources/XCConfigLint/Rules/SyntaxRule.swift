import XCConfigSyntax

/// `syntax`: every line Xcode's parser rejects, on the same line, with Xcode's message.
///
/// Xcode drops a rejected line silently in most places (the setting simply is not set), so a
/// typo such as `FOO += bar` or a leading byte-order mark loses assignments without a build
/// error. A leading BOM gets its own explanation, because the message Xcode would give
/// (`unexpected character ‘ï’`) does not say what to do. A binary file gets one finding rather
/// than one per line (``SyntaxTree/binaryFileDiagnostic``).
struct SyntaxRule: LintRule {
    static let description = RuleDescription(
        identifier: "syntax",
        name: "Syntax",
        summary: "Lines Xcode's xcconfig parser rejects.",
        rationale: "Xcode skips a line it cannot parse, so the assignment on it never takes effect.",
        defaultSeverity: .error,
        triggeringExamples: [
            RuleExample("FOO ↓+= bar\n"),
            RuleExample("↓/* comment */ A = 1\n"),
            RuleExample("A↓.B = 3\n"),
            RuleExample("#↓import \"Other.xcconfig\"\n"),
            RuleExample("↓\u{FEFF}FOO = 1\nBAR = 2\n"),
            RuleExample("A[sdk↓]=1\n"),
        ],
        nonTriggeringExamples: [
            RuleExample("FOO = $(inherited) bar\n"),
            RuleExample("A = 1 /* not a comment, part of the value */\n"),
            RuleExample("  #  include?   \"Local.xcconfig\"   // optional\n"),
            RuleExample("A[sdk=iphoneos*][arch=arm64] = 1\n"),
        ]
    )

    func check(_ file: LintFile, in context: LintContext) -> [Finding] {
        var findings: [Finding] = []
        let bytes = file.tree.bytes
        if let binary = file.tree.binaryFileDiagnostic {
            return [file.finding(at: 0, binary.message)]
        }
        let hasBOM = SyntaxExplanation.startsWithByteOrderMark(bytes)
        for statement in file.tree.statements {
            guard case .invalid(let diagnostic) = statement.kind else { continue }
            let location = diagnostic.location ?? statement.range.start
            if hasBOM && statement.range.startOffset == 0 {
                findings.append(file.finding(at: 0, SyntaxExplanation.byteOrderMark(diagnostic.message), statement: statement))
                continue
            }
            let offset = file.tree.lineStarts[location.line - 1] + location.column - 1
            findings.append(file.finding(at: min(offset, bytes.count), diagnostic.message + SyntaxExplanation.hint(for: diagnostic.message), statement: statement))
        }
        return findings
    }
}

/// The explanations `syntax` adds to the parser's messages, shared with the commands that
/// print the parser's diagnostics themselves (`resolve`, `explain`, `expand`).
public enum SyntaxExplanation {
    /// The message for the first line of a file that starts with a UTF-8 byte-order mark,
    /// which Xcode rejects as `parserMessage` says.
    public static func byteOrderMark(_ parserMessage: String) -> String {
        "the file starts with a UTF-8 byte-order mark, which Xcode does not skip: it rejects the whole first line (\(parserMessage)); save the file as UTF-8 without a BOM"
    }

    /// `true` when `bytes` start with a UTF-8 byte-order mark.
    public static func startsWithByteOrderMark(_ bytes: some Collection<UInt8>) -> Bool {
        bytes.starts(with: [0xEF, 0xBB, 0xBF])
    }

    /// What to do about the most common mistakes.
    public static func hint(for message: String) -> String {
        if message.hasSuffix("found +") { return "; xcconfig files have no '+=': write `NAME = $(inherited) value`" }
        if message.hasSuffix("‘/’") { return "; only `//` comments exist in xcconfig files" }
        if message.hasPrefix("unsupported preprocessor directive ‘include\"") { return "; put a space between `#include` and the quoted file name" }
        if message.hasPrefix("unsupported preprocessor directive") { return "; only `#include \"FILE\"` and `#include? \"FILE\"` exist" }
        if message.hasSuffix("found -") || message.hasSuffix("found .") { return "; setting names hold only letters, digits and '_'" }
        return ""
    }
}
