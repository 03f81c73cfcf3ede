import XCConfig
import XCConfigLanguageServer

/// `xcconfig lsp`: the language server on standard input and output (issue 25). The server
/// itself is ``LanguageServer``'s.
enum LanguageServerCommand: Command {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            name: "lsp",
            abstract: "Run the language server for editors (LSP over standard input and output).",
            discussion: """
                Speaks the Language Server Protocol 3.17 (JSON-RPC with Content-Length headers) on \
                standard input and output until the editor sends exit; the exit status is 0 after \
                shutdown, 1 otherwise. Editors start it themselves; see the README's Editors section.
                It publishes the lint findings of each open file (with the .xcconfig-lint.json that \
                applies), and offers hover (the resolved value, every assignment with what its \
                references and $(inherited) reached, the catalogue's type, values and default, the \
                value per configuration), go to definition and references through includes, \
                completion of setting names, condition parameters and values, operators, include \
                paths and allowed values, document symbols and links, formatting (as xcconfig format), \
                quick fixes (lint fixes, add $(inherited), disable a rule for a line, move a \
                conditional line after the plain one) and inlay hints with resolved values. Open \
                files are read instead of the files on disk, so an included file's unsaved edits count.
                Files are resolved for the nearest .xcodeproj's default configuration and first \
                target, unless the editor's initializationOptions or workspace/didChangeConfiguration \
                settings name others: {"configuration": "Release", "sdk": "iphoneos", "arch": "arm64", \
                "project": "App.xcodeproj", "target": "App"}; a setting a configuration change \
                leaves out keeps its initializationOptions value. <DEVELOPER_DIR> in includes is \
                $DEVELOPER_DIR (on macOS, else xcode-select -p).

                EXAMPLE:
                  xcconfig lsp
                """,
            options: [
                .flag("stdio", help: "Talk over standard input and output (the only transport; accepted because many editors pass it)."),
            ],
            showsLimits: false
        )
    }

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitStatus {
        let options = LanguageServer.Options(
            fileSystem: context.fileSystem,
            developerDirectory: BuildRequest(environment: context.environmentSource).locatedDeveloperDirectory,
            version: xcconfigVersion)
        let status = LanguageServer.run(input: FileDescriptorStream(descriptor: 0), output: FileDescriptorStream(descriptor: 1), options: options)
        return ExitStatus(rawValue: status)
    }
}
