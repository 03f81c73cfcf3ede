import Foundation
import XCConfig

/// `diff-project` (issue 24): two revisions of the largest shared project (duckduckgo iOS,
/// its project file and its xcconfigs from the corpus) that differ by one xcconfig edit,
/// compared across every target × configuration, in memory. Each iteration reads both
/// project files and loads and resolves every stack on both sides, as `xcconfig diff --base
/// … --project …` does once its files are read.
func diffProject(_ options: BenchOptions) -> Outcome {
    let shared = BenchPath.directory(of: BenchPath.absolute(options.corpus, relativeTo: RealFileSystem().currentDirectory))
    let projectFile = BenchPath.join(shared, "projects/duckduckgo__iOS/DuckDuckGo-iOS.xcodeproj/project.pbxproj")
    let configurations = BenchPath.join(shared, "corpus/duckduckgo__iOS")
    guard let projectBytes = try? RealFileSystem().read(projectFile) else { return .skipped("no project at \(projectFile)") }
    let files = readTree(configurations)
    let edited = "/repo/Configuration/Configuration.xcconfig"

    func revision(editing: Bool) -> InMemoryFileSystem {
        let fileSystem = InMemoryFileSystem(currentDirectory: "/repo")
        fileSystem.addFile("/repo/DuckDuckGo-iOS.xcodeproj/project.pbxproj", bytes: projectBytes)
        for file in files {
            let path = BenchPath.join("/repo", String(file.path.dropFirst(configurations.count + 1)))
            // The edit: one setting changed at the end of the shared configuration.
            fileSystem.addFile(path, bytes: editing && path == edited ? file.bytes + Array("\nSWIFT_VERSION = 6.0\n".utf8) : file.bytes)
        }
        return fileSystem
    }
    let old = revision(editing: false), new = revision(editing: true)
    guard old.kind(of: edited) == .file else { return .skipped("no \(edited) in the corpus copy") }

    var failure: String?
    var changed = 0
    let samples = timeIterations(options.policy(IterationPolicy(minimumIterations: 3, maximumIterations: 50, budget: 3))) {
        do {
            func source(_ fileSystem: InMemoryFileSystem) throws -> ProjectStackSource {
                let project = try XcodeProject.load(path: "DuckDuckGo-iOS.xcodeproj", fileSystem: fileSystem)
                return ProjectStackSource(project: project, loader: IncludeLoader(fileSystem: fileSystem, parsedFiles: ParsedFileCache()))
            }
            let result = SettingsDiff.projectChanges(from: try source(old), to: try source(new), at: LevelFilter.allLevels.subtracting([.defaults, .environment]))
            changed = result.groups.filter { !$0.changes.isEmpty }.count
        } catch {
            failure = "\(error)"
        }
    }
    if let failure { return .skipped("diff failed: \(failure)") }
    if changed == 0 { return .skipped("the edit changed nothing") }
    return .measured([timing("diff-project", unit: "ms", scale: 1e3, samples)])
}
