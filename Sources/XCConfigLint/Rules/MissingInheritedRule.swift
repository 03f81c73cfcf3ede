import XCConfig
import XCConfigSyntax

/// `missing-inherited`: a list-typed build setting assigned without `$(inherited)` although a
/// file it includes, earlier in the chain, also sets it.
///
/// The last assignment wins (semantics §4.1), so `OTHER_LDFLAGS = -lz` after
/// `#include "Pods.xcconfig"` throws away the flags the included file set; for list settings
/// (flags, search paths) that is almost always a mistake, fixed by starting the value with
/// `$(inherited)`. Only `stringlist` and `pathlist` settings of the catalogue are checked, and
/// not the ones that name a choice (`SUPPORTED_PLATFORMS`, `ARCHS`), which are replaced on
/// purpose; an empty value (a deliberate reset), an empty discarded value, a new value that
/// repeats every element of the discarded one, and assignments whose conditions can never hold
/// together with the included one's are not reported. Overrides within one file are
/// `unreachable-assignment`'s business.
struct MissingInheritedRule: LintRule {
    static let description = RuleDescription(
        identifier: "missing-inherited",
        name: "Missing $(inherited)",
        summary: "List settings that discard an included file's value for lack of `$(inherited)`.",
        rationale: "Without `$(inherited)` the later assignment replaces the included file's flags or paths instead of adding to them.",
        triggeringExamples: [
            RuleExample("#include \"Base.xcconfig\"\n↓OTHER_LDFLAGS = -lz\n", files: ["Base.xcconfig": "OTHER_LDFLAGS = -ObjC\n"]),
            RuleExample("#include \"Base.xcconfig\"\n↓HEADER_SEARCH_PATHS[config=Debug] = include\n",
                        files: ["Base.xcconfig": "HEADER_SEARCH_PATHS = vendor/include\n"]),
        ],
        nonTriggeringExamples: [
            RuleExample("#include \"Base.xcconfig\"\nOTHER_LDFLAGS = $(inherited) -lz\n", files: ["Base.xcconfig": "OTHER_LDFLAGS = -ObjC\n"]),
            RuleExample("#include \"Base.xcconfig\"\nSWIFT_VERSION = 6.0\n", files: ["Base.xcconfig": "SWIFT_VERSION = 5.0\n"]),
            RuleExample("#include \"Base.xcconfig\"\nOTHER_LDFLAGS =\n", files: ["Base.xcconfig": "OTHER_LDFLAGS = -ObjC\n"]),
            RuleExample("#include \"Base.xcconfig\"\nOTHER_LDFLAGS[config=Release] = -lz\n", files: ["Base.xcconfig": "OTHER_LDFLAGS[config=Debug] = -ObjC\n"]),
            RuleExample("OTHER_LDFLAGS = -lz\n#include \"Base.xcconfig\"\n", files: ["Base.xcconfig": "OTHER_LDFLAGS = -ObjC\n"]),
            RuleExample("#include \"Base.xcconfig\"\nGCC_PREPROCESSOR_DEFINITIONS = STATIC A B;\n",
                        files: ["Base.xcconfig": "GCC_PREPROCESSOR_DEFINITIONS = A B;\n"]),
            RuleExample("#include \"Base.xcconfig\"\nHEADER_SEARCH_PATHS = ./include\n", files: ["Base.xcconfig": "HEADER_SEARCH_PATHS =\n"]),
            RuleExample("#include \"Base.xcconfig\"\nSUPPORTED_PLATFORMS = macosx\nOTHER_LDFLAGS = \"\"\n",
                        files: ["Base.xcconfig": "SUPPORTED_PLATFORMS = macosx iphoneos\nOTHER_LDFLAGS = -ObjC\n"]),
        ]
    )

    func checkAll(in context: LintContext) -> [Finding] {
        var findings: [Finding] = []
        var reported = Set<String>()
        for root in context.roots {
            guard let load = context.loads[root], let sequence = context.expansions[root] else { continue }
            // Which files each file includes, directly or not.
            var direct: [String: Set<String>] = [:]
            for edge in load.includes {
                guard let from = load.path(ofFile: edge.includerIndex), let to = edge.targetIndex.flatMap(load.path(ofFile:)) else { continue }
                direct[from, default: []].insert(to)
            }
            var reachable: [String: Set<String>] = [:]
            func included(by file: String) -> Set<String> {
                if let known = reachable[file] { return known }
                var seen = Set<String>()
                var pending = Array(direct[file] ?? [])
                while let next = pending.popLast() {
                    guard seen.insert(next).inserted else { continue }
                    pending.append(contentsOf: direct[next] ?? [])
                }
                reachable[file] = seen
                return seen
            }
            // The earlier assignments of each list setting (only list settings are checked).
            var earlier: [String: [AssignmentOccurrence]] = [:]
            var file: LintFile? = nil
            for occurrence in sequence {
                // An expansion holds runs of one file's assignments: look each file up once per run.
                if file?.path != occurrence.file { file = context.files[occurrence.file]! }
                let file = file!
                let name = file.names[occurrence.index]
                let type = context.catalog.knownType(of: name)
                guard type == .stringList || type == .pathList else { continue }
                defer { earlier[name, default: []].append(occurrence) }
                let (statement, assignment) = file.assignments[occurrence.index]
                guard !Self.isReset(assignment.value),
                      !Self.isChoice(name),
                      !UnreachableAssignmentRule.buildsOnItself(file.references[occurrence.index], name: name),
                      let previous = earlier[name]?.last(where: { $0.file != occurrence.file && included(by: occurrence.file).contains($0.file) })
                else { continue }
                let previousAssignment = context.files[previous.file]!.assignments[previous.index].assignment
                guard Self.canHoldTogether(assignment.conditions, previousAssignment.conditions),
                      !Self.isReset(previousAssignment.value),
                      !Self.keepsEveryElement(of: previousAssignment.value, in: assignment.value),
                      reported.insert("\(occurrence.file)\u{0}\(occurrence.index)").inserted else { continue }
                findings.append(file.finding(
                    at: assignment.nameRange.startOffset,
                    "\(assignment.name) replaces the value \(Path.basename(previous.file)):\(previousAssignment.nameRange.start.line) sets, because it does not use $(inherited); write `\(assignment.name)\(assignment.conditionSuffix) = $(inherited) \(assignment.value)` to add to it",
                    statement: statement))
            }
        }
        return findings
    }

    /// `true` for a value that deliberately empties the list: nothing, or only quotes.
    static func isReset(_ value: String) -> Bool {
        value.utf8.allSatisfy { $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "'") || $0 == 0x20 || $0 == 0x09 }
    }

    /// `true` when every element of the discarded value is also in the new one: the new value
    /// repeats the included one on purpose (realm's `Static.xcconfig` restating the release
    /// defines plus its own), so nothing is lost.
    static func keepsEveryElement(of discarded: String, in new: String) -> Bool {
        let kept = Set(elements(of: new))
        return elements(of: discarded).allSatisfy(kept.contains)
    }

    /// The whitespace-separated words of a value, a trailing `;` dropped.
    static func elements(of value: String) -> [Substring] {
        var text = Substring(value)
        while text.last == ";" || text.last == " " || text.last == "\t" { text = text.dropLast() }
        return text.split(whereSeparator: { $0 == " " || $0 == "\t" })
    }

    /// Lists that name a choice rather than accumulate (`SUPPORTED_PLATFORMS`, `ARCHS`):
    /// replacing them is the point.
    static func isChoice(_ name: String) -> Bool {
        name.hasSuffix("ARCHS") || name.hasSuffix("PLATFORMS") || name.hasSuffix("DEVICE_FAMILY")
    }

    /// `false` when the two condition sets can never match at once: the same parameter with
    /// two different patterns free of wildcards.
    static func canHoldTogether(_ a: [Condition], _ b: [Condition]) -> Bool {
        func isPlain(_ pattern: String) -> Bool { !pattern.contains(where: { $0 == "*" || $0 == "?" || $0 == "[" }) }
        for x in a {
            for y in b where x.parameter == y.parameter && x.pattern != y.pattern && isPlain(x.pattern) && isPlain(y.pattern) {
                return false
            }
        }
        return true
    }
}
