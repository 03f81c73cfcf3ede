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
    }

    @Test(.enabled(if: sharedTable != nil, "shared/data is absent"))
    func matchesTheSharedTable() throws {
        let text = try String(contentsOf: Self.sharedTable!, encoding: .utf8)
        let rows = text.split(separator: "\n").filter { !$0.hasPrefix("#") }.dropFirst()
        let fromFile = BuildSettingsCatalog(table: rows.joined(separator: "\n"))
        #expect(fromFile.settings == BuildSettingsCatalog.shared.settings)
    }
}
