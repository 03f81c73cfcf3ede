import XCConfig

/// Finds the `*.xcconfig` files below a directory, the way `xcconfig lint` searches
/// (``ConfigurationFileSearch``), leaving out anything an `exclude` glob matches.
struct FileWalker {
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

    /// Every configuration file below `directory`, sorted by path; the search stays inside it
    /// (``ConfigurationFileSearch``).
    func files(under directory: String) -> [String] {
        ConfigurationFileSearch(fileSystem: fileSystem, isExcluded: isExcluded).files(under: directory)
    }
}
