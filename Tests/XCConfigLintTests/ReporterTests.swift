import Testing
import XCConfig
import XCConfigSyntax
@testable import XCConfigLint

@Suite struct ReporterTests {
    let findings = [
        Diagnostic(severity: .warning, message: "value cut short by '//'", file: "/p/Config/A B.xcconfig",
                   location: SourceLocation(line: 2, column: 13), rule: "comment-in-value"),
        Diagnostic(severity: .error, message: "could not find included file 'x, y: \"z\"' <&>", file: "/elsewhere/B.xcconfig",
                   location: SourceLocation(line: 1, column: 10), notes: ["second line"], rule: "missing-include"),
    ]
    let context = ReportContext(currentDirectory: "/p")

    @Test func xcodeFormatIsClickableAndNamesTheRule() {
        #expect(XcodeReporter().report(findings, context: context) == """
            Config/A B.xcconfig:2:13: warning: value cut short by '//' [comment-in-value]
            /elsewhere/B.xcconfig:1:10: error: could not find included file 'x, y: "z"' <&> [missing-include]
            /elsewhere/B.xcconfig:1:10: note: second line

            """)
    }

    @Test func jsonIsAValidSortedArrayWithTheContractKeys() throws {
        let text = JSONReporter().report(findings, context: context)
        let value = try JSONParser.parse(text)
        let entries = try #require(value.arrayValue)
        #expect(entries.count == 2)
        #expect(entries[0].objectMembers?.map(\.key) == ["file", "line", "column", "severity", "rule", "message"])
        #expect(entries[0]["file"]?.stringValue == "Config/A B.xcconfig")
        #expect(entries[0]["line"]?.intValue == 2)
        #expect(entries[1]["severity"]?.stringValue == "error")
        #expect(entries[1]["message"]?.stringValue == "could not find included file 'x, y: \"z\"' <&>\nsecond line")
    }

    @Test func sarifHasVersionRuleMetadataAndLocations() throws {
        let value = try JSONParser.parse(SARIFReporter().report(findings, context: context))
        #expect(value["version"]?.stringValue == "2.1.0")
        let run = try #require(value["runs"]?.arrayValue?.first)
        let rules = try #require(run["tool"]?["driver"]?["rules"]?.arrayValue)
        #expect(rules.count == RuleRegistry.all.count)
        let syntax = try #require(rules.first { $0["id"]?.stringValue == "syntax" })
        #expect(syntax["shortDescription"]?["text"]?.stringValue == "Lines Xcode's xcconfig parser rejects.")
        #expect(syntax["defaultConfiguration"]?["level"]?.stringValue == "error")
        let results = try #require(run["results"]?.arrayValue)
        #expect(results[0]["ruleId"]?.stringValue == "comment-in-value")
        #expect(results[0]["level"]?.stringValue == "warning")
        let location = results[0]["locations"]?.arrayValue?.first?["physicalLocation"]
        #expect(location?["artifactLocation"]?["uri"]?.stringValue == "Config/A%20B.xcconfig")
        #expect(location?["artifactLocation"]?["uriBaseId"]?.stringValue == "%SRCROOT%")
        #expect(location?["region"]?["startLine"]?.intValue == 2)
        #expect(location?["region"]?["startColumn"]?.intValue == 13)
    }

    @Test func githubCommandsEscapeTheirProperties() {
        #expect(GitHubReporter().report(findings, context: context) == """
            ::warning file=Config/A B.xcconfig,line=2,col=13,title=comment-in-value::value cut short by '//'
            ::error file=/elsewhere/B.xcconfig,line=1,col=10,title=missing-include::could not find included file 'x, y: "z"' <&>%0Asecond line

            """)
    }

    @Test func checkstyleIsEscapedXMLGroupedByFile() {
        #expect(CheckstyleReporter().report(findings, context: context) == """
            <?xml version="1.0" encoding="UTF-8"?>
            <checkstyle version="4.3">
            \t<file name="Config/A B.xcconfig">
            \t\t<error line="2" column="13" severity="warning" message="value cut short by &apos;//&apos;" source="xcconfig-lint.comment-in-value"/>
            \t</file>
            \t<file name="/elsewhere/B.xcconfig">
            \t\t<error line="1" column="10" severity="error" message="could not find included file &apos;x, y: &quot;z&quot;&apos; &lt;&amp;&gt;&#10;second line" source="xcconfig-lint.missing-include"/>
            \t</file>
            </checkstyle>

            """)
    }

    @Test func everyFormatHasAReporter() {
        #expect(ReportFormat.allCases.map { type(of: $0.reporter).identifier } == ["xcode", "json", "sarif", "github", "checkstyle"])
    }
}
