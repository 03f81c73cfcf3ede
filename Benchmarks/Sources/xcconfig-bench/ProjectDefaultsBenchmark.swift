import XCConfig

/// `resolve-project-defaults` (issue 22): every target × configuration of the largest shared
/// project (duckduckgo macOS, its project file and its xcconfigs from the corpus) resolved
/// with the settings Xcode defines, in one process, as `xcconfig resolve --project …
/// --all-targets --all-configurations --all` does once its files are read. Each iteration
/// reads the project file and loads and resolves every setting's value in every stack (about
/// 600 settings each), as the text output of `resolve` does.
func resolveProjectDefaults(_ options: BenchOptions) -> Outcome {
    let shared = BenchPath.directory(of: BenchPath.absolute(options.corpus, relativeTo: RealFileSystem().currentDirectory))
    let projectFile = BenchPath.join(shared, "projects/duckduckgo__macos-browser/DuckDuckGo-macOS.xcodeproj/project.pbxproj")
    let configurations = BenchPath.join(shared, "corpus/duckduckgo__macos-browser")
    guard let projectBytes = try? RealFileSystem().read(projectFile) else { return .skipped("no project at \(projectFile)") }
    let fileSystem = InMemoryFileSystem(currentDirectory: "/repo")
    fileSystem.addFile("/repo/DuckDuckGo-macOS.xcodeproj/project.pbxproj", bytes: projectBytes)
    for file in readTree(configurations) {
        fileSystem.addFile(BenchPath.join("/repo", String(file.path.dropFirst(configurations.count + 1))), bytes: file.bytes)
    }
    var inputs = StackInputs()
    inputs.xcodeDefaults = XcodeDefaults(environment: ["HOME": "/Users/bench", "USER": "bench"])

    var failure: String?
    var resolved = 0
    let samples = timeIterations(options.policy(IterationPolicy(minimumIterations: 3, maximumIterations: 50, budget: 3))) {
        do {
            let project = try XcodeProject.load(path: "DuckDuckGo-macOS.xcodeproj", fileSystem: fileSystem)
            let source = ProjectStackSource(project: project, loader: IncludeLoader(fileSystem: fileSystem, parsedFiles: ParsedFileCache()), inputs: inputs)
            resolved = 0
            for (target, names) in source.targetConfigurations {
                for configuration in names {
                    let stack = try source.loadStack(target: target, configuration: configuration)
                    let resolver = stack.resolver
                    for name in resolver.settingNames() { resolved += resolver.value(of: name).isEmpty ? 0 : 1 }
                }
            }
        } catch {
            failure = "\(error)"
        }
    }
    if let failure { return .skipped("resolving failed: \(failure)") }
    if resolved == 0 { return .skipped("the project has no targets") }
    return .measured([timing("resolve-project-defaults", unit: "ms", scale: 1e3, samples)])
}
