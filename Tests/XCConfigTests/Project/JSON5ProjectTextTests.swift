import Testing
@testable import XCConfig

/// The byte-exact editor of a JSON5 `project.xcproj`: the parser's spans, and edits that change
/// only their own bytes, laid out as the neighbours are or as Xcode writes an empty container
/// (project-formats.md §B.1 "What Xcode writes").
@Suite struct JSON5ProjectTextTests {
    static let project = """
        {
          "default-configuration": "Release",
          "configurations": [
            "Debug",
            { "name": "Release", "file": "Config/Release.xcconfig" },
          ],
          "files": [],
          "targets": [
            {
              "name": "App",
              // Kept: comments are not values.
              "build-settings": {
                "CODE_SIGN_STYLE": "Manual",
                "SDKROOT": "iphoneos",
              },
            },
          ],
        }

        """

    func document(_ text: String = project) throws -> ProjectFileDocument {
        try ProjectFileDocument(bytes: Array(text.utf8), path: "/p/App.xcodeproj/project.xcproj", format: .xcproj)
    }

    func rendered(_ document: ProjectFileDocument) throws -> String {
        String(decoding: try document.rendered(), as: UTF8.self)
    }

    static let settings = ["targets", ProjectFileSpans.index(0), "build-settings"]

    // MARK: - Spans

    @Test func spansOfMembersAndElements() throws {
        let text = "{\n  \"a\": \"x\",\n  \"b\": [ 1, 2 ]\n}"
        let bytes = Array(text.utf8)
        let (value, spans) = try JSON5.parseWithSpans(bytes)
        #expect(value == (try JSON5.parse(bytes)))
        func slice(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }
        let a = try #require(spans[["a"]])
        #expect(slice(a.entryStart..<a.entryEnd) == "\"a\": \"x\",")
        #expect(slice(a.valueStart..<a.valueEnd) == "\"x\"")
        // No comma after the last member: the entry ends with its value.
        let b = try #require(spans[["b"]])
        #expect(slice(b.entryStart..<b.entryEnd) == "\"b\": [ 1, 2 ]")
        #expect(b.valueEnd == b.entryEnd)
        let first = try #require(spans[["b", ProjectFileSpans.index(0)]])
        #expect(slice(first.entryStart..<first.entryEnd) == "1,")
        let second = try #require(spans[["b", ProjectFileSpans.index(1)]])
        #expect(slice(second.entryStart..<second.entryEnd) == "2")
        let root = try #require(spans[[]])
        #expect(root.valueStart == 0 && root.valueEnd == bytes.count)
    }

    @Test func spansSeeThroughJSON5() throws {
        let text = "{ // note\n  key: 'v' /* c */ ,\n  'q': [ {}, ],\n}"
        let bytes = Array(text.utf8)
        let (value, spans) = try JSON5.parseWithSpans(bytes)
        #expect(value == (try JSON5.parse(bytes)))
        func slice(_ span: ProjectFileSpan) -> String { String(decoding: bytes[span.entryStart..<span.entryEnd], as: UTF8.self) }
        #expect(try slice(#require(spans[["key"]])) == "key: 'v' /* c */ ,")
        #expect(try slice(#require(spans[["q", ProjectFileSpans.index(0)]])) == "{},")
        #expect(try slice(#require(spans[["q"]])) == "'q': [ {}, ],")
    }

    // MARK: - Every edit of every fixture

    /// tuist's four `project.xcproj` fixtures, each also rewritten as strict JSON (tabs, no
    /// trailing commas, no comments, keys sorted).
    static func fixtureTexts() throws -> [[UInt8]] {
        guard let shared = ProjectCorpusTests.sharedDirectory else { return [] }
        var texts: [[UInt8]] = []
        for name in XCProjEditingTests.fixtures {
            let bytes = try ProjectEditingTests.real.read(
                Path.join(shared, "projects/xcproj-examples/tuist__XcodeProj/Fixtures/XCProj/\(name).xcodeproj/project.xcproj"))
            texts.append(bytes)
            let strict = ProjectFileDocument.json(try JSON5.parse(bytes)).serialized(pretty: true)
            texts.append(Array(strict.replacingEvery("  ", with: "\t").utf8))
        }
        return texts
    }

    /// Whether `small` is `large` with bytes left out (and nothing else changed).
    static func isSubsequence(_ small: [UInt8], of large: [UInt8]) -> Bool {
        var position = 0
        for byte in large where position < small.count && small[position] == byte { position += 1 }
        return position == small.count
    }

    /// One edit at a time, at every place of every fixture: every member removed, a member added
    /// to every object, an element appended to and the last removed from every array, every
    /// string replaced. Each edited file reads back as the intended tree (``rendered()`` checks
    /// it), and a removal only leaves bytes out, an addition only adds bytes.
    @Test func everySingleEditReadsBackAsIntended() throws {
        var edits = 0
        for original in try Self.fixtureTexts() {
            let document = try ProjectFileDocument(bytes: original, path: "/p/App.xcodeproj/project.xcproj", format: .xcproj)
            let spans = try JSON5.parseWithSpans(original).1
            var pending: [([String], ProjectFileValue)] = [([], document.root)]
            while let (path, value) = pending.popLast() {
                var edited = document
                switch value {
                case .dictionary(let dictionary):
                    for entry in dictionary.entries { pending.append((path + [entry.key], entry.value)) }
                    var added = dictionary
                    added.set("zz-added", .dictionary(ProjectFileDictionary([.init(key: "path", value: .string("New.xcconfig"))])))
                    try edited.replace(.dictionary(added), at: path)
                    #expect(Self.isSubsequence(original, of: try edited.rendered()), "\(path)")
                    for key in dictionary.keys {
                        var removed = document
                        try removed.remove(at: path + [key])
                        #expect(Self.isSubsequence(try removed.rendered(), of: original), "\(path + [key])")
                        edits += 1
                    }
                case .array(let elements):
                    for (position, element) in elements.enumerated() { pending.append((path + [ProjectFileSpans.index(position)], element)) }
                    try edited.replace(.array(elements + [.string("new")]), at: path)
                    #expect(Self.isSubsequence(original, of: try edited.rendered()), "\(path)")
                    var first = document
                    try first.replace(.array([.string("first")] + elements), at: path)
                    #expect(Self.isSubsequence(original, of: try first.rendered()), "\(path)")
                    if !elements.isEmpty {
                        var removed = document
                        try removed.replace(.array(Array(elements.dropLast())), at: path)
                        #expect(Self.isSubsequence(try removed.rendered(), of: original), "\(path)")
                        edits += 1
                    }
                default:
                    guard !path.isEmpty else { continue }
                    try edited.replace(.string("new \"value\" \\ é"), at: path)
                    // Only the value's bytes differ, now a JSON string.
                    let span = try #require(spans[path])
                    let expected = Array(original[..<span.valueStart]) + Array(#""new \"value\" \\ é""#.utf8) + Array(original[span.valueEnd...])
                    #expect(try edited.rendered() == expected, "\(path)")
                }
                edits += 1
            }
        }
        if ProjectCorpusTests.sharedDirectory != nil { #expect(edits > 1000) }
    }

    // MARK: - Edits

    @Test func replacingAValueChangesOnlyItsBytesAndEscapesIt() throws {
        var document = try document()
        try document.set(.string("Say \"hi\"\\\n\u{1}"), at: Self.settings + ["CODE_SIGN_STYLE"])
        #expect(try rendered(document) == Self.project.replacingEvery(
            "\"CODE_SIGN_STYLE\": \"Manual\",", with: #""CODE_SIGN_STYLE": "Say \"hi\"\\\n\u0001","#))
    }

    @Test func settingTheSameValueIsANoOp() throws {
        var document = try document()
        try document.replace(.string("iphoneos"), at: Self.settings + ["SDKROOT"])
        #expect(!document.isChanged)
        #expect(try document.rendered() == Array(Self.project.utf8))
    }

    @Test func removingAMemberTakesItsLineAndComma() throws {
        var document = try document()
        try document.remove(at: Self.settings + ["CODE_SIGN_STYLE"])
        #expect(try rendered(document) == Self.project.replacingEvery("        \"CODE_SIGN_STYLE\": \"Manual\",\n", with: ""))
    }

    @Test func removingTheLastMemberOfStrictJSONTakesTheCommaBeforeIt() throws {
        let strict = "{\n\t\"a\": \"1\",\n\t\"b\": \"2\"\n}\n"
        var document = try document(strict)
        try document.remove(at: ["b"])
        #expect(try rendered(document) == "{\n\t\"a\": \"1\"\n}\n")
        // On one line, the member and its separator go.
        var inline = try self.document("{ \"a\": \"1\", \"b\": \"2\" }")
        try inline.remove(at: ["b"])
        #expect(try rendered(inline) == "{ \"a\": \"1\" }")
    }

    @Test func removingAKeyWrittenTwiceRemovesBothPlaces() throws {
        // The last place gives the value (§B.1); without the first removed too it would come back.
        var document = try document("{\n  \"a\": \"1\",\n  \"b\": \"2\",\n  \"a\": \"3\",\n}\n")
        #expect(document.value(at: ["a"]) == .string("3"))
        try document.remove(at: ["a"])
        #expect(try rendered(document) == "{\n  \"b\": \"2\",\n}\n")
    }

    @Test func aNewMemberIsIndentedAsItsNeighbours() throws {
        // Tabs, and no trailing commas: the new member follows both.
        let strict = "{\n\t\"a\": \"1\",\n\t\"b\": {\n\t\t\"c\": \"2\"\n\t}\n}\n"
        var document = try document(strict)
        try document.set(.string("3"), at: ["b", "d"])
        #expect(try rendered(document) == "{\n\t\"a\": \"1\",\n\t\"b\": {\n\t\t\"c\": \"2\",\n\t\t\"d\": \"3\"\n\t}\n}\n")
    }

    @Test func anEmptyContainerIsOpenedAsXcodeWritesOne() throws {
        var document = try document()
        let group = ProjectFileValue.dictionary(ProjectFileDictionary([
            .init(key: "kind", value: .string("group")),
            .init(key: "path", value: .string("Config")),
            .init(key: "children", value: .array([.dictionary(ProjectFileDictionary([.init(key: "path", value: .string("Shared.xcconfig"))]))])),
        ]))
        try document.replace(.array([group]), at: ["files"])
        #expect(try rendered(document) == Self.project.replacingEvery("  \"files\": [],\n", with: """
              "files": [
                {
                  "kind": "group",
                  "path": "Config",
                  "children": [
                    { "path": "Shared.xcconfig" },
                  ],
                },
              ],

            """))
    }

    @Test func aStrictJSONFileStaysStrict() throws {
        // Tabs and no trailing commas: a new list is written the same way.
        var document = try document("{\n\t\"files\": [],\n\t\"name\": \"x\"\n}\n")
        let group = ProjectFileValue.dictionary(ProjectFileDictionary([
            .init(key: "kind", value: .string("group")),
            .init(key: "children", value: .array([.dictionary(ProjectFileDictionary([.init(key: "path", value: .string("A.xcconfig"))]))])),
        ]))
        try document.replace(.array([group]), at: ["files"])
        #expect(try rendered(document) == """
            {
            \t"files": [
            \t\t{
            \t\t\t"kind": "group",
            \t\t\t"children": [
            \t\t\t\t{ "path": "A.xcconfig" }
            \t\t\t]
            \t\t}
            \t],
            \t"name": "x"
            }

            """)
    }

    @Test func aBareConfigurationBecomesAnObjectOnItsLine() throws {
        var document = try document()
        let debug = ProjectFileValue.dictionary(ProjectFileDictionary([
            .init(key: "name", value: .string("Debug")), .init(key: "file", value: .string("Config/Debug.xcconfig")),
        ]))
        try document.replace(debug, at: ["configurations", ProjectFileSpans.index(0)])
        #expect(try rendered(document) == Self.project.replacingEvery(
            "    \"Debug\",\n", with: "    { \"name\": \"Debug\", \"file\": \"Config/Debug.xcconfig\" },\n"))
    }

    @Test func anElementAddedAmongOthersGoesInItsPlace() throws {
        // The elements as read are matched with the intended ones by name: `Debug` is new,
        // `Release` changed in place.
        var document = try document("[\n  { \"name\": \"Release\", \"file\": \"A.xcconfig\" },\n]\n")
        let entry = { (name: String) in
            ProjectFileValue.dictionary(ProjectFileDictionary([.init(key: "name", value: .string(name)), .init(key: "file", value: .string("B.xcconfig"))]))
        }
        try document.replace(.array([entry("Debug"), entry("Release")]), at: [])
        #expect(try rendered(document) == "[\n  { \"name\": \"Debug\", \"file\": \"B.xcconfig\" },\n  { \"name\": \"Release\", \"file\": \"B.xcconfig\" },\n]\n")
    }

    @Test func aMemberOfAOneLineObjectStaysOnTheLine() throws {
        var document = try document("[ { \"name\": \"Debug\" } ]")
        try document.set(.string("A.xcconfig"), at: [ProjectFileSpans.index(0), "file"])
        #expect(try rendered(document) == "[ { \"name\": \"Debug\", \"file\": \"A.xcconfig\" } ]")
    }

    @Test func anObjectAfterAnObjectIsJoinedToIt() throws {
        let text = """
            [
              {
                "a": [
                  "x",
                  "y",
                ],
              },
            ]
            """
        var document = try document(text)
        let added = ProjectFileValue.dictionary(ProjectFileDictionary([.init(key: "b", value: .array([.string("z"), .string("w")]))]))
        guard case .array(let elements) = document.root else { Issue.record("not an array"); return }
        try document.replace(.array(elements + [added]), at: [])
        #expect(try rendered(document) == """
            [
              {
                "a": [
                  "x",
                  "y",
                ],
              }, {
                "b": [
                  "z",
                  "w",
                ],
              },
            ]
            """)
    }

    @Test func editsAroundACommentLeaveIt() throws {
        var document = try document()
        // The member after the comment goes; the comment stays with what follows.
        try document.remove(at: Self.settings)
        try document.set(.string("Tool"), at: ["targets", ProjectFileSpans.index(0), "name"])
        let expected = Self.project
            .replacingEvery("      \"build-settings\": {\n        \"CODE_SIGN_STYLE\": \"Manual\",\n        \"SDKROOT\": \"iphoneos\",\n      },\n", with: "")
            .replacingEvery("\"name\": \"App\"", with: "\"name\": \"Tool\"")
        #expect(try rendered(document) == expected)
        #expect(expected.contains("// Kept: comments are not values."))
    }
}
