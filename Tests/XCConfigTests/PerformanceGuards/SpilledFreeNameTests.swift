import Testing
@testable import XCConfig

/// A value that looks up more than four settings keeps its free names out of line (spilled);
/// its cached value must still be evaluated again inside an evaluation of any of them.
@Suite struct SpilledFreeNameTests {
    static let text = """
        A = a
        B = b
        C = c
        D = d
        E = e
        F = f
        S = $(A)$(B)$(C)$(D)$(E)$(F)
        F = f2 $(S)
        T = $(A)$(B)$(C)$(D)$(E)$(F)$(S)
        """

    static func resolver() -> Resolver {
        return makeResolver(text)
    }

    @Test func cachedValueIsNotReusedWhereAFreeNameIsEvaluated() {
        let cached = Self.resolver()
        // S first: cached with six free names, F among them.
        #expect(cached.value(of: "S") == "abcdef2 ")
        // Inside F, $(S) reaches F's earlier assignment: S is evaluated again, not read back.
        #expect(cached.value(of: "F") == "f2 abcdef")
        // T reaches F (which reaches S inside F), then S again outside F.
        #expect(cached.value(of: "T") == "abcdef2 abcdefabcdef2 ")
        for name in ["F", "T", "S"] {
            #expect(cached.value(of: name) == Self.resolver().value(of: name), "\(name)")
        }
    }
}
