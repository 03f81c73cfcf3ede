import Foundation

/// The whole-process benchmarks (issues 31 and 32): the release `xcconfig` executable run as a
/// child process on the real commands, since start-up, argument tables and diagnostics
/// printing are part of what a user pays for and an in-process benchmark cannot see them.
/// With `--callgrind` each command runs once under `valgrind --tool=callgrind` instead, and
/// the row is its instruction count (stable on a shared machine, where wall times are not).
struct ProcessCommand {
    var arguments: [String]
    /// The working directory of the command.
    var directory: String
    /// Exit statuses that count as success (`lint` exits 1 when it finds something).
    var acceptedStatuses: Set<Int32> = [0]
}

/// The `xcconfig` executable the whole-process rows run.
func toolPath(_ options: BenchOptions) -> String? {
    let candidates = options.tool.map { [$0] } ?? [".build/release/xcconfig", executableDirectory() + "/xcconfig"]
    return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }.map { absolutePath($0) }
}

func absolutePath(_ path: String) -> String {
    path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
}

/// The folder holding `corpus` and `projects` (`../shared`).
func sharedDirectory(_ options: BenchOptions) -> String {
    URL(fileURLWithPath: absolutePath(options.corpus)).deletingLastPathComponent().path
}

/// Times `commands` (one sample per command per iteration), or counts their instructions.
func measureProcesses(_ name: String, _ commands: [ProcessCommand], _ options: BenchOptions) -> Outcome {
    guard let tool = toolPath(options) else {
        return .skipped("no xcconfig executable (swift build -c release --product xcconfig, or --xcconfig PATH)")
    }
    if options.callgrind { return countInstructions(name, tool: tool, commands) }
    var failure: String?
    func runAll(_ record: (Double) -> Void) {
        for command in commands where failure == nil {
            let start = now()
            let result = ProcessRunner.run(tool, command.arguments, in: command.directory)
            let elapsed = now() - start
            if let result, command.acceptedStatuses.contains(result.status) {
                record(elapsed)
            } else {
                failure = "xcconfig \(command.arguments.joined(separator: " ")) exited with status \(result.map { String($0.status) } ?? "?")"
            }
        }
    }
    // One untimed round first, as timeIterations does, so that the files are in the page cache.
    runAll { _ in }
    var samples: [Double] = []
    let policy = options.policy(IterationPolicy(minimumIterations: commands.count > 1 ? 1 : 10, maximumIterations: 500, budget: 3))
    var rounds = 0
    let start = now()
    while failure == nil && rounds < policy.maximumIterations && (rounds < policy.minimumIterations || now() - start < policy.budget) {
        runAll { samples.append($0) }
        rounds += 1
    }
    if let failure { return .skipped(failure) }
    return .measured([timing(name, unit: "ms", scale: 1e3, samples)])
}

/// Each command once under callgrind, with deterministic hashing: the median and the 90th
/// percentile over the commands, in millions of instructions.
func countInstructions(_ name: String, tool: String, _ commands: [ProcessCommand]) -> Outcome {
    let valgrind = ["/usr/bin/valgrind", "/usr/local/bin/valgrind", "/opt/homebrew/bin/valgrind"]
        .first { FileManager.default.isExecutableFile(atPath: $0) }
    guard let valgrind else { return .skipped("--callgrind needs valgrind") }
    var environment = ProcessInfo.processInfo.environment
    environment["SWIFT_DETERMINISTIC_HASHING"] = "1"
    let log = makeTemporaryDirectory("xcconfig-bench-callgrind") + "/valgrind.log"
    defer { removeTree(URL(fileURLWithPath: log).deletingLastPathComponent().path) }
    var counts: [Double] = []
    for command in commands {
        let arguments = ["--tool=callgrind", "--callgrind-out-file=/dev/null", tool] + command.arguments
        guard let result = ProcessRunner.run(valgrind, arguments, in: command.directory, environment: environment, errorFile: log),
              command.acceptedStatuses.contains(result.status) else {
            return .skipped("xcconfig \(command.arguments.joined(separator: " ")) failed under valgrind")
        }
        // callgrind's summary on stderr: "==PID== Collected : 1270123".
        let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        guard let line = text.split(separator: "\n").last(where: { $0.contains("Collected :") }),
              let count = Double(line.split(separator: ":").last!.trimmingCharacters(in: .whitespaces)) else {
            return .skipped("no instruction count in valgrind's output")
        }
        counts.append(count / 1e6)
    }
    return .measured([Measurement(name: name, unit: "M instr", median: Statistics.median(counts),
                                  p90: Statistics.percentile(counts, 0.9), iterations: counts.count)])
}

let sampleConfiguration = "Samples/SharedProject/Config/Debug.xcconfig"

func processResolvePrint(_ options: BenchOptions) -> Outcome {
    guard FileManager.default.fileExists(atPath: sampleConfiguration) else { return .skipped("run from the repository's root (no \(sampleConfiguration))") }
    return measureProcesses("process-resolve-print", [ProcessCommand(
        arguments: ["resolve", sampleConfiguration, "--print", "PRODUCT_BUNDLE_IDENTIFIER"], directory: FileManager.default.currentDirectoryPath)], options)
}

func processResolve(_ options: BenchOptions) -> Outcome {
    guard FileManager.default.fileExists(atPath: sampleConfiguration) else { return .skipped("run from the repository's root (no \(sampleConfiguration))") }
    return measureProcesses("process-resolve", [ProcessCommand(
        arguments: ["resolve", sampleConfiguration], directory: FileManager.default.currentDirectoryPath)], options)
}

func processLintCorpus(_ options: BenchOptions) -> Outcome {
    guard corpusFiles(options) != nil else { return .skipped("no corpus at \(options.corpus)") }
    return measureProcesses("process-lint-corpus", [ProcessCommand(
        arguments: ["lint", ".", "--format", "json"], directory: absolutePath(options.corpus), acceptedStatuses: [0, 1])], options)
}

/// A project of `../shared/projects` with the xcconfig files of its corpus folder beside it,
/// as in its repository: a temporary folder holding `NAME.xcodeproj` and the corpus files.
struct AssembledProject {
    var directory: String
    var project: String
}

func assembleProject(_ options: BenchOptions, folder: String, projectName: String) -> AssembledProject? {
    let shared = sharedDirectory(options)
    let source = "\(shared)/projects/\(folder)/\(projectName)"
    guard FileManager.default.fileExists(atPath: source + "/project.pbxproj") else { return nil }
    let directory = makeTemporaryDirectory("xcconfig-bench-project")
    do {
        try FileManager.default.copyItem(atPath: source, toPath: "\(directory)/\(projectName)")
        let corpus = "\(shared)/corpus/\(folder)"
        for entry in (try? FileManager.default.contentsOfDirectory(atPath: corpus)) ?? [] {
            try FileManager.default.copyItem(atPath: "\(corpus)/\(entry)", toPath: "\(directory)/\(entry)")
        }
    } catch {
        removeTree(directory)
        return nil
    }
    return AssembledProject(directory: directory, project: "\(directory)/\(projectName)")
}

/// `resolve -project DuckDuckGo-macOS.xcodeproj -alltargets -showBuildSettings -json`.
func processProjectAllTargets(_ options: BenchOptions) -> Outcome {
    guard let assembled = assembleProject(options, folder: "duckduckgo__macos-browser", projectName: "DuckDuckGo-macOS.xcodeproj") else {
        return .skipped("no duckduckgo macOS project in \(sharedDirectory(options))/projects")
    }
    defer { removeTree(assembled.directory) }
    return measureProcesses("process-project-all-targets", [ProcessCommand(
        arguments: ["resolve", "-project", assembled.project, "-alltargets", "-showBuildSettings", "-json"],
        directory: assembled.directory, acceptedStatuses: [0, 1])], options)
}

/// One `-showBuildSettings -json` call for each target of the largest project (by the size of
/// its project file) in `../shared/projects`; each call is a sample.
func processProjectEachTarget(_ options: BenchOptions) -> Outcome {
    let projects = "\(sharedDirectory(options))/projects"
    var largest: (folder: String, project: String, size: Int)?
    for folder in (try? FileManager.default.contentsOfDirectory(atPath: projects)) ?? [] {
        for entry in (try? FileManager.default.contentsOfDirectory(atPath: "\(projects)/\(folder)")) ?? [] where entry.hasSuffix(".xcodeproj") {
            let size = ((try? FileManager.default.attributesOfItem(atPath: "\(projects)/\(folder)/\(entry)/project.pbxproj"))?[.size] as? Int) ?? 0
            if size > largest?.size ?? 0 { largest = (folder, entry, size) }
        }
    }
    guard let largest, let assembled = assembleProject(options, folder: largest.folder, projectName: largest.project) else {
        return .skipped("no project in \(projects)")
    }
    defer { removeTree(assembled.directory) }
    guard let tool = toolPath(options) else { return .skipped("no xcconfig executable (swift build -c release --product xcconfig, or --xcconfig PATH)") }
    // The target names, from the tool's own project listing.
    guard let listing = ProcessRunner.run(tool, ["project", "list", assembled.project, "--format", "json"]), listing.status == 0,
          let json = try? JSONSerialization.jsonObject(with: Data(listing.output)) as? [String: Any],
          let targets = (json["targets"] as? [[String: Any]])?.compactMap({ $0["name"] as? String }), !targets.isEmpty else {
        return .skipped("cannot list the targets of \(largest.project)")
    }
    let selected = options.quick ? Array(targets.prefix(3)) : targets
    return measureProcesses("process-project-each-target", selected.map { target in
        ProcessCommand(arguments: ["resolve", "-project", assembled.project, "-target", target, "-showBuildSettings", "-json"],
                       directory: assembled.directory, acceptedStatuses: [0, 1])
    }, options)
}
