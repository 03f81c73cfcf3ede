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

/// Files mixing lines of every statement kind (assignments one-line, conditional and continued,
/// comments, blanks, includes, invalid lines) and every line terminator.
enum MixedFiles {
    static let lines = [
        "A = 1", "B[sdk=x] = 2 // c", "// comment", "", "   ", "#include \"x.xcconfig\"", "#include? \"y\"",
        "C = 3 \\", "  continued", "+= bad", "D =", "#bad", "E[a=b][c=d]=5;", "F[sdk=x = 6", "\tG = 7",
        "#include \"z\" junk", "H = $(inherited)\r", "I = 8\u{2028}J = 9",
    ]

    /// Files of every mix of the lines above, in a seeded order.
    static func files() -> [[UInt8]] {
        var numbers = SeededNumbers(seed: 41)
        return (0..<300).map { fileNumber in
            let count = fileNumber % 25
            var text = ""
            for _ in 0..<count {
                text += lines[numbers.next(lines.count)]
                text += ["\n", "\r\n", "\r", "\n"][numbers.next(4)]
            }
            // Every other file ends without a terminator.
            if fileNumber % 2 == 1 { text += lines[numbers.next(lines.count)] }
            return Array(text.utf8)
        }
    }
}
