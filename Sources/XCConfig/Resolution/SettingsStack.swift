import XCConfigSyntax

/// Where one level's assignments come from.
public enum LevelSource: Sendable {
    /// An xcconfig file with its includes (assignments in file order).
    case configuration(LoadedConfiguration)
    /// A dictionary (project or target build settings, command-line overrides, the
    /// environment, the context); entries are applied in ascending key order.
    case dictionary([DictionaryEntry])
}

/// One level of a settings stack.
public struct Level: Sendable {
    /// Which level it is.
    public var kind: LevelKind
    /// What it holds.
    public var source: LevelSource

    public init(kind: LevelKind, source: LevelSource) {
        self.kind = kind
        self.source = source
    }
}

/// A condition of an assignment, from a file or a dictionary key.
public struct ConditionSpec: Sendable, Hashable {
    public var parameter: String
    public var pattern: String

    public init(parameter: String, pattern: String) {
        self.parameter = parameter
        self.pattern = pattern
    }
}

/// Splits a dictionary key such as `OTHER_LDFLAGS[sdk=iphoneos*][arch=arm64]` into the setting
/// name and its conditions, with the xcconfig grammar (conditions untrimmed). `nil` when the
/// key is malformed.
package func parseSettingKey(_ key: String) -> (name: String, conditions: [ConditionSpec])? {
    // The bytes of a copy: the key itself is returned as the name when it has no conditions.
    var spelling = key
    return spelling.withUTF8 { bytes in parseSettingKey(key, bytes: bytes) }
}

/// ``parseSettingKey(_:)`` on the key's UTF-8 bytes, read in place: the resolver parses every
/// key of every dictionary level, most of them a bare name, returned as the key itself.
private func parseSettingKey(_ key: String, bytes: UnsafeBufferPointer<UInt8>) -> (name: String, conditions: [ConditionSpec])? {
    var index = 0
    func isNameByte(_ byte: UInt8, first: Bool) -> Bool {
        (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == 0x5F
            || (!first && byte >= 0x30 && byte <= 0x39)
    }
    while index < bytes.count, isNameByte(bytes[index], first: index == 0) { index += 1 }
    guard index > 0 else { return nil }
    if index == bytes.count { return (key, []) }
    let name = String(decoding: UnsafeBufferPointer(rebasing: bytes[0..<index]), as: UTF8.self)
    var conditions: [ConditionSpec] = []
    while index < bytes.count {
        guard bytes[index] == UInt8(ascii: "[") else { return nil }
        index += 1
        let parameterStart = index
        while index < bytes.count, bytes[index] != UInt8(ascii: "="), bytes[index] != UInt8(ascii: "]") { index += 1 }
        guard index < bytes.count, bytes[index] == UInt8(ascii: "=") else { return nil }
        let parameter = String(decoding: UnsafeBufferPointer(rebasing: bytes[parameterStart..<index]), as: UTF8.self)
        index += 1
        let patternStart = index
        while index < bytes.count, bytes[index] != UInt8(ascii: "]") { index += 1 }
        guard index < bytes.count else { return nil }
        let pattern = String(decoding: UnsafeBufferPointer(rebasing: bytes[patternStart..<index]), as: UTF8.self)
        index += 1
        conditions.append(ConditionSpec(parameter: parameter, pattern: pattern))
    }
    return (name, conditions)
}

/// Where an assignment was made, and how it reads: what `explain` and `--provenance` show.
public struct AssignmentInfo: Sendable, Hashable {
    /// The setting assigned.
    public var name: String
    /// The level it belongs to.
    public var level: LevelKind
    /// The xcconfig file it is written in, or the file holding a dictionary entry.
    public var file: String?
    /// Where the setting name starts in `file` (xcconfig assignments, and dictionary entries
    /// whose format has lines).
    public var location: SourceLocation?
    /// For dictionary entries: the key path in the project file.
    public var keyPath: String?
    /// The conditions.
    public var conditions: [ConditionSpec]
    /// The value text as written (after Xcode's line processing).
    public var rawValue: String
    /// Whether the conditions match the evaluation context.
    public var matchesContext: Bool

    /// The conditions as Xcode prints them: `[sdk=iphoneos*][arch=arm64]`.
    public var conditionSuffix: String {
        conditions.map { "[\($0.parameter)=\($0.pattern)]" }.joined()
    }
}
