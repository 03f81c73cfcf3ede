/// The scheme action a build runs (`xcodebuild build | test | archive | …`): it picks which of
/// the scheme's build entries are built and in which configuration.
public enum SchemeAction: String, Sendable, Hashable, CaseIterable {
    /// `build` and Run: the entries built for running, in the Run (launch) action's configuration.
    case build
    /// `test`: the entries built for testing, in the Test action's configuration.
    case test
    /// `profile`: the entries built for profiling, in the Profile action's configuration.
    case profile
    /// `analyze`: the entries built for analyzing, in the Analyze action's configuration.
    case analyze
    /// `archive`: the entries built for archiving, in the Archive action's configuration.
    case archive

    /// The name of the scheme file's element for this action (`LaunchAction`, `TestAction`, …).
    var elementName: String {
        switch self {
        case .build: "LaunchAction"
        case .test: "TestAction"
        case .profile: "ProfileAction"
        case .analyze: "AnalyzeAction"
        case .archive: "ArchiveAction"
        }
    }

    /// The `BuildActionEntry` attribute that says whether an entry is built for this action.
    var entryAttribute: String {
        switch self {
        case .build: "buildForRunning"
        case .test: "buildForTesting"
        case .profile: "buildForProfiling"
        case .analyze: "buildForAnalyzing"
        case .archive: "buildForArchiving"
        }
    }

    /// What the scheme's entries are built for, in the scheme editor's words (`running`, …).
    public var purpose: String {
        switch self {
        case .build: "running"
        case .test: "testing"
        case .profile: "profiling"
        case .analyze: "analyzing"
        case .archive: "archiving"
        }
    }
}
