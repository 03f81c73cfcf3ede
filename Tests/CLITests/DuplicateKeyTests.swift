import Foundation
import Testing
import XCConfig
@testable import XCConfigCLI

/// Issue 30, finding 14: a key written twice in one dictionary of the project file, where an
/// edit command would change it, is reported at its place, naming both lines, and nothing is
/// written (it was "internal error: the edited file does not read back as intended").
@Suite("Duplicate keys in a project file", .serialized, .enabled(if: diffGitExecutable != nil, "git is not installed"))
struct DuplicateKeyTests {
    /// The repository of ``TemporaryRepository/project(targets:base:appSetting:)`` with the first
    /// `line` of the project file followed by `added`.
    static func repository(after line: String, adding added: String) throws -> TemporaryRepository {
        let repository = try TemporaryRepository()
        try repository.write("Config/App.xcconfig", "PRODUCT_NAME = App\nDEVELOPMENT_TEAM = BBBBBBBBBB\n")
        try repository.write("Config/Other.xcconfig", "OTHER = 1\n")
        let original = TemporaryRepository.project(targets: ["first"])
        try repository.write(
            "App.xcodeproj/project.pbxproj", original.replacingOccurrences(of: line, with: line + added, options: [], range: original.range(of: line)))
        try repository.commit("one")
        return repository
    }

    /// The 1-based numbers of the lines of the project file that read `line`.
    static func lineNumbers(of line: String, in repository: TemporaryRepository) throws -> [Int] {
        let text = try String(contentsOfFile: repository.root + "/App.xcodeproj/project.pbxproj", encoding: .utf8)
        return text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().compactMap { $0.element == line ? $0.offset + 1 : nil }
    }

    @Test(arguments: [
        ["project", "extract", "App.xcodeproj", "--output", "Extracted"],
        ["project", "clear-overrides", "App.xcodeproj"],
        ["local", "init", "--project", "App.xcodeproj", "DEVELOPMENT_TEAM=ABCDE12345"],
    ])
    func aBuildSettingWrittenTwiceIsReportedWithBothLines(command: [String]) throws {
        // DEVELOPMENT_TEAM twice in the Debug buildSettings, after APP_SETTING; the key starts
        // after four tabs.
        let repository = try Self.repository(
            after: "\t\t\t\tAPP_SETTING = 1;\n", adding: "\t\t\t\tDEVELOPMENT_TEAM = AAAAAAAAAA;\n\t\t\t\tDEVELOPMENT_TEAM = CCCCCCCCCC;\n")
        let first = try #require(Self.lineNumbers(of: "\t\t\t\tDEVELOPMENT_TEAM = AAAAAAAAAA;", in: repository).first)
        let second = try #require(Self.lineNumbers(of: "\t\t\t\tDEVELOPMENT_TEAM = CCCCCCCCCC;", in: repository).first)
        let column = 5
        let before = Self.snapshot(repository)
        let result = repository.run(command)
        // A problem of the input: status 1 from every command (issue 30, finding 14, "one status").
        #expect(result.status == .failure, "\(result.stderr)")
        #expect(result.stderr.contains(
            "App.xcodeproj/project.pbxproj:\(second):\(column): error: 'DEVELOPMENT_TEAM' is written twice in one buildSettings, on lines \(first) and \(second)"),
            "\(result.stderr)")
        #expect(!result.stderr.contains("internal error"))
        #expect(result.stdout.isEmpty, "\(result.stdout)")
        #expect(Self.snapshot(repository) == before)
    }

    @Test func aBaseReferenceWrittenTwiceIsReportedBySetBase() throws {
        let line = "\t\t\tbaseConfigurationReference = BASECFG;"
        let repository = try Self.repository(after: line + "\n", adding: line + "\n")
        let lines = try Self.lineNumbers(of: line, in: repository)
        try #require(lines.count == 2)
        let (first, second, column) = (lines[0], lines[1], 4)
        let before = Self.snapshot(repository)
        let result = repository.run(["project", "set-base", "App.xcodeproj", "Config/Other.xcconfig", "--target", "first"])
        #expect(result.status == .failure, "\(result.stderr)")
        #expect(result.stderr.contains(
            "App.xcodeproj/project.pbxproj:\(second):\(column): error: 'baseConfigurationReference' is written twice in the object C_first_Debug, on lines \(first) and \(second)"),
            "\(result.stderr)")
        #expect(Self.snapshot(repository) == before)
    }

    /// Every file below the repository but `.git`, with its contents.
    static func snapshot(_ repository: TemporaryRepository) -> [String: Data] {
        var files: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(atPath: repository.root)
        while let relative = enumerator?.nextObject() as? String {
            if relative == ".git" || relative.hasPrefix(".git/") { continue }
            files[relative] = FileManager.default.contents(atPath: repository.root + "/" + relative) ?? Data()
        }
        return files
    }
}
