import Foundation
import Testing
import XCConfig
@testable import XCConfigCLI

/// `xcconfig project set-base | clear-overrides | extract` and `local init --project` from the
/// command line, and every example of Samples/SharedProject/README.md that uses `--project`,
/// run as written on a copy of the sample.
@Suite struct ProjectEditCommandTests {
    static let sampleRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Samples/SharedProject").path

    /// The sample in memory at `/sample` (without a local file), inside a git work tree.
    static func sample() throws -> InMemoryFileSystem {
        try sample(at: "/sample", workTree: "/sample")
    }

    /// The sample in memory at `folder` (without a local file, the current folder), inside the
    /// git work tree at `workTree`.
    static func sample(at folder: String, workTree: String) throws -> InMemoryFileSystem {
        let fileSystem = InMemoryFileSystem(currentDirectory: folder)
        let enumerator = FileManager.default.enumerator(atPath: sampleRoot)
        while let relative = enumerator?.nextObject() as? String {
            var isDirectory: ObjCBool = false
            let path = sampleRoot + "/" + relative
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue,
                  relative != "Config/LocalConfig.xcconfig" else { continue }
            fileSystem.addFile(folder + "/" + relative, bytes: Array(try Data(contentsOf: URL(fileURLWithPath: path))))
        }
        fileSystem.addDirectory(workTree + "/.git")
        return fileSystem
    }

    /// `$ xcconfig …` lines of the README's console blocks with what each prints, and for each
    /// the edits of `Config/LocalConfig.xcconfig` the README has made before it: the lines of
    /// each xcconfig block that follows "edit one line of `Config/LocalConfig.xcconfig`".
    static func readmeExamples() throws -> [(command: String, output: String, localEdits: [String])] {
        let readme = try String(contentsOfFile: sampleRoot + "/README.md", encoding: .utf8)
        var examples: [(command: String, output: String, localEdits: [String])] = []
        var inConsole = false
        var inLocalEdit = false
        var editFollows = false
        var localEdits: [String] = []
        for line in readme.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") {
                inConsole = line == "```console"
                inLocalEdit = line == "```xcconfig" && editFollows
                if inLocalEdit { editFollows = false }
                continue
            }
            if inLocalEdit {
                if !line.hasPrefix("//") && line.contains(" = ") { localEdits.append(String(line)) }
                continue
            }
            if line.contains("edit one line of `Config/LocalConfig.xcconfig`") { editFollows = true }
            guard inConsole else { continue }
            if line.hasPrefix("$ ") {
                examples.append((String(line.dropFirst(2)), "", localEdits))
            } else if !examples.isEmpty {
                examples[examples.count - 1].output += line + "\n"
            }
        }
        return examples
    }

    /// The words of a command line, with single quotes.
    static func words(_ command: String) -> [String] {
        var words: [String] = []
        var current = ""
        var quoted = false
        var started = false
        for character in command {
            if character == "'" {
                quoted.toggle()
                started = true
            } else if character == " ", !quoted {
                if started { words.append(current) }
                current = ""
                started = false
            } else {
                current.append(character)
                started = true
            }
        }
        if started { words.append(current) }
        return words
    }

    @Test func everyReadmeExampleWithProjectWorksAsWritten() throws {
        let fileSystem = try Self.sample()
        let examples = try Self.readmeExamples().filter { $0.command.contains("--project") || $0.command.hasPrefix("xcconfig project ") }
        #expect(examples.count == 6)
        for example in examples {
            // The edits the README tells the reader to make: `// NAME = …` becomes `NAME = …`.
            let local = "/sample/Config/LocalConfig.xcconfig"
            for edit in example.localEdits {
                let name = String(edit.prefix { $0 != " " })
                let text = try #require(fileSystem.contentsOfFile(local))
                let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map {
                    $0.hasPrefix("// \(name) = ") || $0.hasPrefix("\(name) = ") ? edit : String($0)
                }
                fileSystem.addFile(local, lines.joined(separator: "\n"))
            }
            var arguments = Self.words(example.command)
            var filter: [String]?
            if let pipe = arguments.firstIndex(of: "|") {
                // `| grep -E 'A|B'`: the lines holding A or B.
                filter = arguments.last!.split(separator: "|").map(String.init)
                arguments = Array(arguments[..<pipe])
            }
            #expect(arguments.first == "xcconfig")
            let result = runCLI(Array(arguments.dropFirst()), fileSystem: fileSystem)
            #expect(result.status == .success, "\(example.command): \(result.stderr)")
            var output = result.stderr + result.stdout
            if let filter {
                output = output.split(separator: "\n").filter { line in filter.contains { line.contains($0) } }.map { $0 + "\n" }.joined()
            }
            #expect(output == example.output, "\(example.command)")
        }
    }

    @Test func setBaseDryRunWritesNothingAndSaysWhatItWouldDo() throws {
        let fileSystem = try Self.sample()
        fileSystem.addFile("/sample/Shared/Team.xcconfig", "SHARED_FLAG = YES\n")
        let before = fileSystem.allPaths
        let result = runCLI(["project", "set-base", "App.xcodeproj", "Shared/Team.xcconfig", "--target", "App", "-c", "Release", "--replace", "--dry-run"], fileSystem: fileSystem)
        #expect(result.status == .success, "\(result.stderr)")
        #expect(result.stdout == """
            target 'App', Release: Config/Release.xcconfig -> Shared/Team.xcconfig
            Would: Add a file reference to Shared/Team.xcconfig in the group Shared (created)
            Would update App.xcodeproj/project.pbxproj

            """)
        #expect(fileSystem.allPaths == before)
        #expect(fileSystem.writtenPaths.isEmpty)
    }

    /// A project based on `Config/Shared.xcconfig` (which sets the team) with targets `App` and
    /// `Ext`, each hard-coding `DEVELOPMENT_TEAM = QMQYCKL255` in Debug and Release.
    static func hardCodedTeamProject() -> InMemoryFileSystem {
        func configuration(_ id: String, _ name: String, base: String = "", settings: String = "") -> String {
            "\t\t\(id) = { isa = XCBuildConfiguration; \(base)buildSettings = { \(settings) }; name = \(name); };\n"
        }
        let team = "DEVELOPMENT_TEAM = QMQYCKL255; "
        let project = """
            // !$*UTF8*$!
            {
            \tarchiveVersion = 1;
            \tobjectVersion = 77;
            \tobjects = {
            \t\tROOT = { isa = PBXProject; buildConfigurationList = PLIST; mainGroup = MAIN; targets = ( APP, EXT, ); };
            \t\tMAIN = { isa = PBXGroup; children = ( SHARED, ); sourceTree = "<group>"; };
            \t\tSHARED = { isa = PBXFileReference; path = Config/Shared.xcconfig; sourceTree = "<group>"; };
            \t\tPLIST = { isa = XCConfigurationList; buildConfigurations = ( PD, PR, ); defaultConfigurationName = Release; };

            """ + configuration("PD", "Debug", base: "baseConfigurationReference = SHARED; ")
            + configuration("PR", "Release", base: "baseConfigurationReference = SHARED; ") + """
            \t\tAPP = { isa = PBXNativeTarget; buildConfigurationList = ALIST; name = App; productType = "com.apple.product-type.application"; };
            \t\tALIST = { isa = XCConfigurationList; buildConfigurations = ( AD, AR, ); };
            \t\tEXT = { isa = PBXNativeTarget; buildConfigurationList = ELIST; name = Ext; productType = "com.apple.product-type.app-extension"; };
            \t\tELIST = { isa = XCConfigurationList; buildConfigurations = ( ED, ER, ); };

            """ + configuration("AD", "Debug", settings: team + "PRODUCT_NAME = App; ") + configuration("AR", "Release", settings: team + "PRODUCT_NAME = App; ")
            + configuration("ED", "Debug", settings: team) + configuration("ER", "Release", settings: team) + """
            \t};
            \trootObject = ROOT;
            }

            """
        return workspace([
            "/work/App.xcodeproj/project.pbxproj": project,
            "/work/Config/Shared.xcconfig": "PRODUCT_NAME = Shared\nDEVELOPMENT_TEAM = ABCDE12345\n#include? \"LocalConfig.xcconfig\"\n",
        ])
    }

    /// Issue 33, finding 4: the team a target hard-codes over the project-level base is found
    /// and cleared; PRODUCT_NAME over it is ordinary layering and stays. The target ×
    /// configurations whose values do not change are counted on one line.
    @Test func clearOverridesClearsATeamTargetsHardCodeOverTheProjectsBase() throws {
        let fileSystem = Self.hardCodedTeamProject()
        let lint = runCLI(["lint", "--project", "App.xcodeproj", "Config/Shared.xcconfig"], fileSystem: fileSystem)
        #expect(lint.stdout.contains("DEVELOPMENT_TEAM in the Debug build settings of target 'App' overrides the value Config/Shared.xcconfig:2 sets"), "\(lint.stdout)")
        #expect(!lint.stdout.contains("PRODUCT_NAME in the"))
        let clear = runCLI(["project", "clear-overrides", "App.xcodeproj"], fileSystem: fileSystem)
        #expect(clear.status == .success, "\(clear.stderr)")
        #expect(clear.stdout.hasPrefix("""
            Removing 4 settings:
              target 'App', Debug: DEVELOPMENT_TEAM = QMQYCKL255
              target 'App', Release: DEVELOPMENT_TEAM = QMQYCKL255
              target 'Ext', Debug: DEVELOPMENT_TEAM = QMQYCKL255
              target 'Ext', Release: DEVELOPMENT_TEAM = QMQYCKL255
            Values before and after:
              App / Debug:
                DEVELOPMENT_TEAM: QMQYCKL255 -> ABCDE12345    (now from project-xcconfig Shared.xcconfig:2)
            """), "\(clear.stdout)")
        let resolve = runCLI(["resolve", "--project", "App.xcodeproj", "--target", "Ext", "-c", "Debug", "--print", "DEVELOPMENT_TEAM", "--print", "PRODUCT_NAME"], fileSystem: fileSystem)
        #expect(resolve.stdout == "ABCDE12345\nShared\n")
        let again = runCLI(["project", "clear-overrides", "App.xcodeproj", "DEVELOPMENT_TEAM", "--target", "App"], fileSystem: fileSystem)
        #expect(again.stdout == "No DEVELOPMENT_TEAM of target App overrides its base xcconfig.\n")
    }

    @Test func clearOverridesCountsTheTargetsAndConfigurationsWhoseValuesStay() throws {
        let fileSystem = Self.hardCodedTeamProject()
        try fileSystem.writeAtomically(Array("PRODUCT_NAME = Shared\nDEVELOPMENT_TEAM = QMQYCKL255\n".utf8), to: "/work/Config/Shared.xcconfig")
        let clear = runCLI(["project", "clear-overrides", "App.xcodeproj", "--dry-run"], fileSystem: fileSystem)
        #expect(clear.stdout.contains("Values before and after:\n  4 target × configurations keep every value (DEVELOPMENT_TEAM)\n"), "\(clear.stdout)")
        #expect(!clear.stdout.contains("(unchanged)"))
    }

    /// Issue 33, finding 11: an existing base that is not CocoaPods' is wrapped, not replaced,
    /// so every value it gave stays; --replace replaces it.
    @Test func setBaseWrapsAnExistingBaseSoItsValuesStay() throws {
        let fileSystem = try Self.sample()
        fileSystem.addFile("/sample/Shared/Team.xcconfig", "SHARED_FLAG = YES\n")
        let before = runCLI(["resolve", "--project", "App.xcodeproj", "--target", "App", "-c", "Release", "--print", "PRODUCT_BUNDLE_IDENTIFIER"], fileSystem: fileSystem)
        let result = runCLI(["project", "set-base", "App.xcodeproj", "Shared/Team.xcconfig", "--target", "App", "-c", "Release"], fileSystem: fileSystem)
        #expect(result.status == .success, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("target 'App', Release: Config/Release.xcconfig -> Shared/Release.xcconfig (a wrapper including the previous base Config/Release.xcconfig and then the shared xcconfig)\n"), "\(result.stdout)")
        #expect(fileSystem.contentsOfFile("/sample/Shared/Release.xcconfig")?.hasSuffix("#include \"../Config/Release.xcconfig\"\n#include \"Team.xcconfig\"\n") == true)
        let after = runCLI(["resolve", "--project", "App.xcodeproj", "--target", "App", "-c", "Release", "--print", "PRODUCT_BUNDLE_IDENTIFIER", "--print", "SHARED_FLAG"], fileSystem: fileSystem)
        #expect(after.stdout == before.stdout + "YES\n")
    }

    @Test(arguments: [
        ("/etc/hostname", "not an xcconfig file"),
        ("/outside/Team.xcconfig", "the xcconfig lies outside /sample"),
        ("Config/Notes.txt", "not an xcconfig file"),
    ])
    func setBaseRefusesWhatIsNotAnXCConfigOfTheRepository(path: String, message: String) throws {
        let fileSystem = try Self.sample()
        fileSystem.addFile("/etc/hostname", "box\n")
        fileSystem.addFile("/outside/Team.xcconfig", "A = 1\n")
        fileSystem.addFile("/sample/Config/Notes.txt", "A = 1\n")
        let original = fileSystem.contentsOfFile("/sample/App.xcodeproj/project.pbxproj")
        let result = runCLI(["project", "set-base", "App.xcodeproj", path], fileSystem: fileSystem)
        #expect(result.status == .failure)
        #expect(result.stderr.contains("error: \(message)"), "\(result.stderr)")
        #expect(fileSystem.contentsOfFile("/sample/App.xcodeproj/project.pbxproj") == original)
    }

    @Test func anUnknownTargetIsAnErrorNamingTheTargets() {
        let fileSystem = (try? Self.sample()) ?? InMemoryFileSystem()
        let result = runCLI(["project", "clear-overrides", "App.xcodeproj", "--target", "Ap"], fileSystem: fileSystem)
        #expect(result.status == .failure)
        #expect(result.stderr == "App.xcodeproj/project.pbxproj: error: the project has no target named 'Ap'; its targets are 'App', 'Widget'\n")
    }

    @Test func anXCProjIsEditedInItsOwnFormat() throws {
        let fileSystem = InMemoryFileSystem(currentDirectory: "/work")
        let projectFile = "/work/App.xcodeproj/project.xcproj"
        fileSystem.addFile(projectFile, """
            {
              "default-configuration": "Debug",
              "configurations": [
                "Debug",
              ],
              "files": [],
              "targets": [
                {
                  "name": "App",
                  "id": "APPTARGET000000000000001",
                },
              ],
            }

            """)
        fileSystem.addFile("/work/Config/Shared.xcconfig", "SDKROOT = macosx\n")
        let result = runCLI(["project", "set-base", "App.xcodeproj", "Config/Shared.xcconfig"], fileSystem: fileSystem)
        #expect(result.status == .success)
        #expect(result.stdout.hasSuffix("Updated App.xcodeproj/project.xcproj\n"))
        let text = try #require(fileSystem.contentsOfFile(projectFile))
        #expect(text.contains("\n    { \"name\": \"Debug\", \"file\": \"Config/Shared.xcconfig\" },\n"))
        let unknown = runCLI(["project", "clear-overrides", "App.xcodeproj", "--target", "Ap"], fileSystem: fileSystem)
        #expect(unknown.stderr == "App.xcodeproj/project.xcproj: error: the project has no target named 'Ap'; its targets are 'App'\n")
    }

    @Test func helpDescribesEveryEditCommand() {
        let project = runCLI(["project", "--help"])
        for name in ["list", "set-base", "clear-overrides", "extract"] { #expect(project.stdout.contains("  \(name)")) }
        #expect(project.stdout.contains("JSON5 project.xcproj)"))
        let extract = runCLI(["project", "extract", "--help"])
        #expect(extract.stdout.contains("--output <dir>"))
        #expect(extract.stdout.contains("SUPPORTED_PLATFORMS"))
        let local = runCLI(["local", "init", "--help"])
        #expect(local.stdout.contains("--project <path>"))
        #expect(local.stdout.contains("WITH --project"))
    }
}

/// Issue 33, finding 12: `-c` naming a configuration the project does not have printed
/// Release's values with status 0; under `--strict` it is an error (status 1).
@Suite struct UnknownConfigurationTests {
    @Test func anUnknownConfigurationIsAnErrorUnderStrictAndAWarningOtherwise() throws {
        let fileSystem = try ProjectEditCommandTests.sample()
        let strict = runCLI(["resolve", "--project", "App.xcodeproj", "-c", "Nope", "--print", "PRODUCT_NAME", "--strict"], fileSystem: fileSystem)
        #expect(strict.status == .failure)
        #expect(strict.stderr.contains("error: the project 'App' has no configuration named 'Nope'"))
        let plain = runCLI(["resolve", "--project", "App.xcodeproj", "-c", "Nope", "--print", "PRODUCT_NAME"], fileSystem: fileSystem)
        #expect(plain.status == .success)
        #expect(plain.stderr.contains("warning: the project 'App' has no configuration named 'Nope'"))
        let expand = runCLI(["expand", "App/App.entitlements", "--project", "App.xcodeproj", "-c", "Nope", "--strict"], fileSystem: fileSystem)
        #expect(expand.status == .failure)
    }
}
