import Foundation

/// The repository, the tools the tests run and a way to run them, for the tests of what ships
/// beside the tool (the formula, the container image, the GitHub Action).
enum Shell {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().path

    /// The `xcconfig` that `swift build` put next to the test bundle (a static executable on Linux).
    static let xcconfig: String? = {
        let directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for candidate in [directory, directory.deletingLastPathComponent()] {
            let path = candidate.appendingPathComponent("xcconfig").path
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return nil
    }()

    struct Result {
        var status: Int32
        var output: String
        var error: String
    }

    /// Runs `script` with bash in `directory`, with `environment` added to this process's.
    @discardableResult
    static func run(_ script: String, in directory: String? = nil, environment: [String: String] = [:]) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", script]
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        let output = Pipe(), error = Pipe()
        process.standardOutput = output
        process.standardError = error
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // Both pipes are read at once, so that neither fills while the other is read.
        let errorData = ErrorBox()
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            errorData.data = error.fileHandleForReading.readDataToEndOfFile()
            done.signal()
        }
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        done.wait()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, output: String(decoding: outputData, as: UTF8.self),
                      error: String(decoding: errorData.data, as: UTF8.self))
    }

    /// What the standard-error thread read; the semaphore orders the write before the read.
    private final class ErrorBox: @unchecked Sendable { var data = Data() }

    /// The first of `names` found on PATH.
    static func find(_ names: String...) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for name in names {
            for directory in path.split(separator: ":") {
                let candidate = "\(directory)/\(name)"
                if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            }
        }
        return nil
    }

    /// A fresh empty folder.
    static func temporaryDirectory(_ prefix: String) throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url.path
    }
}
