/// Where a new file reference to an xcconfig goes, the same in every project format: the group
/// whose folder holds the file (one already holding xcconfig files first, the main group last),
/// else the group already holding xcconfig files when the file lies below its folder, else a new
/// group of the main group for the file's folder. CocoaPods' groups are never chosen: `pod
/// install` rewrites them.
enum XCConfigReferencePlacement: Equatable {
    /// In the candidate group at `index`, at `relativePath` from its folder.
    case inGroup(index: Int, relativePath: String)
    /// In a new group of the main group: `folder` relative to the main group's folder (`.` for
    /// the same), named `name` when its folder's name does not say what it is.
    case newGroup(folder: String, name: String?)

    /// A group a reference may go into.
    struct Candidate {
        /// Its folder, absolute; `nil` when it cannot be located.
        var directory: String?
        /// Its name as Xcode shows it.
        var name: String
        var holdsXCConfigs: Bool
        var isMainGroup: Bool

        /// Whether CocoaPods made it (`Pods`, or a folder below `Pods`).
        var isPods: Bool { (directory ?? "").contains("/Pods") || name.hasPrefix("Pods") }
    }

    /// The place of a reference to the file at `path` (absolute), among `groups`, in a project
    /// whose main group's folder is `mainDirectory`.
    static func choose(for path: String, among groups: [Candidate], mainDirectory: String) -> XCConfigReferencePlacement {
        let directory = Path.directory(of: path)
        let sameFolder = groups.indices.filter { groups[$0].directory == directory && !groups[$0].isPods }
        if let index = sameFolder.first(where: { groups[$0].holdsXCConfigs }) ?? sameFolder.first(where: { !groups[$0].isMainGroup }) ?? sameFolder.first {
            return .inGroup(index: index, relativePath: Path.basename(path))
        }
        for (index, group) in groups.enumerated() where group.holdsXCConfigs && !group.isPods {
            guard let folder = group.directory else { continue }
            let relative = Path.relative(path, from: folder)
            if !relative.hasPrefix("../") { return .inGroup(index: index, relativePath: relative) }
        }
        let folder = Path.relative(directory, from: mainDirectory)
        let named = folder == "." || (Path.basename(folder) != "Config" && folder.contains("/"))
        return .newGroup(folder: folder, name: named ? "Config" : nil)
    }
}
