import Foundation
import Testing
import XCConfig
@testable import XCConfigCLI

/// Runs `body` on a thread with the stack the `xcconfig` executable gives its work (512 MiB,
/// reserved rather than committed): evaluation recurses as deeply as references nest.
func onLargeStack<T: Sendable>(_ body: @escaping @Sendable () -> T) -> T {
    let box = LargeStackResult<T>()
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
        box.value = body()
        done.signal()
    }
    thread.stackSize = 512 * 1024 * 1024
    thread.start()
    done.wait()
    return box.value!
}

/// The value handed back from the large-stack thread; the semaphore orders the accesses.
final class LargeStackResult<T>: @unchecked Sendable {
    var value: T?
}

/// `xcconfig ARGUMENTS` in-process on a large stack.
func runDeep(_ arguments: [String], _ fileSystem: InMemoryFileSystem) -> CLIResult {
    nonisolated(unsafe) let fileSystem = fileSystem
    return onLargeStack { runCLI(arguments, fileSystem: fileSystem) }
}

extension CLIResult: @unchecked Sendable {}

/// Issue 7: hostile inputs finish or fail cleanly, at the documented limits, with the error at
/// the right `file:line`.
@Suite struct RobustnessTests {
    // MARK: Exponential expansion

    /// `B1 = $(B0)$(B0)`, … 40 levels: 2^40 bytes if nothing stopped it.
    static let exponential: String = {
        var text = "B0 = 0123456789abcdef\n"
        for level in 1...40 { text += "B\(level) = $(B\(level - 1))$(B\(level - 1))\n" }
        return text
    }()

    @Test func exponentialExpansionStopsAtTheValueLimitNamingTheSettingAndTheChain() {
        let result = runDeep(["resolve", "exp.xcconfig", "--print", "B40"], workspace(["/work/exp.xcconfig": Self.exponential]))
        #expect(result.status == .failure)
        // At the assignment of the setting asked for (line 41), naming it, the limit, and the chain.
        #expect(result.stderr.contains("exp.xcconfig:41:1: error: "))
        #expect(result.stderr.contains("16 MiB"))
        #expect(result.stderr.contains("B40 -> B39 -> B38"))
        #expect(result.stdout == "\n" || result.stdout.isEmpty)
    }

    @Test func theFirstSettingOverTheLimitIsReportedAtItsOwnLine() {
        // B20 is 16 * 2^20 bytes, exactly the limit; B21 is the first one over it.
        let result = runDeep(["resolve", "exp.xcconfig", "--print", "B21"], workspace(["/work/exp.xcconfig": Self.exponential]))
        #expect(result.status == .failure)
        #expect(result.stderr.contains("exp.xcconfig:22:1: error: "))
        #expect(result.stderr.split(separator: "\n").filter { $0.contains(": error: ") }.count == 1)
    }

    // MARK: Deep structures

    @Test func aTwentyThousandLongReferenceChainResolves() {
        var text = ""
        for index in 0..<20_000 { text += "A\(index) = $(A\(index + 1))\n" }
        text += "A20000 = end\n"
        let result = runDeep(["resolve", "chain.xcconfig", "--print", "A0"], workspace(["/work/chain.xcconfig": text]))
        #expect(result.status == .success)
        #expect(result.stdout == "end\n")
    }

    @Test func fiveThousandNestedReferencesResolve() {
        let nested = String(repeating: "$(N", count: 5_000) + String(repeating: ")", count: 5_000)
        let text = "N = \nV = <\(nested)>\n"
        let result = runDeep(["resolve", "nested.xcconfig", "--print", "V"], workspace(["/work/nested.xcconfig": text]))
        #expect(result.status == .success)
        #expect(result.stdout == "<>\n")
    }

    @Test func nestingBeyondTheParserLimitIsReadAsText() {
        // 20,000 levels, twice the expression parser's bound: the excess stays literal text.
        let nested = String(repeating: "$(", count: 20_000) + "X" + String(repeating: ")", count: 20_000)
        let result = runDeep(["resolve", "deep.xcconfig", "--print", "V"], workspace(["/work/deep.xcconfig": "V = \(nested)\n"]))
        #expect(result.status == .success || result.status == .failure)
        #expect(!result.stderr.contains("Fatal"))
    }

    @Test func aThreeThousandFileIncludeChainResolves() {
        var files: [String: String] = [:]
        for index in 0..<3_000 {
            let include = index + 1 < 3_000 ? "#include \"f\(index + 1).xcconfig\"\n" : ""
            files["/work/f\(index).xcconfig"] = "\(include)LIST = $(inherited) \(index)\n"
        }
        let result = runDeep(["resolve", "f0.xcconfig", "--print", "LIST"], workspace(files))
        #expect(result.status == .success)
        // The innermost `$(inherited)` is empty and keeps its space (semantics §3.5).
        let expected = " " + (0..<3_000).reversed().map(String.init).joined(separator: " ") + "\n"
        #expect(result.stdout.count == expected.count)
        let same = result.stdout == expected
        #expect(same)
    }

    @Test func aTenMegabyteLineResolves() {
        let value = String(repeating: "abcdefghij", count: 1_000_000)
        let result = runDeep(["resolve", "wide.xcconfig", "--print", "WIDE"], workspace(["/work/wide.xcconfig": "WIDE = \(value)\n"]))
        #expect(result.status == .success)
        #expect(result.stdout.utf8.count == value.utf8.count + 1)
    }

    @Test func aTenMegabyteLineOfOpenReferencesFinishes() {
        let text = "V = " + String(repeating: "$(", count: 5_000_000) + "\n"
        let result = runDeep(["resolve", "open.xcconfig", "--print", "V"], workspace(["/work/open.xcconfig": text]))
        #expect(result.status == .success || result.status == .failure)
    }

    @Test func aLineOfReferencesStopsAtTheValueLimit() {
        // 200,000 references to 128 bytes: 25 MB if nothing stopped it.
        let text = "A = " + String(repeating: "0123456789abcdef", count: 8) + "\nV = " + String(repeating: "$(A)", count: 200_000) + "\n"
        let result = runDeep(["resolve", "refs.xcconfig", "--print", "V"], workspace(["/work/refs.xcconfig": text]))
        #expect(result.status == .failure)
        #expect(result.stderr.contains("refs.xcconfig:2:1: error: "))
        #expect(result.stderr.contains("16 MiB"))
    }

    // MARK: Limits

    @Test func anIncludedFileOverTheSizeLimitIsAnErrorAtTheDirective() {
        let fileSystem = workspace(["/work/root.xcconfig": "A = 1\n#include \"huge.xcconfig\"\nB = 2\n"])
        fileSystem.addFile("/work/huge.xcconfig", bytes: [UInt8](repeating: 0x20, count: Limits.maximumFileSize + 1))
        let result = runCLI(["resolve", "root.xcconfig"], fileSystem: fileSystem)
        #expect(result.status == .failure)
        #expect(result.stderr.contains("root.xcconfig:2:"))
        #expect(result.stderr.contains("larger than 64 MiB"))
        #expect(result.stdout == "A = 1\nB = 2\n")
    }

    @Test func aRootFileOverTheSizeLimitCannotBeRead() {
        let fileSystem = workspace([:])
        fileSystem.addFile("/work/huge.xcconfig", bytes: [UInt8](repeating: 0x20, count: Limits.maximumFileSize + 1))
        let result = runCLI(["resolve", "huge.xcconfig"], fileSystem: fileSystem)
        #expect(result.status.rawValue == 2)
        #expect(result.stderr.contains("64 MiB"))
    }

    @Test func includesPastTheIncludeLimitAreAnErrorAtTheDirective() {
        // Each file includes the next twice: 2^17 = 131,072 includes from 18 small files.
        var files: [String: String] = [:]
        for index in 0..<17 {
            files["/work/d\(index).xcconfig"] = "#include \"d\(index + 1).xcconfig\"\n#include \"d\(index + 1).xcconfig\"\n"
        }
        files["/work/d17.xcconfig"] = "COUNT = x\n"
        let result = runDeep(["resolve", "d0.xcconfig", "--print", "COUNT"], workspace(files))
        #expect(result.status == .failure)
        #expect(result.stderr.contains("more than 100000 includes"))
        let errors = result.stderr.split(separator: "\n").filter { $0.contains(": error: ") }
        #expect(errors.count == 1)
        #expect(errors.first?.contains(".xcconfig:2:") == true || errors.first?.contains(".xcconfig:1:") == true)
    }

    @Test func theLimitsAreDocumentedInHelp() {
        let help = runCLI(["resolve", "--help"]).stdout
        #expect(help.contains("64 MiB"))
        #expect(help.contains("16 MiB"))
        #expect(help.contains("100,000") || help.contains("100000"))
    }
}
