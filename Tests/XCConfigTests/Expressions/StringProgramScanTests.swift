import Testing
@testable import XCConfig

/// The value compiler finds `$`, `\`, `:` and closers eight bytes at a time, the last word
/// overlapping the ones before: the compiled form matches the tree wherever they fall.
@Suite struct StringProgramScanTests {
    static let values: [String] = (0...17).flatMap { length -> [String] in
        let text = String(repeating: "t", count: length)
        let name = String(repeating: "Q", count: length)
        return [
            text + "$(A)" + text,
            text + "\\$(A)" + text,
            text + "\\\\" + text + "$(B)",
            text + "$",
            text + "$$" + text,
            "$(" + name + ")" + text,
            "$(Q" + name + ":default=" + text + "$(A)" + text + ")",
            "$(" + name + ":upper:" + text + ")",
            "$(A" + text + "$(B))",
            "${" + name + "}" + text + "${A}",
            text + "$(" + name,
        ]
    }

    @Test(arguments: values)
    func compiledFormMatchesTheTree(value: String) {
        StringProgramTests.expectSameForms(StringProgramTests.resolver(for: value))
    }
}
