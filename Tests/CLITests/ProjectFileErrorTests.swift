import Testing
import XCConfig
@testable import XCConfigCLI

/// A project file that does not parse is reported the same way by every command that reads
/// it: at its place, `FILE:LINE:COLUMN: error: …` (cli.md "Conventions"), with status 1, since
/// the input has a problem; the command itself could run as asked.
@Suite struct ProjectFileErrorTests {
    /// An old-style project.pbxproj with a stray `;` on line 5, column 26 (tabs are one column).
    static let brokenProject = """
        // !$*UTF8*$!
        {
        \tarchiveVersion = 1;
        \tobjects = {
        \t\tA1 = {isa = PBXProject;;};
        \t};
        \trootObject = A1;
        }

        """

    static func fileSystem() -> InMemoryFileSystem {
        let fileSystem = workspace([
            "App.xcodeproj/project.pbxproj": brokenProject,
            "Config/Shared.xcconfig": "SWIFT_VERSION = 6.0\n#include? \"LocalConfig.xcconfig\"\n",
            "App/App.entitlements": "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\"><dict/></plist>\n",
        ])
        fileSystem.addDirectory("/work/.git")
        return fileSystem
    }

    static let commands: [[String]] = [
        ["project", "list", "App.xcodeproj"],
        ["project", "list"],
        ["project", "extract", "App.xcodeproj", "--output", "Config"],
        ["project", "set-base", "App.xcodeproj", "Config/Shared.xcconfig"],
        ["project", "clear-overrides", "App.xcodeproj"],
        ["resolve", "--project", "App.xcodeproj"],
        ["explain", "SWIFT_VERSION", "--project", "App.xcodeproj"],
        ["expand", "App/App.entitlements", "--project", "App.xcodeproj"],
        ["lint", "--project", "App.xcodeproj"],
        ["local", "init", "--project", "App.xcodeproj", "DEVELOPMENT_TEAM=ABCDE12345"],
        ["xcodebuild", "-list", "-project", "App.xcodeproj"],
        ["xcodebuild", "-showBuildSettings", "-project", "App.xcodeproj"],
    ]

    @Test("every command reports the parse error at its line and column with status 1", arguments: commands)
    func parseErrorHasOnePlaceAndOneStatus(_ arguments: [String]) {
        let fileSystem = Self.fileSystem()
        let result = runCLI(arguments, fileSystem: fileSystem)
        #expect(result.status == .failure, "\(arguments): \(result.stderr)")
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 1, "\(arguments): \(result.stderr)")
        #expect(lines.first?.hasPrefix("App.xcodeproj/project.pbxproj:5:26: error: ") == true, "\(arguments): \(result.stderr)")
        #expect(fileSystem.kind(of: "/work/Config/LocalConfig.xcconfig") == nil)
    }

    @Test("a project that is not there is still a command that could not run (status 2)")
    func missingProjectIsStatusTwo() {
        let result = runCLI(["resolve", "--project", "Nope.xcodeproj"], fileSystem: Self.fileSystem())
        #expect(result.status == .usageError)
        #expect(result.stderr.hasPrefix("Nope.xcodeproj: error: "))
    }

    /// The message names the project as the file name does, relative to the current folder.
    @Test(arguments: [["resolve", "--project", "Nope.xcodeproj"], ["project", "clear-overrides", "Nope.xcodeproj"],
                      ["local", "init", "--project", "Nope.xcodeproj"]])
    func aMissingProjectIsNamedRelatively(_ arguments: [String]) {
        let result = runCLI(arguments, fileSystem: Self.fileSystem())
        #expect(result.stderr.hasPrefix("Nope.xcodeproj: error: "), "\(arguments): \(result.stderr)")
        #expect(!result.stderr.contains("/work"), "\(arguments): \(result.stderr)")
    }
}
