import Foundation
import XCConfig
import XCConfigLint
import XCConfigSyntax

/// What the benchmarks are run with.
struct BenchOptions {
    var json = false
    var benchFile = "../shared/bench/bench.xcconfig"
    var corpus = "../shared/corpus"
    var filters: [String] = []
    var quick = false
    var fixedIterations: Int?
    var isolate = true
    var largeSize = 50 * 1024 * 1024
    var monorepoSizes = [200, 2_000, 20_000]
    /// The `xcconfig` executable of the whole-process benchmarks (`--xcconfig`).
    var tool: String?
    /// Count the whole-process benchmarks' instructions under callgrind instead of timing them.
    var callgrind = false
    /// Set in a child process: the one benchmark to run.
    var child: String?

    func policy(_ normal: IterationPolicy) -> IterationPolicy {
        if let fixedIterations { return IterationPolicy(minimumIterations: fixedIterations, maximumIterations: fixedIterations, budget: 0) }
        return quick ? .quick : normal
    }

    /// The arguments that make a child process run `name` with the same settings.
    func childArguments(_ name: String) -> [String] {
        var arguments = ["--child", name, "--bench-file", benchFile, "--corpus", corpus,
                         "--large-size", String(largeSize),
                         "--monorepo-sizes", monorepoSizes.map(String.init).joined(separator: ",")]
        if quick { arguments.append("--quick") }
        if callgrind { arguments.append("--callgrind") }
        if let tool { arguments += ["--xcconfig", tool] }
        if let fixedIterations { arguments += ["--iterations", String(fixedIterations)] }
        return arguments
    }
}

enum Outcome {
    case measured([Measurement])
    case skipped(String)
}

struct Benchmark {
    let name: String
    /// What the goal is, for the table.
    let goal: String
    let run: (BenchOptions) -> Outcome
}

let megabyte = 1_000_000.0

/// Every benchmark, in report order.
func allBenchmarks(_ options: BenchOptions) -> [Benchmark] {
    var list: [Benchmark] = [
        Benchmark(name: "parse-corpus", goal: "≥ 200 MB/s", run: parseCorpus),
        Benchmark(name: "parse-large", goal: "close to parse-corpus, memory ∝ input", run: parseLarge),
        Benchmark(name: "resolve-bench", goal: "≤ 100 µs", run: resolveBench),
        Benchmark(name: "resolve-process", goal: "≤ 5 ms wall", run: resolveProcess),
    ]
    for size in options.monorepoSizes {
        list.append(Benchmark(name: "resolve-monorepo-\(size)", goal: size >= 20_000 ? "< 1000 ms, linear" : "linear") { options in
            resolveMonorepo(options, fileCount: size)
        })
    }
    list.append(Benchmark(name: "lint-corpus", goal: "< 1000 ms", run: lintCorpus))
    list.append(Benchmark(name: "lint-chain-3000", goal: "< 1000 ms, < 200 MB", run: lintChain))
    list.append(Benchmark(name: "diff-project", goal: "< 300 ms", run: diffProject))
    list.append(Benchmark(name: "resolve-project-defaults", goal: "< 100 ms", run: resolveProjectDefaults))
    list.append(Benchmark(name: "process-resolve-print", goal: "≤ 1.27M instructions", run: processResolvePrint))
    list.append(Benchmark(name: "process-resolve", goal: "≤ 2.26M instructions", run: processResolve))
    list.append(Benchmark(name: "process-project-all-targets", goal: "≤ 419M instructions", run: processProjectAllTargets))
    list.append(Benchmark(name: "process-project-each-target", goal: "< 50 ms per target", run: processProjectEachTarget))
    list.append(Benchmark(name: "process-lint-corpus", goal: "≤ 584M instructions", run: processLintCorpus))
    list.append(Benchmark(name: "lsp-hover", goal: "p99 ≤ 5 ms", run: languageServerHover))
    list.append(Benchmark(name: "lsp-edit", goal: "≤ 30 ms", run: languageServerEdit))
    list.append(Benchmark(name: "lsp-open-corpus", goal: "≤ 100 MB", run: languageServerOpenCorpus))
    return list
}

// MARK: - Parsing

func corpusFiles(_ options: BenchOptions) -> [(path: String, bytes: [UInt8])]? {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: options.corpus, isDirectory: &isDirectory), isDirectory.boolValue else { return nil }
    let files = readTree(options.corpus)
    return files.isEmpty ? nil : files
}

func parseCorpus(_ options: BenchOptions) -> Outcome {
    guard let files = corpusFiles(options) else { return .skipped("no corpus at \(options.corpus)") }
    let total = files.reduce(0) { $0 + $1.bytes.count }
    let samples = timeIterations(options.policy(IterationPolicy(minimumIterations: 10, maximumIterations: 1_000, budget: 2))) {
        for file in files { blackHole(XCConfigParser.parse(file.bytes).lineStarts.count) }
    }
    return .measured([throughput("parse-corpus", bytes: total, samples)])
}

func parseLarge(_ options: BenchOptions) -> Outcome {
    let bytes = generateLargeConfiguration(size: options.largeSize)
    let samples = timeIterations(options.policy(IterationPolicy(minimumIterations: 5, maximumIterations: 50, budget: 3))) {
        blackHole(XCConfigParser.parse(bytes).lineStarts.count)
    }
    return .measured([throughput("parse-large", bytes: bytes.count, samples)])
}

/// MB/s from seconds per pass: the median of the rates, and the 90th percentile of the
/// times turned into a rate (the slow tail, like every other p90 in the report).
func throughput(_ name: String, bytes: Int, _ samples: [Double]) -> Measurement {
    let rates = samples.map { Double(bytes) / megabyte / $0 }
    return Measurement(name: name, unit: "MB/s", median: Statistics.median(rates),
                       p90: Double(bytes) / megabyte / Statistics.percentile(samples, 0.9), iterations: samples.count)
}

func timing(_ name: String, unit: String, scale: Double, _ samples: [Double]) -> Measurement {
    Measurement(name: name, unit: unit, median: Statistics.median(samples) * scale,
                p90: Statistics.percentile(samples, 0.9) * scale, iterations: samples.count)
}

// MARK: - Resolution

func resolveBench(_ options: BenchOptions) -> Outcome {
    let real = RealFileSystem()
    let benchPath = BenchPath.absolute(options.benchFile, relativeTo: real.currentDirectory)
    guard let benchBytes = try? real.read(benchPath) else { return .skipped("cannot read \(options.benchFile)") }
    // The bench file and what it includes, in memory: the benchmark measures parsing and
    // evaluation, not the disk.
    let memory = InMemoryFileSystem(currentDirectory: BenchPath.directory(of: benchPath))
    memory.addFile(benchPath, bytes: benchBytes)
    let directory = BenchPath.directory(of: benchPath)
    for name in (try? real.contents(ofDirectory: directory)) ?? [] where name.hasSuffix(".xcconfig") {
        let path = BenchPath.join(directory, name)
        if path != benchPath, let bytes = try? real.read(path) { memory.addFile(path, bytes: bytes) }
    }
    let loader = IncludeLoader(fileSystem: memory)
    let samples = timeIterations(options.policy(IterationPolicy(minimumIterations: 50, maximumIterations: 20_000, budget: 2))) {
        blackHole(resolveEverything(root: benchPath, loader: loader, context: benchContext))
    }
    return .measured([timing("resolve-bench", unit: "µs", scale: 1e6, samples)])
}

/// `xcconfig resolve BENCH …` as a whole process.
func resolveProcess(_ options: BenchOptions) -> Outcome {
    guard FileManager.default.fileExists(atPath: options.benchFile) else { return .skipped("cannot read \(options.benchFile)") }
    let arguments = ["resolve", options.benchFile, "--configuration", "Debug", "--sdk", "iphoneos17.0", "--sdk", "iphoneos", "--arch", "arm64"]
    return measureProcesses("resolve-process", [ProcessCommand(arguments: arguments, directory: FileManager.default.currentDirectoryPath)], options)
}

func resolveMonorepo(_ options: BenchOptions, fileCount: Int) -> Outcome {
    let root = makeTemporaryDirectory("xcconfig-bench-monorepo")
    defer { removeTree(root) }
    let roots: [String]
    do {
        roots = try generateMonorepo(in: root, fileCount: fileCount)
    } catch {
        return .skipped("cannot write the monorepo: \(error)")
    }
    let loader = IncludeLoader(fileSystem: RealFileSystem())
    let policy = IterationPolicy(minimumIterations: fileCount >= 20_000 ? 3 : 5, maximumIterations: 200, budget: 3)
    let samples = timeIterations(options.policy(policy)) {
        for path in roots { blackHole(resolveEverything(root: path, loader: loader, context: benchContext)) }
    }
    return .measured([timing("resolve-monorepo-\(fileCount)", unit: "ms", scale: 1e3, samples)])
}

// MARK: - Lint

func lintCorpus(_ options: BenchOptions) -> Outcome {
    guard corpusFiles(options) != nil else { return .skipped("no corpus at \(options.corpus)") }
    let linter = Linter(fileSystem: RealFileSystem())
    let corpus = BenchPath.absolute(options.corpus, relativeTo: RealFileSystem().currentDirectory)
    var failure: String?
    let samples = timeIterations(options.policy(IterationPolicy(minimumIterations: 5, maximumIterations: 100, budget: 3))) {
        do {
            blackHole(try linter.lint(paths: [corpus]).count)
        } catch {
            failure = "\(error)"
        }
    }
    if let failure { return .skipped("lint failed: \(failure)") }
    return .measured([timing("lint-corpus", unit: "ms", scale: 1e3, samples)])
}

/// `xcconfig lint` of a folder holding one include chain of 3,000 files (issue 20): every file
/// is linted, the first is the only root, and its load walks the whole chain once.
func lintChain(_ options: BenchOptions) -> Outcome {
    let directory = makeTemporaryDirectory("xcconfig-bench-chain")
    defer { removeTree(directory) }
    do {
        try generateChain(in: directory, length: options.quick ? 300 : 3_000)
    } catch {
        return .skipped("cannot write the chain: \(error)")
    }
    let linter = Linter(fileSystem: RealFileSystem())
    var failure: String?
    let samples = timeIterations(options.policy(IterationPolicy(minimumIterations: 5, maximumIterations: 100, budget: 3))) {
        do {
            blackHole(try linter.lint(paths: [directory]).count)
        } catch {
            failure = "\(error)"
        }
    }
    if let failure { return .skipped("lint failed: \(failure)") }
    return .measured([timing("lint-chain-3000", unit: "ms", scale: 1e3, samples)])
}
