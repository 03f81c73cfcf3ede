import XCConfigSyntax

/// A setting a per-developer local file can override: one assigned before the `#include?` line
/// of the shared configuration, in that file or in a file it includes before that line.
/// A later assignment wins over the included local file, so only these are overridable
/// (semantics §1.6: includes are read in place).
package struct OverridableSetting: Sendable, Hashable {
    /// The setting name.
    package var name: String
    /// The conditions as Xcode renders them (`[sdk=iphoneos*]`), or `""`.
    package var conditionSuffix: String
    /// The value of the last assignment of this name and conditions before the `#include?`,
    /// as written (comments cut, §1.3): what the local file shows commented out.
    package var sharedValue: String
    /// The file of that assignment.
    package var file: String?
    /// Where that assignment's name is.
    package var location: SourceLocation

    /// `NAME[cond]`: how the setting is written on the left of `=`.
    package var key: String { name + conditionSuffix }

    package init(name: String, conditionSuffix: String = "", sharedValue: String, file: String?, location: SourceLocation) {
        self.name = name
        self.conditionSuffix = conditionSuffix
        self.sharedValue = sharedValue
        self.file = file
        self.location = location
    }
}

/// Why a `local` operation cannot go on.
package struct LocalConfigurationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong, which decides the exit status.
    package enum Kind: Sendable, Hashable {
        /// A file the user named (or the shared configuration found) cannot be read.
        case unreadable
        /// The project file is there but does not read as a project (a syntax error).
        case malformedProject
        /// No shared configuration was named and none (or more than one) could be found.
        case sharedConfigurationNotFound
        /// The shared configuration has no `#include?` (and `--add-include` was not given).
        case missingOptionalInclude
        /// `init` without `force` found the local file already there.
        case localFileExists
        /// `update` found no local file to update.
        case localFileMissing
        /// A value cannot be written to an xcconfig file.
        case invalidValue
        /// A write failed; every earlier write of the operation was undone where possible.
        case writeFailed
        /// A given value cannot take effect: the shared configuration assigns the setting after
        /// its `#include?` line (and `force` was not given).
        case valueHasNoEffect
    }

    package var kind: Kind
    /// One line saying what is wrong and what to do.
    package var message: String
    /// The file concerned, if any.
    package var file: String?
    /// The place in ``file``, for a syntax error.
    package var location: SourceLocation?

    package init(_ kind: Kind, _ message: String, file: String? = nil, location: SourceLocation? = nil) {
        self.kind = kind
        self.message = message
        self.file = file
        self.location = location
    }

    package var description: String { message }
}

/// A shared configuration file, the per-developer file its `#include?` names, and the settings
/// that file can override (cli.md "xcconfig local").
package struct SharedConfiguration: Sendable {
    /// The shared configuration's absolute path.
    package var path: String
    /// The `#include?` naming the local file; `nil` when the file has none and one is to be added.
    package var include: IncludeDirective?
    /// The line of that `#include?`.
    package var includeLine: Int?
    /// The local file's absolute path: where the `#include?` finds it, or, when it does not
    /// exist yet, where Xcode would look first (next to the shared configuration).
    package var localFilePath: String
    /// The name to write in `#include? "…"` when one is added.
    package var includeName: String
    /// Every overridable setting, in order of first assignment; each name and conditions once.
    package var overridable: [OverridableSetting]
    /// Parse and include diagnostics of the shared configuration and everything it includes.
    package var diagnostics: [Diagnostic]
    /// The shared configuration's bytes as read.
    package var bytes: [UInt8]
    /// Every assignment Xcode applies after the local file's (after the `#include?` line, in
    /// the shared configuration or files it includes there), in order: a local value of the
    /// same setting has no effect (``overriddenAfterInclude(_:)``).
    package var assignedAfterInclude: [OverridableSetting] = []

    /// The default name of a local file added with `--add-include`.
    package static let defaultLocalFileName = "LocalConfig.xcconfig"

    /// Whether the shared configuration needs an `#include?` line added.
    package var needsInclude: Bool { include == nil }

    /// The overridable setting named `key` (`NAME` or `NAME[cond]`), if any.
    package func overridable(_ key: String) -> OverridableSetting? {
        overridable.first { $0.key == key }
    }

    /// Whether any assignment of `name`, with any conditions, is overridable.
    package func isOverridable(name: String) -> Bool {
        overridable.contains { $0.name == name }
    }

    /// Loads the shared configuration at `path` with `loader` (which also finds its includes).
    ///
    /// - Parameters:
    ///   - includeName: picks the `#include?` whose path is this name when the file has several
    ///     (default: the last one); with `addingInclude`, the name of the one to add.
    ///   - addingInclude: when the file has no `#include?`, plan to append one instead of failing;
    ///     every setting of the file and its includes is then overridable.
    package static func load(
        path: String, loader: IncludeLoader, includeName: String? = nil, addingInclude: Bool = false
    ) throws(LocalConfigurationError) -> SharedConfiguration {
        let fileSystem = loader.fileSystem
        let absolute = Path.absolute(path, relativeTo: fileSystem.currentDirectory)
        let bytes: [UInt8]
        do {
            if fileSystem.kind(of: absolute) == .directory {
                throw FileSystemError(path: absolute, reason: .isDirectory)
            }
            bytes = try fileSystem.read(absolute)
        } catch {
            throw LocalConfigurationError(.unreadable, "cannot read the shared configuration: \(error)", file: absolute)
        }
        let loaded = loader.load(bytes: bytes, path: absolute)
        let tree = loaded.files[0].tree
        let optionalIncludes = tree.statements.compactMap { statement -> (Statement, IncludeDirective)? in
            if case .include(let directive) = statement.kind, directive.isOptional { return (statement, directive) }
            return nil
        }

        let chosen: (Statement, IncludeDirective)?
        if let includeName {
            chosen = optionalIncludes.last { names($0.1.path, includeName) }
            if chosen == nil, !optionalIncludes.isEmpty || !addingInclude {
                let listed = optionalIncludes.map { "\"\($0.1.path)\"" }.joined(separator: ", ")
                throw LocalConfigurationError(
                    .missingOptionalInclude,
                    optionalIncludes.isEmpty
                        ? "\(Path.basename(absolute)) has no #include? line; add `#include? \"\(includeName)\"` at its end, or pass --add-include"
                        : "\(Path.basename(absolute)) has no #include? \"\(includeName)\" (it has \(listed))",
                    file: absolute)
            }
        } else {
            // The last one: a local file is included at the end, to override everything before it.
            chosen = optionalIncludes.last
        }

        guard let (statement, directive) = chosen else {
            guard addingInclude else {
                throw LocalConfigurationError(
                    .missingOptionalInclude,
                    "\(Path.basename(absolute)) has no #include? line naming a local file; add `#include? \"\(defaultLocalFileName)\"` at its end, or pass --add-include",
                    file: absolute)
            }
            let name = includeName ?? defaultLocalFileName
            return SharedConfiguration(
                path: absolute, include: nil, includeLine: nil,
                localFilePath: try localPath(for: name, sharedConfiguration: absolute, loader: loader),
                includeName: name, overridable: overridableSettings(loaded), diagnostics: loaded.diagnostics,
                bytes: bytes)
        }

        // What comes before the `#include?` line is what its file can override: load just that
        // part, so includes before the line count and includes after it do not.
        let before = loader.load(bytes: Array(bytes[..<statement.range.startOffset]), path: absolute)
        let edge = loaded.includes.first { $0.includerIndex == 0 && $0.directive == directive }
        let localPath: String
        if let resolved = edge?.resolvedPath {
            localPath = resolved
        } else {
            localPath = try Self.localPath(for: directive.path, sharedConfiguration: absolute, loader: loader)
        }
        // The assignments Xcode applies after the local file's: the whole load's, past those
        // before the line, without the local file's own.
        var after: [OverridableSetting] = []
        for sourced in loaded.assignments.dropFirst(before.assignments.count) {
            guard let file = loaded.path(ofFile: sourced.fileIndex), file != localPath else { continue }
            let assignment = sourced.assignment
            after.append(OverridableSetting(
                name: assignment.name, conditionSuffix: assignment.conditionSuffix, sharedValue: assignment.value,
                file: file, location: assignment.nameRange.start))
        }
        return SharedConfiguration(
            path: absolute, include: directive, includeLine: statement.range.start.line, localFilePath: localPath,
            includeName: directive.path, overridable: overridableSettings(before), diagnostics: loaded.diagnostics,
            bytes: bytes, assignedAfterInclude: after)
    }

    /// The first assignment after the `#include?` that replaces a local value of `key`
    /// (`NAME` or `NAME[cond]`) whenever that value applies: the same name, and conditions
    /// that are all among the key's (or `*`). A local value it replaces has no effect.
    package func overriddenAfterInclude(_ key: String) -> OverridableSetting? {
        assignedAfterInclude.first { Self.key($0.key, covers: key) }
    }

    /// The settings before the `#include?` that a local assignment of `key` replaces wherever
    /// they apply: `DEVELOPMENT_TEAM` replaces `DEVELOPMENT_TEAM[config=Debug]` too.
    package func overridable(replacedBy key: String) -> [OverridableSetting] {
        overridable.filter { Self.key(key, covers: $0.key) }
    }

    /// Whether an assignment of `key`, applied after one of `other`, wins wherever `other`
    /// matches: the same name, and each of its conditions `*` or one of `other`'s.
    static func key(_ key: String, covers other: String) -> Bool {
        guard let (name, conditions) = parseSettingKey(key), let (otherName, otherConditions) = parseSettingKey(other),
              name == otherName else { return false }
        return conditions.allSatisfy { condition in condition.pattern == "*" || otherConditions.contains(condition) }
    }

    /// Whether an `#include?` path names `name` (as written, by file name, or with the inferred
    /// `.xcconfig`).
    private static func names(_ includePath: String, _ name: String) -> Bool {
        if includePath == name || Path.basename(includePath) == name { return true }
        let withExtension = Path.fileExtension(includePath).isEmpty ? includePath + ".xcconfig" : includePath
        return withExtension == name || Path.basename(withExtension) == name
    }

    /// Where a missing local file named `name` is created: where Xcode looks first, the shared
    /// configuration's own folder (or the absolute path), `.xcconfig` added to a name without an
    /// extension as Xcode infers it (semantics §1.6).
    static func localPath(for name: String, sharedConfiguration: String, loader: IncludeLoader) throws(LocalConfigurationError) -> String {
        var name = name
        if name.hasPrefix("<DEVELOPER_DIR>") {
            guard let developer = loader.developerDirectory else {
                throw LocalConfigurationError(
                    .missingOptionalInclude,
                    "the #include? \"\(name)\" needs the developer directory (set DEVELOPER_DIR or pass --developer-dir)",
                    file: sharedConfiguration)
            }
            name = developer + name.dropFirst("<DEVELOPER_DIR>".count)
        }
        if name.isEmpty {
            throw LocalConfigurationError(.missingOptionalInclude, "the #include? line names no file", file: sharedConfiguration)
        }
        let path = Path.normalize(Path.absolute(name, relativeTo: Path.directory(of: sharedConfiguration)))
        return Path.fileExtension(path).isEmpty ? path + ".xcconfig" : path
    }

    /// Each name and conditions once, in order of first assignment, with the last value.
    private static func overridableSettings(_ loaded: LoadedConfiguration) -> [OverridableSetting] {
        var settings: [OverridableSetting] = []
        var indexByKey: [String: Int] = [:]
        for sourced in loaded.assignments {
            let assignment = sourced.assignment
            let setting = OverridableSetting(
                name: assignment.name, conditionSuffix: assignment.conditionSuffix, sharedValue: assignment.value,
                file: loaded.path(ofFile: sourced.fileIndex), location: assignment.nameRange.start)
            if let index = indexByKey[setting.key] {
                settings[index] = setting
            } else {
                indexByKey[setting.key] = settings.count
                settings.append(setting)
            }
        }
        return settings
    }

    /// The shared configuration under `directory` when none is named: the only `.xcconfig` file
    /// there (searched recursively, skipping what `lint` skips) that has an `#include?`.
    package static func find(under directory: String, fileSystem: any FileSystem) throws(LocalConfigurationError) -> String {
        // The search stays inside `directory` (``ConfigurationFileSearch``).
        let candidates = ConfigurationFileSearch(fileSystem: fileSystem)
            .files(under: Path.absolute(directory, relativeTo: fileSystem.currentDirectory))
        let found = candidates.filter { path in
            guard let bytes = try? fileSystem.read(path) else { return false }
            return XCConfigParser.parse(bytes).includes.contains(where: \.isOptional)
        }
        guard found.count == 1 else {
            let place = Path.display(Path.absolute(directory, relativeTo: fileSystem.currentDirectory), relativeTo: fileSystem.currentDirectory)
            if found.isEmpty {
                throw LocalConfigurationError(
                    .sharedConfigurationNotFound,
                    "no .xcconfig file under '\(place)' has an #include? line; name the shared configuration (xcconfig local init CONFIG)")
            }
            let names = found.map { Path.display($0, relativeTo: fileSystem.currentDirectory) }.joined(separator: ", ")
            throw LocalConfigurationError(
                .sharedConfigurationNotFound,
                "several .xcconfig files under '\(place)' have an #include? line (\(names)); name the one to use")
        }
        return found[0]
    }
}
