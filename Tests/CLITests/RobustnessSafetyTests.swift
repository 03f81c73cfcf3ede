#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Testing
import XCConfig
import XCConfigLint
@testable import XCConfigCLI

/// Issue 7: what the tool writes, what it runs, and how the lint walk treats hostile trees.
@Suite struct RobustnessSafetyTests {
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Sources")

    /// Every Swift file of the tool (the benchmark, which writes its generated trees, aside).
    static func toolSources() throws -> [(path: String, text: String)] {
        let enumerator = FileManager.default.enumerator(atPath: sources.path)
        var files: [(String, String)] = []
        while let relative = enumerator?.nextObject() as? String {
            guard relative.hasSuffix(".swift"), !relative.hasPrefix("xcconfig-bench/") else { continue }
            files.append((relative, try String(contentsOfFile: sources.path + "/" + relative, encoding: .utf8)))
        }
        return files
    }

    @Test func onlyTheAtomicWriteHelperOpensFilesForWriting() throws {
        let writing = ["O_WRONLY", "O_RDWR", "O_CREAT", "O_TRUNC", "fopen(", ".write(to:", "createFile(", "FileHandle(forWriting", "FileHandle(forUpdating"]
        var offenders: [String] = []
        for (path, text) in try Self.toolSources() where path != "XCConfig/System/RealFileSystem.swift" {
            // Subprocess opens /dev/null, and nothing else, as a started program's stderr.
            var text = text
            if path == "XCConfig/System/Subprocess.swift" {
                text = text.replacingOccurrences(of: #"posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)"#, with: "")
            }
            // JSONValue's `write(to: &output …)` appends to a string, not a file.
            for pattern in writing where text.contains(pattern) && !(pattern == ".write(to:" && text.contains(".write(to: &")) {
                offenders.append("\(path): \(pattern)")
            }
        }
        #expect(offenders.isEmpty, "every file the tool writes goes through FileSystem.writeAtomically")
    }

    @Test func theToolRunsOnlyGitAndXcodeSelect() throws {
        var launching: [String] = []
        for (path, text) in try Self.toolSources() {
            // Programs start in one place: Subprocess.run (posix_spawn of a path, no shell).
            if path != "XCConfig/System/Subprocess.swift" {
                #expect(!text.contains("posix_spawn"), "\(path)")
            }
            #expect(!text.contains("popen(") && !text.contains("execv") && !text.contains(" system(") && !text.contains("= Process()"), "\(path)")
            if text.contains("Subprocess.run(") { launching.append(path) }
        }
        // Git (found on PATH, fixed arguments, one implementation) for the local-file checks and
        // `diff --base`; xcode-select on macOS
        // for the developer directory. Nothing from an input is ever run.
        #expect(Set(launching).isSubset(of: [
            "XCConfig/System/XcodeSelect.swift", "XCConfig/System/GitCommandLine.swift",
        ]))
    }

    /// A repository's own `.git/config` can name a command (`core.fsmonitor`) that git runs for
    /// `ls-files` and `check-ignore`; asking git about a checked-out repository must not run it.
    @Test
    func askingGitNeverRunsTheRepositorysFsmonitorCommand() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        guard Self.shell("cd '\(directory)' && git init -q && echo x > a.xcconfig && git add a.xcconfig && git -c user.email=t@t -c user.name=t commit -qm t && git config core.fsmonitor 'touch \(directory)/RAN; false'") else { return }
        let git = ProcessGit()
        _ = git.workTreeRoot(containing: directory + "/a.xcconfig")
        _ = git.isTracked(directory + "/a.xcconfig")
        _ = git.isIgnored(directory + "/Local.xcconfig")
        #expect(!FileManager.default.fileExists(atPath: directory + "/RAN"))
    }

    // MARK: The lint walk on a real, hostile tree

    @Test func theLintWalkSurvivesSymlinkLoopsUnreadableFoldersAndNonUTF8Names() throws {
        let directory = try Self.temporaryDirectory()
        defer {
            chmod(directory + "/locked", 0o755)
            try? FileManager.default.removeItem(atPath: directory)
        }
        try "A += 1\n".write(toFile: directory + "/good.xcconfig", atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(atPath: directory + "/sub", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: directory + "/sub/loop", withDestinationPath: directory)
        try FileManager.default.createSymbolicLink(atPath: directory + "/self", withDestinationPath: directory + "/self")
        try FileManager.default.createDirectory(atPath: directory + "/locked", withIntermediateDirectories: true)
        try "B = 1\n".write(toFile: directory + "/locked/hidden.xcconfig", atomically: true, encoding: .utf8)
        chmod(directory + "/locked", 0)
        // A file and a folder whose names are not UTF-8 (0xFF), as Linux allows.
        var fileName = Array((directory + "/bad-").utf8CString.dropLast()) + [CChar(bitPattern: 0xFF)]
        fileName += Array(".xcconfig".utf8CString)
        let descriptor = open(fileName, O_CREAT | O_WRONLY, 0o644)
        if descriptor >= 0 {
            _ = "C = $(\n".withCString { write(descriptor, $0, 7) }
            close(descriptor)
        }
        var folderName = Array((directory + "/dir-").utf8CString.dropLast()) + [CChar(bitPattern: 0xFE)]
        folderName.append(0)
        mkdir(folderName, 0o755)

        let linter = Linter(fileSystem: RealFileSystem(currentDirectory: directory))
        let findings = try linter.lint(paths: [directory])
        // The good file is linted once, whatever loops lead back to it.
        let syntax = findings.filter { $0.file?.hasSuffix("/good.xcconfig") == true && $0.rule == "syntax" }
        #expect(syntax.count == 1)
    }

    static func temporaryDirectory() throws -> String {
        var template = Array("/tmp/xcconfig-robustness.XXXXXX".utf8CString)
        guard let path = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw CocoaError(.fileWriteUnknown)
        }
        return String(cString: path)
    }

    @discardableResult
    static func shell(_ command: String) -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }
}
