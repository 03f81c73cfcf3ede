#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
@testable import XCConfig
import XCConfigSyntax

/// The include vectors of semantics §6.2, on an in-memory file system.
@Suite struct IncludeLoaderTests {
    func load(_ files: [String: String], root: String = "/tmp/root.xcconfig", projectRoot: String? = "/tmp",
              developerDirectory: String? = nil) throws -> LoadedConfiguration {
        let fileSystem = InMemoryFileSystem(currentDirectory: "/tmp", files: files)
        return try IncludeLoader(fileSystem: fileSystem, projectRoot: projectRoot, developerDirectory: developerDirectory).load(path: root)
    }

    func value(_ loaded: LoadedConfiguration, _ name: String) -> String? {
        let resolver = makeResolver(loaded)
        return resolver.isAssigned(name) ? resolver.value(of: name) : nil
    }

    @Test func i1MissingIncludeIsAnErrorAtTheDirective() throws {
        let loaded = try load(["/tmp/root.xcconfig": "A = 1\n#include \"Missing.xcconfig\"\n"])
        #expect(loaded.diagnostics.map(\.message) == ["could not find included file 'Missing.xcconfig' in search paths"])
        #expect(loaded.diagnostics.first?.severity == .error)
        #expect(loaded.diagnostics.first?.file == "/tmp/root.xcconfig")
        #expect(loaded.diagnostics.first?.location?.line == 2)
    }

    @Test func i2MissingOptionalIncludeIsSilent() throws {
        let loaded = try load(["/tmp/root.xcconfig": "#include? \"Missing.xcconfig\"\n"])
        #expect(loaded.diagnostics.isEmpty)
        #expect(loaded.includes.first?.outcome == .notFound)
    }

    @Test func i3NoSearchPathsForInMemoryText() {
        let loader = IncludeLoader(fileSystem: InMemoryFileSystem())
        let loaded = loader.load(bytes: Array("#include \"x.xcconfig\"\n".utf8), path: nil)
        #expect(loaded.diagnostics.map(\.message) == ["could not find included file 'x.xcconfig' because there are no search paths to locate it"])
    }

    @Test func i4MissingAbsoluteIncludeDoesNotExist() throws {
        let loaded = try load(["/tmp/root.xcconfig": "#include \"/abs/none.xcconfig\"\n"])
        #expect(loaded.diagnostics.map(\.message) == ["included file '/abs/none.xcconfig' does not exist"])
    }

    @Test func i5IndirectCycleIsAWarningAndSkipped() throws {
        let loaded = try load([
            "/tmp/root.xcconfig": "#include \"/tmp/A.xcconfig\"\n",
            "/tmp/A.xcconfig": "#include \"B.xcconfig\"\nSETTING_A=VALUE1\n",
            "/tmp/B.xcconfig": "#include \"A.xcconfig\"\nSETTING_B=VALUE2\nSETTING_BA=$(SETTING_A)\n",
        ])
        #expect(loaded.diagnostics.count == 1)
        let warning = try #require(loaded.diagnostics.first)
        #expect(warning.severity == .warning)
        #expect(warning.file == "/tmp/B.xcconfig")
        #expect(warning.location?.line == 1)
        #expect(warning.message == "Skipping the inclusion of 'A.xcconfig' from 'B.xcconfig' as it would create a cycle.")
        #expect(warning.notes == [
            "Cycle Path: 'A.xcconfig' -> 'B.xcconfig' -> 'A.xcconfig'",
            "Cycle Details:",
            "'/tmp/A.xcconfig' includes '/tmp/B.xcconfig'",
            "'/tmp/B.xcconfig' includes '/tmp/A.xcconfig'",
        ])
        #expect(value(loaded, "SETTING_A") == "VALUE1")
        #expect(value(loaded, "SETTING_B") == "VALUE2")
        #expect(value(loaded, "SETTING_BA") == "VALUE1")
    }

    @Test func i6SelfInclusionIsACycle() throws {
        let loaded = try load(["/tmp/root.xcconfig": "#include \"C.xcconfig\"\n", "/tmp/C.xcconfig": "#include \"C.xcconfig\"\nSETTING_C=VALUE3\n"])
        #expect(loaded.diagnostics.first?.message == "Skipping the inclusion of 'C.xcconfig' from 'C.xcconfig' as it would create a cycle.")
        #expect(loaded.diagnostics.first?.notes.first == "Cycle Path: 'C.xcconfig' -> 'C.xcconfig'")
        #expect(loaded.diagnostics.first?.notes.count == 3)
        #expect(value(loaded, "SETTING_C") == "VALUE3")
    }

    @Test func i7DiamondsAreNotCycles() throws {
        let loaded = try load([
            "/tmp/root.xcconfig": "#include \"A.xcconfig\"\n#include \"D.xcconfig\"\n#include \"E.xcconfig\"\n",
            "/tmp/A.xcconfig": "#include \"B.xcconfig\"\n#include \"C.xcconfig\"\n",
            "/tmp/D.xcconfig": "#include \"C.xcconfig\"\n",
            "/tmp/E.xcconfig": "#include \"B.xcconfig\"\n",
            "/tmp/B.xcconfig": "FROM_B = b\n",
            "/tmp/C.xcconfig": "FROM_C = c\n",
        ])
        #expect(loaded.diagnostics.isEmpty)
        #expect(loaded.assignments.filter { $0.assignment.name == "FROM_C" }.count == 2)
        #expect(value(loaded, "FROM_B") == "b")
    }

    @Test func i8ExtensionIsInferredAndRepeatsAreFine() throws {
        let loaded = try load([
            "/tmp/root.xcconfig": "#include \"/tmp/A\"\n#include \"/tmp/B\"\n",
            "/tmp/A.xcconfig": "KEY_A = VALUE_A\n#include? \"/tmp/O\"\n",
            "/tmp/B.xcconfig": "#include \"A\"\nKEY_B = VALUE_B\n",
        ])
        #expect(loaded.diagnostics.isEmpty)
        #expect(value(loaded, "KEY_B") == "VALUE_B")
    }

    @Test func i9IncludesAreSearchedInTheIncludersDirectoryFirst() throws {
        let loaded = try load([
            "/tmp/Test.xcconfig": "#include \"xcconfigs/Base1.xcconfig\"\n",
            "/tmp/xcconfigs/Base1.xcconfig": "#include \"Base0.xcconfig\"\n",
            "/tmp/xcconfigs/Base0.xcconfig": "XCCONFIG_USER_SETTING = from-xcconfig\n",
        ], root: "/tmp/Test.xcconfig", projectRoot: nil)
        #expect(loaded.diagnostics.isEmpty)
        #expect(value(loaded, "XCCONFIG_USER_SETTING") == "from-xcconfig")
        #expect(loaded.assignments.last?.assignment.nameRange.start == SourceLocation(line: 1, column: 1))
    }

    @Test func ancestorIncludersDirectoriesAreSearchedBeforeTheProjectRoot() throws {
        let loaded = try load([
            "/w/App/root.xcconfig": "#include \"sub/child.xcconfig\"\n",
            "/w/App/sub/child.xcconfig": "#include \"sibling.xcconfig\"\n",
            "/w/App/sibling.xcconfig": "FOUND = ancestor\n",
            "/tmp/sibling.xcconfig": "FOUND = project-root\n",
        ], root: "/w/App/root.xcconfig")
        #expect(value(loaded, "FOUND") == "ancestor")
    }

    @Test func i10DeveloperDirectoryIsReplaced() throws {
        let loaded = try load([
            "/tmp/root.xcconfig": "#include \"<DEVELOPER_DIR>/Makefiles/x.xcconfig\"\n",
            "/Xcode/Developer/Makefiles/x.xcconfig": "FROM_XCODE = yes\n",
        ], developerDirectory: "/Xcode/Developer")
        #expect(loaded.diagnostics.isEmpty)
        #expect(value(loaded, "FROM_XCODE") == "yes")
    }

    @Test func developerDirectoryIncludeWithoutADeveloperDirectoryIsMissing() throws {
        let loaded = try load(["/tmp/root.xcconfig": "#include \"<DEVELOPER_DIR>/Makefiles/x.xcconfig\"\n"])
        #expect(loaded.diagnostics.count == 1)
        #expect(loaded.diagnostics.first?.severity == .error)
    }

    @Test func i11UnreadableOptionalIncludeIsStillAnError() throws {
        let fileSystem = InMemoryFileSystem(currentDirectory: "/tmp", files: [
            "/tmp/root.xcconfig": "#include? \"secret.xcconfig\"\n#include? \"folder\"\n",
            "/tmp/secret.xcconfig": "A = 1\n",
        ])
        fileSystem.addDirectory("/tmp/folder")
        fileSystem.setPermissions(0o000, of: "/tmp/secret.xcconfig")
        let loaded = try IncludeLoader(fileSystem: fileSystem).load(path: "/tmp/root.xcconfig")
        #expect(loaded.diagnostics.map(\.message) == [
            "unable to read included file '/tmp/secret.xcconfig'",
            "unable to read included file '/tmp/folder'",
        ])
    }

    @Test func cyclesAreComparedBySymlinkResolvedPath() throws {
        let fileSystem = InMemoryFileSystem(currentDirectory: "/tmp", files: [
            "/tmp/root.xcconfig": "#include \"real/A.xcconfig\"\n",
            "/tmp/real/A.xcconfig": "#include \"/tmp/link/A.xcconfig\"\nA = 1\n",
        ])
        fileSystem.addSymlink("/tmp/link", pointingTo: "/tmp/real")
        let loaded = try IncludeLoader(fileSystem: fileSystem).load(path: "/tmp/root.xcconfig")
        #expect(loaded.diagnostics.count == 1)
        #expect(loaded.diagnostics.first?.severity == .warning)
    }

    @Test func aThreeThousandFileChainLoadsWithoutRecursion() throws {
        var files: [String: String] = ["/tmp/root.xcconfig": "#include \"f0.xcconfig\"\n"]
        for index in 0..<3_000 {
            files["/tmp/f\(index).xcconfig"] = (index < 2_999 ? "#include \"f\(index + 1).xcconfig\"\n" : "") + "CHAIN = $(inherited) \(index)\n"
        }
        let loaded = try load(files)
        #expect(loaded.diagnostics.isEmpty)
        #expect(loaded.assignments.count == 3_000)
        #expect(loaded.dependencies.count == 3_001)
    }

    @Test func rootThatIsADirectoryOrMissingThrows() {
        let fileSystem = InMemoryFileSystem(currentDirectory: "/tmp")
        fileSystem.addDirectory("/tmp/dir")
        #expect(throws: IncludeLoader.RootError.self) { try IncludeLoader(fileSystem: fileSystem).load(path: "/tmp/dir") }
        #expect(throws: IncludeLoader.RootError.self) { try IncludeLoader(fileSystem: fileSystem).load(path: "/tmp/none.xcconfig") }
    }

    // MARK: - Regressions for the loader's shortcuts (search without a list, one lookup per entry)

    @Test func theSameNameIncludedFromTwoDirectoriesResolvesInEach() throws {
        let loaded = try load([
            "/tmp/root.xcconfig": "#include \"a/Leaf.xcconfig\"\n#include \"b/Leaf.xcconfig\"\n",
            "/tmp/a/Leaf.xcconfig": "#include \"Common\"\n",
            "/tmp/a/Common.xcconfig": "FROM_A = a\n",
            "/tmp/b/Leaf.xcconfig": "#include \"Common\"\n",
            "/tmp/b/Common.xcconfig": "FROM_B = b\n",
        ])
        #expect(loaded.diagnostics.isEmpty)
        #expect(loaded.includes.compactMap(\.resolvedPath) == [
            "/tmp/a/Leaf.xcconfig", "/tmp/a/Common.xcconfig", "/tmp/b/Leaf.xcconfig", "/tmp/b/Common.xcconfig",
        ])
        #expect(value(loaded, "FROM_A") == "a")
        #expect(value(loaded, "FROM_B") == "b")
    }

    @Test func repeatedAndAlternatingDirectoriesAreSearchedInOrder() throws {
        // Search list of Deep.xcconfig: /tmp/x, /tmp/y, /tmp/x (again, skipped), /tmp, then the project root /tmp.
        let loaded = try load([
            "/tmp/root.xcconfig": "#include \"x/A.xcconfig\"\n",
            "/tmp/x/A.xcconfig": "#include \"../y/B.xcconfig\"\n",
            "/tmp/y/B.xcconfig": "#include \"../x/Deep.xcconfig\"\n",
            "/tmp/x/Deep.xcconfig": "#include \"OnlyInY.xcconfig\"\n#include \"OnlyInTmp\"\n#include \"Nowhere.xcconfig\"\n#include? \"\"\n",
            "/tmp/y/OnlyInY.xcconfig": "Y = 1\n",
            "/tmp/OnlyInTmp.xcconfig": "T = 1\n",
        ])
        #expect(loaded.includes.map(\.resolvedPath) == [
            "/tmp/x/A.xcconfig", "/tmp/y/B.xcconfig", "/tmp/x/Deep.xcconfig",
            "/tmp/y/OnlyInY.xcconfig", "/tmp/OnlyInTmp.xcconfig", nil, "/tmp/x",
        ])
        #expect(loaded.diagnostics.map(\.message) == [
            "could not find included file 'Nowhere.xcconfig' in search paths",
            "unable to read included file '/tmp/x'",
        ])
    }

    @Test func aSymlinkedFileCycleIsDetectedAndReportedWithItsPaths() throws {
        let fileSystem = InMemoryFileSystem(currentDirectory: "/tmp", files: [
            "/tmp/root.xcconfig": "#include \"A.xcconfig\"\n",
            "/tmp/A.xcconfig": "#include \"Alias.xcconfig\"\nA = 1\n",
        ])
        fileSystem.addSymlink("/tmp/Alias.xcconfig", pointingTo: "A.xcconfig")
        let loaded = try IncludeLoader(fileSystem: fileSystem).load(path: "/tmp/root.xcconfig")
        #expect(loaded.diagnostics.count == 1)
        let warning = try #require(loaded.diagnostics.first)
        #expect(warning.message == "Skipping the inclusion of 'Alias.xcconfig' from 'A.xcconfig' as it would create a cycle.")
        #expect(warning.notes.count == 3)
        #expect(loaded.includes.map(\.outcome) == [.included, .cycle])
        #expect(value(loaded, "A") == "1")
    }

    @Test func aFileChangedBetweenTwoLoadsIsReadAgain() throws {
        let fileSystem = InMemoryFileSystem(currentDirectory: "/tmp", files: [
            "/tmp/root.xcconfig": "#include \"Leaf\"\n",
            "/tmp/Leaf.xcconfig": "V = old\n",
        ])
        let loader = IncludeLoader(fileSystem: fileSystem)
        #expect(value(try loader.load(path: "/tmp/root.xcconfig"), "V") == "old")
        fileSystem.addFile("/tmp/Leaf.xcconfig", "V = new\n")
        #expect(value(try loader.load(path: "/tmp/root.xcconfig"), "V") == "new")
        // A name that now resolves elsewhere, and one that no longer resolves.
        fileSystem.remove("/tmp/Leaf.xcconfig")
        fileSystem.addFile("/tmp/Leaf", "V = extensionless\n")
        #expect(value(try loader.load(path: "/tmp/root.xcconfig"), "V") == "extensionless")
        fileSystem.remove("/tmp/Leaf")
        #expect(try loader.load(path: "/tmp/root.xcconfig").diagnostics.map(\.message) == ["could not find included file 'Leaf' in search paths"])
    }

    @Test func aFileReplacedByASymlinkBetweenLoadsIsComparedByItsNewTarget() throws {
        let fileSystem = InMemoryFileSystem(currentDirectory: "/tmp", files: [
            "/tmp/root.xcconfig": "#include \"B.xcconfig\"\n",
            "/tmp/B.xcconfig": "B = 1\n",
        ])
        let loader = IncludeLoader(fileSystem: fileSystem)
        #expect(try loader.load(path: "/tmp/root.xcconfig").diagnostics.isEmpty)
        fileSystem.remove("/tmp/B.xcconfig")
        fileSystem.addSymlink("/tmp/B.xcconfig", pointingTo: "root.xcconfig")
        let loaded = try loader.load(path: "/tmp/root.xcconfig")
        #expect(loaded.includes.map(\.outcome) == [.cycle])
    }

    @Test func realFileSystemIncludesThroughSymlinkedFoldersAndCycles() throws {
        var template = Array("/tmp/xcconfig-include-test-XXXXXX".utf8CString)
        let directory = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)!) }
        defer { _ = system("rm -rf '\(directory)'") }
        let fileSystem = RealFileSystem(currentDirectory: directory)
        mkdir(directory + "/real", 0o755)
        symlink(directory + "/real", directory + "/link")
        try fileSystem.writeAtomically(Array("#include \"link/A\"\nROOT = 1\n".utf8), to: directory + "/root.xcconfig")
        try fileSystem.writeAtomically(Array("#include \"../real/A.xcconfig\"\nA = a\n".utf8), to: directory + "/real/A.xcconfig")
        let loaded = try IncludeLoader(fileSystem: fileSystem).load(path: "root.xcconfig")
        #expect(loaded.includes.map(\.resolvedPath) == [directory + "/link/A.xcconfig", directory + "/real/A.xcconfig"])
        #expect(loaded.includes.map(\.outcome) == [.included, .cycle])
        #expect(loaded.diagnostics.first?.notes.last == "'\(directory)/link/A.xcconfig' includes '\(directory)/real/A.xcconfig'")
        #expect(value(loaded, "A") == "a")
    }

    /// Issue 30, finding 14: an include that is a loop of symbolic links says so, rather than
    /// "could not find"; a dangling link is still not found.
    @Test func anIncludeThatIsALoopOfSymbolicLinksSaysSo() throws {
        var template = Array("/tmp/xcconfig-include-test-XXXXXX".utf8CString)
        let directory = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)!) }
        defer { _ = system("rm -rf '\(directory)'") }
        let fileSystem = RealFileSystem(currentDirectory: directory)
        symlink("loop2", directory + "/loop1")
        symlink("loop1", directory + "/loop2")
        symlink("nowhere", directory + "/dangling")
        try fileSystem.writeAtomically(Array("#include \"loop1\"\n#include \"dangling\"\nA = 1\n".utf8), to: directory + "/root.xcconfig")
        let loaded = try IncludeLoader(fileSystem: fileSystem).load(path: "root.xcconfig")
        #expect(loaded.diagnostics.map(\.message) == [
            "cannot open included file 'loop1': '\(directory)/loop1' is a loop of symbolic links (too many levels of symbolic links)",
            "could not find included file 'dangling' in search paths",
        ])
        #expect(value(loaded, "A") == "1")
    }

    @Test func aFileSystemWithoutItsOwnLinkTestStillComparesByResolvedPath() throws {
        let memory = InMemoryFileSystem(currentDirectory: "/tmp", files: [
            "/tmp/root.xcconfig": "#include \"real/A.xcconfig\"\n#include \"B.xcconfig\"\n",
            "/tmp/real/A.xcconfig": "#include \"/tmp/link/A.xcconfig\"\nA = 1\n",
            "/tmp/B.xcconfig": "#include \"Alias.xcconfig\"\n",
        ])
        memory.addSymlink("/tmp/link", pointingTo: "/tmp/real")
        memory.addSymlink("/tmp/Alias.xcconfig", pointingTo: "B.xcconfig")
        let loaded = try IncludeLoader(fileSystem: Forwarding(base: memory)).load(path: "/tmp/root.xcconfig")
        #expect(loaded.includes.map(\.outcome) == [.included, .cycle, .included, .cycle])
    }
}

/// A file system that uses the protocol's default `isSymbolicLink`.
private struct Forwarding: FileSystem {
    let base: InMemoryFileSystem
    func kind(of path: String) -> FileKind? { base.kind(of: path) }
    func read(_ path: String) throws(FileSystemError) -> [UInt8] { try base.read(path) }
    func writeAtomically(_ bytes: [UInt8], to path: String) throws(FileSystemError) { try base.writeAtomically(bytes, to: path) }
    func contents(ofDirectory path: String) throws(FileSystemError) -> [String] { try base.contents(ofDirectory: path) }
    func resolvingSymlinks(_ path: String) -> String { base.resolvingSymlinks(path) }
    var currentDirectory: String { base.currentDirectory }
}
