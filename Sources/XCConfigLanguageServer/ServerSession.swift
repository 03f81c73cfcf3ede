import XCConfig
import XCConfigLint

/// One client's session: the lifecycle (LSP 3.17 "Lifecycle Messages"), the documents it
/// syncs, and the dispatch of its requests to the features.
final class ServerSession {
    private enum State {
        /// Before `initialize`: requests are refused with `ServerNotInitialized`.
        case uninitialized
        case running
        /// After `shutdown`: only `exit` is expected.
        case shutDown
    }

    private var state = State.uninitialized
    /// The context `initializationOptions` chose; configuration changes are laid over it.
    private var initialSettings = ContextSettings()
    let workspace: Workspace
    private(set) var encoding = PositionEncoding.utf16
    private let options: LanguageServer.Options
    private let send: (JSONValue) -> Void
    /// Documents whose diagnostics are due, and when (the debounce after a change).
    private var pendingDiagnostics: [String: MonotonicInstant] = [:]
    /// Set by `exit` or the end of the input.
    private(set) var exitStatus: Int32?

    init(options: LanguageServer.Options, send: @escaping (JSONValue) -> Void) {
        self.options = options
        self.send = send
        self.workspace = Workspace(fileSystem: options.fileSystem, rootDirectory: options.fileSystem.currentDirectory,
                                   developerDirectory: options.developerDirectory)
    }

    /// Handles frames until `exit` or the end of the input; returns the exit status.
    func run(_ queue: EventQueue<IncomingFrame>) -> Int32 {
        while exitStatus == nil {
            guard let first = queue.pop(waitingUntil: pendingDiagnostics.values.min()) else {
                publishDueDiagnostics()
                continue
            }
            // Everything already received is read before anything is answered, so that a
            // `$/cancelRequest` cancels a request still waiting.
            let batch = [first] + queue.drain()
            let cancelled = Self.cancelledIDs(in: batch)
            for frame in batch where exitStatus == nil {
                receive(frame, cancelled: cancelled)
            }
            if exitStatus == nil { publishDueDiagnostics() }
        }
        return exitStatus ?? 1
    }

    /// The ids the `$/cancelRequest` notifications among `frames` cancel.
    static func cancelledIDs(in frames: [IncomingFrame]) -> Set<JSONValue> {
        var cancelled = Set<JSONValue>()
        for frame in frames {
            if case .message(let json) = frame, json["method"]?.stringValue == "$/cancelRequest", let id = json["params"]?["id"] {
                cancelled.insert(id)
            }
        }
        return cancelled
    }

    /// Handles one frame.
    func receive(_ frame: IncomingFrame, cancelled: Set<JSONValue> = []) {
        switch frame {
        case .endOfInput:
            exitStatus = state == .shutDown ? 0 : 1
        case .malformed(let reason):
            send(ServerMessage.error(id: nil, ResponseError(code: ResponseError.parseError, message: reason)))
        case .message(.array(let elements)) where !elements.isEmpty:
            // A JSON-RPC batch: LSP has none, so nothing in it is run, but every request in it
            // is answered, so that no client waits for an answer that never comes.
            var answered = false
            for element in elements {
                guard let id = element["id"], ClientMessage.isValidID(id), id != .null else { continue }
                send(ServerMessage.error(id: id, Self.batchError))
                answered = true
            }
            if !answered { send(ServerMessage.error(id: nil, Self.batchError)) }
        case .message(let json):
            switch ClientMessage(json) {
            case .request(let id, let method, let params):
                if cancelled.contains(id) {
                    send(ServerMessage.error(id: id, ResponseError(code: ResponseError.requestCancelled, message: "the request was cancelled")))
                    return
                }
                do throws(ResponseError) {
                    send(ServerMessage.response(id: id, result: try respond(to: method, params: params)))
                } catch {
                    send(ServerMessage.error(id: id, error))
                }
            case .notification(let method, let params):
                if method == "exit" {
                    exitStatus = state == .shutDown ? 0 : 1
                } else if state == .running {
                    notice(method, params: params)
                }
            case .response:
                break
            case .invalid(let id, let reason):
                send(ServerMessage.error(id: id, ResponseError(code: ResponseError.invalidRequest, message: reason)))
            }
        }
    }

    /// The answer to each request of a JSON-RPC batch.
    private static let batchError = ResponseError(
        code: ResponseError.invalidRequest,
        message: "JSON-RPC batches are not part of LSP; nothing in the batch was run: send each message in its own frame")

    // MARK: - Requests

    private func respond(to method: String, params: JSONValue?) throws(ResponseError) -> JSONValue {
        switch state {
        case .uninitialized where method != "initialize":
            throw ResponseError(code: ResponseError.serverNotInitialized, message: "the server is not initialized; send initialize first")
        case .shutDown:
            throw ResponseError(code: ResponseError.invalidRequest, message: "the server is shut down; only exit is expected")
        default:
            break
        }
        let params = params ?? .null
        switch method {
        case "initialize":
            return try initialize(params)
        case "shutdown":
            state = .shutDown
            return .null
        case "textDocument/hover":
            return try Hover.hover(try request(params))
        case "textDocument/definition":
            return try Navigation.definition(try request(params))
        case "textDocument/references":
            return try Navigation.references(try request(params), includeDeclaration: params["context"]?["includeDeclaration"]?.boolValue ?? true)
        case "textDocument/completion":
            return try Completion.complete(try request(params))
        case "textDocument/documentSymbol":
            return Symbols.documentSymbols(try request(params, needsPosition: false))
        case "textDocument/documentLink":
            return Symbols.documentLinks(try request(params, needsPosition: false))
        case "textDocument/formatting":
            return Formatting.format(try request(params, needsPosition: false))
        case "textDocument/codeAction":
            return try CodeActions.actions(try request(params, needsPosition: false), range: params["range"])
        case "textDocument/inlayHint":
            return try InlayHints.hints(try request(params, needsPosition: false), range: params["range"])
        default:
            throw ResponseError(code: ResponseError.methodNotFound, message: "unknown method '\(method)'")
        }
    }

    private func initialize(_ params: JSONValue) throws(ResponseError) -> JSONValue {
        guard state == .uninitialized else {
            throw ResponseError(code: ResponseError.invalidRequest, message: "initialize was already received")
        }
        guard params.objectMembers != nil else { throw .invalidParams("initialize takes an object") }
        let offered = params["capabilities"]?["general"]?["positionEncodings"]?.arrayValue?.compactMap(\.stringValue) ?? []
        encoding = offered.contains(PositionEncoding.utf8.rawValue) ? .utf8 : .utf16
        let root = params["workspaceFolders"]?.arrayValue?.first?["uri"]?.stringValue.flatMap(DocumentURI.path(of:))
            ?? params["rootUri"]?.stringValue.flatMap(DocumentURI.path(of:))
            ?? params["rootPath"]?.stringValue
        if let root { workspace.rootDirectory = Path.absolute(root, relativeTo: options.fileSystem.currentDirectory) }
        initialSettings = ContextSettings(params["initializationOptions"])
        workspace.settings = initialSettings
        state = .running
        return [
            "capabilities": [
                "positionEncoding": .string(encoding.rawValue),
                "textDocumentSync": ["openClose": true, "change": 2, "save": ["includeText": true]],
                "hoverProvider": true,
                "definitionProvider": true,
                "referencesProvider": true,
                "completionProvider": ["triggerCharacters": ["$", "(", "[", "=", ":", ",", "\"", "/"]],
                "documentSymbolProvider": true,
                "documentLinkProvider": ["resolveProvider": false],
                "documentFormattingProvider": true,
                "codeActionProvider": ["codeActionKinds": ["quickfix"]],
                "inlayHintProvider": true,
            ],
            "serverInfo": ["name": "xcconfig", "version": .string(options.version)],
        ]
    }

    /// The document a request is about, its analysis and the position it names.
    private func request(_ params: JSONValue, needsPosition: Bool = true) throws(ResponseError) -> DocumentRequest {
        let uri = try params.requiredObject("textDocument").requiredString("uri")
        guard let path = DocumentURI.path(of: uri) else { throw .invalidParams("'\(uri)' is not a file URI") }
        let document = workspace.documents[path]
            ?? TextDocument(uri: uri, path: path, version: 0, bytes: (try? workspace.fileSystem.read(path)) ?? [])
        let position = needsPosition ? try Position(params["position"]) : Position(line: 0, character: 0)
        return DocumentRequest(document: document, analysis: workspace.analysis(of: path), workspace: workspace,
                               encoding: encoding, position: position)
    }

    // MARK: - Notifications

    private func notice(_ method: String, params: JSONValue?) {
        let params = params ?? .null
        switch method {
        case "textDocument/didOpen":
            guard let item = params["textDocument"], let uri = item["uri"]?.stringValue, let path = DocumentURI.path(of: uri),
                  let text = item["text"]?.stringValue else { return }
            let document = TextDocument(uri: uri, path: path, version: item["version"]?.intValue ?? 0, bytes: Array(text.utf8))
            scheduleDiagnostics(workspace.setDocument(document, at: path), now: path)
        case "textDocument/didChange":
            guard let uri = params["textDocument"]?["uri"]?.stringValue, let path = DocumentURI.path(of: uri),
                  var document = workspace.documents[path], let changes = params["contentChanges"]?.arrayValue else { return }
            for change in changes {
                do throws(ResponseError) { try document.apply(change, encoding: encoding) } catch { return }
            }
            document.version = params["textDocument"]?["version"]?.intValue ?? document.version + 1
            scheduleDiagnostics(workspace.setDocument(document, at: path), now: nil)
        case "textDocument/didSave":
            guard let uri = params["textDocument"]?["uri"]?.stringValue, let path = DocumentURI.path(of: uri) else { return }
            if let text = params["text"]?.stringValue, var document = workspace.documents[path] {
                document = TextDocument(uri: document.uri, path: path, version: document.version, bytes: Array(text.utf8))
                scheduleDiagnostics(workspace.setDocument(document, at: path), now: path)
            } else {
                scheduleDiagnostics(workspace.fileChanged(path), now: path)
            }
        case "textDocument/didClose":
            guard let uri = params["textDocument"]?["uri"]?.stringValue, let path = DocumentURI.path(of: uri) else { return }
            pendingDiagnostics[path] = nil
            scheduleDiagnostics(workspace.setDocument(nil, at: path), now: nil)
            send(ServerMessage.notification("textDocument/publishDiagnostics", ["uri": .string(uri), "diagnostics": []]))
        case "workspace/didChangeConfiguration":
            let settings = initialSettings.overlaid(by: params["settings"])
            if settings != workspace.settings {
                workspace.settings = settings
                scheduleDiagnostics(workspace.invalidateAll(), now: nil)
            }
        case "workspace/didChangeWatchedFiles":
            var affected: [String] = []
            for change in params["changes"]?.arrayValue ?? [] {
                if let path = change["uri"]?.stringValue.flatMap(DocumentURI.path(of:)) { affected += workspace.fileChanged(path) }
            }
            scheduleDiagnostics(affected, now: nil)
        default:
            // `initialized`, `$/cancelRequest` (handled on arrival), `$/setTrace` and any other
            // notification need nothing.
            break
        }
    }

    // MARK: - Diagnostics

    /// Publishes `now`'s diagnostics at once and the other documents' after the debounce.
    private func scheduleDiagnostics(_ paths: [String], now: String?) {
        let due = MonotonicInstant.now.adding(milliseconds: options.debounceMilliseconds)
        for path in paths where path != now { pendingDiagnostics[path] = due }
        if let now, workspace.documents[now] != nil {
            pendingDiagnostics[now] = nil
            publishDiagnostics(now)
        }
    }

    /// Publishes the diagnostics whose debounce has passed.
    func publishDueDiagnostics() {
        let now = MonotonicInstant.now
        for (path, due) in pendingDiagnostics.sorted(by: { $0.key < $1.key }) where due <= now {
            pendingDiagnostics[path] = nil
            publishDiagnostics(path)
        }
    }

    private func publishDiagnostics(_ path: String) {
        guard let document = workspace.documents[path] else { return }
        let request = DocumentRequest(document: document, analysis: workspace.analysis(of: path), workspace: workspace,
                                      encoding: encoding, position: Position(line: 0, character: 0))
        send(ServerMessage.notification("textDocument/publishDiagnostics", [
            "uri": .string(document.uri),
            "version": .integer(document.version),
            "diagnostics": .array(Diagnostics.diagnostics(request)),
        ]))
    }
}
