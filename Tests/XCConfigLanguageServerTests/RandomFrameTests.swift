import ConformanceSupport
import Testing
import XCConfig
@testable import XCConfigLanguageServer

/// The fuzz target's property on seeded inputs, in every test run: the scripted session of
/// `Tests/Fuzz/lsp-session.seed`, then mutated copies of it (bytes changed,
/// removed, repeated, cut), never crash the server, and everything it writes is JSON-RPC.
@Suite struct RandomFrameTests {
    static let session: [UInt8] = {
        let path = #filePath.replacingOccurrences(of: "XCConfigLanguageServerTests/RandomFrameTests.swift", with: "Fuzz/lsp-session.seed")
        let bytes = (try? RealFileSystem().read(path)) ?? []
        return Array(bytes.dropFirst())   // the fuzz target's selector byte
    }()

    static func fileSystem() -> InMemoryFileSystem {
        InMemoryFileSystem(currentDirectory: "/fuzz", files: [
            "a.xcconfig": "#include \"c.xcconfig\"\nA = 1\nB[sdk=iphoneos*] = $(A) é😀 ${A}\nOTHER_LDFLAGS = -ObjC\n",
            "c.xcconfig": "C = 3\n",
        ])
    }

    /// Every frame `output` holds is a JSON-RPC 2.0 message; returns them.
    static func messages(_ output: [UInt8]) -> [JSONValue]? {
        var reader = FrameReader()
        reader.append(output)
        var messages: [JSONValue] = []
        for frame in reader.frames() {
            guard case .message(let message) = frame, message["jsonrpc"] == "2.0" else { return nil }
            messages.append(message)
        }
        return messages
    }

    /// `initialize` and an open document, as the fuzz target starts.
    static let prologue = FrameReader.frame(Array(#"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"rootUri":"file:///fuzz","capabilities":{}}}"#.utf8))
        + FrameReader.frame(Array(#"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"file:///fuzz/a.xcconfig","languageId":"xcconfig","version":1,"text":"A = 1\nB = $(A) é😀\n"}}}"#.utf8))

    @Test func theScriptedSessionAnswersEveryRequestAndExitsWithStatusZero() throws {
        #expect(!Self.session.isEmpty)
        let (output, status) = LanguageServer.respond(toStream: Self.prologue + Self.session, options: .init(fileSystem: Self.fileSystem(), debounceMilliseconds: 0))
        let messages = try #require(Self.messages(output))
        #expect(status == 0)
        // Requests 0 to 13, one response each (13 is shutdown); 12 was cancelled.
        let ids = messages.compactMap { $0["id"]?.intValue }
        #expect(ids.sorted() == Array(0...13))
        #expect(messages.first { $0["id"] == .integer(12) }?["error"]?["code"] == .integer(-32800))
        #expect(messages.contains { $0["id"] == .null && $0["error"]?["code"] == .integer(-32700) })
    }

    @Test func mutatedSessionsNeverCrashAndOnlyWriteJSONRPC() {
        var numbers = SeededNumbers(seed: 25)
        for iteration in 0..<60 {
            var bytes = Self.session
            for _ in 0..<(1 + numbers.next(6)) where !bytes.isEmpty {
                let index = numbers.next(bytes.count)
                switch numbers.next(4) {
                case 0: bytes[index] = UInt8(numbers.next(256))
                case 1: bytes.remove(at: index)
                case 2: bytes.insert(contentsOf: bytes[index..<min(bytes.count, index + numbers.next(40))], at: index)
                default: bytes.removeSubrange(index...)
                }
            }
            let (output, _) = LanguageServer.respond(toStream: Self.prologue + bytes, options: .init(fileSystem: Self.fileSystem(), debounceMilliseconds: 0))
            #expect(Self.messages(output) != nil, "iteration \(iteration)")
        }
    }
}
