import Testing
@testable import XCConfig

/// ``ProgramStore/compile(_:semantics:nameIDs:)`` compiles the common shapes of value (text,
/// `$(NAME)`, `${NAME:upper}`) in one pass and leaves every other value to the general
/// compiler: the store comes out exactly as the general compiler alone leaves it.
@Suite struct CommonShapeTests {
    /// Fragments a generated value is made of: the common shapes and every byte that makes a
    /// value unusual.
    static let fragments = [
        "text", " ", "-DFLAG", "/path", "$", "$$", "$(", "${", "$[", ")", "}", "]", ":", "=", "\\",
        "A", "B", "UNSET", "inherited", "value", "a.b", ":upper", ":lower:base", ":default=", ":x y",
        "$(A)", "${B}", "$[A]", "$(UNSET)", "$(inherited)", "$()", "$(A:upper)", "${B:lower:base}",
        "$A", "$(A:default=x)", "$($(A))", "$A$(B)", "é",
        // Operator names: known and unknown, with bytes that end one or are not a name's.
        ":dir", ":__md5", ":up-per", ":x.y", ":b@se", ":file=", ":9", ":_", "$(A:suffix)", "$(B:not:x+y)",
    ]

    /// A generator of the same values on every run.
    struct Generator {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
    }

    static func values() -> [String] {
        var generator = Generator(state: 42)
        var values = [
            "", "$", "a$", "$(A", "$(A:upper", "$(A:", "$(A:upper=", "$(A:up per)", "$(A)$(B)", "$($(A))", "$(${B})",
            "$($(A)x)", "$(x$(A))", "$($(A:upper))", "$($(A)):upper", "$(A:default=)", "$(A:default=x:upper)",
            "$(A:default=x$(B))", "$(A:default=x", "$($(A", "$($(A)", "x $($(UNSET)) $(UNSET2:default=d) $(B:base)",
            // A `$` that starts nothing, first, between references and last: the common shape
            // looks for the next `$` from there.
            "$ $(A)", "$-$(B)$", "a$/$ $(A) $", "$.$(A)$.", "$(A)$ $", "$(A) $%$(B:upper)",
        ]
        for _ in 0..<4000 {
            let count = 1 + generator.next(6)
            values.append((0..<count).map { _ in fragments[generator.next(fragments.count)] }.joined())
        }
        return values
    }

    @Test(arguments: [ValueSemantics.string, .list])
    func storeMatchesTheGeneralCompiler(semantics: ValueSemantics) {
        let names = NameTable()
        for name in ["A", "B", "value"] { names.intern(name) }
        var common = ProgramStore(), general = ProgramStore()
        defer {
        }
        for var value in Self.values() {
            let programs = value.withUTF8 { bytes in
                (common.compile(bytes, semantics: semantics, nameIDs: names),
                 general.compileInGeneral(bytes, semantics: semantics, nameIDs: names))
            }
            #expect(programs.0.pieces == programs.1.pieces, "\(value)")
            #expect(programs.0.literalStart == programs.1.literalStart, "\(value)")
            #expect(programs.0.literalLength == programs.1.literalLength, "\(value)")
            #expect(programs.0.isVerbatim == programs.1.isVerbatim, "\(value)")
            let same = Self.sameContents(common, general)
            #expect(same, "\(value)")
            if !Self.sameContents(common, general) { return }
        }
    }

    /// ``ProgramStore/program(_:nameIDs:usesListSemantics:)`` gives what
    /// ``ProgramStore/verbatimProgram(_:)`` then ``ProgramStore/compile(_:semantics:nameIDs:)``
    /// give, with the semantics asked for only where it matters (and the common shape, which
    /// gives one program for both semantics, used for values holding a `\` but none right
    /// before a `$`).
    @Test(arguments: [false, true])
    func programMatchesVerbatimThenCompile(isList: Bool) {
        let names = NameTable()
        for name in ["A", "B", "value"] { names.intern(name) }
        var direct = ProgramStore(), stepwise = ProgramStore()
        defer {
        }
        for var value in Self.values() + ["plain", "back\\slash", "\\$(A)", "$(A)\\", "a\\b$(B:upper)c",
            // A `\` right before a `$` (escaped or not), at the start, between and after references.
            "x\\$(A)$(B)", "$(A)\\$(B)", "$(A) \\${B} c", "\\\\$(A)", "\\$$(A)", "$(A)\\$", "a\\ $(B)\\x$[A]"] {
            var asked = false
            let programs = value.withUTF8 { bytes in
                (direct.program(bytes, nameIDs: names) { asked = true; return isList },
                 stepwise.verbatimProgram(bytes)
                    ?? stepwise.compile(bytes, semantics: ProgramStore.dependsOnSemantics(bytes) && isList ? .list : .string, nameIDs: names))
            }
            #expect(!asked || (value.contains("$") && value.contains("\\")), "\(value)")
            #expect(programs.0.pieces == programs.1.pieces, "\(value)")
            #expect(programs.0.literalStart == programs.1.literalStart, "\(value)")
            #expect(programs.0.literalLength == programs.1.literalLength, "\(value)")
            #expect(programs.0.isVerbatim == programs.1.isVerbatim, "\(value)")
            let same = Self.sameContents(direct, stepwise)
            #expect(same, "\(value)")
            if !Self.sameContents(direct, stepwise) { return }
        }
    }

    static func sameContents(_ a: borrowing ProgramStore, _ b: borrowing ProgramStore) -> Bool {
        guard a.pieces.count == b.pieces.count, a.references.count == b.references.count,
              a.operators.count == b.operators.count, a.text.count == b.text.count,
              a.unassignedNames.count == b.unassignedNames.count else { return false }
        for i in 0..<a.pieces.count where a.pieces[i].start != b.pieces[i].start || a.pieces[i].length != b.pieces[i].length {
            return false
        }
        for i in 0..<a.references.count {
            let x = a.references[i], y = b.references[i]
            if x.kind != y.kind || x.nameID != y.nameID || x.name != y.name || x.isBare != y.isBare || x.operators != y.operators {
                return false
            }
        }
        for i in 0..<a.operators.count where a.operators[i].name != b.operators[i].name || a.operators[i].operand != b.operators[i].operand {
            return false
        }
        if !a.text.bytes(0, a.text.count).elementsEqual(b.text.bytes(0, b.text.count)) { return false }
        return (0..<a.unassignedNames.count).allSatisfy { a.unassignedNames.name($0) == b.unassignedNames.name($0) }
    }

    /// Most generated values must take the common path for the comparison to test it.
    @Test func commonShapesAreGenerated() {
        let common = Self.values().filter { value in
            !value.contains("$$") && !value.contains("$A") && !value.contains("=") && !value.contains("$(A:x")
        }
        #expect(common.count > 400)
    }
}
