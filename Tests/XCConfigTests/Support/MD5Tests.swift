import Testing
@testable import XCConfig

/// Tests for `MD5` against the RFC 1321 (appendix A.5) test suite.
@Suite struct MD5Tests {
    @Test(arguments: [
        ("", "d41d8cd98f00b204e9800998ecf8427e"),
        ("a", "0cc175b9c0f1b6a831c399e269772661"),
        ("abc", "900150983cd24fb0d6963f7d28e17f72"),
        ("message digest", "f96b697d7cb7938d525a2f31aaf161d0"),
        ("abcdefghijklmnopqrstuvwxyz", "c3fcd3d76192e4007dfb496cca67e13b"),
        ("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789",
         "d174ab98d277d9f5a5611c2c9f419d9f"),
        ("12345678901234567890123456789012345678901234567890123456789012345678901234567890",
         "57edf4a22be3c955ac49da2e2107b67a"),
    ])
    func rfc1321Suite(input: String, expected: String) {
        #expect(MD5.hexDigest(Array(input.utf8)) == expected)
    }

    /// Lengths around the 56- and 64-byte padding boundaries, checked against
    /// `md5sum` of the same number of `a` bytes.
    @Test(arguments: [
        (55, "ef1772b6dff9a122358552954ad0df65"),
        (56, "3b0c8ac703f828b04c6c197006d17218"),
        (63, "b06521f39153d618550606be297466d5"),
        (64, "014842d480b571495a4a0363793f7367"),
        (65, "c743a45e0d2e6a95cb859adae0248435"),
    ])
    func paddingBoundaries(length: Int, expected: String) {
        #expect(MD5.hexDigest([UInt8](repeating: UInt8(ascii: "a"), count: length)) == expected)
    }

    /// Arbitrary bytes, not just ASCII text (values from `md5sum`).
    @Test func nonASCIIBytes() {
        #expect(MD5.hexDigest([0xFF, 0x00, 0x80]) == "60cdccd4000580a3c394b8ad6ea9b899")
        #expect(MD5.hexDigest(Array("Ü".utf8)) == "68b88d4a74d6893e96c6edc1144ceb7a")
    }
}
