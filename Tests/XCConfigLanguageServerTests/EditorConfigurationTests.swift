import Foundation
import Testing

/// The README's editor configurations, run in the real editors: each block is taken from the
/// README as written, the editor starts the built `xcconfig lsp` with it, opens a file, and
/// prints the diagnostics and the hover it received (`Editors/check-*`). An editor that is not
/// installed (or too old for the configuration) is skipped; VS Code and Sublime Text have no
/// headless mode to drive here.
@Suite struct EditorConfigurationTests {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    static let checks = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Editors")

    /// The `xcconfig` that `swift build` puts next to the test bundle.
    static let xcconfigDirectory: String? = {
        let directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for candidate in [directory, directory.deletingLastPathComponent()] {
            if FileManager.default.isExecutableFile(atPath: candidate.appendingPathComponent("xcconfig").path) { return candidate.path }
        }
        return nil
    }()

    /// A file with a lint finding on line 1, and a value that only the configuration the README
    /// blocks pass in `initializationOptions` (Debug) gives.
    static let document = """
        PRODUCT_BUNDLE_IDENTIFER = com.example.app
        MY_NAME = app
        MY_NAME[config=Debug] = debug-app
        PRODUCT_NAME = $(MY_NAME)

        """

    /// The code block that follows the paragraph starting with `**editor**` in the README.
    static func readmeBlock(after editor: String) throws -> String {
        let readme = try String(contentsOf: packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let lines = readme.split(separator: "\n", omittingEmptySubsequences: false)
        guard let heading = lines.firstIndex(where: { $0.hasPrefix("**\(editor)**") }),
              let open = lines[heading...].firstIndex(where: { $0.hasPrefix("```") }),
              let close = lines[(open + 1)...].firstIndex(where: { $0.hasPrefix("```") })
        else { throw EditorCheckError("the README has no configuration block for \(editor)") }
        return lines[(open + 1)..<close].joined(separator: "\n") + "\n"
    }

    /// The first `major.minor` in what `executable --version` prints, when it is on the PATH.
    static func version(of executable: String) -> (Int, Int)? {
        guard let output = try? run([executable, "--version"], in: FileManager.default.temporaryDirectory.path, environment: [:]) else { return nil }
        let scanner = output.split(whereSeparator: { !$0.isNumber && $0 != "." }).first { $0.contains(".") }
        let parts = scanner?.split(separator: ".").compactMap { Int($0) } ?? []
        return parts.count >= 2 ? (parts[0], parts[1]) : nil
    }

    static func run(_ arguments: [String], in directory: String, environment: [String: String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw EditorCheckError("\(arguments[0]) exited with \(process.terminationStatus)") }
        return String(decoding: data, as: UTF8.self)
    }

    /// Writes the document and the README block into a fresh folder and runs `arguments`
    /// (with `CONFIG` and `CHECK` replaced by their paths) there, with `xcconfig` on the PATH.
    static func session(configuration: String, named name: String, check: String, arguments: [String]) throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("editor-check-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("App.xcconfig")
        try document.write(to: file, atomically: true, encoding: .utf8)
        try "{}\n".write(to: directory.appendingPathComponent(".xcconfig-lint.json"), atomically: true, encoding: .utf8)
        let config = directory.appendingPathComponent(name)
        try configuration.write(to: config, atomically: true, encoding: .utf8)
        let path = xcconfigDirectory! + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        let resolved = arguments.map {
            $0.replacingOccurrences(of: "CONFIG", with: config.path)
                .replacingOccurrences(of: "CHECK", with: checks.appendingPathComponent(check).path)
        }
        return try run(resolved, in: directory.path, environment: ["PATH": path, "HOME": directory.path, "XCCONFIG_EDITOR_FILE": file.path])
    }

    /// What every editor must have received: the finding, the hover in the Debug context, the
    /// definition and a completion.
    static func expectSessionWorked(_ output: String) {
        let lines = output.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasPrefix("diagnostic: line 1: ") && $0.contains("PRODUCT_BUNDLE_IDENTIFER") }, "\(output)")
        #expect(lines.contains { $0.hasPrefix("hover: ") && $0.contains("**MY_NAME** = `debug-app`") }, "\(output)")
        // `$(MY_NAME)` goes to the assignment that wins in Debug; `PRODUCT_BU` completes.
        #expect(lines.contains("definition: line 3"), "\(output)")
        #expect(lines.contains { $0.hasPrefix("completion: ") && $0.split(separator: " ").contains("PRODUCT_BUNDLE_IDENTIFIER") }, "\(output)")
        #expect(lines.contains("done"), "\(output)")
    }

    static let emacs = version(of: "emacs")
    static let neovim = version(of: "nvim")

    @Test(.enabled(if: xcconfigDirectory != nil && (emacs.map { $0 >= (29, 0) } ?? false), "Emacs 29 or later (eglot) is not installed"))
    func emacsEglotConfigurationWorks() throws {
        let output = try Self.session(
            configuration: try Self.readmeBlock(after: "Emacs"), named: "init.el", check: "check-emacs.el",
            arguments: ["timeout", "120", "emacs", "--batch", "-Q", "-l", "CONFIG", "-l", "CHECK"])
        #expect(output.contains("mode: xcconfig-mode"), "\(output)")
        Self.expectSessionWorked(output)
    }

    @Test(.enabled(if: xcconfigDirectory != nil && (neovim.map { $0 >= (0, 11) } ?? false), "Neovim 0.11 or later is not installed"))
    func neovimConfigurationWorks() throws {
        let output = try Self.session(
            configuration: try Self.readmeBlock(after: "Neovim"), named: "init.lua", check: "check-neovim.lua",
            arguments: ["timeout", "120", "nvim", "--headless", "--clean", "-c", "luafile CONFIG", "-c", "luafile CHECK", "-c", "qa!"])
        #expect(output.contains("filetype: xcconfig"), "\(output)")
        Self.expectSessionWorked(output)
    }
}

struct EditorCheckError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
