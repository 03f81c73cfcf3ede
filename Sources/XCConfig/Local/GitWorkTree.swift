/// Where a folder stands with respect to git.
package enum GitWorkTreeLookup: Sendable, Hashable {
    /// Inside a work tree whose top folder is `root`.
    case workTree(root: String)
    /// Not inside any work tree.
    case notAWorkTree
    /// Could not be determined; `reason` says why (git missing, for example).
    case unknown(reason: String)
}

/// The questions the `local` commands ask git. ``GitCommandLine`` asks the real `git`;
/// ``GitFolderLookup`` is the fallback without it.
package protocol GitWorkTreeQuerying: Sendable {
    /// The work tree that contains `directory` (an existing folder).
    func workTree(containing directory: String) -> GitWorkTreeLookup
    /// Whether git ignores `relativePath` (relative to the work tree `root`); `nil` when unknown.
    func isIgnored(_ relativePath: String, root: String) -> Bool?
    /// Whether git tracks `relativePath` (relative to the work tree `root`); `nil` when unknown.
    func isTracked(_ relativePath: String, root: String) -> Bool?
    /// How the answers were found, for messages: `nil` for the real git, else what is missing.
    var limitation: String? { get }
}

extension GitCommandLine: GitWorkTreeQuerying {
    package var limitation: String? { nil }

    package func workTree(containing directory: String) -> GitWorkTreeLookup {
        guard let result = run(["rev-parse", "--show-toplevel"], in: directory) else {
            return .unknown(reason: "could not run \(executable)")
        }
        guard result.status == 0 else {
            // 128 with "not a git repository"; anything else is unexpected but means the same here.
            return .notAWorkTree
        }
        let root = result.trimmedOutput
        return root.isEmpty ? .notAWorkTree : .workTree(root: root)
    }

    package func isIgnored(_ relativePath: String, root: String) -> Bool? {
        // 0 ignored, 1 not ignored, 128 fatal.
        guard let result = run(["check-ignore", "-q", "--", relativePath], in: root) else { return nil }
        switch result.status {
        case 0: return true
        case 1: return false
        default: return nil
        }
    }

    package func isTracked(_ relativePath: String, root: String) -> Bool? {
        guard let result = run(["ls-files", "--error-unmatch", "--", relativePath], in: root) else { return nil }
        switch result.status {
        case 0: return true
        case 1: return false
        default: return nil
        }
    }
}

/// The fallback when git cannot be asked: the work tree is the nearest folder holding `.git`,
/// and a path is known to be ignored only when the root `.gitignore` lists it exactly.
/// Whether a file is tracked is unknown.
package struct GitFolderLookup: GitWorkTreeQuerying {
    /// Where `.git` and `.gitignore` are looked for.
    package var fileSystem: any FileSystem
    /// Why git is not asked, for messages; `nil` when there is nothing to tell the user (an
    /// in-memory file system, which git could not see anyway).
    package var reason: String?

    package init(fileSystem: any FileSystem, reason: String?) {
        self.fileSystem = fileSystem
        self.reason = reason
    }

    package var limitation: String? { reason }

    package func workTree(containing directory: String) -> GitWorkTreeLookup {
        var folder = Path.normalize(directory)
        while true {
            if fileSystem.exists(Path.join(folder, ".git")) { return .workTree(root: folder) }
            let parent = Path.directory(of: folder)
            if parent == folder || folder == "/" || folder.isEmpty { return .notAWorkTree }
            folder = parent
        }
    }

    package func isIgnored(_ relativePath: String, root: String) -> Bool? {
        guard let bytes = try? fileSystem.read(Path.join(root, ".gitignore")) else { return nil }
        return GitIgnoreFile.lists(relativePath, in: bytes) ? true : nil
    }

    package func isTracked(_ relativePath: String, root: String) -> Bool? { nil }
}
