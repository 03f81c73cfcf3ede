import Foundation
import Testing
import XCConfig
import XCConfigLint
@testable import XCConfigCLI

/// The properties the fuzz harness (Tests/Fuzz) checks, as a bounded randomized test with a
/// fixed seed, plus every input the fuzzer ever crashed on (Tests/Fuzz/Regressions).
@Suite struct RobustnessPropertyTests {
    static let context = ["--configuration", "Debug", "--sdk", "iphoneos17.0", "--sdk", "iphoneos", "--arch", "arm64"]

    /// SplitMix64: small, fast, and the same sequence on every platform.
    struct Random {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
        mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }
    }

    /// Fragments a configuration is assembled from: the grammar's corners, not random bytes.
    static let names = ["A", "B", "C", "OTHER_LDFLAGS", "PRODUCT_NAME", "HEADER_SEARCH_PATHS", "SDKROOT", "inherited", "_x1"]
    static let pieces = [
        "plain", " ", "\t", "\"", "'", "\\", "$", "$$", "//", "/", ";", "=", "[", "]", ":", ",", "é", "\u{2028}", "\u{FEFF}",
        "\u{00A0}", "$(A)", "$(B:upper)", "${C}", "$[A]", "$A", "$(inherited)", "$(", ")", "$(A:default=d)",
        "$(PRODUCT_NAME:rfc1034identifier)", "$(A:base)", "$(A_$(B))", "$(X:)", "$(A:lowercase)", "$()", "a b", "\"q q\"",
    ]
    static let conditions = ["", "[config=Debug]", "[sdk=iphoneos*]", "[arch=arm64][config=Release]", "[sdk=]", "[ sdk = x ]", "[=x]", "[sdk"]

    static func randomConfiguration(_ random: inout Random) -> String {
        var text = ""
        for _ in 0..<(1 + random.below(12)) {
            switch random.below(10) {
            case 0: text += "// comment \(random.pick(pieces))"
            case 1: text += "#include \"\(random.pick(["a", "b.xcconfig", "", "../x", "c"]))\""
            case 2: text += "#include? \"local.xcconfig\""
            case 3: text += random.pick(pieces)
            default:
                text += random.pick(names) + random.pick(conditions) + random.pick([" = ", "=", " += ", " =  "])
                for _ in 0..<random.below(6) { text += random.pick(pieces) }
                if random.below(8) == 0 { text += "\\" }
            }
            text += random.pick(["\n", "\n", "\n", "\r\n", "\r", "\u{2028}"])
        }
        return text
    }

    static func workspace(_ bytes: [UInt8]) -> InMemoryFileSystem {
        let fileSystem = InMemoryFileSystem(currentDirectory: "/fuzz")
        fileSystem.addFile("/fuzz/a.xcconfig", bytes: bytes)
        fileSystem.addFile("/fuzz/b.xcconfig", bytes: bytes)
        fileSystem.addFile("/fuzz/c.xcconfig", "#include \"a.xcconfig\"\nFROM_C = $(inherited) c\n")
        return fileSystem
    }

    /// The parser prints every input back, byte for byte.
    static func checkParse(_ bytes: [UInt8]) {
        #expect(XCConfigParser.parse(bytes).printed() == bytes)
    }

    /// `resolve --format xcconfig` re-resolves to the same values.
    static func checkResolveRoundTrip(_ bytes: [UInt8]) {
        let fileSystem = workspace(bytes)
        let first = runCLI(["resolve", "a.xcconfig", "--format", "json"] + context, fileSystem: fileSystem)
        #expect(first.status == .success || first.status == .failure)
        let literal = runCLI(["resolve", "a.xcconfig", "--format", "xcconfig"] + context, fileSystem: fileSystem)
        fileSystem.addFile("/fuzz/round-trip.xcconfig", bytes: literal.stdoutBytes)
        let again = runCLI(["resolve", "round-trip.xcconfig", "--format", "json"] + context, fileSystem: fileSystem)
        let values = try? JSONParser.parse(first.stdoutBytes)
        #expect(values != nil)
        #expect(values == (try? JSONParser.parse(again.stdoutBytes)), "input: \(String(decoding: bytes, as: UTF8.self).debugDescription)\nliteral:\n\(literal.stdout)")
    }

    /// Lint's JSON output is valid JSON (an array), and so is SARIF.
    static func checkLint(_ bytes: [UInt8]) {
        let fileSystem = workspace(bytes)
        let findings = (try? Linter(fileSystem: fileSystem).lint(paths: ["/fuzz"])) ?? []
        let report = ReportContext(currentDirectory: "/fuzz")
        let json = try? JSONParser.parse(JSONReporter().report(findings, context: report))
        #expect(json?.arrayValue != nil)
        #expect((try? JSONParser.parse(SARIFReporter().report(findings, context: report))) != nil)
    }

    @Test func randomConfigurationsKeepTheProperties() {
        var random = Random(state: 0x5EED_0007)
        // Bounded in time as well as count, so a slow machine still finishes in a few seconds.
        let deadline = Date().addingTimeInterval(4)
        var checked = 0
        while checked < 300 && Date() < deadline {
            let bytes = Array(Self.randomConfiguration(&random).utf8)
            Self.checkParse(bytes)
            Self.checkResolveRoundTrip(bytes)
            if checked % 4 == 0 { Self.checkLint(bytes) }
            checked += 1
        }
        #expect(checked >= 20)
    }

    @Test func randomBytesParseBackExactly() {
        var random = Random(state: 42)
        for _ in 0..<500 {
            let bytes = (0..<random.below(200)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            Self.checkParse(bytes)
        }
    }

    /// Every input the fuzzer found a problem with, with its target byte first (see FuzzTarget.swift).
    @Test func fuzzerRegressionsKeepTheProperties() throws {
        let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fuzz/Regressions")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        for name in names.sorted() where name.hasSuffix(".input") {
            let data = try Data(contentsOf: directory.appendingPathComponent(name))
            guard let target = data.first else { continue }
            let bytes = Array(data.dropFirst())
            switch target % 5 {
            case 0: Self.checkParse(bytes)
            case 1: Self.checkResolveRoundTrip(bytes)
            case 2: Self.checkLint(bytes)
            default: Self.checkParse(bytes)
            }
        }
    }
}
