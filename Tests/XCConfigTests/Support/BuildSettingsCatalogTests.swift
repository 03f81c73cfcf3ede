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

    /// The table and its index are generated from the shared TSV file; with
    /// `XCCONFIG_WRITE_BUILD_SETTINGS` set, this test writes them instead of checking them.
    @Test(.enabled(if: sharedTable != nil, "shared/data is absent"))
    func generatedSourcesAreCurrent() throws {
        let table = BuildSettingsSources.sortedTable(tsv: try String(contentsOf: Self.sharedTable!, encoding: .utf8))
        let files = [
            ("BuildSettingsTable.swift", BuildSettingsSources.tableSource(sortedTable: table)),
            ("BuildSettingsIndex.swift", BuildSettingsSources.indexSource(sortedTable: table)),
        ]
        for (name, source) in files {
            let url = BuildSettingsSources.directory.appendingPathComponent(name)
            if ProcessInfo.processInfo.environment["XCCONFIG_WRITE_BUILD_SETTINGS"] != nil {
                try source.write(to: url, atomically: true, encoding: .utf8)
            }
            #expect(try String(contentsOf: url, encoding: .utf8) == source, "\(name) is stale: set XCCONFIG_WRITE_BUILD_SETTINGS to rewrite it")
        }
    }

    /// `shared` trusts the generated index to be the embedded table's.
    @Test func embeddedIndexIsTheTablesIndex() {
        let index = BuildSettingsCatalog.NameIndex(sortedTable: BuildSettingsCatalog.embeddedTable)
        #expect(index == BuildSettingsCatalog.embeddedIndex)
        #expect(index.count == 2_049)
        // Two thirds full at most, so that probes stay short.
        #expect(index.slots.count == 4_096)
    }

    /// Every name is found, and names one edit away from a known one are not (unless they are
    /// known names themselves).
    @Test func indexFindsEveryNameAndRejectsNearMisses() {
        let catalog = BuildSettingsCatalog.shared
        let settings = catalog.settings
        for name in catalog.names {
            #expect(catalog.type(of: name) == settings[name]!.type, "\(name)")
            var bytes = Array(name.utf8)
            let last = bytes.count - 1
            var nearMisses: [[UInt8]] = [
                Array(bytes.dropLast()), Array(bytes.dropFirst()), bytes + [UInt8(ascii: "_")], [UInt8(ascii: "_")] + bytes,
                bytes + [0], bytes + [UInt8(ascii: "\t")], bytes + Array("\tstring".utf8),
            ]
            bytes[last] ^= 0x20
            nearMisses.append(bytes)
            bytes[last] ^= 0x20
            bytes[0] ^= 0x01
            nearMisses.append(bytes)
            for nearMiss in nearMisses {
                let text = String(decoding: nearMiss, as: UTF8.self)
                let expected = settings[text]?.type ?? .userDefined
                #expect(catalog.type(of: text) == expected, "\(text)")
                #expect(catalog[text]?.type == settings[text]?.type, "\(text)")
            }
        }
    }

    @Test func typeOfNameBytesAgreesWithTypeOf() {
        let catalog = BuildSettingsCatalog.shared
        let unknown = ["", "A", "ACTIO", "ACTIONS", "product_name", "PRODUCT_NAME\t", "ÄCTION", "MY_OWN_SETTING_THAT_IS_LONGER_THAN_SIXTEEN"]
        for name in catalog.names + unknown {
            let viaBytes = Array(name.utf8).withUnsafeBufferPointer { catalog.type(ofNameBytes: $0) }
            #expect(viaBytes == catalog.type(of: name), "\(name)")
        }
        // A name in the middle of a larger buffer: only its own bytes count.
        let around = Array("xPRODUCT_NAMEy".utf8)
        around.withUnsafeBufferPointer { buffer in
            #expect(catalog.type(ofNameBytes: UnsafeBufferPointer(rebasing: buffer[1..<13])) == .string)
            #expect(catalog.type(ofNameBytes: UnsafeBufferPointer(rebasing: buffer[1..<14])) == .userDefined)
        }
        #expect(catalog.type(ofNameBytes: UnsafeBufferPointer(start: nil, count: 0)) == .userDefined)
    }

    /// `knownType(of:)` is the subscript's type, `nil` exactly where the subscript is.
    @Test func knownTypeIsTheSubscriptsType() {
        let catalog = BuildSettingsCatalog.shared
        let unknown = ["", "A", "ACTIO", "ACTIONS", "product_name", "PRODUCT_NAME\t", "ÄCTION", "MY_OWN_SETTING_THAT_IS_LONGER_THAN_SIXTEEN"]
        for name in catalog.names + unknown {
            #expect(catalog.knownType(of: name) == catalog[name]?.type, "\(name)")
        }
        #expect(catalog.knownType(of: "OTHER_LDFLAGS") == .stringList)
        #expect(catalog.knownType(of: "MY_OWN_SETTING") == nil)
    }

    /// A catalogue made from a table indexes it at `init(table:)`, however many rows share a
    /// hash chain.
    @Test func customCatalogueFindsEveryRow() {
        let names = (0..<3_000).map { "SETTING_\($0)" } + ["", "X", "ABCDEFGH", "ABCDEFGHI"]
        let catalog = BuildSettingsCatalog(table: names.map { "\($0)\tpathlist\t\t" }.joined(separator: "\n"))
        #expect(catalog.count == names.count)
        for name in names {
            #expect(catalog.type(of: name) == .pathList, "\(name)")
            #expect(catalog[name]?.name == name)
        }
        for unknown in ["SETTING_3000", "SETTING_", "SETTING_0 ", "ABCDEFG", "Y"] {
            #expect(catalog.type(of: unknown) == .userDefined, "\(unknown)")
            #expect(catalog[unknown] == nil)
        }
    }
}
