import Testing
@testable import XCConfig

/// Values are built in place at the top of ``Evaluator/values`` (``Evaluator/evaluatePieces(_:)``):
/// each way a reference's value can end up next to the part built gives the value a fresh
/// resolver gives, in every order of asking, and asked again from the cache.
@Suite struct InPlaceBuildTests {
    static func values(_ text: String, _ names: [String]) -> [String: String] {
        let resolver = makeResolver(text)
        var got: [String: String] = [:]
        for name in names { got[name] = resolver.value(of: name) }
        for name in names { #expect(resolver.value(of: name) == got[name], "\(name) from the cache") }
        return got
    }

    static func check(_ text: String, _ expected: [String: String]) {
        let names = expected.keys.sorted()
        for order in [names, names.reversed(), names.enumerated().sorted { ($0.offset * 7) % names.count < ($1.offset * 7) % names.count }.map(\.element)] {
            #expect(values(text, order) == expected, "asked in the order \(order)")
        }
    }

    /// Each setting evaluated for the first time is cached right after the text before it.
    @Test func cachedRightAfterThePartBuilt() {
        Self.check("""
            A1 = x$(A2)-$(A2)
            A2 = y$(A3)
            A3 = z$(A4)
            A4 = w
            """, ["A1": "xyzw-yzw", "A2": "yzw", "A3": "zw", "A4": "w"])
    }

    /// `:upper` copies a value that was just cached above the part built: the rest is built
    /// elsewhere.
    @Test func cachedAboveThePartBuiltButNotTheValue() {
        Self.check("""
            A = a$(X:upper)b$(Y)c$(X:lower)
            X = x$(Y)
            Y = Yy
            """, ["A": "aXYYbYycxyy", "X": "xYy", "Y": "Yy"])
    }

    /// A computed name is evaluated above the part built before the setting it names.
    @Test func computedNameBeforeAFirstEvaluation() {
        Self.check("""
            A = a$($(N)_SUFFIX)b
            N = X
            X_SUFFIX = s$(Y)
            Y = y
            """, ["A": "asyb", "N": "X", "X_SUFFIX": "sy", "Y": "y"])
    }

    /// A computed name that names the setting being evaluated reaches the assignment below,
    /// as `$(inherited)` does (semantics §3: self-reference behaves exactly like `$(inherited)`).
    @Test func computedNameOfTheSettingItself() {
        Self.check("""
            V = base
            V = [$($(N):upper)]$($(M))
            N = V
            M = Y
            Y = y
            """, ["V": "[BASE]y", "N": "V", "M": "Y", "Y": "y"])
    }

    /// A value that is not cached (it reaches the setting being evaluated) and of which
    /// `:file` keeps a later part: moved down to the end of the part built. (Inside `B`, `X`
    /// reaches no `B` below, and its operators keep nothing.)
    @Test func uncachedPartMovedDown() {
        Self.check("""
            X = p/$(B:file)q$(B:dir)$(B:suffix)
            B = dir/file.ext$(X)
            """, ["X": "p/file.extqdir/.ext", "B": "dir/file.extp/q"])
    }

    /// Values read from the cache below the part built are copied after it.
    @Test func cachedBelowCopied() {
        Self.check("""
            A = $(Y)-$(Y)-$(UNSET:default=$(Y)$(Y))-$(inherited)
            Y = y
            A = [$(inherited)]$(Y)
            """, ["A": "[y-y-yy-]y", "Y": "y"])
    }
}
