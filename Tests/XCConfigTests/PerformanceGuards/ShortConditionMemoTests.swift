import ConformanceSupport
import Testing
@testable import XCConfig

/// Set-up reads a condition of at most 15 bytes with two word loads and remembers what the
/// context made of it (``AssignmentTable/Builder/ShortCondition``). Conditions of dictionary entries take the
/// general path, byte by byte and matched each time: the same conditions written in a file
/// must match exactly where they match as dictionary keys.
@Suite struct ShortConditionMemoTests {
    static let contexts = [
        EvaluationContext(configuration: "Debug", sdks: ["iphoneos17.0", "iphoneos"], arch: "arm64"),
        EvaluationContext(configuration: "Release", sdks: ["macosx14.0"], arch: "x86_64", variant: "normal",
                          conditions: ["flavor": ["free", "pa=id"], "long_parameter_name": ["v"]]),
        EvaluationContext(),
    ]

    /// Conditions of every length around 15 bytes, patterns with `=`, `*` and `?`, parameters
    /// the context binds and ones it does not, one to three per assignment, `*` more often than the rest.
    static func conditions(_ next: (Int) -> Int) -> String {
        let parameters = ["config", "sdk", "arch", "variant", "flavor", "long_parameter_name", "x"]
        let patterns = ["Debug", "Release", "*", "iphoneos*", "macosx*", "arm64", "arm64e", "x86_64", "normal",
                        "free", "pa=id", "p*=*", "D?bug", "", "iphoneos17.0", "a_very_long_pattern*", "*6*", "*", "*"]
        return (0...next(2)).map { _ in "[\(parameters[next(parameters.count)])=\(patterns[next(patterns.count)])]" }.joined()
    }

    @Test(arguments: 0..<3)
    func sameMatchesAsDictionaryKeys(contextIndex: Int) {
        var numbers = SeededNumbers(seed: 0x5EED &+ UInt64(contextIndex))
        func next(_ bound: Int) -> Int { numbers.next(bound) }
        var lines: [String] = []
        var entries: [DictionaryEntry] = []
        for index in 0..<400 {
            let key = "S\(index)" + Self.conditions(next)
            lines.append("\(key) = v\(index)")
            entries.append(DictionaryEntry(key: key, value: "v\(index)"))
        }
        // No line break after the last line: its condition ends within 16 bytes of the end.
        let text = lines.joined(separator: "\n")
        let context = Self.contexts[contextIndex]
        let fromFile = makeResolver(text, context: context)
        let fromDictionary = Resolver(levels: [Level(kind: .target, source: .dictionary(entries))], context: context)
        var matched = 0
        for index in 0..<400 {
            let value = fromFile.value(of: "S\(index)")
            #expect(value == fromDictionary.value(of: "S\(index)"), "S\(index): \(lines[index])")
            if !value.isEmpty { matched += 1 }
        }
        // Enough of each outcome for the comparison to mean something.
        #expect(matched > 10 && matched < 390, "\(matched) of 400 matched")
    }

    /// The two-word reading finds the `=` and the `]` a byte-by-byte scan finds, for every
    /// length of condition and every position of the `=`, and declines what it cannot read.
    @Test func wordsFindWhatBytesFind() {
        for length in 1...20 {
            for equals in 0..<length {
                let bytes = Array("[".utf8) + Array(repeating: UInt8(ascii: "p"), count: equals) + Array("=".utf8)
                    + Array(repeating: UInt8(ascii: "v"), count: length - equals - 1) + Array("]".utf8)
                for padding in [0, 1, 16] {
                    let input = bytes + Array(repeating: UInt8(ascii: " "), count: padding)
                    let short = input.withUnsafeBufferPointer { AssignmentTable.Builder.ShortCondition(after: 0, in: $0) }
                    if length <= 15 && input.count >= 17 {
                        #expect(short?.length == length, "length \(length), = at \(equals), padding \(padding)")
                        #expect(short?.equals == equals, "length \(length), = at \(equals), padding \(padding)")
                    } else {
                        #expect(short == nil, "length \(length), = at \(equals), padding \(padding)")
                    }
                }
            }
        }
    }

    /// Conditions that differ only after their eighth byte, or only in length, are told apart.
    @Test func conditionsDifferingLateAreTwo() {
        let context = EvaluationContext(conditions: ["abcdefgh": ["12345"], "abcdefg": ["h=12345"]])
        let text = """
            A[abcdefgh=12345] = a
            B[abcdefgh=12346] = b
            C[abcdefgh=1234] = c
            D[abcdefg=h=12345] = d
            E[abcdefgh=12345] = e

            """
        let resolver = makeResolver(text, context: context)
        #expect(["A", "B", "C", "D", "E"].map { resolver.value(of: $0) } == ["a", "", "", "d", "e"])
    }
}
