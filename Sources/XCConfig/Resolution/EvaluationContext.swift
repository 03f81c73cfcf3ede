/// The values the condition parameters take while settings are evaluated: what
/// `--configuration`, `--sdk`, `--arch`, `--variant`, `--target-name` and `--cond` bind.
///
/// A parameter with no value matches only the pattern `*` (semantics §4.2).
public struct EvaluationContext: Sendable, Hashable {
    /// The build configuration (`config` condition, `CONFIGURATION`).
    public var configuration: String?
    /// The SDK's canonical name, then its fallback names (`sdk` condition; the first is `SDK_NAME`).
    public var sdks: [String]
    /// The architecture (`arch` condition, `CURRENT_ARCH`, `arch`).
    public var arch: String?
    /// The build variant (`variant` condition, `CURRENT_VARIANT`).
    public var variant: String?
    /// The target name (`target` condition, `TARGET_NAME`).
    public var targetName: String?
    /// Any other condition parameter, by name.
    public var conditions: [String: [String]]

    public init(
        configuration: String? = nil,
        sdks: [String] = [],
        arch: String? = nil,
        variant: String? = nil,
        targetName: String? = nil,
        conditions: [String: [String]] = [:]
    ) {
        self.configuration = configuration
        self.sdks = sdks
        self.arch = arch
        self.variant = variant
        self.targetName = targetName
        self.conditions = conditions
    }

    /// The values bound to a condition parameter, or `nil` when it has none.
    public func values(forParameter parameter: String) -> [String]? {
        switch parameter {
        case "config": return configuration.map { [$0] } ?? conditions[parameter]
        case "sdk": return sdks.isEmpty ? conditions[parameter] : sdks
        case "arch": return arch.map { [$0] } ?? conditions[parameter]
        case "variant": return variant.map { [$0] } ?? conditions[parameter]
        case "target": return targetName.map { [$0] } ?? conditions[parameter]
        default: return conditions[parameter]
        }
    }

    /// The settings the context defines, as the `defaults` level holds them.
    public var defaultSettings: [DictionaryEntry] {
        var entries: [DictionaryEntry] = []
        entries.reserveCapacity(7)
        if let configuration { entries.append(DictionaryEntry(key: "CONFIGURATION", value: configuration)) }
        if let sdk = sdks.first { entries.append(DictionaryEntry(key: "SDK_NAME", value: sdk)) }
        if let arch {
            entries.append(DictionaryEntry(key: "CURRENT_ARCH", value: arch))
            entries.append(DictionaryEntry(key: "arch", value: arch))
        }
        if let variant {
            entries.append(DictionaryEntry(key: "CURRENT_VARIANT", value: variant))
            entries.append(DictionaryEntry(key: "variant", value: variant))
        }
        if let targetName { entries.append(DictionaryEntry(key: "TARGET_NAME", value: targetName)) }
        return entries
    }
}
