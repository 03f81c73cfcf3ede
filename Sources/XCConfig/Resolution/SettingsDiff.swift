/// One setting whose resolved value differs between two stacks: changed, appeared or
/// disappeared, with the assignment that produced each side's value.
public struct SettingChange: Sendable, Hashable {
    /// What happened to the setting.
    public enum Kind: String, Sendable, Hashable {
        /// Listed on both sides, with different values.
        case changed
        /// Listed only on the new side.
        case added
        /// Listed only on the old side.
        case removed
    }

    /// The setting.
    public var name: String
    /// Its value and winning assignment on the old side; `nil` when the old side does not list it.
    public var old: ResolvedSetting?
    /// Its value and winning assignment on the new side; `nil` when the new side does not list it.
    public var new: ResolvedSetting?
    /// The new side's assignments of the setting that match its context, highest precedence
    /// first: the winner and those its `$(inherited)` can reach, where the edit that caused the
    /// change may be. Empty when unknown or absent.
    public var newAssignments: [AssignmentInfo]

    public init(name: String, old: ResolvedSetting?, new: ResolvedSetting?, newAssignments: [AssignmentInfo] = []) {
        self.name = name
        self.old = old
        self.new = new
        self.newAssignments = newAssignments
    }

    /// Changed, added or removed.
    public var kind: Kind {
        switch (old, new) {
        case (nil, _): .added
        case (_, nil): .removed
        default: .changed
        }
    }
}

/// The settings whose resolved values differ between two stacks, as a reviewer asks "what does
/// this change do to the build settings?".
///
/// ```swift
/// let changes = SettingsDiff.changes(from: before.resolver, to: after.resolver)
/// for change in changes { print(change.name, change.old?.value ?? "(absent)", "->", change.new?.value ?? "(absent)") }
/// ```
///
/// Only values count: an assignment that moved to another line or file but gives the same value
/// is no change. A setting listed on one side only (``LevelFilter`` decides what is listed)
/// appears or disappears.
public enum SettingsDiff {
    /// The changes from `old` to `new` among the settings `filter` lists, sorted by name in
    /// byte order. A `nil` side lists nothing: every setting of the other side appears or
    /// disappears (a target or configuration added or removed).
    public static func changes(from old: Resolver?, to new: Resolver?, at filter: LevelFilter = .all) -> [SettingChange] {
        // The same inputs evaluate to the same values: most target × configuration pairs of a
        // pull request, which need not be resolved at all.
        if let old, let new, old.hasSameInputs(as: new) { return [] }
        var changes = changes(from: old?.resolveAll(at: filter) ?? [], to: new?.resolveAll(at: filter) ?? [], emptyIsAbsent: old != nil && new != nil)
        if let new {
            for index in changes.indices where changes[index].new != nil {
                changes[index].newAssignments = new.assignments(of: changes[index].name).filter(\.matchesContext)
            }
        }
        return changes
    }

    /// The changes between two listings, each sorted by name in byte order (as
    /// ``Resolver/resolveAll(at:)`` returns them). With `emptyIsAbsent`, a setting listed on
    /// one side only with an empty value is no change: an unset setting is empty too, so the
    /// build sees the same value (`A =` added to a file that never set `A`).
    public static func changes(from old: [ResolvedSetting], to new: [ResolvedSetting], emptyIsAbsent: Bool = false) -> [SettingChange] {
        var changes: [SettingChange] = []
        var oldIndex = 0, newIndex = 0
        // A merge of two sorted lists: each name is looked at once.
        while oldIndex < old.count || newIndex < new.count {
            if newIndex == new.count || (oldIndex < old.count && old[oldIndex].name.utf8.lexicographicallyPrecedes(new[newIndex].name.utf8)) {
                if !(emptyIsAbsent && old[oldIndex].value.isEmpty) {
                    changes.append(SettingChange(name: old[oldIndex].name, old: old[oldIndex], new: nil))
                }
                oldIndex += 1
            } else if oldIndex == old.count || new[newIndex].name.utf8.lexicographicallyPrecedes(old[oldIndex].name.utf8) {
                if !(emptyIsAbsent && new[newIndex].value.isEmpty) {
                    changes.append(SettingChange(name: new[newIndex].name, old: nil, new: new[newIndex]))
                }
                newIndex += 1
            } else {
                if old[oldIndex].value != new[newIndex].value {
                    changes.append(SettingChange(name: new[newIndex].name, old: old[oldIndex], new: new[newIndex]))
                }
                oldIndex += 1
                newIndex += 1
            }
        }
        return changes
    }
}

/// The changes of one target and configuration (or of one pair of stacks without a project).
public struct SettingsDiffGroup: Sendable, Hashable {
    /// The target, when the stacks come from a project (or `--target-name`).
    public var target: String?
    /// The configuration, when one is bound.
    public var configuration: String?
    /// The changed settings, sorted by name.
    public var changes: [SettingChange]

    public init(target: String?, configuration: String?, changes: [SettingChange]) {
        self.target = target
        self.configuration = configuration
        self.changes = changes
    }
}

extension SettingsDiff {
    /// The changes of every target × configuration from `old` to `new`: the targets in the new
    /// project's order, then those only the old one has; each target's configurations likewise.
    /// A target or configuration that exists on one side only has every setting appear or
    /// disappear. A `nil` side is a project that does not exist there.
    ///
    /// The context's `config` and `target` bindings are replaced by each pair's; its other
    /// parameters (`sdk`, `arch`, …) apply to every pair.
    ///
    /// - Returns: one group per pair (unchanged pairs included, with no changes), and the
    ///   diagnostics of loading both sides, each once.
    ///
    /// - Parameters:
    ///   - target: only this target, when given.
    ///   - configuration: only this configuration of each target, when given.
    public static func projectChanges(
        from old: ProjectStackSource?, to new: ProjectStackSource?, context: EvaluationContext = EvaluationContext(),
        at filter: LevelFilter = .all, target onlyTarget: String? = nil, configuration onlyConfiguration: String? = nil
    ) -> (groups: [SettingsDiffGroup], diagnostics: [Diagnostic]) {
        let oldPairs = old?.targetConfigurations ?? []
        let newPairs = new?.targetConfigurations ?? []
        var targets = newPairs
        for (target, configurations) in oldPairs {
            if let index = targets.firstIndex(where: { $0.target == target }) {
                for configuration in configurations where !targets[index].configurations.contains(configuration) {
                    targets[index].configurations.append(configuration)
                }
            } else {
                targets.append((target, configurations))
            }
        }
        var pairContext = context
        pairContext.configuration = nil
        pairContext.targetName = nil
        var diagnostics: [Diagnostic] = []
        var seen: Set<Diagnostic> = []
        func resolver(_ source: ProjectStackSource?, _ pairs: [(target: String, configurations: [String])], target: String, configuration: String) -> Resolver? {
            guard let source, pairs.contains(where: { $0.target == target && $0.configurations.contains(configuration) }) else { return nil }
            guard let stack = try? source.loadStack(target: target, configuration: configuration, context: pairContext) else { return nil }
            for diagnostic in stack.diagnostics where seen.insert(diagnostic).inserted { diagnostics.append(diagnostic) }
            return stack.resolver
        }
        var groups: [SettingsDiffGroup] = []
        for (target, configurations) in targets where onlyTarget == nil || target == onlyTarget {
            for configuration in configurations where onlyConfiguration == nil || configuration == onlyConfiguration {
                let changes = changes(
                    from: resolver(old, oldPairs, target: target, configuration: configuration),
                    to: resolver(new, newPairs, target: target, configuration: configuration), at: filter)
                groups.append(SettingsDiffGroup(target: target, configuration: configuration, changes: changes))
            }
        }
        return (groups, diagnostics)
    }
}

extension Resolver {
    /// Whether `other` evaluates exactly as this resolver does: the same context and bounds,
    /// and level by level the same kind, the same dictionary entries (origins included), and
    /// the same files in the same order, path and bytes (which fixes how their includes were
    /// resolved: a file found or missing on one side only is in one list only).
    func hasSameInputs(as other: Resolver) -> Bool {
        guard context == other.context, options.maximumDepth == other.options.maximumDepth,
              options.maximumValueSize == other.options.maximumValueSize, levels.count == other.levels.count else { return false }
        for (mine, theirs) in zip(levels, other.levels) {
            guard mine.kind == theirs.kind else { return false }
            switch (mine.source, theirs.source) {
            case let (.dictionary(a), .dictionary(b)):
                guard a == b else { return false }
            case let (.configuration(a), .configuration(b)):
                guard a.files.count == b.files.count, a.assignments.count == b.assignments.count else { return false }
                for (fileA, fileB) in zip(a.files, b.files) where fileA.path != fileB.path || fileA.tree.bytes != fileB.tree.bytes {
                    return false
                }
            default:
                return false
            }
        }
        return true
    }
}
