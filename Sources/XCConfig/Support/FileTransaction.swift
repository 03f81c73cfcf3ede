/// One file of an edit that spans several files: its new contents and what it held when the
/// edit was planned.
public struct FileEdit: Sendable, Hashable {
    /// The absolute path.
    public var path: String
    /// The new contents.
    public var bytes: [UInt8]
    /// The contents the edit was computed from; `nil` when the file did not exist (it is created).
    public var previous: [UInt8]?

    public init(path: String, bytes: [UInt8], previous: [UInt8]?) {
        self.path = path
        self.bytes = bytes
        self.previous = previous
    }

    /// Whether the edit creates the file.
    public var createsFile: Bool { previous == nil }
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
/// transaction before anything is written. Then each file is written atomically (a temporary
/// file renamed over it), compared once more just before its rename, and folders that new files
/// need are created. When a write fails, or Ctrl-C, SIGTERM or SIGHUP arrives, the files written
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
            if current != edit.previous || (edit.previous == nil && fileSystem.exists(edit.path)) {
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
        for edit in edits {
            if interrupted() { break }
            do {
                for directory in missingDirectories(above: edit.path, fileSystem: fileSystem) {
                    try fileSystem.createDirectory(directory)
                    createdDirectories.append(directory)
                }
                try fileSystem.writeAtomically(edit.bytes, to: edit.path, ifUnchangedFrom: edit.previous)
                done.append(edit)
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
