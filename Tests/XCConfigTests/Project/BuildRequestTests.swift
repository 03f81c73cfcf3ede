import Testing
import XCConfigSyntax
@testable import XCConfig

/// The build request: which stacks a request names, and the policy it owns (include roots,
/// project discovery, scheme actions, the environment it reads).
@Suite struct BuildRequestTests {
    static let schemePath = "/w/App.xcodeproj/xcshareddata/xcschemes/App.xcscheme"

    /// A project of `App` and `AppTests` with a shared scheme `App` that builds `App` for
    /// running and both for testing and profiling (Test: `Test`, Run: `Debug`, Profile: `Release`).
    static func schemeFileSystem() -> InMemoryFileSystem {
        InMemoryFileSystem(currentDirectory: "/w", files: [
            "/w/App.xcodeproj/project.pbxproj": WorkspaceSchemeTests.pbxproj(),
            schemePath: WorkspaceSchemeTests.scheme([("App", "T_App", "YES"), ("AppTests", "T_AppTests", "NO")]),
        ])
    }

    static func schemeRequest(_ action: SchemeAction) -> BuildRequest {
        var request = BuildRequest(project: "App.xcodeproj")
        request.currentDirectory = "/w"
        request.scheme = "App"
        request.action = action
        request.usesXcodeDefaults = false
        return request
    }

    @Test func theBuildActionBuildsTheEntriesForRunningInTheRunConfiguration() throws {
        let plan = try Self.schemeRequest(.build).plan(fileSystem: Self.schemeFileSystem())
        #expect(plan.stacks.map(\.target) == ["App"])
        #expect(plan.stacks.map(\.context.configuration) == ["Debug"])
    }

    @Test func theTestActionBuildsTheEntriesForTestingInTheTestConfiguration() throws {
        // The scheme file marks both entries buildForTesting = "YES" and says <TestAction buildConfiguration = "Test">.
        let plan = try Self.schemeRequest(.test).plan(fileSystem: Self.schemeFileSystem())
        #expect(plan.stacks.map(\.target) == ["App", "AppTests"])
        #expect(plan.stacks.map(\.context.configuration) == ["Test", "Test"])
    }

    @Test func anEntryWithoutTheActionsFlagIsBuiltForIt() throws {
        // No buildForProfiling attribute: Xcode reads a missing flag as YES.
        let plan = try Self.schemeRequest(.profile).plan(fileSystem: Self.schemeFileSystem())
        #expect(plan.stacks.map(\.target) == ["App", "AppTests"])
        #expect(plan.stacks.map(\.context.configuration) == ["Release", "Release"])
    }

    @Test func aGivenConfigurationWinsOverTheActions() throws {
        var request = Self.schemeRequest(.test)
        request.configuration = "Release"
        let plan = try request.plan(fileSystem: Self.schemeFileSystem())
        #expect(plan.stacks.map(\.context.configuration) == ["Release", "Release"])
    }

    @Test func anActionWithoutConfigurationUsesTheProjectsDefault() throws {
        // The scheme has no ArchiveAction; the project's defaultConfigurationName is Release.
        let plan = try Self.schemeRequest(.archive).plan(fileSystem: Self.schemeFileSystem())
        #expect(plan.stacks.map(\.context.configuration) == ["Release", "Release"])
    }

    @Test func aWorkspaceNeedsAScheme() {
        var request = BuildRequest()
        request.workspace = "/w/W.xcworkspace"
        #expect(throws: BuildRequestError.self) { try request.plan(fileSystem: InMemoryFileSystem()) }
        do {
            _ = try request.plan(fileSystem: InMemoryFileSystem())
        } catch {
            #expect(error.isUsageError)
        }
    }

    @Test func filesAloneSearchTheNearestFolderWithAProjectLast() throws {
        let fileSystem = InMemoryFileSystem(currentDirectory: "/repo", files: [
            "/repo/App.xcodeproj/project.pbxproj": WorkspaceSchemeTests.pbxproj(),
            "/repo/Config/Sub/A.xcconfig": "A = 1\n",
        ])
        let request = BuildRequest(files: ["/repo/Config/Sub/A.xcconfig"])
        #expect(try request.includeLoader(fileSystem: fileSystem).projectRoot == "/repo")
        var explicit = request
        explicit.projectRoot = "/elsewhere"
        #expect(try explicit.includeLoader(fileSystem: fileSystem).projectRoot == "/elsewhere")
    }

    @Test func theProjectsFolderIsSearchedLastWithAProject() throws {
        let fileSystem = Self.schemeFileSystem()
        var request = BuildRequest(project: "/w/App.xcodeproj")
        request.searchPaths = ["/w/include"]
        let loader = try request.plan(fileSystem: fileSystem).stacks[0].loader
        #expect(loader.projectRoot == "/w")
        #expect(loader.searchPaths == ["/w/include"])
    }

    @Test func theEnvironmentNamesTheXCConfigFileAndTheDeveloperDirectory() throws {
        let fileSystem = InMemoryFileSystem(currentDirectory: "/w", files: ["/w/E.xcconfig": "FROM_ENV = yes\n", "/w/A.xcconfig": "A = 1\n"])
        let request = BuildRequest(
            files: ["A.xcconfig"],
            environment: BuildEnvironment(["XCODE_XCCONFIG_FILE": "/w/E.xcconfig", "DEVELOPER_DIR": "/Xcode/Developer"]))
        let stack = try request.loadStack(fileSystem: fileSystem)
        // semantics §4: XCODE_XCCONFIG_FILE is the environment-xcconfig level.
        #expect(stack.resolver.value(of: "FROM_ENV") == "yes")
        #expect(request.locatedDeveloperDirectory == "/Xcode/Developer")
    }

    @Test func aRequestWithoutInputsTakesTheOnlyProjectOfTheFolder() throws {
        let fileSystem = Self.schemeFileSystem()
        let request = try BuildRequest().locatingProject(in: "/w", fileSystem: fileSystem)
        #expect(request.project == "/w/App.xcodeproj")
        // A request that names a file keeps it.
        #expect(try BuildRequest(files: ["A.xcconfig"]).locatingProject(in: "/w", fileSystem: fileSystem).project == nil)
    }

    @Test func theLocatorFindsTheNearestProjectAndStopsAtTheRoot() {
        let fileSystem = InMemoryFileSystem(currentDirectory: "/", files: [
            "/a/B.xcodeproj/project.pbxproj": "", "/a/A.xcodeproj/project.pbxproj": "", "/a/b/c/F.xcconfig": "",
            "/x/W.xcworkspace/contents.xcworkspacedata": "", "/x/y/G.xcconfig": "", "/lonely/H.xcconfig": "",
        ])
        var locator = ProjectLocator(fileSystem: fileSystem)
        #expect(locator.projectDirectory(above: "/a/b/c/F.xcconfig") == "/a")
        #expect(locator.nearestProject(from: "/a/b/c") == "/a/A.xcodeproj")
        // A workspace marks the project folder; only an .xcodeproj is a project.
        #expect(locator.projectDirectory(above: "/x/y/G.xcconfig") == "/x")
        #expect(locator.nearestProject(from: "/x/y") == nil)
        #expect(locator.projectDirectory(above: "/lonely/H.xcconfig") == nil)
    }
}
