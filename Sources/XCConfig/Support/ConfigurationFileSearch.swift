/// The `*.xcconfig` files below a folder, found the way `lint` and `local init` search
/// (cli.md): hidden folders, `.build`, `DerivedData`, `Pods`, `Carthage` and `node_modules`
/// are skipped.
///
/// The search stays inside the tree it was given: a repository may hold `p -> /proc` or
/// `x -> /`, and following those would read the whole machine. A symbolically linked folder
/// is searched only when it resolves inside the tree, each folder once, and only regular
/// files are listed (a FIFO or a device named `*.xcconfig` would block the read).
package struct ConfigurationFileSearch {
    /// Folder names never searched.
    package static let skippedFolders: Set<String> = [".build", "DerivedData", "Pods", "Carthage", "node_modules"]

    package let fileSystem: any FileSystem
    /// Paths (files or folders) left out, with all they hold.
    package let isExcluded: (String) -> Bool

    package init(fileSystem: any FileSystem, isExcluded: @escaping (String) -> Bool = { _ in false }) {
        self.fileSystem = fileSystem
        self.isExcluded = isExcluded
    }

    /// Every configuration file below `directory` (absolute or relative to the file system's
    /// current directory), sorted by path bytes.
    package func files(under directory: String) -> [String] {
        let root = Path.normalize(fileSystem.resolvingSymlinks(directory))
        var result: [String] = []
        var pending = [directory]
        var visited = Set<String>()
        while let current = pending.popLast() {
            let resolved = Path.normalize(fileSystem.resolvingSymlinks(current))
            guard Self.isInside(resolved, root: root), visited.insert(resolved).inserted,
                  let names = try? fileSystem.contents(ofDirectory: current) else { continue }
            for name in names {
                let path = Path.join(current, name)
                if isExcluded(path) { continue }
                switch fileSystem.kind(of: path) {
                case .directory:
                    if name.hasPrefix(".") || Self.skippedFolders.contains(name) { continue }
                    pending.append(path)
                case .file:
                    if name.hasSuffix(".xcconfig") { result.append(path) }
                default:
                    break
                }
            }
        }
        return result.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }

    /// Whether the resolved folder `path` is `root` or lies below it.
    static func isInside(_ path: String, root: String) -> Bool {
        if path == root || root == "/" { return true }
        return path.utf8.count > root.utf8.count && path.hasPrefix(root) && path.utf8[path.utf8.index(path.utf8.startIndex, offsetBy: root.utf8.count)] == UInt8(ascii: "/")
    }
}
