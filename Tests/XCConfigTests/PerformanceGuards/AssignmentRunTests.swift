import Testing
@testable import XCConfig

/// The resolver reads the names of a run of assignments from one file through that file's
/// input, opened once per run; runs change at every include boundary, and an assignment in the
/// general form (its name set through the API) is read on its own.
@Suite struct AssignmentRunTests {
    private func load(_ files: [String: String], root: String) -> LoadedConfiguration {
        loadConfiguration(files[root]!, path: root, files: files)
    }

    @Test func namesAcrossIncludeBoundaries() {
        let loaded = load([
            "/root.xcconfig": "A = 1\n#include \"b.xcconfig\"\nC = $(B) $(D)\n#include \"b.xcconfig\"\nE = $(A)\n",
            "/b.xcconfig": "B = 2\nD = $(inherited) 3\n",
        ], root: "/root.xcconfig")
        let resolver = makeResolver(loaded)
        #expect(resolver.settingNames() == ["A", "B", "C", "D", "E"])
        // Included twice: the second `D = $(inherited) 3` builds on the first. The string form
        // is the text as written with each reference replaced, so the empty `$(inherited)` at
        // the bottom leaves its space (recorded case `inherited-at-bottom-keeps-space`).
        #expect(resolver.value(of: "D") == " 3 3")
        // References read the final values, whatever their position (semantics §3.5).
        #expect(resolver.value(of: "C") == "2  3 3")
        #expect(resolver.value(of: "E") == "1")
        #expect(resolver.assignments(of: "B").map(\.file) == ["/b.xcconfig", "/b.xcconfig"])
    }

    @Test func renamedAssignmentIsReadByItsNewName() {
        var loaded = load(["/root.xcconfig": "A = 1\nB = 2\nC = $(RENAMED)\n"], root: "/root.xcconfig")
        var renamed = loaded.assignments[1].assignment
        renamed.name = "RENAMED"
        // The renamed assignment kept whole in a tree made from the file's statements.
        let tree = loaded.files[0].tree
        var statements = tree.statements
        statements[loaded.assignmentIndices[1].record].kind = .assignment(renamed)
        loaded.files[0] = ConfigurationFile(
            path: loaded.files[0].path, tree: SyntaxTree(bytes: tree.bytes, statements: statements, lineStarts: tree.lineStarts))
        let resolver = makeResolver(loaded)
        #expect(resolver.settingNames() == ["A", "C", "RENAMED"])
        #expect(resolver.value(of: "RENAMED") == "2")
        #expect(resolver.value(of: "C") == "2")
        #expect(resolver.value(of: "B") == "")
    }
}
