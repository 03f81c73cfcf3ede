import XCConfig
import XCConfigSyntax

/// `invalid-value`: a literal value that a boolean or enumerated build setting does not accept.
///
/// Xcode never checks values: a boolean is true when its text starts with `Y`, `T` or a
/// non-zero digit (semantics §3.7), so `SKIP_INSTALL = yes` happens to work while
/// `ENABLE_TESTABILITY = On` is false; an enumerated setting with a value outside its list falls
/// back to tool-specific behaviour. Only values without `$` are checked; an empty value
/// (unsetting the setting) is fine.
struct InvalidValueRule: LintRule {
    static let description = RuleDescription(
        identifier: "invalid-value",
        name: "Invalid value",
        summary: "Values a boolean (YES/NO) or enumerated setting does not accept.",
        rationale: "Xcode never validates values, so a typo in a boolean or an enumeration silently means something else.",
        triggeringExamples: [
            RuleExample("SKIP_INSTALL = ↓yes\n"),
            RuleExample("ENABLE_TESTABILITY = ↓Off\n"),
            RuleExample("SWIFT_OPTIMIZATION_LEVEL = ↓-Ofast\n"),
            RuleExample("CLANG_WARN_BOOL_CONVERSION = ↓YES_Error\n"),
            RuleExample("SWIFT_OPTIMIZATION_LEVEL = ↓-Owholemodule\n"),
            RuleExample("INFOPLIST_KEY_LSApplicationCategoryType = ↓\"public.app-category.utilities\"\n"),
        ],
        nonTriggeringExamples: [
            RuleExample("SKIP_INSTALL = YES\n"),
            RuleExample("SKIP_INSTALL = $(SKIP_INSTALL_$(CONFIGURATION))\n"),
            RuleExample("SKIP_INSTALL =\n"),
            RuleExample("SWIFT_OPTIMIZATION_LEVEL = -Onone\n"),
            RuleExample("CLANG_WARN_BOOL_CONVERSION = YES_ERROR\n"),
            RuleExample("MACH_O_TYPE = staticlib\n"),
            RuleExample("CLANG_CXX_LANGUAGE_STANDARD = gnu++1z\nGCC_C_LANGUAGE_STANDARD = c2x\n"),
        ]
    )

    func check(_ file: LintFile, in context: LintContext) -> [Finding] {
        var findings: [Finding] = []
        for (index, (statement, assignment)) in file.assignments.enumerated() {
            // The type first, without reading the catalogue's row: most settings are neither.
            let type = context.catalog.knownType(of: file.names[index])
            guard type == .boolean || type == .enum, let info = context.catalog[file.names[index]] else { continue }
            let value = assignment.value
            guard !value.isEmpty, !value.utf8.contains(UInt8(ascii: "$")) else { continue }
            let allowed: [String]
            switch info.type {
            case .boolean: allowed = ["YES", "NO"]
            case .enum where !info.allowedValues.isEmpty: allowed = info.allowedValues
            default: continue
            }
            if allowed.contains(value) || Self.acceptsAnyway(value, for: assignment.name) { continue }
            let offset = assignment.chunks.first?.startOffset ?? assignment.nameRange.startOffset
            // Quotes are kept in a non-list value (semantics §3.2): say so rather than list values.
            let unquoted = Self.unquoted(value)
            if unquoted != value, allowed.contains(unquoted) || Self.acceptsAnyway(unquoted, for: assignment.name) {
                findings.append(file.finding(at: offset, "quotes are kept as characters in \(assignment.name), which then does not accept `\(value)`; write `\(unquoted)` without quotes", statement: statement))
                continue
            }
            if let hint = Self.replacements[assignment.name]?[value] {
                findings.append(file.finding(at: offset, "\(assignment.name) does not accept `\(value)`; \(hint)", statement: statement))
                continue
            }
            let list = allowed.filter { !$0.isEmpty }.map { "`\($0)`" }
            var message = "\(assignment.name) does not accept `\(value)`; it takes \(list.count == 2 ? list.joined(separator: " or ") : "one of " + list.joined(separator: ", "))"
            if let suggestion = Self.suggestion(for: value, allowed: allowed, isBoolean: info.type == .boolean) {
                message += "; did you mean `\(suggestion)`?"
            }
            findings.append(file.finding(at: offset, message, statement: statement))
        }
        return findings
    }

    /// Values the catalogue's lists miss but Xcode's tools accept: more Mach-O types, and
    /// language standards, which Xcode passes to the compiler as `-std=VALUE`.
    static func acceptsAnyway(_ value: String, for name: String) -> Bool {
        switch name {
        case "MACH_O_TYPE":
            return value == "staticlib" || value == "mh_bundle"
        case "CLANG_CXX_LANGUAGE_STANDARD", "GCC_C_LANGUAGE_STANDARD":
            // `c++1z`, `gnu++11`, `c2x`, `gnu18`: anything clang takes after `-std=`.
            let bytes = Array(value.utf8)
            let body: ArraySlice<UInt8>
            if value.hasPrefix("gnu") { body = bytes[3...] } else if value.hasPrefix("c") { body = bytes[1...] } else { return false }
            let rest = body.starts(with: Array("++".utf8)) ? body.dropFirst(2) : body
            return !rest.isEmpty && rest.first.map { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") } == true
                && rest.allSatisfy { ($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9")) || ($0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z")) }
        default:
            return false
        }
    }

    /// Values Xcode used to accept, with what replaced them.
    static let replacements: [String: [String: String]] = [
        "SWIFT_OPTIMIZATION_LEVEL": ["-Owholemodule": "write `-O` and set `SWIFT_COMPILATION_MODE = wholemodule`"],
        "SWIFT_COMPILATION_MODE": ["incremental": "Xcode's \"Incremental\" is `singlefile`"],
    ]

    /// `value` without one pair of surrounding quotes.
    static func unquoted(_ value: String) -> String {
        let bytes = Array(value.utf8)
        guard bytes.count >= 2, let first = bytes.first, first == bytes.last,
              first == UInt8(ascii: "\"") || first == UInt8(ascii: "'") else { return value }
        return String(decoding: bytes[1..<(bytes.count - 1)], as: UTF8.self)
    }

    static func suggestion(for value: String, allowed: [String], isBoolean: Bool) -> String? {
        if let match = allowed.first(where: { $0.lowercased() == value.lowercased() }) { return match }
        if isBoolean {
            switch value.lowercased() {
            case "true", "on", "1", "y", "enabled": return "YES"
            case "false", "off", "0", "n", "disabled": return "NO"
            default: return nil
            }
        }
        return NearMiss.closest(to: value, in: allowed)
    }
}
