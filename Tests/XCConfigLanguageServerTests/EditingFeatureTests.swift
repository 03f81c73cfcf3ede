import Foundation
import Testing
import XCConfig
@testable import XCConfigLanguageServer

/// Completion, symbols, links, formatting, code actions, inlay hints and the evaluation
/// context, over real pipes.
@Suite struct EditingFeatureTests {
    static func labels(_ client: LanguageServerClient, _ path: String, _ line: Int, _ character: Int) -> [String] {
        let items = client.request("textDocument/completion", client.at(path, line, character))?["items"]?.arrayValue ?? []
        return items.compactMap { $0["label"]?.stringValue }
    }

    static func session(_ text: String, files: [String: String] = [:], options: JSONValue? = nil) -> LanguageServerClient {
        var files = files
        files["App.xcconfig"] = text
        let client = LanguageServerClient(files: files)
        client.initialize(options: options)
        client.open("App.xcconfig", text)
        _ = client.diagnostics("App.xcconfig")
        return client
    }

    // MARK: - Completion

    @Test func settingNamesComeFromTheCatalogueAndTheWorkspace() {
        let client = Self.session("MY_OWN_SETTING = 1\nOTH\n")
        let labels = Self.labels(client, "App.xcconfig", 1, 3)
        #expect(labels.contains("OTHER_LDFLAGS"))
        #expect(labels.contains("MY_OWN_SETTING"))
        #expect(client.shutDown() == 0)
    }

    @Test func conditionParametersAndTheirValuesAreCompleted() {
        let client = Self.session("OTHER_LDFLAGS[\nOTHER_LDFLAGS[sdk=\nOTHER_LDFLAGS[arch=\n")
        #expect(Self.labels(client, "App.xcconfig", 0, 14).starts(with: ["sdk", "arch", "config", "variant", "target"]))
        #expect(Self.labels(client, "App.xcconfig", 1, 18).contains("iphoneos*"))
        #expect(Self.labels(client, "App.xcconfig", 2, 19).contains("arm64"))
        #expect(client.shutDown() == 0)
    }

    @Test func operatorsAreCompletedAfterAColonInAReference() {
        let client = Self.session("A = $(PRODUCT_NAME:\nB = $(\n")
        let operators = Self.labels(client, "App.xcconfig", 0, 19)
        #expect(operators.contains("lower"))
        #expect(operators.contains("default"))
        #expect(Self.labels(client, "App.xcconfig", 1, 6).contains("PRODUCT_NAME"))
        #expect(client.shutDown() == 0)
    }

    @Test func includePathsAreCompletedFromTheDocumentsFolder() {
        let client = Self.session("#include \"\n#include \"Shared/\n", files: ["Base.xcconfig": "", "Shared/Common.xcconfig": "", "notes.txt": ""])
        let labels = Self.labels(client, "App.xcconfig", 0, 10)
        #expect(labels.contains("Base.xcconfig"))
        #expect(labels.contains("Shared/"))
        #expect(!labels.contains("notes.txt"))
        let nested = client.request("textDocument/completion", client.at("App.xcconfig", 1, 17))?["items"]?.arrayValue ?? []
        #expect(nested.first?["textEdit"]?["newText"] == "Shared/Common.xcconfig")
        #expect(client.shutDown() == 0)
    }

    @Test func allowedValuesAreCompletedAfterTheEqualsOfAnEnumeratedSetting() {
        let client = Self.session("SWIFT_COMPILATION_MODE = \n")
        let allowed = BuildSettingsCatalog.shared["SWIFT_COMPILATION_MODE"]?.allowedValues ?? []
        #expect(!allowed.isEmpty)
        #expect(Self.labels(client, "App.xcconfig", 0, 25) == allowed)
        #expect(client.shutDown() == 0)
    }

    // MARK: - Symbols, links, formatting

    @Test func documentSymbolsAreTheAssignmentsAndIncludes() {
        let client = Self.session("#include \"Base.xcconfig\"\n// note\nA[sdk=iphoneos*] = 1\nB = 2\n", files: ["Base.xcconfig": ""])
        let symbols = client.request("textDocument/documentSymbol", ["textDocument": ["uri": .string(client.uri("App.xcconfig"))]])?.arrayValue ?? []
        #expect(symbols.map { $0["name"]?.stringValue ?? "" } == ["#include \"Base.xcconfig\"", "A[sdk=iphoneos*]", "B"])
        #expect(symbols[1]["selectionRange"] == range(2, 0, 2, 1))
        #expect(client.shutDown() == 0)
    }

    @Test func documentLinksGoToTheIncludedFiles() {
        let client = Self.session("#include \"Base.xcconfig\"\n#include? \"Missing.xcconfig\"\n", files: ["Base.xcconfig": ""])
        let links = client.request("textDocument/documentLink", ["textDocument": ["uri": .string(client.uri("App.xcconfig"))]])?.arrayValue ?? []
        #expect(links.count == 1)
        #expect(links.first?["target"] == "file:///work/Base.xcconfig")
        #expect(links.first?["range"] == range(0, 10, 0, 23))
        #expect(client.shutDown() == 0)
    }

    @Test func formattingWritesTheCanonicalSpelling() {
        let client = Self.session("A=1\nB   =  2  \n")
        let response = client.response(to: client.sendRequest("textDocument/formatting", ["textDocument": ["uri": .string(client.uri("App.xcconfig"))], "options": ["tabSize": 4, "insertSpaces": true]]))
        let edits = response?["result"]?.arrayValue
        #expect(edits?.count == 1)
        #expect(edits?.first?["newText"] == "A = 1\nB = 2\n")
        #expect(edits?.first?["range"] == range(0, 0, 2, 0))
        let formatted = Self.session("A = 1\n")
        #expect(formatted.request("textDocument/formatting", ["textDocument": ["uri": .string(formatted.uri("App.xcconfig"))], "options": [:]]) == [])
        #expect(client.shutDown() == 0)
        #expect(formatted.shutDown() == 0)
    }

    // MARK: - Code actions

    static func actions(_ client: LanguageServerClient, line: Int) -> [JSONValue] {
        client.request("textDocument/codeAction", [
            "textDocument": ["uri": .string(client.uri("App.xcconfig"))],
            "range": range(line, 0, line, 0), "context": ["diagnostics": []],
        ])?.arrayValue ?? []
    }

    static func edits(_ action: JSONValue?, _ client: LanguageServerClient) -> [JSONValue] {
        action?["edit"]?["changes"]?[client.uri("App.xcconfig")]?.arrayValue ?? []
    }

    /// `deprecated-reference` is opt-in.
    static let optingIn = [".xcconfig-lint.json": #"{"opt_in_rules": ["deprecated-reference"]}"#]

    @Test func aLintFixIsAQuickFix() {
        let client = Self.session("SDKROOT = iphoneos\nSDK_PATH = ${SDKROOT}/usr\n", files: Self.optingIn)
        let fix = Self.actions(client, line: 1).first { $0["title"]?.stringValue?.hasPrefix("Fix:") == true }
        #expect(fix?["kind"] == "quickfix")
        #expect(fix?["diagnostics"]?.arrayValue?.first?["code"] == "deprecated-reference")
        // The rule's own example: `${SDKROOT}` becomes `$(SDKROOT)`.
        #expect(Self.applying(Self.edits(fix, client), to: "SDKROOT = iphoneos\nSDK_PATH = ${SDKROOT}/usr\n")
                == "SDKROOT = iphoneos\nSDK_PATH = $(SDKROOT)/usr\n")
        #expect(client.shutDown() == 0)
    }

    /// `text` (ASCII: characters are bytes) with LSP `edits` applied.
    static func applying(_ edits: [JSONValue], to text: String) -> String {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { Array($0.utf8) }
        func offset(_ position: JSONValue?) -> Int {
            let line = position?["line"]?.intValue ?? 0, character = position?["character"]?.intValue ?? 0
            return lines[..<line].reduce(0) { $0 + $1.count + 1 } + character
        }
        var bytes = Array(text.utf8)
        for edit in edits.reversed() {
            bytes.replaceSubrange(offset(edit["range"]?["start"])..<offset(edit["range"]?["end"]), with: Array((edit["newText"]?.stringValue ?? "").utf8))
        }
        lines = []
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test func disablingARuleForALineInsertsTheSuppressionAbove() {
        let client = Self.session("SDKROOT = iphoneos\n  SDK_PATH = ${SDKROOT}/usr\n", files: Self.optingIn)
        let disable = Self.actions(client, line: 1).first { $0["title"] == "Disable deprecated-reference for this line" }
        #expect(Self.edits(disable, client) == [["range": range(1, 0, 1, 0), "newText": "  // xcconfig-lint:disable-next-line deprecated-reference\n"]])
        #expect(client.shutDown() == 0)
    }

    @Test func addingInheritedToAListSetting() {
        let client = Self.session("OTHER_LDFLAGS = -ObjC\n")
        let add = Self.actions(client, line: 0).first { $0["title"] == "Add $(inherited) to OTHER_LDFLAGS" }
        #expect(Self.edits(add, client) == [["range": range(0, 16, 0, 16), "newText": "$(inherited) "]])
        #expect(client.shutDown() == 0)
    }

    @Test func aConditionalLineBeforeAPlainOneMovesAfterIt() {
        let client = Self.session("A[sdk=iphoneos*] = 1\nA = 2\n")
        let move = Self.actions(client, line: 0).first { $0["title"]?.stringValue?.hasPrefix("Move this conditional line") == true }
        #expect(Self.edits(move, client) == [
            ["range": range(0, 0, 1, 0), "newText": ""],
            ["range": range(2, 0, 2, 0), "newText": "A[sdk=iphoneos*] = 1\n"],
        ])
        #expect(client.shutDown() == 0)
    }

    // MARK: - Inlay hints and context

    static func hints(_ client: LanguageServerClient) -> [String] {
        let hints = client.request("textDocument/inlayHint", ["textDocument": ["uri": .string(client.uri("App.xcconfig"))], "range": range(0, 0, 50, 0)])?.arrayValue ?? []
        return hints.map { "\($0["position"]!["line"]!.intValue!):\($0["label"]!.stringValue!)" }
    }

    @Test func inlayHintsShowResolvedValuesWhereTheyDifferFromTheText() {
        let client = Self.session("NAME = App\nID = com.example.$(NAME)\nNAME = Final\n")
        #expect(Self.hints(client) == ["0:→ Final", "1:→ com.example.Final"])
        #expect(client.shutDown() == 0)
    }

    @Test func theContextComesFromInitializationOptionsAndConfigurationChanges() {
        let text = "FLAG = debug\nFLAG[config=Release] = release\n"
        let client = Self.session(text, options: ["configuration": "Release"])
        #expect(SessionTests.hoverText(client, "App.xcconfig", 0, 1).hasPrefix("**FLAG** = `release`"))
        client.notify("workspace/didChangeConfiguration", ["settings": ["xcconfig": ["configuration": "Debug"]]])
        #expect(SessionTests.hoverText(client, "App.xcconfig", 0, 1).hasPrefix("**FLAG** = `debug`"))
        #expect(client.shutDown() == 0)
    }

    /// Regression: Emacs eglot sends `{"settings": {}}` right after `initialized`, and that
    /// replaced the `initializationOptions` context with the default one.
    @Test func aConfigurationChangeKeepsTheInitializationOptionsItDoesNotName() {
        let text = "FLAG = debug\nFLAG[config=Release] = release\nFLAG[sdk=iphoneos*] = device\n"
        let client = Self.session(text, options: ["configuration": "Release"])
        client.notify("workspace/didChangeConfiguration", ["settings": [:]])
        #expect(SessionTests.hoverText(client, "App.xcconfig", 0, 1).hasPrefix("**FLAG** = `release`"))
        client.notify("workspace/didChangeConfiguration", ["settings": ["sdk": "iphoneos"]])
        #expect(SessionTests.hoverText(client, "App.xcconfig", 0, 1).hasPrefix("**FLAG** = `device`"))
        client.notify("workspace/didChangeConfiguration", ["settings": ["configuration": "Debug"]])
        #expect(SessionTests.hoverText(client, "App.xcconfig", 0, 1).hasPrefix("**FLAG** = `debug`"))
        #expect(client.shutDown() == 0)
    }

    static let projectFile = """
        // !$*UTF8*$!
        {
        \tobjectVersion = 77;
        \tobjects = {
        \t\tROOT = { isa = PBXProject; buildConfigurationList = PLIST; mainGroup = MAIN; targets = ( APP, TOOL, ); };
        \t\tMAIN = { isa = PBXGroup; children = ( APPCFG, ); sourceTree = "<group>"; };
        \t\tAPPCFG = { isa = PBXFileReference; path = App.xcconfig; sourceTree = "<group>"; };
        \t\tPLIST = { isa = XCConfigurationList; buildConfigurations = ( ); defaultConfigurationName = Release; };
        \t\tAPP = { isa = PBXNativeTarget; buildConfigurationList = TLIST; name = App; };
        \t\tTOOL = { isa = PBXNativeTarget; buildConfigurationList = TLIST2; name = Tool; };
        \t\tDEBUG = { isa = XCBuildConfiguration; baseConfigurationReference = APPCFG; name = Debug; buildSettings = { }; };
        \t\tRELEASE = { isa = XCBuildConfiguration; baseConfigurationReference = APPCFG; name = Release; buildSettings = { }; };
        \t\tTLIST = { isa = XCConfigurationList; buildConfigurations = ( DEBUG, RELEASE, ); };
        \t\tTLIST2 = { isa = XCConfigurationList; buildConfigurations = ( ); };
        \t};
        \trootObject = ROOT;
        }

        """

    @Test func withoutAContextTheNearestProjectsDefaultConfigurationAndFirstTargetApply() {
        let text = "FLAG = debug\nFLAG[config=Release] = release\nWHO = $(TARGET_NAME)\n"
        let client = Self.session(text, files: ["App.xcodeproj/project.pbxproj": Self.projectFile])
        let hover = SessionTests.hoverText(client, "App.xcconfig", 0, 1)
        #expect(hover.hasPrefix("**FLAG** = `release`"))
        #expect(hover.contains("| Debug | `debug` |"))
        #expect(hover.contains("| Release | `release` |"))
        #expect(SessionTests.hoverText(client, "App.xcconfig", 2, 1).hasPrefix("**WHO** = `App`"))
        #expect(Self.hints(client).contains("0:Debug: debug · Release: release"))
        #expect(Self.labels(client, "App.xcconfig", 1, 12).isEmpty == false)
        #expect(client.shutDown() == 0)
    }

    /// Issue 33, finding 8: a file only the Debug configuration is based on gets no Release
    /// row; the Release build never reads it.
    @Test func thePerConfigurationTableListsOnlyTheConfigurationsThatUseTheFile() {
        let project = Self.projectFile
            .replacingOccurrences(of: "\t\tAPPCFG = { isa = PBXFileReference; path = App.xcconfig; sourceTree = \"<group>\"; };",
                                  with: "\t\tAPPCFG = { isa = PBXFileReference; path = App.xcconfig; sourceTree = \"<group>\"; };\n\t\tRELCFG = { isa = PBXFileReference; path = Release.xcconfig; sourceTree = \"<group>\"; };")
            .replacingOccurrences(of: "baseConfigurationReference = APPCFG; name = Release;", with: "baseConfigurationReference = RELCFG; name = Release;")
        let client = Self.session("FLAG = debug\n", files: ["App.xcodeproj/project.pbxproj": project, "Release.xcconfig": "FLAG = release\n"])
        client.notify("workspace/didChangeConfiguration", ["settings": ["configuration": "Debug"]])
        let hover = SessionTests.hoverText(client, "App.xcconfig", 0, 1)
        #expect(hover.hasPrefix("**FLAG** = `debug`"), "\(hover)")
        #expect(!hover.contains("| Release |"), "\(hover)")
        #expect(client.shutDown() == 0)
    }
}
