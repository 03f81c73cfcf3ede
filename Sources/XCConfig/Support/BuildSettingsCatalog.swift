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
public struct BuildSettingsCatalog: Sendable {
    /// The catalogue, parsed from the embedded table on first use.
    public static let shared = BuildSettingsCatalog(table: embeddedTable)

    /// Every known setting by name.
    public let settings: [String: BuildSettingInfo]
    /// Every known name, sorted (computed on demand: only the linter needs it).
    public var names: [String] { settings.keys.sorted() }

    /// Parses a table of tab-separated `name type values default` lines.
    ///
    /// Runs at the first evaluation of every process, so it works on UTF-8 bytes: splitting a
    /// `String` by `Character` costs several times more.
    public init(table: String) {
        var settings: [String: BuildSettingInfo] = [:]
        settings.reserveCapacity(2_100)
        var table = table
        table.withUTF8 { bytes in
            var lineStart = 0
            while lineStart < bytes.count {
                var lineEnd = lineStart
                while lineEnd < bytes.count, bytes[lineEnd] != UInt8(ascii: "\n") { lineEnd += 1 }
                // Up to four tab-separated columns.
                var columns: [Range<Int>] = []
                var columnStart = lineStart
                for index in lineStart..<lineEnd where bytes[index] == UInt8(ascii: "\t") {
                    columns.append(columnStart..<index)
                    columnStart = index + 1
                }
                columns.append(columnStart..<lineEnd)
                func text(_ range: Range<Int>) -> String {
                    String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
                }
                if columns.count >= 2, let type = SettingType(rawValue: text(columns[1])) {
                    let name = text(columns[0])
                    let values = columns.count > 2 && !columns[2].isEmpty
                        ? text(columns[2]).split(separator: "|", omittingEmptySubsequences: false).map(String.init)
                        : []
                    let defaultValue = columns.count > 3 ? text(columns[3]) : ""
                    settings[name] = BuildSettingInfo(name: name, type: type, allowedValues: values, defaultValue: defaultValue)
                }
                lineStart = lineEnd + 1
            }
        }
        self.settings = settings
    }

    /// What the catalogue knows of `name`, or `nil` for a user-defined name.
    public subscript(name: String) -> BuildSettingInfo? { settings[name] }

    /// The type Xcode gives `name`: the catalogue's, else user-defined.
    public func type(of name: String) -> SettingType {
        settings[name]?.type ?? .userDefined
    }
}
