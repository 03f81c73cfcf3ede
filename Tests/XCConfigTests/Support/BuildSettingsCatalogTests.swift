import Foundation
import Testing
@testable import XCConfig

/// The embedded catalogue is `shared/data/build-settings.tsv`, compiled in.
@Suite struct BuildSettingsCatalogTests {
    static let sharedTable: URL? = {
        let url = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("shared/data/build-settings.tsv")
        return FileManager.default.fileExists(atPath: url.path) ? url : nil
    }()

    @Test func holdsEveryKnownSettingWithItsType() throws {
        let catalog = BuildSettingsCatalog.shared
        #expect(catalog.settings.count == 2_049)
        #expect(catalog.type(of: "PRODUCT_NAME") == .string)
        #expect(catalog.type(of: "OTHER_LDFLAGS") == .stringList)
        #expect(catalog.type(of: "HEADER_SEARCH_PATHS") == .pathList)
        #expect(catalog.type(of: "SRCROOT") == .path)
        #expect(catalog.type(of: "SKIP_INSTALL") == .boolean)
        #expect(catalog.type(of: "MY_OWN_SETTING") == .userDefined)
        let optimization = try #require(catalog["ASSETCATALOG_COMPILER_OPTIMIZATION"])
        #expect(optimization.type == .enum)
        #expect(optimization.allowedValues == ["", "time", "space"])
        #expect(catalog["CURRENT_ARCH"]?.defaultValue == "$(arch)")
        #expect(catalog.names.count == 2_049)
        #expect(catalog.names == catalog.names.sorted())
        #expect(catalog.count == 2_049)
    }

    /// `shared` trusts the embedded table to be sorted by bytes, one line per name, every line
    /// valid: what `init(table:)` produces from it must be the same catalogue.
    @Test func embeddedTableIsSortedAndValid() {
        let lines = BuildSettingsCatalog.embeddedTable.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 2_049)
        #expect(!lines.contains { $0.isEmpty })
        let names = lines.map { $0.split(separator: "\t", omittingEmptySubsequences: false)[0] }
        for index in names.indices.dropFirst() {
            #expect(names[index - 1].utf8.lexicographicallyPrecedes(names[index].utf8), "\(names[index - 1]) before \(names[index])")
        }
        let reparsed = BuildSettingsCatalog(table: BuildSettingsCatalog.embeddedTable)
        #expect(reparsed.names == BuildSettingsCatalog.shared.names)
        #expect(reparsed.settings == BuildSettingsCatalog.shared.settings)
    }

    @Test func looksUpEveryNameAndNothingElse() {
        let catalog = BuildSettingsCatalog.shared
        let settings = catalog.settings
        #expect(settings.count == 2_049)
        for name in catalog.names {
            #expect(catalog[name] == settings[name])
            #expect(catalog.type(of: name) == settings[name]?.type)
        }
        // First, last, before the first, after the last, prefixes and extensions of known names.
        #expect(catalog["ACTION"]?.type == .string)
        #expect(catalog["variant"]?.type == .string)
        for unknown in ["", "A", "AAA", "ACTIO", "ACTIONS", "zzz", "variants", "PRODUCT_NAME ", "product_name", "PRODUCT_NAME\t"] {
            #expect(catalog[unknown] == nil, "\(unknown)")
            #expect(catalog.type(of: unknown) == .userDefined, "\(unknown)")
        }
        #expect(catalog.type(of: String("xPRODUCT_NAME".dropFirst())) == .string)
    }

    @Test func readsATableInAnyOrder() throws {
        let catalog = BuildSettingsCatalog(table: """
            ZETA\tboolean\t\tNO
            ALPHA\tenum\t|a|b\ta
            BAD\tnot-a-type\t\t
            MIDDLE\tpathlist
            ALPHA\tstring\t\tlater
            lowercase\tstring\t\t

            """)
        #expect(catalog.names == ["ALPHA", "MIDDLE", "ZETA", "lowercase"])
        #expect(catalog.count == 4)
        #expect(catalog["ALPHA"] == BuildSettingInfo(name: "ALPHA", type: .string, allowedValues: [], defaultValue: "later"))
        #expect(catalog["MIDDLE"] == BuildSettingInfo(name: "MIDDLE", type: .pathList, allowedValues: [], defaultValue: ""))
        #expect(catalog["ZETA"]?.defaultValue == "NO")
        #expect(catalog["BAD"] == nil)
        #expect(catalog.type(of: "MIDDLE") == .pathList)
        #expect(catalog.settings.count == 4)
        let enumerated = BuildSettingsCatalog(table: "E\tenum\t|a|b\ta")
        #expect(enumerated["E"]?.allowedValues == ["", "a", "b"])
        #expect(BuildSettingsCatalog(table: "").count == 0)
        #expect(BuildSettingsCatalog(table: "").type(of: "X") == .userDefined)
    }

    @Test(.enabled(if: sharedTable != nil, "shared/data is absent"))
    func matchesTheSharedTable() throws {
        let text = try String(contentsOf: Self.sharedTable!, encoding: .utf8)
        let rows = text.split(separator: "\n").filter { !$0.hasPrefix("#") }.dropFirst()
        let fromFile = BuildSettingsCatalog(table: rows.joined(separator: "\n"))
        #expect(fromFile.settings == BuildSettingsCatalog.shared.settings)
    }
}
