/// Which settings a listing includes: those assigned at the chosen levels, and whether the
/// settings only the build system defines (``AssignmentInfo/isDynamicSetting``) count.
///
/// ```swift
/// resolver.resolveAll()                                  // every setting of every level
/// resolver.resolveAll(at: [.projectXCConfig, .project])  // what the project assigns
/// resolver.resolveAll(at: LevelFilter.allLevels)         // without SRCROOT, TARGET_NAME, …
/// ```
public struct LevelFilter: OptionSet, Sendable, Hashable {
    public let rawValue: UInt32

    public init(rawValue: UInt32) {
        self.rawValue = rawValue
    }

    /// The settings assigned at the level `kind`.
    public init(_ kind: LevelKind) {
        self.init(rawValue: 1 << UInt32(LevelKind.allCases.firstIndex(of: kind)!))
    }

    /// The settings assigned at any of `kinds`, dynamic settings included.
    public init<Kinds: Sequence>(levels kinds: Kinds) where Kinds.Element == LevelKind {
        self = kinds.reduce(into: .dynamicSettings) { $0.formUnion(LevelFilter($1)) }
    }

    public static let environment = LevelFilter(.environment)
    public static let defaults = LevelFilter(.defaults)
    public static let projectXCConfig = LevelFilter(.projectXCConfig)
    public static let project = LevelFilter(.project)
    public static let targetXCConfig = LevelFilter(.targetXCConfig)
    public static let target = LevelFilter(.target)
    public static let commandLine = LevelFilter(.commandLine)
    public static let xcconfigOverride = LevelFilter(.xcconfigOverride)
    public static let environmentXCConfig = LevelFilter(.environmentXCConfig)
    /// The settings the build system defines for the project or target (`SRCROOT`,
    /// `TARGET_NAME`, …), which `resolve` lists only with `--all`. Without this option they
    /// are left out even at an included level.
    public static let dynamicSettings = LevelFilter(rawValue: 1 << 31)
    /// Every level, without the dynamic settings.
    public static let allLevels = LevelFilter(levels: LevelKind.allCases).subtracting(.dynamicSettings)
    /// Every setting of every level.
    public static let all = allLevels.union(.dynamicSettings)

    /// Whether settings assigned at the level `kind` are included.
    public func includes(_ kind: LevelKind) -> Bool { contains(LevelFilter(kind)) }
}
