import Foundation
@testable import XCConfig

/// The generated sources of the embedded catalogue, rendered from `shared/data/build-settings.tsv`:
/// `BuildSettingsTable.swift` (the table) and `BuildSettingsIndex.swift` (its name index).
///
/// `BuildSettingsCatalogTests` checks that the files in `Sources` are these renderings, and
/// rewrites them when `XCCONFIG_WRITE_BUILD_SETTINGS` is set:
/// `XCCONFIG_WRITE_BUILD_SETTINGS=1 swift test --filter BuildSettingsCatalogTests`.
enum BuildSettingsSources {
    /// The folder of the generated files.
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources/XCConfig/Support")

    /// The rows of the TSV file's text (comment lines and the header line dropped), sorted by
    /// the names' UTF-8 bytes, one per line: what `BuildSettingsCatalog.shared` expects.
    static func sortedTable(tsv: String) -> String {
        let rows = tsv.split(separator: "\n").filter { !$0.hasPrefix("#") }.dropFirst()
        return rows.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }.joined(separator: "\n")
    }

    /// `BuildSettingsTable.swift` for `sortedTable`.
    static func tableSource(sortedTable: String) -> String {
        """
        // GENERATED FILE: do not edit. Generated, with its index `BuildSettingsIndex.swift`, from
        // `../shared/data/build-settings.tsv` (beside the package directory) by
        // `Tests/XCConfigTests/Support/BuildSettingsSources.swift`. To regenerate both, run in
        // the package directory:
        //
        //     XCCONFIG_WRITE_BUILD_SETTINGS=1 swift test --filter BuildSettingsCatalogTests
        //
        // Without that variable, `BuildSettingsCatalogTests.generatedSourcesAreCurrent` checks
        // that both files are what the generator makes of the TSV file, when it is present.
        //
        // The catalogue of known build settings, embedded as source so that a copied `xcconfig`
        // binary is self-contained. Columns: name, type, allowed values (`|`-separated), default.

        extension BuildSettingsCatalog {
            static let embeddedTable: String = ##\"\"\"
        \(sortedTable)
        \"\"\"##
        }

        """
    }

    /// `BuildSettingsIndex.swift`: the name index of `sortedTable`.
    static func indexSource(sortedTable: String) -> String {
        let index = BuildSettingsCatalog.NameIndex(sortedTable: sortedTable)
        let perLine = 6
        var lines: [String] = []
        for start in stride(from: 0, to: index.slots.count, by: perLine) {
            let words = index.slots[start..<min(start + perLine, index.slots.count)].map { slot in
                slot == 0 ? "0" : "0x" + String(slot, radix: 16, uppercase: true)
            }
            lines.append("        " + words.joined(separator: ", ") + ",")
        }
        return """
            // GENERATED FILE: do not edit. Generated with `BuildSettingsTable.swift` from
            // `../shared/data/build-settings.tsv` by
            // `Tests/XCConfigTests/Support/BuildSettingsSources.swift`; regenerate both after
            // changing the table, the hash or the type codes, in the package directory:
            //
            //     XCCONFIG_WRITE_BUILD_SETTINGS=1 swift test --filter BuildSettingsCatalogTests
            //
            // The name index of the embedded catalogue (`BuildSettingsCatalog.NameIndex` of
            // `embeddedTable`), as source so that no process spends time building it.

            extension BuildSettingsCatalog {
                static let embeddedIndex = NameIndex(count: \(grouped(index.count)), slots: embeddedIndexSlots)

                /// Each slot: the row's offset in `embeddedTable` (bits 32-63), its name's length
                /// (bits 8-31) and its type's code (bits 0-7); 0 for an empty slot.
                private static let embeddedIndexSlots: [UInt64] = [
            \(lines.joined(separator: "\n"))
                ]
            }

            """
    }

    /// `count` with `_` between groups of three digits, as the house style writes numbers.
    private static func grouped(_ count: Int) -> String {
        var digits = String(count)
        var index = digits.endIndex
        while digits.distance(from: digits.startIndex, to: index) > 3 {
            index = digits.index(index, offsetBy: -3)
            digits.insert("_", at: index)
        }
        return digits
    }
}
