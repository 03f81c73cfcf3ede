import Testing
import XCConfig
import XCConfigSyntax
import XCConfigLint
@testable import XCConfigCLI

@Suite struct DiagnosticPrinterTests {
    func printer(color: Bool = false) -> (DiagnosticPrinter, OutputSink) {
        let sink = OutputSink.capture()
        return (DiagnosticPrinter(output: sink, usesColor: color, currentDirectory: "/work"), sink)
    }

    @Test func filesBelowTheCurrentDirectoryAreRelative() {
        let (printer, sink) = printer()
        printer.print(Diagnostic(severity: .error, message: "bad", file: "/work/Config/a.xcconfig", location: SourceLocation(line: 3, column: 7)))
        printer.print(Diagnostic(severity: .warning, message: "odd", file: "/other/b.xcconfig", location: SourceLocation(line: 1, column: 1)))
        printer.print(Diagnostic(severity: .warning, message: "rel", file: "c.xcconfig", location: SourceLocation(line: 2, column: 2)))
        #expect(sink.capturedText == """
            Config/a.xcconfig:3:7: error: bad
            /other/b.xcconfig:1:1: warning: odd
            c.xcconfig:2:2: warning: rel

            """)
    }

    /// Issue 30, finding 13: a file named `x<LF>::error file=forged.swift,line=1::FORGED<LF>y.xcconfig`
    /// must not print a line of its own, which a GitHub runner would take as a workflow command.
    @Test func controlCharactersInAFileNameOrMessageAreEscaped() {
        let (printer, sink) = printer()
        let name = "/work/x\n::error file=forged.swift,line=1::FORGED\ny.xcconfig"
        printer.print(Diagnostic(severity: .warning, message: "odd \u{1B}[2J name\r", file: name, location: SourceLocation(line: 1, column: 1)))
        #expect(sink.capturedText == "x\\n::error file=forged.swift,line=1::FORGED\\ny.xcconfig:1:1: warning: odd \\u{1B}[2J name\n")
        let report = XCConfigLint.XcodeReporter().report(
            [Diagnostic(severity: .warning, message: "m\u{2028}\u{7}", file: name, location: SourceLocation(line: 1, column: 1))],
            context: XCConfigLint.ReportContext(currentDirectory: "/work"))
        #expect(report.split(separator: "\n").count == 1)
        #expect(!report.contains("\n::error"))
        #expect(report.hasSuffix("m \\u{7}\n"))
    }

    /// Issue 30, finding 13, beyond diagnostics: `resolve --provenance` and `format --check` print
    /// such a file's name on one line too, while JSON keeps the exact name (JSON escapes it).
    @Test func controlCharactersInAFileNameAreEscapedInEveryHumanOutput() throws {
        let name = "x\n::error file=forged.swift,line=1::FORGED\ny.xcconfig"
        let fileSystem = InMemoryFileSystem(currentDirectory: "/work", files: ["/work/" + name: "FOO = 1;\n"])
        let escaped = "x\\n::error file=forged.swift,line=1::FORGED\\ny.xcconfig"
        let provenance = runCLI(["resolve", name, "--provenance"], fileSystem: fileSystem)
        #expect(provenance.stdout == "FOO = 1    // target-xcconfig \(escaped):1:1\n")
        let check = runCLI(["format", name, "--check"], fileSystem: fileSystem)
        #expect(check.stdout == escaped + "\n")
        let json = runCLI(["resolve", name, "--provenance", "--format", "json"], fileSystem: fileSystem)
        #expect(json.stdout.contains(#""file" : "x\n::error"#) || json.stdout.contains(#""file": "x\n::error"#), "\(json.stdout)")
        for output in [provenance.stdout, check.stdout] {
            #expect(!output.contains("\n::error"))
        }
    }

    @Test func aStandaloneMessageKeepsItsOwnFileAndSeverityOnOneLine() {
        let (printer, _) = printer()
        // A library error's description (`FILE: error: …`) is printed as that, paths made relative.
        #expect(printer.standalone("/work/App.xcodeproj: error: no target named 'X'", severity: .error)
            == "App.xcodeproj: error: no target named 'X'\n")
        #expect(printer.standalone("error: plain", severity: .error) == "error: plain\n")
        // A line break inside the message, LF or U+2028, would start a line of its own.
        #expect(printer.standalone("one\ntwo\u{2028}three", severity: .note) == "note: one two three\n")
        #expect(printer.standalone("Übersicht /work/a.xcconfig", severity: .note) == "note: Übersicht a.xcconfig\n")
    }

    @Test func notesFollowAtTheSameLocation() {
        let (printer, sink) = printer()
        printer.print(Diagnostic(
            severity: .warning, message: "cycle", file: "/work/a.xcconfig", location: SourceLocation(line: 1, column: 10),
            notes: ["Cycle Path: 'a' -> 'a'"], rule: "include-cycle"
        ))
        #expect(sink.capturedText == """
            a.xcconfig:1:10: warning: cycle [include-cycle]
            a.xcconfig:1:10: note: Cycle Path: 'a' -> 'a'

            """)
    }

    @Test func diagnosticsWithoutLocationOrFile() {
        let (printer, sink) = printer()
        printer.print(Diagnostic(severity: .error, message: "whole file", file: "/work/a.xcconfig"))
        printer.print(Diagnostic(severity: .note, message: "no file"))
        printer.print(Diagnostic(severity: .error, message: "two\nlines"))
        #expect(sink.capturedText == "a.xcconfig: error: whole file\nnote: no file\nerror: two lines\n")
    }

    @Test func colourUsesANSIEscapes() {
        let (printer, sink) = printer(color: true)
        printer.print(Diagnostic(severity: .error, message: "bad", file: "/work/a.xcconfig", location: SourceLocation(line: 1, column: 1)))
        #expect(sink.capturedText == "\u{1B}[1ma.xcconfig:1:1: \u{1B}[0m\u{1B}[1;31merror: \u{1B}[0m\u{1B}[1mbad\u{1B}[0m\n")
    }

    @Test func colourFollowsTheTerminalNoColorAndTheColorOption() {
        let fileSystem = workspace(["a.xcconfig": "#bogus\n"])
        let escape = "\u{1B}["
        #expect(runCLI(["parse", "a.xcconfig"], fileSystem: fileSystem, terminal: true).stderr.contains(escape))
        #expect(!runCLI(["parse", "a.xcconfig"], fileSystem: fileSystem, terminal: false).stderr.contains(escape))
        #expect(!runCLI(["parse", "a.xcconfig"], fileSystem: fileSystem, environment: ["NO_COLOR": "1"], terminal: true).stderr.contains(escape))
        #expect(runCLI(["parse", "a.xcconfig", "--color", "always"], fileSystem: fileSystem).stderr.contains(escape))
        #expect(!runCLI(["parse", "a.xcconfig", "--color", "never"], fileSystem: fileSystem, terminal: true).stderr.contains(escape))
        // Results on stdout are never coloured by the printer.
        #expect(!runCLI(["parse", "a.xcconfig", "--color", "always"], fileSystem: fileSystem).stdout.contains(escape))
    }
}
