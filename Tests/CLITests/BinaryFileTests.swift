import Testing
import XCConfig
@testable import XCConfigCLI

/// A binary file named `.xcconfig` (here the first bytes of an ELF executable) gets one error
/// saying it looks like a binary file, not one error per line it happens to have, and `format`
/// refuses it instead of printing it back (issue 33, friction).
@Suite struct BinaryFileTests {
    static let elfHead: [UInt8] = [0x7F, 0x45, 0x4C, 0x46, 0x02, 0x01, 0x01, 0x00, 0x00, 0x00, 0x0A,
                                   0x02, 0x00, 0x3E, 0x00, 0x01, 0x0A, 0x00, 0x00, 0x00, 0x00, 0x0A,
                                   0xD9, 0x40, 0x00, 0x38, 0x00, 0x0D, 0x0A]

    static func fileSystem() -> InMemoryFileSystem {
        let fileSystem = InMemoryFileSystem(currentDirectory: "/work")
        fileSystem.addFile("/work/Tool.xcconfig", bytes: elfHead)
        return fileSystem
    }

    @Test func lintReportsOneBinaryFileError() {
        let result = runCLI(["lint", "Tool.xcconfig"], fileSystem: Self.fileSystem())
        #expect(result.status == .failure)
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 1, "\(result.stdout)")
        #expect(lines.first?.hasPrefix("Tool.xcconfig:1:1: error: ") == true)
        #expect(lines.first?.contains("looks like a binary file") == true)
        #expect(lines.first?.hasSuffix("[syntax]") == true)
    }

    @Test func resolveReportsOneBinaryFileError() {
        let result = runCLI(["resolve", "Tool.xcconfig"], fileSystem: Self.fileSystem())
        #expect(result.status == .failure)
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 1, "\(result.stderr)")
        #expect(lines.first?.hasPrefix("Tool.xcconfig:1:1: error: ") == true)
        #expect(lines.first?.contains("looks like a binary file") == true)
    }

    @Test func aBinaryFileIncludedIsReportedOnceAtItsOwnPlace() {
        let fileSystem = Self.fileSystem()
        fileSystem.addFile("/work/App.xcconfig", bytes: Array("#include \"Tool.xcconfig\"\nA = 1\n".utf8))
        let result = runCLI(["resolve", "App.xcconfig", "--print", "A"], fileSystem: fileSystem)
        #expect(result.stdout == "1\n")
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("Tool.xcconfig:1:1: error: "))
    }

    /// Bytes of a binary that happen to spell an include and assignments (strings compiled
    /// into an executable) give no missing-include or unreachable-assignment findings.
    static let binaryWithText = elfHead + Array("#include \"Missing.xcconfig\"\nA = 1\nA = 2\n".utf8)

    @Test func lintGivesOnlyTheBinaryFileErrorForTextInsideABinary() {
        let fileSystem = InMemoryFileSystem(currentDirectory: "/work")
        fileSystem.addFile("/work/Tool.xcconfig", bytes: Self.binaryWithText)
        let result = runCLI(["lint", "Tool.xcconfig"], fileSystem: fileSystem)
        #expect(result.stdout.split(separator: "\n").count == 1, "\(result.stdout)")
        #expect(result.stdout.contains("looks like a binary file"))
    }

    @Test func resolveGivesOnlyTheBinaryFileErrorForTextInsideABinary() {
        let fileSystem = InMemoryFileSystem(currentDirectory: "/work")
        fileSystem.addFile("/work/Tool.xcconfig", bytes: Self.binaryWithText)
        let result = runCLI(["resolve", "Tool.xcconfig"], fileSystem: fileSystem)
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        #expect(result.stderr.contains("looks like a binary file"))
    }

    @Test func formatRefusesABinaryFileAndPrintsNothing() {
        let result = runCLI(["format", "Tool.xcconfig"], fileSystem: Self.fileSystem())
        #expect(result.status == .usageError)
        #expect(result.stdoutBytes.isEmpty)
        #expect(result.stderr.hasPrefix("Tool.xcconfig:1:1: error: "))
        #expect(result.stderr.contains("looks like a binary file"))
        #expect(result.stderr.split(separator: "\n").count == 1)
    }

    @Test func formatInPlaceLeavesABinaryFileAsItIs() throws {
        let fileSystem = Self.fileSystem()
        let result = runCLI(["format", "--in-place", "Tool.xcconfig"], fileSystem: fileSystem)
        #expect(result.status == .usageError)
        #expect(try fileSystem.read("/work/Tool.xcconfig") == Self.elfHead)
    }

    @Test func formatCheckDoesNotListABinaryFileAsOneToFormat() {
        let result = runCLI(["format", "--check", "Tool.xcconfig"], fileSystem: Self.fileSystem())
        #expect(result.status == .usageError)
        #expect(result.stdout.isEmpty)
    }

    @Test func aTextFileIsFormattedAsBefore() {
        let fileSystem = workspace(["App.xcconfig": "A=1\n"])
        let result = runCLI(["format", "App.xcconfig"], fileSystem: fileSystem)
        #expect(result.status == .success)
        #expect(result.stdout == "A = 1\n")
    }
}
