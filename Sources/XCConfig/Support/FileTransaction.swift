/// One file of an edit that spans several files: its new contents and what it held when the
/// edit was planned.
public struct FileEdit: Sendable, Hashable {
    /// The absolute path.
    public var path: String
    /// The new contents.
    public var bytes: [UInt8]
    /// The contents the edit was computed from; `nil` when the file did not exist (it is created).
    public var previous: [UInt8]?
    /// What to do when the file is no longer ``previous`` by the time it is written.
    public var onConflict: FileEditConflict

    public init(path: String, bytes: [UInt8], previous: [UInt8]?, onConflict: FileEditConflict = .refuse) {
        self.path = path
        self.bytes = bytes
        self.previous = previous
        self.onConflict = onConflict
    }

    /// Whether the edit creates the file.
    public var createsFile: Bool { previous == nil }

    /// What to write over `current` (`nil`: no file): ``bytes`` when it is still ``previous``,
    /// else what ``onConflict`` makes of it; `nil` to write nothing.
    func contents(over current: [UInt8]?) -> [UInt8]? {
        if current == previous { return bytes }
        switch onConflict {
        case .refuse: return nil
        case .appendLines(let lines): return FileEditConflict.appending(lines, to: current)
        }
    }
}

/// What a ``FileTransaction`` does with a file that changed after the edit was computed.
public enum FileEditConflict: Sendable, Hashable {
    /// Writes nothing: the command is run again on the file as it is now.
    case refuse
    /// The edit only adds these lines, which any version of the file can take (entries of a
    /// `.gitignore` that parallel runs each add one to): they are appended to the file as it is
    /// now, each unless a line already reads the same.
    case appendLines([String])

    static func appending(_ lines: [String], to current: [UInt8]?) -> [UInt8] {
        var bytes = current ?? []
        let text = String(decoding: bytes, as: UTF8.self)
        // "\r\n" is one Character.
        let present = Set(text.split(whereSeparator: { $0 == "\n" || $0 == "\r" || $0 == "\r\n" }).map(String.init))
        let newline = text.containsBytes("\r\n") ? "\r\n" : "\n"
        for line in lines where !present.contains(line) {
            if let last = bytes.last, last != 0x0A, last != 0x0D { bytes += newline.utf8 }
            bytes += (line + newline).utf8
        }
        return bytes
    }
}

/// Why a ``FileTransaction`` wrote nothing.
public struct FileTransactionError: Error, Sendable, Hashable, CustomStringConvertible {
    public enum Kind: Sendable, Hashable {
        /// A file is no longer what the edit was computed from (another program saved it).
        case changedOnDisk
        /// A write failed; the files written before it were put back.
        case writeFailed
        /// A file would land outside the repository (or the project's folder); nothing written.
        case outsideScope
    }

    public var kind: Kind
    /// One sentence: what happened and what was done about it.
    public var message: String
    /// The file concerned.
    public var file: String

    public init(_ kind: Kind, _ message: String, file: String) {
        self.kind = kind
        self.message = message
        self.file = file
    }

    /// `file: error: message`.
    public var description: String { "\(file): error: \(message)" }
}

/// Writes several files so that all of them land or none does.
///
/// Every file is first compared with what the edit was computed from; any difference stops the
/// transaction before anything is written (a file whose edit only appends lines takes them on
/// whatever it holds now). Then each file is written atomically (a temporary file renamed over
/// it), compared once more just before its rename under an advisory lock on it, and folders that
/// new files need are created. The files reach the disk together, the last one after the others. When a write fails, or Ctrl-C, SIGTERM or SIGHUP arrives, the files written
/// before get their previous contents back, created files and folders are removed, and the error
/// says so (after a signal, the process then ends).
public enum FileTransaction {
    /// Performs `edits` in order on `fileSystem`; with `scope`, only when every file lies in it.
    ///
    /// - Throws: ``FileTransactionError``: `.changedOnDisk` or `.outsideScope` (nothing
    ///   written) or `.writeFailed` (everything written before was undone, or the message lists
    ///   what could not be).
    public static func apply(_ edits: [FileEdit], fileSystem: any FileSystem, replacingReadOnlyFiles: Bool = false) throws(FileTransactionError) {
        try apply(edits, fileSystem: fileSystem, scope: nil, replacingReadOnlyFiles: replacingReadOnlyFiles)
    }

    package static func apply(
        _ edits: [FileEdit], fileSystem: any FileSystem, scope: WriteScope?, replacingReadOnlyFiles: Bool = false
    ) throws(FileTransactionError) {
        try scope?.check(edits.map(\.path), fileSystem: fileSystem)
        for edit in edits {
            // A file made read-only (0444) is not replaced behind its owner's back.
            if !replacingReadOnlyFiles, !edit.createsFile, fileSystem.isReadOnlyFile(edit.path) {
                throw FileTransactionError(.writeFailed, "the file is read-only; nothing written (make it writable, or pass --force to replace it)", file: edit.path)
            }
            // An atomic write renames a new file over the target: never over a device or a pipe.
            if fileSystem.kind(of: edit.path) == .other {
                throw FileTransactionError(.writeFailed, "not a regular file; nothing written", file: edit.path)
            }
            let current = fileSystem.kind(of: edit.path) == nil ? nil : try? fileSystem.read(edit.path)
            if edit.contents(over: current) == nil || (edit.previous == nil && current == nil && fileSystem.exists(edit.path)) {
                throw changed(edit.path)
            }
        }

        // Ctrl-C or SIGTERM while writing: everything written is put back first, then the
        // process ends (TerminationSignals), so no edit is ever left half done.
        try TerminationSignals.deferring { (interrupted) throws(FileTransactionError) in
            try write(edits, fileSystem: fileSystem, interrupted: interrupted)
        }
    }

    private static func write(_ edits: [FileEdit], fileSystem: any FileSystem, interrupted: () -> Bool) throws(FileTransactionError) {
        var createdDirectories: [String] = []
        var done: [FileEdit] = []
        for (position, edit) in edits.enumerated() {
            if interrupted() { break }
            do {
                for directory in missingDirectories(above: edit.path, fileSystem: fileSystem) {
                    try fileSystem.createDirectory(directory)
                    createdDirectories.append(directory)
                }
                // The files before the last one reach the disk together, before it does: the
                // last one (the project file, the local file) is the one that refers to them,
                // and one flush for all of them is one journal commit where a flush each is one per file.
                let isLast = position == edits.count - 1
                if isLast, !done.isEmpty { try fileSystem.flush(done.map(\.path)) }
                // Compared (or merged) with what is there under the file's lock, just before the rename.
                let written = try fileSystem.replaceAtomically(edit.path, flushing: isLast) { (current) throws(FileSystemError) in
                    guard let bytes = edit.contents(over: current) else { throw FileSystemError(path: edit.path, reason: .changedSinceRead) }
                    return bytes
                }
                done.append(FileEdit(path: edit.path, bytes: written.written, previous: written.previous))
            } catch {
                let kept = undo(done, createdDirectories: createdDirectories, fileSystem: fileSystem)
                if error.reason == .changedSinceRead {
                    var failure = changed(edit.path)
                    if !kept.isEmpty { failure.message += "; could not undo the writes to " + kept.map(Path.basename).joined(separator: ", ") }
                    throw failure
                }
                var message = "could not write \(Path.basename(edit.path)): \(error)"
                if !done.isEmpty || !createdDirectories.isEmpty {
                    message += kept.isEmpty
                        ? "; the files written before it were restored"
                        : "; already written: " + kept.map(Path.basename).joined(separator: ", ")
                }
                throw FileTransactionError(.writeFailed, message, file: edit.path)
            }
        }
        if interrupted() {
            let kept = undo(done, createdDirectories: createdDirectories, fileSystem: fileSystem)
            throw FileTransactionError(
                .writeFailed,
                kept.isEmpty ? "interrupted; every file was put back as it was" : "interrupted; could not put back " + kept.map(Path.basename).joined(separator: ", "),
                file: edits.first?.path ?? "")
        }
    }

    static func changed(_ path: String) -> FileTransactionError {
        FileTransactionError(
            .changedOnDisk,
            "the file changed on disk since it was read (is it open in Xcode or another tool?); nothing written, run the command again",
            file: path)
    }

    /// The folders above `path` that do not exist yet, outermost first.
    static func missingDirectories(above path: String, fileSystem: any FileSystem) -> [String] {
        var missing: [String] = []
        var directory = Path.directory(of: path)
        while directory != "/", !directory.isEmpty, fileSystem.kind(of: directory) == nil {
            missing.insert(directory, at: 0)
            directory = Path.directory(of: directory)
        }
        return missing
    }

    /// Puts back what `done` replaced, removes what it created; the paths that could not be undone.
    static func undo(_ done: [FileEdit], createdDirectories: [String], fileSystem: any FileSystem) -> [String] {
        var kept: [String] = []
        for edit in done.reversed() {
            do {
                if let previous = edit.previous {
                    try fileSystem.writeAtomically(previous, to: edit.path, ifUnchangedFrom: edit.bytes)
                } else {
                    try fileSystem.removeItem(edit.path)
                }
            } catch {
                kept.append(edit.path)
            }
        }
        for directory in createdDirectories.reversed() {
            if (try? fileSystem.removeItem(directory)) == nil { kept.append(directory) }
        }
        return kept
    }
}
