/// The type Xcode declares for a build setting. It decides how a value is parsed (semantics §3.1).
public enum SettingType: String, Sendable, Hashable, CaseIterable {
    case string
    case stringList = "stringlist"
    case path
    case pathList = "pathlist"
    case boolean
    case `enum`
    /// Any name the catalogue does not know: parsed like a list.
    case userDefined = "user-defined"

    /// `true` for types whose values Xcode parses with list semantics (quotes, escapes, splitting).
    public var usesListSemantics: Bool {
        switch self {
        case .stringList, .pathList, .userDefined: true
        case .string, .path, .boolean, .enum: false
        }
    }
}

/// What the catalogue knows of one build setting.
public struct BuildSettingInfo: Sendable, Hashable {
    /// The setting's name.
    public var name: String
    /// Its declared type.
    public var type: SettingType
    /// For `enum` settings, the values Xcode accepts (may include the empty string).
    public var allowedValues: [String]
    /// The build system's default value, as text (may contain references); empty when none.
    public var defaultValue: String
}

/// The 2,049 build settings the open-source build system declares, with type, allowed values
/// and default, embedded in the library.
///
/// The catalogue is kept as its table text, sorted by name, and a hash index of the names
/// that holds each row's place in the text and its type. A type lookup hashes the name and
/// compares it with one or two rows; a full lookup parses only the row it finds, so a
/// process that asks for a few hundred types never parses the other rows. The embedded
/// table's index is generated as source next to the table (`BuildSettingsIndex.swift`), so
/// that no process spends time indexing it. ``settings`` is built only when asked for.
public struct BuildSettingsCatalog: Sendable {
    /// The embedded catalogue. Cheap to create: the table and its index are constants.
    public static let shared = BuildSettingsCatalog(sortedTable: embeddedTable, index: embeddedIndex)

    /// Tab-separated `name type values default` rows, one per name, sorted by the names' UTF-8
    /// bytes; lines are separated by `\n`.
    private let table: String
    /// Where each name's row is, and its type.
    private let index: NameIndex
    /// The dictionary behind ``settings``, built on first use.
    private let dictionary: LazyDictionary

    /// Every known setting by name. Built from the table at the first access: prefer the
    /// subscript or ``type(of:)`` for a few names.
    public var settings: [String: BuildSettingInfo] {
        dictionary.lock.withLock {
            if let settings = dictionary.settings { return settings }
            var settings: [String: BuildSettingInfo] = [:]
            settings.reserveCapacity(count)
            forEachRow { bytes, row in
                if let info = Self.info(bytes, row) { settings[info.name] = info }
            }
            dictionary.settings = settings
            return settings
        }
    }

    /// Every known name, sorted by UTF-8 bytes (the table's order).
    public var names: [String] {
        var names: [String] = []
        names.reserveCapacity(count)
        forEachRow { bytes, row in
            names.append(Self.text(bytes, row.lowerBound..<Self.endOfName(bytes, row)))
        }
        return names
    }

    /// How many settings the catalogue knows.
    public var count: Int { index.count }

    /// Parses a table of tab-separated `name type values default` lines, in any order. Lines
    /// with fewer than two columns, an unknown type or a name of 16 MiB or more are skipped; a
    /// later line for the same name replaces an earlier one.
    public init(table: String) {
        var rows: [String: String] = [:]
        var copy = table
        copy.withUTF8 { bytes in
            var lineStart = 0
            while lineStart < bytes.count {
                var lineEnd = lineStart
                while lineEnd < bytes.count, bytes[lineEnd] != UInt8(ascii: "\n") { lineEnd += 1 }
                // The index keeps a name's length in 24 bits.
                if let info = Self.info(bytes, lineStart..<lineEnd), info.name.utf8.count < 1 << 24 {
                    rows[info.name] = [info.name, info.type.rawValue, info.allowedValues.joined(separator: "|"), info.defaultValue]
                        .joined(separator: "\t")
                }
                lineStart = lineEnd + 1
            }
        }
        let sorted = rows.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        let sortedTable = sorted.map { rows[$0]! }.joined(separator: "\n")
        self.init(sortedTable: sortedTable, index: NameIndex(sortedTable: sortedTable))
    }

    /// A catalogue over `sortedTable`, taken as it is (see ``table``), and `index`, which must
    /// be `NameIndex(sortedTable: sortedTable)`; the tests check that the embedded ones are.
    init(sortedTable: String, index: NameIndex) {
        var table = sortedTable
        table.makeContiguousUTF8()
        self.table = table
        self.index = index
        self.dictionary = LazyDictionary()
    }

    /// What the catalogue knows of `name`, or `nil` for a user-defined name.
    public subscript(name: String) -> BuildSettingInfo? {
        Self.withBytes(of: name) { name in
            withBytes { bytes in
                let slot = index.slot(named: name, in: bytes)
                guard slot != 0 else { return nil }
                let start = NameIndex.rowStart(slot)
                let end = Self.endOfLine(bytes, from: start)
                return Self.info(bytes, start..<end)
            }
        }
    }

    /// The catalogue's type of `name`, or `nil` for a user-defined name: `self[name]?.type`
    /// without reading the rest of the row (its values and default).
    public func knownType(of name: String) -> SettingType? {
        Self.withBytes(of: name) { name in
            withBytes { bytes in
                let slot = index.slot(named: name, in: bytes)
                return slot == 0 ? nil : NameIndex.type(slot)
            }
        }
    }

    /// The type Xcode gives `name`: the catalogue's, else user-defined.
    public func type(of name: String) -> SettingType {
        Self.withBytes(of: name) { type(ofNameBytes: $0) }
    }

    /// The type Xcode gives the name whose UTF-8 bytes are `name`, without making a `String`
    /// of them: the catalogue's, else user-defined.
    package func type(ofNameBytes name: UnsafeBufferPointer<UInt8>) -> SettingType {
        withBytes { bytes in NameIndex.type(index.slot(named: name, in: bytes)) }
    }

    // MARK: - The table

    private final class LazyDictionary: @unchecked Sendable {
        let lock = Lock()
        var settings: [String: BuildSettingInfo]?
    }

    private func withBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        if let result = table.utf8.withContiguousStorageIfAvailable(body) { return result }
        var copy = table
        return copy.withUTF8(body)
    }

    private static func withBytes<R>(of name: String, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        if let result = name.utf8.withContiguousStorageIfAvailable(body) { return result }
        return Array(name.utf8).withUnsafeBufferPointer(body)
    }

    /// Calls `body` with every row's range, in order: one `memchr` per line, a few
    /// microseconds for the whole table, paid only by those who list every row.
    private func forEachRow(_ body: (UnsafeBufferPointer<UInt8>, Range<Int>) -> Void) {
        withBytes { bytes in
            var start = 0
            while start < bytes.count {
                let end = Self.endOfLine(bytes, from: start)
                if end > start { body(bytes, start..<end) }
                start = end + 1
            }
        }
    }

    /// The offset of the first `\n` at or after `start`, else the end of `bytes`.
    static func endOfLine(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        ValueScanner.firstIndex(of: UInt8(ascii: "\n"), in: bytes, from: start)
    }

    /// The end of the first column of `row`: its first tab, else its end.
    static func endOfName(_ bytes: UnsafeBufferPointer<UInt8>, _ row: Range<Int>) -> Int {
        var index = row.lowerBound
        while index < row.upperBound, bytes[index] != UInt8(ascii: "\t") { index += 1 }
        return index
    }

    /// The tab-separated columns of `row`.
    private static func columns(_ bytes: UnsafeBufferPointer<UInt8>, _ row: Range<Int>) -> [Range<Int>] {
        var columns: [Range<Int>] = []
        var columnStart = row.lowerBound
        for index in row where bytes[index] == UInt8(ascii: "\t") {
            columns.append(columnStart..<index)
            columnStart = index + 1
        }
        columns.append(columnStart..<row.upperBound)
        return columns
    }

    static func text(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }

    /// The setting a row describes, or `nil` when it has fewer than two columns or an unknown type.
    private static func info(_ bytes: UnsafeBufferPointer<UInt8>, _ row: Range<Int>) -> BuildSettingInfo? {
        let columns = columns(bytes, row)
        guard columns.count >= 2, let type = SettingType(rawValue: text(bytes, columns[1])) else { return nil }
        let values = columns.count > 2 && !columns[2].isEmpty
            ? text(bytes, columns[2]).split(separator: "|", omittingEmptySubsequences: false).map(String.init)
            : []
        let defaultValue = columns.count > 3 ? text(bytes, columns[3]) : ""
        return BuildSettingInfo(name: text(bytes, columns[0]), type: type, allowedValues: values, defaultValue: defaultValue)
    }
}

extension BuildSettingsCatalog {
    /// A hash table from the names of a sorted table to their rows: the catalogue's index.
    ///
    /// Open addressing with linear probing over a power-of-two number of slots, at most two
    /// thirds of them used, so that a lookup reads one or two slots. A slot packs everything a
    /// type lookup needs, so that it reads the table only to compare the name it found: the
    /// row's offset in the table (bits 32-63), its name's length in bytes (bits 8-31) and
    /// ``SettingType/indexCode`` of its type (bits 0-7). An empty slot is 0; a row's slot
    /// never is, since no type's code is 0.
    ///
    /// The hash is the interned names' (``NameTable/hash(_:)``), not `Hasher`, which is seeded
    /// differently in every process: the embedded table's index is generated once, as source.
    struct NameIndex: Sendable, Equatable {
        /// How many rows are indexed.
        let count: Int
        /// The hash table; its count is a power of two.
        let slots: [UInt64]

        /// An index as generated (see `BuildSettingsIndex.swift`).
        init(count: Int, slots: [UInt64]) {
            self.count = count
            self.slots = slots
        }

        /// Indexes every row of `sortedTable` with at least two columns and a known type.
        init(sortedTable: String) {
            var entries: [(hash: UInt64, slot: UInt64)] = []
            var copy = sortedTable
            copy.withUTF8 { bytes in
                // The offset must fit bits 32-63 of a slot.
                precondition(bytes.count < 1 << 32, "a build settings table of 4 GiB or more")
                var start = 0
                while start < bytes.count {
                    let end = BuildSettingsCatalog.endOfLine(bytes, from: start)
                    defer { start = end + 1 }
                    let nameEnd = BuildSettingsCatalog.endOfName(bytes, start..<end)
                    guard nameEnd < end, nameEnd - start < 1 << 24 else { continue }
                    let typeEnd = BuildSettingsCatalog.endOfName(bytes, nameEnd + 1..<end)
                    guard let type = SettingType(rawValue: BuildSettingsCatalog.text(bytes, nameEnd + 1..<typeEnd)) else { continue }
                    let name = UnsafeBufferPointer(rebasing: bytes[start..<nameEnd])
                    let slot = UInt64(start) << 32 | UInt64(nameEnd - start) << 8 | type.indexCode
                    entries.append((NameTable.hash(name), slot))
                }
            }
            var capacity = 1
            while capacity < entries.count + entries.count / 2 + 1 { capacity *= 2 }
            var slots = [UInt64](repeating: 0, count: capacity)
            for entry in entries {
                var position = Int(truncatingIfNeeded: entry.hash) & (capacity - 1)
                while slots[position] != 0 { position = (position + 1) & (capacity - 1) }
                slots[position] = entry.slot
            }
            self.init(count: entries.count, slots: slots)
        }

        /// The slot of the row named `name` in `table` (the table this index was built from),
        /// or 0 when no row is.
        func slot(named name: UnsafeBufferPointer<UInt8>, in table: UnsafeBufferPointer<UInt8>) -> UInt64 {
            let mask = slots.count - 1
            var position = Int(truncatingIfNeeded: NameTable.hash(name)) & mask
            while true {
                let slot = slots[position]
                if slot == 0 { return 0 }
                // The length first: most rows that share a slot with `name` differ in it.
                if Int(truncatingIfNeeded: slot >> 8 & 0xFF_FFFF) == name.count {
                    let start = Self.rowStart(slot)
                    if NameTable.equal(UnsafeBufferPointer(rebasing: table[start..<(start + name.count)]), name) {
                        return slot
                    }
                }
                position = (position + 1) & mask
            }
        }

        /// The offset of the row of a slot that is not empty.
        static func rowStart(_ slot: UInt64) -> Int { Int(truncatingIfNeeded: slot >> 32) }

        /// The type of the row of `slot`, user-defined for an empty slot.
        static func type(_ slot: UInt64) -> SettingType { SettingType(indexCode: slot & 0xFF) }
    }
}

extension SettingType {
    /// The type's code in a ``BuildSettingsCatalog/NameIndex`` slot: never 0, which marks
    /// an empty slot. Changing a code changes the generated index.
    var indexCode: UInt64 {
        switch self {
        case .string: 1
        case .stringList: 2
        case .path: 3
        case .pathList: 4
        case .boolean: 5
        case .enum: 6
        case .userDefined: 7
        }
    }

    /// The type whose ``indexCode`` is `code`; user-defined for 0 (no row).
    init(indexCode code: UInt64) {
        switch code {
        case 1: self = .string
        case 2: self = .stringList
        case 3: self = .path
        case 4: self = .pathList
        case 5: self = .boolean
        case 6: self = .enum
        default: self = .userDefined
        }
    }
}
