import XCConfig
import XCConfigSyntax

/// `unknown-setting`: an assigned name that is not a known build setting but is a near miss
/// of one.
///
/// Xcode accepts any name: a misspelt `PRODUCT_BUNDLE_IDENTIFER` is a new user-defined
/// setting, and the real one keeps its old value. The rule reports names equal to a known
/// one ignoring case, or one edit away (two for names of ten characters or more), but never
/// names under four characters, names that differ from it in a whole underscore-separated word
/// (`CI_VERSION` is not a misspelt `GCC_VERSION`), helper names that extend a known one (`OTHER_LDFLAGS_1`),
/// names the configuration composes into references (`$(FLAGS_$(CONFIGURATION))`), or
/// names it refers to (`ORDER_LDFLAGS` used as `$(ORDER_LDFLAGS)` is a deliberate helper).
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
            // The user's own, not Xcode's lower-case `value`.
            RuleExample("VALUE = 1\n"),
            RuleExample("OTHER_LDFLAGS_1 = -ObjC\nSDKROOT_ = macosx\n"),
            RuleExample("FLAGS_Debug = -DDEBUG\nOTHER_CFLAGS = $(FLAGS_$(CONFIGURATION))\n"),
            RuleExample("MY_APP_NAME = Example\n"),
            RuleExample("CI_VERSION = 1\nAPP_VERSION = 2\n"),
            RuleExample("ORDER_LDFLAGS = -Wl,-order_file,app.order\nOTHER_LDFLAGS = $(inherited) $(ORDER_LDFLAGS)\n"),
        ]
    )

    func checkAll(in context: LintContext) -> [Finding] {
        let catalog = context.catalog
        let paths = context.orderedPaths.filter(context.isReported)
        // Each distinct unknown name, searched once, in parallel. A name the configuration refers to is a deliberate
        // helper (`ORDER_LDFLAGS` used in `OTHER_LDFLAGS = … $(ORDER_LDFLAGS)`), not a
        // misspelling: no need to search for it.
        var seen = Set<String>(minimumCapacity: paths.reduce(0) { $0 + context.files[$1]!.names.count })
        var distinct: [String] = []
        for path in paths {
            for name in context.files[path]!.names where catalog.knownType(of: name) == nil && seen.insert(name).inserted {
                if !context.isComposedName(name) && !context.referencedNames.contains(name) { distinct.append(name) }
            }
        }
        let suggestions = distinct.concurrentMap { NameIndex.shared.suggestion(for: $0, catalog: catalog) }
        var suggestionByName: [String: String] = [:]
        for (name, suggestion) in zip(distinct, suggestions) {
            if let suggestion { suggestionByName[name] = suggestion }
        }
        var findings: [Finding] = []
        guard !suggestionByName.isEmpty else { return [] }
        for path in paths {
            let file = context.files[path]!
            for (index, name) in file.names.enumerated() {
                guard let suggestion = suggestionByName[name] else { continue }
                let (statement, assignment) = file.assignments[index]
                findings.append(file.finding(
                    at: assignment.nameRange.startOffset,
                    "'\(assignment.name)' is not a build setting Xcode knows, so it sets a new user-defined setting; did you mean \(suggestion)?",
                    statement: statement))
            }
        }
        return findings
    }
}

/// The catalogue's names prepared for fast near-miss search: grouped by length, each with a
/// byte histogram. An edit changes the histogram by at most two (a swap by none), so a
/// candidate whose histogram differs by more than twice the edit limit is skipped without
/// computing its distance.
final class NameIndex: Sendable {
    static let shared = NameIndex(BuildSettingsCatalog.shared)

    private static let buckets = 64
    private let byLength: [Int: [(name: [UInt8], histogram: [UInt8])]]
    private let byUppercase: [String: String]
    /// The near-miss search's result by name: it depends on nothing else, and a language
    /// server lints the same names again at every keystroke. Emptied when it grows past
    /// ``nearMissMemoLimit`` names (each edit of a name makes a new one).
    private let nearMissMemo = Locked<[String: String?]>([:])
    private static let nearMissMemoLimit = 100_000

    init(_ catalog: BuildSettingsCatalog) {
        var byLength: [Int: [(name: [UInt8], histogram: [UInt8])]] = [:]
        var byUppercase: [String: String] = [:]
        for name in catalog.names {
            let bytes = Array(name.utf8)
            byLength[bytes.count, default: []].append((bytes, Self.histogram(bytes)))
            byUppercase[name.uppercased()] = name
        }
        self.byLength = byLength
        self.byUppercase = byUppercase
    }

    private static func histogram(_ bytes: [UInt8]) -> [UInt8] {
        var histogram = [UInt8](repeating: 0, count: buckets)
        for byte in bytes { histogram[Int(byte) & (buckets - 1)] &+= 1 }
        return histogram
    }

    /// The known name `name` is probably a misspelling of, or `nil`.
    func suggestion(for name: String, catalog: BuildSettingsCatalog) -> String? {
        let bytes = Array(name.utf8)
        guard bytes.count >= 4 else { return nil }
        // A helper that extends a known name: `SDKROOT_`, `OTHER_LDFLAGS_1`.
        for (index, byte) in bytes.enumerated() where byte == UInt8(ascii: "_") && index > 0 {
            if catalog.knownType(of: String(decoding: bytes[..<index], as: UTF8.self)) != nil { return nil }
        }
        // A case slip (`Swift_Version`), but not an upper-case user setting named like one of
        // Xcode's lower-case variables (`VALUE` for `value`): those are the user's own.
        if let known = byUppercase[name.uppercased()], !(name == name.uppercased() && known != known.uppercased()) { return known }
        if let remembered = nearMissMemo.withLock({ $0[name] }) { return remembered }
        let found = nearMiss(bytes)
        nearMissMemo.withLock { memo in
            if memo.count >= Self.nearMissMemoLimit { memo.removeAll() }
            memo[name] = .some(found)
        }
        return found
    }

    /// The known name within one or two edits of `bytes` (by its length), the nearest first.
    private func nearMiss(_ bytes: [UInt8]) -> String? {
        let limit = bytes.count < 10 ? 1 : 2
        let histogram = Self.histogram(bytes)
        var best: (name: [UInt8], distance: Int)? = nil
        for length in (bytes.count - limit)...(bytes.count + limit) {
            for candidate in byLength[length] ?? [] {
                var difference = 0
                for bucket in 0..<Self.buckets {
                    let a = Int(histogram[bucket]), b = Int(candidate.histogram[bucket])
                    difference += a > b ? a - b : b - a
                }
                if difference > 2 * limit { continue }
                let distance = NearMiss.distance(bytes, candidate.name, limit: limit)
                if distance <= limit, distance < (best?.distance ?? .max), !NearMiss.differsInAWholeWord(bytes, candidate.name) {
                    best = (candidate.name, distance)
                }
            }
        }
        return best.map { String(decoding: $0.name, as: UTF8.self) }
    }
}
