import Testing
@testable import XCConfig

/// The library marks the problems a caller may react to with a ``DiagnosticCode`` and names no
/// lint rule: the linter maps codes to its own rule ids.
@Suite struct DiagnosticCodeTests {
    @Test func aValueOverTheSizeLimitIsMarkedValueTooLargeWithoutARule() throws {
        // Built from a reference: 8 + 8 + 1 bytes, one past the bound.
        let resolver = makeResolver("B = abcdefgh\nOVER = 01234567$(B)x\n", options: Resolver.Options(maximumValueSize: 16))
        #expect(resolver.value(of: "OVER") == "")
        let diagnostic = try #require(resolver.diagnostics.first)
        #expect(resolver.diagnostics.count == 1)
        #expect(diagnostic.severity == .error)
        #expect(diagnostic.code == .valueTooLarge)
        #expect(diagnostic.rule == nil)
        #expect(diagnostic.file == "/a.xcconfig")
        #expect(diagnostic.location?.line == 2)
    }

    @Test func aValueWithinTheLimitHasNoDiagnostic() {
        let resolver = makeResolver("B = abcdefgh\nEXACT = 01234567$(B)\n", options: Resolver.Options(maximumValueSize: 16))
        #expect(resolver.value(of: "EXACT") == "01234567abcdefgh")
        #expect(resolver.diagnostics.isEmpty)
    }
}
