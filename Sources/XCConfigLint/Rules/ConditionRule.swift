import XCConfig
import XCConfigSyntax

/// `condition`: a condition that cannot match as written.
///
/// Xcode accepts any `[parameter=pattern]` and never says that one cannot match: an unknown or
/// wrongly cased parameter has no value, so its condition matches only the pattern `*`; spaces
/// are part of the parameter and the pattern (semantics §1.3); a comma has no meaning in a
/// pattern and `]` always ends the condition (semantics §4.2); and Xcode ignores
/// `SDKROOT[sdk=…]` (semantics §2.4). An empty parameter makes Xcode's loader stop, so that one
/// is an error. With `--project`, a `[config=…]` pattern in the project's base xcconfigs (or
/// their includes) that matches none of the project's configuration names is reported too:
/// those are the only configurations such a file is built with.
struct ConditionRule: LintRule {
    static let description = RuleDescription(
        identifier: "condition",
        name: "Condition",
        summary: "Conditions that can never match as written.",
        rationale: "Xcode accepts any condition silently; one that cannot match makes its assignment dead without a word.",
        triggeringExamples: [
            RuleExample("OTHER_LDFLAGS[↓SDK=iphoneos*] = -ObjC\n"),
            RuleExample("OTHER_LDFLAGS[↓platform=ios] = -ObjC\n"),
            RuleExample("OTHER_LDFLAGS[↓ sdk = iphoneos*] = -ObjC\n"),
            RuleExample("OTHER_LDFLAGS[config=↓Debug ] = -ObjC\n"),
            RuleExample("OTHER_LDFLAGS[sdk=iphoneos*↓,macosx*] = -ObjC\n"),
            RuleExample("SDKROOT↓[sdk=macosx*] = macosx\n"),
            RuleExample("OTHER_LDFLAGS[↓=iphoneos] = -ObjC\n"),
            RuleExample("OTHER_LDFLAGS[sdk=↓iPhoneOS*] = -ObjC\n"),
            RuleExample("OTHER_LDFLAGS[arch=arm64↓[ab] = -ObjC\n"),
            RuleExample("OTHER_LDFLAGS[config=↓Relase] = -ObjC\n",
                        files: [ProjectShadowsXCConfigRule.projectFile: ProjectShadowsXCConfigRule.project()]),
        ],
        nonTriggeringExamples: [
            RuleExample("OTHER_LDFLAGS[sdk=iphoneos*][arch=arm64] = -ObjC\n"),
            RuleExample("OTHER_LDFLAGS[config=Debug] = -ObjC\n"),
            RuleExample("OTHER_LDFLAGS[variant=debug][target=App] = -ObjC\n"),
            RuleExample("ARCHS[arch=*] = arm64\n"),
            RuleExample("FOO[__platform_filter=ios] = 1\n"),
            RuleExample("SDKROOT = iphoneos\n"),
            RuleExample("OTHER_LDFLAGS[config=Deb*] = -ObjC\nOTHER_LDFLAGS[config=Debug] = -lz\n",
                        files: [ProjectShadowsXCConfigRule.projectFile: ProjectShadowsXCConfigRule.project()]),
            RuleExample("OTHER_LDFLAGS[config=Staging] = -ObjC\n"),
        ]
    )

    /// Parameters the build system binds (semantics §4.2).
    static var knownParameters: [String] { ConditionParameters.known }

    func check(_ file: LintFile, in context: LintContext) -> [Finding] {
        var findings: [Finding] = []
        for (statement, assignment) in file.assignments {
            for condition in assignment.conditions {
                if let finding = Self.problem(with: condition, of: assignment, in: file, statement: statement) {
                    findings.append(finding)
                } else if condition.parameter == "config", context.projectConfigurationFiles.contains(file.path),
                          !context.projectConfigurationNames.contains(where: { PatternMatcher.matches(condition.pattern, $0) }) {
                    let names = context.projectConfigurationNames.sorted()
                    let list = names.count < 2 ? names.joined() : names.dropLast().joined(separator: ", ") + " and " + names.last!
                    let offset = condition.range.startOffset + 1 + condition.parameter.utf8.count + 1
                    findings.append(file.finding(
                        at: offset,
                        "no configuration of the project matches '\(condition.pattern)' (it has \(list)), so this assignment never applies",
                        statement: statement))
                }
            }
        }
        return findings
    }

    static func problem(with condition: Condition, of assignment: Assignment, in file: LintFile, statement: Statement) -> Finding? {
        let parameter = condition.parameter
        let pattern = condition.pattern
        let parameterOffset = condition.range.startOffset + 1
        let patternOffset = parameterOffset + parameter.utf8.count + 1
        func finding(_ offset: Int, _ message: String, severity: Severity? = nil) -> Finding {
            file.finding(at: offset, message, severity: severity, statement: statement)
        }
        if parameter.isEmpty {
            return finding(parameterOffset, "empty condition parameter in `[=\(pattern)]`: Xcode's loader cannot handle it; write `[sdk=\(pattern)]`, `[arch=\(pattern)]` or `[config=\(pattern)]`", severity: .error)
        }
        let trimmed = parameter.trimmingSpaces
        if trimmed != parameter {
            return finding(parameterOffset, "spaces around the condition parameter make it '\(parameter)', which has no value, so the condition never matches; write `[\(trimmed)=\(pattern.trimmingSpaces)]`")
        }
        if !knownParameters.contains(parameter) {
            if let known = knownParameters.first(where: { $0.lowercased() == parameter.lowercased() }) {
                return finding(parameterOffset, "condition parameters are case-sensitive: '\(parameter)' has no value, so the condition never matches; did you mean '\(known)'?")
            }
            var message = "unknown condition parameter '\(parameter)': it has no value, so the condition matches only the pattern '*'"
            if let suggestion = NearMiss.closest(to: parameter, in: Array(knownParameters.prefix(5))) {
                message += "; did you mean '\(suggestion)'?"
            } else {
                message += "; known parameters are sdk, arch, config, variant and target"
            }
            return finding(parameterOffset, message)
        }
        if pattern.trimmingSpaces != pattern {
            return finding(patternOffset, "spaces in the pattern '\(pattern)' are matched literally, so the condition never matches; write `[\(parameter)=\(pattern.trimmingSpaces)]`")
        }
        let patternBytes = Array(pattern.utf8)
        if let comma = patternBytes.firstIndex(of: UInt8(ascii: ",")) {
            return finding(patternOffset + comma, "a comma has no meaning in a condition pattern: `\(pattern)` matches only values containing that text; write one assignment per pattern")
        }
        if let bracket = patternBytes.firstIndex(of: UInt8(ascii: "[")) {
            return finding(patternOffset + bracket, "a `[…]` set cannot be closed in a condition, because `]` ends the condition; write one assignment per alternative")
        }
        if parameter == "sdk" || parameter == "arch" || parameter == "variant",
           patternBytes.contains(where: { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") }) {
            let what = parameter == "sdk" ? "SDK names" : parameter == "arch" ? "architecture names" : "variant names"
            return finding(patternOffset, "patterns are case-sensitive and \(what) are lower case, so `\(pattern)` never matches; write `[\(parameter)=\(pattern.lowercased())]`")
        }
        if assignment.name == "SDKROOT" && parameter == "sdk" {
            return finding(condition.range.startOffset, "Xcode ignores an SDK condition on SDKROOT, so this assignment never takes effect; use `[config=…]` or set SDKROOT without a condition")
        }
        return nil
    }
}

extension String {
    /// Without leading and trailing spaces and tabs (inline whitespace).
    var trimmingSpaces: String {
        let bytes = Array(utf8)
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0B || byte == 0x0C }
        guard let first = bytes.firstIndex(where: { !isSpace($0) }) else { return "" }
        let last = bytes.lastIndex(where: { !isSpace($0) })!
        return String(decoding: bytes[first...last], as: UTF8.self)
    }
}

/// The condition parameters the build system binds (semantics §4.2): what the `condition` rule
/// checks names against and what the language server completes, the common ones first.
package enum ConditionParameters {
    package static let known: [String] = [
        "sdk", "arch", "config", "variant", "target",
        "_sdk_build_version", "__platform_filter", "__host_platform", "__destination_platform",
        "__normalized_unversioned_triple",
    ]
}
