import XCConfig
import XCConfigSyntax

/// A request about one document: the document, its analysis, the position asked about, and
/// the conversions between the library's byte offsets and the client's positions.
struct DocumentRequest {
    let document: TextDocument
    let analysis: DocumentAnalysis
    let workspace: Workspace
    let encoding: PositionEncoding
    let position: Position

    /// The byte offset of ``position`` in the document (clamped to its text).
    var offset: Int { document.lines.offset(of: position, encoding: encoding) }

    /// The byte offset of a position in the document (clamped to its text).
    func offset(of position: Position) -> Int { document.lines.offset(of: position, encoding: encoding) }

    /// An LSP range in the document.
    func range(_ offsets: Range<Int>) -> JSONValue {
        Self.range(offsets, in: document.lines, encoding: encoding)
    }

    /// An LSP range in `lines`.
    static func range(_ offsets: Range<Int>, in lines: LineTable, encoding: PositionEncoding) -> JSONValue {
        .object([
            "start": lines.position(ofOffset: offsets.lowerBound, encoding: encoding).json,
            "end": lines.position(ofOffset: offsets.upperBound, encoding: encoding).json,
        ])
    }

    /// The text of a file of the workspace, as lines: an open document's, else the stack's
    /// parse of it, else the file read now.
    func lines(of path: String) -> LineTable? {
        if let open = workspace.documents[path] { return open.lines }
        if let file = analysis.files.first(where: { $0.path == path }) { return LineTable(file.tree.bytes) }
        return (try? workspace.fileSystem.read(path)).map(LineTable.init)
    }

    /// An LSP `Location` for bytes of a file.
    func location(_ path: String, _ offsets: Range<Int>) -> JSONValue? {
        guard let lines = lines(of: path) else { return nil }
        return ["uri": .string(workspace.documents[path]?.uri ?? DocumentURI.uri(of: path)),
                "range": Self.range(offsets, in: lines, encoding: encoding)]
    }

    /// The byte offset of an Xcode line and byte column (1-based) in `tree`.
    static func offset(of location: SourceLocation, in tree: SyntaxTree) -> Int {
        let line = min(max(location.line, 1), max(tree.lineStarts.count, 1))
        let start = tree.lineStarts.isEmpty ? 0 : tree.lineStarts[line - 1]
        return min(start + max(location.column - 1, 0), tree.bytes.count)
    }

    /// The syntax tree of a file of the stack (or the document).
    func tree(of path: String) -> SyntaxTree? {
        analysis.files.first(where: { $0.path == path })?.tree
    }

    /// Where the assignment described by `info` starts: its file and the byte range of its name.
    func nameLocation(of info: AssignmentInfo) -> JSONValue? {
        guard let file = info.file, let location = info.location else { return nil }
        if let tree = tree(of: file) {
            let start = Self.offset(of: location, in: tree)
            return self.location(file, start..<(start + info.name.utf8.count))
        }
        // A dictionary entry in a project file: its line.
        guard let lines = lines(of: file) else { return nil }
        let line = max(location.line - 1, 0)
        let start = line < lines.starts.count ? lines.starts[line] : lines.bytes.count
        return self.location(file, start..<start)
    }

    /// `path` relative to the document's folder when below it, else as is: how hovers name files.
    func displayPath(_ path: String) -> String {
        Path.display(path, relativeTo: Path.directory(of: document.path))
    }
}
