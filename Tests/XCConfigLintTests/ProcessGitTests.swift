#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
import XCConfig
@testable import XCConfigLint

/// ``ProcessGit`` asks the installed git through ``GitCommandLine``.
@Suite struct ProcessGitTests {
    @Test(.enabled(if: GitCommandLine.find(environment: Subprocess.processEnvironment()) != nil, "git is not installed"))
    func answersFromGit() throws {
        var template = Array("/tmp/xcconfig-processgit-XXXXXX".utf8CString)
        let created = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)!) }
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let directory = realpath(created, &buffer).map { String(cString: $0) } ?? created
        defer { _ = system("rm -rf '\(directory)'") }
        try #require(system("""
            cd '\(directory)' && git init -q && mkdir sub && echo x > sub/a.xcconfig && echo Local.xcconfig > .gitignore \
            && git add sub/a.xcconfig .gitignore && git config core.fsmonitor 'touch \(directory)/RAN; false'
            """) == 0)
        let git = ProcessGit()
        #expect(git.workTreeRoot(containing: directory + "/sub/a.xcconfig") == directory)
        // A file that does not exist yet, in a folder that does not either.
        #expect(git.workTreeRoot(containing: directory + "/new/deeper/b.xcconfig") == directory)
        #expect(git.isTracked(directory + "/sub/a.xcconfig"))
        #expect(!git.isTracked(directory + "/sub/b.xcconfig"))
        #expect(git.isIgnored(directory + "/sub/Local.xcconfig"))
        #expect(!git.isIgnored(directory + "/sub/a.xcconfig"))
        #expect(access(directory + "/RAN", F_OK) != 0)
        #expect(git.workTreeRoot(containing: "/tmp-not-a-repo/x.xcconfig") == nil)
    }
}
