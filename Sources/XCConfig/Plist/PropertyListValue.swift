/// A property-list value, with dictionaries kept in their written order.
///
/// Shared by the plist reader (Info.plist and entitlements expansion) and the XML form of
/// `project.pbxproj`.
public indirect enum PropertyListValue: Sendable, Hashable {
    case string(String)
    case integer(String)
    case real(String)
    case boolean(Bool)
    case date(String)
    case data([UInt8])
    case array([PropertyListValue])
    case dictionary([PropertyListEntry])
}

/// One key and value of a property-list dictionary.
public struct PropertyListEntry: Sendable, Hashable {
    public var key: String
    public var value: PropertyListValue

    public init(key: String, value: PropertyListValue) {
        self.key = key
        self.value = value
    }
}
