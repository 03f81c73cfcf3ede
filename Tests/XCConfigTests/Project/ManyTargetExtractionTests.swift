import ConformanceSupport
import Testing
@testable import XCConfig

/// Issue 30, finding 10: `project extract` handles a project of hundreds of targets (it was
/// quadratic in targets), and moves each one's settings into its own files.
@Suite struct ManyTargetExtractionTests {
    static let targetCount = 300

    static func fileSystem() -> InMemoryFileSystem {
        let fileSystem = InMemoryFileSystem(currentDirectory: "/repo")
        fileSystem.addFile("/repo/App.xcodeproj/project.pbxproj", GeneratedProjects.project(targets: targetCount))
        fileSystem.addFile("/repo/Config/Shared.xcconfig", "DEVELOPMENT_TEAM = ABCDE12345\n")
        return fileSystem
    }

    @Test func everyTargetsSettingsMoveToItsOwnFilesAndResolveAsBefore() throws {
        let fileSystem = Self.fileSystem()
        let plan = try ProjectEditing.planExtract(project: "App.xcodeproj", output: "Config/Extracted", fileSystem: fileSystem)
        try ProjectEditing.apply(plan, fileSystem: fileSystem)

        let after = try XcodeProject.load(path: "/repo/App.xcodeproj", fileSystem: fileSystem)
        #expect(after.targets.count == Self.targetCount)
        for (index, target) in after.targets.enumerated() {
            #expect(target.name == "Target\(index)")
            for configuration in target.configurations {
                // Nothing left in the project file; the base is the target's own file.
                #expect(configuration.buildSettings.isEmpty, "\(target.name) \(configuration.name)")
                #expect(configuration.baseConfiguration?.path == "/repo/Config/Extracted/Target\(index)-\(configuration.name).xcconfig")
            }
        }
        // The values the generated project sets, each from the target's files now.
        for index in [0, 151, Self.targetCount - 1] {
            let debug = try after.loadStack(target: "Target\(index)", configuration: "Debug", fileSystem: fileSystem).resolver
            #expect(debug.value(of: "PRODUCT_BUNDLE_IDENTIFIER") == "com.example.target\(index)")
            #expect(debug.value(of: "OTHER_FLAG_\(index)") == "-D X\(index)")
            #expect(debug.value(of: "SWIFT_OPTIMIZATION_LEVEL") == "-Onone")
            #expect(debug.value(of: "DEVELOPMENT_TEAM") == "QMQYCKL255")
            let release = try after.loadStack(target: "Target\(index)", configuration: "Release", fileSystem: fileSystem).resolver
            #expect(release.value(of: "SWIFT_OPTIMIZATION_LEVEL") != "-Onone")
            #expect(release.value(of: "SDKROOT") == "iphoneos")
        }
        #expect(try ProjectEditing.planExtract(project: "App.xcodeproj", output: "Config/Extracted", fileSystem: fileSystem).isEmpty)
    }
}
