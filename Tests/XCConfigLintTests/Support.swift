import XCConfig
import XCConfigSyntax
@testable import XCConfigLint

/// The directory every example lives in.
let exampleDirectory = "/example"

/// A linter over an in-memory file system, for tests.
func makeLinter(
    files: [String: String],
    currentDirectory: String = exampleDirectory,
    configuration: LintConfiguration = LintConfiguration(),
    git: (any GitOracle)? = nil
) -> (Linter, InMemoryFileSystem) {
    let fileSystem = InMemoryFileSystem(currentDirectory: currentDirectory, files: files)
    let linter = Linter(configuration: configuration, fileSystem: fileSystem, git: git)
    return (linter, fileSystem)
}

/// One example prepared for linting: marker-free files and where the markers were.
struct PreparedExample {
    var fileSystem: InMemoryFileSystem
    var linter: Linter
    /// Expected finding places as `path:line:column`, sorted.
    var expected: [String]
    var mainPath: String

    init(_ example: RuleExample, rule: RuleDescription) {
        var files: [String: String] = [:]
        var expected: [String] = []
        mainPath = exampleDirectory + "/Example.xcconfig"
        for (name, text) in [("Example.xcconfig", example.code)] + example.files.sorted(by: { $0.key < $1.key }) {
            let (clean, offsets) = RuleExample.strippingMarkers(text)
            let path = name.hasPrefix("/") ? name : exampleDirectory + "/" + name
            files[path] = clean
            let tree = XCConfigParser.parse(clean)
            for offset in offsets {
                let location = tree.location(ofOffset: offset)
                expected.append("\(path):\(location.line):\(location.column)")
            }
        }
        self.expected = expected.sorted()
        var configuration = LintConfiguration()
        configuration.optInRules = [rule.identifier]
        var git: (any GitOracle)? = nil
        if let tracked = example.gitTracked {
            git = StaticGit(
                root: exampleDirectory,
                tracked: Set(tracked.map { exampleDirectory + "/" + $0 }),
                ignored: Set(example.gitIgnored.map { exampleDirectory + "/" + $0 }))
        }
        (linter, fileSystem) = makeLinter(files: files, configuration: configuration, git: git)
        // A project example is linted as `xcconfig lint Example.xcconfig --project App.xcodeproj`.
        linter.project = example.projectPath.map { $0.hasPrefix("/") ? $0 : exampleDirectory + "/" + $0 }
    }

    /// Where the rule reported, as `path:line:column`, sorted.
    func actual(rule: String) throws -> [String] {
        try linter.lint(paths: [mainPath])
            .filter { $0.rule == rule }
            .map { "\($0.file ?? "?"):\($0.location?.line ?? 0):\($0.location?.column ?? 0)" }
            .sorted()
    }
}
