import ConformanceSupport
import Testing
@testable import XCConfig

/// Condition patterns (semantics §4.2): `fnmatch`-like on bytes, case-sensitive.
@Suite struct PatternMatcherTests {
    @Test func usualPatterns() {
        let cases: [(pattern: String, value: String, matches: Bool)] = [
            ("Debug", "Debug", true), ("Debug", "debug", false), ("Debug", "Debug2", false), ("Debug", "Debu", false),
            ("iphoneos*", "iphoneos17.0", true), ("iphoneos*", "iphoneos", true), ("iphoneos*", "iphonesimulator", false),
            ("*", "", true), ("*", "anything", true), ("", "", true), ("", "x", false),
            ("arm64?", "arm64e", true), ("arm64?", "arm64", false), ("*os*", "iphoneos17.0", true), ("mac*x", "macosx", true),
            ("mac*x", "macosxy", false), ("[ax]rm64", "arm64", true), ("[!a]rm64", "arm64", false), ("[a-c]*", "b", true),
            ("x[", "x[", true), ("[a-]", "a", false), ("**", "", true), ("a*b*c", "aXbYc", true), ("a*b*c", "aXbY", false),
        ]
        for (pattern, value, expected) in cases {
            #expect(PatternMatcher.matches(pattern, value) == expected, "\(pattern) against \(value)")
        }
    }

    /// The literal prefix read before the general loop changes no answer: random patterns over
    /// a small alphabet give what the general loop alone gives.
    @Test func literalPrefixAgreesWithTheGeneralLoop() {
        var numbers = SeededNumbers(seed: 11)
        let patternBytes = Array("ab*?[]!-".utf8), valueBytes = Array("ab[".utf8)
        for _ in 0..<5_000 {
            let pattern = (0..<numbers.next(7)).map { _ in patternBytes[numbers.next(patternBytes.count)] }
            let value = (0..<numbers.next(7)).map { _ in valueBytes[numbers.next(valueBytes.count)] }
            pattern.withUnsafeBufferPointer { p in
                value.withUnsafeBufferPointer { v in
                    #expect(PatternMatcher.match(p, v) == PatternMatcher.match(p, v, from: 0),
                            "\(String(decoding: pattern, as: UTF8.self)) against \(String(decoding: value, as: UTF8.self))")
                }
            }
        }
    }
}
