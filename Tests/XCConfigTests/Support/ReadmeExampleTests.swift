import Foundation
import Testing

/// The README's first library example is the `main.swift` of `Samples/LibraryUsage`, a package
/// that depends on this one and that CI builds and runs in Swift 6 language mode: so the
/// example users copy compiles as shown.
@Suite struct ReadmeExampleTests {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test func firstLibraryExampleIsTheSampleThatCIBuilds() throws {
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        let section = try #require(readme.range(of: "## Using the library"))
        let rest = readme[section.upperBound...]
        let open = try #require(rest.range(of: "```swift\n"))
        let close = try #require(rest[open.upperBound...].range(of: "```\n"))
        let example = String(rest[open.upperBound..<close.lowerBound])
        let sample = try String(
            contentsOf: Self.root.appendingPathComponent("Samples/LibraryUsage/Sources/ResolveConcurrently/main.swift"), encoding: .utf8)
        #expect(example == sample)
        #expect(example.contains("withTaskGroup"))
        let ci = try String(contentsOf: Self.root.appendingPathComponent(".ci/run"), encoding: .utf8)
        #expect(ci.contains("--package-path Samples/LibraryUsage"))
    }
}
