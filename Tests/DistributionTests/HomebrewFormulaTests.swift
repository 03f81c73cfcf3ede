import Foundation
import Testing

/// `Formula/xcconfig.rb`: Ruby accepts it, and its `test do` block does what it says when run
/// as the shell command it is, with the `xcconfig` built here standing in for `#{bin}/xcconfig`.
/// (A real `brew install` needs Homebrew, which is not on this project's machines.)
@Suite struct HomebrewFormulaTests {
    static let formulaPath = Shell.repository + "/Formula/xcconfig.rb"
    static let formula = (try? String(contentsOfFile: formulaPath, encoding: .utf8)) ?? ""

    @Test(.enabled(if: Shell.find("ruby") != nil, "ruby is not installed"))
    func rubyAcceptsTheFormula() throws {
        let result = try Shell.run("ruby -c \"$0\"".replacingOccurrences(of: "$0", with: Self.formulaPath))
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output.contains("Syntax OK"))
    }

    @Test func theFormulaBuildsOnlyTheToolAndInstallsTheCompletions() {
        #expect(Self.formula.contains(#"system "swift", "build", "--disable-sandbox", "-c", "release", "--product", "xcconfig""#))
        #expect(Self.formula.contains(#"generate_completions_from_executable(bin/"xcconfig", "completions")"#))
        #expect(Self.formula.range(of: #"sha256 "[0-9a-f]{64}""#, options: .regularExpression) != nil)
    }

    /// The `test do` block: the file it writes, the command it runs and the output it expects,
    /// taken from the formula's text, run as a plain shell command.
    @Test(.enabled(if: Shell.xcconfig != nil, "xcconfig is not built next to the tests"))
    func theTestBlockPassesAsAShellCommand() throws {
        let block = try #require(Self.formula.range(of: "  test do\n").map { String(Self.formula[$0.upperBound...]) })
        let write = try #require(block.firstMatch(of: /\(testpath\/"([^"]+)"\)\.write "([^"]*)"/))
        let check = try #require(block.firstMatch(of: /assert_equal "([^"]*)", shell_output\("([^"]+)"\)\.strip/))
        let directory = try Shell.temporaryDirectory("formula-test")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let contents = String(write.2).replacingOccurrences(of: "\\n", with: "\n")
        try contents.write(toFile: directory + "/" + String(write.1), atomically: true, encoding: .utf8)
        let bin = URL(fileURLWithPath: Shell.xcconfig!).deletingLastPathComponent().path
        let command = String(check.2).replacingOccurrences(of: "#{bin}", with: bin)
        let result = try Shell.run(command, in: directory)
        #expect(result.status == 0, "\(command): \(result.error)")
        #expect(result.output.trimmingCharacters(in: .whitespacesAndNewlines) == String(check.1))
    }
}
