import Foundation
import Testing

/// Issue 30, finding 8: one small file must not take the machine's memory. `B13` doubles to
/// 8 MiB and 300 settings refer to it (under 6 KB of input): `lint`, the pre-commit command,
/// held every value (2.4 GiB) and `resolve` its whole output. The built `xcconfig` runs them
/// under a 1 GiB address-space limit (`prlimit`), as a CI runner or a container would.
@Suite struct MemoryBoundTests {
    static var canRun: Bool { Shell.xcconfig != nil && Shell.find("prlimit") != nil }

    static let doublingFile: String = {
        var text = "B0 = " + String(repeating: "x", count: 1024) + "\n"
        for index in 1...13 { text += "B\(index) = $(B\(index - 1))$(B\(index - 1))\n" }
        for index in 0..<300 { text += "Y\(index) = $(B13)\n" }
        return text
    }()

    func run(_ arguments: String) throws -> Shell.Result {
        let directory = try Shell.temporaryDirectory("xcconfig-memory")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try Self.doublingFile.write(toFile: directory + "/Doubling.xcconfig", atomically: true, encoding: .utf8)
        return try Shell.run("prlimit --as=\(1 << 30) '\(Shell.xcconfig!)' \(arguments)", in: directory)
    }

    @Test(.enabled(if: canRun, "needs the built xcconfig and prlimit"))
    func lintNeedsAValuesSizeNotTheValue() throws {
        let result = try run("lint Doubling.xcconfig")
        #expect(result.status == 0, "\(result.error)")
        #expect(result.error.hasSuffix("Found 0 warnings, 0 errors in 1 file\n"))
    }

    @Test(.enabled(if: canRun, "needs the built xcconfig and prlimit"))
    func resolveStreamsItsOutput() throws {
        // 300 values of 8 MiB (2.4 GiB), counted rather than kept.
        let result = try run("resolve Doubling.xcconfig | wc -c")
        #expect(result.status == 0, "\(result.error)")
        var expected = 0
        for index in 0..<300 { expected += "Y\(index) = ".utf8.count + (8 << 20) + 1 }
        for index in 0...13 { expected += "B\(index) = ".utf8.count + (1024 << index) + 1 }
        #expect(Int(result.output.trimmingCharacters(in: .whitespacesAndNewlines)) == expected)
    }
}
