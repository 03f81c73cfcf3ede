import Testing
@testable import XCConfig

/// `replacingEvery` and `firstByteRange(of:)`: searches of UTF-8 bytes, without Foundation.
@Suite struct StringReplacingTests {
    @Test func everyOccurrenceIsReplacedLeftToRightWithoutOverlap() {
        #expect("a$b$$c".replacingEvery("$", with: "$$") == "a$$b$$$$c")
        #expect("aaaa".replacingEvery("aa", with: "b") == "bb")
        #expect("/work/a /work/b /workx".replacingEvery("/work/", with: "") == "a b /workx")
        #expect("nothing here".replacingEvery("zz", with: "y") == "nothing here")
        #expect("abc".replacingEvery("", with: "y") == "abc")
    }

    @Test func textAroundTheMatchesKeepsItsNonASCIICharacters() {
        #expect("é/w/ü — /w/ß".replacingEvery("/w/", with: "") == "éü — ß")
        #expect("ein Überblick".replacingEvery("Über", with: "Unter") == "ein Unterblick")
    }

    @Test func theFirstByteRangeStartsWhereAsked() throws {
        let text = "x: error: y: error: z"
        let first = try #require(text.firstByteRange(of: ": error: "))
        #expect(text[..<first.lowerBound] == "x")
        let second = try #require(text.firstByteRange(of: ": error: ", from: first.upperBound))
        #expect(text[first.upperBound..<second.lowerBound] == "y")
        #expect(text.firstByteRange(of: ": error: ", from: second.upperBound) == nil)
        #expect("ab".firstByteRange(of: "abc") == nil)
    }
}
