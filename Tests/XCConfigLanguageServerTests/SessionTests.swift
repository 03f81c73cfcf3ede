import Testing
import XCConfig
@testable import XCConfigLanguageServer

/// A scripted editor session over real pipes, one feature per test.
@Suite struct SessionTests {
    static let base = "SDKROOT = iphoneos\nOTHER_LDFLAGS = -ObjC\nPRODUCT_NAME = Base\n"
    static let app = """
        #include "Base.xcconfig"
        PRODUCT_NAME = App
        PRODUCT_BUNDLE_IDENTIFIER = com.example.$(PRODUCT_NAME)
        OTHER_LDFLAGS = -lz
        GREETING = héllo😀 $(PRODUCT_NAME)

        """
    static let files = ["Base.xcconfig": base, "App.xcconfig": app]

    /// A client with App.xcconfig open and its first diagnostics read.
    static func session(encodings: [String]? = nil, options: JSONValue? = nil, files: [String: String] = files) -> (LanguageServerClient, [JSONValue]) {
        let client = LanguageServerClient(files: files)
        client.initialize(encodings: encodings, options: options)
        client.open("App.xcconfig", files["App.xcconfig"] ?? "")
        return (client, client.diagnostics("App.xcconfig") ?? [])
    }

    static func hoverText(_ client: LanguageServerClient, _ path: String, _ line: Int, _ character: Int) -> String {
        client.request("textDocument/hover", client.at(path, line, character))?["contents"]?["value"]?.stringValue ?? ""
    }

    // MARK: - Diagnostics

    @Test func openingADocumentPublishesItsLintFindings() {
        let (client, diagnostics) = Self.session()
        // OTHER_LDFLAGS replaces Base.xcconfig's value without $(inherited).
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?["code"] == "missing-inherited")
        #expect(diagnostics.first?["range"] == range(3, 0, 3, 13))
        #expect(diagnostics.first?["severity"] == .integer(2))
        #expect(client.shutDown() == 0)
    }

    @Test func anIncrementalChangeRepublishesTheDiagnostics() {
        let (client, _) = Self.session()
        client.notify("textDocument/didChange", [
            "textDocument": ["uri": .string(client.uri("App.xcconfig")), "version": 2],
            "contentChanges": [["range": range(3, 16, 3, 16), "text": "$(inherited) "]],
        ])
        let diagnostics = client.diagnostics("App.xcconfig")
        #expect(diagnostics == [])
        #expect(Self.hoverText(client, "App.xcconfig", 3, 2).contains("**OTHER_LDFLAGS** = `-ObjC -lz`"))
        #expect(client.shutDown() == 0)
    }

    @Test func changesInQuickSuccessionArePublishedOnceAfterTheDebounce() {
        let client = LanguageServerClient(files: Self.files, debounce: 150)
        client.initialize()
        client.open("App.xcconfig", Self.app)
        _ = client.diagnostics("App.xcconfig")
        func change(_ version: Int, _ text: String) -> [UInt8] {
            LanguageServerClient.frame(["jsonrpc": "2.0", "method": "textDocument/didChange", "params": [
                "textDocument": ["uri": .string(client.uri("App.xcconfig")), "version": .integer(version)],
                "contentChanges": [["range": range(3, 16, 3, 16), "text": .string(text)]],
            ]])
        }
        client.write(change(2, "$(inherited) ") + change(3, "-ObjC "))
        let published = client.notification("textDocument/publishDiagnostics")
        #expect(published?["params"]?["version"] == .integer(3))
        #expect(published?["params"]?["diagnostics"] == [])
        #expect(client.shutDown() == 0)
    }

    @Test func closingADocumentClearsItsDiagnostics() {
        let (client, _) = Self.session()
        client.notify("textDocument/didClose", ["textDocument": ["uri": .string(client.uri("App.xcconfig"))]])
        #expect(client.diagnostics("App.xcconfig") == [])
        #expect(client.shutDown() == 0)
    }

    @Test func anIncludedDocumentsUnsavedTextIsWhatTheIncluderReads() {
        let (client, _) = Self.session()
        client.open("Base.xcconfig", "SDKROOT = iphoneos\nPRODUCT_NAME = Edited\n")
        // App.xcconfig depends on Base.xcconfig: its diagnostics are published again, and
        // OTHER_LDFLAGS no longer replaces anything.
        #expect(client.diagnostics("App.xcconfig") == [])
        #expect(Self.hoverText(client, "App.xcconfig", 1, 2).contains("Base.xcconfig:2"))
        #expect(client.shutDown() == 0)
    }

    /// Typing in an included document republishes the documents that include it, with what it
    /// now says, and leaves a document that does not include it alone.
    @Test func anEditOfAnIncludedDocumentRepublishesItsIncludersOnly() {
        var files = Self.files
        files["Other.xcconfig"] = "SWIFT_VERSION = 5.0\nSWIFT_VERSION = 6.0\n"
        let (client, diagnostics) = Self.session(files: files)
        #expect(diagnostics.map(\.["code"]) == ["missing-inherited"])
        client.open("Other.xcconfig", files["Other.xcconfig"]!)
        #expect(client.diagnostics("Other.xcconfig")?.map(\.["code"]) == ["unreachable-assignment"])
        client.open("Base.xcconfig", Self.base)
        #expect(client.diagnostics("Base.xcconfig") == [])
        // Opening it republishes App, which reads it: the same findings.
        #expect(client.diagnostics("App.xcconfig")?.map(\.["code"]) == ["missing-inherited"])
        func change(_ version: Int, _ edit: JSONValue) {
            client.notify("textDocument/didChange", [
                "textDocument": ["uri": .string(client.uri("Base.xcconfig")), "version": .integer(version)],
                "contentChanges": [edit],
            ])
        }
        // Base's OTHER_LDFLAGS renamed: App's no longer replaces a value.
        // (Published in path order: App, then Base.)
        change(2, ["range": range(1, 0, 1, 5), "text": "MY"])
        #expect(client.diagnostics("App.xcconfig") == [])
        #expect(client.diagnostics("Base.xcconfig") == [])
        // And back: the finding returns.
        change(3, ["range": range(1, 0, 1, 2), "text": "OTHER"])
        #expect(client.diagnostics("App.xcconfig")?.map(\.["code"]) == ["missing-inherited"])
        #expect(client.diagnostics("Base.xcconfig") == [])
        // Other.xcconfig was not published again: nothing for it arrived before this response.
        _ = client.request("textDocument/hover", client.at("App.xcconfig", 1, 2))
        #expect(client.notifications.allSatisfy { $0["params"]?["uri"]?.stringValue != client.uri("Other.xcconfig") })
        #expect(client.shutDown() == 0)
    }

    @Test func theWorkspaceLintConfigurationApplies() {
        var files = Self.files
        files[".xcconfig-lint.json"] = #"{"disabled_rules": ["missing-inherited"]}"#
        let (client, diagnostics) = Self.session(files: files)
        #expect(diagnostics == [])
        #expect(client.shutDown() == 0)
    }

    @Test func aLintConfigurationCreatedLaterAppliesOnceTheClientReportsIt() {
        let (client, diagnostics) = Self.session()
        #expect(diagnostics.count == 1)
        client.fileSystem.addFile("/work/.xcconfig-lint.json", #"{"disabled_rules": ["missing-inherited"]}"#)
        client.notify("workspace/didChangeWatchedFiles", ["changes": [["uri": "file:///work/.xcconfig-lint.json", "type": 1]]])
        #expect(client.diagnostics("App.xcconfig") == [])
        #expect(client.shutDown() == 0)
    }

    @Test func syntaxErrorsArePublished() {
        let (client, diagnostics) = Self.session(files: ["App.xcconfig": "A = 1\n= 2\n"])
        #expect(diagnostics.first?["code"] == "syntax")
        #expect(diagnostics.first?["severity"] == .integer(1))
        #expect(diagnostics.first?["range"]?["start"] == position(1, 0))
        #expect(client.shutDown() == 0)
    }

    // MARK: - Hover

    @Test func hoverShowsTheValueAndEveryContributingAssignment() {
        let (client, _) = Self.session()
        let text = Self.hoverText(client, "App.xcconfig", 2, 5)
        #expect(text.contains("**PRODUCT_BUNDLE_IDENTIFIER** = `com.example.App`"))
        #expect(text.contains("App.xcconfig:3: `com.example.$(PRODUCT_NAME)` → `com.example.App`"))
        #expect(text.contains("- `PRODUCT_NAME` = `App` ← target-xcconfig · App.xcconfig:2"))
        #expect(text.contains("Type: string"))
        let shadowed = Self.hoverText(client, "App.xcconfig", 1, 3)
        #expect(shadowed.contains("Base.xcconfig:3: `Base`"))
        #expect(client.shutDown() == 0)
    }

    @Test func hoverShowsTheCataloguesValuesAndDefault() {
        let (client, _) = Self.session(files: ["App.xcconfig": "GCC_OPTIMIZATION_LEVEL = s\n"])
        let info = BuildSettingsCatalog.shared["GCC_OPTIMIZATION_LEVEL"]!
        let text = Self.hoverText(client, "App.xcconfig", 0, 1)
        #expect(text.contains("Type: \(info.type.rawValue)"))
        if !info.defaultValue.isEmpty { #expect(text.contains("Default: `\(info.defaultValue)`")) }
        for value in info.allowedValues { #expect(text.contains("`\(value)`")) }
        #expect(client.shutDown() == 0)
    }

    @Test func hoverOnAnIncludeShowsTheResolvedPath() {
        let (client, _) = Self.session()
        #expect(Self.hoverText(client, "App.xcconfig", 0, 12).contains("Resolves to `/work/Base.xcconfig`"))
        #expect(client.shutDown() == 0)
    }

    @Test func positionsCountUTF16UnitsByDefault() {
        let (client, _) = Self.session()
        // `GREETING = héllo😀 $(`: é is one UTF-16 unit (two bytes), 😀 two (four bytes).
        let hover = client.request("textDocument/hover", client.at("App.xcconfig", 4, 21))
        #expect(hover?["contents"]?["value"]?.stringValue?.hasPrefix("**PRODUCT_NAME**") == true)
        #expect(hover?["range"] == range(4, 21, 4, 33))
        #expect(client.shutDown() == 0)
    }

    @Test func positionsCountBytesWhenTheClientOffersUTF8() {
        let (client, _) = Self.session(encodings: ["utf-16", "utf-8"])
        let hover = client.request("textDocument/hover", client.at("App.xcconfig", 4, 24))
        #expect(hover?["contents"]?["value"]?.stringValue?.hasPrefix("**PRODUCT_NAME**") == true)
        #expect(hover?["range"] == range(4, 24, 4, 36))
        #expect(client.shutDown() == 0)
    }

    @Test func theNegotiatedEncodingIsReported() {
        let client = LanguageServerClient(files: [:])
        #expect(client.initialize(encodings: ["utf-8"])?["capabilities"]?["positionEncoding"] == "utf-8")
        #expect(client.shutDown() == 0)
        let other = LanguageServerClient(files: [:])
        #expect(other.initialize(encodings: ["utf-32"])?["capabilities"]?["positionEncoding"] == "utf-16")
        #expect(other.shutDown() == 0)
    }

    @Test func anIncrementalChangeAfterANonASCIICharacterLandsWhereTheClientMeant() {
        let (client, _) = Self.session()
        // Replace `App` of `$(PRODUCT_NAME)`… no: insert after 😀 (UTF-16 column 18).
        client.notify("textDocument/didChange", [
            "textDocument": ["uri": .string(client.uri("App.xcconfig")), "version": 2],
            "contentChanges": [["range": range(4, 18, 4, 18), "text": "!"]],
        ])
        _ = client.diagnostics("App.xcconfig")
        #expect(Self.hoverText(client, "App.xcconfig", 4, 2).contains("**GREETING** = `héllo😀! App`"))
        #expect(client.shutDown() == 0)
    }

    @Test func positionsPastTheEndAreClampedNotErrors() {
        let (client, _) = Self.session()
        let response = client.response(to: client.sendRequest("textDocument/hover", client.at("App.xcconfig", 99, 99)))
        #expect(response?["error"] == nil)
        #expect(response?["result"] == .null)
        let pastLine = client.response(to: client.sendRequest("textDocument/hover", client.at("App.xcconfig", 1, 500)))
        #expect(pastLine?["result"]?["contents"]?["value"]?.stringValue?.contains("PRODUCT_NAME") == true)
        client.notify("textDocument/didChange", [
            "textDocument": ["uri": .string(client.uri("App.xcconfig")), "version": 2],
            "contentChanges": [["range": range(80, 0, 90, 4), "text": "EXTRA = 1\n"]],
        ])
        _ = client.diagnostics("App.xcconfig")
        #expect(Self.hoverText(client, "App.xcconfig", 5, 1).contains("**EXTRA** = `1`"))
        #expect(client.shutDown() == 0)
    }

    @Test func aNegativePositionIsInvalidParams() {
        let (client, _) = Self.session()
        let response = client.response(to: client.sendRequest("textDocument/hover", client.at("App.xcconfig", -1, 0)))
        #expect(response?["error"]?["code"] == .integer(-32602))
        let missing = client.response(to: client.sendRequest("textDocument/hover", ["position": position(0, 0)]))
        #expect(missing?["error"]?["code"] == .integer(-32602))
        #expect(client.shutDown() == 0)
    }

    // MARK: - Navigation

    @Test func definitionOfAnIncludeIsTheIncludedFile() {
        let (client, _) = Self.session()
        let location = client.request("textDocument/definition", client.at("App.xcconfig", 0, 12))
        #expect(location?["uri"] == "file:///work/Base.xcconfig")
        #expect(location?["range"] == range(0, 0, 0, 0))
        #expect(client.shutDown() == 0)
    }

    @Test func definitionOfAReferenceIsTheWinningAssignment() {
        let (client, _) = Self.session()
        let location = client.request("textDocument/definition", client.at("App.xcconfig", 2, 45))
        #expect(location?["uri"] == "file:///work/App.xcconfig")
        #expect(location?["range"] == range(1, 0, 1, 12))
        #expect(client.shutDown() == 0)
    }

    @Test func referencesAreEveryAssignmentAndUseAcrossTheIncludeGraph() {
        let (client, _) = Self.session()
        var params = client.at("App.xcconfig", 1, 2)
        if case .object(var members) = params {
            members.append(JSONValue.Member("context", ["includeDeclaration": true]))
            params = .object(members)
        }
        let locations = client.request("textDocument/references", params)?.arrayValue ?? []
        let places = Set(locations.map { "\($0["uri"]!.stringValue!):\($0["range"]!["start"]!["line"]!.intValue!)" })
        #expect(places == ["file:///work/App.xcconfig:1", "file:///work/App.xcconfig:2", "file:///work/App.xcconfig:4",
                           "file:///work/Base.xcconfig:2"])
        #expect(client.shutDown() == 0)
    }
}
