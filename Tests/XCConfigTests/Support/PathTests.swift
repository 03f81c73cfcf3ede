import Testing
@testable import XCConfig

@Suite struct PathTests {
    /// The normalisation by `String.split` that the byte-level one replaced, as the reference.
    func referenceNormalize(_ path: String) -> String {
        let absolute = Path.isAbsolute(path)
        var parts: [Substring] = []
        for component in path.split(separator: "/", omittingEmptySubsequences: true) {
            if component == "." { continue }
            if component == ".." {
                if let last = parts.last, last != ".." {
                    parts.removeLast()
                    continue
                }
                if absolute { continue }
            }
            parts.append(component)
        }
        let joined = parts.joined(separator: "/")
        if absolute { return "/" + joined }
        return joined.isEmpty ? "." : joined
    }

    @Test func normalizesLikeTheReference() {
        let cases = [
            "", "/", "//", ".", "..", "./", "../", "/..", "/../a", "a/..", "a/../..", "../a/..", "../../a/b/../c",
            "/a/b/c", "/a//b/./c/", "/a/b/../../..", "a/./b/.", "a/b/", "...", "/a/.../b", "/a/..b/.c/c.",
            "/tmp/Modules/M5/L3.xcconfig", "./L3.xcconfig", "/é/ü/../ß.xcconfig", "x/.//./y",
        ]
        for path in cases {
            #expect(Path.normalize(path) == referenceNormalize(path), "\(path)")
        }
        // Random paths over an alphabet that makes every kind of component.
        var generator = SystemRandomNumberGenerator()
        let alphabet = ["/", "/", ".", ".", "a", "b", "é"]
        for _ in 0..<5_000 {
            let length = Int.random(in: 0...12, using: &generator)
            let path = (0..<length).map { _ in alphabet.randomElement(using: &generator)! }.joined()
            #expect(Path.normalize(path) == referenceNormalize(path), "\(path)")
        }
    }

    @Test func aNormalPathIsReturnedAsIs() {
        for path in ["/", "/a", "/a/b.xcconfig", "a", "a/b", "..a", "a..", "/.a/b."] {
            #expect(Path.normalize(path) == path)
        }
    }

    @Test func hasFileExtensionAgreesWithFileExtension() {
        let paths = [
            "", "/", ".", "..", "a", "a.", ".a", "a.b", "a.b.", "/x/.a", "/x/a.b", "/x.y/a", "x.y/", "/x/a..b",
            "a/.", "a/..", "./a.xcconfig", "é.xcconfig", "a.é", "\u{0600}.b", "a/b.c/d",
        ]
        for path in paths {
            #expect(Path.hasFileExtension(path) == !Path.fileExtension(path).isEmpty, "\(path)")
        }
    }

    @Test func joinPutsOneSlashBetween() {
        #expect(Path.join("/a", "b") == "/a/b")
        #expect(Path.join("/a/", "b") == "/a/b")
        #expect(Path.join("/", "b") == "/b")
        #expect(Path.join("", "b") == "b")
        #expect(Path.join("/a", "") == "/a")
        #expect(Path.join("/a", "/b") == "/b")
        // A prepended mark joins the `/` into its character, so the base does not end with "/".
        #expect(Path.join("a\u{0600}/", "b") == "a\u{0600}//b")
    }
}
