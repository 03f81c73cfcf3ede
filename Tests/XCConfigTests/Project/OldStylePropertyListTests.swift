import Testing
@testable import XCConfig

/// The old-style grammar of project-formats.md §A.2, one behaviour per test.
@Suite struct OldStylePropertyListTests {
    func parse(_ text: String) throws -> ProjectFileValue {
        try OldStylePropertyList.parse(Array(text.utf8))
    }

    func string(_ quoted: String) throws -> String? {
        try parse("{ k = \(quoted); }").dictionaryValue?["k"]?.stringValue
    }

    func failure(_ text: String) -> ProjectFileError? {
        do {
            _ = try OldStylePropertyList.parse(Array(text.utf8))
            return nil
        } catch {
            return error
        }
    }

    @Test func dictionaryOfUnquotedAndQuotedStrings() throws {
        let value = try parse(#"{ isa = PBXProject; name = "My App"; path = ../x/y.xcconfig; }"#)
        let dictionary = try #require(value.dictionaryValue)
        #expect(dictionary.keys == ["isa", "name", "path"])
        #expect(dictionary["name"] == .string("My App"))
        #expect(dictionary["path"] == .string("../x/y.xcconfig"))
    }

    @Test func unquotedCharacterSetIncludesDollarColonDash() throws {
        #expect(try string("$a:b-c_d.e/f") == "$a:b-c_d.e/f")
    }

    @Test func numbersAndBooleansAreStrings() throws {
        let dictionary = try #require(try parse("{ objectVersion = 77; YES = NO; }").dictionaryValue)
        #expect(dictionary["objectVersion"] == .string("77"))
        #expect(dictionary["YES"] == .string("NO"))
    }

    @Test func arraysAllowATrailingComma() throws {
        #expect(try parse("( a, b, )") == .array([.string("a"), .string("b")]))
        #expect(try parse("( a, b )") == .array([.string("a"), .string("b")]))
        #expect(try parse("( )") == .array([]))
    }

    @Test func commentsAnywhereBetweenTokens() throws {
        let text = """
        // !$*UTF8*$!
        {
        \t/* Begin section */ 8D11 /* MyApp */ = /* x */ { isa /* y */ = PBXGroup; } // tail
        ;
        }
        """
        let dictionary = try #require(try parse(text).dictionaryValue)
        #expect(dictionary["8D11"]?.dictionaryValue?["isa"] == .string("PBXGroup"))
    }

    @Test func simpleEscapes() throws {
        #expect(try string(#""a\tb\nc\rd\"e\\f\'g\$h""#) == "a\tb\nc\rd\"e\\f'g$h")
        #expect(try string(#""\a\b\f\v""#) == "\u{07}\u{08}\u{0C}\u{0B}")
    }

    @Test func backslashNewlineIsANewline() throws {
        #expect(try string("\"a\\\nb\"") == "a\nb")
    }

    @Test func unicodeEscapeTakesUpToFourHexDigits() throws {
        #expect(try string(#""\U00e9""#) == "é")
        #expect(try string(#""\U00e9x""#) == "éx")
        #expect(try string(#""\U41g""#) == "Ag")
        #expect(try string(#""\U00410""#) == "A0")
    }

    @Test func surrogatePairEscapesAreRecombined() throws {
        #expect(try string(#""\Ud83d\Ude00""#) == "😀")
        #expect(try string(#""\Ud83dx""#) == "\u{FFFD}x")
    }

    @Test func octalEscapesUseNeXTSTEPEncoding() throws {
        #expect(try string(#""\101\60""#) == "A0")
        #expect(try string(#""\0101""#) == "\u{08}1")
        // 0xE8 in NeXTSTEP is Ł (U+0141), 0xE9 is Ø.
        #expect(try string(#""\350\351""#) == "ŁØ")
    }

    @Test func singleQuotedStrings() throws {
        #expect(try string(#"'say "hi"'"#) == #"say "hi""#)
    }

    @Test func rawUTF8IsKept() throws {
        #expect(try string("\"日本語 é\"") == "日本語 é")
    }

    @Test func byteOrderMarkIsSkipped() throws {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("{ a = b; }".utf8)
        #expect(try OldStylePropertyList.parse(bytes).dictionaryValue?["a"] == .string("b"))
    }

    @Test func duplicateKeysLastWins() throws {
        let dictionary = try #require(try parse("{ a = 1; b = 2; a = 3; }").dictionaryValue)
        #expect(dictionary.keys == ["a", "b"])
        #expect(dictionary["a"] == .string("3"))
    }

    @Test func stringsFileShortcut() throws {
        #expect(try parse("{ a; }").dictionaryValue?["a"] == .string("a"))
    }

    @Test func data() throws {
        #expect(try parse("<0fbd 77>") == .data([0x0F, 0xBD, 0x77]))
    }

    @Test func keyLinesAreRecorded() throws {
        let dictionary = try #require(try parse("{\n  a = 1;\n\n  \"b\" =\n 2;\n}").dictionaryValue)
        #expect(dictionary.line(of: "a") == 2)
        #expect(dictionary.line(of: "b") == 4)
    }

    @Test func missingSemicolonIsAnErrorWithPlace() throws {
        let error = try #require(failure("{\n  a = 1\n  b = 2;\n}"))
        #expect(error.line == 3)
        #expect(error.column == 3)
        #expect(error.message.contains("expected ';'"))
    }

    @Test func unterminatedStringReportsItsStart() throws {
        let error = try #require(failure("{\n a = \"abc;\n}"))
        #expect(error.line == 2)
        #expect(error.column == 6)
        #expect(error.message.contains("unterminated quoted string"))
    }

    @Test func commentGluedToAnUnquotedTokenIsAnError() throws {
        // `/` is an unquoted character: `abc/*x*/` reads `abc/`, then `*` is unexpected (§A.2).
        let error = try #require(failure("{ a = abc/*x*/; }"))
        #expect(error.column == 11)
    }

    @Test func unterminatedCommentAndContainers() throws {
        #expect(failure("{ a = b; /* open")?.message.contains("unterminated comment") == true)
        #expect(failure("{ a = ( b, c")?.message.contains("end of file in array") == true)
        #expect(failure("{ a = b;")?.message.contains("end of file in dictionary") == true)
        #expect(failure("( a b )")?.message.contains("expected ',' or ')'") == true)
        #expect(failure("{ a = b; } x")?.message.contains("after the end") == true)
        #expect(failure("")?.message.contains("end of file") == true)
    }

    @Test func hostileNestingIsAnErrorNotACrash() throws {
        let deep = String(repeating: "(", count: 100_000) + String(repeating: ")", count: 100_000)
        let error = try #require(failure(deep))
        #expect(error.message.contains("nesting deeper"))
        let deepDictionaries = String(repeating: "{a=", count: 100_000)
        #expect(failure(deepDictionaries)?.message.contains("nesting deeper") == true)
    }

    @Test func nestingUpToTheLimitWorks() throws {
        let depth = OldStylePropertyList.maximumDepth
        let text = String(repeating: "(", count: depth) + String(repeating: ")", count: depth)
        #expect(try parse(text).arrayValue != nil)
    }
}
