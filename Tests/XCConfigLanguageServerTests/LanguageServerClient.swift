import Foundation
import XCConfig
@testable import XCConfigLanguageServer

/// An editor's side of a session: the server runs in this process on a thread of its own,
/// talking over two real pipes, and the test writes frames and reads what comes back.
final class LanguageServerClient: @unchecked Sendable {
    private static let retainedPipes = Locked<[Pipe]>([])
    let toServer = Pipe()
    let fromServer = Pipe()
    private let received = EventQueue<IncomingFrame>()
    private let finished = DispatchSemaphore(value: 0)
    private let status = Locked<Int32?>(nil)
    /// The files on "disk" the server reads.
    let fileSystem: InMemoryFileSystem
    /// Notifications read while waiting for something else, in order.
    private(set) var notifications: [JSONValue] = []
    private var nextID = 1

    /// Starts a server over `files` (relative to `/work`); `debounce` 0 publishes diagnostics
    /// after a change as soon as the pending frames are handled.
    init(files: [String: String], debounce: Int = 0) {
        // The pipes stay open for the whole test run: the server's reading thread may still be
        // in `read` when a test ends, and a descriptor number closed and reused by the next
        // test's pipe would hand it that test's bytes.
        let pipes = [toServer, fromServer]
        Self.retainedPipes.withLock { $0 += pipes }
        let fileSystem = InMemoryFileSystem(currentDirectory: "/work", files: files)
        self.fileSystem = fileSystem
        let input = FileDescriptorStream(descriptor: toServer.fileHandleForReading.fileDescriptor)
        let output = FileDescriptorStream(descriptor: fromServer.fileHandleForWriting.fileDescriptor)
        let options = LanguageServer.Options(fileSystem: fileSystem, debounceMilliseconds: debounce, version: "test")
        let status = self.status, finished = self.finished, fromServer = self.fromServer
        Thread.detachNewThread {
            let code = LanguageServer.run(input: input, output: output, options: options)
            status.withLock { $0 = code }
            try? fromServer.fileHandleForWriting.close()
            finished.signal()
        }
        // Read and written as the server does: Foundation's FileHandle stops the process on
        // an interrupted call.
        let reading = FileDescriptorStream(descriptor: fromServer.fileHandleForReading.fileDescriptor), received = self.received
        Thread.detachNewThread {
            var reader = FrameReader()
            while true {
                let bytes = reading.read()
                if bytes.isEmpty { received.push([.endOfInput]); return }
                reader.append(bytes)
                received.push(reader.frames())
            }
        }
    }

    /// Writes raw bytes to the server.
    func write(_ bytes: [UInt8]) {
        FileDescriptorStream(descriptor: toServer.fileHandleForWriting.fileDescriptor).write(bytes)
    }

    /// `message` in a frame.
    static func frame(_ message: JSONValue) -> [UInt8] {
        FrameReader.frame(Array(message.serialized(pretty: false).utf8))
    }

    /// Sends a request and returns its id.
    @discardableResult
    func sendRequest(_ method: String, _ params: JSONValue = [:]) -> Int {
        let id = nextID
        nextID += 1
        write(Self.frame(["jsonrpc": "2.0", "id": .integer(id), "method": .string(method), "params": params]))
        return id
    }

    func notify(_ method: String, _ params: JSONValue = [:]) {
        write(Self.frame(["jsonrpc": "2.0", "method": .string(method), "params": params]))
    }

    /// The next frame from the server; `nil` after 10 seconds or at the end of its output.
    func nextMessage() -> JSONValue? {
        guard let frame = received.pop(waitingUntil: MonotonicInstant.now.adding(milliseconds: 10_000)) else { return nil }
        switch frame {
        case .message(let json): return json
        case .malformed, .endOfInput: return nil
        }
    }

    /// The response with `id` (as a whole message), keeping notifications met on the way.
    func response(to id: Int) -> JSONValue? {
        response(toID: .integer(id))
    }

    func response(toID id: JSONValue) -> JSONValue? {
        while let message = nextMessage() {
            if message["method"] != nil { notifications.append(message); continue }
            if message["id"] == id { return message }
        }
        return nil
    }

    /// A request's `result` (`nil` when it failed or nothing came).
    func request(_ method: String, _ params: JSONValue = [:]) -> JSONValue? {
        response(to: sendRequest(method, params))?["result"]
    }

    /// The next notification named `method`, read or already received.
    func notification(_ method: String) -> JSONValue? {
        if let index = notifications.firstIndex(where: { $0["method"]?.stringValue == method }) {
            return notifications.remove(at: index)
        }
        while let message = nextMessage() {
            if message["method"]?.stringValue == method { return message }
            if message["method"] != nil { notifications.append(message) }
        }
        return nil
    }

    /// The diagnostics published next for `path`.
    func diagnostics(_ path: String) -> [JSONValue]? {
        while let message = notification("textDocument/publishDiagnostics") {
            if message["params"]?["uri"]?.stringValue == uri(path) { return message["params"]?["diagnostics"]?.arrayValue }
        }
        return nil
    }

    /// `initialize` (offering `encodings`) and `initialized`; returns the result.
    @discardableResult
    func initialize(encodings: [String]? = nil, options: JSONValue? = nil) -> JSONValue? {
        var capabilities: JSONValue = [:]
        if let encodings { capabilities = ["general": ["positionEncodings": .array(encodings.map(JSONValue.string))]] }
        var params: JSONValue = ["processId": .null, "rootUri": "file:///work", "capabilities": capabilities]
        if let options, case .object(var members) = params {
            members.append(JSONValue.Member("initializationOptions", options))
            params = .object(members)
        }
        let result = request("initialize", params)
        notify("initialized")
        return result
    }

    func uri(_ path: String) -> String { "file:///work/" + path }

    func open(_ path: String, _ text: String, version: Int = 1) {
        notify("textDocument/didOpen", ["textDocument": ["uri": .string(uri(path)), "languageId": "xcconfig", "version": .integer(version), "text": .string(text)]])
    }

    /// `textDocument` and `position` params.
    func at(_ path: String, _ line: Int, _ character: Int) -> JSONValue {
        ["textDocument": ["uri": .string(uri(path))], "position": ["line": .integer(line), "character": .integer(character)]]
    }

    /// `shutdown`, `exit`, and the server's exit status.
    func shutDown() -> Int32? {
        _ = request("shutdown")
        notify("exit")
        return exitStatus()
    }

    /// The status the server returned, waiting up to 10 seconds for it.
    func exitStatus() -> Int32? {
        guard finished.wait(timeout: .now() + 10) == .success else { return nil }
        // The server's reading thread ends with its input.
        closeInput()
        return status.withLock { $0 }
    }

    /// Closes the server's input (the editor went away).
    func closeInput() {
        try? toServer.fileHandleForWriting.close()
    }
}

/// `{"line": l, "character": c}`.
func position(_ line: Int, _ character: Int) -> JSONValue {
    ["line": .integer(line), "character": .integer(character)]
}

/// An LSP range.
func range(_ startLine: Int, _ startCharacter: Int, _ endLine: Int, _ endCharacter: Int) -> JSONValue {
    ["start": position(startLine, startCharacter), "end": position(endLine, endCharacter)]
}
