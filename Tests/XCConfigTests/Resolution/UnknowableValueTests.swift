import Testing
import XCConfigSyntax
@testable import XCConfig

/// ``UnknowableValue``: which resolved values depend on settings only Xcode and its SDK define.
@Suite struct UnknowableValueTests {
    static func resolver(_ text: String, context: EvaluationContext = EvaluationContext()) throws -> Resolver {
        let fileSystem = InMemoryFileSystem(currentDirectory: "/w", files: ["/w/App.xcconfig": text])
        return try StackInputs(targetConfigFiles: ["/w/App.xcconfig"]).load(with: IncludeLoader(fileSystem: fileSystem), context: context).resolver
    }

    @Test(arguments: [
        ("SDKROOT", true), ("SDK_DIR", true), ("SDK_VERSION_MAJOR", true), ("PLATFORM_DIR", true), ("DEVELOPER_DIR", true),
        ("ARCHS_STANDARD_64_BIT", true), ("XCODE_VERSION_MAJOR", true), ("EFFECTIVE_PLATFORM_NAME", true), ("NATIVE_ARCH_ACTUAL", true),
        ("SDKROOT_EXTRA", false), ("MY_SDKROOT", false), ("SDK", false), ("ARCHS", false), ("PRODUCT_NAME", false), ("", false),
    ])
    func xcodeDefinedNamesAreTheSDKsPlatformsAndInstallations(name: String, expected: Bool) {
        #expect(UnknowableValue.isDefinedByXcode(name) == expected)
    }

    @Test func aValueIsInDoubtThroughEveryReferenceChain() throws {
        let resolver = try Self.resolver("""
            HEADERS = $(SDKROOT)/usr/include
            FLAGS = -I$(HEADERS) $(OTHER)
            OTHER = -DX
            PLAIN = text
            SELF = $(SELF) $(inherited)
            NESTED = $(SWIFT_VERSION_$(XCODE_VERSION_MAJOR))
            """)
        // Evaluate first, as resolve does; the check then reads what compiling found.
        _ = resolver.resolveAll()
        let values = resolver.unknowableValues(among: ["FLAGS", "HEADERS", "OTHER", "PLAIN", "SELF", "NESTED"])
        #expect(values == [
            UnknowableValue(setting: "FLAGS", reason: "refers to SDKROOT"),
            UnknowableValue(setting: "HEADERS", reason: "refers to SDKROOT"),
            UnknowableValue(setting: "NESTED", reason: "refers to XCODE_VERSION_MAJOR"),
        ])
        // Every listed setting, in the listing's order.
        #expect(resolver.unknowableValues(at: .all).map(\.setting) == ["FLAGS", "HEADERS", "NESTED"])
    }

    @Test func aLevelThatAssignsTheSettingRemovesTheDoubt() throws {
        let resolver = try Self.resolver("SDKROOT = iphoneos\nHEADERS = $(SDKROOT)/usr/include\n")
        _ = resolver.resolveAll()
        #expect(resolver.unknowableValues(among: ["HEADERS"]).isEmpty)
    }

    @Test func theAnswerIsTheSameBeforeAnythingIsEvaluated() throws {
        let resolver = try Self.resolver("HEADERS = $(PLATFORM_DIR)/include\nPLAIN = 1\n")
        #expect(resolver.unknowableValues(among: ["HEADERS", "PLAIN"]) == [UnknowableValue(setting: "HEADERS", reason: "refers to PLATFORM_DIR")])
        _ = resolver.resolveAll()
        #expect(resolver.unknowableValues(among: ["HEADERS", "PLAIN"]) == [UnknowableValue(setting: "HEADERS", reason: "refers to PLATFORM_DIR")])
    }

    @Test func aConditionThatDoesNotMatchIsNotRead() throws {
        var context = EvaluationContext()
        context.configuration = "Release"
        let resolver = try Self.resolver("HEADERS = /usr/include\nHEADERS[config=Debug] = $(SDKROOT)/usr/include\n", context: context)
        _ = resolver.resolveAll()
        #expect(resolver.unknowableValues(among: ["HEADERS"]).isEmpty)
    }
}
