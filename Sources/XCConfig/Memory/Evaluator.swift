/// The mutable half of resolution, in the spirit of swift-build's `MacroEvaluationScope`:
/// evaluates the settings of one ``AssignmentTable`` and keeps what it evaluated (frames,
/// cached values, compiled programs, value bytes). A ``Resolver`` lends one to each query and
/// takes it back afterwards; an evaluator is used by one thread at a time.
///
/// Only its stored state is declared here; what it does is in `Resolution/Evaluation*.swift`.
///
/// Its mutable state is marked `@exclusivity(unchecked)`: evaluation touches it thousands of
/// times per setting, and the dynamic exclusivity check of a class property cost more than a
/// tenth of evaluating a file. The invariant that makes this sound, kept by every method of
/// the evaluator: no evaluation holds an access to one of these properties while it calls
/// anything that could modify the same property (a value is read into a local, or a buffer's
/// bytes are copied, before the next call that appends to it).
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
    @exclusivity(unchecked) var frames = FlatBuffer<Frame>()
    /// The free names of frames that looked up more than four, by frame depth; a slot is
    /// meaningful only while its frame has ``Frame/spilled`` set (and just after it is popped).
    @exclusivity(unchecked) var spilledFreeNames: [NameSet] = []
    /// How many frames evaluate each setting, by interned name.
    @exclusivity(unchecked) var activeCount = ActiveCounts()
    /// Cached evaluations, by record.
    @exclusivity(unchecked) var cache = FlatBuffer<CacheEntry?>()
    /// Free names of cached evaluations with more than four (``CacheEntry/overflow``).
    @exclusivity(unchecked) var cachedNameSets: [NameSet] = []
    /// The bytes of evaluated values (``ValueRange``), appended as they are produced.
    ///
    /// Bytes below ``committedValues`` may be referred to by a cache entry; bytes above it
    /// were produced by an evaluation still in progress or already consumed, and an
    /// evaluation that has used a reference's value drops what the reference appended above
    /// both its own starting point and ``committedValues``, so that values evaluated again and
    /// again (not cacheable) do not pile up. A value is built in place at the top
    /// (``evaluatePieces(_:)``); when a reference in it caches a value, the part built before
    /// stays below that value, like the cached value itself, until the cache is cleared.
    @exclusivity(unchecked) var values = ByteBuffer()
    @exclusivity(unchecked) var committedValues = 0
    /// The bytes of the values being evaluated, innermost last, once they cannot be built in place.
    @exclusivity(unchecked) var scratch = ByteBuffer()
    /// Set when a bound was exceeded; evaluation then unwinds quickly with empty values.
    @exclusivity(unchecked) var aborted = false
    /// The settings whose evaluation gave up and was reported, by interned name.
    @exclusivity(unchecked) var abortReported: Set<Int> = []
    /// What evaluation found: values over the size limit, evaluation too deep.
    @exclusivity(unchecked) var diagnostics: [Diagnostic] = []
    /// Names looked up that no level assigns and the catalogue does not know, when recording.
    @exclusivity(unchecked) var unresolvedNames: [String]? = nil
    /// When set, every evaluation is recorded for `explain`.
    @exclusivity(unchecked) var tracer: EvaluationTracer? = nil {
        didSet { readsCacheInPlace = tracer == nil && extraBindings.isEmpty }
    }
    /// Extra names with fixed values, consulted before the stack (plist expansion).
    @exclusivity(unchecked) var extraBindings: [String: String] = [:] {
        didSet { readsCacheInPlace = tracer == nil && extraBindings.isEmpty }
    }
    /// Neither ``tracer`` nor ``extraBindings`` is set: ``evaluatePieces(_:)`` may read a
    /// reference to an assigned setting from the cache by its ID.
    @exclusivity(unchecked) private(set) var readsCacheInPlace = true
    /// Compiled string forms, by record, compiled on first evaluation.
    @exclusivity(unchecked) var programs = FlatBuffer<StringProgram?>()
    @exclusivity(unchecked) var store = ProgramStore()
    /// List forms (``ProgramStore/compileListForm(_:nameIDs:)``), by record, compiled on first use.
    @exclusivity(unchecked) var listForms: [Range<Int32>?] = []
    /// The catalogue types of names no level assigns, by their ID in
    /// ``ProgramStore/unassignedNames``; looked up on first use.
    @exclusivity(unchecked) var unassignedTypes: [SettingType?] = []
    /// The catalogue's types, by interned name, looked up on first use.
    @exclusivity(unchecked) var settingTypes = FlatBuffer<SettingType?>()
    /// The block the buffers above borrow their first room from; outlives them (a `let`).
    private let arena: Arena

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
        var layout = BlockLayout()
        let programsAt = layout.add(StringProgram?.self, count: recordCount)
        let settingTypesAt = layout.add(SettingType?.self, count: nameCount)
        let cacheAt = layout.add(CacheEntry?.self, count: recordCount)
        let activeCountAt = layout.add(Int.self, count: nameCount)
        let valuesAt = layout.add(UInt8.self, count: valuesRoom)
        let textAt = layout.add(UInt8.self, count: textRoom)
        let piecesAt = layout.add(ProgramPiece.self, count: piecesRoom)
        let framesAt = layout.add(Frame.self, count: framesRoom)
        let referencesAt = layout.add(CompiledReference.self, count: referencesRoom)
        let operatorsAt = layout.add(CompiledOperator.self, count: operatorsRoom)
        let pendingPiecesAt = layout.add(ProgramPiece.self, count: pendingPiecesRoom)
        let arena = Arena(layout)
        self.arena = arena
        programs = FlatBuffer(repeating: nil, count: recordCount, lending: arena.room(at: programsAt), capacity: recordCount)
        settingTypes = FlatBuffer(repeating: nil, count: nameCount, lending: arena.room(at: settingTypesAt), capacity: nameCount)
        cache = FlatBuffer(repeating: nil, count: recordCount, lending: arena.room(at: cacheAt), capacity: recordCount)
        activeCount = ActiveCounts(count: nameCount, lending: arena.room(at: activeCountAt))
        values = ByteBuffer(lending: arena.room(at: valuesAt), capacity: valuesRoom)
        frames = FlatBuffer(lending: arena.room(at: framesAt), capacity: framesRoom)
        store.text = ByteBuffer(lending: arena.room(at: textAt), capacity: textRoom)
        store.pieces = FlatBuffer(lending: arena.room(at: piecesAt), capacity: piecesRoom)
        store.references = FlatBuffer(lending: arena.room(at: referencesAt), capacity: referencesRoom)
        store.operators = FlatBuffer(lending: arena.room(at: operatorsAt), capacity: operatorsRoom)
        store.pendingPieces = FlatBuffer(lending: arena.room(at: pendingPiecesAt), capacity: pendingPiecesRoom)
    }
}
