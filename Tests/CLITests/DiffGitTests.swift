import Foundation
import Testing
import XCConfig
@testable import XCConfigCLI

/// A temporary git repository whose history a test builds, removed afterwards.
final class TemporaryRepository {
    let root: String

    init() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("xcconfig-diff-\(UInt32.random(in: 0...UInt32.max))")
        try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
        root = base.resolvingSymlinksInPath().path
        try git("init", "-q")
        try git("config", "user.name", "Test")
        try git("config", "user.email", "test@example.com")
    }

    deinit { try? FileManager.default.removeItem(atPath: root) }

    func write(_ relative: String, _ text: String) throws {
        let url = URL(fileURLWithPath: root + "/" + relative)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: false, encoding: .utf8)
    }

    /// Commits everything in the work tree.
    func commit(_ message: String) throws {
        try git("add", "-A")
        try git("commit", "-q", "-m", message)
    }

    func git(_ arguments: String...) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: diffGitExecutable!)
        process.arguments = ["-c", "init.defaultBranch=main"] + arguments
        process.currentDirectoryURL = URL(fileURLWithPath: root)
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw CommandFailure("git \(arguments) failed") }
    }

    /// Runs the tool in `subdirectory` of the work tree (the top when nil).
    func run(_ arguments: [String], in subdirectory: String? = nil) -> CLIResult {
        let stdout = OutputSink.capture()
        let stderr = OutputSink.capture()
        let directory = subdirectory.map { root + "/" + $0 } ?? root
        var environment = ProcessInfo.processInfo.environment
        environment["GITHUB_WORKSPACE"] = nil
        let context = CommandContext(
            arguments: arguments, environment: environment, currentDirectory: directory,
            fileSystem: RealFileSystem(currentDirectory: directory), standardOutput: stdout, standardError: stderr)
        let status = CommandLineTool.run(context)
        return CLIResult(status: status, stdout: stdout.capturedText, stdoutBytes: stdout.capturedBytes, stderr: stderr.capturedText)
    }

    /// A project with `targets` (each with Debug and Release, based on `Config/<base>.xcconfig`,
    /// `APP_SETTING = <appSetting>` in its build settings) and no project-level base.
    static func project(targets: [String], base: String = "App", appSetting: String = "1") -> String {
        var objects = """
            \t\tROOT = { isa = PBXProject; buildConfigurationList = PLIST; mainGroup = MAIN; targets = ( \(targets.map { "T_\($0), " }.joined())); };
            \t\tMAIN = { isa = PBXGroup; children = ( CONFIG, ); sourceTree = "<group>"; };
            \t\tCONFIG = { isa = PBXGroup; children = ( BASECFG, ); path = Config; sourceTree = "<group>"; };
            \t\tBASECFG = { isa = PBXFileReference; path = \(base).xcconfig; sourceTree = "<group>"; };
            \t\tPLIST = { isa = XCConfigurationList; buildConfigurations = ( P_Debug, P_Release, ); defaultConfigurationName = Release; };
            \t\tP_Debug = { isa = XCBuildConfiguration; buildSettings = { }; name = Debug; };
            \t\tP_Release = { isa = XCBuildConfiguration; buildSettings = { }; name = Release; };

            """
        for target in targets {
            objects += """
                \t\tT_\(target) = { isa = PBXNativeTarget; buildConfigurationList = L_\(target); name = \(target); };
                \t\tL_\(target) = { isa = XCConfigurationList; buildConfigurations = ( C_\(target)_Debug, C_\(target)_Release, ); };
                \t\tC_\(target)_Debug = {
                \t\t\tisa = XCBuildConfiguration;
                \t\t\tbaseConfigurationReference = BASECFG;
                \t\t\tbuildSettings = {
                \t\t\t\tAPP_SETTING = \(appSetting);
                \t\t\t};
                \t\t\tname = Debug;
                \t\t};
                \t\tC_\(target)_Release = { isa = XCBuildConfiguration; baseConfigurationReference = BASECFG; buildSettings = { APP_SETTING = \(appSetting); }; name = Release; };

                """
        }
        return "// !$*UTF8*$!\n{\n\tarchiveVersion = 1;\n\tobjectVersion = 77;\n\tobjects = {\n\(objects)\t};\n\trootObject = ROOT;\n}\n"
    }
}

let diffGitExecutable = GitCommandLine.find(environment: ProcessInfo.processInfo.environment)?.executable

/// `xcconfig diff --base REV [--head REV]` on real repositories: files read from git's objects.
@Suite("Diff between git revisions", .serialized, .enabled(if: diffGitExecutable != nil, "git is not installed"))
struct DiffGitTests {
    /// `Config/App.xcconfig` including `Config/Shared.xcconfig`, committed.
    static func repository() throws -> TemporaryRepository {
        let repository = try TemporaryRepository()
        try repository.write("Config/App.xcconfig", "#include \"Shared.xcconfig\"\nSWIFT_VERSION = 5.0\n")
        try repository.write("Config/Shared.xcconfig", "PRODUCT_NAME = App\nFLAGS = -a\n")
        try repository.commit("one")
        return repository
    }

    @Test func aChangeInAnIncludedFileIsReportedAgainstTheWorkingTree() throws {
        let repository = try Self.repository()
        try repository.write("Config/Shared.xcconfig", "PRODUCT_NAME = App\n\nFLAGS = -b\n")
        let result = repository.run(["diff", "--base", "HEAD", "Config/App.xcconfig"])
        #expect(result.status == .success, "\(result.stderr)")
        #expect(result.stdout == """
            --- HEAD
            +++ working tree
            - FLAGS = -a
                  target-xcconfig Config/Shared.xcconfig:2:1
            + FLAGS = -b
                  target-xcconfig Config/Shared.xcconfig:3:1

            """)
    }

    @Test func githubAnnotatesTheEditedLineThatInheritedValuesReach() throws {
        let repository = try TemporaryRepository()
        try repository.write("Config/App.xcconfig", "#include \"Shared.xcconfig\"\nFLAGS = $(inherited) -app\nOTHER = 1\n")
        try repository.write("Config/Shared.xcconfig", "PRODUCT_NAME = App\nFLAGS = -a\n")
        try repository.commit("one")
        try repository.write("Config/Shared.xcconfig", "PRODUCT_NAME = App\n// now -b\nFLAGS = -b\n")
        try repository.write("Config/App.xcconfig", "#include \"Shared.xcconfig\"\nFLAGS = $(inherited) -app\nOTHER = 2\n")
        let result = repository.run(["diff", "--base", "HEAD", "Config/App.xcconfig", "--format", "github"])
        #expect(result.status == .success, "\(result.stderr)")
        // The winner of FLAGS is App.xcconfig:2, unchanged; the edit is Shared.xcconfig:3.
        #expect(result.stdout == """
            ::notice file=Config/Shared.xcconfig,line=3,col=1,title=FLAGS changed::FLAGS: '-a -app' → '-b -app'
            ::notice file=Config/App.xcconfig,line=3,col=1,title=OTHER changed::OTHER: '1' → '2'

            """)
    }

    /// Issue 33, finding 7: annotations name files from the repository root, as lint's do,
    /// whatever folder the command runs in.
    @Test func githubNamesFilesRelativeToTheRepositoryRootFromASubfolder() throws {
        let repository = try TemporaryRepository()
        try repository.write("Config/App.xcconfig", "OTHER = 1\n")
        try repository.commit("one")
        try repository.write("Config/App.xcconfig", "OTHER = 2\n")
        let diff = repository.run(["diff", "--base", "HEAD", "App.xcconfig", "--format", "github"], in: "Config")
        #expect(diff.status == .success, "\(diff.stderr)")
        #expect(diff.stdout == "::notice file=Config/App.xcconfig,line=1,col=1,title=OTHER changed::OTHER: '1' → '2'\n")
        let lint = repository.run(["lint", "App.xcconfig", "--format", "github"], in: "Config")
        #expect(lint.stdout.isEmpty || lint.stdout.contains("file=Config/App.xcconfig"))
    }

    @Test func twoCommittedRevisionsAreComparedWithoutTouchingTheWorkingTree() throws {
        let repository = try Self.repository()
        try repository.write("Config/App.xcconfig", "#include \"Shared.xcconfig\"\nSWIFT_VERSION = 6.0\n")
        try repository.commit("two")
        // An uncommitted edit that --head HEAD must not see.
        try repository.write("Config/App.xcconfig", "SWIFT_VERSION = 7.0\n")
        let result = repository.run(["diff", "--base", "HEAD~1", "--head", "HEAD", "Config/App.xcconfig", "--format", "json"])
        #expect(result.status == .success, "\(result.stderr)")
        let items = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        #expect(items.count == 1)
        #expect(items.first?["old"] as? String == "5.0")
        #expect(items.first?["new"] as? String == "6.0")
    }

    @Test func aRevisionAgainstItselfIsEmpty() throws {
        let repository = try Self.repository()
        let result = repository.run(["diff", "--base", "HEAD", "--head", "HEAD", "Config/App.xcconfig", "--exit-code"])
        #expect(result.status == .success)
        #expect(result.stdout.isEmpty)
        try repository.write("App.xcodeproj/project.pbxproj", TemporaryRepository.project(targets: ["App"]))
        try repository.commit("project")
        let project = repository.run(["diff", "--base", "HEAD", "--head", "HEAD", "--project", "App.xcodeproj", "--exit-code", "--format", "json"])
        #expect(project.status == .success, "\(project.stderr)")
        #expect(project.stdout == "[]\n")
    }

    @Test func aRenamedFileGivingTheSameValuesIsNoChange() throws {
        let repository = try Self.repository()
        try repository.git("mv", "Config/Shared.xcconfig", "Config/Common.xcconfig")
        try repository.write("Config/App.xcconfig", "#include \"Common.xcconfig\"\nSWIFT_VERSION = 5.0\n")
        try repository.commit("rename")
        let same = repository.run(["diff", "--base", "HEAD~1", "--head", "HEAD", "Config/App.xcconfig", "--exit-code"])
        #expect(same.status == .success, "\(same.stdout)\(same.stderr)")
        #expect(same.stdout.isEmpty)
        // The renamed root: missing at the old revision, so every setting appears.
        let renamedRoot = repository.run(["diff", "--base", "HEAD~1", "--head", "HEAD", "Config/Common.xcconfig", "--format", "json"])
        #expect(renamedRoot.status == .success, "\(renamedRoot.stderr)")
        let items = try #require(try JSONSerialization.jsonObject(with: Data(renamedRoot.stdout.utf8)) as? [[String: Any]])
        #expect(items.map { $0["name"] as? String } == ["FLAGS", "PRODUCT_NAME"])
        #expect(items.allSatisfy { $0["old"] is NSNull })
    }

    @Test func anOverrideFileAddedSinceTheBaseMakesItsSettingsAppear() throws {
        let repository = try Self.repository()
        try repository.write("Override.xcconfig", "SWIFT_VERSION = 6.0\n")
        let result = repository.run(["diff", "--base", "HEAD", "--xcconfig", "Override.xcconfig", "--format", "json"])
        #expect(result.status == .success, "\(result.stderr)")
        let items = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        #expect(items.map { $0["name"] as? String } == ["SWIFT_VERSION"])
        #expect(items.first?["old"] is NSNull)
    }

    @Test func aChangeInTheProjectFileIsReportedAtItsLinePerTargetAndConfiguration() throws {
        let repository = try Self.repository()
        try repository.write("App.xcodeproj/project.pbxproj", TemporaryRepository.project(targets: ["App"]))
        try repository.commit("project")
        try repository.write("App.xcodeproj/project.pbxproj", TemporaryRepository.project(targets: ["App"], appSetting: "2"))
        let result = repository.run(["diff", "--base", "HEAD", "--project", "App.xcodeproj", "--format", "json"])
        #expect(result.status == .success, "\(result.stderr)")
        let items = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        #expect(items.map { "\($0["target"]!) \($0["configuration"]!) \($0["name"]!)" } == ["App Debug APP_SETTING", "App Release APP_SETTING"])
        let source = try #require(items.first?["newSource"] as? [String: Any])
        #expect(source["file"] as? String == "App.xcodeproj/project.pbxproj")
        #expect(source["level"] as? String == "target")
        // Line 19 of the generated file: the Debug configuration's APP_SETTING key.
        #expect(source["line"] as? Int == 19)
        let github = repository.run(["diff", "--base", "HEAD", "--project", "App.xcodeproj", "--format", "github"])
        #expect(github.stdout.hasPrefix("::notice file=App.xcodeproj/project.pbxproj,line=19,col=1,title=APP_SETTING changed::App / Debug: APP_SETTING: '1' → '2'\n"))
    }

    @Test func targetAndConfigurationNarrowTheProjectMatrix() throws {
        let repository = try Self.repository()
        try repository.write("App.xcodeproj/project.pbxproj", TemporaryRepository.project(targets: ["App", "Widget"]))
        try repository.commit("project")
        try repository.write("Config/App.xcconfig", "#include \"Shared.xcconfig\"\nSWIFT_VERSION = 6.0\n")
        func pairs(_ extra: [String]) throws -> [String] {
            let result = repository.run(["diff", "--base", "HEAD", "--project", "App.xcodeproj", "--format", "json"] + extra)
            let items = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
            return items.map { "\($0["target"]!) \($0["configuration"]!)" }
        }
        #expect(try pairs([]) == ["App Debug", "App Release", "Widget Debug", "Widget Release"])
        #expect(try pairs(["--configuration", "Release"]) == ["App Release", "Widget Release"])
        #expect(try pairs(["--target", "Widget"]) == ["Widget Debug", "Widget Release"])
        #expect(try pairs(["--target", "Widget", "-c", "Debug"]) == ["Widget Debug"])
        let missing = repository.run(["diff", "--base", "HEAD", "--project", "App.xcodeproj", "--target", "Nope"])
        #expect(missing.status == .usageError)
        #expect(missing.stderr.contains("no target named 'Nope'"))
    }

    @Test func withoutInputsTheOnlyProjectInTheCurrentDirectoryIsCompared() throws {
        let repository = try Self.repository()
        try repository.write("App.xcodeproj/project.pbxproj", TemporaryRepository.project(targets: ["App"]))
        try repository.commit("project")
        try repository.write("Config/App.xcconfig", "#include \"Shared.xcconfig\"\nSWIFT_VERSION = 6.0\n")
        let result = repository.run(["diff", "--base", "HEAD", "--format", "json"])
        #expect(result.status == .success, "\(result.stderr)")
        let items = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        #expect(items.map { "\($0["target"]!) \($0["configuration"]!) \($0["name"]!)" } == ["App Debug SWIFT_VERSION", "App Release SWIFT_VERSION"])
    }

    @Test func aChangedBaseConfigurationReferenceChangesTheSettingsItSupplies() throws {
        let repository = try Self.repository()
        try repository.write("Config/Other.xcconfig", "SWIFT_VERSION = 6.0\nPRODUCT_NAME = App\nFLAGS = -a\n")
        try repository.write("App.xcodeproj/project.pbxproj", TemporaryRepository.project(targets: ["App"]))
        try repository.commit("project")
        try repository.write("App.xcodeproj/project.pbxproj", TemporaryRepository.project(targets: ["App"], base: "Other"))
        let result = repository.run(["diff", "--base", "HEAD", "--project", "App.xcodeproj", "--configuration", "Debug"])
        #expect(result.status == .success, "\(result.stderr)")
        #expect(result.stdout == """
            --- HEAD
            +++ working tree

            ## App / Debug
            - SWIFT_VERSION = 5.0
                  target-xcconfig Config/App.xcconfig:2:1
            + SWIFT_VERSION = 6.0
                  target-xcconfig Config/Other.xcconfig:1:1

            """)
    }

    @Test func targetsAddedAndRemovedHaveEverySettingAppearOrDisappear() throws {
        let repository = try Self.repository()
        try repository.write("App.xcodeproj/project.pbxproj", TemporaryRepository.project(targets: ["App", "Old"]))
        try repository.commit("project")
        try repository.write("App.xcodeproj/project.pbxproj", TemporaryRepository.project(targets: ["App", "Widget"]))
        let result = repository.run(["diff", "--base", "HEAD", "--project", "App.xcodeproj", "--format", "json", "--exit-code"])
        #expect(result.status == .failure)
        let items = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        let widget = items.filter { $0["target"] as? String == "Widget" }
        let old = items.filter { $0["target"] as? String == "Old" }
        #expect(Set(widget.compactMap { $0["configuration"] as? String }) == ["Debug", "Release"])
        #expect(widget.allSatisfy { $0["old"] is NSNull } && !widget.isEmpty)
        #expect(old.allSatisfy { $0["new"] is NSNull } && !old.isEmpty)
        #expect(Set(widget.compactMap { $0["name"] as? String }) == ["APP_SETTING", "FLAGS", "PRODUCT_NAME", "SWIFT_VERSION"])
        #expect(!items.contains { $0["target"] as? String == "App" })
    }

    @Test func aRevisionThatDoesNotExistIsAnError() throws {
        let repository = try Self.repository()
        let result = repository.run(["diff", "--base", "no-such-branch", "Config/App.xcconfig"])
        #expect(result.status == .usageError)
        #expect(result.stderr.contains("unknown revision 'no-such-branch'"))
    }

    @Test func resolveListsEveryTargetAndConfigurationAsOneObject() throws {
        let repository = try Self.repository()
        try repository.write("App.xcodeproj/project.pbxproj", TemporaryRepository.project(targets: ["App", "Widget"]))
        let result = repository.run(["resolve", "--project", "App.xcodeproj", "--all-targets", "--all-configurations", "--format", "json"])
        #expect(result.status == .success, "\(result.stderr)")
        let matrix = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: [String: [String: String]]])
        #expect(Set(matrix.keys) == ["App", "Widget"])
        #expect(Set(matrix["Widget"]?.keys ?? [:].keys) == ["Debug", "Release"])
        #expect(matrix["App"]?["Debug"]?["SWIFT_VERSION"] == "5.0")
        #expect(matrix["App"]?["Debug"]?["APP_SETTING"] == "1")
        // Without --all-configurations, the project's default configuration only.
        let one = repository.run(["resolve", "--project", "App.xcodeproj", "--all-targets", "--format", "json"])
        let defaults = try #require(try JSONSerialization.jsonObject(with: Data(one.stdout.utf8)) as? [String: [String: [String: String]]])
        #expect(Set(defaults["App"]?.keys ?? [:].keys) == ["Release"])
        #expect(repository.run(["resolve", "--project", "App.xcodeproj", "--all-targets"]).status == .usageError)
    }
}
