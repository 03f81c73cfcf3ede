import Testing
@testable import XCConfig

/// The byte-exact project-file editor: each edit changes only its own bytes, new entries and
/// objects are laid out as Xcode writes them (project-formats.md §A.2 "What Xcode writes").
@Suite struct ProjectFileDocumentTests {
    /// The old-style editor ordered edits at one offset by when they were made only: a removal
    /// made before an insertion at its start then removed the inserted bytes. Both editors now
    /// share one rule: the removal first, the insertion in front of what it removed.
    @Test func anInsertionAtARemovalsStartLandsInFrontOfIt() {
        var patches = ProjectTextPatches()
        patches.add(2..<5, [])
        patches.add(2..<2, Array("XY".utf8))
        patches.add(2..<2, Array("Z".utf8))
        #expect(String(decoding: patches.applied(to: Array("ab---cd".utf8)), as: UTF8.self) == "abXYZcd")
    }

    static let project = """
        // !$*UTF8*$!
        {
        \tarchiveVersion = 1;
        \tobjects = {

        /* Begin PBXFileReference section */
        \t\t1111111111111111111111AA /* A.xcconfig */ = {isa = PBXFileReference; lastKnownFileType = text.xcconfig; path = A.xcconfig; sourceTree = "<group>"; };
        \t\t3333333333333333333333AA /* C.xcconfig */ = {isa = PBXFileReference; lastKnownFileType = text.xcconfig; path = C.xcconfig; sourceTree = "<group>"; };
        /* End PBXFileReference section */

        /* Begin PBXGroup section */
        \t\t4444444444444444444444AA = {
        \t\t\tisa = PBXGroup;
        \t\t\tchildren = (
        \t\t\t\t1111111111111111111111AA /* A.xcconfig */,
        \t\t\t);
        \t\t\tsourceTree = "<group>";
        \t\t};
        /* End PBXGroup section */

        /* Begin XCBuildConfiguration section */
        \t\t5555555555555555555555AA /* Debug */ = {
        \t\t\tisa = XCBuildConfiguration;
        \t\t\tbuildSettings = {
        \t\t\t\tCODE_SIGN_STYLE = Manual;
        \t\t\t\tSDKROOT = iphoneos;
        \t\t\t};
        \t\t\tname = Debug;
        \t\t};
        /* End XCBuildConfiguration section */
        \t};
        \trootObject = 4444444444444444444444AA;
        }

        """

    func document(_ text: String = project) throws -> ProjectFileDocument {
        try ProjectFileDocument(bytes: Array(text.utf8), path: "/p/App.xcodeproj/project.pbxproj", format: .oldStylePropertyList)
    }

    func rendered(_ document: ProjectFileDocument) throws -> String {
        String(decoding: try document.rendered(), as: UTF8.self)
    }

    let debug = ["objects", "5555555555555555555555AA"]

    @Test func replacingAValueChangesOnlyItsBytes() throws {
        var document = try document()
        try document.set(.string("Automatic"), at: debug + ["buildSettings", "CODE_SIGN_STYLE"])
        #expect(try rendered(document) == Self.project.replacingEvery("CODE_SIGN_STYLE = Manual;", with: "CODE_SIGN_STYLE = Automatic;"))
    }

    @Test func settingTheSameValueIsANoOp() throws {
        var document = try document()
        try document.set(.string("iphoneos"), at: debug + ["buildSettings", "SDKROOT"])
        #expect(!document.isChanged)
        #expect(try document.rendered() == Array(Self.project.utf8))
    }

    @Test func aNewKeyGoesWhereXcodeSortsIt() throws {
        var document = try document()
        try document.set(.string("1111111111111111111111AA"), at: debug + ["baseConfigurationReference"])
        try document.set(.string("$(inherited) -ObjC"), at: debug + ["buildSettings", "OTHER_LDFLAGS"])
        let expected = Self.project
            .replacingEvery(
                "\t\t\tisa = XCBuildConfiguration;\n",
                with: "\t\t\tisa = XCBuildConfiguration;\n\t\t\tbaseConfigurationReference = 1111111111111111111111AA /* A.xcconfig */;\n")
            .replacingEvery(
                "\t\t\t\tSDKROOT = iphoneos;\n",
                with: "\t\t\t\tOTHER_LDFLAGS = \"$(inherited) -ObjC\";\n\t\t\t\tSDKROOT = iphoneos;\n")
        #expect(try rendered(document) == expected)
    }

    @Test func replacingAReferenceReplacesItsComment() throws {
        var document = try document()
        try document.set(.string("1111111111111111111111AA"), at: debug + ["baseConfigurationReference"])
        let once = try rendered(document)
        var again = try ProjectFileDocument(bytes: Array(once.utf8), path: "/p", format: .oldStylePropertyList)
        try again.set(.string("3333333333333333333333AA"), at: debug + ["baseConfigurationReference"])
        #expect(try rendered(again) == once.replacingEvery(
            "1111111111111111111111AA /* A.xcconfig */;", with: "3333333333333333333333AA /* C.xcconfig */;"))
    }

    @Test func removingAnEntryRemovesItsLine() throws {
        var document = try document()
        try document.remove(at: debug + ["buildSettings", "CODE_SIGN_STYLE"])
        try document.remove(at: debug + ["buildSettings", "NOT_THERE"])
        #expect(try rendered(document) == Self.project.replacingEvery("\t\t\t\tCODE_SIGN_STYLE = Manual;\n", with: ""))
    }

    @Test func aNewObjectGoesInItsSectionInIDOrderAndIntoItsGroup() throws {
        var document = try document()
        var reference = ProjectFileDictionary()
        reference.set("path", .string("B-Shared.xcconfig"))
        reference.set("isa", .string("PBXFileReference"))
        reference.set("sourceTree", .string("<group>"))
        reference.set("lastKnownFileType", .string("text.xcconfig"))
        try document.addObject(reference, id: "2222222222222222222222AA")
        try document.append(.string("2222222222222222222222AA"), toArrayAt: ["objects", "4444444444444444444444AA", "children"])
        let expected = Self.project
            .replacingEvery(
                "\t\t3333333333333333333333AA /* C",
                with: "\t\t2222222222222222222222AA /* B-Shared.xcconfig */ = {isa = PBXFileReference; lastKnownFileType = text.xcconfig; path = \"B-Shared.xcconfig\"; sourceTree = \"<group>\"; };\n\t\t3333333333333333333333AA /* C")
            .replacingEvery(
                "\t\t\t\t1111111111111111111111AA /* A.xcconfig */,\n",
                with: "\t\t\t\t1111111111111111111111AA /* A.xcconfig */,\n\t\t\t\t2222222222222222222222AA /* B-Shared.xcconfig */,\n")
        #expect(try rendered(document) == expected)
    }

    @Test func aMissingSectionIsCreatedInAlphabeticalOrder() throws {
        var document = try document()
        var group = ProjectFileDictionary()
        group.set("isa", .string("PBXVariantGroup"))
        group.set("children", .array([]))
        group.set("name", .string("Strings"))
        group.set("sourceTree", .string("<group>"))
        try document.addObject(group, id: "6666666666666666666666AA")
        let text = try rendered(document)
        let section = """
            /* Begin PBXVariantGroup section */
            \t\t6666666666666666666666AA /* Strings */ = {
            \t\t\tisa = PBXVariantGroup;
            \t\t\tchildren = (
            \t\t\t);
            \t\t\tname = Strings;
            \t\t\tsourceTree = "<group>";
            \t\t};
            /* End PBXVariantGroup section */

            /* Begin XCBuildConfiguration section */
            """
        #expect(text.contains("/* End PBXGroup section */\n\n" + section))
    }

    @Test func stringsAreQuotedAsXcodeQuotesThem() {
        #expect(OldStyleWriting.string("iphoneos") == "iphoneos")
        #expect(OldStyleWriting.string("../Config/App.xcconfig") == "../Config/App.xcconfig")
        #expect(OldStyleWriting.string("Pods-App.debug.xcconfig") == "\"Pods-App.debug.xcconfig\"")
        #expect(OldStyleWriting.string("") == "\"\"")
        #expect(OldStyleWriting.string("a:b") == "\"a:b\"")
        #expect(OldStyleWriting.string("a//b") == "\"a//b\"")
        #expect(OldStyleWriting.string("A___B") == "\"A___B\"")
        #expect(OldStyleWriting.string("say \"hi\"\n\\") == "\"say \\\"hi\\\"\\n\\\\\"")
        #expect(OldStyleWriting.string("\u{1}") == "\"\\U0001\"")
    }

    @Test func newIDsAre24UpperCaseHexDigitsUnusedInTheFile() throws {
        let document = try document()
        let id = document.newObjectID(seed: "file Config/App.xcconfig")
        #expect(id.count == 24 && id.allSatisfy { $0.isHexDigit && !$0.isLowercase })
        #expect(document.object(id) == nil)
        #expect(document.newObjectID(seed: "file Config/App.xcconfig") == id)
    }

    @Test func spansCoverKeysValuesAndSeparators() throws {
        let bytes = Array("{ a = (x, y /* c */, ); b = \"q\"; }".utf8)
        let (_, spans) = try OldStylePropertyList.parseWithSpans(bytes)
        func text(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }
        let b = try #require(spans[["b"]])
        #expect(text(b.entryStart..<b.entryEnd) == "b = \"q\";")
        #expect(text(b.valueStart..<b.valueEnd) == "\"q\"")
        let y = try #require(spans[["a", ProjectFileSpans.index(1)]])
        #expect(text(y.valueStart..<y.valueEnd) == "y")
        #expect(text(y.entryStart..<y.entryEnd) == "y /* c */,")
        let a = try #require(spans[["a"]])
        #expect(text(a.valueStart..<a.valueEnd) == "(x, y /* c */, )")
    }
}

/// A JSON `project.pbxproj` (`plutil -convert json`) is edited in its own format.
@Suite struct JSONProjectFileEditingTests {
    @Test func aCompactSortedJSONFileKeepsItsFormatAndOnlyTheEditChanges() throws {
        let oldStyle = try OldStylePropertyList.parse(Array(ProjectFileDocumentTests.project.utf8))
        let json = ProjectFileDocument.canonicalBytes(oldStyle, format: .json)
        #expect(json.first == UInt8(ascii: "{") && !json.contains(0x0A))
        var document = try ProjectFileDocument(bytes: json, path: "/p/App.xcodeproj/project.pbxproj", format: .json)
        try document.set(.string("Automatic"), at: ["objects", "5555555555555555555555AA", "buildSettings", "CODE_SIGN_STYLE"])
        let edited = String(decoding: try document.rendered(), as: UTF8.self)
        #expect(edited == String(decoding: json, as: UTF8.self).replacingEvery("\"CODE_SIGN_STYLE\":\"Manual\"", with: "\"CODE_SIGN_STYLE\":\"Automatic\""))
    }

    @Test func aJSONFileNotInPlutilsLayoutIsRefused() {
        let text = "{ \"archiveVersion\": \"1\", \"objects\": {}, \"rootObject\": \"A\" }"
        #expect(throws: ProjectFileError.self) {
            try ProjectFileDocument(bytes: Array(text.utf8), path: "/p/project.pbxproj", format: .json)
        }
    }
}
