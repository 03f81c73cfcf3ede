import Testing
import XCConfig

/// One ``Resolver`` shared by concurrent tasks answers exactly what a resolver used from one
/// thread answers: queries do not disturb each other (each borrows an evaluator of its own).
@Suite struct ConcurrentQueryTests {
    /// Settings with references, `$(inherited)`, conditions, operators, lists, computed names,
    /// a self-reference and a value over the size bound (a diagnostic). (Not a chain deeper
    /// than the depth bound: whether that gives up depends on what is cached already, so on
    /// the order of the queries.)
    static let text: String = {
        var text = """
            PRODUCT_NAME = App
            SRCROOT = /src/project
            NAME_0 = PRODUCT_NAME
            OTHER_LDFLAGS = -lz
            OTHER_LDFLAGS[config=Debug] = $(inherited) -ObjC
            OTHER_LDFLAGS[sdk=iphoneos*][arch=arm64] = $(inherited) -framework "Device Kit"
            HEADER_SEARCH_PATHS = "$(SRCROOT)/a b" $(SRCROOT)/c
            GCC_PREPROCESSOR_DEFINITIONS = DEBUG=1 $(inherited)
            COMPUTED = $($(NAME_0):upper) $(UNSET:default=fallback) $(SRCROOT:file)
            SELF = start
            SELF = $(SELF) more

            """
        for index in 0..<200 {
            text += "SETTING_\(index) = $(inherited) v\(index) $(SETTING_\(max(index - 1, 0))) $(PRODUCT_NAME:lower)\n"
            text += "SETTING_\(index)[config=Release] = release_\(index)\n"
        }
        // Larger than the bound below: evaluation gives up and reports it.
        text += "HALF = \(String(repeating: "x", count: 60_000))\nBIG = $(HALF)$(HALF)\n"
        return text
    }()

    static let context = EvaluationContext(configuration: "Debug", sdks: ["iphoneos17.0", "iphoneos"], arch: "arm64")

    static func makeResolver() throws -> Resolver {
        let fileSystem = InMemoryFileSystem(currentDirectory: "/p", files: ["/p/main.xcconfig": text])
        let levels = try StackInputs(targetConfigFiles: ["main.xcconfig"])
            .load(with: IncludeLoader(fileSystem: fileSystem), context: context).resolver.levels
        return Resolver(levels: levels, context: context, options: Resolver.Options(maximumValueSize: 100_000))
    }

    /// Everything one query session asks, in an order that depends on `seed`.
    struct Answers: Equatable, Sendable {
        var all: [ResolvedSetting] = []
        var values: [String: String] = [:]
        var lists: [String: [String]] = [:]
        var explained: [String: String] = [:]
        var template = ""
    }

    static func ask(_ resolver: Resolver, seed: Int) -> Answers {
        var answers = Answers()
        var names = resolver.settingNames()
        // A different order per task, so that tasks evaluate different settings first.
        let start = (seed * 37) % names.count
        names = Array(names[start...]) + Array(names[..<start])
        if seed.isMultiple(of: 2) { names.reverse() }
        for name in names {
            answers.values[name] = resolver.value(of: name)
            answers.lists[name] = resolver.listValue(of: name)
        }
        for name in ["OTHER_LDFLAGS", "COMPUTED", "SELF", "SETTING_150"] { answers.explained[name] = resolver.explain(name).value }
        answers.template = resolver.evaluate(template: "$(PRODUCT_NAME)-$(SETTING_3)-$(X)", bindings: ["X": "bound 0"]).value
        answers.all = resolver.resolveAll()
        return answers
    }

    @Test func eightTasksGetTheSingleThreadedAnswers() async throws {
        let expected = Self.ask(try Self.makeResolver(), seed: 0)
        // What the expectations themselves say, from the spec (semantics §4): checked once.
        #expect(expected.values["OTHER_LDFLAGS"] == "-lz -ObjC -framework \"Device Kit\"")
        #expect(expected.values["SELF"] == "start more")
        #expect(expected.values["COMPUTED"] == "APP fallback project")
        #expect(expected.values["BIG"] == "")
        #expect(expected.lists["HEADER_SEARCH_PATHS"] == ["/src/project/a b", "/src/project/c"])
        #expect(expected.template.hasPrefix("App-") && expected.template.hasSuffix("-bound 0"))

        let shared = try Self.makeResolver()
        let answers = await withTaskGroup(of: Answers.self, returning: [Answers].self) { group in
            for seed in 0..<8 {
                group.addTask { Self.ask(shared, seed: seed) }
            }
            var answers: [Answers] = []
            for await answer in group { answers.append(answer) }
            return answers
        }
        #expect(answers.count == 8)
        for answer in answers {
            #expect(answer == expected)
        }
        // The value too large is reported once, however many tasks met it.
        #expect(shared.diagnostics.filter { $0.message.contains("'BIG' grows past") }.count == 1)
    }
}
