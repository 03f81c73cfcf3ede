import XCConfig

/// A file system in which one path holds the bytes read from standard input and everything
/// else is the real one: `xcconfig lint - --stdin-path Config/App.xcconfig` lints what an
/// editor has not saved yet as if it were that file, its includes found next to it.
struct StandardInputFileSystem: FileSystem {
    /// Everything but ``path``.
    let base: any FileSystem
    /// The absolute path standard input stands for.
    let path: String
    /// What standard input held.
    let bytes: [UInt8]

    func kind(of path: String) -> FileKind? {
        path == self.path ? .file : base.kind(of: path)
    }

    func read(_ path: String) throws(FileSystemError) -> [UInt8] {
        path == self.path ? bytes : try base.read(path)
    }

    func writeAtomically(_ bytes: [UInt8], to path: String) throws(FileSystemError) {
        // The text came from standard input: there is no file to write back to.
        if path == self.path { throw FileSystemError(path: path, reason: .ioError("it was read from standard input")) }
        try base.writeAtomically(bytes, to: path)
    }

    func contents(ofDirectory path: String) throws(FileSystemError) -> [String] {
        let holdsInput = Path.directory(of: self.path) == path
        var names: [String]
        do {
            names = try base.contents(ofDirectory: path)
        } catch {
            guard holdsInput else { throw error }
            names = []
        }
        if holdsInput, !names.contains(Path.basename(self.path)) { names.append(Path.basename(self.path)) }
        return names
    }

    func resolvingSymlinks(_ path: String) -> String {
        path == self.path ? path : base.resolvingSymlinks(path)
    }

    func isSymbolicLink(_ path: String) -> Bool {
        path == self.path ? false : base.isSymbolicLink(path)
    }

    func isSymbolicLinkLoop(_ path: String) -> Bool { path != self.path && base.isSymbolicLinkLoop(path) }

    func isReadOnlyFile(_ path: String) -> Bool { path != self.path && base.isReadOnlyFile(path) }

    var currentDirectory: String { base.currentDirectory }
}
