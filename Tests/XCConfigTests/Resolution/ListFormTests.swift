import Testing
@testable import XCConfig

/// Lists evaluate through each value's list form, which the value compiler writes with
/// element separators and quoted references marked (semantics §3.3). The expected elements
/// are the spec's.
@Suite struct ListFormTests {
    static func elements(_ value: String, setting: String = "OTHER_LDFLAGS", context: String = "") -> [String] {
        makeResolver(context + "\(setting) = \(value)\n").listValue(of: setting)
    }

    @Test func quotesGroupAndEscapesApplyInsideQuotes() {
        #expect(Self.elements(#""a b" 'c d'"#) == ["a b", "c d"])
        #expect(Self.elements(#""it's" 'say "hi"'"#) == ["it's", #"say "hi""#])
        #expect(Self.elements(#"a\ b "x\"y""#) == ["a b", #"x"y"#])
        #expect(Self.elements(#"\$(A) $$"#, context: "A = no\n") == ["$(A)", "$"])
    }

    @Test func leadingAndTrailingWhitespaceMakeNoElement() {
        #expect(Self.elements(" \t a  b \t ") == ["a", "b"])
        #expect(Self.elements("") == [])
    }

    @Test func emptyQuotesAloneAreAnEmptyElement() {
        #expect(Self.elements(#"a "" b"#) == ["a", "", "b"])
        #expect(Self.elements(#"a""b"#) == ["ab"])
        #expect(Self.elements("''") == [""])
    }

    /// An xcconfig line cannot end its value in `\` (that continues the line); a project's
    /// build setting can.
    @Test func aLoneTrailingBackslashIsKept() {
        let level = Level(kind: .target, source: .dictionary([DictionaryEntry(key: "OTHER_LDFLAGS", value: #"a \"#)]))
        #expect(Resolver(levels: [level], context: EvaluationContext()).listValue(of: "OTHER_LDFLAGS") == ["a", #"\"#])
    }

    @Test func unquotedReferencesSpliceAndQuotedOnesJoinAsStrings() {
        let context = "XYZ = x y z\nEMPTY =\n"
        #expect(Self.elements("$(XYZ)$(XYZ)", context: context) == ["x", "y", "zx", "y", "z"])
        #expect(Self.elements("$(EMPTY) $(EMPTY) $(XYZ)$(XYZ) $(EMPTY)", context: context) == ["x", "y", "zx", "y", "z"])
        #expect(Self.elements(#"p$(XYZ)q "$(XYZ)""#, context: context) == ["px", "y", "zq", "x y z"])
    }

    @Test func operatorsApplyToEachSplicedElement() {
        let context = "XYZ = x y z\n"
        #expect(Self.elements("$(XYZ:upper)", context: context) == ["X", "Y", "Z"])
        #expect(Self.elements("$(NOT_SET_LIST:default=d e)", context: context) == ["d e"])
    }

    @Test func aStringTypedSettingIsOneElement() {
        #expect(Self.elements("a b", setting: "PRODUCT_NAME") == ["a b"])
        #expect(Self.elements("", setting: "PRODUCT_NAME") == [""])
    }

    /// A list that splices itself below each level doubles with each (here to 40 KB past a 10 KB
    /// bound): it is bounded as string values are, reported and empty rather than exhausting memory.
    @Test func aListGrowingPastTheBoundIsAbandoned() {
        var text = "OTHER_LDFLAGS = 0123456789\n"
        for _ in 0..<12 { text += "OTHER_LDFLAGS = $(inherited) $(inherited)\n" }
        let resolver = makeResolver(text, options: Resolver.Options(maximumValueSize: 10_000))
        #expect(resolver.listValue(of: "OTHER_LDFLAGS") == [])
        #expect(resolver.diagnostics.contains { $0.code == .valueTooLarge })
    }
}
