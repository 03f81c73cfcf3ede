/// Where a command that edits a user's files may write: inside the git work tree that holds
/// the files it starts from (the project, the shared configuration), or inside their folder
/// when there is no work tree. Names in those files (targets, configurations, `#include?`
/// paths, `--name`) become paths, and their files can be symbolic links: neither may take a
/// write outside (issue 30). Symbolic links are resolved before the comparison, so a link
/// that points out of the tree is refused, and so is a `.gitignore` that is a link at all (git
/// does not read one).
package struct WriteScope: Sendable, Hashable {
    /// The folder every write must resolve inside, symbolic links resolved.
    package var root: String

    /// The scope of files found from `folder`: the nearest folder at or above it holding `.git`,
    /// else `folder` itself.
    package init(folder: String, fileSystem: any FileSystem) {
        let start = fileSystem.resolvingSymlinks(Path.normalize(Path.absolute(folder, relativeTo: fileSystem.currentDirectory)))
        var candidate = start
        while true {
            if fileSystem.exists(Path.join(candidate, ".git")) {
                root = candidate
                return
            }
            let parent = Path.directory(of: candidate)
            if parent == candidate || candidate.isEmpty {
                root = start
                return
            }
            candidate = parent
        }
    }

    /// The scope of a project edit: the folder holding the `.xcodeproj` of `projectFile`.
    package init(projectFile: String, fileSystem: any FileSystem) {
        var folder = Path.directory(of: projectFile)
        if Path.fileExtension(folder) == "xcodeproj" { folder = Path.directory(of: folder) }
        self.init(folder: folder, fileSystem: fileSystem)
    }

    /// Where a write to `path` lands once every symbolic link is resolved: the deepest folder
    /// that exists, resolved, then the rest of the path.
    package func destination(of path: String, fileSystem: any FileSystem) -> String {
        let absolute = Path.normalize(Path.absolute(path, relativeTo: fileSystem.currentDirectory))
        if fileSystem.exists(absolute) || fileSystem.isSymbolicLink(absolute) { return Path.normalize(fileSystem.resolvingSymlinks(absolute)) }
        var existing = Path.directory(of: absolute)
        var rest = [Path.basename(absolute)]
        while fileSystem.kind(of: existing) == nil, Path.directory(of: existing) != existing {
            rest.insert(Path.basename(existing), at: 0)
            existing = Path.directory(of: existing)
        }
        return Path.normalize(rest.reduce(fileSystem.resolvingSymlinks(existing)) { Path.join($0, $1) })
    }

    /// Whether `path` resolves inside ``root``.
    package func contains(_ path: String, fileSystem: any FileSystem) -> Bool {
        let destination = destination(of: path, fileSystem: fileSystem)
        return destination == root || destination.hasPrefix(root == "/" ? "/" : root + "/")
    }

    /// Throws for the first of `paths` that resolves outside ``root``, or that is a `.gitignore`
    /// behind a symbolic link.
    package func check(_ paths: [String], fileSystem: any FileSystem) throws(FileTransactionError) {
        for path in paths {
            if Path.basename(path) == ".gitignore", fileSystem.isSymbolicLink(path) {
                throw FileTransactionError(
                    .outsideScope, "refusing to write through a symbolic link to .gitignore (git does not read one); nothing written", file: path)
            }
            guard contains(path, fileSystem: fileSystem) else {
                let destination = destination(of: path, fileSystem: fileSystem)
                let through = destination == Path.normalize(Path.absolute(path, relativeTo: fileSystem.currentDirectory)) ? "" : " (it resolves to \(destination))"
                throw FileTransactionError(
                    .outsideScope, "refusing to write outside \(root)\(through); nothing written", file: path)
            }
        }
    }
}
