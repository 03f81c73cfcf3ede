import Testing
import XCConfigSyntax
@testable import XCConfig

private func parse(_ text: String) throws -> PropertyListValue {
    try XMLPropertyList.parse(Array(text.utf8))
}

private func parseError(_ text: String) -> PropertyListError? {
    do {
        _ = try XMLPropertyList.parse(Array(text.utf8))
        return nil
    } catch {
        return error
    }
}

private let header = """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">

    """

@Suite("XML property list reader")
struct PlistXMLReaderTests {
    @Test func readsEveryValueTypeInWrittenOrder() throws {
        let value = try parse(header + """
            <plist version="1.0">
            <dict>
            \t<key>z</key><string>last-first</string>
            \t<key>n</key><integer>-42</integer>
            \t<key>r</key><real>1.5</real>
            \t<key>t</key><true/>
            \t<key>f</key><false/>
            \t<key>d</key><date>2024-01-02T03:04:05Z</date>
            \t<key>b</key><data>AAEC/w==</data>
            \t<key>a</key><array><string>x</string><array/><dict/></array>
            </dict>
            </plist>
            """)
        #expect(value == .dictionary([
            .init(key: "z", value: .string("last-first")),
            .init(key: "n", value: .integer("-42")),
            .init(key: "r", value: .real("1.5")),
            .init(key: "t", value: .boolean(true)),
            .init(key: "f", value: .boolean(false)),
            .init(key: "d", value: .date("2024-01-02T03:04:05Z")),
            .init(key: "b", value: .data([0, 1, 2, 255])),
            .init(key: "a", value: .array([.string("x"), .array([]), .dictionary([])])),
        ]))
    }

    @Test func decodesEntitiesAndCharacterReferences() throws {
        let value = try parse("<plist><string>&amp;&lt;&gt;&quot;&apos;&#65;&#x42;&#x1F600;</string></plist>")
        #expect(value == .string("&<>\"'AB😀"))
    }

    @Test func keepsCDATAVerbatim() throws {
        let value = try parse("<plist><string>a<![CDATA[<b>&amp;]]>c</string></plist>")
        #expect(value == .string("a<b>&amp;c"))
    }

    @Test func skipsCommentsEverywhere() throws {
        let value = try parse("<!-- a --><plist><!-- b --><dict><!-- c --><key>k</key><!-- d --><string>v<!-- e --></string></dict></plist><!-- f -->")
        #expect(value == .dictionary([.init(key: "k", value: .string("v"))]))
    }

    @Test func selfClosingStringIsEmpty() throws {
        #expect(try parse("<plist><string/></plist>") == .string(""))
        #expect(try parse("<plist><array><string/><dict/></array></plist>") == .array([.string(""), .dictionary([])]))
    }

    @Test func skipsDoctypeWithInternalSubset() throws {
        let value = try parse("<!DOCTYPE plist [ <!ENTITY x \"y>\"> ]><plist><true/></plist>")
        #expect(value == .boolean(true))
    }

    @Test func acceptsByteOrderMark() throws {
        let value = try XMLPropertyList.parse([0xEF, 0xBB, 0xBF] + Array("<plist><integer>1</integer></plist>".utf8))
        #expect(value == .integer("1"))
    }

    @Test func keepsLineEndingsInsideStrings() throws {
        #expect(try parse("<plist><string>a\r\nb</string></plist>") == .string("a\r\nb"))
    }

    @Test func malformedInputsNameLineAndColumn() {
        let cases: [(String, Int, Int, String)] = [
            ("<plist>\n<dict>\n\t<key>a</key>\n</dict>\n</plist>", 3, 2, "has no value"),
            ("<plist>\n<dict>\n\t<string>a</string>\n</dict>\n</plist>", 3, 2, "without a <key>"),
            ("<plist>\n<array>\n  <strin>a</strin>\n</array>\n</plist>", 3, 3, "unknown element <strin>"),
            ("<plist>\n<string>a &foo; b</string>\n</plist>", 2, 11, "unknown entity"),
            ("<plist>\n<string>a & b</string>\n</plist>", 2, 11, "'&'"),
            ("<plist>\n<array>\n<string>a</string>\n</dict>\n</plist>", 4, 1, "expected </array>"),
            ("<plist>\n<string>a</string>\n<string>b</string>\n</plist>", 3, 1, "more than one value"),
            ("<plist>\n<integer>12a</integer>\n</plist>", 2, 1, "not an integer"),
            ("<plist>\n<data>!!</data>\n</plist>", 2, 1, "base64"),
            ("<plist>\n<string>open", 2, 1, "never closed"),
            ("<plist>\r\n<array>\r\n  oops\r\n</array>\r\n</plist>", 3, 3, "unexpected text"),
            ("", 1, 1, "no root element"),
            ("<plist><true/></plist>\ntrailing", 2, 1, "after the end"),
            ("<plist><key>k</key></plist>", 1, 8, "outside a <dict>"),
            ("<plist><string>a<b/></string></plist>", 1, 17, "unexpected element"),
            ("<plist><string>&#0;</string></plist>", 1, 16, "not a valid character"),
            ("<plist><!-- open", 1, 8, "comment"),
            ("<plist><string><![CDATA[x</string></plist>", 1, 16, "CDATA"),
        ]
        for (text, line, column, fragment) in cases {
            let error = parseError(text)
            #expect(error?.location == SourceLocation(line: line, column: column), "\(text.debugDescription): \(String(describing: error))")
            #expect(error?.message.contains(fragment) == true, "\(text.debugDescription): \(String(describing: error))")
        }
    }

    @Test func invalidUTF8IsAnError() {
        let bytes = Array("<plist><string>".utf8) + [0xFF, 0xFE] + Array("</string></plist>".utf8)
        #expect(throws: PropertyListError.self) { try XMLPropertyList.parse(bytes) }
    }

    @Test func hostileNestingIsAnErrorNotACrash() {
        let depth = 100_000
        let text = "<plist>" + String(repeating: "<array>", count: depth) + String(repeating: "</array>", count: depth) + "</plist>"
        let error = parseError(text)
        #expect(error?.message.contains("nested deeper") == true)
    }

    @Test func nestingUpToTheLimitIsRead() throws {
        let depth = propertyListMaximumDepth
        let text = "<plist>" + String(repeating: "<array>", count: depth) + String(repeating: "</array>", count: depth) + "</plist>"
        #expect(throws: Never.self) { try parse(text) }
    }

    @Test func recordsKeyAndStringSitesInDocumentOrder() throws {
        let text = "<plist><dict><key>a</key><string>x</string><key>b</key><array><string/></array></dict></plist>"
        let document = try XMLPropertyList.parseDocument(Array(text.utf8))
        #expect(document.sites.map(\.isKey) == [true, false, true, false])
        let bytes = Array(text.utf8)
        let first = document.sites[0]
        #expect(String(decoding: bytes[first.element.lowerBound..<first.entryEnd], as: UTF8.self) == "<key>a</key><string>x</string>")
        #expect(document.sites[3].content == nil)
    }
}

@Suite("Property-list line table")
struct PlistLineTableTests {
    @Test func agreesWithTheLinearScanForEveryOffset() {
        let bytes = Array("a\nb\r\nc\rd\u{2028}e\u{2029}\n\nf".utf8)
        let table = PropertyListLineTable(bytes)
        for offset in 0...bytes.count {
            #expect(table.location(of: offset) == propertyListLocation(of: offset, in: bytes), "offset \(offset)")
        }
    }

    @Test func readsEitherFormat() throws {
        #expect(try PropertyListValue(parsing: Array("<plist><true/></plist>".utf8)) == .boolean(true))
        #expect(try PropertyListValue(parsing: sampleBinaryPlist) == BinaryPropertyList.parse(sampleBinaryPlist))
    }
}

@Suite("XML property list reader on damaged input")
struct PlistXMLDamageTests {
    static let sample = Array("""
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
        \t<key>a &amp; b</key>
        \t<array><string><![CDATA[x]]>&#x41;</string><integer>1</integer><data>AA==</data><true/></array>
        \t<!-- c --><key>d</key><dict/>
        </dict>
        </plist>

        """.utf8)

    @Test func everyTruncationIsAnErrorWithALocation() {
        for length in 0..<(Self.sample.count - 2) {
            do {
                _ = try XMLPropertyList.parse(Array(Self.sample.prefix(length)))
                Issue.record("prefix of \(length) bytes was accepted")
            } catch {
                #expect(error.location != nil)
            }
        }
    }

    @Test func corruptedBytesGiveAValueOrAPropertyListError() {
        for index in Self.sample.indices {
            for replacement in Array("<>&/\"=x ;#!?[]".utf8) + [0x00, 0xFF] {
                var bytes = Self.sample
                bytes[index] = replacement
                let parsed = expectValueOrPropertyListError("parse, byte \(index) = \(replacement)") { try XMLPropertyList.parse(bytes) }
                let expanded = expectValueOrPropertyListError("expand, byte \(index) = \(replacement)") {
                    try PlistExpansion(kind: .entitlements).expand(bytes, using: PlistFakeExpander(settings: [:]))
                }
                // Expansion reads the same XML: it accepts exactly what the parser accepts.
                #expect(parsed == expanded, "byte \(index) = \(replacement)")
            }
        }
    }
}
