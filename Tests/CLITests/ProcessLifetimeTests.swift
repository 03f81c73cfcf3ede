import Testing
import XCConfig
@testable import XCConfigCLI

/// `keepUntilExit` spares the real process from freeing what a command built; in-process runs
/// (tests) must free everything as before.
@Suite struct ProcessLifetimeTests {
    private final class Object {}

    private func context(endsWithProcess: Bool) -> CommandContext {
        var context = CommandContext(
            arguments: [], currentDirectory: "/", fileSystem: InMemoryFileSystem(currentDirectory: "/"),
            standardOutput: .capture(), standardError: .capture())
        context.endsWithProcess = endsWithProcess
        return context
    }

    @Test func keepsOnlyWhenTheProcessEndsWithTheCommand() {
        weak var freed: Object?
        do {
            let object = Object()
            freed = object
            context(endsWithProcess: false).keepUntilExit(object)
        }
        #expect(freed == nil)

        weak var kept: Object?
        do {
            let object = Object()
            kept = object
            context(endsWithProcess: true).keepUntilExit(object)
        }
        #expect(kept != nil)
    }

    @Test func contextsStartAsInProcessRuns() {
        #expect(!context(endsWithProcess: false).endsWithProcess)
        let plain = CommandContext(
            arguments: [], currentDirectory: "/", fileSystem: InMemoryFileSystem(currentDirectory: "/"),
            standardOutput: .capture(), standardError: .capture())
        #expect(!plain.endsWithProcess)
    }
}
