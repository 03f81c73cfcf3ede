import Testing
@testable import XCConfig

/// JSON5 as `project.xcproj` uses it (project-formats.md §B.1).
@Suite struct JSON5Tests {
    func parse(_ text: String) throws -> ProjectFileValue {
        try JSON5.parse(Array(text.utf8))
    }

    func failure(_ text: String) -> ProjectFileError? {
        do {
            _ = try JSON5.parse(Array(text.utf8))
            return nil
        } catch {
            return error
        }
    }

    @Test func strictJSON() throws {
        let value = try parse(#"{"a": "b", "c": [true, false, null, 1, -2.5e3], "d": {}}"#)
        let object = try #require(value.dictionaryValue)
        #expect(object["a"] == .string("b"))
        #expect(object["c"] == .array([.boolean(true), .boolean(false), .null, .number("1"), .number("-2.5e3")]))
        #expect(object["d"] == .dictionary(ProjectFileDictionary()))
    }

    @Test func commentsTrailingCommasUnquotedKeysSingleQuotes() throws {
        let text = """
        {
          // a comment
          unquoted: 'single "quoted"', /* block */
          $id_2: [1, 2,],
        }
        """
        let object = try #require(try parse(text).dictionaryValue)
        #expect(object["unquoted"] == .string(#"single "quoted""#))
        #expect(object["$id_2"] == .array([.number("1"), .number("2")]))
        #expect(object.line(of: "$id_2") == 4)
    }

    @Test func escapes() throws {
        #expect(try parse(#""\x41\u00e9\n\t\'\"\\\/\0""#) == .string("Aé\n\t'\"\\/\u{0}"))
        #expect(try parse(#""\ud83d\ude00""#) == .string("😀"))
        #expect(try parse("\"a\\\nb\"") == .string("ab"))
        #expect(try parse(#""\q""#) == .string("q"))
    }

    @Test func numbersInJSON5Forms() throws {
        #expect(try parse("0x1F") == .number("0x1F"))
        #expect(try parse(".5") == .number(".5"))
        #expect(try parse("5.") == .number("5."))
        #expect(try parse("+1") == .number("+1"))
        #expect(try parse("-Infinity") == .number("-Infinity"))
        #expect(try parse("NaN") == .number("NaN"))
    }

    @Test func duplicateKeysLastWins() throws {
        #expect(try parse(#"{"a": 1, "a": 2}"#).dictionaryValue?["a"] == .number("2"))
    }

    @Test func malformedInputHasLineAndColumn() throws {
        let error = try #require(failure("{\n  \"a\": 1\n  \"b\": 2\n}"))
        #expect(error.line == 3)
        #expect(error.column == 3)
        #expect(failure("{\"a\": \"x\ny\"}")?.message.contains("line break") == true)
        #expect(failure("{\"a\" 1}")?.message.contains("expected ':'") == true)
        #expect(failure("[1, 2")?.message.contains("end of file") == true)
        #expect(failure("tru")?.message.contains("'tru'") == true)
        #expect(failure("{} {}")?.message.contains("after the end") == true)
        #expect(failure("\"\\1\"")?.message.contains("invalid escape") == true)
    }

    @Test func hostileNestingIsAnError() throws {
        let deep = String(repeating: "[", count: 100_000)
        #expect(failure(deep)?.message.contains("nesting deeper") == true)
    }
}
