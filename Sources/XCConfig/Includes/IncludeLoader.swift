import XCConfigSyntax

/// Loads a configuration file and everything it includes, exactly as Xcode's loader does
/// (semantics §1.6): search order, `.xcconfig` inference, `<DEVELOPER_DIR>`, optional includes,
/// cycles compared by symlink-resolved path.
///
/// The walk uses an explicit stack, so include chains of any depth load without recursion.
public struct IncludeLoader: Sendable {
    /// Where every file is read from.
    public var fileSystem: any FileSystem
    /// Directories searched after the including files' own directories (`-I`).
    public var searchPaths: [String]
    /// Searched last, as Xcode searches the project directory.
    public var projectRoot: String?
    /// Replaces `<DEVELOPER_DIR>` in include names; `nil` leaves such includes unresolved.
    public var developerDirectory: String?
    /// Files already parsed, shared with other loaders; `nil` reads and parses every file
    /// each load.
    public var parsedFiles: ParsedFileCache?

    public init(
        fileSystem: any FileSystem,
        searchPaths: [String] = [],
        projectRoot: String? = nil,
        developerDirectory: String? = nil,
        parsedFiles: ParsedFileCache? = nil
    ) {
        self.fileSystem = fileSystem
        self.searchPaths = searchPaths
        self.projectRoot = projectRoot
        self.developerDirectory = developerDirectory
        self.parsedFiles = parsedFiles
    }

    /// Why the root file could not be loaded at all.
    public struct RootError: Error, Sendable, CustomStringConvertible {
        public let path: String
        public let underlying: FileSystemError
        public var description: String { underlying.description }
    }

    /// The caller-provided part of every search list: `-I` directories, then the project root.
    private var callerSearchList: [String] {
        var list = searchPaths.map { Path.absolute($0, relativeTo: fileSystem.currentDirectory) }
        if let projectRoot { list.append(Path.absolute(projectRoot, relativeTo: fileSystem.currentDirectory)) }
        return list
    }

    /// Loads the file at `path` and its includes.
    ///
    /// - Parameter walkingIncludedFiles: `false` stops at the file's own includes: they are
    ///   resolved, read and recorded as usual, but their assignments and includes are not
    ///   listed. For callers that need a file's include edges, not its closure.
    public func load(path: String, walkingIncludedFiles: Bool = true) throws(RootError) -> LoadedConfiguration {
        let absolute = Path.absolute(path, relativeTo: fileSystem.currentDirectory)
        if fileSystem.kind(of: absolute) == .directory {
            throw RootError(path: absolute, underlying: FileSystemError(path: absolute, reason: .isDirectory))
        }
        let tree: SyntaxTree
        do {
            tree = try parsedTree(at: absolute)
        } catch {
            throw RootError(path: absolute, underlying: error)
        }
        var walker = Walker(loader: self, callerSearchList: callerSearchList)
        walker.walksIncludedFiles = walkingIncludedFiles
        return walker.run(rootTree: tree, rootPath: absolute)
    }

    /// Loads configuration text given as bytes; `path` (absolute) places it for include search,
    /// `nil` means it has no place and only the caller's search paths are searched.
    public func load(bytes: [UInt8], path: String?) -> LoadedConfiguration {
        var walker = Walker(loader: self, callerSearchList: callerSearchList)
        return walker.run(rootTree: XCConfigParser.parse(bytes), rootPath: path.map { Path.absolute($0, relativeTo: fileSystem.currentDirectory) })
    }

    /// The tree of the file at `path` (absolute): from ``parsedFiles`` when there is one.
    fileprivate func parsedTree(at path: String) throws(FileSystemError) -> SyntaxTree {
        guard let parsedFiles else { return XCConfigParser.parse(try fileSystem.read(path)) }
        return try parsedFiles.tree(at: path) { () throws(FileSystemError) -> [UInt8] in try fileSystem.read(path) }
    }
}

/// The state of one load.
private struct Walker {
    let loader: IncludeLoader
    let callerSearchList: [String]
    var result = LoadedConfiguration(files: [], assignments: [], includes: [], diagnostics: [], dependencies: [])
    /// Files already parsed, by normalised path.
    var parsed = PathMap<Int>()
    var dependencySet = PathMap<Void>()
    var includeCount = 0
    /// `false` when only the root's includes are resolved, not walked.
    var walksIncludedFiles = true

    /// One file being walked.
    struct Frame {
        let fileIndex: Int
        let tree: SyntaxTree
        /// The index of the next statement to read.
        var next: Int
        /// Symlink-resolved path, for cycle detection.
        let identity: String
        /// The file's directory, searched first for its includes.
        let directory: String?
        /// Whether the file's rejected lines were reported as one binary file, once; `nil`
        /// until its first rejected line.
        var reportedAsBinary: Bool? = nil
    }
    var stack: [Frame] = []
    /// The identities of `stack`'s frames, once it is deeper than ``PathMap/linearLimit``:
    /// shallower, the cycle check compares with each frame's identity instead of hashing.
    var deepActive: Set<String>? = nil
    /// Symlink-resolved folders, by path, for this load only: a later load sees any change.
    var resolvedDirectories = PathMap<String>()

    init(loader: IncludeLoader, callerSearchList: [String]) {
        self.loader = loader
        self.callerSearchList = callerSearchList
    }

    mutating func run(rootTree tree: SyntaxTree, rootPath: String?) -> LoadedConfiguration {
        // Room for the root file's statements: an included file seldom has more.
        result.assignmentIndices.reserveCapacity(tree.recordCount)
        let rootIndex = addFile(path: rootPath, tree: tree)
        if let rootPath { addDependency(rootPath) }
        let rootDirectory = rootPath.map(Path.directory(of:))
        let rootIdentity = rootPath.map { identity(of: $0, in: rootDirectory!) } ?? "<memory>"
        push(fileIndex: rootIndex, directory: rootDirectory, identity: rootIdentity)
        while !stack.isEmpty {
            // The innermost file's statements up to its next include that pushes a file. The
            // assignments are listed by index as they are met; the statements acted on are
            // the few includes and invalid lines between them.
            let top = stack.count - 1
            let fileIndex = stack[top].fileIndex
            let tree = stack[top].tree
            var position = stack[top].next
            var pushed = false
            while position < tree.recordCount && !pushed {
                let record = position
                position += 1
                switch tree.kind(ofRecord: record) {
                case .assignment:
                    result.assignmentIndices.append(AssignmentIndex(file: fileIndex, record: record))
                case .comment, .blank:
                    break
                case .invalid:
                    if stack[top].reportedAsBinary == nil {
                        let binary = tree.binaryFileDiagnostic
                        stack[top].reportedAsBinary = binary != nil
                        if let binary { result.diagnostics.append(binary.inFile(result.files[fileIndex].path)) }
                    }
                    if stack[top].reportedAsBinary == false, case .invalid(let diagnostic) = tree.statement(ofRecord: record).kind {
                        result.diagnostics.append(diagnostic.inFile(result.files[fileIndex].path))
                    }
                case .include:
                    // The `#include` lines of a binary file are bytes that happen to spell one.
                    if stack[top].reportedAsBinary == true { continue }
                    let statement = tree.statement(ofRecord: record)
                    guard case .include(let directive) = statement.kind else { continue }
                    stack[top].next = position
                    include(directive, at: statement.range.start, from: fileIndex)
                    pushed = stack.count > top + 1
                }
            }
            if !pushed {
                let popped = stack.removeLast()
                deepActive?.remove(popped.identity)
            }
        }
        return result
    }

    private mutating func addFile(path: String?, tree: SyntaxTree) -> Int {
        result.files.append(ConfigurationFile(path: path, tree: tree))
        let index = result.files.count - 1
        if let path { parsed.insert(path, index) }
        return index
    }

    private mutating func addDependency(_ path: String) {
        if dependencySet.insert(path, ()) { result.dependencies.append(path) }
    }

    /// The symlink-resolved path of `path` (normalised), by which cycles are detected. A file
    /// that is not itself a link is named by its folder's resolved path, which is resolved once
    /// per load: one `lstat` per file instead of a `readlink` per component. `isSymbolicLink`
    /// is what the search found, `nil` when not known yet; `directory` is `path`'s directory.
    private mutating func identity(of path: String, in directory: String, isSymbolicLink: Bool? = nil) -> String {
        let fileSystem = loader.fileSystem
        let name = Path.basename(path)
        guard path != "/", !name.isEmpty, name != ".", name != "..",
              !(isSymbolicLink ?? fileSystem.isSymbolicLink(path)) else {
            return Path.normalize(fileSystem.resolvingSymlinks(path))
        }
        let resolvedDirectory: String
        if let known = resolvedDirectories[directory] {
            resolvedDirectory = known
        } else {
            resolvedDirectory = fileSystem.resolvingSymlinks(directory)
            resolvedDirectories.insert(directory, resolvedDirectory)
        }
        // Joining a path's own directory and name gives the path back: no link in the way.
        if resolvedDirectory == directory { return Path.normalize(path) }
        return Path.normalize(Path.join(resolvedDirectory, name))
    }

    /// `Path.directory(of: path)`, given as the innermost file's directory string itself when it
    /// is that directory (most includes name a file beside their includer): no new string.
    private func directory(of path: String) -> String {
        if let known = stack.last?.directory, Path.isDirectory(known, of: path) { return known }
        return Path.directory(of: path)
    }

    /// Starts walking the file at `fileIndex`, whose directory is `directory` (`nil` for
    /// configuration text given without a path).
    private mutating func push(fileIndex: Int, directory: String?, identity: String) {
        stack.append(Frame(
            fileIndex: fileIndex,
            tree: result.files[fileIndex].tree,
            next: 0,
            identity: identity,
            directory: directory))
        if deepActive != nil {
            deepActive!.insert(identity)
        } else if stack.count > PathMap<Void>.linearLimit {
            deepActive = Set(stack.lazy.map(\.identity))
        }
    }

    /// Whether the file `identity` names is being walked: including it would be a cycle.
    private func isActive(_ identity: String) -> Bool {
        if let deepActive { return deepActive.contains(identity) }
        return stack.contains { $0.identity == identity }
    }

    private mutating func include(_ directive: IncludeDirective, at lineStart: SourceLocation, from fileIndex: Int) {
        let includerPath = result.files[fileIndex].path
        let location = SourceLocation(line: directive.pathRange.start.line, column: max(1, directive.pathRange.start.column - 1))
        func record(_ outcome: IncludeEdge.Outcome, _ resolved: String?, _ target: Int?) {
            result.includes.append(IncludeEdge(
                includerIndex: fileIndex, directive: directive, location: location,
                resolvedPath: resolved, targetIndex: target, outcome: outcome))
        }
        func report(_ severity: Severity, _ message: String, notes: [String] = []) {
            result.diagnostics.append(Diagnostic(
                severity: severity, message: message, file: includerPath, location: location, notes: notes))
        }

        var name = directive.path
        // `<DEVELOPER_DIR>` is the only token Xcode replaces, and only as a prefix (semantics §1.6).
        if name.hasPrefix("<DEVELOPER_DIR>") {
            guard let developer = loader.developerDirectory else {
                record(.notFound, nil, nil)
                if !directive.isOptional {
                    report(.error, "could not find included file '\(directive.path)': the developer directory is unknown (set DEVELOPER_DIR or pass --developer-dir)")
                }
                return
            }
            name = name.replacingEvery("<DEVELOPER_DIR>", with: developer)
        }

        guard let (resolved, kind, isSymbolicLink) = resolve(name) else {
            record(.notFound, nil, nil)
            if !directive.isOptional {
                if let loop = symbolicLinkLoop(named: name) {
                    report(.error, "cannot open included file '\(name)': '\(loop)' is a loop of symbolic links (too many levels of symbolic links)")
                } else if Path.isAbsolute(name) {
                    report(.error, "included file '\(name)' does not exist")
                } else if !hasSearchDirectories {
                    report(.error, "could not find included file '\(name)' because there are no search paths to locate it")
                } else {
                    report(.error, "could not find included file '\(name)' in search paths")
                }
            }
            return
        }

        // Cycle check before reading (semantics §1.6), by symlink-resolved path.
        // Computed once for the identity and the walk of the file.
        let directory = directory(of: resolved)
        let identity = identity(of: resolved, in: directory, isSymbolicLink: isSymbolicLink)
        if isActive(identity) {
            record(.cycle, resolved, nil)
            report(.warning, cycleMessage(includer: includerPath, target: resolved), notes: cycleNotes(target: identity, targetPath: resolved, includer: includerPath))
            return
        }
        addDependency(resolved)

        includeCount += 1
        if includeCount > Limits.maximumIncludeCount {
            record(.limitReached, resolved, nil)
            if includeCount == Limits.maximumIncludeCount + 1 {
                report(.error, "more than \(Limits.maximumIncludeCount) includes; '\(directive.path)' and every later include are skipped")
            }
            return
        }

        if let existing = parsed[resolved] {
            record(.included, resolved, existing)
            if walksIncludedFiles { push(fileIndex: existing, directory: directory, identity: identity) }
            return
        }
        var tree: SyntaxTree? = nil
        var failure: FileSystemError? = nil
        // `kind` is what the search found there, so the entry is not looked up twice.
        if kind == .directory {
            failure = FileSystemError(path: resolved, reason: .isDirectory)
        } else if kind == .other {
            // A FIFO, a terminal or a device (`/dev/stdin`, `/proc/self/fd/0`) would block the
            // run or never end: only regular files are read.
            failure = FileSystemError(path: resolved, reason: .ioError("not a regular file"))
        } else {
            do {
                tree = try loader.parsedTree(at: resolved)
            } catch {
                failure = error
            }
        }
        if let error = failure {
            record(.unreadable, resolved, nil)
            // Reported even for `#include?`: optional covers "not found" only (semantics §1.6).
            if case .tooLarge(let limit) = error.reason {
                report(.error, "included file '\(resolved)' is larger than \(limit / (1024 * 1024)) MiB")
            } else if kind == .other {
                report(.error, "included file '\(resolved)' is not a regular file")
            } else {
                report(.error, "unable to read included file '\(resolved)'")
            }
            return
        }
        let index = addFile(path: resolved, tree: tree!)
        record(.included, resolved, index)
        if walksIncludedFiles { push(fileIndex: index, directory: directory, identity: identity) }
    }

    /// Calls `visit` with each directory of the innermost file's search list, in order, until it
    /// returns a value: the file's directory, each active includer's directory (nearest first),
    /// then the caller's list, each directory once (semantics §1.6). Builds no list: the first
    /// directory usually answers, and a chain of files in one folder repeats one directory.
    private func firstInSearchList<Found>(_ visit: (String) -> Found?) -> Found? {
        var first: String? = nil
        var seen: Set<String> = []
        func visitOnce(_ directory: String) -> Found? {
            if let first {
                if directory == first || !seen.insert(directory).inserted { return nil }
            } else {
                first = directory
            }
            return visit(directory)
        }
        for frame in stack.reversed() {
            if let directory = frame.directory, let found = visitOnce(directory) { return found }
        }
        for directory in callerSearchList {
            if let found = visitOnce(directory) { return found }
        }
        return nil
    }

    /// `true` when the innermost file's search list is not empty.
    private var hasSearchDirectories: Bool {
        !callerSearchList.isEmpty || stack.contains { $0.directory != nil }
    }

    /// The path `name` resolves to and the kind of entry found there.
    /// The path `name` resolves to, the kind of entry found there (links followed), and whether
    /// that path is itself a symbolic link.
    private func resolve(_ name: String) -> (path: String, kind: FileKind, isSymbolicLink: Bool)? {
        let fileSystem = loader.fileSystem
        let hasExtension = Path.hasFileExtension(name)
        if Path.isAbsolute(name) {
            let path = Path.normalize(name)
            if let entry = fileSystem.entry(at: path) { return (path, entry.kind, entry.isSymbolicLink) }
            if !hasExtension, let entry = fileSystem.entry(at: path + ".xcconfig") {
                return (path + ".xcconfig", entry.kind, entry.isSymbolicLink)
            }
            return nil
        }
        return firstInSearchList { directory in
            let candidate = Path.normalize(Path.join(directory, name))
            // "Exists" means any entry: an `#include ""` finds the directory itself and fails
            // later as unreadable (semantics §1.6).
            if let entry = fileSystem.entry(at: candidate) {
                return (name.isEmpty ? directory : candidate, entry.kind, entry.isSymbolicLink)
            }
            if !hasExtension, let entry = fileSystem.entry(at: candidate + ".xcconfig") {
                return (candidate + ".xcconfig", entry.kind, entry.isSymbolicLink)
            }
            return nil
        }
    }

    /// The first place `name` would be found that is a loop of symbolic links, so a missing
    /// include says why it is missing.
    private func symbolicLinkLoop(named name: String) -> String? {
        let fileSystem = loader.fileSystem
        let candidates = { (path: String) -> String? in
            for candidate in [path, path + ".xcconfig"] where fileSystem.isSymbolicLinkLoop(candidate) { return candidate }
            return nil
        }
        if Path.isAbsolute(name) { return candidates(Path.normalize(name)) }
        return firstInSearchList { directory in candidates(Path.normalize(Path.join(directory, name))) }
    }

    private func cycleMessage(includer: String?, target: String) -> String {
        "Skipping the inclusion of '\(Path.basename(target))' from '\(Path.basename(includer ?? "<memory>"))' as it would create a cycle."
    }

    /// The `Cycle Path:` and `Cycle Details:` lines of Xcode's warning.
    private func cycleNotes(target identity: String, targetPath: String, includer: String?) -> [String] {
        guard let start = stack.firstIndex(where: { $0.identity == identity }) else { return [] }
        let chain = stack[start...].map { result.files[$0.fileIndex].path ?? "<memory>" }
        let names = chain.map(Path.basename) + [Path.basename(targetPath)]
        var notes = ["Cycle Path: " + names.map { "'\($0)'" }.joined(separator: " -> ")]
        notes.append("Cycle Details:")
        let hops = chain + [targetPath]
        for index in 0..<(hops.count - 1) {
            notes.append("'\(hops[index])' includes '\(hops[index + 1])'")
        }
        return notes
    }
}


/// Paths and their values for one load, compared one by one while they are few: a load names a
/// handful of files and folders, and comparing a path with each costs less than hashing it
/// (and allocating hash storage). A dictionary takes over past ``linearLimit`` entries, so
/// that large include graphs stay linear.
///
/// The few entries are pairs in one array, given room for four at the first insertion: one
/// allocation per map and load, where separate key and value arrays, each grown from one
/// element, made four for two paths.
struct PathMap<Value> {
    static var linearLimit: Int { 16 }
    private var entries: [(key: String, value: Value)] = []
    /// Every key and its value, once there are more than ``linearLimit``.
    private var large: [String: Value]? = nil

    subscript(key: String) -> Value? {
        if let large { return large[key] }
        for entry in entries where entry.key == key { return entry.value }
        return nil
    }

    /// Adds `key` with `value` unless it is there already; `true` when added.
    @discardableResult
    mutating func insert(_ key: String, _ value: Value) -> Bool {
        if large != nil {
            if large![key] != nil { return false }
            large![key] = value
            return true
        }
        if entries.contains(where: { $0.key == key }) { return false }
        if entries.count == Self.linearLimit {
            var dictionary = Dictionary(uniqueKeysWithValues: entries.lazy.map { ($0.key, $0.value) })
            dictionary[key] = value
            large = dictionary
            entries = []
        } else {
            if entries.isEmpty { entries.reserveCapacity(4) }
            entries.append((key, value))
        }
        return true
    }
}
