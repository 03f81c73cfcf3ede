import Foundation
import PackagePlugin

/// `swift package xcconfig lint|resolve|format …` in a package that depends on this one: runs
/// the `xcconfig` tool, built from source for the host, in the package's directory with the
/// arguments as given (no arguments: `lint .`).
///
/// The command declares the permission to write to the package directory, which SwiftPM asks
/// for once per run (or `--allow-writing-to-package-directory` grants): `format --in-place`
/// rewrites files, and SwiftPM's sandbox would refuse it otherwise.
@main
struct XCConfigPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let tool = try context.tool(named: "xcconfig")
        let process = Process()
        process.executableURL = tool.url
        process.arguments = arguments.isEmpty ? ["lint", "."] : arguments
        process.currentDirectoryURL = context.package.directoryURL
        try process.run()
        process.waitUntilExit()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            throw ToolFailure(arguments: process.arguments ?? [], status: process.terminationStatus)
        }
    }
}

/// `xcconfig` exited with a status other than 0; SwiftPM reports the error and fails.
struct ToolFailure: Error, CustomStringConvertible {
    var arguments: [String]
    var status: Int32

    var description: String { "xcconfig \(arguments.joined(separator: " ")) exited with status \(status)" }
}
