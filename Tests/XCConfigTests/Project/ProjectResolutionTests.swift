import Testing
import XCConfigSyntax
@testable import XCConfig

/// Real projects of `shared/projects` resolved end to end, with their base xcconfigs from
/// `shared/corpus` (same repository-relative paths), in an in-memory file system rooted at
/// `/repo`. Expected values are worked out by hand from the project file and the xcconfigs;
/// each test says where they come from. Skipped when the shared directory is not there.
@Suite struct ProjectResolutionTests {
    /// `/repo` holding `shared/projects/<repository>` and `shared/corpus/<repository>`, or
    /// `nil` without the shared data.
    static func repository(_ name: String) throws -> InMemoryFileSystem? {
        guard let shared = ProjectCorpusTests.sharedDirectory else { return nil }
        let fileSystem = InMemoryFileSystem(currentDirectory: "/repo")
        let real = ProjectCorpusTests.fileSystem
        func copy(_ directory: String, to destination: String) throws {
            for entry in try real.contents(ofDirectory: directory) {
                let source = Path.join(directory, entry)
                let target = Path.join(destination, entry)
                switch real.kind(of: source) {
                case .directory: try copy(source, to: target)
                case .file: fileSystem.addFile(target, bytes: try real.read(source))
                default: break
                }
            }
        }
        for part in ["corpus", "projects"] {
            let directory = Path.join(Path.join(shared, part), name)
            if real.kind(of: directory) == .directory { try copy(directory, to: "/repo") }
        }
        return fileSystem
    }

    /// The 1-based line of the first line of `file` containing `text` after the line containing `after`.
    static func line(of text: String, after anchor: String? = nil, in file: String, fileSystem: InMemoryFileSystem) -> Int? {
        let lines = (fileSystem.contentsOfFile(file) ?? "").split(separator: "\n", omittingEmptySubsequences: false)
        var started = anchor == nil
        for (index, line) in lines.enumerated() {
            if !started { started = line.contains(anchor!); continue }
            if line.contains(text) { return index + 1 }
        }
        return nil
    }

    static func stack(
        _ fileSystem: InMemoryFileSystem, project path: String, target: String? = nil, configuration: String? = nil,
        context: EvaluationContext = EvaluationContext()
    ) throws -> (XcodeProject, LoadedStack) {
        let project = try XcodeProject.load(path: path, fileSystem: fileSystem)
        return (project, try project.loadStack(target: target, configuration: configuration, context: context, fileSystem: fileSystem))
    }

    // MARK: SDWebImage (project-level base xcconfigs, target dictionaries)

    /// `SDWebImage.xcodeproj`: the project's Debug configuration is based on
    /// `Configs/Module-Debug.xcconfig`, which includes `Module-Shared.xcconfig`
    /// (`PRODUCT_NAME = $(TARGET_NAME)`, `PRODUCT_BUNDLE_IDENTIFIER =
    /// $(PRODUCT_BUNDLE_IDENTIFIER_PREFIX).${PRODUCT_NAME:rfc1034identifier}` with prefix
    /// `com.dailymotion`). Target `SDWebImage static` sets `PRODUCT_NAME = SDWebImage` in its
    /// own dictionary, which shadows the xcconfig's `$(TARGET_NAME)`.
    @Test(.enabled(if: ProjectCorpusTests.sharedDirectory != nil, "shared/projects is absent"))
    func targetDictionaryShadowsTheProjectXCConfig() throws {
        let fileSystem = try #require(try Self.repository("SDWebImage__SDWebImage"))
        let (project, stack) = try Self.stack(fileSystem, project: "SDWebImage.xcodeproj", target: "SDWebImage static", configuration: "Debug")
        let resolver = stack.resolver
        #expect(stack.diagnostics.filter { $0.severity == .error }.isEmpty)
        #expect(resolver.value(of: "PRODUCT_NAME") == "SDWebImage")
        #expect(resolver.value(of: "PRODUCT_BUNDLE_IDENTIFIER") == "com.dailymotion.SDWebImage")
        #expect(resolver.value(of: "GCC_OPTIMIZATION_LEVEL") == "0")
        #expect(resolver.value(of: "ONLY_ACTIVE_ARCH") == "YES")
        #expect(resolver.value(of: "TARGET_NAME") == "SDWebImage static")
        #expect(resolver.value(of: "CONFIGURATION") == "Debug")
        #expect(resolver.value(of: "SRCROOT") == "/repo")
        #expect(resolver.value(of: "PROJECT_NAME") == "SDWebImage")

        let winner = try #require(resolver.winner(of: "PRODUCT_NAME"))
        #expect(winner.level == .target)
        #expect(winner.file == project.projectFilePath)
        #expect(winner.keyPath == "SDWebImage static / Debug / buildSettings / PRODUCT_NAME")
        let expectedLine = Self.line(of: "PRODUCT_NAME = SDWebImage;", in: project.projectFilePath, fileSystem: fileSystem)
        #expect(winner.location?.line == expectedLine)

        let shadowed = resolver.assignments(of: "PRODUCT_NAME").map { ($0.level, $0.file, $0.location?.line) }
        #expect(shadowed.contains { $0.0 == .projectXCConfig && $0.1 == "/repo/Configs/Module-Shared.xcconfig" && $0.2 == 192 })
    }

    /// Release of target `SDWebImage`: `PRODUCT_NAME` comes from the xcconfig's
    /// `$(TARGET_NAME)`; `INFOPLIST_FILE` from the target dictionary; Module-Release.xcconfig
    /// sets `GCC_OPTIMIZATION_LEVEL = s` and `ONLY_ACTIVE_ARCH = NO`.
    @Test(.enabled(if: ProjectCorpusTests.sharedDirectory != nil, "shared/projects is absent"))
    func releaseOfTheFrameworkTarget() throws {
        let fileSystem = try #require(try Self.repository("SDWebImage__SDWebImage"))
        let (_, stack) = try Self.stack(fileSystem, project: "/repo/SDWebImage.xcodeproj", target: "SDWebImage", configuration: "Release")
        let resolver = stack.resolver
        #expect(resolver.value(of: "PRODUCT_NAME") == "SDWebImage")
        #expect(resolver.value(of: "PRODUCT_BUNDLE_IDENTIFIER") == "com.dailymotion.SDWebImage")
        #expect(resolver.value(of: "INFOPLIST_FILE") == "WebImage/Info.plist")
        #expect(resolver.value(of: "GCC_OPTIMIZATION_LEVEL") == "s")
        #expect(resolver.value(of: "ONLY_ACTIVE_ARCH") == "NO")
        #expect(resolver.winner(of: "GCC_OPTIMIZATION_LEVEL")?.file == "/repo/Configs/Module-Release.xcconfig")
        #expect(resolver.winner(of: "GCC_OPTIMIZATION_LEVEL")?.level == .projectXCConfig)
    }

    /// Without a target and configuration: the first target (`SDWebImage static`) and the
    /// project's default configuration (`Release`), as `xcodebuild` picks them.
    @Test(.enabled(if: ProjectCorpusTests.sharedDirectory != nil, "shared/projects is absent"))
    func defaultsToTheFirstTargetAndTheDefaultConfiguration() throws {
        let fileSystem = try #require(try Self.repository("SDWebImage__SDWebImage"))
        let (_, stack) = try Self.stack(fileSystem, project: "SDWebImage.xcodeproj")
        #expect(stack.resolver.value(of: "TARGET_NAME") == "SDWebImage static")
        #expect(stack.resolver.value(of: "CONFIGURATION") == "Release")
        #expect(stack.resolver.value(of: "GCC_OPTIMIZATION_LEVEL") == "s")
    }

    // MARK: Missing base xcconfigs (CocoaPods files never committed)

    /// `Examples/SDWebImage Demo.xcodeproj`: target `SDWebImage iOS Demo` is based on
    /// `Pods/Target Support Files/…/Pods-SDWebImage iOS Demo.debug.xcconfig`, which is not in
    /// the repository. Xcode reports it at the reference and resolves the rest: the project's
    /// `Configs/App-Debug.xcconfig` and the target dictionary.
    @Test(.enabled(if: ProjectCorpusTests.sharedDirectory != nil, "shared/projects is absent"))
    func missingBaseXCConfigIsAnErrorAtItsReferenceAndTheRestResolves() throws {
        let fileSystem = try #require(try Self.repository("SDWebImage__SDWebImage"))
        let (project, stack) = try Self.stack(
            fileSystem, project: "Examples/SDWebImage Demo.xcodeproj", target: "SDWebImage iOS Demo", configuration: "Debug")
        let errors = stack.diagnostics.filter { $0.severity == .error }
        #expect(errors.count == 1)
        let error = try #require(errors.first)
        #expect(error.message == "Unable to open base configuration reference file '/repo/Pods/Target Support Files/Pods-SDWebImage iOS Demo/Pods-SDWebImage iOS Demo.debug.xcconfig'.")
        #expect(error.file == project.projectFilePath)
        let referenceLine = Self.line(of: "baseConfigurationReference = 789EDF4244C66933FDF3E181", in: project.projectFilePath, fileSystem: fileSystem)
        #expect(referenceLine != nil)
        #expect(error.location?.line == referenceLine)
        #expect(error.notes == ["referenced by SDWebImage iOS Demo / Debug / baseConfigurationReference"])

        let resolver = stack.resolver
        #expect(resolver.value(of: "INFOPLIST_FILE") == "SDWebImage Demo/Info.plist")
        #expect(resolver.value(of: "TARGETED_DEVICE_FAMILY") == "1,2")
        #expect(resolver.value(of: "PRODUCT_NAME") == "SDWebImage iOS Demo")
        #expect(resolver.value(of: "PRODUCT_BUNDLE_IDENTIFIER") == "com.dailymotion.SDWebImage-iOS-Demo")
    }

    // MARK: NetNewsWire (Xcode 16 anchors, target base xcconfigs with includes)

    /// `NetNewsWire` is based on `xcconfig/NetNewsWire_macapp_target.xcconfig` (through a
    /// synchronized-folder anchor): `PRODUCT_BUNDLE_IDENTIFIER =
    /// $(ORGANIZATION_IDENTIFIER).NetNewsWire-Evergreen$(BUNDLE_ID_SUFFIX)`; the organisation is
    /// `com.ranchero` (common/NetNewsWire_codesigning_common.xcconfig) and the suffix `-DEBUG`
    /// in Debug (NetNewsWire_project_debug.xcconfig → common/NetNewsWire_debug_identifiers),
    /// empty in Release. `SWIFT_VERSION = 6.2` comes from the project xcconfig.
    @Test(.enabled(if: ProjectCorpusTests.sharedDirectory != nil, "shared/projects is absent"), arguments: [("Debug", "com.ranchero.NetNewsWire-Evergreen-DEBUG"), ("Release", "com.ranchero.NetNewsWire-Evergreen")])
    func anchoredTargetXCConfig(configuration: String, bundleIdentifier: String) throws {
        let fileSystem = try #require(try Self.repository("Ranchero-Software__NetNewsWire"))
        let (_, stack) = try Self.stack(fileSystem, project: "NetNewsWire.xcodeproj", target: "NetNewsWire", configuration: configuration)
        let resolver = stack.resolver
        #expect(stack.diagnostics.filter { $0.severity == .error }.isEmpty)
        #expect(resolver.value(of: "PRODUCT_BUNDLE_IDENTIFIER") == bundleIdentifier)
        #expect(resolver.winner(of: "PRODUCT_BUNDLE_IDENTIFIER")?.level == .targetXCConfig)
        #expect(resolver.winner(of: "PRODUCT_BUNDLE_IDENTIFIER")?.file == "/repo/xcconfig/NetNewsWire_macapp_target.xcconfig")
        #expect(resolver.value(of: "SWIFT_VERSION") == "6.2")
        #expect(resolver.winner(of: "SWIFT_VERSION")?.level == .projectXCConfig)
        #expect(resolver.value(of: "PRODUCT_NAME") == "NetNewsWire")
        #expect(resolver.value(of: "CODE_SIGN_ENTITLEMENTS") == "Mac/Resources/NetNewsWire.entitlements")
    }

    // MARK: Configurations

    /// duckduckgo iOS: four configurations; `Alpha Debug` is based on
    /// `Configuration/Configuration-Alpha.xcconfig`, Debug and Release on `Configuration.xcconfig`.
    /// A configuration the project lacks falls back to the default one (Release) with a warning.
    @Test(.enabled(if: ProjectCorpusTests.sharedDirectory != nil, "shared/projects is absent"))
    func configurationWithASpaceAndTheFallback() throws {
        let fileSystem = try #require(try Self.repository("duckduckgo__iOS"))
        let project = try XcodeProject.load(path: "DuckDuckGo-iOS.xcodeproj", fileSystem: fileSystem)
        let alpha = try project.levels(target: "ShareExtension", configuration: "Alpha Debug")
        #expect(alpha.configurationName == "Alpha Debug")
        #expect(alpha.targetConfigurationName == "Alpha Debug")
        #expect(alpha.projectConfigFile == "/repo/Configuration/Configuration-Alpha.xcconfig")
        let stack = try project.loadStack(target: "ShareExtension", configuration: "Alpha Debug", fileSystem: fileSystem)
        #expect(stack.resolver.value(of: "CONFIGURATION") == "Alpha Debug")
        #expect(stack.resolver.value(of: "TARGET_NAME") == "ShareExtension")

        let fallback = try project.levels(target: "ShareExtension", configuration: "Staging")
        #expect(fallback.configurationName == "Release")
        #expect(fallback.targetConfigurationName == "Release")
        #expect(fallback.projectConfigFile == "/repo/Configuration/Configuration.xcconfig")
        #expect(fallback.diagnostics.map(\.message) == ["the project 'DuckDuckGo-iOS' has no configuration named 'Staging'; using 'Release'"])
    }

    // MARK: Other formats

    /// CocoaPods' XML-format `project.pbxproj` (SharedSchemes fixture): the base xcconfig
    /// `Pods/Pods.xcconfig` is missing; XML has no lines, so the error names the key path.
    @Test(.enabled(if: ProjectCorpusTests.sharedDirectory != nil, "shared/projects is absent"))
    func xmlProjectFile() throws {
        let fileSystem = try #require(try Self.repository("CocoaPods__Xcodeproj"))
        let path = "spec/fixtures/SharedSchemes/SharedSchemes.xcodeproj"
        let (project, stack) = try Self.stack(fileSystem, project: path, configuration: "Debug")
        #expect(project.format == .xmlPropertyList)
        #expect(project.targets.map(\.name) == ["SharedSchemes"])
        let errors = stack.diagnostics.filter { $0.severity == .error }
        #expect(errors.map(\.message) == ["Unable to open base configuration reference file '/repo/spec/fixtures/SharedSchemes/Pods/Pods.xcconfig'."])
        #expect(errors.first?.notes == ["referenced by SharedSchemes / Debug / baseConfigurationReference"])
        #expect(stack.resolver.value(of: "TARGET_NAME") == "SharedSchemes")
        #expect(stack.resolver.value(of: "PRODUCT_NAME") == "SharedSchemes")
    }

    /// tuist's `ConfigurationOverrides.xcodeproj/project.xcproj`: `INFOPLIST_FILE` and
    /// `INFOPLIST_FILE[config=Debug]` both present; the conditional one wins for Debug, the
    /// plain one for Release; `SWIFT_OPTIMIZATION_LEVEL` likewise at the project level.
    @Test(.enabled(if: ProjectCorpusTests.sharedDirectory != nil, "shared/projects is absent"), arguments: [("Debug", "Config/Debug.plist", "-Onone"), ("Release", "Config/Base.plist", "-O"), ("Profile", "Config/Profile.plist", "-O")])
    func xcprojConfigurationFolding(configuration: String, infoPlist: String, optimization: String) throws {
        let fileSystem = try #require(try Self.repository("xcproj-examples/tuist__XcodeProj"))
        let (project, stack) = try Self.stack(fileSystem, project: "Fixtures/XCProj/ConfigurationOverrides.xcodeproj", configuration: configuration)
        #expect(project.format == .xcproj)
        #expect(stack.resolver.value(of: "INFOPLIST_FILE") == infoPlist)
        #expect(stack.resolver.value(of: "SWIFT_OPTIMIZATION_LEVEL") == optimization)
        let winner = try #require(stack.resolver.winner(of: "INFOPLIST_FILE"))
        #expect(winner.file == project.projectFilePath)
        #expect(winner.location != nil)
    }

    /// tuist's `XcodeGenerated.xcodeproj/project.xcproj` (issue 20): the project's
    /// `build-settings` assign `GCC_OPTIMIZATION_LEVEL` and `SWIFT_OPTIMIZATION_LEVEL` only under
    /// `[config=Debug]`. In Release no entry matches, yet the settings are listed with the empty
    /// value, as conditional-only settings are (cli.md `resolve`: "conditional-only ones too;
    /// they resolve to the empty string when no assignment matches"); in Debug they have the
    /// entries' values.
    @Test(.enabled(if: ProjectCorpusTests.sharedDirectory != nil, "shared/projects is absent"), arguments: [("Debug", "0", "-Onone"), ("Release", "", "")])
    func xcprojConditionalOnlySettingsAreListed(configuration: String, gccLevel: String, swiftLevel: String) throws {
        let fileSystem = try #require(try Self.repository("xcproj-examples/tuist__XcodeProj"))
        let (project, stack) = try Self.stack(fileSystem, project: "Fixtures/XCProj/XcodeGenerated.xcodeproj",
                                              target: "SampleApp", configuration: configuration)
        #expect(project.format == .xcproj)
        let listed = stack.resolver.settingNames(at: .allLevels)
        #expect(listed.contains("GCC_OPTIMIZATION_LEVEL"))
        #expect(listed.contains("SWIFT_OPTIMIZATION_LEVEL"))
        #expect(stack.resolver.value(of: "GCC_OPTIMIZATION_LEVEL") == gccLevel)
        #expect(stack.resolver.value(of: "SWIFT_OPTIMIZATION_LEVEL") == swiftLevel)
        // `SDKROOT` has no condition: the same in both.
        #expect(stack.resolver.value(of: "SDKROOT") == "iphoneos")
    }

    /// tuist's `Everything.xcodeproj/project.xcproj`: Release's project and `App` xcconfig is
    /// `App/Release.xcconfig`, not in the fixture: reported at the line of its `file` key.
    @Test(.enabled(if: ProjectCorpusTests.sharedDirectory != nil, "shared/projects is absent"))
    func xcprojMissingBaseXCConfig() throws {
        let fileSystem = try #require(try Self.repository("xcproj-examples/tuist__XcodeProj"))
        let (project, stack) = try Self.stack(fileSystem, project: "Fixtures/XCProj/Everything.xcodeproj", target: "App", configuration: "Release")
        let errors = stack.diagnostics.filter { $0.severity == .error }
        #expect(errors.count == 2)
        let projectLine = Self.line(of: "\"file\": \"App/Release.xcconfig\"", in: project.projectFilePath, fileSystem: fileSystem)
        #expect(errors.first?.location?.line == projectLine)
        #expect(errors.first?.message == "Unable to open base configuration reference file '/repo/Fixtures/XCProj/App/Release.xcconfig'.")
        #expect(errors.first?.notes == ["referenced by configurations / Release / file"])
        #expect(stack.resolver.value(of: "TARGET_NAME") == "App")
    }

    /// A target's Swift package products, as both formats list them: tuist's `App` uses `Logging`
    /// (`package-product-members`) and its `Tool` none; the XcodeBuildMCP calculator app's
    /// project.pbxproj lists one `packageProductDependencies` entry. With Xcode's defaults, such
    /// a target searches the build folder, as the Xcode 26.4 dump prints.
    @Test(.enabled(if: ProjectCorpusTests.sharedDirectory != nil, "shared/projects is absent"))
    func packageProductsOfATargetAreRead() throws {
        let fileSystem = try #require(try Self.repository("xcproj-examples/tuist__XcodeProj"))
        let xcproj = try XcodeProject.load(path: "Fixtures/XCProj/Everything.xcodeproj", fileSystem: fileSystem)
        #expect(xcproj.target(named: "App")?.packageProductDependencies == ["Logging"])
        #expect(xcproj.target(named: "Tool")?.packageProductDependencies == [])

        let shared = try #require(ProjectCorpusTests.sharedDirectory)
        let calculator = Path.join(shared, "xcodebuild/xcodebuildmcp-ios-calculator-xcode26.4/CalculatorApp.xcodeproj")
        let project = try XcodeProject.load(path: calculator, fileSystem: RealFileSystem())
        #expect(project.target(named: "CalculatorApp")?.packageProductDependencies == ["8B90933C2DF242EC008F026A"])
        var inputs = StackInputs()
        let levels = try project.levels(target: "CalculatorApp", configuration: "Debug")
        inputs.apply(levels, projectFile: project.projectFilePath)
        inputs.xcodeDefaults = XcodeDefaults()
        let stack = try inputs.load(with: IncludeLoader(fileSystem: RealFileSystem()), context: EvaluationContext(configuration: "Debug"))
        let products = stack.resolver.value(of: "BUILT_PRODUCTS_DIR")
        #expect(!products.isEmpty && stack.resolver.value(of: "FRAMEWORK_SEARCH_PATHS") == products)
        #expect(stack.resolver.value(of: "HEADER_SEARCH_PATHS") == products + "/include")
    }

    // MARK: Dynamic settings

    @Test(.enabled(if: ProjectCorpusTests.sharedDirectory != nil, "shared/projects is absent"))
    func dynamicSettingsAreMarkedAsSuch() throws {
        let fileSystem = try #require(try Self.repository("SDWebImage__SDWebImage"))
        let (_, stack) = try Self.stack(fileSystem, project: "SDWebImage.xcodeproj", target: "SDWebImage", configuration: "Debug")
        let resolver = stack.resolver
        #expect(resolver.winner(of: "SRCROOT")?.isDynamicSetting == true)
        #expect(resolver.winner(of: "TARGET_NAME")?.isDynamicSetting == true)
        #expect(resolver.winner(of: "INFOPLIST_FILE")?.isDynamicSetting == false)
        let listed = resolver.settingNames(at: .allLevels)
        #expect(!listed.contains("SRCROOT") && !listed.contains("PROJECT_NAME") && !listed.contains("TARGETNAME"))
        #expect(listed.contains("INFOPLIST_FILE") && listed.contains("PRODUCT_NAME"))
        let all = resolver.settingNames(at: .all)
        #expect(all.contains("SRCROOT") && all.contains("PROJECT_DIR") && all.contains("TARGET_NAME") && all.contains("CONFIGURATION"))
    }
}
