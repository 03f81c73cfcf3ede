import XCConfig
import XCConfigLint

/// `textDocument/formatting`: what `xcconfig format` writes, with the options of the
/// `.xcconfig-format.json` (or `.xcconfig-lint.json`'s `format` key) that applies to the
/// document. One edit replaces the whole text, or none when it is already formatted.
enum Formatting {
    static func format(_ request: DocumentRequest) -> JSONValue {
        let fileSystem = request.workspace.fileSystem
        var options = FormatOptions()
        if let path = FormatOptions.find(from: Path.directory(of: request.document.path), fileSystem: fileSystem),
           let loaded = try? FormatOptions.load(path, fileSystem: fileSystem) {
            options = loaded.options
        }
        let bytes = request.document.bytes
        let formatted = XCConfigFormatter.format(bytes, options: options)
        guard formatted != bytes else { return [] }
        return [["range": request.range(0..<bytes.count), "newText": .string(String(decoding: formatted, as: UTF8.self))]]
    }
}
