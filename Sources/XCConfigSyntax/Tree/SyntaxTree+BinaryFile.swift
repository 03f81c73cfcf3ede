extension SyntaxTree {
    /// How far into a file a NUL byte is looked for, as git decides a file is binary: text
    /// files hold none, and a binary file nearly always has one near its start.
    static let binarySniffLength = 8000

    /// Whether the file looks binary (a NUL byte in its first 8000 bytes), as git judges it.
    public var looksBinary: Bool {
        bytes.prefix(Self.binarySniffLength).contains(0)
    }

    /// The one diagnostic for a binary file whose lines Xcode rejects (an executable, an image
    /// or a UTF-16 file named `.xcconfig`), at its first byte: the parser's error for each
    /// rejected line would be hundreds of lines about "characters" that are not text at all.
    /// `nil` for a text file, or one the parser rejects no line of.
    public var binaryFileDiagnostic: Diagnostic? {
        guard looksBinary else { return nil }
        var rejected = 0
        for record in 0..<recordCount where kind(ofRecord: record) == .invalid { rejected += 1 }
        guard rejected > 0 else { return nil }
        return Diagnostic(
            severity: .error,
            message: "this looks like a binary file, not an xcconfig: it holds NUL bytes, and Xcode rejects \(rejected) of its line\(rejected == 1 ? "" : "s")",
            location: SourceLocation(line: 1, column: 1))
    }
}
