import Foundation
import Testing
import XCConfig
@testable import XCConfigCLI

/// The list of files a command writes (or, with `--dry-run`, would write) names each of them
/// relative to the current folder, `..` included, so that the repository's `.gitignore` above
/// the project folder is not the one absolute path among relative ones (issue 33, friction).
@Suite struct WrittenFileListTests {
    /// Samples/SharedProject at `/repo/App` (without its local file), the git work tree at `/repo`,
    /// the current folder `/repo/App`.
    static func sampleBelowTheRepository() throws -> InMemoryFileSystem {
        try ProjectEditCommandTests.sample(at: "/repo/App", workTree: "/repo")
    }

    @Test func localInitProjectDryRunNamesTheRepositoryGitignoreRelatively() throws {
        let result = runCLI(["local", "init", "--project", "App.xcodeproj", "DEVELOPMENT_TEAM=ABCDE12345", "--dry-run"],
                            fileSystem: try Self.sampleBelowTheRepository())
        #expect(result.status == .success, "\(result.stderr)")
        #expect(result.stdout.contains("Would create ../.gitignore\n"), "\(result.stdout)")
        #expect(result.stdout.contains("Would create Config/LocalConfig.xcconfig\n"))
        #expect(!result.stdout.contains("/repo"), "\(result.stdout)")
    }

    @Test func localInitDryRunNamesTheRepositoryGitignoreRelatively() throws {
        let result = runCLI(["local", "init", "Config/CustomConfig.xcconfig", "--dry-run"], fileSystem: try Self.sampleBelowTheRepository())
        #expect(result.status == .success, "\(result.stderr)")
        #expect(result.stderr.contains("would create ../.gitignore ignoring App/Config/LocalConfig.xcconfig\n"), "\(result.stderr)")
        #expect(!result.stderr.contains("/repo"), "\(result.stderr)")
    }

    @Test func setBaseFromASubfolderNamesTheProjectRelatively() throws {
        let fileSystem = try Self.sampleBelowTheRepository()
        fileSystem.currentDirectory = "/repo/App/Config"
        fileSystem.addFile("/repo/App/Config/New.xcconfig", bytes: Array("A = 1\n".utf8))
        let result = runCLI(["project", "set-base", "../App.xcodeproj", "New.xcconfig", "--dry-run"], fileSystem: fileSystem)
        #expect(result.status == .success, "\(result.stderr)")
        #expect(result.stdout.hasSuffix("Would update ../App.xcodeproj/project.pbxproj\n"), "\(result.stdout)")
        #expect(!result.stdout.contains("/repo"), "\(result.stdout)")
    }
}
