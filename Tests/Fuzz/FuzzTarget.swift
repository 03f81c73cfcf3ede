// The libFuzzer target of issue 7. Not part of any SwiftPM target: Tests/Fuzz/fuzz.sh builds it
// with `-sanitize=fuzzer,address` against the library sources and runs it.
//
// The first byte of an input picks what is fuzzed; the rest is the input:
//   0 parse     the parser never crashes and prints the input back byte for byte
//   1 resolve   `resolve` never crashes; `resolve --format xcconfig` re-resolves to the same values
//   2 lint      `lint --format json` never crashes and prints valid JSON (an array)
//   3 expand    plist expansion of the input (XML or binary) against a small stack never crashes
//   4 explain   `explain` of every setting, text and JSON, never crashes; JSON output is valid
//   5 lsp       the language server reads the input as its stream (after initialize and the
//               opening of a document) and never crashes; every frame it writes is JSON-RPC
//   6 pbxproj   the input as a project.pbxproj (old-style, XML or JSON), 7 xcproj as a
//               project.xcproj: reading never crashes; when it reads, `project set-base` and
//               `clear-overrides` plan edits that write, read back, and leave nothing to redo
//   8 walk      the input as a tree of folders, files, symbolic links (to /, /proc, /dev/stdin,
//               .., each other) and FIFOs, made in a real folder: `lint` of it and
//               `local check` in it never crash or block (libFuzzer's -timeout), lint prints
//               valid JSON, and no finding names a file outside the folder
// Every property failure calls fatalError, which libFuzzer records as a crash.
import XCConfig
import XCConfigCLI
import XCConfigLanguageServer
import XCConfigLint
import XCConfigSyntax
#if canImport(Glibc)
import Glibc
#endif

private let directory = "/fuzz"

/// `xcconfig ARGUMENTS` in-process on `fileSystem`: status, stdout, stderr.
private func run(_ arguments: [String], _ fileSystem: InMemoryFileSystem) -> (ExitStatus, [UInt8], String) {
    let out = OutputSink.capture()
    let err = OutputSink.capture()
    let context = CommandContext(
        arguments: arguments, environment: [:], currentDirectory: directory, fileSystem: fileSystem,
        standardOutput: out, standardError: err, standardOutputIsTerminal: false, standardErrorIsTerminal: false)
    let status = CommandLineTool.run(context)
    return (status, out.capturedBytes, err.capturedText)
}

/// The input as a configuration that also includes itself under another name, so includes,
/// cycles and repeated files are reachable.
private func workspace(_ bytes: [UInt8]) -> InMemoryFileSystem {
    let fileSystem = InMemoryFileSystem(currentDirectory: directory)
    fileSystem.addFile("\(directory)/a.xcconfig", bytes: bytes)
    fileSystem.addFile("\(directory)/b.xcconfig", bytes: bytes)
    fileSystem.addFile("\(directory)/c.xcconfig", "#include \"a.xcconfig\"\nFROM_C = $(inherited) c\n")
    return fileSystem
}

private let context = ["--configuration", "Debug", "--sdk", "iphoneos17.0", "--sdk", "iphoneos", "--arch", "arm64"]

private func jsonObject(_ bytes: [UInt8], _ what: String) -> JSONValue {
    do {
        return try JSONParser.parse(bytes, maximumDepth: 100_000)
    } catch {
        fatalError("\(what) is not valid JSON: \(error)\n\(String(decoding: bytes, as: UTF8.self))")
    }
}

private func fuzzParse(_ bytes: [UInt8]) {
    let tree = XCConfigParser.parse(bytes)
    if tree.printed() != bytes { fatalError("the syntax tree does not print the input back") }
    var offset = 0
    for statement in tree.statements {
        if statement.range.startOffset != offset { fatalError("statements do not tile the input at \(offset)") }
        offset = statement.range.endOffset
    }
    if offset != bytes.count { fatalError("statements end at \(offset) of \(bytes.count)") }
}

private func fuzzResolve(_ bytes: [UInt8]) {
    let fileSystem = workspace(bytes)
    let (status, json, _) = run(["resolve", "a.xcconfig", "--format", "json"] + context, fileSystem)
    guard status == .success || status == .failure else { fatalError("resolve: unexpected status \(status)") }
    let values = jsonObject(json, "resolve --format json")
    let (_, literal, _) = run(["resolve", "a.xcconfig", "--format", "xcconfig"] + context, fileSystem)
    fileSystem.addFile("\(directory)/round-trip.xcconfig", bytes: literal)
    let (_, again, errors) = run(["resolve", "round-trip.xcconfig", "--format", "json"] + context, fileSystem)
    let reread = jsonObject(again, "resolve of the xcconfig output")
    if reread != values {
        fatalError("resolve --format xcconfig does not re-resolve to the same values\nfirst: \(values.serialized())\nagain: \(reread.serialized())\n\(errors)\nliteral:\n\(String(decoding: literal, as: UTF8.self))")
    }
    _ = run(["resolve", "a.xcconfig", "c.xcconfig", "--format", "text", "--provenance", "--all"] + context, fileSystem)
    _ = run(["resolve", "c.xcconfig", "--levels", "--format", "json"] + context, fileSystem)
}

private func fuzzLint(_ bytes: [UInt8]) {
    let fileSystem = workspace(bytes)
    let linter = Linter(fileSystem: fileSystem)
    guard let findings = try? linter.lint(paths: [directory]) else { fatalError("lint refused the workspace") }
    let report = ReportContext(currentDirectory: directory)
    guard case .array? = Optional(jsonObject(Array(JSONReporter().report(findings, context: report).utf8), "lint JSON")) else {
        fatalError("lint JSON is not an array")
    }
    _ = jsonObject(Array(SARIFReporter().report(findings, context: report).utf8), "lint SARIF")
    _ = XcodeReporter().report(findings, context: report)
    _ = GitHubReporter().report(findings, context: report)
    _ = CheckstyleReporter().report(findings, context: report)
}

/// A small stack for plist expansion: the settings a real Info.plist refers to.
nonisolated(unsafe) private let expansionStack: Resolver = {
    let fileSystem = InMemoryFileSystem(currentDirectory: directory)
    fileSystem.addFile("\(directory)/App.xcconfig", """
        PRODUCT_NAME = App
        PRODUCT_BUNDLE_IDENTIFIER = com.example.$(PRODUCT_NAME:rfc1034identifier)
        DEVELOPMENT_TEAM = ABCDE12345
        EXECUTABLE_NAME = $(PRODUCT_NAME)
        MARKETING_VERSION = 1.0
        EMPTY =
        """)
    let loaded = IncludeLoader(fileSystem: fileSystem).load(bytes: Array((fileSystem.contentsOfFile("\(directory)/App.xcconfig") ?? "").utf8), path: "\(directory)/App.xcconfig")
    return Resolver(levels: [Level(kind: .targetXCConfig, source: .configuration(loaded))], context: EvaluationContext(configuration: "Debug"))
}()

private func fuzzExpand(_ bytes: [UInt8]) {
    for kind in PlistExpansion.Kind.allCases {
        guard let result = try? PlistExpansion(kind: kind, appIdentifierPrefix: kind == .entitlements ? "ABCDE12345." : nil).expand(bytes, using: expansionStack) else { continue }
        // What was written must read back.
        if (try? PropertyListValue(parsing: result.output)) == nil {
            fatalError("the expanded property list does not parse back:\n\(String(decoding: result.output, as: UTF8.self))")
        }
    }
}

private func fuzzExplain(_ bytes: [UInt8]) {
    let fileSystem = workspace(bytes)
    let tree = XCConfigParser.parse(bytes)
    var names = Set(tree.assignments.map(\.name))
    names.insert("inherited")
    for name in names.sorted().prefix(3) {
        _ = run(["explain", name, "a.xcconfig"] + context, fileSystem)
        let (status, json, _) = run(["explain", name, "c.xcconfig", "--format", "json"] + context, fileSystem)
        if status == .success { _ = jsonObject(json, "explain --format json") }
    }
}

/// `initialize` (UTF-8 positions) and a document with includes, conditions, references and
/// non-ASCII text, open: what the fuzzed frames then act on.
private let languageServerPrologue: [UInt8] = {
    func frame(_ message: JSONValue) -> [UInt8] { FrameReader.frame(Array(message.serialized(pretty: false).utf8)) }
    let text = "#include \"c.xcconfig\"\nA = 1\nB[sdk=iphoneos*] = $(A) é😀 ${A}\nOTHER_LDFLAGS = -ObjC\n"
    return frame(["jsonrpc": "2.0", "id": 0, "method": "initialize", "params": [
        "rootUri": .string("file://\(directory)"), "capabilities": ["general": ["positionEncodings": ["utf-8"]]]]])
        + frame(["jsonrpc": "2.0", "method": "textDocument/didOpen", "params": ["textDocument": [
            "uri": .string("file://\(directory)/a.xcconfig"), "languageId": "xcconfig", "version": 1, "text": .string(text)]]])
}()

private func fuzzLanguageServer(_ bytes: [UInt8]) {
    let fileSystem = workspace(Array("A = 0\n".utf8))
    let options = LanguageServer.Options(fileSystem: fileSystem, debounceMilliseconds: 0)
    let (output, _) = LanguageServer.respond(toStream: languageServerPrologue + bytes, options: options)
    var reader = FrameReader()
    reader.append(output)
    for frame in reader.frames() {
        guard case .message(let message) = frame, message["jsonrpc"] == "2.0" else {
            fatalError("the server wrote a frame that is not JSON-RPC:\n\(String(decoding: output, as: UTF8.self))")
        }
    }
}

private func fuzzProject(_ bytes: [UInt8], fileName: String) {
    let fileSystem = InMemoryFileSystem(currentDirectory: directory)
    fileSystem.addFile("\(directory)/App.xcodeproj/\(fileName)", bytes: bytes)
    fileSystem.addFile("\(directory)/Config/Shared.xcconfig", "SWIFT_VERSION = 6.0\n")
    guard (try? XcodeProject.load(path: "App.xcodeproj", fileSystem: fileSystem)) != nil else { return }
    func failed(_ what: String, _ error: any Error) -> Never {
        fatalError("\(what): \(error)\n\(String(decoding: bytes, as: UTF8.self))")
    }
    /// An edit whose result does not read back as intended is a bug; any other refusal is the
    /// project's (no main group, a wrapper name taken, ...).
    func plan(_ what: String, _ make: () throws -> ProjectEditPlan) -> ProjectEditPlan? {
        do { return try make() } catch {
            if "\(error)".contains("internal error") { failed(what, error) }
            return nil
        }
    }
    let steps: [(String, () throws -> ProjectEditPlan)] = [
        ("set-base", { try ProjectEditing.planSetBase(project: "App.xcodeproj", xcconfig: "Config/Shared.xcconfig", fileSystem: fileSystem) }),
        ("clear-overrides", { try ProjectEditing.planClearOverrides(project: "App.xcodeproj", fileSystem: fileSystem) }),
    ]
    for (what, make) in steps {
        guard let first = plan(what, make) else { continue }
        do { try ProjectEditing.apply(first, fileSystem: fileSystem) } catch { failed("\(what) did not write", error) }
        do { _ = try XcodeProject.load(path: "App.xcodeproj", fileSystem: fileSystem) } catch { failed("\(what) wrote a project that does not read", error) }
        guard let again = plan("\(what) again", make) else { fatalError("\(what) refuses what it wrote itself") }
        if !again.edits.isEmpty { fatalError("\(what) twice is not a no-op\n\(String(decoding: bytes, as: UTF8.self))") }
    }
}

/// Removes `path` and everything below it, never following a symbolic link.
private func removeTree(_ path: String) {
    var status = stat()
    guard lstat(path, &status) == 0 else { return }
    if status.st_mode & S_IFMT == S_IFDIR, let directory = opendir(path) {
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name != "." && name != ".." { names.append(name) }
        }
        closedir(directory)
        for name in names { removeTree(path + "/" + name) }
        rmdir(path)
    } else {
        unlink(path)
    }
}

/// The targets a fuzzed symbolic link may point at: out of the tree, at devices and streams
/// that block or never end, at itself and at the tree's own entries.
private let linkTargets = ["/", "/proc", "/dev/stdin", "/dev/zero", "/proc/self/fd/0", "..", "../..", ".", "a", "a/b", "l0", "f0.xcconfig", "p0"]

private func fuzzWalk(_ bytes: [UInt8]) {
    let root = "/tmp/xcconfig-fuzz-walk-\(getpid())"
    removeTree(root)
    mkdir(root, 0o755)
    // RealFileSystem's current folder is the process's: the commands run in the tree.
    chdir(root)
    defer {
        chdir("/")
        removeTree(root)
    }
    let folders = ["", "a/", "a/b/", "c/"]
    for folder in folders.dropFirst() { mkdir(root + "/" + folder, 0o755) }
    // One entry per line: a kind byte, a folder byte, a name byte, then the rest (a file's text).
    for line in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true) where line.count >= 3 {
        let line = Array(line)
        let folder = root + "/" + folders[Int(line[1]) % folders.count]
        let index = Int(line[2]) % 4
        switch line[0] % 4 {
        case 0:
            let path = folder + "f\(index).xcconfig"
            guard let file = fopen(path, "w") else { continue }
            _ = line.dropFirst(3).withContiguousStorageIfAvailable { fwrite($0.baseAddress, 1, $0.count, file) }
            fclose(file)
        case 1: symlink(linkTargets[Int(line.count) % linkTargets.count], folder + "l\(index)")
        case 2: mkfifo(folder + "p\(index)", 0o644)
        default: symlink(linkTargets[Int(line.count) % linkTargets.count], folder + "l\(index).xcconfig")
        }
    }
    func run(_ arguments: [String], in directory: String) -> (ExitStatus, [UInt8]) {
        let out = OutputSink.capture()
        let err = OutputSink.capture()
        let context = CommandContext(
            arguments: arguments, environment: [:], currentDirectory: directory, fileSystem: RealFileSystem(),
            standardOutput: out, standardError: err, standardOutputIsTerminal: false, standardErrorIsTerminal: false)
        return (CommandLineTool.run(context), out.capturedBytes)
    }
    let (_, output) = run(["lint", ".", "--format", "json", "--quiet"], in: root)
    guard case .array(let findings) = jsonObject(output, "lint JSON of a walked tree") else { fatalError("lint JSON is not an array") }
    for finding in findings {
        guard let file = finding["file"]?.stringValue else { continue }
        if file.hasPrefix("/") || file.hasPrefix("..") { fatalError("lint names a file outside the tree: \(file)") }
    }
    _ = run(["local", "check"], in: root)
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data, size > 0 else { return 0 }
    let bytes = Array(UnsafeBufferPointer(start: data + 1, count: size - 1))
    switch data[0] % 9 {
    case 0: fuzzParse(bytes)
    case 1: fuzzResolve(bytes)
    case 2: fuzzLint(bytes)
    case 3: fuzzExpand(bytes)
    case 4: fuzzExplain(bytes)
    case 5: fuzzLanguageServer(bytes)
    case 6: fuzzProject(bytes, fileName: "project.pbxproj")
    case 7: fuzzProject(bytes, fileName: "project.xcproj")
    default: fuzzWalk(bytes)
    }
    return 0
}
