import Testing
import XCConfigSyntax
@testable import XCConfig

/// `SettingsDiff`: which resolved values differ between two stacks, and where each came from.
@Suite struct SettingsDiffTests {
    static func resolver(_ files: [String: String], root: String = "/w/App.xcconfig", context: EvaluationContext = EvaluationContext()) throws -> Resolver {
        let fileSystem = InMemoryFileSystem(currentDirectory: "/w", files: files)
        return try StackInputs(targetConfigFiles: [root]).load(with: IncludeLoader(fileSystem: fileSystem), context: context).resolver
    }

    @Test func aValueChangedInAnIncludedFileIsReportedWithBothAssignments() throws {
        let old = try Self.resolver(["/w/App.xcconfig": "#include \"Shared.xcconfig\"\nA = 1\n", "/w/Shared.xcconfig": "B = old\n"])
        let new = try Self.resolver(["/w/App.xcconfig": "#include \"Shared.xcconfig\"\nA = 1\n", "/w/Shared.xcconfig": "// edited\nB = new\n"])
        let changes = SettingsDiff.changes(from: old, to: new)
        #expect(changes.map(\.name) == ["B"])
        let change = try #require(changes.first)
        #expect(change.kind == .changed)
        #expect(change.old?.value == "old")
        #expect(change.new?.value == "new")
        #expect(change.old?.winner?.file == "/w/Shared.xcconfig")
        #expect(change.old?.winner?.location?.line == 1)
        #expect(change.new?.winner?.location?.line == 2)
        #expect(change.new?.winner?.level == .targetXCConfig)
    }

    @Test func settingsThatAppearOrDisappearAreAddedOrRemoved() throws {
        let old = try Self.resolver(["/w/App.xcconfig": "A = 1\nGONE = x\n"])
        let new = try Self.resolver(["/w/App.xcconfig": "A = 1\nNEW = y\n"])
        let changes = SettingsDiff.changes(from: old, to: new)
        #expect(changes.map(\.name) == ["GONE", "NEW"])
        #expect(changes.map(\.kind) == [.removed, .added])
        #expect(changes[0].new == nil)
        #expect(changes[1].old == nil)
    }

    @Test func aMovedAssignmentWithTheSameValueIsNoChange() throws {
        let old = try Self.resolver(["/w/App.xcconfig": "A = 1\nB = 2\n"])
        let new = try Self.resolver(["/w/App.xcconfig": "B = 2\n\n\nA = 1\n"])
        #expect(SettingsDiff.changes(from: old, to: new).isEmpty)
    }

    @Test func aChangeReachingThroughInheritedIsReported() throws {
        let old = try Self.resolver(["/w/App.xcconfig": "#include \"Base.xcconfig\"\nFLAGS = $(inherited) -b\n", "/w/Base.xcconfig": "FLAGS = -a\n"])
        let new = try Self.resolver(["/w/App.xcconfig": "#include \"Base.xcconfig\"\nFLAGS = $(inherited) -b\n", "/w/Base.xcconfig": "FLAGS = -z\n"])
        let changes = SettingsDiff.changes(from: old, to: new)
        #expect(changes.map(\.name) == ["FLAGS"])
        #expect(changes.first?.old?.value == "-a -b")
        #expect(changes.first?.new?.value == "-z -b")
        // The winner is the assignment with $(inherited), on both sides.
        #expect(changes.first?.new?.winner?.file == "/w/App.xcconfig")
    }

    @Test func twoContextsOfTheSameFilesDifferInTheirConditionalSettings() throws {
        let files = ["/w/App.xcconfig": "OPT = -O0\nOPT[config=Release] = -O\nSAME = 1\n"]
        let debug = try Self.resolver(files, context: EvaluationContext(configuration: "Debug"))
        let release = try Self.resolver(files, context: EvaluationContext(configuration: "Release"))
        let changes = SettingsDiff.changes(from: debug, to: release, at: .targetXCConfig)
        #expect(changes.map(\.name) == ["OPT"])
        #expect(changes.first?.new?.winner?.conditionSuffix == "[config=Release]")
    }

    @Test func identicalInputsHaveNoChangesButAnyDifferenceInTheStackIsSeen() throws {
        let files = ["/w/App.xcconfig": "#include? \"Local.xcconfig\"\nA = $(B)\n", "/w/Other.xcconfig": "B = 1\n"]
        func stack(_ files: [String: String], overrides: [DictionaryEntry] = [], xcconfig: String? = nil) throws -> Resolver {
            let fileSystem = InMemoryFileSystem(currentDirectory: "/w", files: files)
            var inputs = StackInputs(targetConfigFiles: ["/w/App.xcconfig"], commandLineSettings: overrides)
            inputs.xcconfigOverride = xcconfig
            return try inputs.load(with: IncludeLoader(fileSystem: fileSystem), context: EvaluationContext()).resolver
        }
        #expect(SettingsDiff.changes(from: try stack(files), to: try stack(files)).isEmpty)
        // A command-line override on one side only.
        let overridden = SettingsDiff.changes(from: try stack(files), to: try stack(files, overrides: [DictionaryEntry(key: "B", value: "2")]))
        #expect(overridden.map(\.name) == ["A", "B"])
        // An optional include that exists on the new side only.
        var withLocal = files
        withLocal["/w/Local.xcconfig"] = "B = 3\n"
        #expect(SettingsDiff.changes(from: try stack(files), to: try stack(withLocal)).map(\.name) == ["A", "B"])
        // A file of another level whose contents differ.
        let changedOther = SettingsDiff.changes(from: try stack(files, xcconfig: "/w/Other.xcconfig"), to: try stack(files.merging(["/w/Other.xcconfig": "B = 4\n"]) { $1 }, xcconfig: "/w/Other.xcconfig"))
        #expect(changedOther.map(\.name) == ["A", "B"])
        #expect(changedOther.first?.new?.value == "4")
    }

    @Test func aMissingSideListsEverySettingAsAddedOrRemoved() throws {
        let new = try Self.resolver(["/w/App.xcconfig": "A = 1\nB = 2\n"])
        #expect(SettingsDiff.changes(from: nil, to: new, at: .targetXCConfig).map(\.kind) == [.added, .added])
        #expect(SettingsDiff.changes(from: new, to: nil, at: .targetXCConfig).map(\.kind) == [.removed, .removed])
        #expect(SettingsDiff.changes(from: new, to: new).isEmpty)
    }

    @Test func listingsAreMergedInByteOrder() {
        func setting(_ name: String, _ value: String) -> ResolvedSetting { ResolvedSetting(name: name, value: value, winner: nil) }
        let changes = SettingsDiff.changes(
            from: [setting("A", "1"), setting("C", "3"), setting("a", "x")],
            to: [setting("B", "2"), setting("C", "4"), setting("a", "x"), setting("b", "y")])
        #expect(changes.map(\.name) == ["A", "B", "C", "b"])
        #expect(changes.map(\.kind) == [.removed, .added, .changed, .added])
    }
}
