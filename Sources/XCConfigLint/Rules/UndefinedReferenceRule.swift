import XCConfig
import XCConfigSyntax

/// `undefined-reference`: a reference to a setting that is assigned nowhere.
///
/// Xcode resolves `$(NAME)` for an unknown NAME to nothing and keeps `$NAME` literally
/// (semantics §3.5), without a word, so a typo in a reference empties part of a value. The rule
/// reports names that no linted file assigns, that the build system does not know (the
/// catalogue, which includes the settings it provides, such as `SRCROOT`), that are not common
/// environment variables, and that have no `:default=`. A root whose includes are not all
/// found (a missing generated or per-developer file could define anything) is not checked.
/// A malformed reference is `malformed-reference`'s alone.
///
/// Precision over count: a project file, the environment or Apple's build environment (`RC_*`)
/// may define names no xcconfig assigns, so a reference is reported only when it is a near miss
/// of a name that is assigned or known (a typo), and bare `$NAME`, which Xcode keeps as text
/// when undefined (`$ORIGIN`), is left alone.
struct UndefinedReferenceRule: LintRule {
    static let description = RuleDescription(
        identifier: "undefined-reference",
        name: "Undefined reference",
        summary: "References to settings assigned nowhere.",
        rationale: "Xcode silently replaces a reference to an unknown setting with nothing, so a misspelt reference empties part of a value.",
        triggeringExamples: [
            RuleExample("PRODUCT_BUNDLE_IDENTIFIER = com.example.$(PRODUCT_NAME).↓$(BUNDLE_SUFIX)\nBUNDLE_SUFFIX = beta\n"),
            RuleExample("HEADER_SEARCH_PATHS = ↓$(SRC_ROOT)/include\n"),
            RuleExample("#include \"Base.xcconfig\"\nEXTRA_LDFLAGS = -lz\n", files: ["Base.xcconfig": "OTHER_LDFLAGS = ↓$(EXTRA_LDFLAG)\n"]),
        ],
        nonTriggeringExamples: [
            RuleExample("PRODUCT_BUNDLE_IDENTIFIER = com.example.$(PRODUCT_NAME:rfc1034identifier).$(BUNDLE_SUFFIX)\nBUNDLE_SUFFIX = beta\n"),
            RuleExample("OTHER_LDFLAGS = $(inherited) $(EXTRA_LDFLAGS:default=-ObjC)\n"),
            RuleExample("HEADER_SEARCH_PATHS = $(SRCROOT)/include $(HOME)/include\n"),
            RuleExample("OTHER_LDFLAGS = $(EXTRA_LDFLAGS)\n#include? \"Local.xcconfig\"\n"),
            RuleExample("FLAGS = $(FLAGS_$(CONFIGURATION))\nFLAGS_Debug = -DDEBUG\n"),
            RuleExample("PRICE = $$(NOT_A_REFERENCE) $1\n"),
            RuleExample("LD_RUNPATH_SEARCH_PATHS = $ORIGIN/lib $(RC_ProjectSourceVersion)\n"),
        ]
    )

    /// Process environment variables Xcode turns into settings (semantics §4.4), commonly referenced.
    static let environmentNames: Set<String> = [
        "HOME", "USER", "LOGNAME", "PATH", "SHELL", "TMPDIR", "PWD", "LANG", "inherited", "value",
    ]

    func checkAll(in context: LintContext) -> [Finding] {
        // Roots with unresolved includes (optional ones too) may get any name from them.
        var incomplete = Set<String>()
        var complete = Set<String>()
        for root in context.roots {
            guard let load = context.loads[root] else { continue }
            let files = load.files.compactMap(\.path)
            if load.includes.contains(where: { $0.outcome != .included && $0.outcome != .cycle }) {
                incomplete.formUnion(files)
            } else {
                complete.formUnion(files)
            }
        }
        var findings: [Finding] = []
        // Sorted only when some name needs a suggestion.
        var assignedSorted: [String]? = nil
        for path in context.orderedPaths where context.isReported(path) && complete.contains(path) && !incomplete.contains(path) {
            let file = context.files[path]!
            for (index, entry) in file.assignments.enumerated() {
                for reference in file.references[index] {
                    guard reference.form != .bare, let name = reference.literalName, !name.isEmpty,
                          !reference.isUnterminated,
                          !reference.operators.contains(where: { $0.name == "default" && $0.operand != nil }),
                          !context.assignedNames.contains(name),
                          context.catalog.knownType(of: name) == nil,
                          !Self.environmentNames.contains(name) else { continue }
                    // A malformed name (`$(FOO BAR)`, `${X)`) is malformed-reference's.
                    guard name.utf8.allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x41 && $0 <= 0x5A) || ($0 >= 0x61 && $0 <= 0x7A) || $0 == 0x5F || $0 == 0x2E }) else { continue }
                    if assignedSorted == nil { assignedSorted = context.assignedNames.sorted() }
                    guard let suggestion = NearMiss.closest(to: name, in: assignedSorted!) ?? NameIndex.shared.suggestion(for: name, catalog: context.catalog)
                    else { continue }
                    let message = "`\(Self.written(reference, name: name))` refers to \(name), which is assigned nowhere, so Xcode replaces it with nothing; did you mean \(suggestion)?"
                    findings.append(file.finding(
                        at: file.sourceOffset(ofValueOffset: reference.range.lowerBound, in: entry.assignment),
                        message, statement: entry.statement))
                }
            }
        }
        return findings
    }

    static func written(_ reference: Reference, name: String) -> String {
        switch reference.form {
        case .parentheses: "$(\(name))"
        case .braces: "${\(name)}"
        case .brackets: "$[\(name)]"
        case .bare: "$\(name)"
        }
    }
}
