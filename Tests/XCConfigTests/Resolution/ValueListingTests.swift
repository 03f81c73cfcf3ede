import Testing
@testable import XCConfig

/// ``Resolver/forEachValue(at:_:)``, the byte path `resolve` prints through, gives exactly the
/// names and values of ``Resolver/resolveAll(at:)``, including where evaluation gives up.
@Suite struct ValueListingTests {
    static func resolver(_ text: String, options: Resolver.Options = Resolver.Options()) -> Resolver {
        makeResolver(
            text, levelsAbove: [Level(kind: .commandLine, source: .dictionary([DictionaryEntry(key: "FROM_COMMAND_LINE", value: "cl $(A)")]))],
            context: EvaluationContext(configuration: "Debug", sdks: ["iphoneos17.0", "iphoneos"], arch: "arm64"), options: options)
    }

    static func listed(_ resolver: Resolver) -> [String] {
        var lines: [String] = []
        resolver.forEachValue { name, value in
            lines.append(String(decoding: name, as: UTF8.self) + " = " + String(decoding: value, as: UTF8.self))
        }
        return lines
    }

    @Test func agreesWithResolveAll() {
        let text = """
            A = a $(B:upper) $(C)
            B[config=Debug] = b $(C) $(D:default=$(A))
            B[config=Release] = release
            C = c $(inherited) $(E)
            C[sdk=iphoneos*][arch=arm64] = $(inherited) device
            D = $(C)$(C)
            E = e
            UNMATCHED[config=Release] = never
            EMPTY =
            F = $(A) $(B) $(C) $(D) $(E) $(UNSET) $UNSET_BARE $(SRCROOT:dir)
            """
        let listed = Self.listed(Self.resolver(text))
        let expected = Self.resolver(text).resolveAll().map { "\($0.name) = \($0.value)" }
        #expect(listed == expected)
        #expect(listed.contains("UNMATCHED = "))
        #expect(listed.contains("E = e"))
        #expect(listed.first { $0.hasPrefix("FROM_COMMAND_LINE = cl a ") } != nil)
    }

    /// A value that nests too deep is empty, in both, and reported once.
    @Test func evaluationThatGivesUpIsEmpty() {
        // S0 is listed first and reaches S40 through 40 others.
        var text = "S40 = end\n"
        for index in 0..<40 { text += "S\(index) = $(S\(index + 1))\n" }
        let options = Resolver.Options(maximumDepth: 10)
        let resolver = Self.resolver(text, options: options)
        let listed = Self.listed(resolver)
        #expect(listed.contains("S0 = "))
        #expect(listed.contains("S40 = end"))
        #expect(listed == Self.resolver(text, options: options).resolveAll().map { "\($0.name) = \($0.value)" })
        #expect(resolver.diagnostics.contains { $0.message.contains("nests deeper than 10") })
    }

    /// Listing only some levels leaves out settings assigned elsewhere only.
    @Test func listsTheChosenLevels() {
        let resolver = Self.resolver("A = a\n")
        var names: [String] = []
        resolver.forEachValue(at: .targetXCConfig) { name, _ in
            names.append(String(decoding: name, as: UTF8.self))
        }
        #expect(names == ["A"])
    }
}
