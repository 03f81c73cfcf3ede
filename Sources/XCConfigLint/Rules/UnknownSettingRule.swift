import XCConfig
import XCConfigSyntax

/// `unknown-setting`: an assigned name that is not a known build setting but is a near miss
/// of one.
///
/// Xcode accepts any name: a misspelt `PRODUCT_BUNDLE_IDENTIFER` is a new user-defined
/// setting, and the real one keeps its old value. The rule reports names equal to a known
/// one ignoring case, or one edit away (two for names of ten characters or more), but never
/// names under four characters, helper names that extend a known one (`OTHER_LDFLAGS_1`),
/// or names the configuration composes into references (`$(FLAGS_$(CONFIGURATION))`).
struct UnknownSettingRule: LintRule {
    static let description = RuleDescription(
        identifier: "unknown-setting",
        name: "Unknown setting",
        summary: "Misspelt build-setting names.",
        rationale: "Xcode treats a misspelt name as a new user-defined setting, so the intended setting is silently left unchanged.",
        triggeringExamples: [
            RuleExample("↓PRODUCT_BUNDLE_IDENTIFER = com.example.app\n"),
            RuleExample("↓Swift_Version = 5.0\n"),
            RuleExample("↓SKIP_INSTAL = YES\n"),
            RuleExample("↓OTHER_LDFLAG = -ObjC\n"),
        ],
        nonTriggeringExamples: [
            RuleExample("PRODUCT_BUNDLE_IDENTIFIER = com.example.app\n"),
            RuleExample("APP = 1\n"),
            RuleExample("OTHER_LDFLAGS_1 = -ObjC\nSDKROOT_ = macosx\n"),
            RuleExample("FLAGS_Debug = -DDEBUG\nOTHER_CFLAGS = $(FLAGS_$(CONFIGURATION))\n"),
            RuleExample("MY_APP_NAME = Example\n"),
        ]
    )

    func check(_ file: LintFile, in context: LintContext) -> [Finding] {
        var findings: [Finding] = []
        let catalog = context.catalog
        for (statement, assignment) in file.assignments {
            let name = assignment.name
            guard catalog[name] == nil, let suggestion = NameIndex.shared.suggestion(for: name, catalog: catalog) else { continue }
            if context.isComposedName(name) { continue }
            findings.append(file.finding(
                at: assignment.nameRange.startOffset,
                "'\(name)' is not a build setting Xcode knows, so it sets a new user-defined setting; did you mean \(suggestion)?",
                statement: statement))
        }
        return findings
    }
}

/// The catalogue's names grouped for fast near-miss search.
final class NameIndex: Sendable {
    static let shared = NameIndex(BuildSettingsCatalog.shared)

    private let byLength: [Int: [[UInt8]]]
    private let byUppercase: [String: String]

    init(_ catalog: BuildSettingsCatalog) {
        var byLength: [Int: [[UInt8]]] = [:]
        var byUppercase: [String: String] = [:]
        for name in catalog.names {
            byLength[name.utf8.count, default: []].append(Array(name.utf8))
            byUppercase[name.uppercased()] = name
        }
        self.byLength = byLength
        self.byUppercase = byUppercase
    }

    /// The known name `name` is probably a misspelling of, or `nil`.
    func suggestion(for name: String, catalog: BuildSettingsCatalog) -> String? {
        let bytes = Array(name.utf8)
        guard bytes.count >= 4 else { return nil }
        // A helper that extends a known name: `SDKROOT_`, `OTHER_LDFLAGS_1`.
        for (index, byte) in bytes.enumerated() where byte == UInt8(ascii: "_") && index > 0 {
            if catalog[String(decoding: bytes[..<index], as: UTF8.self)] != nil { return nil }
        }
        if let known = byUppercase[name.uppercased()] { return known }
        let limit = bytes.count < 10 ? 1 : 2
        var best: (name: [UInt8], distance: Int)? = nil
        for length in (bytes.count - limit)...(bytes.count + limit) {
            for candidate in byLength[length] ?? [] {
                let distance = NearMiss.distance(bytes, candidate, limit: limit)
                if distance <= limit, distance < (best?.distance ?? .max) { best = (candidate, distance) }
            }
        }
        guard let best else { return nil }
        // A known name that extends this one (`OTHER_LDFLAG` → `OTHER_LDFLAGS`) is a near miss,
        // but this one extending a known name by a suffix is a helper.
        return String(decoding: best.name, as: UTF8.self)
    }
}
