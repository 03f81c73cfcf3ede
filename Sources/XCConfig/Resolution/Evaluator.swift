/// The mutable half of resolution, in the spirit of swift-build's `MacroEvaluationScope`:
/// evaluates the settings of one ``AssignmentTable`` and keeps what it evaluated (frames,
/// cached values, compiled programs, value bytes). A ``Resolver`` lends one to each query and
/// takes it back afterwards; an evaluator is used by one thread at a time.
///
/// Only its stored state is declared here; what it does is in `Resolution/Evaluation*.swift`.
final class Evaluator {
    /// The table evaluated; shared with other evaluators, never written.
    let table: AssignmentTable
    /// The bounds of evaluation.
    let options: Resolver.Options
    /// The table's records and chains' tops, kept where reading them costs one load: views of
    /// the table's buffers, which never change and live as long as the table.
    let records: UnsafeBufferPointer<AssignmentTable.Record>
    let topMatching: UnsafeBufferPointer<Int32>
    let nameIDs: NameTable

    /// The settings being evaluated, innermost last.
    var frames = FlatBuffer<Frame>()
    /// The free names of frames that looked up more than four, by frame depth; a slot is
    /// meaningful only while its frame has ``Frame/spilled`` set (and just after it is popped).
    var spilledFreeNames: [NameSet] = []
    /// How many frames evaluate each setting, by interned name.
    var activeCount: [Int] = []
    /// Cached evaluations, by record.
    var cache = FlatBuffer<CacheEntry?>()
    /// Free names of cached evaluations with more than four (``CacheEntry/overflow``).
    var cachedNameSets: [NameSet] = []
    /// The bytes of evaluated values (``ValueRange``), appended as they are produced.
    ///
    /// Bytes below ``committedValues`` may be referred to by a cache entry; bytes above it
    /// were produced by an evaluation still in progress or already consumed, and an
    /// evaluation that has used a reference's value drops what the reference appended above
    /// both its own starting point and ``committedValues``, so that values evaluated again and
    /// again (not cacheable) do not pile up. A value is built in place at the top
    /// (``evaluatePieces(_:)``); when a reference in it caches a value, the part built before
    /// stays below that value, like the cached value itself, until the cache is cleared.
    var values = ByteBuffer()
    var committedValues = 0
    /// The bytes of the values being evaluated, innermost last, once they cannot be built in place.
    var scratch = ByteBuffer()
    /// Set when a bound was exceeded; evaluation then unwinds quickly with empty values.
    var aborted = false
    /// The settings whose evaluation gave up and was reported, by interned name.
    var abortReported: Set<Int> = []
    /// What evaluation found: values over the size limit, evaluation too deep.
    var diagnostics: [Diagnostic] = []
    /// Names looked up that no level assigns and the catalogue does not know, when recording.
    var unresolvedNames: [String]? = nil
    /// When set, every evaluation is recorded for `explain`.
    var tracer: EvaluationTracer? = nil {
        didSet { readsCacheInPlace = tracer == nil && extraBindings.isEmpty }
    }
    /// Extra names with fixed values, consulted before the stack (plist expansion).
    var extraBindings: [String: String] = [:] {
        didSet { readsCacheInPlace = tracer == nil && extraBindings.isEmpty }
    }
    /// Neither ``tracer`` nor ``extraBindings`` is set: ``evaluatePieces(_:)`` may read a
    /// reference to an assigned setting from the cache by its ID.
    private(set) var readsCacheInPlace = true
    /// Compiled string forms, by record, compiled on first evaluation.
    var programs = FlatBuffer<StringProgram?>()
    var store = ProgramStore()
    /// List forms (``ProgramStore/compileListForm(_:nameIDs:)``), by record, compiled on first use.
    var listForms: [Range<Int32>?] = []
    /// The catalogue types of names no level assigns, by their ID in
    /// ``ProgramStore/unassignedNames``; looked up on first use.
    var unassignedTypes: [SettingType?] = []
    /// The catalogue's types, by interned name, looked up on first use.
    var settingTypes = FlatBuffer<SettingType?>()

    init(table: AssignmentTable, options: Resolver.Options) {
        self.table = table
        self.options = options
        records = table.records.all
        topMatching = table.topMatching.all
        nameIDs = table.nameIDs
        let recordCount = table.records.count, nameCount = table.nameCount
        // Room for what a file of this size uses: about 32 bytes of evaluated value per
        // record, and for its compiled values' text and pieces, a few dozen levels of nesting,
        // about two references and half an operator per value. Each grows past it as needed.
        let valuesRoom = min(max(recordCount &* 32, 1024), 1 << 16)
        let textRoom = min(max(recordCount &* 24, 256), 1 << 16)
        let piecesRoom = min(max(recordCount &* 4, 256), 1 << 14)
        let framesRoom = 64, pendingPiecesRoom = 64
        let referencesRoom = max(recordCount &* 2, 64), operatorsRoom = max(recordCount / 2, 64)
        programs = FlatBuffer(repeating: nil, count: recordCount)
        settingTypes = FlatBuffer(repeating: nil, count: nameCount)
        cache = FlatBuffer(repeating: nil, count: recordCount)
        activeCount = Array(repeating: 0, count: nameCount)
        values.reserveCapacity(valuesRoom)
        frames.reserveCapacity(framesRoom)
        store.text.reserveCapacity(textRoom)
        store.pieces.reserveCapacity(piecesRoom)
        store.references.reserveCapacity(referencesRoom)
        store.operators.reserveCapacity(operatorsRoom)
        store.pendingPieces.reserveCapacity(pendingPiecesRoom)
    }
}
