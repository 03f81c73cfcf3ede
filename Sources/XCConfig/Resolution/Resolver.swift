import XCConfigSyntax

/// Evaluates build settings over a stack of levels in one context, exactly as Xcode's build
/// system does, and says where every value came from.
///
/// A resolver is built once from its levels and context (an ``AssignmentTable``, never changed
/// afterwards) and answers queries from any number of threads or tasks at once: each query
/// borrows an evaluator of its own, which keeps what it evaluated for the next query.
///
/// ```swift
/// let resolver = Resolver(levels: stack.levels, context: context)
/// resolver.value(of: "PRODUCT_BUNDLE_IDENTIFIER")   // "com.example.app"
/// resolver.winner(of: "PRODUCT_BUNDLE_IDENTIFIER")  // the assignment that supplied it
/// ```
public final class Resolver: Sendable {
    /// Options bounding evaluation.
    public struct Options: Sendable {
        /// The most settings one evaluation may nest (each `$(NAME)` inside another's value is
        /// one level). Deep chains recurse, so the caller needs a stack to match; the command
        /// line runs on a 512 MiB stack.
        public var maximumDepth: Int
        /// The largest value, in bytes, an evaluation may produce.
        public var maximumValueSize: Int

        public init(maximumDepth: Int = 2_000, maximumValueSize: Int = Limits.maximumValueSize) {
            self.maximumDepth = maximumDepth
            self.maximumValueSize = maximumValueSize
        }
    }

    /// The bounds of evaluation.
    public let options: Options
    /// The assignments, matched against the context.
    let table: AssignmentTable
    private let evaluators: EvaluatorPool

    /// Creates a resolver over `levels` (lowest precedence first) in `context`.
    public init(levels: [Level], context: EvaluationContext, catalog: BuildSettingsCatalog = .shared, options: Options = Options()) {
        self.options = options
        table = AssignmentTable(levels: levels, context: context, catalog: catalog)
        evaluators = EvaluatorPool(table: table, options: options)
    }

    /// The levels, lowest precedence first.
    public var levels: [Level] { table.levels }
    /// The context the conditions are matched against.
    public var context: EvaluationContext { table.context }
    /// The catalogue that types built-in settings.
    public var catalog: BuildSettingsCatalog { table.catalog }

    /// Settings-level diagnostics: ignored `SDKROOT[sdk=…]`, malformed dictionary keys, and,
    /// from the queries made so far, values over the size limit and evaluation too deep.
    public var diagnostics: [Diagnostic] { table.diagnostics + evaluators.diagnostics }

    /// Runs `body` with an evaluator no other query uses meanwhile.
    func withEvaluator<R>(_ body: (Evaluator) -> R) -> R { evaluators.withEvaluator(body) }

    // MARK: Queries

    /// Every setting `filter` includes (by default, every setting of every level), sorted by
    /// name in byte order.
    public func settingNames(at filter: LevelFilter = .all) -> [String] {
        table.settingIDs(filter).map(table.name)
    }

    /// `true` when some level assigns `name`, whether or not the assignment matches.
    public func isAssigned(_ name: String) -> Bool {
        guard let id = table.nameIDs[name] else { return false }
        return table.lastRecord[id] >= 0
    }

    /// The value of `name` as `xcodebuild -showBuildSettings` prints it: the string form of the
    /// winning assignment's value; empty when no assignment matches.
    public func value(of name: String) -> String {
        guard let id = table.nameIDs[name], table.topMatching[id] >= 0 else { return "" }
        return withEvaluator { $0.evaluateTopLevel(nameID: id, record: Int(table.topMatching[id])) }
    }

    /// The assignment that supplies `name`'s value, if any matches.
    public func winner(of name: String) -> AssignmentInfo? {
        guard let id = table.nameIDs[name], table.topMatching[id] >= 0 else { return nil }
        return table.info(Int(table.topMatching[id]))
    }

    /// Every assignment of `name`, highest precedence first, matching or not.
    public func assignments(of name: String) -> [AssignmentInfo] {
        guard let id = table.nameIDs[name] else { return [] }
        return table.chain(of: id).map { table.info($0) }
    }

    /// The winning assignment and its value for each setting `filter` includes (by default,
    /// every setting of every level), sorted by name.
    public func resolveAll(at filter: LevelFilter = .all) -> [ResolvedSetting] {
        let ids = table.settingIDs(filter)
        return withEvaluator { evaluator in ids.map(evaluator.resolvedSetting) }
    }

    /// Calls `body` with the name and the value (UTF-8) of each setting ``resolveAll(at:)``
    /// lists, in the same order, without making an ``AssignmentInfo`` and strings per
    /// setting: for output that shows no provenance (building those cost a third of resolving
    /// a file). The bytes are valid only during the call.
    package func forEachValue(at filter: LevelFilter = .all, _ body: (_ name: UnsafeBufferPointer<UInt8>, _ value: UnsafeBufferPointer<UInt8>) -> Void) {
        let ids = table.settingIDs(filter)
        withEvaluator { $0.forEachValue(of: ids, body) }
    }

    /// The type Xcode gives `name`.
    public func type(of name: String) -> SettingType { table.catalog.type(of: name) }
}

/// A setting's resolved value and the assignment that supplied it.
public struct ResolvedSetting: Sendable, Hashable {
    /// The setting.
    public var name: String
    /// Its value's string form.
    public var value: String
    /// The winning assignment; `nil` when none matches (the value is then empty).
    public var winner: AssignmentInfo?
}

extension Evaluator {
    /// Calls `body` with the name and value bytes of each setting in `ids`, in order.
    func forEachValue(of ids: [Int], _ body: (_ name: UnsafeBufferPointer<UInt8>, _ value: UnsafeBufferPointer<UInt8>) -> Void) {
        for id in ids {
            let winner = Int(topMatching[id])
            nameIDs.withBytes(ofID: id) { name in
                guard winner >= 0 else { return body(name, UnsafeBufferPointer(start: nil, count: 0)) }
                withTopLevelValue(nameID: id, record: winner) { body(name, $0) }
            }
        }
    }

    /// The value and winning assignment of the interned setting `id`.
    func resolvedSetting(_ id: Int) -> ResolvedSetting {
        let winner = Int(topMatching[id])
        guard winner >= 0 else { return ResolvedSetting(name: table.name(id), value: "", winner: nil) }
        let value = evaluateTopLevel(nameID: id, record: winner)
        // A value without `$` is its raw text: one string for both (evaluation that gave up
        // gives an empty value, told apart by its length).
        var shared: String? = nil
        if let program = programs[winner], program.isVerbatim, value.utf8.count == Int(program.literalLength) { shared = value }
        return ResolvedSetting(name: table.name(id), value: value, winner: table.info(winner, rawValue: shared))
    }
}
