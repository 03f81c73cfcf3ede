import XCConfig
@testable import XCConfigCLI

/// What one in-process run of the tool produced.
struct CLIResult {
    var status: ExitStatus
    var stdout: String
    var stdoutBytes: [UInt8]
    var stderr: String
}

/// Runs `xcconfig ARGUMENTS` in-process against `fileSystem`, capturing both streams.
func runCLI(
    _ arguments: [String],
    fileSystem: InMemoryFileSystem = InMemoryFileSystem(currentDirectory: "/work"),
    environment: [String: String] = [:],
    terminal: Bool = false
) -> CLIResult {
    let stdout = OutputSink.capture()
    let stderr = OutputSink.capture()
    let context = CommandContext(
        arguments: arguments, environment: environment, currentDirectory: fileSystem.currentDirectory,
        fileSystem: fileSystem, standardOutput: stdout, standardError: stderr,
        standardOutputIsTerminal: terminal, standardErrorIsTerminal: terminal
    )
    let status = CommandLineTool.run(context)
    return CLIResult(status: status, stdout: stdout.capturedText, stdoutBytes: stdout.capturedBytes, stderr: stderr.capturedText)
}

/// A file system at `/work` holding `files`.
func workspace(_ files: [String: String]) -> InMemoryFileSystem {
    InMemoryFileSystem(currentDirectory: "/work", files: files)
}
