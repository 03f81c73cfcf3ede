@_exported import ConformanceSupport
import XCConfigSyntax

/// Parses UTF-8 text.
func parse(_ text: String) -> SyntaxTree {
    XCConfigParser.parse(Array(text.utf8))
}

/// `(line, message)` of every parse diagnostic.
func diagnostics(_ tree: SyntaxTree) -> [Diagnostic.LineMessage] {
    tree.diagnostics.map { Diagnostic.LineMessage(line: $0.location?.line ?? 0, message: $0.message) }
}

extension Diagnostic {
    /// A diagnostic reduced to what a test states.
    struct LineMessage: Equatable, CustomStringConvertible {
        var line: Int
        var message: String
        var description: String { "\(line): \(message)" }
    }
}

/// `NAME[cond]... = value` for every assignment, the way Xcode's parser reports them.
func assignments(_ tree: SyntaxTree) -> [String] {
    tree.assignments.map { "\($0.name)\($0.conditionSuffix)=\($0.value)" }
}

func error(_ line: Int, _ message: String) -> Diagnostic.LineMessage {
    Diagnostic.LineMessage(line: line, message: message)
}
