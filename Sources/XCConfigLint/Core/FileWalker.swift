import XCConfig

/// Finds the `*.xcconfig` files below a directory, the way `xcconfig lint` searches
/// (cli.md): hidden folders, `.build`, `DerivedData`, `Pods`, `Carthage` and
/// `node_modules` are skipped, and so is anything an `exclude` glob matches.
struct FileWalker {
    /// Folder names never searched.
    static let skippedDirectories: Set<String> = [".build", "DerivedData", "Pods", "Carthage", "node_modules"]

    let fileSystem: any FileSystem
    let excludes: [Glob]
    /// The directory `exclude` globs are relative to.
    let excludeBase: String?

    func isExcluded(_ path: String) -> Bool {
        guard !excludes.isEmpty else { return false }
        let relative: String
        if let base = excludeBase {
            let display = Path.display(path, relativeTo: base)
            relative = display == path && path != base ? path : display
        } else {
            relative = path
        }
        return excludes.contains { $0.matches(relative) }
    }

    /// Every configuration file below `directory`, sorted by path.
    func files(under directory: String) -> [String] {
        var result: [String] = []
        var pending = [directory]
        var visited = Set<String>()
        while let current = pending.popLast() {
            // A symbolic link back to an ancestor must not make the walk endless.
            guard visited.insert(fileSystem.resolvingSymlinks(current)).inserted else { continue }
            guard let names = try? fileSystem.contents(ofDirectory: current) else { continue }
            for name in names {
                let path = Path.join(current, name)
                if isExcluded(path) { continue }
                switch fileSystem.kind(of: path) {
                case .directory:
                    if name.hasPrefix(".") || Self.skippedDirectories.contains(name) { continue }
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
}
