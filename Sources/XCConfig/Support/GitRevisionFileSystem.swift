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
/// `.xcconfig` of the revision in one `git show` per thousand files (what a stack loads is
/// mostly those: one process each would cost more than the rest of a diff); any other file is
/// one `git cat-file blob`. What was read is remembered.
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
        var size: Int
    }

    private let git: GitCommandLine
    /// By path relative to ``root`` (`""` is the root).
    private let entries: [String: Entry]
    private let children: [String: [String]]
    private struct BlobCache {
        var blobs: [String: [UInt8]] = [:]
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
        guard let listing = git.run(["ls-tree", "-r", "-t", "-l", "-z", "--full-tree", commit], in: directory), listing.status == 0 else {
            throw OpenError(description: "cannot list the files of revision '\(revision)'")
        }

        var entries: [String: Entry] = ["": Entry(kind: .directory, isSymbolicLink: false, objectID: "", size: 0)]
        var children: [String: [String]] = [:]
        // Each record: "MODE TYPE OBJECT SIZE\tPATH\0" (SIZE is "-" for trees).
        for record in listing.output.split(separator: 0) {
            guard let tab = record.firstIndex(of: UInt8(ascii: "\t")) else { continue }
            let fields = record[..<tab].split(separator: UInt8(ascii: " "), omittingEmptySubsequences: true).map { String(decoding: $0, as: UTF8.self) }
            guard fields.count == 4 else { continue }
            let path = String(decoding: record[(tab + 1)...], as: UTF8.self)
            let kind: FileKind = fields[1] == "tree" ? .directory : fields[1] == "blob" ? .file : .other
            entries[path] = Entry(kind: kind, isSymbolicLink: fields[0] == "120000", objectID: fields[2], size: Int(fields[3]) ?? 0)
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
            let fetched = configurationFileBlobs()
            cache.withLock { cache in
                cache.preloaded = true
                cache.blobs.merge(fetched) { kept, _ in kept }
            }
            if let cached = fetched[objectID] { return cached }
        }
        guard let result = git.run(["cat-file", "blob", objectID], in: currentDirectory), result.status == 0 else {
            throw FileSystemError(path: objectID, reason: .ioError("git cat-file failed"))
        }
        cache.withLock { $0.blobs[objectID] = result.output }
        return result.output
    }

    /// Every `.xcconfig` of the revision by object ID, fetched with `git show` (which prints
    /// blobs raw, one after another) and cut apart by the sizes `ls-tree` gave. A batch whose
    /// output does not add up is left out: those files are then read one by one.
    private func configurationFileBlobs() -> [String: [UInt8]] {
        var sizes: [String: Int] = [:]
        for (path, entry) in entries where entry.kind == .file && !entry.isSymbolicLink && path.hasSuffix(".xcconfig") && entry.size <= Limits.maximumFileSize {
            sizes[entry.objectID] = entry.size
        }
        var fetched: [String: [UInt8]] = [:]
        let objectIDs = sizes.keys.sorted()
        var start = 0
        while start < objectIDs.count {
            let batch = Array(objectIDs[start..<min(start + 1_000, objectIDs.count)])
            start += batch.count
            guard let result = git.run(["show", "--no-textconv"] + batch, in: currentDirectory), result.status == 0,
                  result.output.count == batch.reduce(0, { $0 + sizes[$1]! }) else { continue }
            var offset = 0
            for objectID in batch {
                let size = sizes[objectID]!
                fetched[objectID] = Array(result.output[offset..<(offset + size)])
                offset += size
            }
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
        if entry.size > Limits.maximumFileSize { throw FileSystemError(path: path, reason: .tooLarge(limit: Limits.maximumFileSize)) }
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

    /// The lines each file has added or changed from `base` to `head` (the working tree when
    /// `nil`), by absolute path as seen from `directory`: where a change in the diff is, for
    /// annotations. A deletion counts as the line before it. `nil` when git cannot say.
    package static func changedLines(from base: String, to head: String?, directory: String, git: GitCommandLine) -> [String: Set<Int>]? {
        guard let prefix = git.run(["rev-parse", "--show-prefix"], in: directory), prefix.status == 0 else { return nil }
        var root = Path.normalize(directory)
        for _ in 0..<prefix.trimmedOutput.split(separator: "/").count { root = Path.directory(of: root) }
        let arguments = ["-c", "core.quotePath=false", "diff", "--no-color", "--no-ext-diff", "--no-textconv", "-U0", "--end-of-options", base] + (head.map { [$0] } ?? []) + ["--"]
        guard let result = git.run(arguments, in: directory), result.status == 0 else { return nil }
        var lines: [String: Set<Int>] = [:]
        var file: String?
        for line in String(decoding: result.output, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("+++ ") {
                // `+++ b/PATH`, or `+++ /dev/null` for a deleted file.
                file = line.hasPrefix("+++ b/") ? Path.join(root, String(line.dropFirst(6))) : nil
            } else if line.hasPrefix("@@ "), let file {
                // `@@ -a,b +c,d @@`: d lines from c (d is 1 when left out).
                guard let plus = line.split(separator: " ").first(where: { $0.hasPrefix("+") }) else { continue }
                let numbers = plus.dropFirst().split(separator: ",").compactMap { Int($0) }
                guard let start = numbers.first else { continue }
                let count = numbers.count > 1 ? numbers[1] : 1
                if count == 0 {
                    lines[file, default: []].insert(max(start, 1))
                } else {
                    lines[file, default: []].formUnion(start..<(start + count))
                }
            }
        }
        return lines
    }
}
