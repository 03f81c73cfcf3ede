import Testing
import XCConfigSyntax
@testable import XCConfig

/// A stand-in for the resolver: string semantics over a flat table of literal values
/// (`$(NAME)`, `$NAME` kept when undefined, `$$`), bindings first.
struct PlistFakeExpander: PlistTemplateExpander {
    var settings: [String: String]

    func expand(_ template: String, bindings: [String: String]) -> PlistTemplateExpansion {
        let s = Array(template.unicodeScalars)
        var out = String.UnicodeScalarView()
        var unresolved: [String] = []
        func lookup(_ name: String) -> String? {
            if let bound = bindings[name] { return bound }
            if let value = settings[name] { return value }
            if !unresolved.contains(name) { unresolved.append(name) }
            return nil
        }
        var i = 0
        while i < s.count {
            guard s[i] == "$", i + 1 < s.count else {
                out.append(s[i])
                i += 1
                continue
            }
            let next = s[i + 1]
            if next == "$" {
                out.append("$")
                i += 2
            } else if next == "(", let close = s[(i + 2)...].firstIndex(of: ")") {
                let name = String(String.UnicodeScalarView(s[(i + 2)..<close]))
                out.append(contentsOf: (lookup(name) ?? "").unicodeScalars)
                i = close + 1
            } else if next.properties.isAlphabetic || next == "_" {
                var end = i + 1
                while end < s.count, s[end].properties.isAlphabetic || s[end] == "_" || s[end] == "." || ("0"..."9").contains(s[end]) {
                    end += 1
                }
                let name = String(String.UnicodeScalarView(s[(i + 1)..<end]))
                out.append(contentsOf: (lookup(name) ?? "$" + name).unicodeScalars)
                i = end
            } else {
                out.append("$")
                i += 1
            }
        }
        return PlistTemplateExpansion(value: String(out), unresolved: unresolved)
    }
}

private let header = """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
    <plist version="1.0">

    """

private func plist(_ body: String) -> String { header + body + "</plist>\n" }

private func expand(
    _ text: String, kind: PlistExpansion.Kind, settings: [String: String] = [:], appIdentifierPrefix: String? = nil,
    strict: Bool = false
) throws -> PlistExpansionResult {
    try PlistExpansion(kind: kind, appIdentifierPrefix: appIdentifierPrefix, strict: strict)
        .expand(Array(text.utf8), using: PlistFakeExpander(settings: settings))
}

private func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

@Suite("Info.plist and entitlements expansion (semantics §5)")
struct PlistExpansionTests {
    @Test func x1UndefinedBracketedIsEmptyUnbracketedIsKept() throws {
        let input = plist("<dict>\n\t<key>Name</key>\n\t<string>$(PRODUCT_NAME)-$(UNDEFINED)-$UNDEFINED</string>\n</dict>\n")
        let result = try expand(input, kind: .infoPlist, settings: ["PRODUCT_NAME": "MyApp"])
        #expect(text(result.output) == plist("<dict>\n\t<key>Name</key>\n\t<string>MyApp--$UNDEFINED</string>\n</dict>\n"))
        #expect(result.substitutions == [PlistSubstitution(
            keyPath: "Name", template: "$(PRODUCT_NAME)-$(UNDEFINED)-$UNDEFINED", value: "MyApp--$UNDEFINED",
            unresolved: ["UNDEFINED"], location: SourceLocation(line: 6, column: 2))])
        #expect(result.diagnostics.map(\.severity) == [.warning])
        #expect(result.diagnostics.first?.location == SourceLocation(line: 6, column: 2))
        #expect(!result.hasErrors)
    }

    @Test func strictMakesUnresolvedReferencesErrors() throws {
        let input = plist("<dict>\n\t<key>Name</key>\n\t<string>$(UNDEFINED)</string>\n</dict>\n")
        let result = try expand(input, kind: .infoPlist, strict: true)
        #expect(result.diagnostics.map(\.severity) == [.error])
        #expect(result.hasErrors)
    }

    @Test func x2InfoPlistKeysAreNotExpanded() throws {
        let input = plist("<dict>\n\t<key>$(PRODUCT_NAME)Key</key>\n\t<string>v</string>\n</dict>\n")
        let result = try expand(input, kind: .infoPlist, settings: ["PRODUCT_NAME": "MyApp"])
        #expect(result.output == Array(input.utf8))
        #expect(result.substitutions.isEmpty)
    }

    @Test func x2EntitlementKeysAreExpanded() throws {
        let input = plist("<dict>\n\t<key>$(PRODUCT_NAME)Key</key>\n\t<string>v</string>\n</dict>\n")
        let result = try expand(input, kind: .entitlements, settings: ["PRODUCT_NAME": "MyApp"])
        #expect(text(result.output) == plist("<dict>\n\t<key>MyAppKey</key>\n\t<string>v</string>\n</dict>\n"))
        #expect(result.value == .dictionary([.init(key: "MyAppKey", value: .string("v"))]))
        #expect(result.substitutions.first?.isKey == true)
        #expect(result.substitutions.first?.keyPath == "MyAppKey")
    }

    @Test func x3EmptyListedInfoPlistKeyIsRemovedWithItsLines() throws {
        let input = plist("<dict>\n\t<key>A</key>\n\t<string>a</string>\n\t<key>CFBundleName</key>\n\t<string>$(EMPTY_SETTING)</string>\n\t<key>B</key>\n\t<true/>\n</dict>\n")
        let result = try expand(input, kind: .infoPlist, settings: ["EMPTY_SETTING": ""])
        #expect(text(result.output) == plist("<dict>\n\t<key>A</key>\n\t<string>a</string>\n\t<key>B</key>\n\t<true/>\n</dict>\n"))
        #expect(result.value == .dictionary([.init(key: "A", value: .string("a")), .init(key: "B", value: .boolean(true))]))
        #expect(result.substitutions.map(\.removed) == [true])
    }

    @Test func emptyUnlistedKeyIsKept() throws {
        let input = plist("<dict>\n\t<key>Other</key>\n\t<string>$(EMPTY_SETTING)</string>\n</dict>\n")
        let result = try expand(input, kind: .infoPlist, settings: ["EMPTY_SETTING": ""])
        #expect(text(result.output) == plist("<dict>\n\t<key>Other</key>\n\t<string></string>\n</dict>\n"))
    }

    @Test func emptyListedKeyIsKeptInEntitlements() throws {
        let input = plist("<dict>\n\t<key>CFBundleName</key>\n\t<string>$(EMPTY_SETTING)</string>\n</dict>\n")
        let result = try expand(input, kind: .entitlements, settings: ["EMPTY_SETTING": ""])
        #expect(result.value == .dictionary([.init(key: "CFBundleName", value: .string(""))]))
    }

    @Test func removalSharingALineRemovesOnlyTheEntry() throws {
        let input = plist("<dict><key>A</key><string>a</string><key>CFBundleVersion</key><string>$(V)</string></dict>\n")
        let result = try expand(input, kind: .infoPlist, settings: ["V": ""])
        #expect(text(result.output) == plist("<dict><key>A</key><string>a</string></dict>\n"))
    }

    @Test func removalWithCRLFLineEnds() throws {
        let input = "<plist>\r\n<dict>\r\n\t<key>CFBundleName</key>\r\n\t<string>$(E)</string>\r\n\t<key>A</key>\r\n\t<string>a</string>\r\n</dict>\r\n</plist>\r\n"
        let result = try expand(input, kind: .infoPlist, settings: ["E": ""])
        #expect(text(result.output) == "<plist>\r\n<dict>\r\n\t<key>A</key>\r\n\t<string>a</string>\r\n</dict>\r\n</plist>\r\n")
    }

    @Test func x4AppIdentifierPrefixIsKeptAndBundleIdentifierFilledIn() throws {
        let input = plist("<dict>\n\t<key>application-identifier</key>\n\t<string>$(AppIdentifierPrefix)$(CFBundleIdentifier)</string>\n\t<key>team</key>\n\t<string>$(TeamIdentifierPrefix)</string>\n</dict>\n")
        let settings = ["DEVELOPMENT_TEAM": "ABCDE12345", "PRODUCT_BUNDLE_IDENTIFIER": "com.x.y"]
        let result = try expand(input, kind: .entitlements, settings: settings)
        #expect(result.value == .dictionary([
            .init(key: "application-identifier", value: .string("$(AppIdentifierPrefix)com.x.y")),
            .init(key: "team", value: .string("ABCDE12345.")),
        ]))
        #expect(result.diagnostics.isEmpty)
    }

    @Test func x4TeamIdentifierPrefixIsEmptyWithoutTeam() throws {
        let input = plist("<dict>\n\t<key>team</key>\n\t<string>$(TeamIdentifierPrefix)</string>\n</dict>\n")
        let result = try expand(input, kind: .entitlements, settings: ["DEVELOPMENT_TEAM": ""])
        #expect(result.value == .dictionary([.init(key: "team", value: .string(""))]))
    }

    @Test func appIdentifierPrefixOptionIsUsedVerbatim() throws {
        let input = plist("<dict>\n\t<key>id</key>\n\t<string>$(AppIdentifierPrefix)$(CFBundleIdentifier)</string>\n</dict>\n")
        let result = try expand(input, kind: .entitlements, settings: ["PRODUCT_BUNDLE_IDENTIFIER": "com.x.y"], appIdentifierPrefix: "XYZ.")
        #expect(result.value == .dictionary([.init(key: "id", value: .string("XYZ.com.x.y"))]))
    }

    @Test func assignedCFBundleIdentifierWins() throws {
        let input = plist("<dict>\n\t<key>id</key>\n\t<string>$(CFBundleIdentifier)</string>\n</dict>\n")
        let result = try expand(input, kind: .entitlements, settings: ["PRODUCT_BUNDLE_IDENTIFIER": "com.x.y", "CFBundleIdentifier": "org.own"])
        #expect(result.value == .dictionary([.init(key: "id", value: .string("org.own"))]))
    }

    @Test func infoPlistCFBundleIdentifierIsThePlistsOwnValue() throws {
        let input = plist("<dict>\n\t<key>CFBundleIdentifier</key>\n\t<string>$(PRODUCT_BUNDLE_IDENTIFIER).app</string>\n\t<key>Group</key>\n\t<string>group.$(CFBundleIdentifier)</string>\n</dict>\n")
        let result = try expand(input, kind: .infoPlist, settings: ["PRODUCT_BUNDLE_IDENTIFIER": "com.x.y"])
        #expect(result.value == .dictionary([
            .init(key: "CFBundleIdentifier", value: .string("com.x.y.app")),
            .init(key: "Group", value: .string("group.com.x.y.app")),
        ]))
    }

    @Test func nothingToExpandLeavesEveryByte() throws {
        let input = "\u{FEFF}<?xml version=\"1.0\"?>\r\n<!-- keep -->\n<plist version=\"1.0\">\n  <dict>\n    <key>a &amp; b</key>   <string><![CDATA[x<y]]> &#x41;</string>\n <key>n</key><integer> 7 </integer><key>e</key><array/>\n  <key>d</key><data>\n AAEC\n </data>\n  </dict>\n</plist>"
        let result = try expand(input, kind: .infoPlist)
        #expect(result.output == Array(input.utf8))
        #expect(result.substitutions.isEmpty)
        #expect(result.diagnostics.isEmpty)
    }

    @Test func onlyTheChangedStringDiffersAndIsEscaped() throws {
        let input = "<plist>\n  <dict>\n    <key>k</key>   <string>$(X) &amp; <![CDATA[$$]]></string><!-- c -->\n    <key>n</key> <real>1.50</real>\n  </dict>\n</plist>"
        let result = try expand(input, kind: .infoPlist, settings: ["X": "<a&b>"])
        #expect(text(result.output) == "<plist>\n  <dict>\n    <key>k</key>   <string>&lt;a&amp;b&gt; &amp; $</string><!-- c -->\n    <key>n</key> <real>1.50</real>\n  </dict>\n</plist>")
        #expect(try XMLPropertyList.parse(result.output) == result.value)
    }

    @Test func nestedArraysAndDictionariesHaveKeyPaths() throws {
        let input = plist("""
            <dict>
            \t<key>com.apple.developer.icloud-container-identifiers</key>
            \t<array>
            \t\t<string>iCloud.$(CFBundleIdentifier)</string>
            \t\t<dict>
            \t\t\t<key>$(KEY)</key>
            \t\t\t<array><string>$(V)</string></array>
            \t\t</dict>
            \t</array>
            </dict>

            """)
        let result = try expand(input, kind: .entitlements, settings: ["PRODUCT_BUNDLE_IDENTIFIER": "com.x", "KEY": "k", "V": "v"])
        #expect(result.substitutions.map(\.keyPath) == [
            "com.apple.developer.icloud-container-identifiers.0",
            "com.apple.developer.icloud-container-identifiers.1.k",
            "com.apple.developer.icloud-container-identifiers.1.k.0",
        ])
        #expect(result.substitutions.map(\.value) == ["iCloud.com.x", "k", "v"])
        #expect(try XMLPropertyList.parse(result.output) == result.value)
    }

    @Test func malformedInputProducesNothing() {
        let input = plist("<dict>\n\t<key>a</key>\n\t<string>$(X)</strin>\n</dict>\n")
        #expect {
            _ = try expand(input, kind: .infoPlist, settings: ["X": "x"])
        } throws: { error in
            (error as? PropertyListError)?.location?.line == 6
        }
    }

    @Test func binaryInputIsWrittenAsXMLWithAWarning() throws {
        let result = try PlistExpansion(kind: .infoPlist).expand(sampleBinaryPlist, using: PlistFakeExpander(settings: ["X": "ex"]))
        #expect(result.inputFormat == .binary)
        #expect(result.diagnostics.first?.severity == .warning)
        #expect(result.diagnostics.first?.message.contains("binary") == true)
        #expect(result.substitutions.map(\.keyPath) == ["a"])
        #expect(result.substitutions.first?.location == nil)
        #expect(try XMLPropertyList.parse(result.output) == result.value)
        #expect(text(result.output).hasPrefix(XMLPropertyListWriter.header + "<dict>\n\t<key>a</key>\n\t<string>ex</string>\n"))
    }

    @Test func kindFromFileName() {
        #expect(PlistExpansion.kind(forPath: "App/App.entitlements") == .entitlements)
        #expect(PlistExpansion.kind(forPath: "App/Info.plist") == .infoPlist)
        #expect(PlistExpansion.kind(forPath: "App/Info.txt") == nil)
    }
}
