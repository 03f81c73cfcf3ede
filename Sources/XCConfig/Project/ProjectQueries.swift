import XCConfigSyntax

extension XcodeProject {
    /// The `.xcodeproj` to use when none is named: the only one in `directory`, as `xcodebuild`
    /// picks it (project-formats.md §D).
    ///
    /// - Throws: ``ProjectFileError`` when `directory` holds no `.xcodeproj` or several.
    public static func locate(in directory: String, fileSystem: any FileSystem) throws(ProjectFileError) -> String {
        let entries: [String]
        do {
            entries = try fileSystem.contents(ofDirectory: directory)
        } catch {
            throw ProjectFileError(message: error.description)
        }
        let projects = entries.filter { $0.hasSuffix(".xcodeproj") }.sorted()
        switch projects.count {
        case 1:
            return Path.join(directory, projects[0])
        case 0:
            throw ProjectFileError(message: "'\(directory)' does not contain an Xcode project; name one")
        default:
            throw ProjectFileError(
                message: "'\(directory)' contains \(projects.count) Xcode projects (\(projects.joined(separator: ", "))); name one")
        }
    }

    /// The project `path` names: an `.xcodeproj` (or the file inside it) as given, else, for a
    /// folder that is not a project, its only `.xcodeproj`, as `xcodebuild -list` run in that
    /// folder finds it.
    ///
    /// - Throws: ``ProjectFileError`` when such a folder holds no `.xcodeproj` or several.
    public static func locate(named path: String, fileSystem: any FileSystem) throws(ProjectFileError) -> String {
        let base = Path.basename(path)
        guard !base.hasSuffix(".xcodeproj"), base != "project.pbxproj", base != "project.xcproj",
              fileSystem.kind(of: path) == .directory,
              fileSystem.kind(of: Path.join(path, "project.pbxproj")) != .file,
              fileSystem.kind(of: Path.join(path, "project.xcproj")) != .file else { return path }
        return try locate(in: path, fileSystem: fileSystem)
    }

    /// Every distinct base xcconfig that can be located, project configurations first, then
    /// each target's, in order.
    public var baseConfigurationFiles: [String] {
        var seen: Set<String> = []
        var files: [String] = []
        for configuration in configurations + targets.flatMap(\.configurations) {
            if let path = configuration.baseConfiguration?.path, seen.insert(path).inserted { files.append(path) }
        }
        return files
    }

    /// The project configuration named `name`, if there is one (no fallback).
    public func configuration(named name: String) -> ProjectConfiguration? {
        configurations.first { $0.name == name }
    }
}

extension ProjectTarget {
    /// The target configuration named `name`, if there is one (no fallback).
    public func configuration(named name: String) -> ProjectConfiguration? {
        configurations.first { $0.name == name }
    }

    /// The product type without the `com.apple.product-type.` prefix (`application`,
    /// `framework`), or the kind for targets without one (`aggregate`,
    /// `external-build-system`).
    public var shortProductType: String {
        guard let productType else { return kind.rawValue }
        let prefix = "com.apple.product-type."
        return productType.hasPrefix(prefix) ? String(productType.dropFirst(prefix.count)) : productType
    }
}

extension ProjectConfiguration {
    /// The build settings as a dictionary, key as written (conditions included) → value text.
    public var settings: [String: String] {
        var dictionary: [String: String] = [:]
        for setting in buildSettings { dictionary[setting.key] = setting.value }
        return dictionary
    }

    /// The setting written with exactly `key` (conditions included), if any.
    public func setting(_ key: String) -> ProjectBuildSetting? {
        buildSettings.last { $0.key == key }
    }
}
