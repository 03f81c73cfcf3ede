import Foundation
import Testing

/// `action.yml` run as a runner runs a composite action: each step's `run` script in bash, its
/// `env` and `${{ inputs.* }}` filled in, with a fake GITHUB_* environment (the workspace, the
/// step summary and GITHUB_PATH files). The install step downloads a release made from the
/// `xcconfig` built here, from a `file:` URL, and checks its checksum.
@Suite struct GitHubActionTests {
    struct Step {
        var name: String
        var environment: [(String, String)] = []
        var script = ""
    }

    /// The inputs' defaults and the steps, read from the shape this action.yml has (block
    /// scalars for `run`, one `KEY: VALUE` a line for `env`).
    static func readAction() throws -> (defaults: [String: String], steps: [Step]) {
        let text = try String(contentsOfFile: Shell.repository + "/action.yml", encoding: .utf8)
        var defaults: [String: String] = [:], steps: [Step] = []
        var section = "", input = "", inEnvironment = false, inScript = false
        func unquote(_ value: Substring) -> String {
            let trimmed = value.trimmingCharacters(in: .whitespaces)
            return trimmed.hasPrefix("\"") && trimmed.hasSuffix("\"") && trimmed.count >= 2 ? String(trimmed.dropFirst().dropLast()) : trimmed
        }
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let indent = line.prefix { $0 == " " }.count
            let content = line.drop { $0 == " " }
            if inScript {
                if indent >= 8 || content.isEmpty {
                    steps[steps.count - 1].script += String(line.dropFirst(min(8, indent))) + "\n"
                    continue
                }
                inScript = false
            }
            if indent == 0 { section = String(content.prefix { $0 != ":" }) }
            if section == "inputs", indent == 2 { input = String(content.dropLast()) }
            if section == "inputs", indent == 4, content.hasPrefix("default:") { defaults[input] = unquote(content.dropFirst(8)) }
            guard section == "runs" else { continue }
            if content.hasPrefix("- name: ") { steps.append(Step(name: String(content.dropFirst(8)))); inEnvironment = false }
            else if indent == 6 { inEnvironment = content == "env:"; if content == "run: |" { inScript = true } }
            else if indent == 8, inEnvironment, let colon = content.firstIndex(of: ":") {
                steps[steps.count - 1].environment.append((String(content[..<colon]), unquote(content[content.index(after: colon)...])))
            }
        }
        return (defaults, steps)
    }

    /// `${{ inputs.NAME }}` and `${{ github.action_path }}` as the runner fills them in.
    static func expand(_ text: String, inputs: [String: String]) -> String {
        var result = text.replacingOccurrences(of: "${{ github.action_path }}", with: Shell.repository)
        while let range = result.range(of: #"\$\{\{ inputs\.[A-Za-z_-]+ \}\}"#, options: .regularExpression) {
            let name = String(result[range].dropFirst("${{ inputs.".count).dropLast(" }}".count))
            result.replaceSubrange(range, with: inputs[name] ?? "")
        }
        return result
    }

    struct Run {
        var output = ""
        var status: Int32 = 0
        var summary = ""
    }

    /// Runs every step in `workspace` as the runner would, until one fails.
    static func runAction(_ given: [String: String], workspace: String) throws -> Run {
        let (defaults, steps) = try readAction()
        let inputs = defaults.merging(given) { _, new in new }
        let runner = try Shell.temporaryDirectory("action-runner")
        defer { try? FileManager.default.removeItem(atPath: runner) }
        let summary = runner + "/summary.md", pathFile = runner + "/path"
        FileManager.default.createFile(atPath: summary, contents: nil)
        FileManager.default.createFile(atPath: pathFile, contents: nil)
        var run = Run()
        for step in steps {
            // GITHUB_PATH lines written by earlier steps come first on PATH, as on a runner.
            let added = (try String(contentsOfFile: pathFile, encoding: .utf8)).split(separator: "\n").reversed().joined(separator: ":")
            var environment = [
                "GITHUB_ACTIONS": "true", "CI": "true", "GITHUB_WORKSPACE": workspace, "GITHUB_STEP_SUMMARY": summary,
                "GITHUB_PATH": pathFile, "GITHUB_BASE_REF": "main", "RUNNER_TEMP": runner,
                // Without the tool of this machine's PATH, so only the installed one can answer.
                "PATH": (added.isEmpty ? "" : added + ":") + "/usr/local/bin:/usr/bin:/bin",
            ]
            for (key, value) in step.environment { environment[key] = expand(value, inputs: inputs) }
            let result = try Shell.run(expand(step.script, inputs: inputs), in: workspace, environment: environment)
            run.output += result.output
            run.status = result.status
            if result.status != 0 { break }
        }
        run.summary = try String(contentsOfFile: summary, encoding: .utf8)
        return run
    }

    /// A release of the built `xcconfig` as Scripts/release.sh lays it out, below a `file:` URL.
    static func fakeRelease() throws -> (url: String, version: String, directory: String) {
        let directory = try Shell.temporaryDirectory("action-release")
        let version = "0.0.0-test"
        let machine = try Shell.run("uname -m").output.trimmingCharacters(in: .whitespacesAndNewlines)
        let name = "xcconfig-\(version)-\(machine)-linux"
        let script = """
            set -e
            mkdir -p "\(version)/\(name)" && cp "\(Shell.xcconfig!)" "\(version)/\(name)/xcconfig"
            cd "\(version)" && tar -czf "\(name).tar.gz" "\(name)" && rm -r "\(name)" && sha256sum "\(name).tar.gz" > "\(name).tar.gz.sha256"
            """
        let result = try Shell.run(script, in: directory)
        #expect(result.status == 0, "\(result.error)")
        return ("file://" + directory, version, directory)
    }

    static func git(_ arguments: String, in directory: String) throws {
        let result = try Shell.run("git -c user.email=test@example.com -c user.name=Test -c commit.gpgsign=false " + arguments, in: directory)
        #expect(result.status == 0, "git \(arguments): \(result.error)")
    }

    static let canRun: Bool = {
        #if os(Linux)
        return Shell.xcconfig != nil && Shell.find("curl") != nil && Shell.find("git") != nil && Shell.find("sha256sum") != nil
        #else
        return false  // the fake release is a Linux one
        #endif
    }()

    @Test(.enabled(if: canRun, "needs Linux, the built xcconfig, curl, git and sha256sum"))
    func lintReportsFindingsAsAnnotations() throws {
        let release = try Self.fakeRelease()
        defer { try? FileManager.default.removeItem(atPath: release.directory) }
        let workspace = try Shell.temporaryDirectory("action-lint")
        defer { try? FileManager.default.removeItem(atPath: workspace) }
        try FileManager.default.createDirectory(atPath: workspace + "/Config", withIntermediateDirectories: true)
        try "URL = https://example.com/x\n".write(toFile: workspace + "/Config/App.xcconfig", atomically: true, encoding: .utf8)
        try Self.git("init -q -b main", in: workspace)

        let run = try Self.runAction(["command": "lint", "version": release.version, "release-url": release.url], workspace: workspace)
        #expect(run.output.contains("::warning file=Config/App.xcconfig,line=1,col=13,title=comment-in-value::"), "\(run.output)")
        #expect(run.output.contains("\(Self.fakeReleaseName(release.version)).tar.gz: OK"), "the checksum is checked")
    }

    static func fakeReleaseName(_ version: String) -> String {
        let machine = (try? Shell.run("uname -m").output.trimmingCharacters(in: .whitespacesAndNewlines)) ?? ""
        return "xcconfig-\(version)-\(machine)-linux"
    }

    @Test(.enabled(if: canRun, "needs Linux, the built xcconfig, curl, git and sha256sum"))
    func diffWritesItsTableToTheJobSummaryAndAnnotatesTheChangedLine() throws {
        let release = try Self.fakeRelease()
        defer { try? FileManager.default.removeItem(atPath: release.directory) }
        let workspace = try Shell.temporaryDirectory("action-diff")
        defer { try? FileManager.default.removeItem(atPath: workspace) }
        try "SWIFT_VERSION = 5.0\n".write(toFile: workspace + "/App.xcconfig", atomically: true, encoding: .utf8)
        try Self.git("init -q -b main", in: workspace)
        try Self.git("add App.xcconfig", in: workspace)
        try Self.git("commit -q -m base", in: workspace)
        try "SWIFT_VERSION = 6.0\n".write(toFile: workspace + "/App.xcconfig", atomically: true, encoding: .utf8)

        let run = try Self.runAction(["command": "diff", "paths": "App.xcconfig", "base": "main",
                                      "version": release.version, "release-url": release.url], workspace: workspace)
        #expect(run.status == 0, "\(run.output)")
        #expect(run.summary.contains("| <code>SWIFT_VERSION</code> | <code>5.0</code> | <code>6.0</code> | <code>App.xcconfig:1:1</code> |"), "\(run.summary)")
        #expect(run.output.contains("::notice file=App.xcconfig,line=1,col=1,title=SWIFT_VERSION changed::"), "\(run.output)")
    }

    @Test(.enabled(if: canRun, "needs Linux, the built xcconfig, curl, git and sha256sum"))
    func aReleaseWithAWrongChecksumIsRefused() throws {
        let release = try Self.fakeRelease()
        defer { try? FileManager.default.removeItem(atPath: release.directory) }
        let name = Self.fakeReleaseName(release.version)
        try (String(repeating: "0", count: 64) + "  \(name).tar.gz\n")
            .write(toFile: "\(release.directory)/\(release.version)/\(name).tar.gz.sha256", atomically: true, encoding: .utf8)
        let workspace = try Shell.temporaryDirectory("action-checksum")
        defer { try? FileManager.default.removeItem(atPath: workspace) }
        let run = try Self.runAction(["command": "lint", "version": release.version, "release-url": release.url], workspace: workspace)
        #expect(run.status != 0)
        #expect(!run.output.contains("Found"), "lint never ran")
    }

    @Test func theStepsAreReadFromTheAction() throws {
        let (defaults, steps) = try Self.readAction()
        #expect(defaults["command"] == "lint")
        #expect(Set(defaults.keys) == ["command", "paths", "project", "base", "version", "release-url"])
        #expect(steps.map(\.name) == ["Install xcconfig", "Run xcconfig ${{ inputs.command }}"])
        #expect(steps.allSatisfy { $0.script.hasPrefix("set -euo pipefail\n") })
    }
}
