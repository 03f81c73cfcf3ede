/// The files of a git repository as they are at one revision, read from git's objects: no
/// checkout, no temporary work tree. For comparing the build settings of two revisions
/// (`xcconfig diff --base REV`).
///
/// Paths are absolute as in the work tree: `<work tree>/Config/App.xcconfig` reads
/// `Config/App.xcconfig` at the revision. A path outside the work tree, or missing at the
/// revision, is a missing file. Symbolic links stored in the revision are followed. The file
/// system is read-only.
///
/// Opening lists the revision's tree once (`git ls-tree`). The first read fetches every
/// `.xcconfig` of the revision with one `git cat-file --batch` (what a stack loads is mostly
/// those: one process each would cost more than the rest of a diff); any other file is one
/// more. Blobs are read raw: `cat-file` applies no filter and no textconv, and runs no hook.
/// An object a partial clone does not have is a read error, never fetched. What was read is
/// remembered.
package struct GitRevisionFileSystem: FileSystem {
    /// The revision as given (`origin/main`, `HEAD~1`, a commit ID).
    package let revision: String
    /// The commit it names.
    package let commit: String
    /// The work tree's top folder, spelled as seen from ``currentDirectory``.
    package let root: String
    package let currentDirectory: String

    private struct Entry: Sendable {
        var kind: FileKind
        var isSymbolicLink: Bool
        var objectID: String
    }

    private let git: GitCommandLine
    /// By path relative to ``root`` (`""` is the root).
    private let entries: [String: Entry]
    private let children: [String: [String]]
    private struct BlobCache {
        var blobs: [String: [UInt8]] = [:]
        /// Blobs not read because they are over ``Limits/maximumFileSize``.
        var oversized: Set<String> = []
        var preloaded = false
    }
    private let cache = Locked(BlobCache())

    /// Why a revision cannot be read.
    package struct OpenError: Error, Sendable, CustomStringConvertible {
        package var description: String
    }

    /// Opens `revision` of the repository whose work tree holds `directory` (an absolute path,
    /// which becomes the current directory).
    package init(revision: String, directory: String, git: GitCommandLine) throws(OpenError) {
        guard let prefixResult = git.run(["rev-parse", "--show-prefix"], in: directory) else {
            throw OpenError(description: "could not run \(git.executable)")
        }
        guard prefixResult.status == 0 else { throw OpenError(description: "'\(directory)' is not inside a git work tree") }
        // The prefix is the current directory below the top folder: going up as many folders
        // keeps the user's spelling of the path (symbolic links included).
        let depth = prefixResult.trimmedOutput.split(separator: "/").count
        var root = Path.normalize(directory)
        for _ in 0..<depth { root = Path.directory(of: root) }

        guard let commitResult = git.run(["rev-parse", "--verify", "--quiet", "--end-of-options", revision + "^{commit}"], in: directory),
              commitResult.status == 0, !commitResult.trimmedOutput.isEmpty else {
            throw OpenError(description: "unknown revision '\(revision)'")
        }
        let commit = commitResult.trimmedOutput
        // No `-l`: the sizes would need every blob, which a partial clone may not have.
        guard let listing = git.run(["ls-tree", "-r", "-t", "-z", "--full-tree", commit], in: directory), listing.status == 0 else {
            throw OpenError(description: "cannot list the files of revision '\(revision)'")
        }

        var entries: [String: Entry] = ["": Entry(kind: .directory, isSymbolicLink: false, objectID: "")]
        var children: [String: [String]] = [:]
        // Each record: "MODE TYPE OBJECT\tPATH\0".
        for record in listing.output.split(separator: 0) {
            guard let tab = record.firstIndex(of: UInt8(ascii: "\t")) else { continue }
            let fields = record[..<tab].split(separator: UInt8(ascii: " "), omittingEmptySubsequences: true).map { String(decoding: $0, as: UTF8.self) }
            guard fields.count == 3 else { continue }
            let path = String(decoding: record[(tab + 1)...], as: UTF8.self)
            let kind: FileKind = fields[1] == "tree" ? .directory : fields[1] == "blob" ? .file : .other
            entries[path] = Entry(kind: kind, isSymbolicLink: fields[0] == "120000", objectID: fields[2])
            let parent = path.contains("/") ? Path.directory(of: path) : ""
            children[parent, default: []].append(Path.basename(path))
        }
        self.revision = revision
        self.commit = commit
        self.root = root
        self.currentDirectory = Path.normalize(directory)
        self.git = git
        self.entries = entries
        self.children = children
    }

    /// `path` relative to ``root``, or `nil` outside it.
    private func relative(_ path: String) -> String? {
        let absolute = Path.absolute(path, relativeTo: currentDirectory)
        if absolute == root { return "" }
        let prefix = root == "/" ? "/" : root + "/"
        guard absolute.hasPrefix(prefix) else { return nil }
        return String(absolute.dropFirst(prefix.count))
    }

    /// `relativePath` with every symbolic link resolved, component by component; `nil` when
    /// a component is missing, leads outside the work tree, or links loop.
    private func resolved(_ relativePath: String) -> String? {
        var pending = relativePath.split(separator: "/").map(String.init)
        var current = ""
        var hops = 0
        while !pending.isEmpty {
            let component = pending.removeFirst()
            let candidate = current.isEmpty ? component : current + "/" + component
            guard let entry = entries[candidate] else { return nil }
            guard entry.isSymbolicLink else {
                current = candidate
                continue
            }
            hops += 1
            guard hops <= 40, let target = try? blob(entry.objectID) else { return nil }
            let destination = String(decoding: target, as: UTF8.self)
            let absoluteTarget = Path.absolute(destination, relativeTo: Path.join(root, current))
            guard let relativeTarget = relative(absoluteTarget) else { return nil }
            pending = relativeTarget.split(separator: "/").map(String.init) + pending
            current = ""
        }
        return current
    }

    private func entry(_ path: String) -> (path: String, entry: Entry)? {
        guard let relativePath = relative(path), let target = resolved(relativePath), let entry = entries[target] else { return nil }
        return (target, entry)
    }

    private func blob(_ objectID: String) throws(FileSystemError) -> [UInt8] {
        if let cached = cache.withLock({ $0.blobs[objectID] }) { return cached }
        if !cache.withLock({ $0.preloaded }) {
            let configurationFiles = entries.compactMap { path, entry in
                entry.kind == .file && !entry.isSymbolicLink && path.hasSuffix(".xcconfig") ? entry.objectID : nil
            }
            let fetched = objects(Array(Set(configurationFiles + [objectID])).sorted())
            cache.withLock { $0.preloaded = true }
            if let blob = fetched[objectID] { return blob }
        }
        if cache.withLock({ !$0.oversized.contains(objectID) }), let blob = objects([objectID])[objectID] { return blob }
        if cache.withLock({ $0.oversized.contains(objectID) }) {
            throw FileSystemError(path: objectID, reason: .tooLarge(limit: Limits.maximumFileSize))
        }
        throw FileSystemError(path: objectID, reason: .ioError("object \(objectID) is not in the repository (the tool never fetches missing objects)"))
    }

    /// The blobs `objectIDs` name that git has and that are under the size limit, remembered
    /// in the cache: their sizes with one `cat-file --batch-check`, then their contents with one
    /// `cat-file --batch`. Git stops at an object it cannot read (a partial clone's missing
    /// blob): what came before it is kept.
    private func objects(_ objectIDs: [String]) -> [String: [UInt8]] {
        guard !objectIDs.isEmpty else { return [:] }
        let request = Array(objectIDs.joined(separator: "\n").utf8) + [UInt8(ascii: "\n")]
        guard let check = git.run(["cat-file", "--batch-check"], in: currentDirectory, input: request) else { return [:] }
        var wanted: [String] = []
        var oversized: Set<String> = []
        for line in check.output.split(separator: UInt8(ascii: "\n")) {
            // "OBJECT TYPE SIZE", or "OBJECT missing".
            let fields = line.split(separator: UInt8(ascii: " ")).map { String(decoding: $0, as: UTF8.self) }
            guard fields.count == 3, fields[1] == "blob", let size = Int(fields[2]) else { continue }
            if size > Limits.maximumFileSize { oversized.insert(fields[0]) } else { wanted.append(fields[0]) }
        }
        var fetched: [String: [UInt8]] = [:]
        if !wanted.isEmpty,
           let batch = git.run(["cat-file", "--batch"], in: currentDirectory, input: Array(wanted.joined(separator: "\n").utf8) + [UInt8(ascii: "\n")]) {
            // Each object: "OBJECT TYPE SIZE\n", SIZE bytes, "\n".
            let output = batch.output
            var offset = 0
            while offset < output.count, let newline = output[offset...].firstIndex(of: UInt8(ascii: "\n")) {
                let fields = output[offset..<newline].split(separator: UInt8(ascii: " ")).map { String(decoding: $0, as: UTF8.self) }
                offset = newline + 1
                guard fields.count == 3, let size = Int(fields[2]) else { continue }
                guard offset + size <= output.count else { break }
                if fields[1] == "blob" { fetched[fields[0]] = Array(output[offset..<(offset + size)]) }
                offset += size + 1
            }
        }
        cache.withLock { cache in
            cache.blobs.merge(fetched) { kept, _ in kept }
            cache.oversized.formUnion(oversized)
        }
        return fetched
    }

    package func kind(of path: String) -> FileKind? { entry(path)?.entry.kind }

    package func read(_ path: String) throws(FileSystemError) -> [UInt8] {
        guard let (_, entry) = entry(path) else { throw FileSystemError(path: path, reason: .notFound) }
        switch entry.kind {
        case .directory: throw FileSystemError(path: path, reason: .isDirectory)
        case .other: throw FileSystemError(path: path, reason: .ioError("not a file at revision \(revision)"))
        case .file: break
        }
        do {
            return try blob(entry.objectID)
        } catch {
            throw FileSystemError(path: path, reason: error.reason)
        }
    }

    package func writeAtomically(_ bytes: [UInt8], to path: String) throws(FileSystemError) {
        throw FileSystemError(path: path, reason: .permissionDenied)
    }

    package func contents(ofDirectory path: String) throws(FileSystemError) -> [String] {
        guard let (target, entry) = entry(path) else { throw FileSystemError(path: path, reason: .notFound) }
        guard entry.kind == .directory else { throw FileSystemError(path: path, reason: .ioError("not a directory")) }
        return children[target] ?? []
    }

    package func resolvingSymlinks(_ path: String) -> String {
        guard let relativePath = relative(path), let target = resolved(relativePath) else { return Path.normalize(path) }
        return target.isEmpty ? root : Path.join(root, target)
    }

    package func isSymbolicLink(_ path: String) -> Bool {
        guard let relativePath = relative(path), let parent = resolved(Path.directory(of: relativePath) == "." ? "" : Path.directory(of: relativePath)) else { return false }
        let own = parent.isEmpty ? Path.basename(relativePath) : parent + "/" + Path.basename(relativePath)
        return entries[own]?.isSymbolicLink ?? false
    }
}
