import Foundation
import Testing
import XCConfig
@testable import XCConfigCLI

private let customConfig = """
    // Shared by every developer.
    PRODUCT_BUNDLE_IDENTIFIER = com.example.app
    DEVELOPMENT_TEAM =
    CODE_SIGN_STYLE = Automatic
    CLOUDKIT_CONTAINER_ID = iCloud.$(PRODUCT_BUNDLE_IDENTIFIER)
    #include? "LocalConfig.xcconfig"
    SWIFT_VERSION = 6.0

    """

private let localPath = "/work/Config/LocalConfig.xcconfig"

/// A git work tree (by its `.git` folder) at `/work` with the shared configuration.
private func sharedProject(_ extra: [String: String] = [:]) -> InMemoryFileSystem {
    var files = ["/work/Config/CustomConfig.xcconfig": customConfig, "/work/Config/Debug.xcconfig": "#include \"CustomConfig.xcconfig\"\n"]
    for (path, text) in extra { files[path] = text }
    let fileSystem = workspace(files)
    fileSystem.addDirectory("/work/.git")
    return fileSystem
}

/// The lines of the local file that are settings, set or commented out.
private func settingLines(_ text: String?) -> [String] {
    (text ?? "").split(separator: "\n").map(String.init).filter { $0.contains(" =") && !$0.contains("#include?") }
}

@Suite("Local command, in memory")
struct LocalCommandTests {
    @Test func initWritesGivenValuesAndListsTheRestCommentedOut() {
        let fileSystem = sharedProject()
        let result = runCLI(["local", "init", "Config/CustomConfig.xcconfig", "DEVELOPMENT_TEAM=ABCDE12345"], fileSystem: fileSystem)
        #expect(result.status == .success)
        #expect(result.stderr == "")
        #expect(result.stdout == """
            Create .gitignore ignoring Config/LocalConfig.xcconfig
            Create Config/LocalConfig.xcconfig
            Config/LocalConfig.xcconfig: DEVELOPMENT_TEAM set; 3 other settings listed commented out with their shared values.

            """)
        #expect(settingLines(fileSystem.contentsOfFile(localPath)) == [
            "// PRODUCT_BUNDLE_IDENTIFIER = com.example.app",
            "DEVELOPMENT_TEAM = ABCDE12345",
            "// CODE_SIGN_STYLE = Automatic",
            "// CLOUDKIT_CONTAINER_ID = iCloud.$(PRODUCT_BUNDLE_IDENTIFIER)",
        ])
        #expect(fileSystem.contentsOfFile(localPath)?.contains("Git ignores this file") == true)
        #expect(fileSystem.contentsOfFile("/work/.gitignore") == "Config/LocalConfig.xcconfig\n")
        // The value reaches the build settings through the #include?.
        #expect(runCLI(["resolve", "Config/Debug.xcconfig", "--print", "DEVELOPMENT_TEAM"], fileSystem: fileSystem).stdout == "ABCDE12345\n")
    }

    @Test func theSharedConfigurationIsFoundWhenNotNamed() {
        let fileSystem = sharedProject()
        let result = runCLI(["local", "init", "--from-env"], fileSystem: fileSystem, environment: ["CODE_SIGN_STYLE": "Manual", "SWIFT_VERSION": "5"])
        #expect(result.status == .success)
        #expect(settingLines(fileSystem.contentsOfFile(localPath)).contains("CODE_SIGN_STYLE = Manual"))
        // Only overridable settings are taken from the environment.
        #expect(fileSystem.contentsOfFile(localPath)?.contains("SWIFT_VERSION") == false)
    }

    @Test func anExistingLocalFileIsNeverOverwrittenWithoutForce() {
        let mine = "DEVELOPMENT_TEAM = MINE // my team\n"
        let fileSystem = sharedProject([localPath: mine])
        fileSystem.setPermissions(0o600, of: localPath)
        let result = runCLI(["local", "init", "Config/CustomConfig.xcconfig", "DEVELOPMENT_TEAM=OTHER"], fileSystem: fileSystem)
        #expect(result.status == .failure)
        #expect(result.stderr == "Config/LocalConfig.xcconfig: error: the local file already exists; `xcconfig local update` adds new settings to it, --force replaces it\n")
        #expect(fileSystem.contentsOfFile(localPath) == mine)
        #expect(fileSystem.writtenPaths.isEmpty)

        let forced = runCLI(["local", "init", "DEVELOPMENT_TEAM=OTHER", "--force"], fileSystem: fileSystem)
        #expect(forced.status == .success)
        #expect(forced.stdout.contains("Replace Config/LocalConfig.xcconfig"))
        #expect(settingLines(fileSystem.contentsOfFile(localPath)).contains("DEVELOPMENT_TEAM = OTHER"))
        #expect(fileSystem.permissions(of: localPath) == 0o600)
    }

    @Test func dryRunPrintsTheFileAndWritesNothing() {
        let fileSystem = sharedProject()
        let result = runCLI(["local", "init", "--dry-run", "DEVELOPMENT_TEAM=ABCDE12345"], fileSystem: fileSystem)
        #expect(result.status == .success)
        #expect(result.stdout.hasPrefix("// LocalConfig.xcconfig: build settings for this checkout only.\n"))
        #expect(result.stdout.contains("\nDEVELOPMENT_TEAM = ABCDE12345\n"))
        #expect(result.stderr == """
            note: dry run: would create .gitignore ignoring Config/LocalConfig.xcconfig
            note: dry run: would create Config/LocalConfig.xcconfig

            """)
        #expect(fileSystem.writtenPaths.isEmpty)
    }

    @Test func aSharedConfigurationWithoutOptionalIncludeIsAnError() {
        let fileSystem = sharedProject(["/work/Config/Plain.xcconfig": "DEVELOPMENT_TEAM =\n"])
        let result = runCLI(["local", "init", "Config/Plain.xcconfig"], fileSystem: fileSystem)
        #expect(result.status == .failure)
        #expect(result.stderr.hasPrefix("Config/Plain.xcconfig: error: Plain.xcconfig has no #include? line"))
        #expect(fileSystem.writtenPaths.isEmpty)
    }

    @Test func addIncludeAppendsTheIncludeAndCreatesTheNamedFile() {
        let fileSystem = sharedProject(["/work/Config/Plain.xcconfig": "DEVELOPMENT_TEAM =\n"])
        let result = runCLI(["local", "init", "Config/Plain.xcconfig", "--add-include", "--name", "Developer.xcconfig", "--no-gitignore"], fileSystem: fileSystem)
        #expect(result.status == .success)
        #expect(fileSystem.contentsOfFile("/work/Config/Plain.xcconfig") == "DEVELOPMENT_TEAM =\n#include? \"Developer.xcconfig\"\n")
        #expect(settingLines(fileSystem.contentsOfFile("/work/Config/Developer.xcconfig")) == ["// DEVELOPMENT_TEAM ="])
        #expect(fileSystem.contentsOfFile("/work/.gitignore") == nil)
        #expect(fileSystem.contentsOfFile("/work/Config/Developer.xcconfig")?.contains("Keep this file out of version control") == true)
    }

    @Test func theGitIgnoreGetsThePathOnceKeepingItsContents() {
        let fileSystem = sharedProject(["/work/.gitignore": ".build/\nDerivedData/"])
        #expect(runCLI(["local", "init"], fileSystem: fileSystem).status == .success)
        #expect(fileSystem.contentsOfFile("/work/.gitignore") == ".build/\nDerivedData/\nConfig/LocalConfig.xcconfig\n")
        #expect(runCLI(["local", "init", "--force"], fileSystem: fileSystem).status == .success)
        #expect(fileSystem.contentsOfFile("/work/.gitignore") == ".build/\nDerivedData/\nConfig/LocalConfig.xcconfig\n")
    }

    @Test func outsideAWorkTreeTheGitIgnoreIsLeftAloneWithANote() {
        let fileSystem = workspace(["/work/Config/CustomConfig.xcconfig": customConfig])
        let result = runCLI(["local", "init"], fileSystem: fileSystem)
        #expect(result.status == .success)
        #expect(result.stderr.contains("note: not inside a git work tree; .gitignore not changed"))
        #expect(fileSystem.writtenPaths == [localPath])
    }

    @Test func updateKeepsValuesAndCommentsAndAddsNewSettings() {
        let mine = "// my notes\nDEVELOPMENT_TEAM = ABCDE12345 // mine\nOLD_SETTING = keep me\n"
        let fileSystem = sharedProject([localPath: mine])
        // --prune: commenting out a value that still applies changes the build, so it is asked for (issue 21 item 19).
        let result = runCLI(["local", "update", "--prune"], fileSystem: fileSystem)
        #expect(result.status == .success)
        #expect(result.stdout == "Updated Config/LocalConfig.xcconfig: added PRODUCT_BUNDLE_IDENTIFIER, CODE_SIGN_STYLE, CLOUDKIT_CONTAINER_ID (commented out); commented out OLD_SETTING.\n")
        #expect(result.stderr.contains("warning: OLD_SETTING is no longer assigned by CustomConfig.xcconfig"))
        let updated = fileSystem.contentsOfFile(localPath) ?? ""
        #expect(updated.hasPrefix("// my notes\nDEVELOPMENT_TEAM = ABCDE12345 // mine\n// xcconfig local update: OLD_SETTING"))
        #expect(updated.contains("\n// OLD_SETTING = keep me\n"))
        #expect(updated.hasSuffix("// PRODUCT_BUNDLE_IDENTIFIER = com.example.app\n// CODE_SIGN_STYLE = Automatic\n// CLOUDKIT_CONTAINER_ID = iCloud.$(PRODUCT_BUNDLE_IDENTIFIER)\n"))

        let again = runCLI(["local", "update"], fileSystem: fileSystem)
        #expect(again.stdout == "Config/LocalConfig.xcconfig is up to date.\n")
        #expect(fileSystem.writtenPaths == [localPath])
    }

    @Test func updateDryRunPrintsAndWritesNothing() {
        let fileSystem = sharedProject([localPath: "DEVELOPMENT_TEAM = X\n"])
        let result = runCLI(["local", "update", "--dry-run"], fileSystem: fileSystem)
        #expect(result.stdout.hasPrefix("DEVELOPMENT_TEAM = X\n\n// Added by xcconfig local update"))
        #expect(fileSystem.writtenPaths.isEmpty)
    }

    @Test func updateWithoutALocalFileFails() {
        let result = runCLI(["local", "update"], fileSystem: sharedProject())
        #expect(result.status == .failure)
        #expect(result.stderr.contains("xcconfig local init"))
    }

    @Test func checkReportsWhatTheLocalFileOverrides() {
        let fileSystem = sharedProject([localPath: "DEVELOPMENT_TEAM = ABCDE12345\nEXTRA = 1\n", "/work/.gitignore": "Config/LocalConfig.xcconfig\n"])
        let result = runCLI(["local", "check"], fileSystem: fileSystem)
        #expect(result.status == .success)
        #expect(result.stdout == """
            Shared configuration: Config/CustomConfig.xcconfig:6 (#include? "LocalConfig.xcconfig")
            Local file: Config/LocalConfig.xcconfig (exists)
            Git: ignored
            Overrides:
              DEVELOPMENT_TEAM = ABCDE12345    (shared value: empty)
              EXTRA = 1    (not assigned before the #include? line)
            Not overridden: PRODUCT_BUNDLE_IDENTIFIER, CODE_SIGN_STYLE, CLOUDKIT_CONTAINER_ID

            """)
        let json = runCLI(["local", "check", "--format", "json"], fileSystem: fileSystem)
        #expect(json.stdout.contains("\"exists\" : true") || json.stdout.contains("\"exists\": true"))
    }

    @Test func aFailedWriteLosesNothingAndLeavesNothingHalfWritten() {
        let fileSystem = sharedProject(["/work/.gitignore": ".build/\n"])
        fileSystem.failWrites(under: "/work/Config", with: .diskFull)
        let result = runCLI(["local", "init", "DEVELOPMENT_TEAM=ABCDE12345"], fileSystem: fileSystem)
        #expect(result.status == .failure)
        #expect(result.stderr.contains("error: could not write LocalConfig.xcconfig"))
        #expect(result.stderr.contains("restored"))
        #expect(fileSystem.contentsOfFile("/work/.gitignore") == ".build/\n")
        #expect(fileSystem.contentsOfFile(localPath) == nil)
    }

    @Test func aReadOnlyFolderIsAnErrorAndNothingChanges() {
        let mine = "DEVELOPMENT_TEAM = MINE\n"
        let fileSystem = sharedProject([localPath: mine])
        fileSystem.setPermissions(0o555, of: "/work/Config")
        let update = runCLI(["local", "update"], fileSystem: fileSystem)
        #expect(update.status == .failure)
        #expect(update.stderr.contains("permission denied"))
        #expect(fileSystem.contentsOfFile(localPath) == mine)
        let initialise = runCLI(["local", "init", "--force", "--no-gitignore"], fileSystem: fileSystem)
        #expect(initialise.status == .failure)
        #expect(fileSystem.contentsOfFile(localPath) == mine)
    }

    @Test func anUnreadableOrAmbiguousSharedConfigurationCannotRun() {
        #expect(runCLI(["local", "init", "Config/None.xcconfig"], fileSystem: sharedProject()).status == .usageError)
        let two = sharedProject(["/work/Other/Shared.xcconfig": "#include? \"Mine.xcconfig\"\n"])
        let result = runCLI(["local", "check"], fileSystem: two)
        #expect(result.status == .usageError)
        #expect(result.stderr.contains("Config/CustomConfig.xcconfig, Other/Shared.xcconfig"))
    }

    @Test func theHelpDescribesEveryFlagOfEverySubcommand() {
        let group = runCLI(["local", "--help"]).stdout
        #expect(group.contains("SUBCOMMANDS:"))
        for command in [LocalInitCommand.self, LocalUpdateCommand.self, LocalCheckCommand.self] as [any Command.Type] {
            let name = command.configuration.name
            #expect(group.contains(name))
            let help = runCLI(["local", name, "--help"]).stdout
            for option in command.configuration.options {
                #expect(help.contains("--\(option.long)"), "local \(name) --help lacks --\(option.long)")
            }
            #expect(help.contains("EXAMPLES:"))
        }
    }
}

// MARK: - Real folders and real git

/// A temporary folder holding a copy of the shared configuration, removed afterwards.
private final class TemporaryProject {
    let root: String

    init() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("xcconfig-local-\(UInt32.random(in: 0...UInt32.max))")
        try FileManager.default.createDirectory(at: base.appendingPathComponent("Config"), withIntermediateDirectories: true)
        // Symbolic links resolved, as git prints paths (/tmp is /private/tmp on macOS).
        root = base.resolvingSymlinksInPath().path
        try customConfig.write(toFile: root + "/Config/CustomConfig.xcconfig", atomically: false, encoding: .utf8)
    }

    deinit {
        _ = try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: root + "/Config")
        try? FileManager.default.removeItem(atPath: root)
    }

    var environment: [String: String] { ProcessInfo.processInfo.environment }

    func run(_ arguments: [String], environment: [String: String]? = nil) -> CLIResult {
        let stdout = OutputSink.capture()
        let stderr = OutputSink.capture()
        let context = CommandContext(
            arguments: arguments, environment: environment ?? self.environment, currentDirectory: root,
            fileSystem: RealFileSystem(currentDirectory: root), standardOutput: stdout, standardError: stderr)
        let status = CommandLineTool.run(context)
        return CLIResult(status: status, stdout: stdout.capturedText, stdoutBytes: stdout.capturedBytes, stderr: stderr.capturedText)
    }

    @discardableResult
    func git(_ arguments: [String]) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: gitExecutable!)
        process.arguments = ["-c", "user.name=Test", "-c", "user.email=test@example.com", "-c", "init.defaultBranch=main"] + arguments
        process.currentDirectoryURL = URL(fileURLWithPath: root)
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }

    func contents(_ relative: String) -> String? {
        try? String(contentsOfFile: root + "/" + relative, encoding: .utf8)
    }

    func entries(_ relative: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: root + "/" + relative)) ?? []).sorted()
    }
}

private let gitExecutable = GitCommandLine.find(environment: ProcessInfo.processInfo.environment)?.executable

@Suite("Local command, real folders and git", .serialized)
struct LocalCommandGitTests {
    @Test(.enabled(if: gitExecutable != nil, "git is not installed"))
    func initInARealRepositoryIgnoresTheFileWithGit() throws {
        let project = try TemporaryProject()
        try project.git(["init", "-q"])
        let result = project.run(["local", "init", "DEVELOPMENT_TEAM=ABCDE12345"])
        #expect(result.status == .success, "\(result.stderr)")
        #expect(project.contents(".gitignore") == "Config/LocalConfig.xcconfig\n")
        #expect(try project.git(["check-ignore", "-q", "Config/LocalConfig.xcconfig"]) == 0)
        #expect(project.contents("Config/LocalConfig.xcconfig")?.contains("\nDEVELOPMENT_TEAM = ABCDE12345\n") == true)
        #expect(project.entries("Config") == ["CustomConfig.xcconfig", "LocalConfig.xcconfig"])

        let check = project.run(["local", "check"])
        #expect(check.status == .success)
        #expect(check.stdout.contains("Git: ignored\n"))

        let again = project.run(["local", "init"])
        #expect(again.status == .failure)
        #expect(project.contents("Config/LocalConfig.xcconfig")?.contains("DEVELOPMENT_TEAM = ABCDE12345") == true)
    }

    @Test(.enabled(if: gitExecutable != nil, "git is not installed"))
    func aFileAlreadyIgnoredByAPatternIsNotAddedAgain() throws {
        let project = try TemporaryProject()
        try project.git(["init", "-q"])
        try "*.local\nConfig/Local*.xcconfig\n".write(toFile: project.root + "/.gitignore", atomically: false, encoding: .utf8)
        let result = project.run(["local", "init"])
        #expect(result.status == .success)
        #expect(result.stdout.contains("is already ignored by git"))
        #expect(project.contents(".gitignore") == "*.local\nConfig/Local*.xcconfig\n")
    }

    @Test(.enabled(if: gitExecutable != nil, "git is not installed"))
    func checkFailsWhenGitTracksTheLocalFile() throws {
        let project = try TemporaryProject()
        try project.git(["init", "-q"])
        #expect(project.run(["local", "init", "--no-gitignore"]).status == .success)
        try project.git(["add", "Config/LocalConfig.xcconfig"])
        try project.git(["commit", "-q", "-m", "oops"])
        let check = project.run(["local", "check"])
        #expect(check.status == .failure)
        #expect(check.stdout.contains("Git: tracked"))
        #expect(check.stderr.contains("Config/LocalConfig.xcconfig: error: git tracks the local file; run `git rm --cached Config/LocalConfig.xcconfig`"))
    }

    @Test(.enabled(if: gitExecutable != nil, "git is not installed"))
    func outsideAWorkTreeNothingButTheLocalFileIsWritten() throws {
        let project = try TemporaryProject()
        let result = project.run(["local", "init"])
        #expect(result.status == .success)
        #expect(result.stderr.contains("not inside a git work tree"))
        #expect(project.entries("") == ["Config"])
    }

    @Test func withoutGitTheWorkTreeIsFoundByItsGitFolder() throws {
        let project = try TemporaryProject()
        try FileManager.default.createDirectory(atPath: project.root + "/.git", withIntermediateDirectories: false)
        let result = project.run(["local", "init"], environment: ["PATH": "/nonexistent"])
        #expect(result.status == .success)
        #expect(result.stderr.contains("note: git is not installed (not found on PATH)"))
        #expect(project.contents(".gitignore") == "Config/LocalConfig.xcconfig\n")
    }

    // Root may write anywhere: the in-memory tests cover this case then.
    @Test(.enabled(if: getuid() != 0, "running as root: permissions are not enforced"))
    func aFolderThatCannotBeWrittenLeavesNoTemporaryFile() throws {
        let project = try TemporaryProject()
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: project.root + "/Config")
        let result = project.run(["local", "init", "--no-gitignore"], environment: ["PATH": "/nonexistent"])
        #expect(result.status == .failure)
        #expect(result.stderr.contains("permission denied"))
        #expect(project.entries("Config") == ["CustomConfig.xcconfig"])
    }

    @Test func expandNeverRenamesOverADeviceOrPipe() throws {
        let project = try TemporaryProject()
        try FileManager.default.createDirectory(atPath: project.root + "/App", withIntermediateDirectories: false)
        try "<plist version=\"1.0\"><string>x</string></plist>\n".write(toFile: project.root + "/App/App.entitlements", atomically: false, encoding: .utf8)
        let fifo = project.root + "/App/pipe"
        try #require(mkfifo(fifo, 0o644) == 0)
        let result = project.run(["expand", "App/App.entitlements", "-o", "App/pipe"])
        #expect(result.status == .usageError)
        #expect(result.stderr.hasPrefix("error: 'App/pipe' is not a regular file"))
        var info = stat()
        #expect(lstat(fifo, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO)
    }

    @Test func expandInPlaceOnARealFileKeepsPermissionsAndLeavesNoTemporaryFile() throws {
        let project = try TemporaryProject()
        try FileManager.default.createDirectory(atPath: project.root + "/App", withIntermediateDirectories: false)
        let plist = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n\t<key>A</key>\n\t<string>$(PRODUCT_BUNDLE_IDENTIFIER)</string>\n</dict>\n</plist>\n"
        try plist.write(toFile: project.root + "/App/App.entitlements", atomically: false, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: project.root + "/App/App.entitlements")
        let result = project.run(["expand", "App/App.entitlements", "Config/CustomConfig.xcconfig", "--in-place"])
        #expect(result.status == .success, "\(result.stderr)")
        #expect(project.contents("App/App.entitlements")?.contains("<string>com.example.app</string>") == true)
        let permissions = try FileManager.default.attributesOfItem(atPath: project.root + "/App/App.entitlements")[.posixPermissions] as? Int
        #expect(permissions == 0o640)
        #expect(project.entries("App") == ["App.entitlements"])
    }
}

@Suite("Local and expand on Samples/SharedProject", .serialized)
struct LocalSampleProjectTests {
    /// `Samples/SharedProject` of this repository.
    static let sample = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Samples/SharedProject").path

    @Test(.enabled(if: gitExecutable != nil && FileManager.default.fileExists(atPath: sample), "git or the sample is missing"))
    func theReadmeFlowWorks() throws {
        let project = try TemporaryProject()
        try FileManager.default.removeItem(atPath: project.root)
        try FileManager.default.copyItem(atPath: Self.sample, toPath: project.root)
        try? FileManager.default.removeItem(atPath: project.root + "/Config/LocalConfig.xcconfig")
        try project.git(["init", "-q"])

        let initialise = project.run(["local", "init", "Config/CustomConfig.xcconfig", "DEVELOPMENT_TEAM=ABCDE12345"])
        #expect(initialise.status == .success, "\(initialise.stderr)")
        #expect(project.contents(".gitignore") == "Config/LocalConfig.xcconfig\n")
        let example = try #require(project.contents("Config/LocalConfig.xcconfig.example"))
        let written = try #require(project.contents("Config/LocalConfig.xcconfig"))
        #expect(example.hasSuffix(written), "LocalConfig.xcconfig.example no longer matches what init writes")

        let resolve = project.run(["resolve", "Config/Debug.xcconfig", "--print", "DEVELOPMENT_TEAM", "--print", "CLOUDKIT_CONTAINER_ID"])
        #expect(resolve.stdout == "ABCDE12345\niCloud.com.example.sharedproject\n")

        let expand = project.run(["expand", "App/App.entitlements", "Config/Debug.xcconfig", "--format", "list", "--strict"])
        #expect(expand.status == .success, "\(expand.stderr)")
        #expect(expand.stdout == """
            com.apple.developer.icloud-container-identifiers.0: $(CLOUDKIT_CONTAINER_ID) -> iCloud.com.example.sharedproject
            com.apple.developer.ubiquity-kvstore-identifier: $(TeamIdentifierPrefix)$(CFBundleIdentifier) -> ABCDE12345.com.example.sharedproject
            keychain-access-groups.0: $(AppIdentifierPrefix)$(CFBundleIdentifier) -> $(AppIdentifierPrefix)com.example.sharedproject

            """)
        let check = project.run(["local", "check"])
        #expect(check.status == .success)
        #expect(check.stdout.contains("Git: ignored\n"))
    }

    // Issue 21 item 21: fixing a committed or un-ignored local file without losing its values.
    @Test(.enabled(if: gitExecutable != nil, "git is not installed"))
    func ignoreListsACommittedLocalFileAndNamesTheExactGitRm() throws {
        let project = try TemporaryProject()
        try project.git(["init", "-q"])
        #expect(project.run(["local", "init", "--no-gitignore", "DEVELOPMENT_TEAM=ABCDE12345"]).status == .success)
        try project.git(["add", "Config/LocalConfig.xcconfig"])
        try project.git(["commit", "-q", "-m", "oops"])
        let before = project.contents("Config/LocalConfig.xcconfig")
        let check = project.run(["local", "check"])
        #expect(check.stderr.contains("run `git rm --cached Config/LocalConfig.xcconfig` and `xcconfig local ignore`"))
        let ignore = project.run(["local", "ignore"])
        #expect(ignore.status == .success)
        #expect(ignore.stdout.contains("Create .gitignore ignoring Config/LocalConfig.xcconfig"))
        #expect(ignore.stderr.contains("git tracks the local file; run `git rm --cached Config/LocalConfig.xcconfig`"))
        #expect(project.contents("Config/LocalConfig.xcconfig") == before)
        #expect(project.contents(".gitignore") == "Config/LocalConfig.xcconfig\n")
        // Following the advice leaves the values and the file in place.
        try project.git(["rm", "-q", "--cached", "Config/LocalConfig.xcconfig"])
        let after = project.run(["local", "check"])
        #expect(after.status == .success)
        #expect(after.stdout.contains("Git: ignored\n"))
        #expect(project.contents("Config/LocalConfig.xcconfig") == before)
    }

    /// Listed in .gitignore and still tracked: git ignores no tracked file, so the advice is
    /// `git rm --cached`, not a pattern that would re-include it (issue 33, friction).
    @Test(.enabled(if: gitExecutable != nil, "git is not installed"))
    func ignoreOfATrackedListedFileSaysItIsTrackedNotReincluded() throws {
        let project = try TemporaryProject()
        try project.git(["init", "-q"])
        #expect(project.run(["local", "init", "DEVELOPMENT_TEAM=ABCDE12345"]).status == .success)
        try project.git(["add", "-f", "Config/LocalConfig.xcconfig"])
        try project.git(["commit", "-q", "-m", "oops"])
        let ignore = project.run(["local", "ignore"])
        #expect(ignore.status == .success)
        #expect(ignore.stderr.contains("git tracks the local file; run `git rm --cached Config/LocalConfig.xcconfig`"), "\(ignore.stderr)")
        #expect(!ignore.stderr.contains("re-includes"), "\(ignore.stderr)")
        #expect(!ignore.stdout.contains("already ignored"), "\(ignore.stdout)")
        #expect(project.contents(".gitignore") == "Config/LocalConfig.xcconfig\n")
    }

    @Test(.enabled(if: gitExecutable != nil, "git is not installed"))
    func checkAdvisesLocalIgnoreForAnUnignoredFile() throws {
        let project = try TemporaryProject()
        try project.git(["init", "-q"])
        #expect(project.run(["local", "init", "--no-gitignore"]).status == .success)
        let check = project.run(["local", "check"])
        #expect(check.stderr.contains("git does not ignore the local file; run `xcconfig local ignore`"))
        #expect(project.run(["local", "ignore"]).status == .success)
        #expect(project.run(["local", "check"]).stdout.contains("Git: ignored\n"))
    }
}

/// A setting the shared configuration assigns only under conditions (`DEVELOPMENT_TEAM[config=Debug]`)
/// is assigned: a local `DEVELOPMENT_TEAM` replaces it in every configuration (issue 33, friction).
@Suite("Local command, conditional shared assignments")
struct LocalConditionalAssignmentTests {
    static let shared = """
        DEVELOPMENT_TEAM[config=Debug] = ABCDE12345
        DEVELOPMENT_TEAM[config=Release] = ABCDE12345
        #include? "LocalConfig.xcconfig"

        """

    static func fileSystem() -> InMemoryFileSystem {
        let fileSystem = workspace(["/work/Config/Shared.xcconfig": shared])
        fileSystem.addDirectory("/work/.git")
        return fileSystem
    }

    @Test func initGivesNoNotAssignedWarningForAConditionallyAssignedSetting() {
        let result = runCLI(["local", "init", "Config/Shared.xcconfig", "DEVELOPMENT_TEAM=ZYXWV98765"], fileSystem: Self.fileSystem())
        #expect(result.status == .success)
        #expect(!result.stderr.contains("not assigned"), "\(result.stderr)")
    }

    @Test func initStillWarnsAboutASettingTheSharedConfigurationNeverAssigns() {
        let result = runCLI(["local", "init", "Config/Shared.xcconfig", "CODE_SIGN_STYLE=Manual"], fileSystem: Self.fileSystem())
        #expect(result.stderr.contains("CODE_SIGN_STYLE is not assigned by Shared.xcconfig before its #include? line"), "\(result.stderr)")
    }

    @Test func checkCountsTheConditionalAssignmentsAsOverridden() {
        let fileSystem = Self.fileSystem()
        fileSystem.addFile(localPath, bytes: Array("DEVELOPMENT_TEAM = ZYXWV98765\n".utf8))
        let result = runCLI(["local", "check", "Config/Shared.xcconfig"], fileSystem: fileSystem)
        #expect(!result.stdout.contains("not assigned"), "\(result.stdout)")
        #expect(!result.stdout.contains("Not overridden"), "\(result.stdout)")
        #expect(result.stdout.contains("DEVELOPMENT_TEAM[config=Debug]"))
    }

    @Test func aLocalValueForOneConfigurationLeavesTheOtherNotOverridden() {
        let fileSystem = Self.fileSystem()
        fileSystem.addFile(localPath, bytes: Array("DEVELOPMENT_TEAM[config=Debug] = ZYXWV98765\n".utf8))
        let result = runCLI(["local", "check", "Config/Shared.xcconfig"], fileSystem: fileSystem)
        #expect(result.stdout.contains("Not overridden: DEVELOPMENT_TEAM[config=Release]\n"), "\(result.stdout)")
    }
}
