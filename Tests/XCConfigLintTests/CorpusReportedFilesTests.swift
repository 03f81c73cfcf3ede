import ConformanceSupport
import Testing
import XCConfig
import XCConfigSyntax
@testable import XCConfigLint

/// What the language server asks of the linter for each document, on every corpus file: the
/// document's findings alone (`reportedFiles`), with trees and files kept from the runs
/// before, are the findings of a plain run of that file in it.
@Suite struct CorpusReportedFilesTests {
    @Test(.enabled(if: ConformanceFixtures.corpusDirectory != nil, "shared/corpus is absent"))
    func eachFilesFindingsAloneAreThoseOfItsWholeRun() throws {
        let corpusDirectory = try #require(ConformanceFixtures.corpusDirectory).path
        var configuration = LintConfiguration()
        configuration.optInRules = RuleRegistry.identifiers
        let fileSystem = RealFileSystem(currentDirectory: corpusDirectory)
        let plain = Linter(configuration: configuration, fileSystem: fileSystem)
        var kept = plain
        kept.parsedFiles = ParsedFileCache()
        kept.lintFiles = LintFileCache()
        let paths = FileWalker(fileSystem: fileSystem, excludes: [], excludeBase: corpusDirectory).files(under: corpusDirectory)
        #expect(paths.count > 600)
        var compared = 0
        for path in paths {
            kept.reportedFiles = [path]
            let alone = try kept.findings(paths: [path])
            let whole = try plain.findings(paths: [path]).filter { $0.file == path }
            #expect(alone == whole, "\(path)")
            compared += whole.count
        }
        #expect(compared > 100)
    }
}
