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

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The 2,049 build settings the open-source build system declares, with type, allowed values
/// and default, embedded in the library.
///
/// The catalogue is kept as its table text, sorted by name, with the offset of every line: a
/// lookup is a binary search over the lines and parses only the row it finds, so a process that
/// asks for a few hundred types never parses the other rows. ``settings`` is built only when
/// asked for.
public struct BuildSettingsCatalog: Sendable {
    /// The embedded catalogue. Cheap to create: the table is a string literal, indexed with one
    /// `memchr` per line.
    public static let shared = BuildSettingsCatalog(sortedTable: embeddedTable)

    /// Tab-separated `name type values default` rows, one per name, sorted by the names' UTF-8
    /// bytes, every type a known ``SettingType``; lines are separated by `\n`.
    private let table: String
    /// Every non-empty line of ``table``, without its newline.
    private let rows: [Range<Int>]
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
    public var count: Int { rows.count }

    /// Parses a table of tab-separated `name type values default` lines, in any order. Lines
    /// with fewer than two columns or an unknown type are skipped; a later line for the same
    /// name replaces an earlier one.
    public init(table: String) {
        var rows: [String: String] = [:]
        var copy = table
        copy.withUTF8 { bytes in
            var lineStart = 0
            while lineStart < bytes.count {
                var lineEnd = lineStart
                while lineEnd < bytes.count, bytes[lineEnd] != UInt8(ascii: "\n") { lineEnd += 1 }
                if let info = Self.info(bytes, lineStart..<lineEnd) {
                    rows[info.name] = [info.name, info.type.rawValue, info.allowedValues.joined(separator: "|"), info.defaultValue]
                        .joined(separator: "\t")
                }
                lineStart = lineEnd + 1
            }
        }
        let sorted = rows.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        self.init(sortedTable: sorted.map { rows[$0]! }.joined(separator: "\n"))
    }

    /// A catalogue over `sortedTable`, taken as it is (see ``table``); the tests check that the
    /// embedded table qualifies.
    init(sortedTable: String) {
        var table = sortedTable
        table.makeContiguousUTF8()
        self.table = table
        self.dictionary = LazyDictionary()
        // One `memchr` per line: a few microseconds for the whole table.
        rows = table.withUTF8 { bytes in
            var rows: [Range<Int>] = []
            rows.reserveCapacity(2_100)
            guard let base = bytes.baseAddress else { return [] }
            var start = 0
            while start < bytes.count {
                let newline = memchr(base + start, Int32(UInt8(ascii: "\n")), bytes.count - start)
                    .map { UnsafeRawPointer($0) - UnsafeRawPointer(base) }
                let end = newline ?? bytes.count
                if end > start { rows.append(start..<end) }
                start = end + 1
            }
            return rows
        }
    }

    /// What the catalogue knows of `name`, or `nil` for a user-defined name.
    public subscript(name: String) -> BuildSettingInfo? {
        withBytes { bytes in row(named: name, in: bytes).flatMap { Self.info(bytes, $0) } }
    }

    /// The type Xcode gives `name`: the catalogue's, else user-defined.
    public func type(of name: String) -> SettingType {
        withBytes { bytes in
            guard let row = row(named: name, in: bytes) else { return .userDefined }
            let nameEnd = Self.endOfName(bytes, row)
            guard nameEnd < row.upperBound else { return .userDefined }
            let typeEnd = Self.endOfName(bytes, nameEnd + 1..<row.upperBound)
            return SettingType(rawValue: Self.text(bytes, nameEnd + 1..<typeEnd)) ?? .userDefined
        }
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

    /// Calls `body` with every row's range, in order.
    private func forEachRow(_ body: (UnsafeBufferPointer<UInt8>, Range<Int>) -> Void) {
        withBytes { bytes in
            for row in rows { body(bytes, row) }
        }
    }

    /// The range of the row for `name`: a binary search over the sorted rows.
    private func row(named name: String, in bytes: UnsafeBufferPointer<UInt8>) -> Range<Int>? {
        if let found = name.utf8.withContiguousStorageIfAvailable({ search($0, in: bytes) }) {
            return found
        }
        return Array(name.utf8).withUnsafeBufferPointer { search($0, in: bytes) }
    }

    private func search(_ name: UnsafeBufferPointer<UInt8>, in bytes: UnsafeBufferPointer<UInt8>) -> Range<Int>? {
        var low = 0
        var high = count
        while low < high {
            let middle = low + (high - low) / 2
            let row = rows[middle]
            let order = Self.compare(name, toNameOf: row, in: bytes)
            if order == 0 { return row }
            if order > 0 { low = middle + 1 } else { high = middle }
        }
        return nil
    }

    /// `name` compared with the name column of `row`: negative, zero or positive.
    ///
    /// The column ends at a tab, which sorts below every byte of a setting name, so the row's
    /// bytes compare as the name would without finding the tab first.
    private static func compare(_ name: UnsafeBufferPointer<UInt8>, toNameOf row: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        let tab = UInt8(ascii: "\t")
        var index = 0
        while index < name.count {
            guard row.lowerBound + index < row.upperBound else { return 1 }
            let a = name[index], b = bytes[row.lowerBound + index]
            if b == tab { return 1 }
            if a != b { return a < b ? -1 : 1 }
            index += 1
        }
        let next = row.lowerBound + index
        return next >= row.upperBound || bytes[next] == tab ? 0 : -1
    }

    /// The end of the first column of `row`: its first tab, else its end.
    private static func endOfName(_ bytes: UnsafeBufferPointer<UInt8>, _ row: Range<Int>) -> Int {
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

    private static func text(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
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
