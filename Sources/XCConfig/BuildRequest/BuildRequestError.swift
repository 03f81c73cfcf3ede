/// Why a ``BuildRequest`` cannot be turned into settings stacks.
public enum BuildRequestError: Error, Sendable, CustomStringConvertible {
    /// A workspace without a scheme: `xcodebuild -workspace` needs `-scheme`.
    case workspaceWithoutScheme
    /// Both a workspace and a project.
    case workspaceAndProject
    /// A scheme without a workspace or project to find it in.
    case schemeWithoutContainer
    /// A scheme or workspace where each target is loaded on its own (``BuildRequest/projectSource(fileSystem:)``).
    case schemeNotSupported
    /// Every target, without a project.
    case allTargetsWithoutProject
    /// An Xcode version that is not among ``XcodeRelease/known``.
    case unknownXcodeVersion(String)
    /// The container (`workspace 'W'`, `project 'P'`) has no scheme of that name; `schemes`
    /// are the names it has.
    case noSuchScheme(String, container: String, schemes: [String])
    /// The scheme builds no target of that name for its action.
    case schemeDoesNotBuildTarget(scheme: String, target: String)
    /// The scheme builds no target for its action.
    case schemeBuildsNoTarget(scheme: String, action: SchemeAction)
    /// A project, workspace or scheme file cannot be read, or names no such target.
    case project(ProjectFileError)
    /// A file the request names cannot be read.
    case unreadableFile(StackLoadError)

    /// Whether the request itself is inconsistent (a usage mistake), rather than its files.
    public var isUsageError: Bool {
        switch self {
        case .workspaceWithoutScheme, .workspaceAndProject, .schemeWithoutContainer, .schemeNotSupported,
             .allTargetsWithoutProject, .unknownXcodeVersion:
            true
        case .noSuchScheme, .schemeDoesNotBuildTarget, .schemeBuildsNoTarget, .project, .unreadableFile:
            false
        }
    }

    public var description: String {
        switch self {
        case .workspaceWithoutScheme: "a workspace needs a scheme, as xcodebuild -workspace needs -scheme"
        case .workspaceAndProject: "a workspace and a project cannot be given together"
        case .schemeWithoutContainer: "a scheme needs a workspace or a project"
        case .schemeNotSupported: "a scheme or workspace resolves one target at a time here; name the targets with a project and a target"
        case .allTargetsWithoutProject: "every target needs a project"
        case .unknownXcodeVersion(let version):
            "'\(version)' is neither an Xcode version (26.4, 7.2.1) nor a known build: "
                + XcodeRelease.known.map(\.build).joined(separator: ", ")
        case .noSuchScheme(let name, let container, let schemes):
            "the \(container) has no scheme named '\(name)'"
                + (schemes.isEmpty ? "" : "; its schemes are " + schemes.map { "'\($0)'" }.joined(separator: ", "))
        case .schemeDoesNotBuildTarget(let scheme, let target): "the scheme '\(scheme)' does not build a target named '\(target)'"
        case .schemeBuildsNoTarget(let scheme, let action):
            "the scheme '\(scheme)' builds no target for \(action.purpose)"
        case .project(let error): error.description
        case .unreadableFile(let error): error.description
        }
    }
}
