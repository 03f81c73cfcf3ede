import XCConfigSyntax

/// What git says about the local file.
package struct LocalFileGitStatus: Sendable, Hashable {
    /// How the work tree was looked up.
    package var lookup: GitWorkTreeLookup
    /// The work tree's top folder, when inside one.
    package var root: String?
    /// The local file's path relative to ``root``, when inside it.
    package var relativePath: String?
    /// Whether git ignores the file; `nil` when unknown.
    package var isIgnored: Bool?
    /// Whether git tracks the file; `nil` when unknown.
    package var isTracked: Bool?
    /// Why the answers are incomplete (git not installed, ...), `nil` when git answered.
    package var limitation: String?
}

/// One file a `local` operation writes, in the order the writes happen.
package struct LocalWrite: Sendable, Hashable {
    /// What the file is.
    package enum Role: String, Sendable, Hashable {
        case gitignore
        case sharedConfiguration
        case localFile
    }

    package var role: Role
    /// The absolute path.
    package var path: String
    /// The new contents.
    package var bytes: [UInt8]
    /// The contents before, `nil` when the file is new: what a failed operation puts back.
    package var previous: [UInt8]?
    /// The lines the write only appends (a `.gitignore` entry), which it appends to the file as
    /// it is by then when another program changed it meanwhile (parallel `local init` runs);
    /// `nil`: such a change refuses the write.
    package var appendedLines: [String]? = nil

    /// The write as one file of a ``FileTransaction``.
    package var fileEdit: FileEdit {
        FileEdit(path: path, bytes: bytes, previous: previous, onConflict: appendedLines.map { .appendLines($0) } ?? .refuse)
    }
}

/// Everything a `local` operation would do, computed before anything is written, so `--dry-run`
/// can show it and a failure can undo it.
package struct LocalPlan: Sendable {
    /// The shared configuration and what its local file can override.
    package var shared: SharedConfiguration
    /// The local file as it will be.
    package var localFile: [UInt8]
    /// The writes, in order: `.gitignore`, then the shared configuration, then the local file,
    /// so the file is ignored before it exists.
    package var writes: [LocalWrite]
    /// What git says about the local file (before the writes).
    package var git: LocalFileGitStatus
    /// Warnings and notes for the user (not errors: an error stops planning).
    package var notes: [Diagnostic]
    /// The keys whose given values were written (`init`).
    package var setKeys: [String] = []
    /// What `update` changed; `nil` for `init`.
    package var update: LocalConfigurationFile.Update?
    /// Whether `.gitignore` already ignored the file, so nothing was added.
    package var alreadyIgnored: Bool = false
}

/// What `xcconfig local check` reports.
package struct LocalCheckReport: Sendable {
    package var shared: SharedConfiguration
    /// Whether the local file exists.
    package var localFileExists: Bool
    /// The assignments the local file makes, in file order.
    package var overrides: [LocalOverride]
    /// What git says about it.
    package var git: LocalFileGitStatus
    /// Parse problems of the local file.
    package var diagnostics: [Diagnostic]

    /// Git tracks the local file: the one failure `check` reports (status 1).
    package var isTracked: Bool { git.isTracked == true }
}

/// The `xcconfig local` operations: create, update and check the per-developer file that a
/// shared configuration's `#include?` names (cli.md "xcconfig local").
///
/// Operations first compute a ``LocalPlan``; ``apply(_:)`` then performs its writes, each atomic
/// and keeping the file's permissions, undoing the earlier ones if a later one fails.
package struct LocalConfigurationSetup: Sendable {
    /// Every read and write goes through this.
    package var fileSystem: any FileSystem
    /// How git is asked.
    package var git: any GitWorkTreeQuerying

    package init(fileSystem: any FileSystem, git: any GitWorkTreeQuerying) {
        self.fileSystem = fileSystem
        self.git = git
    }

    /// What git says about the file at `path` (which need not exist; its folder should).
    package func gitStatus(of path: String) -> LocalFileGitStatus {
        // git reads the disk as it is: a folder the edit is about to create is not there yet,
        // so the work tree is the one of its nearest existing ancestor.
        let disk = (fileSystem as? PlannedFileSystem)?.base ?? fileSystem
        var directory = Path.directory(of: path)
        while directory != "/", !directory.isEmpty, disk.kind(of: directory) != .directory { directory = Path.directory(of: directory) }
        let lookup = git.workTree(containing: directory)
        var status = LocalFileGitStatus(lookup: lookup, limitation: git.limitation)
        guard case .workTree(let root) = lookup else { return status }
        status.root = root
        // git answers with symbolic links resolved (/tmp is /private/tmp on macOS).
        let real = Path.join(Path.normalize(disk.resolvingSymlinks(directory)), Path.relative(path, from: directory))
        guard let relative = Self.relativePath(real, under: root) ?? Self.relativePath(path, under: root) else { return status }
        status.relativePath = relative
        status.isIgnored = git.isIgnored(relative, root: root)
        status.isTracked = git.isTracked(relative, root: root)
        return status
    }

    static func relativePath(_ path: String, under root: String) -> String? {
        let root = Path.normalize(root)
        let path = Path.normalize(path)
        if root == "/" { return path == "/" ? nil : String(path.dropFirst()) }
        guard path.hasPrefix(root + "/") else { return nil }
        return String(path.dropFirst(root.count + 1))
    }

    /// Plans `xcconfig local init`: the new local file with `values` set and everything else
    /// commented out, `.gitignore` listing it (unless `editGitIgnore` is false), and the
    /// `#include?` line when `shared` needs one.
    ///
    /// - Throws: `.localFileExists` when the file exists and `force` is false; `.valueHasNoEffect`
    ///   when a value's setting is assigned after the `#include?` and `force` is false;
    ///   `.invalidValue`.
    package func planInit(
        _ shared: SharedConfiguration, values: [LocalSettingValue], force: Bool, editGitIgnore: Bool
    ) throws(LocalConfigurationError) -> LocalPlan {
        let localPath = shared.localFilePath
        let previousLocal = try? fileSystem.read(localPath)
        if fileSystem.kind(of: localPath) == .directory {
            throw LocalConfigurationError(.localFileExists, "'\(localPath)' is a directory", file: localPath)
        }
        if fileSystem.exists(localPath), !force {
            throw LocalConfigurationError(
                .localFileExists,
                "the local file already exists; `xcconfig local update` adds new settings to it, --force replaces it",
                file: localPath)
        }

        var noEffect: [Diagnostic] = []
        for value in values {
            guard let later = shared.overriddenAfterInclude(value.key) else { continue }
            let place = (later.file.map { Path.display($0, relativeTo: fileSystem.currentDirectory) } ?? "?") + ":\(later.location.line)"
            let message = "\(value.key) has no effect: assigned after the #include? at \(place)"
            guard force else {
                throw LocalConfigurationError(.valueHasNoEffect, message + "; move that line before the #include?, or pass --force to write the value anyway", file: shared.path)
            }
            noEffect.append(Diagnostic(severity: .warning, message: message, file: localPath))
        }
        let git = gitStatus(of: localPath)
        let gitIgnore = gitIgnoreChanges(git, localPath: localPath, edit: editGitIgnore)
        var writes = gitIgnore.writes
        var notes = gitIgnore.notes + noEffect

        if shared.needsInclude {
            let newline = LocalConfigurationFile.lineTerminator(of: shared.bytes)
            var bytes = shared.bytes
            if let last = bytes.last, last != 0x0A, last != 0x0D { bytes.append(contentsOf: newline.utf8) }
            bytes.append(contentsOf: "#include? \"\(shared.includeName)\"\(newline)".utf8)
            writes.append(LocalWrite(role: .sharedConfiguration, path: shared.path, bytes: bytes, previous: shared.bytes))
        }

        let text = try LocalConfigurationFile.render(for: shared, values: values, ignoredByGit: gitIgnore.ignored)
        let localFile = Array(text.utf8)
        writes.append(LocalWrite(role: .localFile, path: localPath, bytes: localFile, previous: previousLocal))
        // Assigned under conditions only (`DEVELOPMENT_TEAM[config=Debug]`) is assigned too.
        for value in values where !shared.isOverridable(name: parseSettingKey(value.key)?.name ?? value.key)
            && shared.overriddenAfterInclude(value.key) == nil {
            notes.append(Diagnostic(
                severity: .warning,
                message: "\(value.key) is not assigned by \(Path.basename(shared.path)) before its #include? line; written to the local file anyway",
                file: localPath))
        }
        var plan = LocalPlan(shared: shared, localFile: localFile, writes: writes, git: git, notes: notes)
        plan.setKeys = values.map(\.key)
        plan.alreadyIgnored = gitIgnore.alreadyIgnored
        return plan
    }

    /// Plans `xcconfig local ignore`: the existing (or future) local file listed in the
    /// repository's `.gitignore`, the file itself untouched. Git still tracking it is a warning
    /// that names the `git rm --cached` to run.
    package func planIgnore(_ shared: SharedConfiguration) -> LocalPlan {
        let localPath = shared.localFilePath
        let git = gitStatus(of: localPath)
        let (writes, notes, _, alreadyIgnored) = gitIgnoreChanges(git, localPath: localPath, edit: true)
        var plan = LocalPlan(shared: shared, localFile: (try? fileSystem.read(localPath)) ?? [], writes: writes, git: git, notes: notes)
        plan.alreadyIgnored = alreadyIgnored
        return plan
    }

    /// The `.gitignore` write that lists the local file (when `edit` and it is not ignored yet),
    /// the notes to print, whether the file ends up ignored, and whether it already was.
    func gitIgnoreChanges(
        _ git: LocalFileGitStatus, localPath: String, edit editGitIgnore: Bool
    ) -> (writes: [LocalWrite], notes: [Diagnostic], ignored: Bool, alreadyIgnored: Bool) {
        var notes: [Diagnostic] = []
        var writes: [LocalWrite] = []
        var ignored = git.isIgnored == true
        var alreadyIgnored = false
        if let limitation = git.limitation {
            notes.append(Diagnostic(severity: .note, message: limitation))
        }
        if editGitIgnore {
            switch git.lookup {
            case .workTree(let root):
                if let relative = git.relativePath {
                    let gitignore = Path.join(root, ".gitignore")
                    let existing = try? fileSystem.read(gitignore)
                    if git.isIgnored == true {
                        alreadyIgnored = true
                    } else if let updated = GitIgnoreFile.adding(relative, to: existing) {
                        writes.append(LocalWrite(
                            role: .gitignore, path: gitignore, bytes: updated, previous: existing,
                            appendedLines: [GitIgnoreFile.pattern(for: relative)]))
                        ignored = true
                    } else if git.isTracked == true {
                        // Listed, but .gitignore never applies to a file git tracks: the warning
                        // below says so and names the `git rm --cached` to run; no pattern is to blame.
                        ignored = false
                    } else {
                        // Listed, but git does not say it is ignored (a later `!` pattern, or git unavailable).
                        alreadyIgnored = true
                        ignored = true
                        if git.isIgnored == false {
                            notes.append(Diagnostic(
                                severity: .warning,
                                message: "'\(relative)' is listed in .gitignore but git does not ignore it (a later pattern re-includes it?)",
                                file: gitignore))
                            ignored = false
                        }
                    }
                } else {
                    notes.append(Diagnostic(severity: .warning, message: "the local file is outside the git work tree '\(root)'; .gitignore not changed", file: localPath))
                }
            case .notAWorkTree:
                notes.append(Diagnostic(severity: .note, message: "not inside a git work tree; .gitignore not changed (keep the local file out of version control yourself)"))
            case .unknown(let reason):
                notes.append(Diagnostic(severity: .warning, message: "\(reason); .gitignore not changed"))
            }
        }
        if git.isTracked == true {
            notes.append(Diagnostic(
                severity: .warning,
                message: "git tracks the local file; run `\(untrackCommand(git, localPath: localPath))` so it stays on this machine",
                file: localPath))
        }
        return (writes, notes, ignored, alreadyIgnored)
    }

    /// The exact command, to run from the current directory, that stops git tracking the
    /// local file (the file itself stays): `git rm --cached PATH` inside the work tree, else
    /// `git -C ROOT rm --cached PATH`.
    package func untrackCommand(_ git: LocalFileGitStatus, localPath: String) -> String {
        let here = fileSystem.currentDirectory
        func word(_ path: String) -> String { (path.hasPrefix("-") ? "-- " : "") + Self.shellQuoted(path) }
        guard let root = git.root, let relative = git.relativePath else { return "git rm --cached " + word(localPath) }
        if here == root || here.hasPrefix(root.hasSuffix("/") ? root : root + "/") {
            return "git rm --cached " + word(Path.display(localPath, relativeTo: here))
        }
        return "git -C \(Self.shellQuoted(root)) rm --cached " + word(relative)
    }

    /// `text` as one POSIX shell word: as is when it holds only safe characters, else in single quotes.
    static func shellQuoted(_ text: String) -> String {
        let safe = text.unicodeScalars.allSatisfy { scalar in
            (scalar >= "a" && scalar <= "z") || (scalar >= "A" && scalar <= "Z") || (scalar >= "0" && scalar <= "9")
                || "/._-+@%:,=".unicodeScalars.contains(scalar)
        }
        return safe && !text.isEmpty ? text : "'" + text.replacingEvery("'", with: "'\\''") + "'"
    }

    /// Plans `xcconfig local update`: every line of the local file kept, new overridable
    /// settings appended commented out; assignments of settings no longer overridable stay in
    /// force under a comment, or with `prune` are commented out.
    ///
    /// - Throws: `.localFileMissing` when there is no local file; `.unreadable`.
    package func planUpdate(_ shared: SharedConfiguration, prune: Bool = false) throws(LocalConfigurationError) -> LocalPlan {
        let localPath = shared.localFilePath
        guard fileSystem.exists(localPath) else {
            throw LocalConfigurationError(.localFileMissing, "there is no local file yet; create it with `xcconfig local init`", file: localPath)
        }
        let existing: [UInt8]
        do {
            existing = try fileSystem.read(localPath)
        } catch {
            throw LocalConfigurationError(.unreadable, "cannot read the local file: \(error)", file: localPath)
        }
        let update = LocalConfigurationFile.update(existing, for: shared, prune: prune)
        let git = gitStatus(of: localPath)
        var notes = trackingNotes(git, localPath: localPath)
        for key in update.commentedOut {
            notes.append(Diagnostic(
                severity: .warning,
                message: "\(key) is no longer assigned by \(Path.basename(shared.path)) before its #include? line; its line is now commented out",
                file: localPath))
        }
        for key in update.kept {
            notes.append(Diagnostic(
                severity: .warning,
                message: "\(key) is no longer assigned by \(Path.basename(shared.path)) before its #include? line; its local value still applies and was kept (--prune comments it out)",
                file: localPath))
        }
        var plan = LocalPlan(
            shared: shared, localFile: update.bytes,
            writes: update.changed ? [LocalWrite(role: .localFile, path: localPath, bytes: update.bytes, previous: existing)] : [],
            git: git, notes: notes)
        plan.update = update
        return plan
    }

    /// What `xcconfig local check` reports.
    package func check(_ shared: SharedConfiguration) -> LocalCheckReport {
        let localPath = shared.localFilePath
        let bytes = try? fileSystem.read(localPath)
        let git = gitStatus(of: localPath)
        return LocalCheckReport(
            shared: shared, localFileExists: fileSystem.exists(localPath),
            overrides: bytes.map { LocalConfigurationFile.overrides(in: $0, shared: shared) } ?? [],
            git: git,
            diagnostics: bytes.map { XCConfigParser.parse($0).diagnostics.map { $0.inFile(localPath) } } ?? [])
    }

    /// Warnings about a local file git tracks or does not ignore.
    func trackingNotes(_ git: LocalFileGitStatus, localPath: String) -> [Diagnostic] {
        var notes: [Diagnostic] = []
        if let limitation = git.limitation { notes.append(Diagnostic(severity: .note, message: limitation)) }
        if git.isTracked == true {
            notes.append(Diagnostic(
                severity: .warning,
                message: "git tracks the local file; run `\(untrackCommand(git, localPath: localPath))` so it stays on this machine",
                file: localPath))
        } else if git.isIgnored == false {
            notes.append(Diagnostic(severity: .warning, message: "git does not ignore the local file; list it in .gitignore", file: localPath))
        }
        return notes
    }

    /// Performs `plan`'s writes in order with ``FileTransaction``: each atomic, all or none.
    /// A file changed on disk since the plan read it stops everything before the first write,
    /// and so does one outside the work tree of the shared configuration (its folder without
    /// one), symbolic links resolved, or one that is read-only unless `replacingReadOnlyFiles`.
    package func apply(_ plan: LocalPlan, replacingReadOnlyFiles: Bool = false) throws(LocalConfigurationError) {
        do {
            let scope = WriteScope(folder: Path.directory(of: plan.shared.path), fileSystem: fileSystem)
            try FileTransaction.apply(plan.writes.map(\.fileEdit), fileSystem: fileSystem, scope: scope, replacingReadOnlyFiles: replacingReadOnlyFiles)
        } catch {
            throw LocalConfigurationError(.writeFailed, error.message, file: error.file)
        }
    }
}
