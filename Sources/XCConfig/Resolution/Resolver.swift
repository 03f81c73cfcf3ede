import XCConfigSyntax

/// Evaluates build settings over a stack of levels in one context, exactly as Xcode's build
/// system does, and says where every value came from.
///
/// Every assignment from every level is pushed onto its setting's chain, lowest level first
/// and in file order within a file, so the newest matching assignment wins regardless of how
/// specific its conditions are (semantics §4.1). `$(inherited)` and a setting's reference to
/// itself reach the next matching assignment down the chain; every other reference is
/// late-bound against the whole stack (semantics §4.3).
///
/// A resolver caches what it evaluates; it is not safe to use from several threads at once.
///
/// Its mutable state is marked `@exclusivity(unchecked)`: evaluation touches it thousands of
/// times per setting, and the dynamic exclusivity check of a class property cost more than a
/// tenth of evaluating a file. No evaluation holds an access to one of these properties while
/// it calls anything that could modify the same property, which is what the check enforces.
public final class Resolver {
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

    /// The levels, lowest precedence first.
    public let levels: [Level]
    /// The context the conditions are matched against.
    public let context: EvaluationContext
    /// The catalogue that types built-in settings.
    public let catalog: BuildSettingsCatalog
    /// The bounds of evaluation.
    public let options: Options

    struct Record {
        let nameID: Int
        let conditions: [ConditionSpec]
        let value: String
        let levelIndex: Int
        let file: String?
        let location: SourceLocation?
        let keyPath: String?
        var matches: Bool
    }

    @exclusivity(unchecked) var records: [Record] = []
    @exclusivity(unchecked) var expressions: [Expression?] = []
    @exclusivity(unchecked) var nameIDs = NameTable()
    @exclusivity(unchecked) var names: [String] = []
    /// Every record of a setting, in push order (oldest first).
    @exclusivity(unchecked) var chains: [[Int]] = []
    /// The records of a setting that match the context, in push order.
    @exclusivity(unchecked) var matching: [[Int]] = []
    @exclusivity(unchecked) var settingsDiagnostics: [Diagnostic] = []

    /// Creates a resolver over `levels` (lowest precedence first) in `context`.
    public init(levels: [Level], context: EvaluationContext, catalog: BuildSettingsCatalog = .shared, options: Options = Options()) {
        self.levels = levels
        self.context = context
        self.catalog = catalog
        self.options = options
        for (levelIndex, level) in levels.enumerated() {
            let start = records.count
            switch level.source {
            case .configuration(let loaded):
                // `name` and `value` are decoded from the input on each read: read them once.
                // Conditions are converted only when there are any.
                let assignments = loaded.assignments
                records.reserveCapacity(records.count + assignments.count)
                for index in assignments.indices {
                    let conditions = assignments[index].assignment.conditions
                    append(Record(
                        nameID: intern(assignments[index].assignment.name),
                        conditions: conditions.isEmpty ? [] : conditions.map { ConditionSpec(parameter: $0.parameter, pattern: $0.pattern) },
                        value: assignments[index].assignment.value,
                        levelIndex: levelIndex,
                        file: loaded.files[assignments[index].fileIndex].path,
                        location: assignments[index].assignment.nameRange.start,
                        keyPath: nil,
                        matches: false))
                }
            case .dictionary(let entries):
                // Dictionaries are applied in ascending key order, so `FOO[...]` beats `FOO`
                // (semantics §4.1).
                let sorted = entries.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
                for entry in sorted {
                    guard let (name, conditions) = parseSettingKey(entry.key) else {
                        settingsDiagnostics.append(Diagnostic(
                            severity: .error,
                            message: "'\(entry.key)' is not a setting name with optional [condition=pattern] suffixes",
                            file: entry.origin?.file,
                            location: entry.origin?.line.map { SourceLocation(line: $0, column: 1) }))
                        continue
                    }
                    append(Record(
                        nameID: intern(name),
                        conditions: conditions,
                        value: entry.value,
                        levelIndex: levelIndex,
                        file: entry.origin?.file,
                        location: entry.origin?.line.map { SourceLocation(line: $0, column: 1) },
                        keyPath: entry.origin?.keyPath,
                        matches: false))
                }
            }
            bindConditions(levelIndex: levelIndex, records: start..<records.count)
        }
        matching = Array(repeating: [], count: names.count)
        for (index, record) in records.enumerated() where record.matches {
            matching[record.nameID].append(index)
        }
        expressions = Array(repeating: nil, count: records.count)
        programs = Array(repeating: nil, count: records.count)
        settingTypes = Array(repeating: nil, count: names.count)
        cache = Array(repeating: nil, count: records.count)
        activeCount = ActiveCounts(count: names.count)
    }

    private func intern(_ name: String) -> Int {
        let (id, isNew) = nameIDs.intern(name)
        if isNew {
            names.append(name)
            chains.append([])
        }
        return id
    }

    private func append(_ record: Record) {
        records.append(record)
        chains[record.nameID].append(records.count - 1)
    }

    /// Decides which of one level's records match the context.
    ///
    /// SDK conditions are bound per setting before the level is pushed: the first SDK name (the
    /// canonical one, then the fallbacks) that matches any of the setting's `sdk` patterns is
    /// chosen, and only that name is matched afterwards (semantics §4.2).
    private func bindConditions(levelIndex: Int, records range: Range<Int>) {
        var chosenSDK: [Int: String?] = [:]
        let sdkNames = context.sdks
        if sdkNames.count > 1 {
            var patternsByName: [Int: [String]] = [:]
            for index in range where !records[index].conditions.isEmpty {
                for condition in records[index].conditions where condition.parameter == "sdk" {
                    patternsByName[records[index].nameID, default: []].append(condition.pattern)
                }
            }
            for (nameID, patterns) in patternsByName {
                let chosen = sdkNames.first { sdk in patterns.contains { PatternMatcher.matches($0, sdk) } }
                chosenSDK[nameID] = .some(chosen)
            }
        }
        for index in range {
            // Most assignments have no condition: they match, and nothing below applies.
            if records[index].conditions.isEmpty {
                records[index].matches = true
                continue
            }
            let nameID = records[index].nameID
            let conditions = records[index].conditions
            var matches = true
            for condition in conditions {
                if condition.parameter == "sdk", let chosen = chosenSDK[nameID] {
                    guard let chosen, PatternMatcher.matches(condition.pattern, chosen) else {
                        matches = false
                        break
                    }
                    continue
                }
                guard let values = contextValues(forParameter: condition.parameter) else {
                    // A parameter without a value matches only `*` (semantics §4.2).
                    if condition.pattern != "*" { matches = false; break }
                    continue
                }
                if !values.contains(where: { PatternMatcher.matches(condition.pattern, $0) }) {
                    matches = false
                    break
                }
            }
            if matches, names[nameID] == "SDKROOT", conditions.contains(where: { $0.parameter == "sdk" }) {
                // Xcode ignores SDKROOT[sdk=...] with a warning (semantics §2.4).
                matches = false
                let suffix = conditions.map { "[\($0.parameter)=\($0.pattern)]" }.joined()
                settingsDiagnostics.append(Diagnostic(
                    severity: .warning,
                    message: "SDK condition on SDKROOT is unsupported, so the SDKROOT\(suffix) assignment at the \(levels[levelIndex].kind.rawValue) level will be ignored.",
                    file: records[index].file, location: records[index].location))
            }
            records[index].matches = matches
        }
    }

    /// The context's values of the five parameters every configuration uses, looked up once:
    /// ``EvaluationContext/values(forParameter:)`` builds an array per call.
    private lazy var standardParameterValues: [[String]?] = ["config", "sdk", "arch", "variant", "target"].map {
        context.values(forParameter: $0)
    }

    private func contextValues(forParameter parameter: String) -> [String]? {
        switch parameter {
        case "config": standardParameterValues[0]
        case "sdk": standardParameterValues[1]
        case "arch": standardParameterValues[2]
        case "variant": standardParameterValues[3]
        case "target": standardParameterValues[4]
        default: context.values(forParameter: parameter)
        }
    }

    // MARK: Queries

    /// Settings-level diagnostics: ignored `SDKROOT[sdk=…]`, malformed dictionary keys, values
    /// over the size limit, evaluation too deep.
    public var diagnostics: [Diagnostic] { settingsDiagnostics }

    /// Every setting assigned at the given levels (all levels when `nil`), sorted by name in
    /// byte order.
    public func settingNames(at levelKinds: Set<LevelKind>? = nil) -> [String] {
        settingIDs(at: levelKinds).map { names[$0] }
    }

    /// The interned names of ``settingNames(at:)``, in the same order.
    func settingIDs(at levelKinds: Set<LevelKind>?) -> [Int] {
        let included = levels.map { levelKinds?.contains($0.kind) ?? true }
        var result: [Int] = []
        result.reserveCapacity(chains.count)
        for (id, chain) in chains.enumerated() where !chain.isEmpty {
            if levelKinds != nil, !chain.contains(where: { included[records[$0].levelIndex] }) { continue }
            result.append(id)
        }
        result.sort { Resolver.precedesInByteOrder(names[$0], names[$1]) }
        return result
    }

    /// `a < b` comparing UTF-8 bytes, without the generic sequence walk.
    static func precedesInByteOrder(_ a: String, _ b: String) -> Bool {
        let fast = a.utf8.withContiguousStorageIfAvailable { left in
            b.utf8.withContiguousStorageIfAvailable { right -> Bool in
                let common = min(left.count, right.count)
                var index = 0
                while index < common {
                    let l = left[index], r = right[index]
                    if l != r { return l < r }
                    index += 1
                }
                return left.count < right.count
            }
        }
        if let fast, let result = fast { return result }
        return a.utf8.lexicographicallyPrecedes(b.utf8)
    }

    /// `true` when some level assigns `name`, whether or not the assignment matches.
    public func isAssigned(_ name: String) -> Bool {
        guard let id = nameIDs[name] else { return false }
        return !chains[id].isEmpty
    }

    /// The value of `name` as `xcodebuild -showBuildSettings` prints it: the string form of the
    /// winning assignment's value; empty when no assignment matches.
    public func value(of name: String) -> String {
        guard let id = nameIDs[name], let top = matching[id].indices.last else { return "" }
        return evaluateTopLevel(nameID: id, position: top)
    }

    /// The assignment that supplies `name`'s value, if any matches.
    public func winner(of name: String) -> AssignmentInfo? {
        guard let id = nameIDs[name], let index = matching[id].last else { return nil }
        return info(index)
    }

    /// Every assignment of `name`, highest precedence first, matching or not.
    public func assignments(of name: String) -> [AssignmentInfo] {
        guard let id = nameIDs[name] else { return [] }
        return chains[id].reversed().map(info)
    }

    /// The winning assignment and its value for each setting, sorted by name.
    public func resolveAll(at levelKinds: Set<LevelKind>? = nil) -> [ResolvedSetting] {
        settingIDs(at: levelKinds).map(resolvedSetting)
    }

    /// The value and winning assignment of the interned setting `id`.
    func resolvedSetting(_ id: Int) -> ResolvedSetting {
        let winner = matching[id].last
        return ResolvedSetting(
            name: names[id],
            value: winner == nil ? "" : evaluateTopLevel(nameID: id, position: matching[id].count - 1),
            winner: winner.map(info))
    }

    func info(_ index: Int) -> AssignmentInfo {
        let record = records[index]
        return AssignmentInfo(
            name: names[record.nameID],
            level: levels[record.levelIndex].kind,
            file: record.file,
            location: record.location,
            keyPath: record.keyPath,
            conditions: record.conditions,
            rawValue: record.value,
            matchesContext: record.matches)
    }

    /// The type Xcode gives `name`.
    public func type(of name: String) -> SettingType { catalog.type(of: name) }

    // MARK: Evaluation state

    struct Frame {
        let nameID: Int
        /// Position in `matching[nameID]` of the assignment being evaluated.
        let position: Int
        /// Names this evaluation looked up that were being evaluated by no frame at the time:
        /// a cached result stays valid only where none of them is being evaluated.
        var freeNames = NameSet()
        /// The outermost frame whose assignment a lookup in this evaluation reached through
        /// the stack (a self-reference via other settings). A result that reached a frame
        /// outside itself depends on that frame and is not cached.
        var outermostReached = Int.max
    }

    struct CacheEntry {
        let value: Evaluated
        let freeNames: NameSet
    }

    /// A value's string form, and whether it produced anything: a reference to a value that
    /// produced nothing (an empty list, an unset path) is nothing to operators (semantics §3.5).
    struct Evaluated {
        var text: String
        var hasContent: Bool
    }

    @exclusivity(unchecked) var frames: [Frame] = []
    /// How many frames evaluate each setting, by interned name.
    @exclusivity(unchecked) var activeCount = ActiveCounts()
    /// Cached evaluations, by record.
    @exclusivity(unchecked) var cache: [CacheEntry?] = []
    /// Set when a bound was exceeded; evaluation then unwinds quickly with empty values.
    @exclusivity(unchecked) var aborted = false
    @exclusivity(unchecked) var abortReported: Set<Int> = []
    /// Names looked up that no level assigns and the catalogue does not know, when recording.
    @exclusivity(unchecked) var unresolvedNames: [String]? = nil
    /// When set, every evaluation is recorded for `explain`.
    @exclusivity(unchecked) var tracer: EvaluationTracer? = nil
    /// Extra names with fixed values, consulted before the stack (plist expansion).
    @exclusivity(unchecked) var extraBindings: [String: String] = [:]

    /// Compiled string forms, by record, compiled on first evaluation.
    @exclusivity(unchecked) var programs: [StringProgram?] = []
    @exclusivity(unchecked) var store = ProgramStore()
    /// Names referred to that no level assigns, and their catalogue types.
    @exclusivity(unchecked) var unassignedNames = NameTable()
    @exclusivity(unchecked) var unassignedTypes: [SettingType] = []
    /// The catalogue's types, by interned name, looked up on first use.
    @exclusivity(unchecked) var settingTypes: [SettingType?] = []
    /// The bytes of the values being evaluated, innermost last.
    @exclusivity(unchecked) var scratch: [UInt8] = []

    func program(_ recordIndex: Int) -> StringProgram {
        if let program = programs[recordIndex] { return program }
        let semantics: ValueSemantics = settingType(records[recordIndex].nameID).usesListSemantics ? .list : .string
        let program = store.compile(records[recordIndex].value, semantics: semantics, nameIDs: nameIDs)
        programs[recordIndex] = program
        return program
    }

    /// Forgets every cached evaluation (bindings changed).
    func clearCache() {
        for index in cache.indices { cache[index] = nil }
    }

    func expression(_ recordIndex: Int) -> Expression {
        if let expression = expressions[recordIndex] { return expression }
        let record = records[recordIndex]
        let semantics: ValueSemantics = settingType(record.nameID).usesListSemantics ? .list : .string
        let expression = Expression(parsing: record.value, semantics: semantics)
        expressions[recordIndex] = expression
        return expression
    }

    func evaluateTopLevel(nameID: Int, position: Int) -> String {
        aborted = false
        let value = evaluateRecord(nameID: nameID, position: position)
        if aborted {
            aborted = false
            return ""
        }
        return value.text
    }

    /// The string form of assignment `position` of setting `nameID`, with the current frames.
    func evaluateRecord(nameID: Int, position: Int) -> Evaluated {
        if aborted { return Evaluated(text: "", hasContent: false) }
        let recordIndex = matching[nameID][position]
        if tracer == nil, let entry = cache[recordIndex], isValid(entry.freeNames) {
            mergeIntoParent(entry.freeNames)
            return entry.value
        }
        if frames.count >= options.maximumDepth {
            abort(nameID: nameID, message: "evaluation of '\(names[nameID])' nests deeper than \(options.maximumDepth) settings")
            return Evaluated(text: "", hasContent: false)
        }
        frames.append(Frame(nameID: nameID, position: position))
        activeCount[nameID, default: 0] += 1
        tracer?.enter(recordIndex: recordIndex)
        let value = evaluateProgram(program(recordIndex))
        tracer?.exit(value: value.text)
        activeCount[nameID]! -= 1
        let frame = frames.removeLast()
        if !aborted && frame.outermostReached >= frames.count {
            cache[recordIndex] = CacheEntry(value: value, freeNames: frame.freeNames)
        }
        mergeIntoParent(frame.freeNames)
        if !frames.isEmpty, frame.outermostReached < frames.count - 1 {
            frames[frames.count - 1].outermostReached = min(frames[frames.count - 1].outermostReached, frame.outermostReached)
        }
        return value
    }

    private func isValid(_ freeNames: NameSet) -> Bool {
        if frames.isEmpty || freeNames.isEmpty { return true }
        if freeNames.count < frames.count {
            return !freeNames.contains { activeCount[$0, default: 0] > 0 }
        }
        for frame in frames where freeNames.contains(frame.nameID) { return false }
        return true
    }

    private func mergeIntoParent(_ freeNames: NameSet) {
        guard !frames.isEmpty, !freeNames.isEmpty else { return }
        frames[frames.count - 1].freeNames.formUnion(freeNames)
    }

    private func abort(nameID: Int, message: String) {
        aborted = true
        let chain = frames.map { names[$0.nameID] }
        let root = frames.first?.nameID ?? nameID
        guard abortReported.insert(root).inserted else { return }
        let record = matching[root].last.map { records[$0] }
        var notes: [String] = []
        if !chain.isEmpty {
            var shown = chain.prefix(12).joined(separator: " -> ")
            if chain.count > 12 { shown += " -> … (\(chain.count) settings)" }
            notes.append("through " + shown)
        }
        settingsDiagnostics.append(Diagnostic(
            severity: .error, message: message, file: record?.file, location: record?.location,
            notes: notes, rule: "value-too-large"))
    }

    /// The string form of an expression (a name or an operand).
    func evaluateString(_ expression: Expression) -> String {
        evaluateValue(expression).text
    }

    /// The string form of an expression: raw text with each reference's string value.
    ///
    /// A value whose string form is empty counts as nothing when referenced: operators other
    /// than `default=` skip it (observed in the recorded cases; a value of only whitespace is
    /// still something).
    func evaluateValue(_ expression: Expression) -> Evaluated {
        if let literal = expression.literal {
            return Evaluated(text: literal, hasContent: !literal.isEmpty)
        }
        var output = ""
        for token in expression.tokens {
            if aborted { return Evaluated(text: "", hasContent: false) }
            switch token {
            case .text(let raw, _, _): output += raw
            case .space(let raw): output += raw
            case .reference(let reference, _):
                if let value = evaluateReference(reference) { output += value }
            }
            if output.utf8.count > options.maximumValueSize {
                abortValueTooLarge()
                return Evaluated(text: "", hasContent: false)
            }
        }
        return Evaluated(text: output, hasContent: !output.isEmpty)
    }

    private func abortValueTooLarge() {
        let name = frames.last.map { names[$0.nameID] } ?? "value"
        abort(nameID: frames.last?.nameID ?? 0, message: "the value of '\(name)' grows past \(options.maximumValueSize / (1024 * 1024)) MiB")
    }

    /// The string form of a compiled value.
    func evaluateProgram(_ program: StringProgram) -> Evaluated {
        if let literal = program.literal { return Evaluated(text: literal, hasContent: !literal.isEmpty) }
        return evaluatePieces(program.pieces)
    }

    /// The string form of compiled pieces: their text with each reference's string value, as
    /// ``evaluateValue(_:)`` computes it for an ``Expression``.
    func evaluatePieces(_ range: Range<Int32>) -> Evaluated {
        if range.count == 1, store.pieces[Int(range.lowerBound)].isReference {
            // A reference alone (`$(inherited)`, `$(OTHER)`): its value as it is, uncopied.
            if aborted { return Evaluated(text: "", hasContent: false) }
            let value = evaluateReference(compiled: Int(store.pieces[Int(range.lowerBound)].start)) ?? ""
            if value.utf8.count > options.maximumValueSize {
                abortValueTooLarge()
                return Evaluated(text: "", hasContent: false)
            }
            return Evaluated(text: value, hasContent: !value.isEmpty)
        }
        // Built on top of `scratch`; evaluations nested in a reference build above it and
        // shrink it back before returning.
        let mark = scratch.count
        defer { scratch.removeSubrange(mark...) }
        for index in range {
            if aborted { return Evaluated(text: "", hasContent: false) }
            let piece = store.pieces[Int(index)]
            if piece.isReference {
                if let value = evaluateReference(compiled: Int(piece.start)) { scratch.append(contentsOf: value.utf8) }
            } else {
                scratch.append(contentsOf: store.bytes(of: piece))
            }
            if scratch.count - mark > options.maximumValueSize {
                abortValueTooLarge()
                return Evaluated(text: "", hasContent: false)
            }
        }
        return Evaluated(text: String(decoding: scratch[mark...], as: UTF8.self), hasContent: scratch.count > mark)
    }

    /// A compiled reference evaluated as a string, operators applied; `nil` when it produced nothing.
    func evaluateReference(compiled index: Int) -> String? {
        let reference = store.references[index]
        var name: String? = nil
        let target: Target
        if reference.isOrdinarySetting, extraBindings.isEmpty {
            // An assigned setting's name, known when compiled: none of the special names apply.
            target = settingTarget(Int(reference.nameID))
        } else if reference.isOrdinarySetting {
            name = names[Int(reference.nameID)]
            target = self.target(of: name!, interned: Int(reference.nameID))
        } else if let literalName = reference.literalName {
            name = literalName
            target = self.target(of: literalName, interned: reference.nameID >= 0 ? Int(reference.nameID) : nil)
        } else {
            name = evaluatePieces(reference.name).text
            target = self.target(of: name!)
        }
        var value: String?
        switch lookup(target) {
        case .assigned(let found):
            value = found
        case .unset(let setting):
            if reference.isBare { return "$" + (name ?? names[Int(reference.nameID)]) }
            value = declaredStringValue(setting)
        }
        for index in reference.operators {
            let op = store.operators[Int(index)]
            value = applyOperator(op.name, hasOperand: op.operand != nil, to: value) { evaluatePieces(op.operand!).text }
        }
        return value
    }

    /// One reference evaluated as a string, operators applied; `nil` when it produced nothing.
    func evaluateReference(_ reference: Reference) -> String? {
        let name = evaluateString(reference.name)
        var value: String?
        switch lookup(target(of: name)) {
        case .assigned(let found):
            value = found
        case .unset(let setting):
            // An unresolved `$NAME` stays literally (semantics §3.4); a bracketed reference to
            // an unset string-typed setting is one empty element, to anything else nothing.
            if reference.form == .bare { return "$" + name }
            value = declaredStringValue(setting)
        }
        for op in reference.operators where !op.hasInvalidCharacter {
            value = applyOperator(op.name, hasOperand: op.operand != nil, to: value) { evaluateString(op.operand!) }
        }
        return value
    }

    /// Applies one operator to a reference's value; `operand` evaluates the operand, only when
    /// it is used.
    ///
    /// Operators apply to each element; a reference that produced no element at all (an
    /// unknown name, an unset list) stays empty, except that `default=` supplies one
    /// (semantics §3.6-3.7). An unset string-typed setting is one empty element.
    func applyOperator(_ name: String, hasOperand: Bool, to value: String?, operand: () -> String) -> String? {
        guard let current = value else {
            return name == "default" && hasOperand ? operand() : nil
        }
        return hasOperand ? Operators.replace(name, current, operand: operand()) : Operators.retrieve(name, current)
    }

    /// What a reference to a name reaches.
    enum LookupResult {
        /// No assignment matches (or the name is unknown); `setting` is the setting that was
        /// looked up (for `$(inherited)`, the one being evaluated).
        case unset(setting: String)
        /// An assignment was reached; its value, or `nil` when it produced nothing.
        case assigned(String?)
    }

    /// What a name reaches, before anything is evaluated.
    enum Target {
        case unset(setting: String)
        case bound(String)
        case record(nameID: Int, position: Int)
    }

    /// The assignment a reference to `name` reaches with the current frames (semantics §3.5).
    func target(of name: String) -> Target {
        target(of: name, interned: nameIDs[name])
    }

    /// ``target(of:)`` with the name's interned ID already looked up.
    func target(of name: String, interned: Int?) -> Target {
        if name.isEmpty { return .unset(setting: name) }
        if !extraBindings.isEmpty, let bound = extraBindings[name] { return .bound(bound) }
        if name == "inherited" || name == "value", let top = frames.last {
            return inherited(nameID: top.nameID, below: top.position)
        }
        guard let id = interned else {
            // Never assigned, so never being evaluated: no effect on cache validity.
            recordUnresolved(name)
            return .unset(setting: name)
        }
        return settingTarget(id)
    }

    /// What a reference to the assigned setting `id` reaches with the current frames.
    func settingTarget(_ id: Int) -> Target {
        if activeCount[id, default: 0] > 0, let frameIndex = frames.lastIndex(where: { $0.nameID == id }) {
            // A setting referring to itself (directly or through others) means inherited.
            if frameIndex != frames.count - 1 {
                frames[frames.count - 1].outermostReached = min(frames[frames.count - 1].outermostReached, frameIndex)
            }
            return inherited(nameID: id, below: frames[frameIndex].position)
        }
        if !frames.isEmpty { frames[frames.count - 1].freeNames.insert(id) }
        guard let top = matching[id].indices.last else {
            if chains[id].isEmpty { recordUnresolved(names[id]) }
            return .unset(setting: names[id])
        }
        return .record(nameID: id, position: top)
    }

    /// The string value a reference reaching `target` gets with the current frames.
    func lookup(_ target: Target) -> LookupResult {
        switch target {
        case .unset(let setting): return .unset(setting: setting)
        case .bound(let value): return .assigned(value)
        case .record(let nameID, let position):
            let value = evaluateRecord(nameID: nameID, position: position)
            return .assigned(value.hasContent ? value.text : nil)
        }
    }

    /// A declared but unset string-typed setting is an empty string, which still counts as
    /// an element; an unset list or unknown name is nothing (semantics §3.5).
    func declaredStringValue(_ name: String) -> String? {
        switch declaredType(of: name) {
        case .string, .boolean, .enum: return ""
        // Observed in the recorded cases: an unset path-typed setting is nothing.
        case .path, .stringList, .pathList, .userDefined: return nil
        }
    }

    /// The catalogue's type of any name, looked up once per name: unset names are asked for
    /// at every reference to them.
    func declaredType(of name: String) -> SettingType {
        if let id = nameIDs[name] { return settingType(id) }
        let (id, isNew) = unassignedNames.intern(name)
        if isNew { unassignedTypes.append(catalog.type(of: name)) }
        return unassignedTypes[id]
    }

    /// The catalogue's type of an interned setting, looked up once per setting.
    func settingType(_ id: Int) -> SettingType {
        if let type = settingTypes[id] { return type }
        let type = catalog.type(of: names[id])
        settingTypes[id] = type
        return type
    }

    /// The next matching assignment below `position`, if any.
    private func inherited(nameID: Int, below position: Int) -> Target {
        guard position > 0 else { return .unset(setting: names[nameID]) }
        return .record(nameID: nameID, position: position - 1)
    }

    private func recordUnresolved(_ name: String) {
        guard unresolvedNames != nil else { return }
        if !unresolvedNames!.contains(name) { unresolvedNames!.append(name) }
    }
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

/// Per-setting counters indexed by interned name: an array, read and written like a dictionary.
struct ActiveCounts {
    private var counts: [Int] = []

    init(count: Int = 0) { counts = Array(repeating: 0, count: count) }

    subscript(id: Int, default defaultValue: Int) -> Int {
        get { id < counts.count ? counts[id] : defaultValue }
        set { counts[id] = newValue }
    }

    subscript(id: Int) -> Int? {
        get { id < counts.count ? counts[id] : nil }
        set { counts[id] = newValue ?? 0 }
    }
}

/// A set of interned names: a short list while small, a bitset once larger, so that merging
/// what a child looked up into its parent stays cheap down a 20,000-long chain (a `Set<Int>`
/// made that quadratic in time and memory).
struct NameSet: Sendable {
    private static let listLimit = 16
    /// The first two members, held inline: most values refer to one or two other settings,
    /// and a set that never allocates keeps evaluating a value cheap.
    private var first: Int32 = -1
    private var second: Int32 = -1
    /// All members once there are more than two (`first` and `second` are then unused).
    private var list: [Int32] = []
    /// Used instead of `list` once it has words.
    private var words: [UInt64] = []
    private(set) var count = 0

    var isEmpty: Bool { count == 0 }

    /// Members are inline (`first`, `second`).
    private var isInline: Bool { list.isEmpty && words.isEmpty }

    func contains(_ id: Int) -> Bool {
        let member = Int32(truncatingIfNeeded: id)
        if isInline { return first == member || second == member }
        if words.isEmpty { return list.contains(member) }
        let word = id >> 6
        return word < words.count && words[word] & (1 << UInt64(id & 63)) != 0
    }

    /// `true` when some member satisfies `predicate`.
    func contains(where predicate: (Int) -> Bool) -> Bool {
        if isInline { return (first >= 0 && predicate(Int(first))) || (second >= 0 && predicate(Int(second))) }
        if words.isEmpty { return list.contains { predicate(Int($0)) } }
        for (index, word) in words.enumerated() where word != 0 {
            var bits = word
            while bits != 0 {
                if predicate(index << 6 | bits.trailingZeroBitCount) { return true }
                bits &= bits - 1
            }
        }
        return false
    }

    mutating func insert(_ id: Int) {
        let member = Int32(truncatingIfNeeded: id)
        if isInline {
            if first == member || second == member { return }
            switch count {
            case 0: first = member
            case 1: second = member
            default:
                list = [first, second, member]
                first = -1
                second = -1
            }
            count += 1
            return
        }
        if words.isEmpty {
            if list.contains(member) { return }
            if list.count < Self.listLimit {
                list.append(member)
                count += 1
                return
            }
            convertToWords()
        }
        let word = id >> 6
        if word >= words.count { words.append(contentsOf: repeatElement(0, count: word + 1 - words.count)) }
        let mask: UInt64 = 1 << UInt64(id & 63)
        if words[word] & mask == 0 {
            words[word] |= mask
            count += 1
        }
    }

    mutating func formUnion(_ other: NameSet) {
        if other.isEmpty { return }
        if other.isInline {
            insert(Int(other.first))
            if other.second >= 0 { insert(Int(other.second)) }
            return
        }
        if other.words.isEmpty {
            for id in other.list { insert(Int(id)) }
            return
        }
        if words.isEmpty { convertToWords() }
        if other.words.count > words.count {
            words.append(contentsOf: repeatElement(0, count: other.words.count - words.count))
        }
        var total = 0
        for index in words.indices {
            if index < other.words.count { words[index] |= other.words[index] }
            total += words[index].nonzeroBitCount
        }
        count = total
    }

    private mutating func convertToWords() {
        let members = isInline ? [first, second].filter { $0 >= 0 } : list
        list = []
        first = -1
        second = -1
        count = 0
        words = [0]
        for id in members { insert(Int(id)) }
    }
}
