import XCConfigSyntax

/// Every assignment of a stack pushed onto its setting's chain, with its conditions matched
/// against one context: what evaluation reads and never changes, in the spirit of swift-build's
/// `MacroValueAssignmentTable`.
///
/// Every assignment from every level is pushed onto its setting's chain, lowest level first
/// and in file order within a file, so the newest matching assignment wins regardless of how
/// specific its conditions are (semantics §4.1). `$(inherited)` and a setting's reference to
/// itself reach the next matching assignment down the chain (``Record/previousMatching``).
///
/// Built once by ``AssignmentTable/Builder`` and immutable afterwards (every stored property
/// is a `let`, and no method writes to a buffer), so one table serves every evaluation of a
/// resolver, on any thread.
final class AssignmentTable: @unchecked Sendable {
    /// One assignment pushed onto its setting's chain. Plain integers only: a table holds one
    /// per assignment of every level, and the name, value, file and conditions are read from
    /// the level where they stand (``LevelSources``) when asked for.
    struct Record {
        /// The interned setting name.
        var nameID: Int32
        var levelIndex: Int32
        /// Index of the assignment in its level's ``LevelSources/levelAssignments``, or of the
        /// entry in its level's ``LevelSources/levelEntries``.
        var item: Int32
        var hasConditions: Bool
        /// The setting's record pushed before this one; -1 for its first.
        var previous: Int32
        /// For a matching record, the setting's matching record pushed before it; -1 when none.
        /// `$(inherited)` in this record's value reaches that one.
        var previousMatching: Int32
        var matches: Bool
    }

    /// The levels, lowest precedence first.
    let levels: [Level]
    /// The context the conditions were matched against.
    let context: EvaluationContext
    /// The catalogue that types built-in settings.
    let catalog: BuildSettingsCatalog
    /// What each level assigns.
    let sources: LevelSources
    /// The records, in the order pushed.
    let records: FlatBuffer<Record>
    /// The setting names, interned; a name's ID indexes ``lastRecord`` and ``topMatching``.
    let nameIDs: NameTable
    /// Each setting's newest record (the top of its chain), by interned name.
    let lastRecord: FlatBuffer<Int32>
    /// Each setting's newest matching record, by interned name; -1 when none matches.
    let topMatching: FlatBuffer<Int32>
    /// What set-up found: ignored `SDKROOT[sdk=…]` assignments and malformed dictionary keys.
    let diagnostics: [Diagnostic]

    init(levels: [Level], context: EvaluationContext, catalog: BuildSettingsCatalog) {
        self.levels = levels
        self.context = context
        self.catalog = catalog
        let sources = LevelSources(levels: levels)
        self.sources = sources
        var setUp = Builder(sources: sources, context: context, levels: levels)
        setUp.pushLevels()
        records = setUp.records
        lastRecord = setUp.lastRecord
        topMatching = setUp.topMatching
        nameIDs = setUp.nameIDs
        diagnostics = setUp.diagnostics
    }

    /// How many names are interned.
    var nameCount: Int { nameIDs.count }

    /// The name with interned ID `id`, made anew (the table is shared, so it keeps no strings).
    func name(_ id: Int) -> String { nameIDs.name(id) }

    /// The records of setting `id`, newest first, matching or not.
    func chain(of id: Int) -> [Int] {
        var result: [Int] = []
        var index = Int(lastRecord[id])
        while index >= 0 {
            result.append(index)
            index = Int(records[index].previous)
        }
        return result
    }

    /// `true` when some record of setting `id`, matching or not, satisfies `predicate`.
    func anyRecord(of id: Int, where predicate: (Int) -> Bool) -> Bool {
        var index = Int(lastRecord[id])
        while index >= 0 {
            if predicate(index) { return true }
            index = Int(records[index].previous)
        }
        return false
    }

    /// The file record `index` is written in (or the file holding its dictionary entry).
    func file(ofRecord index: Int) -> String? { sources.file(of: records[index]) }

    /// Where record `index`'s setting name is written.
    func location(ofRecord index: Int) -> SourceLocation? { sources.location(of: records[index]) }

    /// The assignment record `index` stands for; `rawValue`, when given, is its value's text.
    func info(_ index: Int, rawValue knownRawValue: String? = nil) -> AssignmentInfo {
        let record = records[index]
        return AssignmentInfo(
            name: name(Int(record.nameID)),
            level: levels[Int(record.levelIndex)].kind,
            file: sources.file(of: record),
            location: sources.location(of: record),
            keyPath: sources.keyPath(of: record),
            conditions: sources.conditions(of: record),
            rawValue: knownRawValue ?? sources.rawValue(of: record),
            matchesContext: record.matches)
    }
}
