#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
@testable import XCConfig

/// `Subprocess` replaces Foundation's `Process` for git and `xcode-select`.
@Suite struct SubprocessTests {
    private func shell(_ script: String, environment: [String: String]? = nil) -> Subprocess.Result? {
        Subprocess.run("/bin/sh", arguments: ["-c", script], environment: environment)
    }

    @Test func capturesStandardOutputAndTheExitStatus() throws {
        let result = try #require(shell("printf 'hello\\n'; echo ignored >&2; exit 3"))
        #expect(result.status == 3)
        #expect(result.output == Array("hello\n".utf8))
        #expect(result.trimmedOutput == "hello")
        #expect(shell("true")?.status == 0)
        #expect(shell("exit 1")?.status == 1)
        #expect(shell("exit 128")?.status == 128)
    }

    @Test func passesTheArgumentsAsTheyAre() throws {
        let result = try #require(Subprocess.run("/bin/sh", arguments: ["-c", "printf '%s|' \"$@\"", "sh", "a b", "", "$HOME", "'"]))
        #expect(String(decoding: result.output, as: UTF8.self) == "a b||$HOME|'|")
    }

    @Test func readsOutputLargerThanAPipeHolds() throws {
        let result = try #require(shell("i=0; while [ $i -lt 4096 ]; do echo 0123456789012345678901234567890123456789012345678901234567890123; i=$((i+1)); done"))
        #expect(result.status == 0)
        #expect(result.output.count == 4096 * 65)
    }

    /// One variable read with `getenv` is what the whole environment read at once says.
    @Test func readsOneEnvironmentVariableAsTheWholeEnvironmentHasIt() {
        let environment = Subprocess.processEnvironment()
        #expect(!environment.isEmpty)
        for (name, value) in environment {
            #expect(Subprocess.processEnvironmentValue(name) == value, "\(name)")
        }
        #expect(Subprocess.processEnvironmentValue("XCCONFIG_SURELY_UNSET_VARIABLE") == nil)
        #expect(Subprocess.processEnvironmentValue("") == nil)
        // No entry has a name with `=`; `getenv` would match a prefix of a value.
        if let (name, value) = environment.first(where: { $0.value.contains("=") }) {
            let prefix = name + "=" + value.split(separator: "=", omittingEmptySubsequences: false)[0]
            #expect(Subprocess.processEnvironmentValue(prefix) == nil)
        }
    }

    @Test func givesTheEnvironmentAndOnlyIt() throws {
        let given = try #require(shell("printf '%s,%s' \"$XCCONFIG_TEST\" \"${HOME-unset}\"", environment: ["XCCONFIG_TEST": "a=b c", "PATH": "/usr/bin:/bin"]))
        #expect(String(decoding: given.output, as: UTF8.self) == "a=b c,unset")
        // Without one, the process's own environment.
        let inherited = try #require(shell("printf '%s' \"$PATH\""))
        #expect(String(decoding: inherited.output, as: UTF8.self) == String(cString: getenv("PATH")))
    }

    @Test func startsInThisProcesssDirectory() throws {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let current = try #require(getcwd(&buffer, buffer.count).map { String(cString: $0) })
        var resolved = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let physical = realpath(current, &resolved).map { String(cString: $0) } ?? current
        #expect(try #require(shell("pwd -P")).trimmedOutput == physical)
    }

    @Test func standardInputIsEmpty() throws {
        let result = try #require(Subprocess.run("/bin/cat", arguments: []))
        #expect(result.status == 0)
        #expect(result.output.isEmpty)
    }

    @Test func aSignalGivesOneHundredTwentyEightPlusItsNumber() throws {
        let result = try #require(shell("kill -9 $$"))
        #expect(result.status == 128 + 9)
    }

    @Test func aMissingProgramCannotStart() {
        #expect(Subprocess.run("/no/such/program", arguments: []) == nil)
        #expect(Subprocess.run("/", arguments: []) == nil)
    }

    @Test func findsExecutableFiles() {
        #expect(Subprocess.isExecutableFile("/bin/sh"))
        #expect(!Subprocess.isExecutableFile("/"))
        #expect(!Subprocess.isExecutableFile("/no/such/program"))
        #expect(!Subprocess.isExecutableFile("/etc/passwd"))
    }

    @Test func readsTheProcessEnvironment() throws {
        let environment = Subprocess.processEnvironment()
        let path = try #require(getenv("PATH"))
        #expect(environment["PATH"] == String(cString: path))
        #expect(!environment.keys.contains(""))
    }

    @Test func trimsOnlySpaceAroundTheOutput() {
        #expect(Subprocess.Result(status: 0, output: Array(" \t/a b/c \n\r\n".utf8)).trimmedOutput == "/a b/c")
        #expect(Subprocess.Result(status: 0, output: Array(" \n".utf8)).trimmedOutput == "")
        #expect(Subprocess.Result(status: 0, output: []).trimmedOutput == "")
    }
}

private let installedGit = GitCommandLine.find(environment: Subprocess.processEnvironment())

/// ``GitCommandLine`` against the installed git, in a scratch repository.
@Suite(.enabled(if: installedGit != nil, "git is not installed"))
struct GitCommandLineTests {
    static let git = installedGit

    private static func temporaryDirectory() -> String {
        var template = Array("/tmp/xcconfig-git-test-XXXXXX".utf8CString)
        let path = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)!) }
        // The answers name the real path (/tmp is a link on macOS).
        var resolved = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        return realpath(path, &resolved).map { String(cString: $0) } ?? path
    }

    @Test func answersFromGit() throws {
        let git = try #require(Self.git)
        let directory = Self.temporaryDirectory()
        defer { _ = system("rm -rf '\(directory)'") }
        let script = """
            cd '\(directory)' && git init -q && mkdir sub && echo x > sub/a.xcconfig && echo Local.xcconfig > .gitignore \
            && git add sub/a.xcconfig .gitignore && git config core.fsmonitor 'touch \(directory)/RAN; false'
            """
        try #require(system(script) == 0)
        #expect(git.workTree(containing: directory + "/sub") == .workTree(root: directory))
        #expect(git.isTracked("sub/a.xcconfig", root: directory) == true)
        #expect(git.isTracked("sub/b.xcconfig", root: directory) == false)
        #expect(git.isIgnored("Local.xcconfig", root: directory) == true)
        #expect(git.isIgnored("sub/a.xcconfig", root: directory) == false)
        #expect(git.workTree(containing: "/") == .notAWorkTree)
        // The repository's configuration names a command; git must not have run it.
        #expect(access(directory + "/RAN", F_OK) != 0)
    }

    @Test func aMissingGitIsUnknown() {
        let missing = GitCommandLine(executable: "/no/such/git")
        if case .unknown = missing.workTree(containing: "/") {} else { Issue.record("expected .unknown") }
        #expect(missing.isTracked("a", root: "/") == nil)
        #expect(missing.isIgnored("a", root: "/") == nil)
    }
}
