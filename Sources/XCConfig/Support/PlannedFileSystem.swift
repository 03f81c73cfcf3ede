/// A file system that shows a set of planned edits on top of another one, without writing
/// them: what reading the project and its xcconfigs would give after the edits, so a plan can
/// be checked (and its values shown) before anything is written.
package struct PlannedFileSystem: FileSystem {
    package let base: any FileSystem
    private let files: [String: [UInt8]]
    private let directories: Set<String>

    package init(base: any FileSystem, edits: [FileEdit]) {
        self.base = base
        var files: [String: [UInt8]] = [:]
        var directories: Set<String> = []
        for edit in edits {
            let path = Path.absolute(edit.path, relativeTo: base.currentDirectory)
            files[path] = edit.bytes
            var directory = Path.directory(of: path)
            while directory != "/", !directory.isEmpty, directories.insert(directory).inserted {
                directory = Path.directory(of: directory)
            }
        }
        self.files = files
        self.directories = directories
    }

    private func key(_ path: String) -> String { Path.absolute(path, relativeTo: base.currentDirectory) }

    package var currentDirectory: String { base.currentDirectory }

    package func kind(of path: String) -> FileKind? {
        if files[key(path)] != nil { return .file }
        if directories.contains(key(path)) { return .directory }
        return base.kind(of: path)
    }

    package func read(_ path: String) throws(FileSystemError) -> [UInt8] {
        if let bytes = files[key(path)] { return bytes }
        return try base.read(path)
    }

    package func writeAtomically(_ bytes: [UInt8], to path: String) throws(FileSystemError) {
        throw FileSystemError(path: path, reason: .ioError("a planned file system is not written"))
    }

    package func contents(ofDirectory path: String) throws(FileSystemError) -> [String] {
        let directory = key(path)
        var names = Set((try? base.contents(ofDirectory: path)) ?? [])
        for file in files.keys where Path.directory(of: file) == directory { names.insert(Path.basename(file)) }
        for folder in directories where Path.directory(of: folder) == directory { names.insert(Path.basename(folder)) }
        if names.isEmpty, base.kind(of: path) != .directory, !directories.contains(directory) {
            return try base.contents(ofDirectory: path)
        }
        return Array(names)
    }

    package func resolvingSymlinks(_ path: String) -> String {
        files[key(path)] != nil || directories.contains(key(path)) ? key(path) : base.resolvingSymlinks(path)
    }

    package func isSymbolicLink(_ path: String) -> Bool {
        files[key(path)] != nil || directories.contains(key(path)) ? false : base.isSymbolicLink(path)
    }

    package func isReadOnlyFile(_ path: String) -> Bool {
        files[key(path)] == nil && base.isReadOnlyFile(path)
    }

    package func isSymbolicLinkLoop(_ path: String) -> Bool {
        files[key(path)] == nil && !directories.contains(key(path)) && base.isSymbolicLinkLoop(path)
    }

    package func entry(at path: String) -> (kind: FileKind, isSymbolicLink: Bool)? {
        if files[key(path)] != nil { return (.file, false) }
        if directories.contains(key(path)) { return (.directory, false) }
        return base.entry(at: path)
    }
}
