import XCConfigSyntax

/// The `// xcconfig-lint:` comments of one file and the lines they silence.
///
/// - `disable RULE[,RULE]` silences from its line to the end of the file or to a matching
///   `enable RULE[,RULE]`;
/// - `disable-next-line RULE` silences the statement on the next line (all its lines, when
///   the value continues with `\`);
/// - `disable-line RULE`, as the comment of a statement, silences that statement.
///
/// `all` stands for every rule.
public struct Suppressions: Sendable {
    /// Per rule (or `all`), the silenced line ranges.
    private var ranges: [String: [ClosedRange<Int>]] = [:]
    /// Problems with the comments themselves (an unknown rule name, an unknown command).
    public private(set) var problems: [Finding] = []

    /// The prefix of every command.
    public static let prefix = "xcconfig-lint:"

    /// Reads the commands of `file`; rule names not in `knownRules` are reported.
    public init(_ file: LintFile, knownRules: Set<String>) {
        let tree = file.tree
        guard tree.bytes.count >= Self.prefix.utf8.count, Self.containsPrefix(tree.bytes) else { return }
        let lastLine = max(tree.lineStarts.count, 1)
        var open: [String: Int] = [:]
        let statements = tree.statements
        for (index, statement) in statements.enumerated() {
            for comment in Self.comments(of: statement, in: tree) {
                let text = tree.text(comment)
                guard let command = Self.parse(text) else { continue }
                let commentLine = comment.start.line
                var rules: [String] = []
                for name in command.rules {
                    if name == "all" || knownRules.contains(name) { rules.append(name) } else {
                        var message = "unknown rule '\(name)' in xcconfig-lint comment"
                        if let suggestion = NearMiss.closest(to: name, in: knownRules.sorted()) { message += "; did you mean '\(suggestion)'?" }
                        problems.append(file.finding(at: comment.startOffset, message))
                    }
                }
                if command.rules.isEmpty {
                    problems.append(file.finding(at: comment.startOffset, "xcconfig-lint:\(command.verb) needs the rules it applies to, or 'all'"))
                }
                let statementLines = statement.range.start.line...Self.lastLine(of: statement)
                switch command.verb {
                case "disable":
                    for rule in rules where open[rule] == nil { open[rule] = commentLine }
                case "enable":
                    for rule in rules {
                        if let start = open.removeValue(forKey: rule) {
                            ranges[rule, default: []].append(start...max(start, commentLine))
                        }
                    }
                case "disable-line":
                    for rule in rules { ranges[rule, default: []].append(statementLines) }
                case "disable-next-line":
                    let nextLine = commentLine + 1
                    var lines = nextLine...nextLine
                    if let next = statements[(index + 1)...].first(where: { $0.range.start.line <= nextLine && Self.lastLine(of: $0) >= nextLine }) {
                        lines = nextLine...max(nextLine, Self.lastLine(of: next))
                    }
                    for rule in rules { ranges[rule, default: []].append(lines) }
                default:
                    problems.append(file.finding(at: comment.startOffset, "unknown command 'xcconfig-lint:\(command.verb)'; use disable, enable, disable-next-line or disable-line"))
                }
            }
        }
        for (rule, start) in open { ranges[rule, default: []].append(start...max(start, lastLine)) }
    }

    /// `true` when a finding of `rule` on `line` is silenced.
    public func isSuppressed(rule: String, line: Int) -> Bool {
        for key in [rule, "all"] {
            if let list = ranges[key], list.contains(where: { $0.contains(line) }) { return true }
        }
        return false
    }

    /// `true` when no command silences anything.
    public var isEmpty: Bool { ranges.isEmpty }

    private static func containsPrefix(_ bytes: [UInt8]) -> Bool {
        let needle = Array(prefix.utf8)
        var index = 0
        let last = bytes.count - needle.count
        while index <= last {
            if bytes[index] == needle[0], bytes[index..<index + needle.count].elementsEqual(needle) { return true }
            index += 1
        }
        return false
    }

    /// The last physical line of `statement` that holds text (not the one after its terminator).
    static func lastLine(of statement: Statement) -> Int {
        let end = statement.range.end
        return end.column == 1 && end.line > statement.range.start.line ? end.line - 1 : end.line
    }

    /// The `//` comments of a statement.
    static func comments(of statement: Statement, in tree: SyntaxTree) -> [SourceRange] {
        switch statement.kind {
        case .assignment(let assignment): return assignment.comments
        case .include(let directive): return directive.comment.map { [$0] } ?? []
        case .comment:
            let bytes = tree.bytes
            var index = statement.range.startOffset
            while index + 1 < statement.range.endOffset {
                if bytes[index] == UInt8(ascii: "/"), bytes[index + 1] == UInt8(ascii: "/") {
                    var end = index
                    while end < statement.range.endOffset, bytes[end] != 0x0A, bytes[end] != 0x0D { end += 1 }
                    return [SourceRange(start: tree.location(ofOffset: index), end: tree.location(ofOffset: end), startOffset: index, endOffset: end)]
                }
                index += 1
            }
            return []
        default: return []
        }
    }

    /// `// xcconfig-lint:VERB rule,rule` → the verb and rule names; `nil` for any other comment.
    ///
    /// The command may follow any `//` of the comment: in `URL = https://host // xcconfig-lint:…`
    /// Xcode's comment starts at the first `//`, which cut the value, and the command is in its
    /// second (SwiftLint finds its commands anywhere in a comment too).
    static func parse(_ comment: String) -> (verb: String, rules: [String])? {
        var rest = Substring(comment)
        while true {
            while rest.hasPrefix("/") { rest = rest.dropFirst() }
            let text = rest.drop { $0 == " " || $0 == "\t" }
            if text.hasPrefix(prefix) { return command(text.dropFirst(prefix.count)) }
            guard let next = rest.indices.first(where: { rest[$0...].hasPrefix("//") }) else { return nil }
            rest = rest[next...]
        }
    }

    /// `VERB rule,rule -- reason` → the verb and rule names.
    private static func command(_ text: Substring) -> (verb: String, rules: [String]) {
        let verb = text.prefix { !$0.isWhitespace }
        var rules: [String] = []
        for token in text.dropFirst(verb.count).split(whereSeparator: { $0 == "," || $0.isWhitespace }) {
            if token.hasPrefix("-") { break }  // `-- reason` ends the list
            rules.append(String(token))
        }
        return (String(verb), rules)
    }
}
