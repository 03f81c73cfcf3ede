import Foundation
import Testing
import XCConfig
@testable import XCConfigCLI

/// Issue 30, findings 2 and 3: names from a project file, `#include?` paths, `--name` and
/// symbolic links never take a write outside the repository, and a refused write writes nothing.
@Suite("Writes stay inside the repository", .serialized, .enabled(if: diffGitExecutable != nil, "git is not installed"))
struct WriteContainmentTests {
    /// A folder next to the repository (inside the test's own temporary folder) that nothing may write to.
    static func outside(_ repository: TemporaryRepository) -> String { repository.root + "-outside" }

    static func files(under folder: String) -> [String] {
        (FileManager.default.enumerator(atPath: folder)?.allObjects as? [String] ?? []).sorted()
    }

    /// The project of ``TemporaryRepository/project(targets:base:appSetting:)`` with target
    /// `first` renamed to `name`, and the configuration `Debug` to `debugName`.
    static func repository(targetName name: String, debugName: String = "Debug") throws -> TemporaryRepository {
        let repository = try TemporaryRepository()
        try repository.write("Config/App.xcconfig", "PRODUCT_NAME = App\n")
        try repository.write(
            "App.xcodeproj/project.pbxproj",
            TemporaryRepository.project(targets: ["first"]).replacingOccurrences(of: "name = first;", with: "name = \"\(name)\";")
                .replacingOccurrences(of: "name = Debug;", with: "name = \"\(debugName)\";"))
        try repository.commit("one")
        return repository
    }

    @Test func aTargetNameCannotPlaceLocalInitsFilesOutsideTheRepository() throws {
        let escaped = "ESCAPED-\(UInt32.random(in: 0...UInt32.max))"
        let repository = try Self.repository(targetName: "../../\(escaped)/first", debugName: "../../\(escaped)/dbg")
        defer { try? FileManager.default.removeItem(atPath: "/tmp/" + escaped) }
        let result = repository.run(["local", "init", "--project", "App.xcodeproj", "DEVELOPMENT_TEAM=ABCDE12345"])
        #expect(result.status == .success, "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: "/tmp/" + escaped))
        #expect(!FileManager.default.fileExists(atPath: repository.root + "/" + escaped))
        // The wrapper of the base is named after the configuration without its path characters.
        #expect(FileManager.default.fileExists(atPath: repository.root + "/Config/\(escaped)dbg.xcconfig"), "\(Self.files(under: repository.root))")
    }

    /// Issue 30, finding 14: a read-only (0444) project file is not replaced silently. Each
    /// command that edits a project refuses with nothing written and nothing reported as done,
    /// and `--force` replaces it, keeping its mode.
    @Test(arguments: [
        ["project", "set-base", "App.xcodeproj", "Config/App.xcconfig"],
        ["project", "clear-overrides", "App.xcodeproj"],
        ["project", "extract", "App.xcodeproj", "--output", "Extracted"],
        ["local", "init", "--project", "App.xcodeproj", "DEVELOPMENT_TEAM=ABCDE12345"],
    ])
    func aReadOnlyProjectFileIsRefusedUnlessForced(command: [String]) throws {
        let repository = try Self.repository(targetName: "first")
        // A base value the project's own APP_SETTING hides, for clear-overrides to clear.
        try repository.write("Config/App.xcconfig", "PRODUCT_NAME = App\nAPP_SETTING = 2\n")
        try repository.commit("base")
        let projectFile = repository.root + "/App.xcodeproj/project.pbxproj"
        let before = try String(contentsOfFile: projectFile, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: projectFile)
        let filesBefore = Self.files(under: repository.root)
        let refused = repository.run(command)
        #expect(refused.status == .failure, "\(refused.stderr)")
        #expect(refused.stderr.contains("project.pbxproj: error: the file is read-only; nothing written"), "\(refused.stderr)")
        // Nothing is reported as done ("Removing …", "Moving …", "Created …") when nothing was written.
        #expect(refused.stdout.isEmpty, "\(refused.stdout)")
        #expect(try String(contentsOfFile: projectFile, encoding: .utf8) == before)
        #expect(Self.files(under: repository.root) == filesBefore)
        let forced = repository.run(command + ["--force"])
        #expect(forced.status == .success, "\(forced.stderr)")
        #expect(try String(contentsOfFile: projectFile, encoding: .utf8) != before)
        let mode = try FileManager.default.attributesOfItem(atPath: projectFile)[.posixPermissions] as? Int
        #expect(mode == 0o444)
    }

    @Test func aConfigurationNameCannotPlaceExtractedFilesOutsideTheOutputFolder() throws {
        let escaped = "x-\(UInt32.random(in: 0...UInt32.max))"
        let repository = try Self.repository(targetName: "A/B", debugName: "../../\(escaped)/dbg")
        let result = repository.run(["project", "extract", "App.xcodeproj", "--output", "Extracted"])
        #expect(result.status == .success, "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: "/tmp/" + escaped))
        let extracted = Self.files(under: repository.root + "/Extracted")
        #expect(extracted.contains("AB.xcconfig") && extracted.contains("AB-\(escaped)dbg.xcconfig"), "\(extracted)")
        #expect(extracted.allSatisfy { !$0.contains("/") })
    }

    /// A shared configuration with a local file that links out of the tree.
    static func repositoryWithLinkedLocalFile() throws -> (TemporaryRepository, victim: String) {
        let repository = try TemporaryRepository()
        try repository.write("Config/Shared.xcconfig", "DEVELOPMENT_TEAM = ABC\n#include? \"LocalConfig.xcconfig\"\n")
        try repository.write(".gitignore", "LocalConfig.xcconfig\n")
        try repository.commit("one")
        let outside = Self.outside(repository)
        try FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: true)
        let victim = outside + "/victim"
        try "VICTIM\n".write(toFile: victim, atomically: false, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: repository.root + "/Config/LocalConfig.xcconfig", withDestinationPath: victim)
        return (repository, victim)
    }

    @Test(arguments: [["local", "update", "Config/Shared.xcconfig"], ["local", "init", "Config/Shared.xcconfig", "--force", "DEVELOPMENT_TEAM=XYZ"]])
    func aLocalFileLinkedOutOfTheTreeIsNeverWritten(command: [String]) throws {
        let (repository, victim) = try Self.repositoryWithLinkedLocalFile()
        defer { try? FileManager.default.removeItem(atPath: Self.outside(repository)) }
        let result = repository.run(command)
        #expect(result.status == .failure)
        #expect(result.stderr.contains("refusing to write outside"), "\(result.stderr)")
        #expect(try String(contentsOfFile: victim, encoding: .utf8) == "VICTIM\n")
        #expect(Self.files(under: Self.outside(repository)) == ["victim"])
    }

    @Test func aSymlinkedGitIgnoreIsNeverWritten() throws {
        let repository = try TemporaryRepository()
        try repository.write("Config/Shared.xcconfig", "DEVELOPMENT_TEAM = ABC\n#include? \"LocalConfig.xcconfig\"\n")
        try repository.write("ignored-list", "build/\n")
        try repository.commit("one")
        try FileManager.default.createSymbolicLink(atPath: repository.root + "/.gitignore", withDestinationPath: "ignored-list")
        let result = repository.run(["local", "init", "Config/Shared.xcconfig", "DEVELOPMENT_TEAM=XYZ"])
        #expect(result.status == .failure)
        #expect(result.stderr.contains(".gitignore"), "\(result.stderr)")
        #expect(try String(contentsOfFile: repository.root + "/ignored-list", encoding: .utf8) == "build/\n")
        // Nothing at all was written: no local file either.
        #expect(!FileManager.default.fileExists(atPath: repository.root + "/Config/LocalConfig.xcconfig"))
    }

    @Test func anAbsoluteIncludeOrANameThatClimbsOutIsRefused() throws {
        let repository = try TemporaryRepository()
        let outside = Self.outside(repository)
        defer { try? FileManager.default.removeItem(atPath: outside) }
        try FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: true)
        try repository.write("Config/Shared.xcconfig", "DEVELOPMENT_TEAM = ABC\n#include? \"\(outside)/Abs.xcconfig\"\n")
        try repository.write("Config/Other.xcconfig", "DEVELOPMENT_TEAM = ABC\n")
        try repository.commit("one")
        let absolute = repository.run(["local", "init", "Config/Shared.xcconfig", "DEVELOPMENT_TEAM=XYZ"])
        #expect(absolute.status == .failure)
        #expect(absolute.stderr.contains("refusing to write outside"), "\(absolute.stderr)")
        let climbing = repository.run(["local", "init", "Config/Other.xcconfig", "--add-include", "--name", "../../\(Path.basename(outside))/Named.xcconfig", "DEVELOPMENT_TEAM=XYZ"])
        #expect(climbing.status == .failure)
        #expect(climbing.stderr.contains("refusing to write outside"), "\(climbing.stderr)")
        #expect(Self.files(under: outside).isEmpty)
        // The refused runs wrote nothing inside either.
        #expect(try String(contentsOfFile: repository.root + "/Config/Other.xcconfig", encoding: .utf8) == "DEVELOPMENT_TEAM = ABC\n")
        #expect(!FileManager.default.fileExists(atPath: repository.root + "/.gitignore"))
    }
}
