// `xcconfig-bench`: the performance benchmarks of issue 6.
//
//   swift run -c release --package-path Benchmarks xcconfig-bench [--json] [--bench-file FILE] [--corpus DIR]
//
// run from the repository's root (the default paths are relative to it).
//
// Each benchmark runs in its own child process, so its peak memory is its own.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import XCConfig

let usage = """
    OVERVIEW: Benchmarks of the xcconfig parser, resolver and linter.

    USAGE: xcconfig-bench [--json] [--bench-file FILE] [--corpus DIR] [options]

    OPTIONS:
      --json                  Print {"benchmarks": [{"name", "unit", "median", "p90", "iterations"}]}.
      --bench-file FILE       The file of resolve-bench (default: ../shared/bench/bench.xcconfig).
      --corpus DIR            The files of parse-corpus and lint-corpus (default: ../shared/corpus);
                              those benchmarks are skipped when it is absent.
      --filter TEXT           Run only benchmarks whose name contains TEXT (repeatable).
      --iterations N          Exactly N timed iterations of each benchmark.
      --quick                 One iteration of each, on small inputs (a smoke test, not a measurement).
      --large-size BYTES      Size of the parse-large input (default: 52428800).
      --monorepo-sizes LIST   File counts of resolve-monorepo (default: 200,2000,20000).
      --in-process            Run every benchmark in this process (peak memory is then cumulative).
      --xcconfig PATH         The executable of the whole-process benchmarks (default:
                              .build/release/xcconfig, else the one next to this executable).
      --callgrind             Count the instructions of each whole-process command under
                              valgrind's callgrind (SWIFT_DETERMINISTIC_HASHING=1) instead of timing it.
      -h, --help              Show this help.

    Benchmarks: parse-corpus, parse-large (MB/s); resolve-bench (µs per parse + resolve of the
    bench file in --configuration Debug --sdk iphoneos17.0 --sdk iphoneos --arch arm64);
    resolve-process (ms wall of `xcconfig resolve` on the bench file); resolve-monorepo-N (ms to resolve every root of a
    generated tree of N files with include chains 20 deep); lint-corpus (ms); lint-chain-3000 (ms
    to lint a generated folder holding one include chain of 3,000 files); resolve-project-defaults
    (ms to resolve every target × configuration of the largest shared project with Xcode's
    defaults). Each has a
    NAME.peak-memory entry (MiB, peak resident memory of the process that ran it).
    lsp-hover (ms from a hover request to its response, over pipes, on the first corpus file
    whose include closure is five files; lsp-hover-p99 is the 99th percentile); lsp-edit (ms from
    a one-character didChange to its publishDiagnostics, in a generated 1,000-line file that
    includes five others); lsp-open-corpus (ms to open every corpus file in one server; its
    peak memory is the server's with the whole corpus open).
    Whole processes of the release xcconfig (ms wall, or instructions with --callgrind), run from
    the repository's root: process-resolve-print (resolve Samples/SharedProject/Config/Debug.xcconfig
    --print PRODUCT_BUNDLE_IDENTIFIER); process-resolve (the same without --print);
    process-project-all-targets (resolve -project DuckDuckGo-macOS.xcodeproj -alltargets
    -showBuildSettings -json, the project beside its corpus files); process-project-each-target
    (one -showBuildSettings -json per target of the largest shared project, a sample each);
    process-lint-corpus (lint . --format json in the corpus).
    """

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("xcconfig-bench: \(message)\n".utf8))
    exit(2)
}

func parseArguments(_ arguments: [String]) -> BenchOptions {
    var options = BenchOptions()
    var index = 0
    func value(_ flag: String) -> String {
        index += 1
        guard index < arguments.count else { fail("missing value for \(flag)") }
        return arguments[index]
    }
    while index < arguments.count {
        var argument = arguments[index]
        var inline: String?
        if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
            inline = String(argument[argument.index(after: equals)...])
            argument = String(argument[..<equals])
        }
        func take() -> String { inline ?? value(argument) }
        switch argument {
        case "--json": options.json = true
        case "--bench-file": options.benchFile = take()
        case "--corpus": options.corpus = take()
        case "--filter": options.filters.append(take())
        case "--quick": options.quick = true
        case "--in-process": options.isolate = false
        case "--xcconfig": options.tool = take()
        case "--callgrind": options.callgrind = true
        case "--child": options.child = take()
        case "--iterations":
            guard let count = Int(take()), count > 0 else { fail("--iterations takes a positive number") }
            options.fixedIterations = count
        case "--large-size":
            guard let size = Int(take()), size > 0 else { fail("--large-size takes a positive number of bytes") }
            options.largeSize = size
        case "--monorepo-sizes":
            let sizes = take().split(separator: ",").compactMap { Int($0) }
            guard !sizes.isEmpty, sizes.allSatisfy({ $0 > 0 }) else { fail("--monorepo-sizes takes numbers separated by commas") }
            options.monorepoSizes = sizes
        case "-h", "--help":
            print(usage)
            exit(0)
        default:
            fail("unknown argument '\(arguments[index])'\n\n\(usage)")
        }
        index += 1
    }
    if options.quick {
        if !arguments.contains(where: { $0.hasPrefix("--large-size") }) { options.largeSize = 256 * 1024 }
        if !arguments.contains(where: { $0.hasPrefix("--monorepo-sizes") }) { options.monorepoSizes = [40, 200] }
    }
    return options
}

/// Runs one benchmark here and adds its peak-memory entry.
func runHere(_ benchmark: Benchmark, _ options: BenchOptions) -> Outcome {
    let outcome = benchmark.run(options)
    guard case .measured(var measurements) = outcome else { return outcome }
    var peak = peakResidentBytes()
    if benchmark.name == "resolve-process" || benchmark.name.hasPrefix("process-") || benchmark.name.hasPrefix("lsp-") {
        // The memory of the xcconfig processes, not of this one.
        var usage = rusage()
        getrusage(RUSAGE_CHILDREN_VALUE, &usage)
        #if canImport(Darwin)
        peak = Int(usage.ru_maxrss)
        #else
        peak = Int(usage.ru_maxrss) * 1024
        #endif
    }
    let mebibytes = Double(peak) / 1_048_576
    measurements.append(Measurement(name: benchmark.name + ".peak-memory", unit: "MiB", median: mebibytes, p90: mebibytes, iterations: 1))
    return .measured(measurements)
}

/// Runs one benchmark in a child process (this executable with `--child NAME`).
func runIsolated(_ benchmark: Benchmark, _ options: BenchOptions) -> Outcome {
    let (status, output) = runProgram(executablePath(), options.childArguments(benchmark.name))
    guard status == 0 else { return .skipped("the benchmark process failed (status \(status))") }
    guard let json = try? JSONSerialization.jsonObject(with: output), let members = json as? [String: Any] else {
        return .skipped("the benchmark process printed no report")
    }
    if let note = members["skipped"] as? String { return .skipped(note) }
    guard let entries = members["benchmarks"] as? [Any] else { return .skipped("the benchmark process printed no report") }
    return .measured(entries.compactMap(Measurement.init(json:)))
}

func format(_ value: Double) -> String {
    if value >= 100 { return String(format: "%.0f", value) }
    if value >= 10 { return String(format: "%.1f", value) }
    return String(format: "%.2f", value)
}

func report(_ rows: [(Benchmark?, Outcome)], options: BenchOptions) {
    var measurements: [Measurement] = []
    var notes: [String] = []
    for (benchmark, outcome) in rows {
        switch outcome {
        case .measured(let list): measurements += list
        case .skipped(let reason): notes.append("\(benchmark?.name ?? "?"): skipped: \(reason)")
        }
    }
    // How far resolve-monorepo is from linear: time per file at the largest size over time
    // per file at the smallest (1.0 is linear).
    let monorepo = measurements.filter { $0.name.hasPrefix("resolve-monorepo-") && !$0.name.contains(".") }
        .compactMap { m in Int(m.name.dropFirst("resolve-monorepo-".count)).map { (size: $0, m: m) } }
        .sorted { $0.size < $1.size }
    if let small = monorepo.first, let large = monorepo.last, large.size > small.size {
        let perFile = { (m: Measurement, size: Int, keyPath: KeyPath<Measurement, Double>) in m[keyPath: keyPath] / Double(size) }
        measurements.append(Measurement(
            name: "resolve-monorepo-scaling", unit: "x",
            median: perFile(large.m, large.size, \.median) / perFile(small.m, small.size, \.median),
            p90: perFile(large.m, large.size, \.p90) / perFile(small.m, small.size, \.p90),
            iterations: min(large.m.iterations, small.m.iterations)))
    }

    for note in notes { FileHandle.standardError.write(Data("xcconfig-bench: \(note)\n".utf8)) }
    if options.json {
        print(reportJSON(measurements, pretty: true))
        return
    }
    let goals = Dictionary(rows.compactMap { $0.0 }.map { ($0.name, $0.goal) }, uniquingKeysWith: { a, _ in a })
    var table: [[String]] = [["benchmark", "median", "p90", "unit", "iterations", "goal"]]
    for m in measurements {
        let goal = m.name == "resolve-monorepo-scaling" ? "≈ 1 (linear)" : goals[m.name] ?? ""
        table.append([m.name, format(m.median), format(m.p90), m.unit, String(m.iterations), goal])
    }
    let widths = (0..<table[0].count).map { column in table.map { $0[column].count }.max() ?? 0 }
    for (index, row) in table.enumerated() {
        var line = ""
        for (column, cell) in row.enumerated() {
            let pad = String(repeating: " ", count: widths[column] - cell.count)
            line += column == 0 || column == row.count - 1 ? cell + pad : pad + cell
            if column < row.count - 1 { line += "  " }
        }
        print(line.replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression))
        if index == 0 { print(String(repeating: "-", count: widths.reduce(0, +) + 2 * (widths.count - 1))) }
    }
}

func benchMain() -> Int32 {
    let options = parseArguments(Array(CommandLine.arguments.dropFirst()))
    let benchmarks = allBenchmarks(options)
    if let child = options.child {
        guard let benchmark = benchmarks.first(where: { $0.name == child }) else { fail("no benchmark named '\(child)'") }
        switch runHere(benchmark, options) {
        case .measured(let list):
            print(reportJSON(list, pretty: false))
        case .skipped(let reason):
            print("{\"skipped\": \(jsonString(reason))}")
        }
        return 0
    }
    let selected = benchmarks.filter { benchmark in
        options.filters.isEmpty || options.filters.contains { benchmark.name.contains($0) }
    }
    if selected.isEmpty { fail("no benchmark matches \(options.filters.joined(separator: ", "))") }
    var rows: [(Benchmark?, Outcome)] = []
    for benchmark in selected {
        if !options.json { FileHandle.standardError.write(Data("running \(benchmark.name)…\n".utf8)) }
        rows.append((benchmark, options.isolate ? runIsolated(benchmark, options) : runHere(benchmark, options)))
    }
    report(rows, options: options)
    return 0
}

/// The resolver recurses as deeply as references nest; give it the stack the CLI has.
final class StatusBox: @unchecked Sendable { var status: Int32 = 0 }
let statusBox = StatusBox()
let done = DispatchSemaphore(value: 0)
let worker = Thread {
    statusBox.status = benchMain()
    done.signal()
}
worker.stackSize = 512 * 1024 * 1024
worker.start()
done.wait()
exit(statusBox.status)
