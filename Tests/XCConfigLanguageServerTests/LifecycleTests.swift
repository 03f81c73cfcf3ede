import Testing
import XCConfig
@testable import XCConfigLanguageServer

/// The base protocol and the lifecycle (LSP 3.17 "Base Protocol", "Lifecycle Messages";
/// JSON-RPC 2.0 §5.1 error codes), driven through real pipes.
@Suite struct LifecycleTests {
    @Test func aRequestBeforeInitializeIsRefusedWithServerNotInitialized() {
        let client = LanguageServerClient(files: [:])
        let response = client.response(to: client.sendRequest("textDocument/hover", client.at("A.xcconfig", 0, 0)))
        #expect(response?["error"]?["code"] == .integer(-32002))
        client.initialize()
        #expect(client.shutDown() == 0)
    }

    @Test func exitAfterShutdownEndsWithStatusZero() {
        let client = LanguageServerClient(files: [:])
        let result = client.initialize()
        #expect(result?["capabilities"]?["hoverProvider"] == .bool(true))
        #expect(result?["capabilities"]?["textDocumentSync"]?["change"] == .integer(2))
        let shutdown = client.response(to: client.sendRequest("shutdown"))
        #expect(shutdown?["result"] == .null)
        #expect(shutdown?["error"] == nil)
        client.notify("exit")
        #expect(client.exitStatus() == 0)
    }

    @Test func exitWithoutShutdownEndsWithStatusOne() {
        let client = LanguageServerClient(files: [:])
        client.initialize()
        client.notify("exit")
        #expect(client.exitStatus() == 1)
    }

    @Test func theEndOfInputWithoutExitEndsWithStatusOne() {
        let client = LanguageServerClient(files: [:])
        client.initialize()
        client.closeInput()
        #expect(client.exitStatus() == 1)
    }

    @Test func requestsAfterShutdownAreInvalid() {
        let client = LanguageServerClient(files: [:])
        client.initialize()
        _ = client.request("shutdown")
        let response = client.response(to: client.sendRequest("textDocument/hover", client.at("A.xcconfig", 0, 0)))
        #expect(response?["error"]?["code"] == .integer(-32600))
        client.notify("exit")
        #expect(client.exitStatus() == 0)
    }

    @Test func aSecondInitializeIsAnInvalidRequest() {
        let client = LanguageServerClient(files: [:])
        client.initialize()
        let response = client.response(to: client.sendRequest("initialize", ["capabilities": [:]]))
        #expect(response?["error"]?["code"] == .integer(-32600))
        #expect(client.shutDown() == 0)
    }

    @Test func anUnknownRequestIsMethodNotFoundAndAnUnknownNotificationIsIgnored() {
        let client = LanguageServerClient(files: [:])
        client.initialize()
        client.notify("custom/somethingElse", ["x": 1])
        let response = client.response(to: client.sendRequest("custom/frobnicate"))
        #expect(response?["error"]?["code"] == .integer(-32601))
        #expect(client.shutDown() == 0)
    }

    @Test func aBodyThatIsNotJSONIsAParseErrorWithANullIDAndTheNextRequestIsAnswered() {
        let client = LanguageServerClient(files: [:])
        client.initialize()
        client.write(Array("Content-Length: 9\r\n\r\n{\"id\": 1,".utf8))
        let error = client.nextMessage()
        #expect(error?["error"]?["code"] == .integer(-32700))
        #expect(error?["id"] == .null)
        #expect(client.shutDown() == 0)
    }

    @Test func aMessageThatIsNotAnObjectIsAnInvalidRequest() {
        let client = LanguageServerClient(files: [:])
        client.initialize()
        client.write(LanguageServerClient.frame([1, 2]))
        #expect(client.nextMessage()?["error"]?["code"] == .integer(-32600))
        client.write(LanguageServerClient.frame(["jsonrpc": "2.0", "id": 77, "method": 5]))
        let response = client.nextMessage()
        #expect(response?["error"]?["code"] == .integer(-32600))
        #expect(response?["id"] == .integer(77))
        #expect(client.shutDown() == 0)
    }

    @Test func aFrameWithoutContentLengthIsSkippedAndReadingGoesOn() {
        let client = LanguageServerClient(files: [:])
        client.initialize()
        client.write(Array("Content-Type: application/json\r\n\r\n{}".utf8))
        #expect(client.nextMessage()?["error"]?["code"] == .integer(-32700))
        #expect(client.shutDown() == 0)
    }

    @Test func aContentLengthThatIsNotANumberIsSkipped() {
        let client = LanguageServerClient(files: [:])
        client.initialize()
        client.write(Array("Content-Length: -5\r\n\r\n".utf8))
        #expect(client.nextMessage()?["error"]?["code"] == .integer(-32700))
        client.write(Array("Content-Length: 99999999999999999999\r\n\r\n".utf8))
        #expect(client.nextMessage()?["error"]?["code"] == .integer(-32700))
        #expect(client.shutDown() == 0)
    }

    @Test func aContentLengthTooShortIsAParseErrorAndTheNextFrameIsStillRead() {
        let client = LanguageServerClient(files: [:])
        client.initialize()
        let body = Array(#"{"jsonrpc":"2.0","id":40,"method":"shutdown"}"#.utf8)
        client.write(Array("Content-Length: \(body.count - 10)\r\n\r\n".utf8) + body)
        #expect(client.nextMessage()?["error"]?["code"] == .integer(-32700))
        let id = client.sendRequest("custom/unknown")
        #expect(client.response(to: id)?["error"]?["code"] == .integer(-32601))
        #expect(client.shutDown() == 0)
    }

    @Test func aContentLengthTooLongSwallowsTheNextFrameWhichIsThenReadAgain() {
        let client = LanguageServerClient(files: [:])
        client.initialize()
        let body = Array(#"{"jsonrpc":"2.0","id":41,"method":"custom/a"}"#.utf8)
        let next = LanguageServerClient.frame(["jsonrpc": "2.0", "id": 42, "method": "custom/b"])
        // The declared length covers the first body and part of the next frame.
        client.write(Array("Content-Length: \(body.count + 30)\r\n\r\n".utf8) + body + next)
        #expect(client.nextMessage()?["error"]?["code"] == .integer(-32700))
        #expect(client.response(to: 42)?["error"]?["code"] == .integer(-32601))
        #expect(client.shutDown() == 0)
    }

    @Test func garbageBeforeAHeaderIsSkippedWithAParseError() {
        let client = LanguageServerClient(files: [:])
        client.initialize()
        client.write(Array("}garbage".utf8) + LanguageServerClient.frame(["jsonrpc": "2.0", "id": 43, "method": "custom/c"]))
        #expect(client.nextMessage()?["error"]?["code"] == .integer(-32700))
        #expect(client.response(to: 43)?["error"]?["code"] == .integer(-32601))
        #expect(client.shutDown() == 0)
    }

    @Test func aLineThatIsNoHeaderInAHeaderBlockIsIgnoredLikeAnUnknownHeader() {
        let client = LanguageServerClient(files: [:])
        client.initialize()
        client.write(Array("hello there\r\n".utf8) + LanguageServerClient.frame(["jsonrpc": "2.0", "id": 44, "method": "custom/d"]))
        #expect(client.nextMessage()?["error"]?["code"] == .integer(-32601))
        #expect(client.shutDown() == 0)
    }

    @Test func aCancelledRequestStillWaitingIsAnsweredWithRequestCancelled() {
        let client = LanguageServerClient(files: ["A.xcconfig": "A = 1\n"])
        client.initialize()
        // The request and its cancellation arrive in one write, as one read.
        let request = LanguageServerClient.frame(["jsonrpc": "2.0", "id": 50, "method": "textDocument/hover", "params": client.at("A.xcconfig", 0, 0)])
        let cancel = LanguageServerClient.frame(["jsonrpc": "2.0", "method": "$/cancelRequest", "params": ["id": 50]])
        client.write(request + cancel)
        #expect(client.response(to: 50)?["error"]?["code"] == .integer(-32800))
        #expect(client.shutDown() == 0)
    }

    @Test func headersAreCaseInsensitiveAndOtherHeadersAreAllowed() {
        let client = LanguageServerClient(files: [:])
        let body = Array(#"{"jsonrpc":"2.0","id":60,"method":"initialize","params":{"capabilities":{}}}"#.utf8)
        client.write(Array("Content-Type: application/vscode-jsonrpc; charset=utf-8\r\ncontent-length: \(body.count)\r\n\r\n".utf8) + body)
        #expect(client.response(to: 60)?["result"]?["capabilities"] != nil)
        #expect(client.shutDown() == 0)
    }

    @Test func framesSplitAcrossWritesAreJoined() {
        let client = LanguageServerClient(files: [:])
        let frame = LanguageServerClient.frame(["jsonrpc": "2.0", "id": 61, "method": "initialize", "params": ["capabilities": [:]]])
        for byte in frame { client.write([byte]) }
        #expect(client.response(to: 61)?["result"]?["capabilities"] != nil)
        #expect(client.shutDown() == 0)
    }
}

/// The frame reader on its own: what it makes of byte streams.
@Suite struct FrameReaderTests {
    @Test func twoFramesInOneReadAreTwoMessages() {
        var reader = FrameReader()
        reader.append(FrameReader.frame(Array("{}".utf8)) + FrameReader.frame(Array("[]".utf8)))
        let frames = reader.frames()
        #expect(frames.count == 2)
    }

    @Test func aHeaderWithoutItsBodyWaitsForMoreBytes() {
        var reader = FrameReader()
        reader.append(Array("Content-Length: 10\r\n\r\n{}".utf8))
        #expect(reader.frames().isEmpty)
    }
}
