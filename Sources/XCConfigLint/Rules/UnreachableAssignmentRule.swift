import XCConfig
import XCConfigSyntax

/// `unreachable-assignment`: an assignment that can never take effect.
///
/// Within one file the last assignment of a setting wins whatever its conditions
/// (semantics §4.1), so an assignment is dead when a later one of the same setting in the same
/// file matches whenever it does (the same conditions, or fewer, or `*` patterns) and does not
/// build on it with `$(inherited)`, `$(value)` or a reference to the setting itself.
/// Overriding a value from an included file is layering, not a mistake, and is not reported.
struct UnreachableAssignmentRule: LintRule {
    static let description = RuleDescription(
        identifier: "unreachable-assignment",
        name: "Unreachable assignment",
        summary: "Assignments overridden later in the same file, which never take effect.",
        rationale: "Condition specificity plays no role in Xcode: the last matching assignment wins, so an earlier one may be dead.",
        triggeringExamples: [
            RuleExample("↓SWIFT_VERSION = 5.0\nSWIFT_VERSION = 6.0\n"),
            RuleExample("↓OTHER_LDFLAGS[config=Release] = -Wl,-dead_strip\nOTHER_LDFLAGS = -ObjC\n"),
            RuleExample("↓OTHER_LDFLAGS[sdk=iphoneos*] = -ObjC\nOTHER_LDFLAGS[sdk=*] = -lz\n"),
        ],
        nonTriggeringExamples: [
            RuleExample("OTHER_LDFLAGS = -ObjC\nOTHER_LDFLAGS = $(inherited) -lz\n"),
            RuleExample("OTHER_LDFLAGS = -ObjC\nOTHER_LDFLAGS[config=Debug] = -lz\n"),
            RuleExample("VERSION = 1\nVERSION = $(VERSION).1\n"),
            RuleExample("#include \"Base.xcconfig\"\nSWIFT_VERSION = 6.0\n", files: ["Base.xcconfig": "SWIFT_VERSION = 5.0\n"]),
            RuleExample("OTHER_LDFLAGS[sdk=iphoneos*] = -ObjC\nOTHER_LDFLAGS[sdk=macosx*] = -lz\n"),
        ]
    )

    func check(_ file: LintFile, in context: LintContext) -> [Finding] {
        var findings: [Finding] = []
        var byName: [String: [Int]] = [:]
        byName.reserveCapacity(file.names.count)
        for (index, name) in file.names.enumerated() { byName[name, default: []].append(index) }
        for (_, indexes) in byName where indexes.count > 1 {
            // The assignments that can replace an earlier one, those that do not build on it:
            // decided once each, not again for every earlier assignment (a list setting
            // extended a hundred times with `$(inherited)` in one file).
            let replacing = indexes.filter { !Self.buildsOnItself(file.references[$0], name: file.names[$0]) }
            guard !replacing.isEmpty else { continue }
            for index in indexes.dropLast() {
                let earlier = file.assignments[index].assignment
                for laterIndex in replacing where laterIndex > index {
                    let later = file.assignments[laterIndex].assignment
                    guard Self.covers(later.conditions, earlier.conditions) else { continue }
                    let line = later.nameRange.start.line
                    findings.append(file.finding(
                        at: earlier.nameRange.startOffset,
                        "\(earlier.name)\(earlier.conditionSuffix) never takes effect: the assignment on line \(line) replaces it whenever it applies; "
                            + Self.advice(earlier: earlier, later: later, laterLine: line, type: context.catalog[earlier.name]?.type),
                        statement: file.assignments[index].statement))
                    break
                }
            }
        }
        return findings
    }

    /// What to do: a conditional assignment placed before a less conditional one is meant to
    /// override it, so it belongs after it; otherwise the earlier one goes, or, for a list
    /// setting only, the later one builds on it with `$(inherited)` (for a single value such as
    /// `SWIFT_OPTIMIZATION_LEVEL` that would give `-Onone -O`).
    static func advice(earlier: Assignment, later: Assignment, laterLine: Int, type: SettingType?) -> String {
        if earlier.conditions.count > later.conditions.count {
            return "move it after line \(laterLine), so that it overrides that line where its conditions match"
        }
        if type == .stringList || type == .pathList {
            return "remove this one, or add `$(inherited)` to the later one to build on it"
        }
        return "remove this one"
    }

    /// `true` when an assignment with `later` conditions matches whenever one with `earlier`
    /// conditions does: each later condition is one of the earlier ones or has the pattern `*`
    /// (which matches even an unbound parameter, semantics §4.2).
    static func covers(_ later: [Condition], _ earlier: [Condition]) -> Bool {
        later.allSatisfy { condition in
            condition.pattern == "*" || earlier.contains { $0.parameter == condition.parameter && $0.pattern == condition.pattern }
        }
    }

    /// `true` when a value with these references refers to the previous value: `$(inherited)`, `$(value)`, the
    /// setting itself, or a composed name that might be any of those.
    static func buildsOnItself(_ references: [Reference], name: String) -> Bool {
        references.contains { reference in
            guard let referenced = reference.literalName else { return true }
            return referenced == "inherited" || referenced == "value" || referenced == name
        }
    }
}
