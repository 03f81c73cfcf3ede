import ConformanceSupport
import Testing
import XCConfig
import XCConfigSyntax
@testable import XCConfigLint

/// Issue 25, `xcconfig format`: each rule of the canonical spelling on literal inputs. The
/// expected texts follow from the rules (and semantics §1.3 where a value is at stake).
@Suite struct FormatterTests {
    func format(_ text: String, _ options: FormatOptions = FormatOptions()) -> String {
        XCConfigFormatter.format(text, options: options)
    }

    /// The value of every assignment, in order, as Xcode's parser reads it.
    func values(_ text: String) -> [String] {
        XCConfigParser.parse(text).assignments.map { "\($0.name)\($0.conditionSuffix)=\($0.value)" }
    }

    // MARK: Assignments

    @Test func oneSpaceAroundEquals() {
        #expect(format("A=1\n") == "A = 1\n")
        #expect(format("A    =     1\n") == "A = 1\n")
        #expect(format("A\t=\t1\n") == "A = 1\n")
        #expect(format("  A = 1\n") == "A = 1\n")
    }

    @Test func emptyValueHasNoSpaceAfterEquals() {
        #expect(format("A =   \n") == "A =\n")
        #expect(format("A=\n") == "A =\n")
    }

    @Test func conditionsAreJoinedToTheNameAndKeptByteForByte() {
        #expect(format("A [sdk=iphoneos*]  [arch=arm64]=1\n") == "A[sdk=iphoneos*][arch=arm64] = 1\n")
        // Xcode does not trim inside a condition: the spaces are part of the parameter.
        #expect(format("A[ sdk = x ]=1\n") == "A[ sdk = x ] = 1\n")
    }

    @Test func aSecondEqualsBelongsToTheValue() {
        #expect(format("A==b\n") == "A = =b\n")
        #expect(values(format("A==b\n")) == ["A==b"])
    }

    @Test func trailingWhitespaceGoes() {
        #expect(format("A = 1   \t\n// c  \n") == "A = 1\n// c\n")
    }

    @Test func trailingSemicolonGoes() {
        #expect(format("A = b;\n") == "A = b\n")
        #expect(format("A = b ;\n") == "A = b\n")
        #expect(format("A = b;c;\n") == "A = b;c\n")
        #expect(format("A = ;\n") == "A =\n")
        #expect(format("A = b; // why\n") == "A = b // why\n")
    }

    @Test func aSemicolonXcodeKeepsStays() {
        // `1 ;;` means `1 ;`: Xcode drops exactly one.
        #expect(format("A = 1 ;;\n") == "A = 1 ;;\n")
        #expect(values(format("A = 1 ;;\n")) == ["A=1 ;"])
        // A `;` before the `\` is not the last byte: Xcode keeps it.
        #expect(format("A = x; \\\n  y\n") == "A = x; \\\n  y\n")
    }

    @Test func commentAfterEqualsKeepsItsPlace() {
        #expect(format("A =   // nothing\n") == "A = // nothing\n")
        #expect(format("A = 1    // one\n") == "A = 1    // one\n")
    }

    @Test func continuationLinesKeepTheirIndentation() {
        let input = "FLAGS  =  -a \\   \n    -b \\\n    -c;  \n"
        #expect(format(input) == "FLAGS = -a \\\n    -b \\\n    -c\n")
        #expect(values(format(input)) == values(input))
    }

    @Test func aSemicolonAloneOnAContinuationLineStays() {
        // `A = x \` then `;`: the last chunk is empty but present, so the value is `x `; without
        // the `;` the line would be empty and end the value.
        let input = "A = x \\\n;\nB = 2\n"
        #expect(format(input) == input)
        #expect(values(format(input)) == ["A=x ", "B=2"])
    }

    @Test func theEmptyLineEndingAContinuationStays() {
        let input = "A = x \\\n\n\nB = 2\n"
        #expect(format(input) == "A = x \\\n\nB = 2\n")
        #expect(values(format(input)) == values(input))
    }

    // MARK: Includes, comments, blank lines

    @Test func includesAreSpelledCanonicallyInPlace() {
        #expect(format("A = 1\n   #  include   \"p q.xcconfig\"\nB = 2\n") == "A = 1\n#include \"p q.xcconfig\"\nB = 2\n")
        #expect(format("#include?  \"Local.xcconfig\"   // optional  \n") == "#include? \"Local.xcconfig\"   // optional\n")
    }

    @Test func commentsAreUntouched() {
        let input = "   // indented comment\n//no space\n// xcconfig-lint:disable-next-line syntax\n"
        #expect(format(input) == input)
    }

    @Test func atMostOneBlankLineBetweenGroups() {
        #expect(format("A = 1\n\n\n\nB = 2\n") == "A = 1\n\nB = 2\n")
        #expect(format("A = 1\n \t \n  \nB = 2\n") == "A = 1\n\nB = 2\n")
    }

    @Test func noBlankLinesAtTheStartOrEnd() {
        #expect(format("\n\nA = 1\n\n\n") == "A = 1\n")
    }

    @Test func theFileEndsWithOneLineTerminator() {
        #expect(format("A = 1") == "A = 1\n")
        #expect(format("A = 1\r\nB = 2") == "A = 1\r\nB = 2\r\n")
        #expect(format("") == "")
    }

    @Test func lineTerminatorsAreKept() {
        #expect(format("A=1\r\nB=2\rC=3\u{2028}D=4\u{2029}") == "A = 1\r\nB = 2\rC = 3\u{2028}D = 4\u{2029}")
        #expect(format("A=1 \r\n\r\n\r\nB=2\r\n") == "A = 1\r\n\r\nB = 2\r\n")
    }

    @Test func rejectedLinesAreCopiedAsWritten() {
        let input = "A += 1  \n#import \"x\"\nFOO[sdk=x = 1 \n"
        #expect(format(input) == input)
        // Not even given a final line terminator: Xcode names the end of the file in its message.
        #expect(format("A = 1\nB") == "A = 1\nB")
    }

    @Test func aSeparatorInsideADirectiveKeywordIsNotALineBreak() {
        // Xcode's directive keyword runs to the next ASCII whitespace, so it swallows U+2028 and
        // the line is rejected whole; it stays as written.
        let input = "#foo\u{2028}bar  \nA=1\n#\u{2029}x\n"
        #expect(format(input) == "#foo\u{2028}bar  \nA = 1\n#\u{2029}x\n")
    }

    @Test func isIdempotent() {
        let input = "  A=1;\n\n\n#include  \"x\"\nB [arch=*]  =2 ;; // c \nC = x \\\n  ;\n\n"
        let once = format(input)
        #expect(format(once) == once)
        #expect(values(once) == values(input))
    }

    // MARK: Generated inputs

    /// What Xcode reads from a file: each assignment's name, conditions (as a set: they are a
    /// conjunction) and value, each include, in order, and the parse's messages.
    func meaning(_ text: String) -> [String] {
        let tree = XCConfigParser.parse(text)
        return tree.statements.compactMap { statement in
            switch statement.kind {
            case .assignment(let assignment):
                let conditions = assignment.conditions.map { "[\($0.parameter)=\($0.pattern)]" }.sorted().joined()
                return "\(assignment.name)\(conditions)=\(assignment.value)"
            case .include(let include): return "#include\(include.isOptional ? "?" : "") \(include.path)"
            case .invalid(let diagnostic): return "error: \(diagnostic.message)"
            case .comment, .blank: return nil
            }
        }
    }

    /// Lines made of the pieces where the rules have edges (spaces, `;`, `\`, `//`, conditions,
    /// blank lines, every terminator) keep their meaning and format to a fixed point.
    @Test func generatedFilesKeepTheirMeaning() {
        let pieces = ["A", "B_2", " ", "\t", "=", "==", "[sdk=x]", "[arch=*]", "[config=Debug]", "[ sdk = y ]", ";", ";;",
                      " ;", "\\", " \\", "// c", "//", "$(A)", "x", "\"q\"", "#include \"i\"", "#include? \"j k\"",
                      "  #  include  \"l\"  ", "", "\u{0B}", "\u{0C}", "[sdk=", "+="]
        let terminators = ["\n", "\n", "\n", "\r\n", "\r", "\u{2028}", ""]
        var numbers = SeededNumbers(seed: 25)
        for options in [FormatOptions(), FormatOptions(alignEquals: true, sortConditions: true)] {
            for _ in 0..<5_000 {
                var text = ""
                for _ in 0..<(1 + numbers.next(6)) {
                    let starts = ["", "", "A", "B_2", " A", "C[sdk=x][arch=*]", "D [config=Debug]", ";", " ;", "x \\"]
                    var line = starts[numbers.next(starts.count)]
                    for _ in 0..<numbers.next(5) { line += pieces[numbers.next(pieces.count)] }
                    text += line + terminators[numbers.next(terminators.count)]
                }
                let once = format(text, options)
                #expect(meaning(once) == meaning(text), "\(String(reflecting: text)) -> \(String(reflecting: once))")
                #expect(format(once, options) == once, "\(String(reflecting: text)) -> \(String(reflecting: once))")
            }
        }
    }

    // MARK: Options

    @Test func alignEqualsWithinABlock() {
        let options = FormatOptions(alignEquals: true)
        let input = "A = 1\nLONG_NAME = 2\nB[sdk=x] = 3\n\nC = 4\nDD = 5\n// c\nEEE = 6\n"
        // LONG_NAME is the widest head of the first block (9 characters); a comment ends a block.
        let expected = "A" + String(repeating: " ", count: 8) + " = 1\n" + "LONG_NAME = 2\n" + "B[sdk=x]" + " " + " = 3\n"
            + "\nC  = 4\nDD = 5\n// c\nEEE = 6\n"
        #expect(format(input, options) == expected)
        #expect(format(expected, options) == expected)
        // Off by default.
        #expect(format(expected) == "A = 1\nLONG_NAME = 2\nB[sdk=x] = 3\n\nC = 4\nDD = 5\n// c\nEEE = 6\n")
    }

    @Test func alignEqualsWithEmptyValues() {
        #expect(format("A=\nBB = 1\n", FormatOptions(alignEquals: true)) == "A  =\nBB = 1\n")
    }

    @Test func sortConditionsIntoSdkArchConfigOrder() {
        let options = FormatOptions(sortConditions: true)
        #expect(format("A[config=Debug][arch=arm64][sdk=iphoneos*] = 1\n", options) == "A[sdk=iphoneos*][arch=arm64][config=Debug] = 1\n")
        // Other parameters follow, in the order written.
        #expect(format("A[variant=debug][config=Debug][target=App][sdk=x] = 1\n", options)
                == "A[sdk=x][config=Debug][variant=debug][target=App] = 1\n")
        // Off by default.
        #expect(format("A[config=Debug][sdk=x] = 1\n") == "A[config=Debug][sdk=x] = 1\n")
    }

    // MARK: Configuration

    @Test func optionsFromTheFormatFile() throws {
        let fileSystem = InMemoryFileSystem(files: ["/p/.xcconfig-format.json": #"{"align_equals": true, "sort_conditions": false, "indent": 2}"#])
        let (options, diagnostics) = try FormatOptions.load("/p/.xcconfig-format.json", fileSystem: fileSystem)
        #expect(options == FormatOptions(alignEquals: true, sortConditions: false))
        #expect(diagnostics.map(\.message) == ["unknown key 'indent'; expected one of 'align_equals', 'sort_conditions'"])
    }

    @Test func optionsFromTheLintConfiguration() throws {
        let lint = #"{"disabled_rules": [], "format": {"sort_conditions": true, "align_equals": "yes"}}"#
        let fileSystem = InMemoryFileSystem(files: ["/p/.xcconfig-lint.json": lint])
        let (options, diagnostics) = try FormatOptions.load("/p/.xcconfig-lint.json", fileSystem: fileSystem)
        #expect(options == FormatOptions(alignEquals: false, sortConditions: true))
        #expect(diagnostics.map(\.message) == ["'align_equals' must be true or false, not a string"])
        // Lint accepts the key, and reports the same mistake.
        let (_, lintDiagnostics) = try LintConfiguration.parse(Array(lint.utf8), path: "/p/.xcconfig-lint.json")
        #expect(lintDiagnostics.map(\.message) == ["'align_equals' must be true or false, not a string"])
    }

    @Test func theFormatFileIsFoundBeforeTheLintConfiguration() {
        let fileSystem = InMemoryFileSystem(files: [
            "/r/.git/HEAD": "", "/r/.xcconfig-lint.json": "{}", "/r/a/.xcconfig-format.json": "{}", "/r/a/b/x.xcconfig": "",
        ])
        #expect(FormatOptions.find(from: "/r/a/b", fileSystem: fileSystem) == "/r/a/.xcconfig-format.json")
        #expect(FormatOptions.find(from: "/r", fileSystem: fileSystem) == "/r/.xcconfig-lint.json")
        #expect(FormatOptions.find(from: "/", fileSystem: fileSystem) == nil)
    }
}
