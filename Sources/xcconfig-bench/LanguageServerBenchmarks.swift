import Foundation
import XCConfig
import XCConfigLanguageServer
import XCConfigSyntax

/// The language server in this process on two pipes, driven as an editor drives it: every
/// timing includes framing, JSON both ways and the pipes.
final class BenchSession: @unchecked Sendable {
    /// Every session's pipes, open until the process ends: a reading thread may still be in
    /// `read` when its session is closed, and a descriptor number closed and reused by the
    /// next session's pipe would hand it that session's bytes.
    private static let retainedPipes = Locked<[Pipe]>([])
    private let toServer = Pipe()
    private let fromServer = Pipe()
    private let received = EventQueue<IncomingFrame>()
    private var nextID = 1

    init(root: String) {
        let pipes = [toServer, fromServer]
        Self.retainedPipes.withLock { $0 += pipes }
        let input = FileDescriptorStream(descriptor: toServer.fileHandleForReading.fileDescriptor)
        let output = FileDescriptorStream(descriptor: fromServer.fileHandleForWriting.fileDescriptor)
        // No debounce: the benchmarks time the work, not the wait.
        let options = LanguageServer.Options(fileSystem: RealFileSystem(), debounceMilliseconds: 0)
        Thread.detachNewThread { _ = LanguageServer.run(input: input, output: output, options: options) }
        let reading = FileDescriptorStream(descriptor: fromServer.fileHandleForReading.fileDescriptor), received = self.received
        Thread.detachNewThread {
            var reader = FrameReader()
            while true {
                let bytes = reading.read()
                if bytes.isEmpty { return }
                reader.append(bytes)
                received.push(reader.frames())
            }
        }
        _ = request("initialize", ["rootUri": .string("file://" + root),
                                   "capabilities": ["general": ["positionEncodings": ["utf-8"]]]])
        notify("initialized", [:])
    }

    private func write(_ message: JSONValue) {
        FileDescriptorStream(descriptor: toServer.fileHandleForWriting.fileDescriptor)
            .write(FrameReader.frame(Array(message.serialized(pretty: false).utf8)))
    }

    func notify(_ method: String, _ params: JSONValue) {
        write(["jsonrpc": "2.0", "method": .string(method), "params": params])
    }

    /// The next message, waiting at most 60 seconds.
    func next() -> JSONValue? {
        guard case .message(let json)? = received.pop(waitingUntil: MonotonicInstant.now.adding(milliseconds: 60_000)) else { return nil }
        return json
    }

    /// Sends a request and waits for its response.
    func request(_ method: String, _ params: JSONValue) -> JSONValue? {
        let id = nextID
        nextID += 1
        write(["jsonrpc": "2.0", "id": .integer(id), "method": .string(method), "params": params])
        while let message = next() { if message["id"] == .integer(id) { return message } }
        return nil
    }

    /// Waits for the diagnostics of `uri`'s `version`.
    func diagnostics(_ uri: String, version: Int) -> JSONValue? {
        while let message = next() {
            if message["method"] == "textDocument/publishDiagnostics", message["params"]?["uri"] == .string(uri),
               message["params"]?["version"] == .integer(version) { return message }
        }
        return nil
    }

    func open(_ path: String, _ text: String) -> Bool {
        notify("textDocument/didOpen", ["textDocument": ["uri": .string("file://" + path), "languageId": "xcconfig", "version": 1, "text": .string(text)]])
        return diagnostics("file://" + path, version: 1) != nil
    }

    /// `shutdown` and `exit`; the server's input is closed, so its reading thread ends.
    func close() {
        _ = request("shutdown", .null)
        notify("exit", .null)
        try? toServer.fileHandleForWriting.close()
    }
}

/// The corpus files with absolute, normalised paths (what a `file` URI names).
private func absoluteCorpusFiles(_ options: BenchOptions) -> [(path: String, bytes: [UInt8])]? {
    let directory = RealFileSystem().currentDirectory
    return corpusFiles(options)?.map { (Path.normalize(Path.absolute($0.path, relativeTo: directory)), $0.bytes) }
}

/// `lsp-hover`: hover on every assignment of the first corpus file (by path) whose include
/// closure is five files, round after round; the time from writing the request to reading
/// its response. Reported as median, p90 and p99 (the goal is on p99).
func languageServerHover(_ options: BenchOptions) -> Outcome {
    guard let files = absoluteCorpusFiles(options) else { return .skipped("no corpus at \(options.corpus)") }
    let loader = IncludeLoader(fileSystem: RealFileSystem())
    guard let (path, bytes) = files.sorted(by: { $0.path < $1.path }).lazy.compactMap({ file -> (String, [UInt8])? in
        guard let loaded = try? loader.load(path: file.path), loaded.files.count == 5 else { return nil }
        return (file.path, file.bytes)
    }).first else { return .skipped("no corpus file includes four others") }
    let tree = XCConfigParser.parse(bytes)
    let positions: [JSONValue] = tree.assignments.map { assignment in
        ["line": .integer(assignment.nameRange.start.line - 1), "character": .integer(assignment.nameRange.start.column - 1)]
    }
    guard !positions.isEmpty else { return .skipped("\(path) assigns nothing") }
    let session = BenchSession(root: Path.directory(of: path))
    defer { session.close() }
    guard session.open(path, String(decoding: bytes, as: UTF8.self)) else { return .skipped("no diagnostics for \(path)") }
    var samples: [Double] = []
    var failure: String?
    var index = 0
    let rounds = options.quick ? 20 : 2_000
    while samples.count < rounds {
        let start = now()
        let response = session.request("textDocument/hover", ["textDocument": ["uri": .string("file://" + path)], "position": positions[index % positions.count]])
        samples.append(now() - start)
        if response?["result"]?["contents"] == nil { failure = "hover \(index) of \(path) has no contents" }
        index += 1
    }
    if let failure { return .skipped(failure) }
    var p99 = timing("lsp-hover-p99", unit: "ms", scale: 1e3, samples)
    p99.median = Statistics.percentile(samples, 0.99) * 1e3
    p99.p90 = p99.median
    return .measured([timing("lsp-hover", unit: "ms", scale: 1e3, samples), p99])
}

/// `lsp-edit`: in a generated 1,000-line file that includes five others, one character typed
/// into a value (then deleted, alternately); the time from writing `didChange` to reading the
/// `publishDiagnostics` of that version (the debounce is 0 here).
func languageServerEdit(_ options: BenchOptions) -> Outcome {
    let directory = makeTemporaryDirectory("xcconfig-bench-lsp-edit")
    defer { removeTree(directory) }
    var main = ""
    for file in 1...5 {
        var text = ""
        for line in 1...100 { text += "SHARED_\(file)_\(line) = value \(line) $(SHARED_\(file)_\(max(1, line - 1)))\n" }
        text += "OTHER_LDFLAGS = $(inherited) -lshared\(file)\n"
        FileManager.default.createFile(atPath: Path.join(directory, "Shared\(file).xcconfig"), contents: Data(text.utf8))
        main += "#include \"Shared\(file).xcconfig\"\n"
    }
    for line in 6...1_000 {
        main += line % 10 == 0 ? "OTHER_LDFLAGS = $(inherited) -lmain\(line)\n" : "MAIN_\(line) = $(SHARED_\(line % 5 + 1)_\(line % 100 + 1)) main \(line)\n"
    }
    let path = Path.join(directory, "Main.xcconfig")
    FileManager.default.createFile(atPath: path, contents: Data(main.utf8))
    let session = BenchSession(root: directory)
    defer { session.close() }
    guard session.open(path, main) else { return .skipped("no diagnostics for the generated file") }
    var version = 1
    var failure: String?
    // Line 500 (0-based 499) is `MAIN_500 = …`; the edit goes after its `=`.
    let samples = timeIterations(options.policy(IterationPolicy(minimumIterations: 20, maximumIterations: 500, budget: 3))) {
        version += 1
        let change: JSONValue = version % 2 == 0
            ? ["range": ["start": ["line": 499, "character": 11], "end": ["line": 499, "character": 11]], "text": "x"]
            : ["range": ["start": ["line": 499, "character": 11], "end": ["line": 499, "character": 12]], "text": ""]
        session.notify("textDocument/didChange", ["textDocument": ["uri": .string("file://" + path), "version": .integer(version)],
                                                  "contentChanges": [change]])
        if session.diagnostics("file://" + path, version: version) == nil { failure = "no diagnostics for version \(version)" }
    }
    if let failure { return .skipped(failure) }
    return .measured([timing("lsp-edit", unit: "ms", scale: 1e3, samples)])
}

/// `lsp-open-corpus`: every corpus file opened in one session, each waited for until its
/// diagnostics are published; its peak memory is the server's with the whole corpus open.
func languageServerOpenCorpus(_ options: BenchOptions) -> Outcome {
    guard let files = absoluteCorpusFiles(options) else { return .skipped("no corpus at \(options.corpus)") }
    let selected = options.quick ? Array(files.prefix(20)) : files
    var failure: String?
    let samples = timeIterations(IterationPolicy(minimumIterations: 1, maximumIterations: 1, budget: 0)) {
        let session = BenchSession(root: Path.normalize(Path.absolute(options.corpus, relativeTo: RealFileSystem().currentDirectory)))
        for file in selected where !session.open(file.path, String(decoding: file.bytes, as: UTF8.self)) {
            failure = "no diagnostics for \(file.path)"
        }
        session.close()
    }
    if let failure { return .skipped(failure) }
    return .measured([timing("lsp-open-corpus", unit: "ms", scale: 1e3, samples)])
}
