import Foundation
import XCConfig

/// A JSON-RPC message, as `JSONSerialization` reads and writes it.
typealias Message = [String: Any]

/// `xcconfig lsp` as a child process on two pipes, driven as an editor drives it: every
/// timing includes the framing, JSON both ways, the pipes and the server's own process.
final class BenchSession: @unchecked Sendable {
    private let server = Process()
    private let toServer = Pipe()
    private let fromServer = Pipe()
    private let condition = NSCondition()
    private var received: [Message] = []
    private var ended = false
    private var nextID = 1

    /// Nil when the executable cannot be started.
    init?(tool: String, root: String) {
        server.executableURL = URL(fileURLWithPath: tool)
        server.arguments = ["lsp"]
        server.standardInput = toServer
        server.standardOutput = fromServer
        server.standardError = FileHandle.nullDevice
        do { try server.run() } catch { return nil }
        let reading = fromServer.fileHandleForReading
        Thread.detachNewThread { [self] in
            var buffer: [UInt8] = []
            while true {
                let data = reading.availableData
                if data.isEmpty { break }
                buffer += data
                let messages = Self.frames(&buffer)
                if messages.isEmpty { continue }
                condition.lock()
                received += messages
                condition.broadcast()
                condition.unlock()
            }
            condition.lock()
            ended = true
            condition.broadcast()
            condition.unlock()
        }
        _ = request("initialize", ["rootUri": "file://" + root, "capabilities": ["general": ["positionEncodings": ["utf-8"]]]])
        notify("initialized", [:])
    }

    /// Takes the complete `Content-Length` frames off the front of `buffer`.
    private static func frames(_ buffer: inout [UInt8]) -> [Message] {
        var messages: [Message] = []
        let separator: [UInt8] = Array("\r\n\r\n".utf8)
        while let headerEnd = buffer.firstRange(of: separator) {
            let header = String(decoding: buffer[..<headerEnd.lowerBound], as: UTF8.self)
            guard let lengthLine = header.split(separator: "\r\n").first(where: { $0.lowercased().hasPrefix("content-length:") }),
                  let length = Int(lengthLine.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) else {
                buffer.removeAll()
                break
            }
            guard buffer.count >= headerEnd.upperBound + length else { break }
            let body = Data(buffer[headerEnd.upperBound..<headerEnd.upperBound + length])
            buffer.removeSubrange(..<(headerEnd.upperBound + length))
            if let message = (try? JSONSerialization.jsonObject(with: body)) as? Message { messages.append(message) }
        }
        return messages
    }

    private func write(_ message: Message) {
        guard let body = try? JSONSerialization.data(withJSONObject: message) else { return }
        toServer.fileHandleForWriting.write(Data("Content-Length: \(body.count)\r\n\r\n".utf8) + body)
    }

    func notify(_ method: String, _ params: Any) {
        write(["jsonrpc": "2.0", "method": method, "params": params])
    }

    /// The next message, waiting at most 60 seconds.
    func next() -> Message? {
        condition.lock()
        defer { condition.unlock() }
        let deadline = Date(timeIntervalSinceNow: 60)
        while received.isEmpty && !ended {
            if !condition.wait(until: deadline) { return nil }
        }
        return received.isEmpty ? nil : received.removeFirst()
    }

    /// Sends a request and waits for its response.
    func request(_ method: String, _ params: Any) -> Message? {
        let id = nextID
        nextID += 1
        write(["jsonrpc": "2.0", "id": id, "method": method, "params": params])
        while let message = next() { if message["id"] as? Int == id { return message } }
        return nil
    }

    /// Waits for the diagnostics of `uri`'s `version`.
    func diagnostics(_ uri: String, version: Int) -> Message? {
        while let message = next() {
            if message["method"] as? String == "textDocument/publishDiagnostics", let params = message["params"] as? Message,
               params["uri"] as? String == uri, params["version"] as? Int == version { return message }
        }
        return nil
    }

    func open(_ path: String, _ text: String) -> Bool {
        notify("textDocument/didOpen", ["textDocument": ["uri": "file://" + path, "languageId": "xcconfig", "version": 1, "text": text]])
        return diagnostics("file://" + path, version: 1) != nil
    }

    /// `shutdown` and `exit`, then waits for the server to end.
    func close() {
        _ = request("shutdown", NSNull())
        notify("exit", NSNull())
        try? toServer.fileHandleForWriting.close()
        server.waitUntilExit()
    }
}

/// The corpus files with absolute, normalised paths (what a `file` URI names).
private func absoluteCorpusFiles(_ options: BenchOptions) -> [(path: String, bytes: [UInt8])]? {
    let directory = RealFileSystem().currentDirectory
    return corpusFiles(options)?.map { (BenchPath.normalize(BenchPath.absolute($0.path, relativeTo: directory)), $0.bytes) }
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
    let positions: [[String: Int]] = tree.assignments.map { assignment in
        ["line": assignment.nameRange.start.line - 1, "character": assignment.nameRange.start.column - 1]
    }
    guard !positions.isEmpty else { return .skipped("\(path) assigns nothing") }
    guard let tool = toolPath(options) else { return .skipped("no xcconfig executable (swift build -c release --product xcconfig, or --xcconfig PATH)") }
    guard let session = BenchSession(tool: tool, root: BenchPath.directory(of: path)) else { return .skipped("cannot start \(tool) lsp") }
    defer { session.close() }
    guard session.open(path, String(decoding: bytes, as: UTF8.self)) else { return .skipped("no diagnostics for \(path)") }
    var samples: [Double] = []
    var failure: String?
    var index = 0
    let rounds = options.quick ? 20 : 2_000
    while samples.count < rounds {
        let start = now()
        let response = session.request("textDocument/hover", ["textDocument": ["uri": "file://" + path], "position": positions[index % positions.count]])
        samples.append(now() - start)
        if (response?["result"] as? Message)?["contents"] == nil { failure = "hover \(index) of \(path) has no contents" }
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
/// `publishDiagnostics` of that version (saved at once, so that the debounce is not timed).
func languageServerEdit(_ options: BenchOptions) -> Outcome {
    let directory = makeTemporaryDirectory("xcconfig-bench-lsp-edit")
    defer { removeTree(directory) }
    var main = ""
    for file in 1...5 {
        var text = ""
        for line in 1...100 { text += "SHARED_\(file)_\(line) = value \(line) $(SHARED_\(file)_\(max(1, line - 1)))\n" }
        text += "OTHER_LDFLAGS = $(inherited) -lshared\(file)\n"
        FileManager.default.createFile(atPath: BenchPath.join(directory, "Shared\(file).xcconfig"), contents: Data(text.utf8))
        main += "#include \"Shared\(file).xcconfig\"\n"
    }
    for line in 6...1_000 {
        main += line % 10 == 0 ? "OTHER_LDFLAGS = $(inherited) -lmain\(line)\n" : "MAIN_\(line) = $(SHARED_\(line % 5 + 1)_\(line % 100 + 1)) main \(line)\n"
    }
    let path = BenchPath.join(directory, "Main.xcconfig")
    FileManager.default.createFile(atPath: path, contents: Data(main.utf8))
    guard let tool = toolPath(options) else { return .skipped("no xcconfig executable (swift build -c release --product xcconfig, or --xcconfig PATH)") }
    guard let session = BenchSession(tool: tool, root: directory) else { return .skipped("cannot start \(tool) lsp") }
    defer { session.close() }
    guard session.open(path, main) else { return .skipped("no diagnostics for the generated file") }
    var version = 1
    var failure: String?
    // Line 500 (0-based 499) is `MAIN_500 = …`; the edit goes after its `=`.
    let samples = timeIterations(options.policy(IterationPolicy(minimumIterations: 20, maximumIterations: 500, budget: 3))) {
        version += 1
        let change: [String: Any] = version % 2 == 0
            ? ["range": ["start": ["line": 499, "character": 11], "end": ["line": 499, "character": 11]], "text": "x"]
            : ["range": ["start": ["line": 499, "character": 11], "end": ["line": 499, "character": 12]], "text": ""]
        session.notify("textDocument/didChange", ["textDocument": ["uri": "file://" + path, "version": version],
                                                  "contentChanges": [change]])
        // A save right after the edit: the server publishes a saved file's diagnostics at
        // once, and a changed one's only after its debounce, which is waiting, not work.
        session.notify("textDocument/didSave", ["textDocument": ["uri": "file://" + path]])
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
        guard let tool = toolPath(options),
              let session = BenchSession(tool: tool, root: BenchPath.normalize(BenchPath.absolute(options.corpus, relativeTo: RealFileSystem().currentDirectory))) else {
            failure = "no xcconfig executable to start (swift build -c release --product xcconfig, or --xcconfig PATH)"
            return
        }
        for file in selected where !session.open(file.path, String(decoding: file.bytes, as: UTF8.self)) {
            failure = "no diagnostics for \(file.path)"
        }
        session.close()
    }
    if let failure { return .skipped(failure) }
    return .measured([timing("lsp-open-corpus", unit: "ms", scale: 1e3, samples)])
}
