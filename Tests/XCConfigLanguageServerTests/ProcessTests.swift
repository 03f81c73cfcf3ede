import Foundation
import Testing
import XCConfig
import XCConfigLanguageServer

/// The built `xcconfig` next to the test bundle, when there is one.
private let executable: String? = {
    let path = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("xcconfig").path
    return FileManager.default.isExecutableFile(atPath: path) ? path : nil
}()

/// `xcconfig lsp` as an editor starts it: a separate process, its standard input and output
/// pipes, files on disk.
@Suite struct ProcessTests {
    @Test(.enabled(if: executable != nil)) func aSessionWithTheExecutableEndsWithStatusZero() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("xcconfig-lsp-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try "BASE = base\n".write(toFile: directory + "/Base.xcconfig", atomically: true, encoding: .utf8)
        let text = "#include \"Base.xcconfig\"\nVALUE = $(BASE) app\n"
        try text.write(toFile: directory + "/App.xcconfig", atomically: true, encoding: .utf8)
        let uri = "file://" + directory + "/App.xcconfig"

        func frame(_ message: JSONValue) -> [UInt8] { FrameReader.frame(Array(message.serialized(pretty: false).utf8)) }
        var input = frame(["jsonrpc": "2.0", "id": 1, "method": "initialize", "params": ["rootUri": .string("file://" + directory), "capabilities": [:]]])
        input += frame(["jsonrpc": "2.0", "method": "initialized", "params": [:]])
        input += frame(["jsonrpc": "2.0", "method": "textDocument/didOpen", "params": ["textDocument": ["uri": .string(uri), "languageId": "xcconfig", "version": 1, "text": .string(text)]]])
        input += frame(["jsonrpc": "2.0", "id": 2, "method": "textDocument/hover", "params": ["textDocument": ["uri": .string(uri)], "position": ["line": 1, "character": 1]]])
        input += frame(["jsonrpc": "2.0", "id": 3, "method": "shutdown"])
        input += frame(["jsonrpc": "2.0", "method": "exit"])

        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable!)
        process.arguments = ["lsp", "--stdio"]
        let standardInput = Pipe(), standardOutput = Pipe()
        process.standardInput = standardInput
        process.standardOutput = standardOutput
        try process.run()
        standardInput.fileHandleForWriting.write(Data(input))
        let output = standardOutput.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)

        var reader = FrameReader()
        reader.append(Array(output))
        let messages = reader.frames().compactMap { frame -> JSONValue? in
            if case .message(let json) = frame { return json }
            return nil
        }
        let hover = messages.first { $0["id"] == .integer(2) }
        #expect(hover?["result"]?["contents"]?["value"]?.stringValue?.hasPrefix("**VALUE** = `base app`") == true)
        #expect(messages.contains { $0["method"] == "textDocument/publishDiagnostics" })
        #expect(messages.first { $0["id"] == .integer(3) }?["result"] == .null)
    }
}
