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

/// A seeded linear congruential generator for generated inputs: the same inputs on every run,
/// so that a failure names an input that can be made again.
struct SeededNumbers {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    /// The seed of the inputs of one length, from a test's seed.
    init(seed: UInt64, length: Int) { self.init(seed: seed &+ UInt64(length) &* 0x9E37_79B9) }

    /// A number in `0..<bound`.
    mutating func next(_ bound: Int) -> Int {
        state = state &* 6364136223846793005 &+ 1442695040888963407
        return Int((state >> 33) % UInt64(bound))
    }
}
