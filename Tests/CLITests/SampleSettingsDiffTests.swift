import Foundation
import Testing
import XCConfig

/// `Samples/SettingsDiff/make-history.sh` builds its git history and `xcconfig diff` reports the
/// change its README describes.
@Suite struct SampleSettingsDiffTests {
    /// `swift build` puts every product of the package next to the test bundle.
    static let tool: String? = {
        let directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for candidate in [directory, directory.deletingLastPathComponent()] {
            let path = candidate.appendingPathComponent("xcconfig").path
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return nil
    }()

    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Samples/SettingsDiff/make-history.sh").path

    @Test(.enabled(if: tool != nil && diffGitExecutable != nil, "xcconfig is not built next to the tests, or git is missing"))
    func theSampleHistoryShowsSwiftSixEverywhereAndIOS17ForTheWidget() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("xcconfig-sample-\(UInt32.random(in: 0...UInt32.max))").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = [Self.script, directory]
        var environment = ProcessInfo.processInfo.environment
        environment["XCCONFIG"] = Self.tool!
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(text)")
        for target in ["App", "Widget"] {
            for configuration in ["Debug", "Release"] { #expect(text.contains("\n## \(target) / \(configuration)\n"), "\(target) / \(configuration)") }
        }
        // Once per target × configuration in the text format.
        #expect(text.components(separatedBy: "- SWIFT_VERSION = 5.0\n      target-xcconfig Config/Shared.xcconfig:2:1\n+ SWIFT_VERSION = 6.0\n").count == 5)
        #expect(text.contains("## App / Debug\n- SWIFT_VERSION = 5.0\n"))
        #expect(text.contains("- IPHONEOS_DEPLOYMENT_TARGET = 16.0\n      target-xcconfig Config/Shared.xcconfig:3:1\n+ IPHONEOS_DEPLOYMENT_TARGET = 17.0\n      target-xcconfig Config/Widget.xcconfig:4:1\n"))
        #expect(text.components(separatedBy: "+ IPHONEOS_DEPLOYMENT_TARGET = 17.0").count == 3)
        #expect(text.contains("| Setting | Old | New | Source |"))
        #expect(text.contains("::notice file=Config/Shared.xcconfig,line=2,col=1,title=SWIFT_VERSION changed::"))
    }
}
