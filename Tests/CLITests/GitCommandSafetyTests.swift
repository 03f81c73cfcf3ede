import Foundation
import Testing
import XCConfig
import XCConfigLint
@testable import XCConfigCLI

/// Issue 30, finding 1: a repository's `.git/config` and `.gitattributes` can name commands;
/// no git call of the tool may run one, or reach the network.
@Suite("A repository's configured commands never run", .serialized, .enabled(if: diffGitExecutable != nil, "git is not installed"))
struct GitCommandSafetyTests {
    /// Every git configuration key that names a program, set to one that leaves a marker.
    static let commandKeys = [
        "filter.evil.clean", "filter.evil.smudge", "filter.evil.process",
        "diff.evil.textconv", "diff.evil.command", "diff.external",
        "core.fsmonitor", "core.pager", "pager.diff", "pager.show", "pager.ls-files",
        "gpg.program", "gpg.ssh.program", "gpg.x509.program",
        "core.sshCommand", "core.askPass", "credential.helper", "core.editor", "sequence.editor",
        "core.alternateRefsCommand", "remote.origin.uploadpack", "core.gitProxy",
    ]

    /// Every hook git knows, in `.git/hooks` and in a `core.hooksPath` folder.
    static let hooks = [
        "post-index-change", "pre-commit", "post-checkout", "post-merge", "pre-auto-gc", "reference-transaction",
        "post-rewrite", "pre-push", "fsmonitor-watchman", "push-to-checkout", "commit-msg", "prepare-commit-msg",
    ]

    /// A repository with `App.xcconfig` (committed twice, then changed in the work tree with an
    /// old modification time, so that a diff against it must refresh the index), a shared
    /// configuration with a local file, `.gitattributes` selecting the `evil` filter and diff
    /// driver, and `key` set to a command that creates `MARK`. Returns the repository.
    static func hostileRepository(setting key: String) throws -> TemporaryRepository {
        let repository = try TemporaryRepository()
        try repository.write(".gitattributes", "* filter=evil diff=evil\n")
        try repository.write("App.xcconfig", "A = 1\n")
        try repository.write("Shared.xcconfig", "DEVELOPMENT_TEAM = ABC\n#include? \"Local.xcconfig\"\n")
        try repository.write(".gitignore", "Local.xcconfig\n")
        try repository.commit("one")
        try repository.write("App.xcconfig", "A = 2\nB = 1\n")
        try repository.commit("two")
        try repository.write("App.xcconfig", "A = 3\nB = 1\n")
        try repository.write("Local.xcconfig", "DEVELOPMENT_TEAM = DEF\n")
        let old = Date(timeIntervalSince1970: 1_000_000_000)
        try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: repository.root + "/App.xcconfig")

        let mark = repository.root + "/MARK"
        let command = "sh -c 'touch \(mark); cat' --"
        if key == "remote.origin.uploadpack" || key == "core.sshCommand" || key == "core.gitProxy" {
            try repository.git("remote", "add", "origin", key == "remote.origin.uploadpack" ? repository.root : "ssh://example.invalid/x")
        }
        try repository.git("config", key, command)
        let script = "#!/bin/sh\ntouch \(mark)\n"
        try FileManager.default.createDirectory(atPath: repository.root + "/.hooks", withIntermediateDirectories: true)
        for hook in hooks {
            for folder in [repository.root + "/.git/hooks", repository.root + "/.hooks"] {
                let path = folder + "/" + hook
                try script.write(toFile: path, atomically: false, encoding: .utf8)
                try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
            }
        }
        if key == "core.fsmonitor" {
            try repository.git("config", "core.hooksPath", repository.root + "/.hooks")
        }
        return repository
    }

    /// Every command of the tool that asks git.
    static let commands: [[String]] = [
        ["diff", "--base", "HEAD", "App.xcconfig"],
        ["diff", "--base", "HEAD", "App.xcconfig", "--format", "github"],
        ["diff", "--base", "HEAD~1", "--head", "HEAD", "App.xcconfig", "--format", "github"],
        ["lint", "."],
        ["local", "check", "Shared.xcconfig"],
        ["local", "update", "Shared.xcconfig"],
    ]

    @Test(arguments: commandKeys)
    func noConfiguredCommandRuns(key: String) throws {
        let repository = try Self.hostileRepository(setting: key)
        for command in Self.commands {
            let result = repository.run(command)
            #expect(result.status != .usageError, "\(command): \(result.stderr)")
            #expect(!FileManager.default.fileExists(atPath: repository.root + "/MARK"), "\(key) ran for \(command.joined(separator: " "))")
        }
    }

    /// The issue's reproduction: the filter's clean command and the `post-index-change` hook
    /// both ran for `diff --base HEAD` against a working tree file with an old mtime.
    @Test func diffAgainstTheWorkingTreeRunsNoFilterAndNoHook() throws {
        let repository = try Self.hostileRepository(setting: "filter.evil.clean")
        let result = repository.run(["diff", "--base", "HEAD", "App.xcconfig"])
        #expect(result.status == .success, "\(result.stderr)")
        #expect(result.stdout.contains("- A = 2") && result.stdout.contains("+ A = 3"))
        #expect(!FileManager.default.fileExists(atPath: repository.root + "/MARK"))
    }

    /// A partial clone lacks the blobs of a revision: reading one must not fetch it (which
    /// runs `remote.origin.uploadpack`, or `core.sshCommand`, and reaches the network). The
    /// missing file is an error, and the tool says so.
    @Test func aPartialClonesMissingBlobIsNeverFetched() throws {
        let source = try TemporaryRepository()
        try source.write("App.xcconfig", "A = 1\n")
        try source.commit("one")
        try source.git("config", "uploadpack.allowFilter", "true")
        let folder = try TemporaryRepository()
        let clone = folder.root + "/clone"
        try folder.git("-c", "protocol.file.allow=always", "clone", "-q", "--filter=blob:none", "--no-checkout", "file://" + source.root, clone)
        let mark = folder.root + "/MARK"
        try folder.git("-C", clone, "config", "remote.origin.uploadpack", "sh -c 'touch \(mark); git-upload-pack \"$@\"' --")
        try "A = 2\n".write(toFile: clone + "/App.xcconfig", atomically: false, encoding: .utf8)

        let stdout = OutputSink.capture(), stderr = OutputSink.capture()
        let context = CommandContext(
            arguments: ["diff", "--base", "HEAD", "App.xcconfig"], environment: ProcessInfo.processInfo.environment, currentDirectory: clone,
            fileSystem: RealFileSystem(currentDirectory: clone), standardOutput: stdout, standardError: stderr)
        let status = CommandLineTool.run(context)
        #expect(!FileManager.default.fileExists(atPath: mark))
        #expect(status != .success)
        #expect(stderr.capturedText.contains("never fetches"), "\(stderr.capturedText)")
    }
}
