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

    /// The word-at-a-time check against the component loop: every path of up to ten bytes
    /// over `/`, `.` and `a`, then long random paths (the word loop starts at nine bytes),
    /// mostly normal ones with the odd `//`, `/.`, `/..` or trailing `/`.
    @Test func isNormalAgreesWithTheComponentLoop() {
        let alphabet: [UInt8] = Array("/.a".utf8)
        func check(_ bytes: [UInt8]) {
            bytes.withUnsafeBufferPointer { buffer in
                let absolute = bytes.first == UInt8(ascii: "/")
                #expect(Path.isNormal(buffer, absolute: absolute) == Path.isNormalByComponents(buffer, absolute: absolute),
                        "\(String(decoding: bytes, as: UTF8.self))")
            }
        }
        var path: [UInt8] = []
        func extend(_ remaining: Int) {
            check(path)
            guard remaining > 0 else { return }
            for byte in alphabet {
                path.append(byte)
                extend(remaining - 1)
                path.removeLast()
            }
        }
        extend(10)
        var generator = SystemRandomNumberGenerator()
        let components = ["Sources", "a", "é", ".hidden", "b.xcconfig", "..x", "x..", "", ".", ".."]
        for _ in 0..<20_000 {
            var text = Bool.random(using: &generator) ? "/" : ""
            let count = Int.random(in: 1...8, using: &generator)
            text += (0..<count).map { _ in
                // Mostly ordinary names: the special components come one time in eight.
                Int.random(in: 0..<8, using: &generator) == 0 ? components.randomElement(using: &generator)! : components[Int.random(in: 0..<7, using: &generator)]
            }.joined(separator: "/")
            if Int.random(in: 0..<10, using: &generator) == 0 { text += "/" }
            check(Array(text.utf8))
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
