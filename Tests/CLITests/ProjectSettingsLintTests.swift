import Testing
import XCConfig
@testable import XCConfigCLI

/// Issue 33's policy rule, `project-settings` (opt-in, with `--project`), on real projects:
/// every build setting written in the project file and every target × configuration without a
/// base configuration is reported, and `project extract`, the rule's fix, leaves none.
@Suite(.enabled(if: ProjectCommandTests.sharedDirectory != nil, "shared/projects is absent"))
struct ProjectSettingsLintTests {
    static let optIn = #"{"opt_in_rules": ["project-settings"]}"#

    /// The `project-settings` findings of `lint --project BUNDLE`, as `line: message`.
    static func findings(_ bundle: String, fileSystem: InMemoryFileSystem) -> [String] {
        let result = runCLI(["lint", "--project", bundle, "--quiet"], fileSystem: fileSystem)
        let prefix = "\(bundle)/"
        return result.stdout.split(separator: "\n").compactMap { line -> String? in
            guard line.hasSuffix(" [project-settings]"), line.hasPrefix(prefix) else { return nil }
            return String(line.dropFirst(prefix.count))
        }
    }

    /// The lines of a project file, written by Xcode, that hold a build-settings entry: in each
    /// `buildSettings = {` block, the lines one level deeper that start a key.
    static func settingLines(_ text: String) -> [Int] {
        var lines: [Int] = []
        var blockIndent: Int?
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let indent = line.prefix { $0 == "\t" }.count
            let content = line.dropFirst(indent)
            if let open = blockIndent {
                if indent == open, content.hasPrefix("};") {
                    blockIndent = nil
                } else if indent == open + 1, content.contains(" = ") {
                    lines.append(index + 1)
                }
            } else if content.hasPrefix("buildSettings = {") {
                blockIndent = indent
            }
        }
        return lines
    }

    @Test func everySettingOfVirtualBuddysProjectFileIsReportedUntilExtractMovesThem() throws {
        let fileSystem = try #require(try ProjectCommandTests.repository("insidegui__VirtualBuddy"))
        fileSystem.addFile("/repo/.xcconfig-lint.json", Self.optIn)
        let bundle = "VirtualBuddy.xcodeproj"
        let text = String(decoding: try fileSystem.read("/repo/\(bundle)/project.pbxproj"), as: UTF8.self)
        let expected = Self.settingLines(text)
        #expect(expected.count > 1000)
        let before = Self.findings(bundle, fileSystem: fileSystem)
        #expect(before.map { Int($0.split(separator: ":")[1])! } == expected)
        #expect(before.allSatisfy { $0.contains(" is set in the project file (the ") && $0.contains(") instead of an xcconfig; `xcconfig project extract`") })
        // Every target of VirtualBuddy has a base configuration.
        #expect(!before.contains { $0.contains("has no base configuration") })

        let extract = runCLI(["project", "extract", bundle, "--output", "Config/Extracted"], fileSystem: fileSystem)
        #expect(extract.status == .success, "\(extract.stderr)")
        #expect(Self.findings(bundle, fileSystem: fileSystem) == [])
    }

    @Test func withoutTheOptInNothingIsReported() throws {
        let fileSystem = try #require(try ProjectCommandTests.repository("insidegui__VirtualBuddy"))
        #expect(Self.findings("VirtualBuddy.xcodeproj", fileSystem: fileSystem) == [])
    }

    /// tuist's `ConfigurationOverrides` fixture (`project.xcproj`): the target `App` and the
    /// project have no `file` for any of the three configurations, and each `build-settings`
    /// entry is reported once, by its key as written, though it folds into several configurations.
    @Test func anXCProjTargetWithoutABaseAndItsWrittenEntriesAreReported() throws {
        let fileSystem = try #require(try ProjectCommandTests.repository("xcproj-examples/tuist__XcodeProj"))
        fileSystem.addFile("/repo/.xcconfig-lint.json", Self.optIn)
        let bundle = "Fixtures/XCProj/ConfigurationOverrides.xcodeproj"
        let findings = Self.findings(bundle, fileSystem: fileSystem)
        let noBase = ["Debug", "Release", "Profile"].map { name in
            "project.xcproj:14:7: warning: the \(name) configuration of target 'App' has no base configuration, neither its own nor the project's, "
                + "so no xcconfig applies to it; `xcconfig project extract` or `xcconfig project set-base` sets one [project-settings]"
        }
        #expect(Set(findings.filter { $0.contains("has no base configuration") }) == Set(noBase))
        let written: [(line: Int, key: String, owner: String)] = [
            (22, "INFOPLIST_FILE", "target 'App'"),
            (23, "INFOPLIST_FILE[config=Debug]", "target 'App'"),
            (24, "INFOPLIST_FILE[config=Profile]", "target 'App'"),
            (25, "OTHER_SWIFT_FLAGS[sdk=iphoneos*][arch=arm64]", "target 'App'"),
            (26, "OTHER_SWIFT_FLAGS[sdk=iphoneos*][config=Debug][arch=arm64]", "target 'App'"),
            (31, "GCC_PREPROCESSOR_DEFINITIONS[config=Debug][sdk=iphoneos*][arch=arm64]", "the project"),
            (32, "GCC_PREPROCESSOR_DEFINITIONS[sdk=iphoneos*][arch=arm64]", "the project"),
            (33, "SWIFT_OPTIMIZATION_LEVEL", "the project"),
            (34, "SWIFT_OPTIMIZATION_LEVEL[config=Debug]", "the project"),
        ]
        let settings = findings.filter { !$0.contains("has no base configuration") }
        #expect(settings.count == written.count)
        for entry in written {
            let column = entry.owner == "the project" ? 5 : 9
            #expect(settings.contains(
                "project.xcproj:\(entry.line):\(column): warning: \(entry.key) is set in the project file (the build settings of \(entry.owner)) "
                    + "instead of an xcconfig; `xcconfig project extract` moves the project file's settings into xcconfig files [project-settings]"),
                "\(entry.key)")
        }
    }
}
