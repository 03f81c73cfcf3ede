import Testing
@testable import XCConfig

@Suite struct JSONWriterTests {
    @Test func compactOutputHasNoWhitespace() {
        let value: JSONValue = ["file": "App.xcconfig", "line": 3, "ok": true, "none": nil, "list": [1, 2]]
        #expect(value.serialized(pretty: false) == #"{"file":"App.xcconfig","line":3,"ok":true,"none":null,"list":[1,2]}"#)
    }

    @Test func prettyOutputIndentsByTwoSpaces() {
        let value: JSONValue = ["a": [1, ["b": "c"]], "empty": [], "emptyObject": .object([])]
        #expect(value.serialized() == """
            {
              "a": [
                1,
                {
                  "b": "c"
                }
              ],
              "empty": [],
              "emptyObject": {}
            }
            """)
    }

    @Test func keysKeepTheirOrderUnlessSorted() {
        let value: JSONValue = ["b": 1, "a": ["d": 1, "c": 2], "B": 3]
        #expect(value.serialized(pretty: false) == #"{"b":1,"a":{"d":1,"c":2},"B":3}"#)
        #expect(value.serialized(pretty: false, sortedKeys: true) == #"{"B":3,"a":{"c":2,"d":1},"b":1}"#)
    }

    @Test func controlCharactersAreEscaped() {
        let value = JSONValue.string("q\" b\\ n\n r\r t\t \u{0} \u{1F} \u{7F} \u{8} \u{C} \u{2028}")
        #expect(value.serialized() == #""q\" b\\ n\n r\r t\t \u0000 \u001f \#u{7F} \b \f \u2028""#)
    }

    @Test func nonASCIIPassesThrough() {
        #expect(JSONValue.string("é 日本 😀 /").serialized() == "\"é 日本 😀 /\"")
    }

    @Test func numbers() {
        #expect(JSONValue.double(3).serialized() == "3")
        #expect(JSONValue.double(0.5).serialized() == "0.5")
        #expect(JSONValue.double(.nan).serialized() == "null")
        #expect(JSONValue.integer(-42).serialized() == "-42")
    }

    @Test func writtenTextParsesBackToTheSameValue() throws {
        let value: JSONValue = ["s": "a\u{1}\"\\é😀", "n": [1, -2.5, true, false, nil], "o": ["k": [:]]]
        #expect(try JSONValue.parse(value.serialized()) == value)
        #expect(try JSONValue.parse(value.serialized(pretty: false)) == value)
    }
}

@Suite struct JSONParserTests {
    @Test func parsesAConfiguration() throws {
        let value = try JSONValue.parse(#"{"disabled_rules": ["syntax"], "severity": {"condition": "error"}, "n": 1.5e2}"#)
        #expect(value["disabled_rules"] == ["syntax"])
        #expect(value["severity"]?["condition"]?.stringValue == "error")
        #expect(value["n"] == .double(150))
    }

    @Test func decodesEscapesAndSurrogatePairs() throws {
        #expect(try JSONValue.parse(#""\u00e9\n\/\ud83d\ude00""#) == "é\n/😀")
    }

    @Test func skipsAByteOrderMark() throws {
        #expect(try JSONValue.parse([0xEF, 0xBB, 0xBF] + Array("[]".utf8)) == [])
    }

    @Test(arguments: [
        ("", 1, 1, "expected a JSON value, found the end of the input"),
        ("{\n  \"a\": 1,\n}", 3, 1, "trailing comma before '}'"),
        ("[1,]", 1, 4, "trailing comma before ']'"),
        ("{\"a\" 1}", 1, 6, "expected ':' after the key, found '1'"),
        ("{'a': 1}", 1, 2, "expected a string key, found \"'\""),
        ("// c\n{}", 1, 1, "expected a JSON value, found '/'"),
        ("[01]", 1, 2, "leading zeros are not allowed in numbers"),
        ("[1] x", 1, 5, "unexpected 'x' after the JSON value"),
        ("\"a\tb\"", 1, 3, "control character U+0009 in a string; write it as an escape"),
        ("\"\\x\"", 1, 2, "invalid escape '\\x'"),
        ("\"\\ud800\"", 1, 2, "unpaired surrogate \\uD800"),
        ("\"\\u12\"", 1, 2, "\\u must be followed by four hexadecimal digits"),
        ("\"abc", 1, 5, "unterminated string"),
        ("{\"a\": 1, \"a\": 2}", 1, 10, "duplicate key 'a'"),
        ("tru", 1, 1, "expected a JSON value, found 'tru'"),
        ("nullx", 1, 1, "expected a JSON value, found 'nullx'"),
        ("[1e]", 1, 4, "expected a digit in the exponent, found ']'"),
        ("-", 1, 2, "expected a digit, found the end of the input"),
        ("1e999", 1, 1, "number out of range"),
        ("\r\n\r [}", 3, 3, "expected a JSON value, found '}'"),
    ])
    func reportsErrorsWithLineAndColumn(input: String, line: Int, column: Int, message: String) {
        #expect(throws: JSONParseError(message: message, line: line, column: column)) {
            try JSONValue.parse(input)
        }
    }

    @Test func rejectsInvalidUTF8() {
        #expect(throws: JSONParseError(message: "invalid UTF-8", line: 1, column: 3)) {
            try JSONValue.parse([0x22, 0x61, 0xFF, 0x22])
        }
    }

    @Test func deepNestingIsAnErrorNotACrash() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(throws: JSONParseError(message: "nesting deeper than 256 levels", line: 1, column: 257)) {
            try JSONValue.parse(deep)
        }
        let allowed = String(repeating: "[", count: 256) + String(repeating: "]", count: 256)
        #expect(throws: Never.self) { try JSONValue.parse(allowed) }
    }

    @Test func largeIntegersBecomeDoubles() throws {
        #expect(try JSONValue.parse("9223372036854775807") == .integer(Int.max))
        #expect(try JSONValue.parse("9223372036854775808") == .double(9223372036854775808))
    }
}
