import XCConfig

/// A JSON-RPC error the server answers a request with (JSON-RPC 2.0 §5.1, LSP 3.17 "ErrorCodes").
struct ResponseError: Error, Sendable {
    var code: Int
    var message: String

    static let parseError = -32700
    static let invalidRequest = -32600
    static let methodNotFound = -32601
    static let invalidParams = -32602
    static let internalError = -32603
    /// A request before `initialize`.
    static let serverNotInitialized = -32002
    /// The client cancelled the request before it was answered.
    static let requestCancelled = -32800

    static func invalidParams(_ message: String) -> ResponseError { ResponseError(code: invalidParams, message: message) }
}

/// One message from the client, sorted by what it asks for.
enum ClientMessage {
    /// A request: it gets exactly one response with the same `id`.
    case request(id: JSONValue, method: String, params: JSONValue?)
    /// A notification: no response.
    case notification(method: String, params: JSONValue?)
    /// A response to a request of the server's (the server sends none; it is ignored).
    case response
    /// Valid JSON that is not a JSON-RPC message; `id` when one could be read.
    case invalid(id: JSONValue?, reason: String)

    init(_ value: JSONValue) {
        guard value.objectMembers != nil else {
            self = .invalid(id: nil, reason: "a message must be a JSON object, not \(value.typeDescription)")
            return
        }
        let id = value["id"]
        if let id, !Self.isValidID(id) {
            self = .invalid(id: nil, reason: "an id must be a string or a number")
            return
        }
        guard let methodValue = value["method"] else {
            self = id == nil ? .invalid(id: nil, reason: "a message needs a method") : .response
            return
        }
        guard let method = methodValue.stringValue else {
            self = .invalid(id: id, reason: "the method must be a string")
            return
        }
        let params = value["params"]
        if let params, params.objectMembers == nil, params.arrayValue == nil, params != .null {
            self = .invalid(id: id, reason: "params must be an object or an array")
            return
        }
        if let id { self = .request(id: id, method: method, params: params) } else { self = .notification(method: method, params: params) }
    }

    static func isValidID(_ id: JSONValue) -> Bool {
        switch id {
        case .string, .integer, .null: true
        default: false
        }
    }
}

/// The JSON of the messages the server sends.
enum ServerMessage {
    static func response(id: JSONValue, result: JSONValue) -> JSONValue {
        .object(["jsonrpc": "2.0", "id": id, "result": result])
    }

    static func error(id: JSONValue?, _ error: ResponseError) -> JSONValue {
        .object(["jsonrpc": "2.0", "id": id ?? .null, "error": .object(["code": .integer(error.code), "message": .string(error.message)])])
    }

    static func notification(_ method: String, _ params: JSONValue) -> JSONValue {
        .object(["jsonrpc": "2.0", "method": .string(method), "params": params])
    }
}

/// Reading the members of request parameters, with errors that say what is missing.
extension JSONValue {
    /// The string member `key`, or an `InvalidParams` error.
    func requiredString(_ key: String) throws(ResponseError) -> String {
        guard let value = self[key]?.stringValue else { throw .invalidParams("'\(key)' must be a string") }
        return value
    }

    /// The object member `key`, or an `InvalidParams` error.
    func requiredObject(_ key: String) throws(ResponseError) -> JSONValue {
        guard let value = self[key], value.objectMembers != nil else { throw .invalidParams("'\(key)' must be an object") }
        return value
    }

    /// The non-negative integer member `key`, or an `InvalidParams` error (LSP positions are
    /// unsigned; a fraction or a negative number is a client's mistake).
    func requiredUnsigned(_ key: String) throws(ResponseError) -> Int {
        guard let value = self[key]?.intValue, value >= 0 else { throw .invalidParams("'\(key)' must be a non-negative integer") }
        return value
    }
}
