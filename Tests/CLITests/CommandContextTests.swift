import Testing
import XCConfig
@testable import XCConfigCLI

/// The real process's environment is read one variable at a time and made a dictionary only
/// when a command asks for all of it; a context built with values (a test's) answers from them.
@Suite struct CommandContextTests {
    private func context(environment: [String: String] = [:]) -> CommandContext {
        CommandContext(
            arguments: [], environment: environment, currentDirectory: "/", fileSystem: InMemoryFileSystem(currentDirectory: "/"),
            standardOutput: .capture(), standardError: .capture())
    }

    @Test func givenValuesAnswerSingleLookupsAndTheDictionary() {
        var context = context(environment: ["NO_COLOR": "1", "HOME": "/home/me"])
        #expect(context.environmentValue("HOME") == "/home/me")
        #expect(context.environmentValue("PATH") == nil)
        #expect(context.environment == ["NO_COLOR": "1", "HOME": "/home/me"])
        context.environment = ["HOME": "/elsewhere"]
        #expect(context.environmentValue("HOME") == "/elsewhere")
        #expect(context.environmentValue("NO_COLOR") == nil)
    }

    @Test func theProcessEnvironmentIsReadWhenAskedFor() {
        var context = context()
        context.environmentSource = .process(ProcessEnvironment())
        let environment = Subprocess.processEnvironment()
        #expect(context.environment == environment)
        for (name, value) in environment {
            #expect(context.environmentValue(name) == value, "\(name)")
        }
        // Replacing it replaces the process's.
        context.environment = ["ONLY": "this"]
        #expect(context.environment == ["ONLY": "this"])
        #expect(context.environmentValue("PATH") == nil)
    }

    @Test func colourNeedsATerminalWithoutNoColorOrADumbTerminal() {
        var context = context(environment: ["TERM": "xterm"])
        context.standardErrorIsTerminal = true
        #expect(context.colorsStandardError)
        context.environment = ["NO_COLOR": "1"]
        #expect(!context.colorsStandardError)
        context.environment = ["NO_COLOR": ""]
        #expect(context.colorsStandardError)
        context.environment = ["TERM": "dumb"]
        #expect(!context.colorsStandardError)
        context.environment = [:]
        context.standardErrorIsTerminal = false
        #expect(!context.colorsStandardError)
        context.colorMode = .always
        #expect(context.colorsStandardError)
    }

    @Test func colourModesReadTheirNames() {
        for mode in ColorMode.allCases {
            #expect(ColorMode(rawValue: mode.rawValue) == mode)
        }
        #expect(ColorMode(rawValue: "Always") == nil)
        #expect(ColorMode(rawValue: "") == nil)
    }
}
