import Testing
@testable import XCConfig

/// The evaluation vectors of semantics §6.3, checked on the string form (what `resolve`
/// prints) and, for list vectors, on the typed list value.
@Suite struct EvaluationVectorTests {
    @Test func e1InheritedValueAndSelfReferenceAllMeanTheNextLowerAssignment() throws {
        let r = makeResolver("""
            PRODUCT_NAME = a
            PRODUCT_NAME = ($(PRODUCT_NAME))
            PRODUCT_NAME = {$(value)}
            PRODUCT_NAME = [$(PRODUCT_NAME)]
            PRODUCT_NAME = <$(inherited)>
            PRODUCT_NAME = $(inherited),$(inherited)
            PRODUCT_NAME = $(PRODUCT_NAME)|$(value)|$(inherited)
            """)
        #expect(r.value(of: "PRODUCT_NAME") == "<[{(a)}]>,<[{(a)}]>|<[{(a)}]>,<[{(a)}]>|<[{(a)}]>,<[{(a)}]>")
    }

    @Test func e2InterleavedSelfReferencesResolveThroughTheEnclosingEvaluations() throws {
        let r = makeResolver("X = a\nY = b\nX = ($(Y))\nY = {$(X)}\nX = [$(Y)]\nY = <$(X)>,<$(Y)>\n")
        #expect(r.value(of: "X") == "[<({a})>,<{(b)}>]")
        #expect(r.value(of: "Y") == "<[{(b)}]>,<{[b]}>")
    }

    @Test func e4NestedNamesAreEvaluatedBeforeLookup() throws {
        let r = makeResolver("X = X\nY = Y\nZ = Z\nXYZ = (xyz)\nR = $($(X)$(Y)$(Z))\n")
        #expect(r.value(of: "R") == "(xyz)")
    }

    @Test func e19ConditionalSettingNamesComposeFromDefaults() throws {
        let base = "SETTING_YES = true\nSETTING_NO = false\nSETTING = $(SETTING_$(BOOLEAN:default=NO))\n"
        #expect(makeResolver(base).value(of: "SETTING") == "false")
        #expect(makeResolver(base + "BOOLEAN = YES\n").value(of: "SETTING") == "true")
    }

    @Test func e20DefaultSuppliesAnElementForAnUndefinedReference() throws {
        #expect(makeResolver("LIST = $(UNDEFINED:default=empty)\n").listValue(of: "LIST") == ["empty"])
    }

    @Test func e21AdjacentListReferencesConcatenateIntoElements() throws {
        let r = makeResolver("X = x\nY = y\nZ = z\nXYZ = $(X) $(Y) $(Z)\nA = $(X)$(Y)$(Z)\nB = $(XYZ)$(XYZ)$(XYZ)\n")
        #expect(r.listValue(of: "A") == ["xyz"])
        #expect(r.listValue(of: "B") == ["x", "y", "zx", "y", "zx", "y", "z"])
    }

    @Test func e22UnsetStringIsAnEmptyElementButUnsetListIsNothing() throws {
        let r = makeResolver("""
            PRODUCT_NAME =
            L1 = -foo $(PRODUCT_NAME)
            L2 = -foo $(SWIFT_VERSION)
            L3 = -foo $(LIST_UNSET)
            L4 = -foo $(UNKNOWN)
            """)
        #expect(r.listValue(of: "L1") == ["-foo", ""])
        #expect(r.listValue(of: "L2") == ["-foo", ""])
        #expect(r.listValue(of: "L3") == ["-foo"])
        #expect(r.listValue(of: "L4") == ["-foo"])
    }

    @Test func e23StringFormKeepsWhitespaceQuotesAndEscapes() throws {
        let r = makeResolver("X = x\nA = $()   $(X)    $()\nB = \\a$(X)\\b\nC = Expanded value: '$(X)'\n")
        #expect(r.listValue(of: "A") == ["x"])
        #expect(r.value(of: "A") == "   x    ")
        #expect(r.listValue(of: "B") == ["axb"])
        #expect(r.value(of: "B") == "\\ax\\b")
        #expect(r.listValue(of: "C") == ["Expanded", "value:", "x"])
        #expect(r.value(of: "C") == "Expanded value: 'x'")
    }

    @Test func e25QuotesAndEscapesInLists() throws {
        let r = makeResolver(#"LIST = "a" \"a\" a"b" a\"b\" 'a' a'b' a\'b\'"# + "\n")
        #expect(r.listValue(of: "LIST") == ["a", "\"a\"", "ab", "a\"b\"", "a", "ab", "a'b'"])
    }

    @Test func e27InheritedSplicesListElements() throws {
        let r = makeResolver("X = x\nX = $(X) $(X) $(X)\nX = -I $(X)\nX = $(inherited) -D A\nX = $(value) -D B\nY = -Wnone $(X) -D C\n")
        #expect(r.listValue(of: "X") == ["-I", "x", "x", "x", "-D", "A", "-D", "B"])
        #expect(r.listValue(of: "Y") == ["-Wnone", "-I", "x", "x", "x", "-D", "A", "-D", "B", "-D", "C"])
    }

    @Test func e29MutualReferencesEndEmpty() throws {
        let r = makeResolver("A = $(B)\nB = $(A)\n")
        #expect(r.value(of: "A") == "")
        #expect(r.value(of: "B") == "")
    }

    @Test func e31QuotedUserDefinedValuesKeepTheirQuotesInStringForm() throws {
        let r = makeResolver("A = \"x y\"\nB = $(A) z\nC = \"$(A)\" z\nPRODUCT_NAME = $(A)\n")
        #expect(r.listValue(of: "B") == ["x y", "z"])
        #expect(r.listValue(of: "C") == ["\"x y\"", "z"])
        #expect(r.value(of: "PRODUCT_NAME") == "\"x y\"")
    }

    @Test func e32StringTypedReferencesAreOneElement() throws {
        let r = makeResolver("PRODUCT_NAME = My App\nOTHER_LDFLAGS = -l$(PRODUCT_NAME)\nMY = My App\nOTHER_CFLAGS = $(MY)\n")
        #expect(r.listValue(of: "OTHER_LDFLAGS") == ["-lMy App"])
        #expect(r.listValue(of: "OTHER_CFLAGS") == ["My", "App"])
    }

    @Test func e33DollarForms() throws {
        let r = makeResolver("FOO = 1\nA = $$(FOO)\nB = $FOO.bar\nC = ${FOO}\nD = $1\n")
        #expect(r.value(of: "A") == "$(FOO)")
        #expect(r.value(of: "B") == "$FOO.bar")
        #expect(r.value(of: "C") == "1")
        #expect(r.value(of: "D") == "$1")
    }

    @Test func e34AndE35PathOperatorEdges() throws {
        let r = makeResolver("""
            P = dir/file
            Q = .profile
            V = 1..2.3
            W = yes
            X = /foo
            Y = a/b/
            N = name
            R1 = $(P:base=new)
            R2 = $(Q:base)|$(Q:suffix)
            R3 = $(V:truncatedversion)
            R4 = $(W:not)
            R5 = $(X:dir)|$(Y:dir)|$(Y:file)|$(N:file=bar)|$(N:dir=)
            """)
        #expect(r.value(of: "R1") == "dir/new.")
        #expect(r.value(of: "R2") == "|.profile")
        #expect(r.value(of: "R3") == "1.2.3")
        #expect(r.value(of: "R4") == "YES")
        #expect(r.value(of: "R5") == "/|a/b/||bar|name")
    }

    // The three operator residuals of issue 31, each checked against Apple's implementation.
    @Test func truncatedVersionDropsEmptyComponentsBeforeCounting() throws {
        #expect(makeResolver("V = 1..2.3.4\nR = $(V:truncatedversion)\n").value(of: "R") == "1.2.3")
    }

    @Test func baseReplacementKeepsTheExtensionOfALeadingDotName() throws {
        #expect(makeResolver("D = .o\nR = $(D:base=nb)\n").value(of: "R") == "nb.o")
    }

    @Test func standardizePathOfTheCurrentDirectoryIsADot() throws {
        #expect(makeResolver("P = .\nR = $(P:standardizepath)\n").value(of: "R") == ".")
    }

    @Test func e36UpperUsesUnicodeCasing() throws {
        #expect(makeResolver("S = straße\nU = $(S:upper)\n").value(of: "U") == "STRASSE")
    }

    @Test func typedValuesReadBooleansAndNormalisePaths() throws {
        let r = makeResolver("""
            SKIP_INSTALL = yes
            ONLY_ACTIVE_ARCH = NO
            SRCROOT = /this/is/../path/
            FRAMEWORK_SEARCH_PATHS = /a/./b /a/b "/c d"
            """)
        #expect(r.typedValue(of: "SKIP_INSTALL") == .boolean(true))
        #expect(r.typedValue(of: "ONLY_ACTIVE_ARCH") == .boolean(false))
        #expect(r.typedValue(of: "SRCROOT") == .path("/this/path"))
        #expect(r.value(of: "SRCROOT") == "/this/is/../path/")
        #expect(r.typedValue(of: "FRAMEWORK_SEARCH_PATHS") == .list(["/a/b", "/c d"]))
    }
}

/// The condition and layering vectors of semantics §6.4.
@Suite struct ConditionVectorTests {
    @Test func c1LastMatchingAssignmentWinsRegardlessOfSpecificity() throws {
        let text = """
            CONFIG_OVERRIDE[config=Release] = value_release
            CONFIG_OVERRIDE = value_default
            CONFIG_OVERRIDE[config=Debug] = value_debug
            CONFIG_PARTIAL = value_default
            CONFIG_PARTIAL[config=D*] = value_d
            """
        let debug = makeResolver(text, context: EvaluationContext(configuration: "Debug"))
        #expect(debug.value(of: "CONFIG_OVERRIDE") == "value_debug")
        #expect(debug.value(of: "CONFIG_PARTIAL") == "value_d")
        let release = makeResolver(text, context: EvaluationContext(configuration: "Release"))
        #expect(release.value(of: "CONFIG_OVERRIDE") == "value_default")
        #expect(release.value(of: "CONFIG_PARTIAL") == "value_default")
    }

    @Test func c3ConditionalInheritedAppends() throws {
        let text = "FOO = a\nFOO[sdk=iphoneos*] = $(inherited) b\n"
        #expect(makeResolver(text, context: EvaluationContext(sdks: ["iphoneos18.0"])).value(of: "FOO") == "a b")
        #expect(makeResolver(text, context: EvaluationContext(sdks: ["macosx15.0"])).value(of: "FOO") == "a")
    }

    @Test func c4DictionaryKeysApplyInAscendingOrderSoConditionalKeysWin() {
        let r = Resolver(levels: [Level(kind: .project, source: .dictionary([
            DictionaryEntry(key: "OTHER_CFLAGS[arch=*]", value: "-Wall"),
            DictionaryEntry(key: "OTHER_CFLAGS", value: "this value should be shadowed"),
        ]))], context: EvaluationContext())
        #expect(r.value(of: "OTHER_CFLAGS") == "-Wall")
    }

    @Test func c6CommaInPatternIsLiteral() throws {
        let r = makeResolver("FOO[sdk=iphoneos*,macosx*] = x\n", context: EvaluationContext(sdks: ["macosx15.0"]))
        #expect(r.value(of: "FOO") == "")
    }

    @Test func c8SDKFallbackNamesBindPerSetting() {
        let r = Resolver(levels: [Level(kind: .project, source: .dictionary([
            DictionaryEntry(key: "FOO", value: "project-$(inherited)"),
            DictionaryEntry(key: "FOO[sdk=macosx*]", value: "macos_$(inherited)"),
            DictionaryEntry(key: "FOO[sdk=iphone*]", value: "ios_$(inherited)"),
        ]))], context: EvaluationContext(sdks: ["macosx15.0", "macosx"]))
        #expect(r.value(of: "FOO") == "macos_project-")
    }

    /// The SDK is chosen from every `sdk` pattern of the setting at the level, also those of
    /// assignments whose other conditions fail (semantics §4.2: "any of that setting's
    /// sdk-conditioned assignments"); an assignment with several `sdk` conditions keeps only
    /// when all of them match the chosen name. Read in an xcconfig file, conditions as bytes.
    @Test func sdkChoiceCountsEveryPatternOfTheSetting() throws {
        let text = """
            FOO = base
            FOO[config=Release][sdk=iphoneos17*] = release17
            FOO[sdk=iphoneos] = generic
            BAR[sdk=iphoneos*][sdk=*17.0] = both
            BAZ = base
            BAZ[sdk=iphoneos][arch=arm64] = generic-arm64
            """
        let r = makeResolver(text, context: EvaluationContext(configuration: "Debug", sdks: ["iphoneos17.0", "iphoneos"], arch: "arm64"))
        // `iphoneos17*` (of the Release assignment) picks iphoneos17.0, which `iphoneos` does not match.
        #expect(r.value(of: "FOO") == "base")
        #expect(r.value(of: "BAR") == "both")
        // Only `iphoneos` itself matches BAZ's pattern: the fallback name is chosen.
        #expect(r.value(of: "BAZ") == "generic-arm64")
    }

    /// Many settings with `sdk` conditions at one level each get their own choice. The choice
    /// once compared every pair of a level's sdk-conditional assignments, quadratic in their
    /// number; this keeps such a level in the tests (not timed).
    @Test func manySDKConditionalSettingsBindSeparately() throws {
        var text = ""
        for index in 0..<4_000 {
            text += index % 2 == 0 ? "S\(index)[sdk=iphoneos17*] = a\(index)\n" : "S\(index)[sdk=iphoneos] = b\(index)\n"
        }
        let r = makeResolver(text, context: EvaluationContext(sdks: ["iphoneos17.0", "iphoneos"]))
        #expect(r.value(of: "S0") == "a0")
        #expect(r.value(of: "S3999") == "b3999")
        #expect(r.value(of: "S1234") == "a1234")
        #expect(r.value(of: "S1235") == "b1235")
    }

    @Test func c9LevelsStackInXcodesOrder() {
        func level(_ kind: LevelKind, _ value: String) -> Level {
            Level(kind: kind, source: .dictionary([DictionaryEntry(key: "BAZ", value: value)]))
        }
        let r = Resolver(levels: [
            level(.environment, "environment-$(inherited)"),
            level(.project, "project-$(inherited)"),
            level(.target, "target-$(inherited)"),
            level(.commandLine, "overrides-$(inherited)"),
            level(.commandLine, "commandline-$(inherited)"),
            level(.xcconfigOverride, "commandlineconfig-$(inherited)-fromfile"),
            level(.environmentXCConfig, "environmentconfig-$(inherited)-fromfile"),
        ], context: EvaluationContext())
        #expect(r.value(of: "BAZ") == "environmentconfig-commandlineconfig-commandline-overrides-target-project-environment--fromfile-fromfile")
    }

    @Test func c11OtherReferencesBindLateToTheWholeStack() {
        let r = Resolver(levels: [
            Level(kind: .project, source: .dictionary([
                DictionaryEntry(key: "PROJECT_AND_MAYBE_TARGET", value: "$(TARGET_SETTING) $(PROJECT_SETTING)"),
                DictionaryEntry(key: "PROJECT_SETTING", value: "project"),
            ])),
            Level(kind: .target, source: .dictionary([DictionaryEntry(key: "TARGET_SETTING", value: "target")])),
        ], context: EvaluationContext())
        #expect(r.value(of: "PROJECT_AND_MAYBE_TARGET") == "target project")
    }

    @Test func c12SDKConditionOnSDKROOTIsIgnoredWithAWarning() {
        let r = Resolver(levels: [Level(kind: .project, source: .dictionary([
            DictionaryEntry(key: "SDKROOT[sdk=macosx*][variant=profile]", value: "x"),
        ]))], context: EvaluationContext(sdks: ["macosx15.0"], variant: "profile"))
        #expect(r.value(of: "SDKROOT") == "")
        #expect(r.diagnostics.map(\.message) == [
            "SDK condition on SDKROOT is unsupported, so the SDKROOT[sdk=macosx*][variant=profile] assignment at the project level will be ignored.",
        ])
    }
}
