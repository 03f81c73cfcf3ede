import XCConfigSyntax

/// Where the project of a file or folder is, by the one rule of each question: the folder Xcode
/// searches last for includes (the nearest one above a file holding an `.xcodeproj` or
/// `.xcworkspace`), the nearest `.xcodeproj` above a file, and the only `.xcodeproj` of a folder
/// (as `xcodebuild` picks one).
///
/// Answers are kept per folder, so a caller that asks about many files of one tree (lint, a
/// language server) reads each folder's entries once; a new locator reads the folders again.
public struct ProjectLocator: Sendable {
    /// Where folders are listed.
    public var fileSystem: any FileSystem
    private var projectDirectories: [String: String?] = [:]
    private var nearestProjects: [String: String?] = [:]

    public init(fileSystem: any FileSystem) {
        self.fileSystem = fileSystem
    }

    /// The nearest folder at or above `file`'s folder that holds an `.xcodeproj` or
    /// `.xcworkspace`: where Xcode searches last for includes (SRCROOT); `nil` when none does.
    public mutating func projectDirectory(above file: String) -> String? {
        var visited: [String] = []
        var found: String?
        var directory = Path.directory(of: file)
        while true {
            if let cached = projectDirectories[directory] {
                found = cached
                break
            }
            visited.append(directory)
            if let entries = try? fileSystem.contents(ofDirectory: directory),
               entries.contains(where: { $0.hasSuffix(".xcodeproj") || $0.hasSuffix(".xcworkspace") }) {
                found = directory
                break
            }
            let parent = Path.directory(of: directory)
            if parent == directory || directory.isEmpty { break }
            directory = parent
        }
        for directory in visited { projectDirectories[directory] = .some(found) }
        return found
    }

    /// The first `.xcodeproj` (by name) in `directory` or the nearest folder above it that has
    /// one; `nil` when none does.
    public mutating func nearestProject(from directory: String) -> String? {
        var visited: [String] = []
        var found: String?
        var directory = directory
        while true {
            if let cached = nearestProjects[directory] {
                found = cached
                break
            }
            visited.append(directory)
            if let entries = try? fileSystem.contents(ofDirectory: directory),
               let name = entries.filter({ $0.hasSuffix(".xcodeproj") }).sorted().first {
                found = Path.join(directory, name)
                break
            }
            let parent = Path.directory(of: directory)
            if parent == directory || directory.isEmpty { break }
            directory = parent
        }
        for directory in visited { nearestProjects[directory] = .some(found) }
        return found
    }

    /// The `.xcodeproj` to use when none is named: the only one in `directory`, as `xcodebuild`
    /// picks it (project-formats.md §D).
    ///
    /// - Throws: ``ProjectFileError`` when `directory` holds no `.xcodeproj` or several.
    public func onlyProject(in directory: String) throws(ProjectFileError) -> String {
        try XcodeProject.locate(in: directory, fileSystem: fileSystem)
    }
}
