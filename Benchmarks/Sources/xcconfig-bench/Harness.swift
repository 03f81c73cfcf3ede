#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// One line of the report: a statistic over the timed iterations of one benchmark.
struct Measurement {
    var name: String
    var unit: String
    var median: Double
    var p90: Double
    var iterations: Int

    /// One JSON object, keys in report order.
    var json: String {
        "{\"name\": \(jsonString(name)), \"unit\": \(jsonString(unit)), \"median\": \(jsonNumber(median)), \"p90\": \(jsonNumber(p90)), \"iterations\": \(iterations)}"
    }

    init(name: String, unit: String, median: Double, p90: Double, iterations: Int) {
        self.name = name
        self.unit = unit
        self.median = median
        self.p90 = p90
        self.iterations = iterations
    }

    /// An entry of a child's report, as `JSONSerialization` reads it.
    init?(json: Any) {
        guard let members = json as? [String: Any],
              let name = members["name"] as? String, let unit = members["unit"] as? String,
              let median = (members["median"] as? NSNumber)?.doubleValue, let p90 = (members["p90"] as? NSNumber)?.doubleValue,
              let iterations = (members["iterations"] as? NSNumber)?.intValue
        else { return nil }
        self.init(name: name, unit: unit, median: median, p90: p90, iterations: iterations)
    }
}

/// A JSON number (JSON has no infinity or NaN: 0 stands for them).
func jsonNumber(_ value: Double) -> String { value.isFinite ? "\(value)" : "0" }

/// `text` as a JSON string literal.
func jsonString(_ text: String) -> String {
    var output = "\""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\"": output += "\\\""
        case "\\": output += "\\\\"
        case "\n": output += "\\n"
        case _ where scalar.value < 0x20: output += String(format: "\\u%04x", scalar.value)
        default: output.unicodeScalars.append(scalar)
        }
    }
    return output + "\""
}

/// `{"benchmarks": [...]}`, one entry a line when `pretty`.
func reportJSON(_ measurements: [Measurement], pretty: Bool) -> String {
    guard pretty else { return "{\"benchmarks\": [" + measurements.map(\.json).joined(separator: ", ") + "]}" }
    if measurements.isEmpty { return "{\n  \"benchmarks\": []\n}" }
    return "{\n  \"benchmarks\": [\n    " + measurements.map(\.json).joined(separator: ",\n    ") + "\n  ]\n}"
}

/// How long and how often each benchmark runs.
struct IterationPolicy {
    /// Timed iterations at least (after one untimed warm-up).
    var minimumIterations: Int
    /// Timed iterations at most.
    var maximumIterations: Int
    /// Keep iterating until this much time was spent (and `minimumIterations` reached).
    var budget: Double

    static let quick = IterationPolicy(minimumIterations: 1, maximumIterations: 1, budget: 0)
}

enum Statistics {
    /// The value below which `fraction` of the samples lie (nearest rank).
    static func percentile(_ samples: [Double], _ fraction: Double) -> Double {
        guard !samples.isEmpty else { return 0 }
        let sorted = samples.sorted()
        let rank = Int((fraction * Double(sorted.count)).rounded(.up)) - 1
        return sorted[min(max(rank, 0), sorted.count - 1)]
    }

    static func median(_ samples: [Double]) -> Double {
        guard !samples.isEmpty else { return 0 }
        let sorted = samples.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }
}

/// Monotonic seconds.
@inline(__always) func now() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

/// Runs `body` once untimed, then times it under `policy`; returns the seconds of each run.
func timeIterations(_ policy: IterationPolicy, _ body: () -> Void) -> [Double] {
    body()
    var samples: [Double] = []
    let start = now()
    while samples.count < policy.maximumIterations
            && (samples.count < policy.minimumIterations || now() - start < policy.budget) {
        let t0 = now()
        body()
        samples.append(now() - t0)
    }
    return samples
}

/// The peak resident set size of this process so far, in bytes.
func peakResidentBytes() -> Int {
    var usage = rusage()
    getrusage(RUSAGE_SELF_VALUE, &usage)
    #if canImport(Darwin)
    return Int(usage.ru_maxrss)  // bytes on macOS
    #else
    return Int(usage.ru_maxrss) * 1024  // kilobytes on Linux
    #endif
}

/// Keeps the optimiser from discarding work whose result is otherwise unused.
nonisolated(unsafe) var blackHoleSink = 0
@inline(never) func blackHole(_ value: Int) { blackHoleSink &+= value }

/// A fresh empty directory under the temporary folder.
func makeTemporaryDirectory(_ prefix: String) -> String {
    let base = ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
    var template = Array("\(base)/\(prefix).XXXXXX".utf8CString)
    guard let result = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
        fatalError("cannot create a temporary directory in \(base)")
    }
    return String(cString: result)
}

func removeTree(_ path: String) {
    try? FileManager.default.removeItem(atPath: path)
}

/// The directory holding this executable (where `swift build` also puts `xcconfig`).
func executableDirectory() -> String {
    #if os(Linux)
    let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    #else
    let target = Bundle.main.executablePath ?? CommandLine.arguments[0]
    #endif
    return URL(fileURLWithPath: target).deletingLastPathComponent().path
}

func executablePath() -> String {
    #if os(Linux)
    return (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    #else
    return Bundle.main.executablePath ?? CommandLine.arguments[0]
    #endif
}

/// Runs a program to completion; returns its status and standard output. Standard error is passed through.
func runProgram(_ path: String, _ arguments: [String], discardOutput: Bool = false) -> (status: Int32, output: Data) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = arguments
    let pipe = Pipe()
    if discardOutput {
        process.standardOutput = FileHandle.nullDevice
    } else {
        process.standardOutput = pipe
    }
    do {
        try process.run()
    } catch {
        return (127, Data())
    }
    let output = discardOutput ? Data() : pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, output)
}

#if canImport(Glibc)
let RUSAGE_SELF_VALUE = RUSAGE_SELF.rawValue
let RUSAGE_CHILDREN_VALUE = RUSAGE_CHILDREN.rawValue
#else
let RUSAGE_SELF_VALUE = RUSAGE_SELF
let RUSAGE_CHILDREN_VALUE = RUSAGE_CHILDREN
#endif
