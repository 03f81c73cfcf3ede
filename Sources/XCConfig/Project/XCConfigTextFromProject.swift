import XCConfigSyntax

/// Writes project build settings as xcconfig assignments.
enum XCConfigTextFromProject {
    /// One entry of a project dictionary: key as written (conditions included) and value text.
    struct Entry: Hashable {
        var key: String
        var value: String
    }

    /// The assignments for settings given per configuration (in `configurations` order): a key
    /// with the same value in every configuration is written once, any other once per
    /// configuration that has it, with a `[config=…]` condition. Keys keep their own conditions
    /// (`OTHER_LDFLAGS[sdk=iphoneos*]` stays conditional); values are written so the xcconfig
    /// parser reads them back unchanged (`//` as `/$()/`, which would otherwise start a comment).
    ///
    /// - Throws: ``LocalConfigurationError`` `.invalidValue` for a value with a line break.
    static func assignments(
        _ settings: [String: [Entry]], configurations: [String]
    ) throws(LocalConfigurationError) -> [String] {
        try merged(settings, configurations: configurations).map { entry throws(LocalConfigurationError) in
            "\(entry.key) = \(try LocalConfigurationFile.valueText(entry.value, key: entry.key))"
        }
    }

    /// The entries ``assignments(_:configurations:)`` writes, values not yet escaped.
    static func merged(_ settings: [String: [Entry]], configurations: [String]) -> [Entry] {
        var keys: [String] = []
        var seen: Set<String> = []
        for configuration in configurations {
            for entry in settings[configuration] ?? [] where seen.insert(entry.key).inserted { keys.append(entry.key) }
        }
        var merged: [Entry] = []
        for key in keys {
            let values = configurations.map { configuration in settings[configuration]?.last { $0.key == key }?.value }
            if let first = values.first, let value = first, values.allSatisfy({ $0 == value }) {
                merged.append(Entry(key: key, value: value))
                continue
            }
            for (configuration, value) in zip(configurations, values) {
                guard let value else { continue }
                merged.append(Entry(key: conditioned(key, configuration: configuration), value: value))
            }
        }
        return merged
    }

    /// `NAME[config=Debug][sdk=…]` from `NAME[sdk=…]`.
    static func conditioned(_ key: String, configuration: String) -> String {
        let name = parseSettingKey(key)?.name ?? key
        return name + "[config=\(configuration)]" + key.dropFirst(name.count)
    }
}
