@testable import XCConfig

// The one way behavioural tests build a resolver from literal text: the text is an xcconfig
// file in an in-memory file system, loaded through the include loader, resolved as the
// target's xcconfig level.

/// `text` loaded as the file at `path`, its includes read from an in-memory file system
/// rooted at `/` that holds `files`.
func loadConfiguration(_ text: String, path: String = "/a.xcconfig", files: [String: String] = [:]) -> LoadedConfiguration {
    let fileSystem = InMemoryFileSystem(currentDirectory: "/", files: files)
    return IncludeLoader(fileSystem: fileSystem).load(bytes: Array(text.utf8), path: path)
}

/// A resolver whose target xcconfig level is `configuration`, below `levelsAbove` (highest
/// first), for `context`.
func makeResolver(
    _ configuration: LoadedConfiguration, levelsAbove: [Level] = [], context: EvaluationContext = EvaluationContext(),
    options: Resolver.Options = Resolver.Options()
) -> Resolver {
    Resolver(levels: levelsAbove + [Level(kind: .targetXCConfig, source: .configuration(configuration))], context: context, options: options)
}

/// A resolver whose target xcconfig level is the file `text` (at `/a.xcconfig`), below
/// `levelsAbove` (highest first), for `context`.
func makeResolver(
    _ text: String, levelsAbove: [Level] = [], context: EvaluationContext = EvaluationContext(),
    options: Resolver.Options = Resolver.Options()
) -> Resolver {
    makeResolver(loadConfiguration(text), levelsAbove: levelsAbove, context: context, options: options)
}
