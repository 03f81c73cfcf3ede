import XCConfig

/// A file system whose open documents replace the files on disk: what includes, the resolver
/// and the linter read, so that an included file's unsaved edits count.
///
/// A snapshot: the documents are those open when it was made.
struct OverlayFileSystem: FileSystem {
    let base: any FileSystem
    /// Open documents' bytes by absolute, normalised path.
    let documents: [String: [UInt8]]

    func kind(of path: String) -> FileKind? {
        documents[path] != nil ? .file : base.kind(of: path)
    }

    func read(_ path: String) throws(FileSystemError) -> [UInt8] {
        if let bytes = documents[path] { return bytes }
        return try base.read(path)
    }

    func writeAtomically(_ bytes: [UInt8], to path: String) throws(FileSystemError) {
        try base.writeAtomically(bytes, to: path)
    }

    func contents(ofDirectory path: String) throws(FileSystemError) -> [String] {
        var names = (try? base.contents(ofDirectory: path)) ?? []
        let prefix = path.hasSuffix("/") ? path : path + "/"
        for document in documents.keys where document.hasPrefix(prefix) {
            let name = String(document.dropFirst(prefix.count))
            if !name.contains("/") && !names.contains(name) { names.append(name) }
        }
        if names.isEmpty, base.kind(of: path) != .directory { return try base.contents(ofDirectory: path) }
        return names
    }

    func resolvingSymlinks(_ path: String) -> String {
        documents[path] != nil && base.kind(of: path) == nil ? path : base.resolvingSymlinks(path)
    }

    func isSymbolicLink(_ path: String) -> Bool {
        documents[path] != nil && base.kind(of: path) == nil ? false : base.isSymbolicLink(path)
    }

    func isSymbolicLinkLoop(_ path: String) -> Bool { documents[path] == nil && base.isSymbolicLinkLoop(path) }

    func entry(at path: String) -> (kind: FileKind, isSymbolicLink: Bool)? {
        if documents[path] != nil {
            return (.file, base.kind(of: path) == nil ? false : base.isSymbolicLink(path))
        }
        return base.entry(at: path)
    }

    var currentDirectory: String { base.currentDirectory }
}
