import Testing
import XCConfigSyntax
@testable import XCConfig

/// Workspaces (`contents.xcworkspacedata`), schemes (`.xcscheme`) and the XML element reader
/// under them, in the forms Xcode writes them (see `shared/xcodebuild/xcodebuildmcp-*`).
@Suite struct WorkspaceSchemeTests {
    /// A project with targets `App` (id `T_App`) and `AppTests` (id `T_AppTests`).
    static func pbxproj(targets: [String] = ["App", "AppTests"]) -> String {
        var objects = """
            ROOT = { isa = PBXProject; buildConfigurationList = PLIST; mainGroup = MAIN; targets = ( \(targets.map { "T_\($0), " }.joined())); };
            MAIN = { isa = PBXGroup; children = ( ); sourceTree = "<group>"; };
            PLIST = { isa = XCConfigurationList; buildConfigurations = ( P_Debug, P_Release, ); defaultConfigurationName = Release; };
            P_Debug = { isa = XCBuildConfiguration; buildSettings = { }; name = Debug; };
            P_Release = { isa = XCBuildConfiguration; buildSettings = { }; name = Release; };

            """
        for target in targets {
            objects += """
                T_\(target) = { isa = PBXNativeTarget; buildConfigurationList = L_\(target); name = \(target); productType = "com.apple.product-type.application"; };
                L_\(target) = { isa = XCConfigurationList; buildConfigurations = ( C_\(target)_Debug, C_\(target)_Release, ); };
                C_\(target)_Debug = { isa = XCBuildConfiguration; buildSettings = { }; name = Debug; };
                C_\(target)_Release = { isa = XCBuildConfiguration; buildSettings = { }; name = Release; };

                """
        }
        return "// !$*UTF8*$!\n{\n\tarchiveVersion = 1;\n\tobjectVersion = 77;\n\tobjects = {\n\(objects)\t};\n\trootObject = ROOT;\n}\n"
    }

    /// A scheme building `entries` (name, identifier, buildForRunning) from `container`.
    static func scheme(_ entries: [(name: String, identifier: String, running: String)], container: String = "container:App.xcodeproj", launch: String? = "Debug") -> String {
        var text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <Scheme LastUpgradeVersion = "1540" version = "1.7">
               <BuildAction parallelizeBuildables = "YES">
                  <BuildActionEntries>

            """
        for entry in entries {
            text += """
                     <BuildActionEntry buildForTesting = "YES" buildForRunning = "\(entry.running)">
                        <BuildableReference
                           BuildableIdentifier = "primary"
                           BlueprintIdentifier = "\(entry.identifier)"
                           BuildableName = "\(entry.name).app"
                           BlueprintName = "\(entry.name)"
                           ReferencedContainer = "\(container)">
                        </BuildableReference>
                     </BuildActionEntry>

                """
        }
        text += "      </BuildActionEntries>\n   </BuildAction>\n"
        text += "   <TestAction buildConfiguration = \"Test\"></TestAction>\n"
        if let launch { text += "   <LaunchAction buildConfiguration = \"\(launch)\"></LaunchAction>\n" }
        text += "   <ProfileAction buildConfiguration = \"Release\"/>\n</Scheme>\n"
        return text
    }

    // MARK: XML elements

    @Test func elementsKeepAttributesWithEntitiesDecodedAndNesting() throws {
        let root = try XMLElementReader.parse(Array("""
            <?xml version="1.0"?>
            <!-- a comment -->
            <A x = "1 &amp; 2" y='&lt;&#65;&gt;'>
               text is skipped
               <B/>
               <C z="3"><D></D></C>
            </A>
            """.utf8))
        #expect(root.name == "A")
        #expect(root[attribute: "x"] == "1 & 2")
        #expect(root[attribute: "y"] == "<A>")
        #expect(root.children.map(\.name) == ["B", "C"])
        #expect(root.children[1][attribute: "z"] == "3")
        #expect(root.children[1].line == 6)
        #expect(root.descendants.map(\.name) == ["B", "C", "D"])
    }

    @Test(arguments: [
        ("<A><B></A>", "unexpected end tag </A>"),
        ("<A>", "<A> is never closed"),
        ("<A x></A>", "expected name=\"value\" in <A>"),
        ("<A x=1></A>", "attribute 'x' in <A> has no quoted value"),
        ("<A/><B/>", "unexpected content after the root element"),
        ("", "the document has no root element"),
    ])
    func malformedXMLIsAnErrorWithAPosition(text: String, message: String) {
        #expect(throws: PropertyListError.self) { try XMLElementReader.parse(Array(text.utf8)) }
        do {
            _ = try XMLElementReader.parse(Array(text.utf8))
        } catch {
            #expect(error.message == message)
            #expect(error.location != nil)
        }
    }

    @Test func hostileNestingIsRefusedNotACrash() {
        let text = String(repeating: "<a>", count: 100_000)
        #expect(throws: PropertyListError.self) { try XMLElementReader.parse(Array(text.utf8)) }
    }

    // MARK: Workspaces

    @Test func workspaceLocationsResolveAsXcodeResolvesThem() throws {
        let fileSystem = InMemoryFileSystem(currentDirectory: "/w", files: ["/w/W.xcworkspace/contents.xcworkspacedata": """
            <?xml version="1.0" encoding="UTF-8"?>
            <Workspace version = "1.0">
               <FileRef location = "group:App.xcodeproj"></FileRef>
               <FileRef location = "container:Libs/../Lib.xcodeproj"></FileRef>
               <FileRef location = "absolute:/opt/Shared.xcodeproj"></FileRef>
               <Group location = "group:Sub" name = "Sub">
                  <FileRef location = "group:Inner.xcodeproj"></FileRef>
                  <Group location = "container:Other" name = "Other">
                     <FileRef location = "group:Deep.xcodeproj"></FileRef>
                  </Group>
               </Group>
               <FileRef location = "developer:Tools/X.xcodeproj"></FileRef>
               <FileRef location = "group:README.md"></FileRef>
            </Workspace>
            """])
        let workspace = try XcodeWorkspace.load(path: "W.xcworkspace", fileSystem: fileSystem)
        #expect(workspace.name == "W")
        #expect(workspace.projectPaths == [
            "/w/App.xcodeproj", "/w/Lib.xcodeproj", "/opt/Shared.xcodeproj", "/w/Sub/Inner.xcodeproj", "/w/Other/Deep.xcodeproj",
        ])
        #expect(workspace.fileReferences.first { $0.location.hasPrefix("developer:") }?.path == nil)
        #expect(workspace.fileReferences.last?.path == "/w/README.md")
    }

    @Test func anEmbeddedWorkspaceNamesItsProjectWithSelf() throws {
        let fileSystem = InMemoryFileSystem(currentDirectory: "/w", files: [
            "/w/App.xcodeproj/project.xcworkspace/contents.xcworkspacedata": "<Workspace version = \"1.0\"><FileRef location = \"self:\"></FileRef></Workspace>",
        ])
        let workspace = try XcodeWorkspace.load(path: "App.xcodeproj/project.xcworkspace/contents.xcworkspacedata", fileSystem: fileSystem)
        #expect(workspace.projectPaths == ["/w/App.xcodeproj"])
    }

    @Test func aSchemesSelfLocationIsItsContainer() {
        #expect(XcodeWorkspace.resolve("self:", groupDirectory: "/w", containerDirectory: "/w", selfPath: "/w/App.xcodeproj") == "/w/App.xcodeproj")
        #expect(XcodeWorkspace.resolve("absolute:relative/P.xcodeproj", groupDirectory: "/w", containerDirectory: "/w", selfPath: "/w") == nil)
        #expect(XcodeWorkspace.resolve("no-kind", groupDirectory: "/w", containerDirectory: "/w", selfPath: "/w") == nil)
    }

    @Test func aWorkspaceFileThatIsNotAWorkspaceIsAnError() {
        let fileSystem = InMemoryFileSystem(currentDirectory: "/w", files: ["/w/W.xcworkspace/contents.xcworkspacedata": "<Scheme/>"])
        #expect(throws: ProjectFileError(file: "/w/W.xcworkspace/contents.xcworkspacedata", line: 1, message: "expected a <Workspace> element, found <Scheme>")) {
            try XcodeWorkspace.load(path: "W.xcworkspace", fileSystem: fileSystem)
        }
        #expect(throws: ProjectFileError.self) { try XcodeWorkspace.load(path: "Missing.xcworkspace", fileSystem: fileSystem) }
    }

    // MARK: Schemes

    @Test func aSchemeNamesItsBuildEntriesAndItsRunConfiguration() throws {
        let fileSystem = InMemoryFileSystem(currentDirectory: "/w", files: [
            "/w/App.xcodeproj/project.pbxproj": Self.pbxproj(),
            "/w/App.xcodeproj/xcshareddata/xcschemes/App.xcscheme": Self.scheme([("App", "T_App", "YES"), ("AppTests", "T_AppTests", "NO")]),
        ])
        let scheme = try XcodeScheme.load(
            path: "/w/App.xcodeproj/xcshareddata/xcschemes/App.xcscheme", container: "/w/App.xcodeproj", isShared: true, fileSystem: fileSystem)
        #expect(scheme.name == "App")
        #expect(scheme.launchConfiguration == "Debug")
        #expect(scheme.buildEntries.map(\.targetName) == ["App", "AppTests"])
        #expect(scheme.buildEntries.map(\.projectPath) == ["/w/App.xcodeproj", "/w/App.xcodeproj"])
        // `xcodebuild build` builds the entries marked for running only.
        #expect(try scheme.buildTargets(fileSystem: fileSystem).map(\.target.name) == ["App"])
    }

    @Test func aBuildEntryIsFoundByIdentifierBeforeName() throws {
        let fileSystem = InMemoryFileSystem(currentDirectory: "/w", files: [
            "/w/App.xcodeproj/project.pbxproj": Self.pbxproj(),
            // A target renamed after the scheme was written: the identifier still finds it.
            "/w/App.xcodeproj/xcshareddata/xcschemes/App.xcscheme": Self.scheme([("OldName", "T_AppTests", "YES"), ("App", "UNKNOWN", "YES")]),
        ])
        let scheme = try #require(try XcodeScheme.schemes(of: XcodeProject.load(path: "App.xcodeproj", fileSystem: fileSystem), user: nil, fileSystem: fileSystem).first)
        #expect(try scheme.buildTargets(fileSystem: fileSystem).map(\.target.name) == ["AppTests", "App"])
    }

    @Test func swiftPackageEntriesAreLeftOut() throws {
        let fileSystem = InMemoryFileSystem(currentDirectory: "/w", files: [
            "/w/App.xcodeproj/project.pbxproj": Self.pbxproj(),
            "/w/App.xcodeproj/xcshareddata/xcschemes/App.xcscheme": Self.scheme([("App", "T_App", "YES")])
                .replacingOccurrences(of: "</BuildActionEntries>", with: """
                    <BuildActionEntry buildForRunning = "YES"><BuildableReference BlueprintIdentifier = "Feature" BlueprintName = "Feature" ReferencedContainer = "container:Packages/Feature"></BuildableReference></BuildActionEntry>
                    </BuildActionEntries>
                    """),
        ])
        let scheme = try #require(try XcodeScheme.schemes(of: XcodeProject.load(path: "App.xcodeproj", fileSystem: fileSystem), user: nil, fileSystem: fileSystem).first)
        #expect(scheme.buildEntries.map(\.isSwiftPackage) == [false, true])
        #expect(try scheme.buildTargets(fileSystem: fileSystem).map(\.target.name) == ["App"])
    }

    @Test func aBuildEntryForATargetTheProjectLacksIsAnError() throws {
        let fileSystem = InMemoryFileSystem(currentDirectory: "/w", files: [
            "/w/App.xcodeproj/project.pbxproj": Self.pbxproj(),
            "/w/App.xcodeproj/xcshareddata/xcschemes/App.xcscheme": Self.scheme([("Gone", "NOPE", "YES")]),
        ])
        let scheme = try #require(try XcodeScheme.schemes(of: XcodeProject.load(path: "App.xcodeproj", fileSystem: fileSystem), user: nil, fileSystem: fileSystem).first)
        #expect(throws: ProjectFileError.self) { try scheme.buildTargets(fileSystem: fileSystem) }
    }

    @Test func schemeFilesAreSharedThenTheCurrentUsersThenOthers() {
        let fileSystem = InMemoryFileSystem(currentDirectory: "/w", files: [
            "/w/App.xcodeproj/xcshareddata/xcschemes/B.xcscheme": "",
            "/w/App.xcodeproj/xcshareddata/xcschemes/A.xcscheme": "",
            "/w/App.xcodeproj/xcuserdata/alice.xcuserdatad/xcschemes/Alice.xcscheme": "",
            "/w/App.xcodeproj/xcuserdata/ci.xcuserdatad/xcschemes/Mine.xcscheme": "",
            "/w/App.xcodeproj/xcuserdata/ci.xcuserdatad/xcschemes/xcschememanagement.plist": "",
        ])
        let files = XcodeScheme.schemeFiles(of: "/w/App.xcodeproj", user: "ci", fileSystem: fileSystem)
        #expect(files.map(\.path) == [
            "/w/App.xcodeproj/xcshareddata/xcschemes/A.xcscheme",
            "/w/App.xcodeproj/xcshareddata/xcschemes/B.xcscheme",
            "/w/App.xcodeproj/xcuserdata/ci.xcuserdatad/xcschemes/Mine.xcscheme",
            "/w/App.xcodeproj/xcuserdata/alice.xcuserdatad/xcschemes/Alice.xcscheme",
        ])
        #expect(files.map(\.isShared) == [true, true, false, false])
    }

    @Test func aProjectWithoutSchemeFilesHasOneAutocreatedSchemePerTarget() throws {
        let fileSystem = InMemoryFileSystem(currentDirectory: "/w", files: ["/w/App.xcodeproj/project.pbxproj": Self.pbxproj()])
        let project = try XcodeProject.load(path: "App.xcodeproj", fileSystem: fileSystem)
        let schemes = try XcodeScheme.schemes(of: project, user: nil, fileSystem: fileSystem)
        #expect(schemes.map(\.name) == ["App", "AppTests"])
        #expect(schemes.allSatisfy { $0.path == nil && $0.launchConfiguration == nil })
        #expect(try schemes[1].buildTargets(fileSystem: fileSystem).map(\.target.identifier) == ["T_AppTests"])
    }

    @Test func aWorkspaceListsItsOwnSchemesThenItsProjects() throws {
        let fileSystem = InMemoryFileSystem(currentDirectory: "/w", files: [
            "/w/W.xcworkspace/contents.xcworkspacedata": "<Workspace><FileRef location = \"group:App.xcodeproj\"/></Workspace>",
            "/w/W.xcworkspace/xcshareddata/xcschemes/All.xcscheme": Self.scheme([("App", "T_App", "YES")], launch: nil),
            "/w/App.xcodeproj/project.pbxproj": Self.pbxproj(),
            "/w/App.xcodeproj/xcshareddata/xcschemes/App.xcscheme": Self.scheme([("App", "T_App", "YES")]),
        ])
        let workspace = try XcodeWorkspace.load(path: "W.xcworkspace", fileSystem: fileSystem)
        let schemes = try XcodeScheme.schemes(of: workspace, user: nil, fileSystem: fileSystem)
        #expect(schemes.map(\.name) == ["All", "App"])
        #expect(schemes[0].launchConfiguration == nil)
        // `container:` in a workspace scheme is relative to the workspace's folder.
        #expect(try schemes[0].buildTargets(fileSystem: fileSystem).map(\.project.path) == ["/w/App.xcodeproj"])
    }

    @Test func projectTargetsCarryTheirObjectIdentifiers() throws {
        let fileSystem = InMemoryFileSystem(currentDirectory: "/w", files: ["/w/App.xcodeproj/project.pbxproj": Self.pbxproj()])
        #expect(try XcodeProject.load(path: "App.xcodeproj", fileSystem: fileSystem).targets.map(\.identifier) == ["T_App", "T_AppTests"])
    }
}
