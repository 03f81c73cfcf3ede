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

    /// One assignment pushed onto its setting's chain. Plain integers only: a resolver holds one
    /// per assignment of every level, and the name, value, file and conditions are read from
    /// the level where they stand (``levelAssignments``, ``levelEntries``) when asked for.
    struct Record {
        /// The interned setting name.
        var nameID: Int32
        var levelIndex: Int32
        /// Index of the assignment in its level's ``levelAssignments``, or of the entry in its
        /// level's ``levelEntries``.
        var item: Int32
        /// A dictionary entry's conditions: `conditionCount` of them from `conditionStart` in
        /// ``conditionSpecs``. An xcconfig assignment's are read where they are written
        /// (``forEachCondition(ofRecord:_:)``), and both are 0.
        var conditionStart: Int32
        var conditionCount: Int32
        var hasConditions: Bool
        /// The setting's record pushed before this one; -1 for its first.
        var previous: Int32
        /// For a matching record, the setting's matching record pushed before it; -1 when none.
        /// `$(inherited)` in this record's value reaches that one.
        var previousMatching: Int32
        var matches: Bool
    }

    /// Pointer-backed rather than arrays, like the other buffers of the resolver's hot path:
    /// an array write checks the array's uniqueness, and set-up writes each record, and each
    /// setting's top entries, several times.
    @exclusivity(unchecked) var records = FlatBuffer<Record>()
    /// The conditions of every conditional dictionary entry, each entry's contiguous.
    @exclusivity(unchecked) var conditionSpecs: [ConditionSpec] = []
    /// The assignments of each configuration level, as loaded (empty for dictionary levels).
    let levelAssignments: [LoadedConfiguration.Assignments]
    /// The first assignment of each level in ``levelAssignments``; `nil` where the level has
    /// none (a dictionary level, or a configuration without assignments). Evaluation and set-up
    /// read an assignment through this instead of `levelAssignments[level]`, which retained and
    /// released the level's array on every read.
    ///
    /// Sound because ``levelAssignments`` is a `let` the resolver holds for its whole lifetime:
    /// each level's assignments are never mutated, so their storage (a load's buffer, or an
    /// array of a struct type, which is always native, never a bridged `NSArray`) is never
    /// reallocated nor freed while the resolver lives, and `withUnsafeBufferPointer` hands out
    /// the address of that storage itself, not of a temporary copy.
    let levelAssignmentBases: UnsafeMutableBufferPointer<UnsafePointer<SourcedAssignment>?>
    /// ``sourcedAssignmentOffset``, kept where reading it costs one load.
    let assignmentOffset = Resolver.sourcedAssignmentOffset
    /// The files of each configuration level, for provenance.
    let levelFiles: [[ConfigurationFile]]
    /// The entries of each dictionary level with a well-formed key, in the order pushed, with
    /// the setting name of each key.
    let levelEntries: [[(name: String, entry: DictionaryEntry)]]
    @exclusivity(unchecked) var expressions: [Expression?] = []
    /// The setting names, interned.
    let nameIDs: NameTable
    /// The storage lent to the buffers whose room the record count decides (``records``,
    /// ``programs``, ``cache``, …), freed in `deinit` after them.
    ///
    /// One block rather than ten: each buffer of a few kilobytes is too large for `malloc`'s
    /// per-thread cache, and allocating and freeing it cost about 500 instructions.
    ///
    /// ``nameIDs`` keeps its slots and names here too: the table is never handed out, so it
    /// is done with when the resolver is (its `deinit`, which runs after the resolver's, frees
    /// only memory of its own).
    private let lentStorage: UnsafeMutablePointer<UInt8>
    /// Set-up only: room in ``lentStorage`` for ``bindConditions(levelIndex:records:)``'s
    /// choice of SDK per name (a name per record at most).
    private let chosenSDKRoom: UnsafeMutablePointer<Int>
    /// Room in ``lentStorage`` for the sort's keys and its merge (``sortedByName(_:count:)``),
    /// for as many names as records (names are interned in set-up only, one per record at
    /// most); more would be sorted in memory of their own.
    private let sortKeysRoom: UnsafeMutablePointer<SortKey>
    private let sortKeysRoomCapacity: Int
    /// Each setting's newest record (the top of its chain), by interned name.
    @exclusivity(unchecked) var lastRecord = FlatBuffer<Int32>()
    /// Each setting's newest matching record, by interned name; -1 when none matches.
    @exclusivity(unchecked) var topMatching = FlatBuffer<Int32>()
    @exclusivity(unchecked) var settingsDiagnostics: [Diagnostic] = []
    /// What the context binds each condition parameter to, as bytes.
    let conditionValues: ConditionValues
    /// Whether `sdk` conditions are bound per setting before each level is pushed (the context
    /// has an SDK name and fallbacks to choose from), rather than matched like the others.
    let bindsSDK: Bool
    /// Set-up only, freed when it ends: per record, what ``noteConditions(ofRecord:count:after:in:)``
    /// found (``conditionMismatch``, ``conditionOnSDK``), and with ``bindsSDK`` the `sdk` patterns
    /// of the level being pushed, each a range of `sdkPatternBytes`, in record order. Flat
    /// buffers: an array write checks uniqueness, and `Array.append(contentsOf:)` of a few bytes
    /// cost about 190 instructions.
    @exclusivity(unchecked) private var conditionFlags = FlatBuffer<UInt8>()
    @exclusivity(unchecked) private var sdkPatterns = FlatBuffer<(record: Int, start: Int, count: Int)>()
    @exclusivity(unchecked) private var sdkPatternBytes = ByteBuffer()
    /// Set-up only: what the context made of the last few distinct short conditions (at most
    /// ``conditionMemoLimit``), by their bytes. Files repeat a handful of conditions
    /// (`[config=Debug]`, `[arch=arm64]`) over and over; matching one against the context cost
    /// about 120 instructions where finding it here costs about 15.
    @exclusivity(unchecked) private var conditionMemo = FlatBuffer<ConditionMemoEntry>()
    private static var conditionMemoLimit: Int { 16 }
    private static var conditionMismatch: UInt8 { 1 }
    private static var conditionOnSDK: UInt8 { 2 }

    /// Creates a resolver over `levels` (lowest precedence first) in `context`.
    public init(levels: [Level], context: EvaluationContext, catalog: BuildSettingsCatalog = .shared, options: Options = Options()) {
        self.levels = levels
        self.context = context
        self.catalog = catalog
        self.options = options
        var levelAssignments: [LoadedConfiguration.Assignments] = []
        var levelFiles: [[ConfigurationFile]] = []
        var levelEntries: [[(name: String, entry: DictionaryEntry)]] = []
        // Malformed keys are reported with their level, in level order.
        var keyDiagnostics: [[Diagnostic]] = []
        // The conditions of each kept entry, as its key was parsed: parsed once.
        var entryConditions: [[[ConditionSpec]]] = []
        levelAssignments.reserveCapacity(levels.count)
        levelFiles.reserveCapacity(levels.count)
        levelEntries.reserveCapacity(levels.count)
        keyDiagnostics.reserveCapacity(levels.count)
        entryConditions.reserveCapacity(levels.count)
        for level in levels {
            var diagnostics: [Diagnostic] = []
            defer { keyDiagnostics.append(diagnostics) }
            switch level.source {
            case .configuration(let loaded):
                levelAssignments.append(loaded.assignments)
                levelFiles.append(loaded.files)
                levelEntries.append([])
                entryConditions.append([])
            case .dictionary(let entries):
                levelAssignments.append([])
                levelFiles.append([])
                // Dictionaries are applied in ascending key order, so `FOO[...]` beats `FOO`
                // (semantics §4.1).
                let sorted = entries.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
                var kept: [(name: String, entry: DictionaryEntry)] = []
                var keptConditions: [[ConditionSpec]] = []
                kept.reserveCapacity(sorted.count)
                keptConditions.reserveCapacity(sorted.count)
                for entry in sorted {
                    guard let (name, conditions) = parseSettingKey(entry.key) else {
                        diagnostics.append(Diagnostic(
                            severity: .error,
                            message: "'\(entry.key)' is not a setting name with optional [condition=pattern] suffixes",
                            file: entry.origin?.file,
                            location: entry.origin?.line.map { SourceLocation(line: $0, column: 1) }))
                        continue
                    }
                    kept.append((name, entry))
                    keptConditions.append(conditions)
                }
                levelEntries.append(kept)
                entryConditions.append(keptConditions)
            }
        }
        self.levelAssignments = levelAssignments
        levelAssignmentBases = UnsafeMutableBufferPointer(start: PlainMemory.allocate(UnsafePointer<SourcedAssignment>?.self, capacity: levels.count), count: levels.count)
        for levelIndex in levels.indices {
            levelAssignmentBases[levelIndex] = levelAssignments[levelIndex].isEmpty
                ? nil : levelAssignments[levelIndex].withUnsafeBufferPointer { UnsafePointer($0.baseAddress!) }
        }
        self.levelFiles = levelFiles
        self.levelEntries = levelEntries
        conditionValues = ConditionValues(context)
        // With one SDK name there is nothing to choose: `sdk` is matched like the others.
        bindsSDK = context.sdks.count > 1
        let recordCount = levelAssignments.reduce(0) { $0 + $1.count } + levelEntries.reduce(0) { $0 + $1.count }
        // Most settings are assigned once: room for as many names as records. There are never
        // more names than records, so the buffers by name have room for as many as records.
        var layout = BlockLayout()
        let nameRoom = NameTable.LentRoom(capacity: recordCount, in: &layout)
        // Room for about 32 bytes of evaluated value per record, up to 64 KB: from the
        // buffer's 256 bytes, evaluating resolve-bench's 260 records grew it five times (3K
        // of its 575K instructions). Past that it doubles as before. Likewise the compiled
        // values' text and pieces (from 256 each, compiling resolve-bench's values grew them
        // eight times: 2.5K of its 525K instructions).
        let valuesRoom = min(max(recordCount &* 32, 1024), 1 << 16)
        let textRoom = min(max(recordCount &* 24, 256), 1 << 16)
        let piecesRoom = min(max(recordCount &* 4, 256), 1 << 14)
        let recordsAt = layout.add(Record.self, count: recordCount)
        let lastRecordAt = layout.add(Int32.self, count: recordCount)
        let topMatchingAt = layout.add(Int32.self, count: recordCount)
        let programsAt = layout.add(StringProgram?.self, count: recordCount)
        let settingTypesAt = layout.add(SettingType?.self, count: recordCount)
        let cacheAt = layout.add(CacheEntry?.self, count: recordCount)
        let activeCountAt = layout.add(Int.self, count: recordCount)
        let valuesAt = layout.add(UInt8.self, count: valuesRoom)
        let textAt = layout.add(UInt8.self, count: textRoom)
        let piecesAt = layout.add(ProgramPiece.self, count: piecesRoom)
        // Buffers that grew from nothing to 256 values at their first append, several
        // kilobytes each: room for what a file of this size uses (set-up's for the whole
        // set-up, evaluation's for a few dozen levels of nesting and about two references and
        // half an operator per value), growing past it as before.
        let conditionFlagsAt = layout.add(UInt8.self, count: recordCount)
        let conditionMemoAt = layout.add(ConditionMemoEntry.self, count: Self.conditionMemoLimit)
        let sdkPatternsRoom = 64, sdkPatternBytesRoom = 256, framesRoom = 64, pendingPiecesRoom = 64
        let referencesRoom = max(recordCount &* 2, 64), operatorsRoom = max(recordCount / 2, 64)
        let sdkPatternsAt = layout.add((record: Int, start: Int, count: Int).self, count: sdkPatternsRoom)
        let sdkPatternBytesAt = layout.add(UInt8.self, count: sdkPatternBytesRoom)
        let framesAt = layout.add(Frame.self, count: framesRoom)
        let referencesAt = layout.add(CompiledReference.self, count: referencesRoom)
        let operatorsAt = layout.add(CompiledOperator.self, count: operatorsRoom)
        let pendingPiecesAt = layout.add(ProgramPiece.self, count: pendingPiecesRoom)
        let chosenSDKAt = layout.add(Int.self, count: recordCount)
        let sortKeysAt = layout.add(SortKey.self, count: 2 &* recordCount)
        lentStorage = PlainMemory.allocate(UInt8.self, capacity: layout.size)
        let block = UnsafeMutableRawPointer(lentStorage)
        nameIDs = NameTable(capacity: recordCount, lending: block, room: nameRoom)
        chosenSDKRoom = (block + chosenSDKAt).bindMemory(to: Int.self, capacity: recordCount)
        sortKeysRoom = (block + sortKeysAt).bindMemory(to: SortKey.self, capacity: 2 &* recordCount)
        sortKeysRoomCapacity = 2 &* recordCount
        records = FlatBuffer(lending: block + recordsAt, capacity: recordCount)
        lastRecord = FlatBuffer(lending: block + lastRecordAt, capacity: recordCount)
        topMatching = FlatBuffer(lending: block + topMatchingAt, capacity: recordCount)
        conditionFlags = FlatBuffer(lending: block + conditionFlagsAt, capacity: recordCount)
        conditionMemo = FlatBuffer(lending: block + conditionMemoAt, capacity: Self.conditionMemoLimit)
        sdkPatterns = FlatBuffer(lending: block + sdkPatternsAt, capacity: sdkPatternsRoom)
        sdkPatternBytes = ByteBuffer(lending: block + sdkPatternBytesAt, capacity: sdkPatternBytesRoom)
        frames = FlatBuffer(lending: block + framesAt, capacity: framesRoom)
        store.references = FlatBuffer(lending: block + referencesAt, capacity: referencesRoom)
        store.operators = FlatBuffer(lending: block + operatorsAt, capacity: operatorsRoom)
        store.pendingPieces = FlatBuffer(lending: block + pendingPiecesAt, capacity: pendingPiecesRoom)
        for levelIndex in levels.indices {
            settingsDiagnostics += keyDiagnostics[levelIndex]
            let start = records.count
            // Through a pointer to each element: a call on `assignments[item].assignment` copied
            // the whole element (retained and released its input) before calling.
            levelAssignments[levelIndex].withUnsafeBufferPointer { assignments in
                var item = 0
                while item < assignments.count {
                    // The assignments of one file read one input: it is opened once for the run,
                    // and each name is read as a range of it. Calling a method with a closure on
                    // each assignment copied the assignment around the call.
                    let identity = assignments[item].assignment.inputIdentity
                    item = assignments[item].assignment.withInputBytes { input in
                        var item = item
                        while item < assignments.count, assignments[item].assignment.inputIdentity == identity {
                            let assignment = assignments.baseAddress! + item
                            let nameID: Int
                            if let range = assignment.pointee.assignment.compactNameRange {
                                nameID = intern(UnsafeBufferPointer(rebasing: input[range]))
                            } else {
                                nameID = assignment.pointee.assignment.withNameBytes { intern($0) }
                            }
                            // Conditions stay where they are written (``forEachCondition(ofRecord:_:)``);
                            // they are matched here, where the input is open.
                            let hasConditions = assignment.pointee.assignment.hasConditions
                            push(nameID: nameID, levelIndex: levelIndex, item: item,
                                 conditionStart: 0, conditionCount: 0, hasConditions: hasConditions)
                            if hasConditions {
                                if let range = assignment.pointee.assignment.compactNameRange,
                                   let count = assignment.pointee.assignment.compactConditionCount {
                                    noteConditions(ofRecord: records.count - 1, count: count, after: range.upperBound, in: input)
                                } else {
                                    noteConditions(ofRecord: records.count - 1)
                                }
                            }
                            item += 1
                        }
                        return item
                    }
                }
            }
            for (item, kept) in levelEntries[levelIndex].enumerated() {
                let conditionStart = conditionSpecs.count
                let conditions = entryConditions[levelIndex][item]
                conditionSpecs.append(contentsOf: conditions)
                var name = kept.name
                let nameID = name.withUTF8 { intern($0) }
                push(nameID: nameID, levelIndex: levelIndex, item: item,
                     conditionStart: conditionStart, conditionCount: conditions.count, hasConditions: !conditions.isEmpty)
                if !conditions.isEmpty { noteConditions(ofRecord: records.count - 1) }
            }
            bindConditions(levelIndex: levelIndex, records: start..<records.count)
        }
        conditionFlags.deallocate()
        conditionMemo.deallocate()
        sdkPatterns.deallocate()
        sdkPatternBytes.deallocate()
        programs = FlatBuffer(repeating: nil, count: records.count, lending: block + programsAt, capacity: recordCount)
        settingTypes = FlatBuffer(repeating: nil, count: names.count, lending: block + settingTypesAt, capacity: recordCount)
        cache = FlatBuffer(repeating: nil, count: records.count, lending: block + cacheAt, capacity: recordCount)
        activeCount = ActiveCounts(count: names.count, lending: block + activeCountAt)
        values = ByteBuffer(lending: block + valuesAt, capacity: valuesRoom)
        store.text = ByteBuffer(lending: block + textAt, capacity: textRoom)
        store.pieces = FlatBuffer(lending: block + piecesAt, capacity: piecesRoom)
    }

    /// The setting names, by interned ID.
    var names: Names { Names(resolver: self) }

    /// The setting names, by interned ID: ``Resolver/name(_:)`` as a subscript.
    struct Names {
        /// Unowned and unretained: a view is made and used within one expression.
        unowned(unsafe) let resolver: Resolver

        subscript(id: Int) -> String { resolver.name(id) }
        var count: Int { resolver.nameIDs.count }
        var indices: Range<Int> { 0..<count }
    }

    /// The name with interned ID `id`, made into a string on first use: most names are only
    /// ever read as bytes (``NameTable/withBytes(ofID:_:)``).
    func name(_ id: Int) -> String { nameIDs.string(id) }

    /// The interned ID of the name spelled by `bytes`, interning it when new.
    @inline(__always)
    private func intern(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        let (id, isNew) = nameIDs.intern(bytes: bytes)
        if isNew {
            lastRecord.append(-1)
            topMatching.append(-1)
        }
        return id
    }

    private func push(nameID: Int, levelIndex: Int, item: Int, conditionStart: Int, conditionCount: Int, hasConditions: Bool) {
        conditionFlags.append(0)
        records.append(Record(
            nameID: Int32(truncatingIfNeeded: nameID), levelIndex: Int32(truncatingIfNeeded: levelIndex),
            item: Int32(truncatingIfNeeded: item), conditionStart: Int32(truncatingIfNeeded: conditionStart),
            conditionCount: Int32(truncatingIfNeeded: conditionCount), hasConditions: hasConditions,
            previous: lastRecord[nameID], previousMatching: -1, matches: false))
        lastRecord[nameID] = Int32(truncatingIfNeeded: records.count - 1)
    }

    /// Marks a record as matching: it goes on top of its setting's matching assignments.
    private func markMatching(_ index: Int) {
        let nameID = Int(records[index].nameID)
        records[index].matches = true
        records[index].previousMatching = topMatching[nameID]
        topMatching[nameID] = Int32(truncatingIfNeeded: index)
    }

    /// The conditions of record `index`.
    func conditions(ofRecord index: Int) -> [ConditionSpec] {
        let record = records[index]
        let levelIndex = Int(record.levelIndex)
        if levelAssignments[levelIndex].isEmpty {
            return Array(conditionSpecs[Int(record.conditionStart)..<Int(record.conditionStart + record.conditionCount)])
        }
        guard record.hasConditions else { return [] }
        return levelAssignments[levelIndex][Int(record.item)].assignment.conditions.map {
            ConditionSpec(parameter: $0.parameter, pattern: $0.pattern)
        }
    }

    /// Calls `body` with the parameter and pattern bytes of each condition of record `index`,
    /// in the order written, until it returns `false`.
    func forEachCondition(ofRecord index: Int, _ body: (_ parameter: UnsafeBufferPointer<UInt8>, _ pattern: UnsafeBufferPointer<UInt8>) -> Bool) {
        let record = records[index]
        guard record.hasConditions else { return }
        let levelIndex = Int(record.levelIndex)
        guard let assignments = levelAssignmentBases[levelIndex] else {
            for condition in Int(record.conditionStart)..<Int(record.conditionStart + record.conditionCount) {
                var parameter = conditionSpecs[condition].parameter, pattern = conditionSpecs[condition].pattern
                if !parameter.withUTF8({ parameter in pattern.withUTF8 { body(parameter, $0) } }) { return }
            }
            return
        }
        // Through a pointer to the assignment: a call on `pointee.assignment` copied it.
        Assignment.forEachCondition(of: assignment(ofRecord: record, in: assignments), body)
    }

    /// The assignment of `record`, a record of a level whose assignments start at `assignments`.
    @inline(__always)
    private func assignment(ofRecord record: Record, in assignments: UnsafePointer<SourcedAssignment>) -> UnsafePointer<Assignment> {
        let sourced = UnsafeRawPointer(assignments + Int(record.item))
        return (sourced + assignmentOffset).assumingMemoryBound(to: Assignment.self)
    }

    /// Where a ``SourcedAssignment``'s assignment is within it. Read once per resolver into
    /// ``assignmentOffset``: each read of a `static let` went through `swift_once`.
    private static let sourcedAssignmentOffset = MemoryLayout<SourcedAssignment>.offset(of: \SourcedAssignment.assignment)!

    /// The value text of record `index`, as written (after Xcode's line processing).
    func rawValue(ofRecord index: Int) -> String {
        // A value without `$` was copied once already, when it was compiled.
        if let program = programs[index], program.isVerbatim { return store.literalString(program) }
        let record = records[index]
        let assignments = levelAssignments[Int(record.levelIndex)]
        if assignments.isEmpty { return levelEntries[Int(record.levelIndex)][Int(record.item)].entry.value }
        return assignments[Int(record.item)].assignment.value
    }

    /// Calls `body` with the UTF-8 bytes of record `index`'s value, in place where possible.
    /// Inlined: the specialization for ``program(_:)`` took the arrays it reads retained.
    @inline(__always)
    func withValueBytes<R>(ofRecord index: Int, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        let record = records[index]
        let levelIndex = Int(record.levelIndex)
        guard let assignments = levelAssignmentBases[levelIndex] else {
            var value = levelEntries[levelIndex][Int(record.item)].entry.value
            return value.withUTF8(body)
        }
        // Through a pointer to the assignment: a call on `pointee.assignment` copied it.
        return Assignment.withValueBytes(of: assignment(ofRecord: record, in: assignments), body)
    }

    /// The file record `index` is written in (or the file holding its dictionary entry).
    func file(ofRecord index: Int) -> String? {
        let record = records[index]
        let levelIndex = Int(record.levelIndex)
        if levelAssignments[levelIndex].isEmpty { return levelEntries[levelIndex][Int(record.item)].entry.origin?.file }
        return levelFiles[levelIndex][levelAssignments[levelIndex][Int(record.item)].fileIndex].path
    }

    /// Where record `index`'s setting name is written.
    func location(ofRecord index: Int) -> SourceLocation? {
        let record = records[index]
        let levelIndex = Int(record.levelIndex)
        if levelAssignments[levelIndex].isEmpty {
            return levelEntries[levelIndex][Int(record.item)].entry.origin?.line.map { SourceLocation(line: $0, column: 1) }
        }
        return levelAssignments[levelIndex][Int(record.item)].assignment.nameRange.start
    }

    /// The key path of record `index`'s dictionary entry, if it has one.
    func keyPath(ofRecord index: Int) -> String? {
        let record = records[index]
        let levelIndex = Int(record.levelIndex)
        if levelAssignments[levelIndex].isEmpty { return levelEntries[levelIndex][Int(record.item)].entry.origin?.keyPath }
        return nil
    }

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

    /// Matches the conditions of conditional record `record`, an assignment whose `count`
    /// conditions are written after its name ends at `nameEnd` in `input`, against the context.
    /// Read here, while the set-up has the file's input open: reading them later through the
    /// assignment (``forEachCondition(ofRecord:_:)``) went through two closures per record.
    @inline(__always)
    private func noteConditions(ofRecord record: Int, count: Int, after nameEnd: Int, in input: UnsafeBufferPointer<UInt8>) {
        guard let base = input.baseAddress else { return }
        var flags: UInt8 = 0
        var offset = nameEnd
        for _ in 0..<count {
            // The parse checked the shape: `[`, the parameter, `=`, the pattern, `]`, with
            // nothing but inline whitespace between one condition and the next.
            while base[offset] != UInt8(ascii: "[") { offset &+= 1 }
            let open = offset
            if let short = ShortCondition(after: open, in: input) {
                offset = open &+ short.length &+ 2
                let parameter = UnsafeBufferPointer(start: base + (open &+ 1), count: short.equals)
                let pattern = UnsafeBufferPointer(start: base + (open &+ 2 &+ short.equals), count: short.length &- short.equals &- 1)
                if !noteCondition(parameter, pattern, ofRecord: record, flags: &flags, short: short) { break }
                continue
            }
            var equals = open &+ 1
            while base[equals] != UInt8(ascii: "=") { equals &+= 1 }
            var close = equals &+ 1
            while base[close] != UInt8(ascii: "]") { close &+= 1 }
            offset = close &+ 1
            let parameter = UnsafeBufferPointer(start: base + (open &+ 1), count: equals &- open &- 1)
            let pattern = UnsafeBufferPointer(start: base + (equals &+ 1), count: close &- equals &- 1)
            if !noteCondition(parameter, pattern, ofRecord: record, flags: &flags) { break }
        }
        conditionFlags[record] = flags
    }

    /// ``noteConditions(ofRecord:count:after:in:)`` for a record whose conditions are read
    /// through the record: a dictionary entry's, or an assignment in the general form.
    private func noteConditions(ofRecord record: Int) {
        var flags: UInt8 = 0
        forEachCondition(ofRecord: record) { noteCondition($0, $1, ofRecord: record, flags: &flags) }
        conditionFlags[record] = flags
    }

    /// Notes one condition of record `record` in `flags`; `false` when the rest need not be read.
    @inline(__always)
    private func noteCondition(
        _ parameter: UnsafeBufferPointer<UInt8>, _ pattern: UnsafeBufferPointer<UInt8>, ofRecord record: Int, flags: inout UInt8,
        short: ShortCondition? = nil
    ) -> Bool {
        if Self.spells(parameter, "sdk") {
            flags |= Self.conditionOnSDK
            if bindsSDK {
                sdkPatterns.append((record, sdkPatternBytes.count, pattern.count))
                sdkPatternBytes.append(pattern)
                return true
            }
        }
        if flags & Self.conditionMismatch == 0 && !matches(parameter, pattern, short: short) {
            flags |= Self.conditionMismatch
        }
        // With `bindsSDK`, every `sdk` pattern counts in choosing the SDK, also those of
        // records that do not match: read on past a mismatch.
        return flags & Self.conditionMismatch == 0 || bindsSDK
    }

    /// Whether the context matches the condition `[parameter=pattern]`; a short condition is
    /// looked up in ``conditionMemo`` first, and noted there.
    @inline(__always)
    private func matches(_ parameter: UnsafeBufferPointer<UInt8>, _ pattern: UnsafeBufferPointer<UInt8>, short: ShortCondition?) -> Bool {
        guard let short else { return conditionValues.matches(parameter, pattern) }
        for entry in conditionMemo.all where entry.condition == short { return entry.matches }
        let matches = conditionValues.matches(parameter, pattern)
        if conditionMemo.count < Self.conditionMemoLimit { conditionMemo.append(ConditionMemoEntry(condition: short, matches: matches)) }
        return matches
    }

    /// What the context made of a short condition (``conditionMemo``).
    struct ConditionMemoEntry {
        var condition: ShortCondition
        var matches: Bool
    }

    /// A condition whose `parameter=pattern` bytes are at most 15, read as two words: with
    /// the byte after them, its `]`, they lie within the 16 bytes after its `[`, found by two
    /// word loads rather than a byte at a time, and compared whole.
    ///
    /// The parser's `shortConditionClose(in:open:)` reads a condition the same way to check it.
    /// One type for both, in the syntax module, was tried: the optimizer then called it here
    /// instead of inlining it into set-up (+9K of resolve-bench's 522K instructions).
    struct ShortCondition: Equatable {
        /// The bytes as little-endian words, zero from `length` on.
        var low: UInt64
        var high: UInt64
        /// How many bytes `parameter=pattern` has: where the `]` is.
        var length: Int
        /// Where the first `=` is.
        var equals: Int

        /// The condition whose `[` is at `open` in `input`, whose shape the parse checked;
        /// `nil` when fewer than 16 bytes follow the `[`, or when its `]` is not among them.
        @inline(__always)
        init?(after open: Int, in input: UnsafeBufferPointer<UInt8>) {
            guard open &+ 17 <= input.count, let base = input.baseAddress else { return nil }
            let raw = UnsafeRawPointer(base + (open &+ 1))
            let low = UInt64(littleEndian: raw.loadUnaligned(as: UInt64.self))
            let high = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
            // The first `]` and the first `=`: a byte that is not one cannot borrow into the
            // lowest match, so the lowest flag of each mask is exact.
            let length = Self.firstIndex(of: UInt8(ascii: "]"), low, high)
            let equals = Self.firstIndex(of: UInt8(ascii: "="), low, high)
            // The `=` the parse found before the `]` (what the byte-by-byte scan finds).
            guard length < 16, equals < length else { return nil }
            self.length = length
            self.equals = equals
            self.low = length >= 8 ? low : low & ((1 &<< UInt64(length &* 8)) &- 1)
            self.high = length <= 8 ? 0 : high & ((1 &<< UInt64((length &- 8) &* 8)) &- 1)
        }

        /// The index of the first `byte` in the 16 bytes `low` then `high`; 16 when none is.
        @inline(__always)
        static func firstIndex(of byte: UInt8, _ low: UInt64, _ high: UInt64) -> Int {
            let ones: UInt64 = 0x0101_0101_0101_0101, highBits: UInt64 = 0x8080_8080_8080_8080
            let pattern = ones &* UInt64(byte)
            let x = low ^ pattern, y = high ^ pattern
            let inLow = (x &- ones) & ~x & highBits
            if inLow != 0 { return inLow.trailingZeroBitCount &>> 3 }
            let inHigh = (y &- ones) & ~y & highBits
            return inHigh != 0 ? 8 &+ inHigh.trailingZeroBitCount &>> 3 : 16
        }
    }

    /// Decides which of one level's records match the context, from what
    /// ``noteConditions(ofRecord:count:after:in:)`` found as they were pushed.
    ///
    /// SDK conditions are bound per setting before the level is pushed: the first SDK name (the
    /// canonical one, then the fallbacks) that matches any of the setting's `sdk` patterns is
    /// chosen, and only that name is matched afterwards (semantics §4.2).
    private func bindConditions(levelIndex: Int, records range: Range<Int>) {
        if !sdkPatterns.isEmpty {
            let sdkNames = context.sdks
            func pattern(_ entry: (record: Int, start: Int, count: Int)) -> UnsafeBufferPointer<UInt8> {
                sdkPatternBytes.bytes(entry.start, entry.count)
            }
            // The chosen SDK of each setting with `sdk` conditions, as an index in
            // `sdkNames` (-1: none matches). SDK names in order, so that each setting gets
            // the first that any of its patterns matches.
            let chosenSDK = UnsafeMutableBufferPointer(start: chosenSDKRoom, count: names.count)
            chosenSDK.initialize(repeating: -1)
            for (sdkIndex, sdk) in sdkNames.enumerated() {
                NameTable.withBytes(of: sdk) { sdk in
                    for entry in sdkPatterns.all where chosenSDK[Int(records[entry.record].nameID)] == -1 {
                        if PatternMatcher.match(pattern(entry), sdk) { chosenSDK[Int(records[entry.record].nameID)] = sdkIndex }
                    }
                }
            }
            // Only the chosen name is matched against the `sdk` conditions.
            for entry in sdkPatterns.all where conditionFlags[entry.record] & Self.conditionMismatch == 0 {
                let chosen = chosenSDK[Int(records[entry.record].nameID)]
                let matches = chosen >= 0 && NameTable.withBytes(of: sdkNames[chosen]) { PatternMatcher.match(pattern(entry), $0) }
                if !matches { conditionFlags[entry.record] |= Self.conditionMismatch }
            }
            sdkPatterns.removeLast(downTo: 0)
            sdkPatternBytes.removeLast(downTo: 0)
        }
        for index in range {
            // Most assignments have no condition: they match.
            if records[index].hasConditions {
                let flags = conditionFlags[index]
                if flags & Self.conditionMismatch != 0 { continue }
                if flags & Self.conditionOnSDK != 0, nameIDs.withBytes(ofID: Int(records[index].nameID), { Self.spells($0, "SDKROOT") }) {
                    // Xcode ignores SDKROOT[sdk=...] with a warning (semantics §2.4).
                    let suffix = conditions(ofRecord: index).map { "[\($0.parameter)=\($0.pattern)]" }.joined()
                    settingsDiagnostics.append(Diagnostic(
                        severity: .warning,
                        message: "SDK condition on SDKROOT is unsupported, so the SDKROOT\(suffix) assignment at the \(levels[levelIndex].kind.rawValue) level will be ignored.",
                        file: file(ofRecord: index), location: location(ofRecord: index)))
                    continue
                }
            }
            markMatching(index)
        }
    }

    /// Whether `bytes` spell `word` (ASCII).
    @inline(__always)
    static func spells(_ bytes: UnsafeBufferPointer<UInt8>, _ word: StaticString) -> Bool {
        bytes.count == word.utf8CodeUnitCount && NameTable.equal(bytes, UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount))
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
        if let levelKinds {
            var result: [Int] = []
            result.reserveCapacity(names.count)
            let included = levels.map { levelKinds.contains($0.kind) }
            for id in names.indices where lastRecord[id] >= 0 && anyRecord(of: id, where: { included[Int(records[$0].levelIndex)] }) {
                result.append(id)
            }
            return sortedByName(result)
        }
        // Every level: every name with a record, keyed as it is found, without an array of
        // the IDs first (its appends cost as much as keying the names).
        let count = nameIDs.count
        let keys = 2 * count <= sortKeysRoomCapacity ? sortKeysRoom : PlainMemory.allocate(SortKey.self, capacity: 2 * count)
        defer { if keys != sortKeysRoom { PlainMemory.deallocate(keys) } }
        var keyed = 0
        var id = 0
        while id < count {
            if lastRecord[id] >= 0 {
                (keys + keyed).initialize(to: sortKey(id))
                keyed &+= 1
            }
            id &+= 1
        }
        return sortedByName(keys, count: keyed)
    }

    /// A name's place in byte order: its first 16 bytes as two integers that compare as the
    /// bytes do (``sortPrefix(_:)``), and its ID.
    struct SortKey {
        var high: UInt64
        var low: UInt64
        var id: Int
    }

    /// The ``SortKey`` of the name with interned ID `id`. Read from the table's buffers here:
    /// through ``NameTable/withBytes(ofID:_:)`` the prefix was a closure call per name, and
    /// keying the names cost about half the sort.
    @inline(__always)
    private func sortKey(_ id: Int) -> SortKey {
        let prefix = Self.sortPrefix(nameIDs.bytes(ofID: id))
        return SortKey(high: prefix.high, low: prefix.low, id: id)
    }

    /// `ids` sorted by their names' bytes. Each name's first 16 bytes are compared as two
    /// big-endian integers, which orders most names without reading their strings.
    func sortedByName(_ ids: [Int]) -> [Int] {
        let count = ids.count
        if count < 2 { return ids }
        let keys = 2 * count <= sortKeysRoomCapacity ? sortKeysRoom : PlainMemory.allocate(SortKey.self, capacity: 2 * count)
        defer { if keys != sortKeysRoom { PlainMemory.deallocate(keys) } }
        for (index, id) in ids.enumerated() { (keys + index).initialize(to: sortKey(id)) }
        return sortedByName(keys, count: count)
    }

    /// The IDs of the `count` keys at `buffers` in byte order of their names; `buffers` has
    /// room for twice as many, the second half scratch for the merge.
    ///
    /// Raw memory rather than arrays, whose element writes check uniqueness each time (that
    /// made the sort cost twice the standard library's). A key is plain integers: nothing to
    /// deinitialise.
    private func sortedByName(_ buffers: UnsafeMutablePointer<SortKey>, count: Int) -> [Int] {
        typealias Key = SortKey
        func ids(_ keys: UnsafeMutablePointer<Key>) -> [Int] {
            Array(unsafeUninitializedCapacity: count) { result, initialized in
                for index in 0..<count { (result.baseAddress! + index).initialize(to: keys[index].id) }
                initialized = count
            }
        }
        if count < 2 { return ids(buffers) }
        func precedes(_ a: Key, _ b: Key) -> Bool {
            if a.high != b.high { return a.high < b.high }
            if a.low != b.low { return a.low < b.low }
            // Equal first 16 bytes (zero bytes pad shorter names, so compare in full).
            return nameIDs.withBytes(ofID: a.id) { a in nameIDs.withBytes(ofID: b.id) { b in Resolver.precedesInByteOrder(a, b) } }
        }
        // A merge sort written out rather than `sort(by:)`: the standard library's sort makes a
        // process instantiate `[Range<Int>]` for its runs, about 0.1M instructions at start-up.
        // It merges the ascending runs already there, so names that a file assigns in order
        // cost one comparison each, and names already in order are returned as they are.
        // The end of each run, ascending; the last is the count.
        var runEnds: [Int] = []
        // Room for the runs of a few files without regrowing (three times a sort otherwise).
        runEnds.reserveCapacity(32)
        for index in 1..<count where precedes(buffers[index], buffers[index - 1]) { runEnds.append(index) }
        if runEnds.isEmpty { return ids(buffers) }
        runEnds.append(count)
        var source = buffers, target = buffers + count
        while runEnds.count > 1 {
            // Merges each pair of runs into one, from `source` into `target`.
            var merged = 0, start = 0, pair = 0
            while pair < runEnds.count {
                let middle = runEnds[pair]
                let end = pair + 1 < runEnds.count ? runEnds[pair + 1] : middle
                var left = start, right = middle, output = start
                // Groups of names (`HELPER_…`, `SETTING_…`) rarely interleave: after four names
                // in a row from one run, the rest of that run's names that come first are
                // found by exponential search and go over in one copy.
                var rightStreak = 0, leftStreak = 0
                while left < middle, right < end {
                    if precedes(source[right], source[left]) {
                        target[output] = source[right]
                        right += 1
                        output += 1
                        rightStreak += 1
                        leftStreak = 0
                        if rightStreak >= 4 {
                            let leftKey = source[left]
                            let run = Self.leadingCount(from: right, to: end) { precedes(source[$0], leftKey) }
                            (target + output).initialize(from: source + right, count: run)
                            right += run
                            output += run
                            rightStreak = 0
                        }
                    } else {
                        target[output] = source[left]
                        left += 1
                        output += 1
                        leftStreak += 1
                        rightStreak = 0
                        if leftStreak >= 4 {
                            let rightKey = source[right]
                            let run = Self.leadingCount(from: left, to: middle) { !precedes(rightKey, source[$0]) }
                            (target + output).initialize(from: source + left, count: run)
                            left += run
                            output += run
                            leftStreak = 0
                        }
                    }
                }
                // What is left of one run (a whole run without a partner) goes over in one copy.
                if left < middle {
                    (target + output).initialize(from: source + left, count: middle - left)
                } else if right < end {
                    (target + output).initialize(from: source + right, count: end - right)
                }
                runEnds[merged] = end
                merged += 1
                start = end
                pair += 2
            }
            runEnds.removeLast(runEnds.count - merged)
            swap(&source, &target)
        }
        return ids(source)
    }

    /// How many indices from `start` on, before `end`, satisfy `isLeading`, which holds for a
    /// prefix of the range and fails after it: found by probing 1, 2, 4, … ahead, then by
    /// binary search, in about twice the logarithm of the count.
    @inline(__always)
    static func leadingCount(from start: Int, to end: Int, _ isLeading: (Int) -> Bool) -> Int {
        // Every index below `low` leads; each round probes `step` ahead of it.
        var low = start, step = 1
        while true {
            let probe = low + step - 1
            if probe >= end || !isLeading(probe) {
                var high = min(probe, end)
                while low < high {
                    let middle = (low + high) / 2
                    if isLeading(middle) { low = middle + 1 } else { high = middle }
                }
                return low - start
            }
            low = probe + 1
            step *= 2
        }
    }

    /// The first 16 bytes of `bytes`, zero bytes after the end, as two integers that compare
    /// as the bytes do: read as big-endian, the first byte is the most significant. Loaded
    /// eight bytes at a time, never past the end (a `memcpy` per name cost more than the sort).
    @inline(__always)
    static func sortPrefix(_ bytes: UnsafeBufferPointer<UInt8>) -> (high: UInt64, low: UInt64) {
        let count = bytes.count
        guard let base = bytes.baseAddress else { return (0, 0) }
        let raw = UnsafeRawPointer(base)
        // Its bytes low in a zeroed word, first lowest: swapped, first highest.
        if count < 8 { return (NameTable.partialWord(raw, count: count).byteSwapped, 0) }
        let high = UInt64(bigEndian: raw.loadUnaligned(as: UInt64.self))
        if count >= 16 { return (high, UInt64(bigEndian: raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self))) }
        if count == 8 { return (high, 0) }
        // The eight bytes ending at the end, shifted up past those already in `high`.
        let last = UInt64(bigEndian: raw.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self))
        return (high, last << UInt64(8 * (16 - count)))
    }

    /// `a < b` comparing bytes, without the generic sequence walk.
    static func precedesInByteOrder(_ left: UnsafeBufferPointer<UInt8>, _ right: UnsafeBufferPointer<UInt8>) -> Bool {
        let common = min(left.count, right.count)
        var index = 0
        while index < common {
            let l = left[index], r = right[index]
            if l != r { return l < r }
            index += 1
        }
        return left.count < right.count
    }

    /// `true` when some level assigns `name`, whether or not the assignment matches.
    public func isAssigned(_ name: String) -> Bool {
        guard let id = nameIDs[name] else { return false }
        return lastRecord[id] >= 0
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

    /// The value of `name` as `xcodebuild -showBuildSettings` prints it: the string form of the
    /// winning assignment's value; empty when no assignment matches.
    public func value(of name: String) -> String {
        guard let id = nameIDs[name], topMatching[id] >= 0 else { return "" }
        return evaluateTopLevel(nameID: id, record: Int(topMatching[id]))
    }

    /// The assignment that supplies `name`'s value, if any matches.
    public func winner(of name: String) -> AssignmentInfo? {
        guard let id = nameIDs[name], topMatching[id] >= 0 else { return nil }
        return info(Int(topMatching[id]))
    }

    /// Every assignment of `name`, highest precedence first, matching or not.
    public func assignments(of name: String) -> [AssignmentInfo] {
        guard let id = nameIDs[name] else { return [] }
        return chain(of: id).map { info($0) }
    }

    /// The winning assignment and its value for each setting, sorted by name.
    public func resolveAll(at levelKinds: Set<LevelKind>? = nil) -> [ResolvedSetting] {
        settingIDs(at: levelKinds).map(resolvedSetting)
    }

    /// Calls `body` with the name and the value (UTF-8) of each setting in `ids`, in order:
    /// what ``resolveAll(at:)`` computes, without the ``AssignmentInfo`` and the strings of a
    /// ``ResolvedSetting`` per setting, for output that shows no provenance. Making those cost
    /// a third of resolving a file. The bytes are valid only during the call.
    package func forEachValue(of ids: [Int], _ body: (_ name: UnsafeBufferPointer<UInt8>, _ value: UnsafeBufferPointer<UInt8>) -> Void) {
        for id in ids {
            let winner = Int(topMatching[id])
            nameIDs.withBytes(ofID: id) { name in
                guard winner >= 0 else { return body(name, UnsafeBufferPointer(start: nil, count: 0)) }
                withTopLevelValue(nameID: id, record: winner) { body(name, $0) }
            }
        }
    }

    /// The value and winning assignment of the interned setting `id`.
    package func resolvedSetting(_ id: Int) -> ResolvedSetting {
        let winner = Int(topMatching[id])
        guard winner >= 0 else { return ResolvedSetting(name: names[id], value: "", winner: nil) }
        let value = evaluateTopLevel(nameID: id, record: winner)
        // A value without `$` is its raw text: one string for both (evaluation that gave up
        // gives an empty value, told apart by its length).
        var shared: String? = nil
        if let program = programs[winner], program.isVerbatim, value.utf8.count == Int(program.literalLength) { shared = value }
        return ResolvedSetting(name: names[id], value: value, winner: info(winner, rawValue: shared))
    }

    /// The assignment record `index` stands for; `rawValue`, when given, is its value's text.
    func info(_ index: Int, rawValue knownRawValue: String? = nil) -> AssignmentInfo {
        let record = records[index]
        return AssignmentInfo(
            name: names[Int(record.nameID)],
            level: levels[Int(record.levelIndex)].kind,
            file: file(ofRecord: index),
            location: location(ofRecord: index),
            keyPath: keyPath(ofRecord: index),
            conditions: conditions(ofRecord: index),
            rawValue: knownRawValue ?? rawValue(ofRecord: index),
            matchesContext: record.matches)
    }

    /// The type Xcode gives `name`.
    public func type(of name: String) -> SettingType { catalog.type(of: name) }

    // MARK: Evaluation state

    /// One setting being evaluated. Plain integers, so that pushing, popping and updating a
    /// frame retains nothing.
    struct Frame {
        let nameID: Int
        /// The record being evaluated.
        let record: Int
        /// The outermost frame whose assignment a lookup in this evaluation reached through
        /// the stack (a self-reference via other settings). A result that reached a frame
        /// outside itself depends on that frame and is not cached.
        var outermostReached = Int.max
        /// Names this evaluation looked up that were being evaluated by no frame at the time:
        /// a cached result stays valid only where none of them is being evaluated. Held here
        /// while there are at most four (most values refer to a few settings); once there are
        /// more, they are in ``spilledFreeNames`` at the frame's depth.
        var freeNames = InlineNames()
        var spilled = false
    }

    /// A cached evaluation. Plain integers, so that storing and reading one retains nothing
    /// and the cache is freed without visiting its entries: the value is a range of
    /// ``values``, and the free names are held inline when there are at most four, else in
    /// ``cachedNameSets``.
    struct CacheEntry {
        let value: ValueRange
        /// The free names when ``overflow`` is -1.
        let freeNames: InlineNames
        /// Index of the free names in ``cachedNameSets``, or -1.
        let overflow: Int32
    }

    /// Up to four interned names, held inline; -1 marks an empty slot, and slots fill in order.
    struct InlineNames {
        private var first: Int32 = -1
        private var second: Int32 = -1
        private var third: Int32 = -1
        private var fourth: Int32 = -1

        /// Adds `id` (non-negative) unless it is there; `false` when it is not and all slots are full.
        mutating func insert(_ id: Int32) -> Bool {
            if first == id || second == id || third == id || fourth == id { return true }
            if first < 0 {
                first = id
            } else if second < 0 {
                second = id
            } else if third < 0 {
                third = id
            } else if fourth < 0 {
                fourth = id
            } else {
                return false
            }
            return true
        }

        // Slots fill in order, so the first empty slot ends the members: most cached values
        // have none or one (a literal, a value referring to one setting), and stopping there
        // rather than testing all four slots saved 4.6K of resolve-bench's 600.2K instructions.

        /// `true` when every member satisfies `predicate`.
        func allSatisfy(_ predicate: (Int32) -> Bool) -> Bool {
            if first < 0 { return true }
            if !predicate(first) { return false }
            if second < 0 { return true }
            if !predicate(second) { return false }
            if third < 0 { return true }
            if !predicate(third) { return false }
            return fourth < 0 || predicate(fourth)
        }

        func forEach(_ body: (Int32) -> Void) {
            if first < 0 { return }
            body(first)
            if second < 0 { return }
            body(second)
            if third < 0 { return }
            body(third)
            if fourth >= 0 { body(fourth) }
        }
    }

    /// An evaluated value: a range of ``values``. Empty when it produced nothing: a value
    /// whose string form is empty counts as nothing when referenced (semantics §3.5).
    struct ValueRange {
        var start: Int
        var count: Int

        static let empty = ValueRange(start: 0, count: 0)
        var hasContent: Bool { count > 0 }
        var end: Int { start + count }
    }

    /// A value's string form, and whether it produced anything: a reference to a value that
    /// produced nothing (an empty list, an unset path) is nothing to operators (semantics §3.5).
    struct Evaluated {
        var text: String
        var hasContent: Bool
    }

    /// The settings being evaluated, innermost last.
    @exclusivity(unchecked) var frames = FlatBuffer<Frame>()
    /// The free names of frames that looked up more than two, by frame depth; a slot is
    /// meaningful only while its frame has ``Frame/spilled`` set (and just after it is popped).
    @exclusivity(unchecked) var spilledFreeNames: [NameSet] = []
    /// How many frames evaluate each setting, by interned name.
    @exclusivity(unchecked) var activeCount = ActiveCounts()
    /// Cached evaluations, by record. Flat: an array's uniqueness check on each write cost
    /// about as much as the write.
    @exclusivity(unchecked) var cache = FlatBuffer<CacheEntry?>()
    /// Free names of cached evaluations with more than two (``CacheEntry/overflow``).
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
    /// Set when a bound was exceeded; evaluation then unwinds quickly with empty values.
    @exclusivity(unchecked) var aborted = false
    @exclusivity(unchecked) var abortReported: Set<Int> = []
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
    /// reference to an assigned setting from the cache by its ID. One load per reference where
    /// testing both cost 1.0K of resolve-bench's 594.9K instructions.
    @exclusivity(unchecked) private(set) var readsCacheInPlace = true

    /// Compiled string forms, by record, compiled on first evaluation. Flat, like ``cache``.
    @exclusivity(unchecked) var programs = FlatBuffer<StringProgram?>()
    @exclusivity(unchecked) var store = ProgramStore()
    /// The catalogue types of names no level assigns, by their ID in
    /// ``ProgramStore/unassignedNames``; looked up on first use.
    @exclusivity(unchecked) var unassignedTypes: [SettingType?] = []
    /// The catalogue's types, by interned name, looked up on first use. Flat, like ``cache``.
    @exclusivity(unchecked) var settingTypes = FlatBuffer<SettingType?>()
    /// The bytes of the values being evaluated, innermost last.
    @exclusivity(unchecked) var scratch = ByteBuffer()

    deinit {
        PlainMemory.deallocate(levelAssignmentBases.baseAddress)
        frames.deallocate()
        values.deallocate()
        scratch.deallocate()
        store.deallocate()
        activeCount.deallocate()
        records.deallocate()
        lastRecord.deallocate()
        topMatching.deallocate()
        programs.deallocate()
        settingTypes.deallocate()
        cache.deallocate()
        PlainMemory.deallocate(lentStorage)
    }

    func program(_ recordIndex: Int) -> StringProgram {
        if let program = programs[recordIndex] { return program }
        let record = records[recordIndex]
        let program: StringProgram
        // A value that is one chunk of its file's input (nearly all) is compiled where it stands,
        // without the closure ``withValueBytes(ofRecord:_:)`` calls.
        if let assignments = levelAssignmentBases[Int(record.levelIndex)],
           let bytes = Assignment.valueBytesInPlace(of: assignment(ofRecord: record, in: assignments)) {
            program = compileProgram(bytes, nameID: Int(record.nameID))
        } else {
            program = withValueBytes(ofRecord: recordIndex) { compileProgram($0, nameID: Int(record.nameID)) }
        }
        programs[recordIndex] = program
        return program
    }

    /// The program of a value of setting `nameID` spelled by `bytes`.
    @inline(__always)
    private func compileProgram(_ bytes: UnsafeBufferPointer<UInt8>, nameID: Int) -> StringProgram {
        // Only a value holding a `$` and a `\` depends on its semantics: the catalogue is asked then.
        store.program(bytes, nameIDs: nameIDs) { settingType(nameID).usesListSemantics }
    }

    /// Forgets every cached evaluation (bindings changed).
    func clearCache() {
        for index in 0..<cache.count { cache[index] = nil }
        cachedNameSets.removeAll()
        // No cache entry refers to a value any more, and outside evaluation nothing else does.
        if frames.isEmpty {
            values.removeLast(downTo: 0)
            committedValues = 0
        }
    }

    func expression(_ recordIndex: Int) -> Expression {
        // Most resolvers never read a value as a tree: the array is made on first use.
        if expressions.isEmpty { expressions = Array(repeating: nil, count: records.count) }
        if let expression = expressions[recordIndex] { return expression }
        let semantics: ValueSemantics = settingType(Int(records[recordIndex].nameID)).usesListSemantics ? .list : .string
        let expression = Expression(parsing: rawValue(ofRecord: recordIndex), semantics: semantics)
        expressions[recordIndex] = expression
        return expression
    }

    func evaluateTopLevel(nameID: Int, record: Int) -> String {
        withTopLevelValue(nameID: nameID, record: record) { String(decoding: $0, as: UTF8.self) }
    }

    /// Calls `body` with the bytes of matching record `record` of setting `nameID` evaluated
    /// outside any other evaluation: empty when evaluation gave up (a bound was exceeded). The
    /// bytes only this evaluation needed are dropped afterwards.
    func withTopLevelValue<R>(nameID: Int, record: Int, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        aborted = false
        let mark = values.count
        var value = evaluateRecord(nameID: nameID, record: record)
        if aborted {
            aborted = false
            value = .empty
        }
        defer { dropValues(above: mark) }
        return body(values.bytes(value.start, value.count))
    }

    /// ``evaluateRecord(nameID:record:)`` as a string, dropping the bytes only it needed.
    func evaluateRecordString(nameID: Int, record: Int) -> String {
        let mark = values.count
        let value = evaluateRecord(nameID: nameID, record: record)
        let text = string(value)
        dropValues(above: mark)
        return text
    }

    /// The string of an evaluated value.
    func string(_ value: ValueRange) -> String {
        if value.count == 0 { return "" }
        return String(decoding: values.bytes(value.start, value.count), as: UTF8.self)
    }

    /// Appends `text` to ``values``.
    func appendValue(_ text: String) -> ValueRange {
        let start = values.count
        values.append(text)
        return ValueRange(start: start, count: values.count - start)
    }

    /// Drops the bytes of ``values`` above `mark` that no cache entry refers to; only where
    /// every value above `mark` has been consumed.
    @inline(__always) func dropValues(above mark: Int) {
        let keep = max(mark, committedValues)
        values.removeLast(downTo: keep)
    }

    /// The string form of matching record `recordIndex` of setting `nameID`, with the current frames.
    func evaluateRecord(nameID: Int, record recordIndex: Int) -> ValueRange {
        if aborted { return .empty }
        if tracer == nil, let entry = cache[recordIndex], isValid(entry) {
            mergeIntoParent(entry)
            return entry.value
        }
        if frames.count >= options.maximumDepth {
            abort(nameID: nameID, message: "evaluation of '\(names[nameID])' nests deeper than \(options.maximumDepth) settings")
            return .empty
        }
        let program = program(recordIndex)
        if program.isLiteral && tracer == nil {
            // A literal looks nothing up: it needs no frame, and depends on nothing. A fifth of
            // resolve-bench's values are literal; their frames cost 2.4K of its 603.9K instructions.
            let value = evaluateProgram(program)
            cache[recordIndex] = CacheEntry(value: value, freeNames: InlineNames(), overflow: -1)
            committedValues = max(committedValues, value.end)
            return value
        }
        pushFrame(nameID: nameID, record: recordIndex)
        tracer?.enter(recordIndex: recordIndex)
        let value = evaluateProgram(program)
        if tracer != nil { tracer!.exit(value: string(value)) }
        let frame = popFrame()
        if !aborted && frame.outermostReached >= frames.count {
            var overflow: Int32 = -1
            if frame.spilled {
                overflow = Int32(truncatingIfNeeded: cachedNameSets.count)
                cachedNameSets.append(spilledFreeNames[frames.count])
            }
            cache[recordIndex] = CacheEntry(value: value, freeNames: frame.freeNames, overflow: overflow)
            committedValues = max(committedValues, value.end)
        }
        return value
    }

    // Frames are pushed and popped, and free names added, for nearly every setting evaluated:
    // these are inlined into evaluation, where the calls cost about as much as their bodies.
    @inline(__always)
    func pushFrame(nameID: Int, record: Int) {
        frames.append(Frame(nameID: nameID, record: record))
        activeCount[nameID, default: 0] += 1
    }

    /// Pops the innermost frame and passes what it looked up and reached on to the frame
    /// below. When the popped frame has ``Frame/spilled`` set, its free names stay in
    /// ``spilledFreeNames`` at its depth (now `frames.count`) until another frame spills there.
    @inline(__always)
    func popFrame() -> Frame {
        let frame = frames[frames.count - 1]
        frames.removeLast(downTo: frames.count - 1)
        activeCount[frame.nameID, default: 0] -= 1
        guard !frames.isEmpty else { return frame }
        if frame.spilled {
            addFreeNames(spilledFreeNames[frames.count])
        } else {
            frame.freeNames.forEach(addFreeName)
        }
        if frame.outermostReached < frames.count - 1 {
            frames[frames.count - 1].outermostReached = min(frames[frames.count - 1].outermostReached, frame.outermostReached)
        }
        return frame
    }

    /// Adds `id` to the free names of the innermost frame; there must be one.
    @inline(__always)
    private func addFreeName(_ id: Int32) {
        let top = frames.count - 1
        if !frames[top].spilled && frames[top].freeNames.insert(id) { return }
        addSpilledFreeName(id)
    }

    /// ``addFreeName(_:)`` once the innermost frame's inline names are full: they are spilled
    /// first if they are not yet.
    private func addSpilledFreeName(_ id: Int32) {
        let top = frames.count - 1
        if !frames[top].spilled { spill(top) }
        spilledFreeNames[top].insert(Int(id))
    }

    /// Adds `names` to the free names of the innermost frame; there must be one.
    private func addFreeNames(_ names: NameSet) {
        let top = frames.count - 1
        if !frames[top].spilled { spill(top) }
        spilledFreeNames[top].formUnion(names)
    }

    /// Moves the inline free names of the frame at `depth` to ``spilledFreeNames``.
    private func spill(_ depth: Int) {
        if spilledFreeNames.count <= depth {
            spilledFreeNames.append(contentsOf: repeatElement(NameSet(), count: depth + 1 - spilledFreeNames.count))
        }
        // A new set: the slot's previous one may be shared with a cache entry.
        var names = NameSet()
        frames[depth].freeNames.forEach { names.insert(Int($0)) }
        spilledFreeNames[depth] = names
        frames[depth].freeNames = InlineNames()
        frames[depth].spilled = true
    }

    @inline(__always)
    private func isValid(_ entry: CacheEntry) -> Bool {
        if entry.overflow >= 0 { return isValid(cachedNameSets[Int(entry.overflow)]) }
        if frames.isEmpty { return true }
        // A member is being evaluated exactly when some frame evaluates it.
        return entry.freeNames.allSatisfy { activeCount[Int($0), default: 0] == 0 }
    }

    @inline(__always)
    private func mergeIntoParent(_ entry: CacheEntry) {
        guard !frames.isEmpty else { return }
        if entry.overflow >= 0 {
            addFreeNames(cachedNameSets[Int(entry.overflow)])
            return
        }
        entry.freeNames.forEach(addFreeName)
    }

    private func isValid(_ freeNames: NameSet) -> Bool {
        if frames.isEmpty || freeNames.isEmpty { return true }
        if freeNames.count < frames.count {
            return !freeNames.contains { activeCount[$0, default: 0] > 0 }
        }
        for frame in frames.all where freeNames.contains(frame.nameID) { return false }
        return true
    }

    private func abort(nameID: Int, message: String) {
        aborted = true
        let chain = frames.all.map { names[$0.nameID] }
        let root = frames.isEmpty ? nameID : frames[0].nameID
        guard abortReported.insert(root).inserted else { return }
        let top = Int(topMatching[root])
        var notes: [String] = []
        if !chain.isEmpty {
            var shown = chain.prefix(12).joined(separator: " -> ")
            if chain.count > 12 { shown += " -> … (\(chain.count) settings)" }
            notes.append("through " + shown)
        }
        settingsDiagnostics.append(Diagnostic(
            severity: .error, message: message, file: top < 0 ? nil : file(ofRecord: top), location: top < 0 ? nil : location(ofRecord: top),
            notes: notes, code: .valueTooLarge))
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
        let name = frames.all.last.map { names[$0.nameID] } ?? "value"
        abort(nameID: frames.all.last?.nameID ?? 0, message: "the value of '\(name)' grows past \(options.maximumValueSize / (1024 * 1024)) MiB")
    }

    /// The string form of a compiled value.
    @inline(__always)
    func evaluateProgram(_ program: StringProgram) -> ValueRange {
        if program.isLiteral {
            if program.literalLength == 0 { return .empty }
            let start = values.count
            values.append(store.text.base.unsafelyUnwrapped + Int(program.literalStart), count: Int(program.literalLength))
            return ValueRange(start: start, count: Int(program.literalLength))
        }
        return evaluatePiecesInline(program.pieces)
    }

    /// The string form of compiled pieces: their text with each reference's string value, as
    /// ``evaluateValue(_:)`` computes it for an ``Expression``.
    func evaluatePieces(_ range: Range<Int32>) -> ValueRange {
        evaluatePiecesInline(range)
    }

    /// ``evaluatePieces(_:)``, inlined into ``evaluateProgram(_:)`` (so into
    /// ``evaluateRecord(nameID:record:)``, which evaluates nearly every value's pieces): the
    /// call cost 0.8K of resolve-bench's 595.7K instructions.
    @inline(__always)
    private func evaluatePiecesInline(_ range: Range<Int32>) -> ValueRange {
        // Built in place at the top of `values`, so that the result needs no copy. A reference's
        // value is kept where it landed, right after the part built, or moved or copied there;
        // what else the reference appended is dropped. That needs nothing above the part built
        // to be cached (``committedValues``): when a nested evaluation cached a value there that
        // is not the reference's own, the rest is built in `scratch` instead.
        let start = values.count
        // The bound on the value's end rather than on its size, so that each piece tests one
        // subtraction less (saturated: `maximumValueSize` may be `Int.max`): 0.7K of
        // resolve-bench's 593.9K instructions.
        let limit = start &+ min(options.maximumValueSize, Int.max &- start)
        var index = range.lowerBound
        while index < range.upperBound {
            if aborted { return .empty }
            let piece = store.pieces[Int(index)]
            index &+= 1
            if piece.isReference {
                let end = values.count
                let value: ValueRange
                let reference = store.references[Int(piece.start)]
                let id = Int(reference.nameID)
                // Most references reach an assigned setting evaluated already: its value is read
                // from the cache here, without the two calls (through ``evaluateRecord(nameID:record:)``)
                // ``evaluateReference(compiled:)`` makes, which cost more than reading it. Written
                // out here: a function marked `@inline(__always)` for this was still called, and
                // saved 1.3K of resolve-bench's 609.9K instructions where this saves 6.0K.
                if reference.kind == .setting && readsCacheInPlace && topMatching[id] >= 0
                    && activeCount[id, default: 0] == 0, let entry = cache[Int(topMatching[id])], isValid(entry) {
                    if !frames.isEmpty { addFreeName(Int32(truncatingIfNeeded: id)) }
                    mergeIntoParent(entry)
                    value = applyOperators(of: reference, to: entry.value.hasContent ? entry.value : nil) ?? .empty
                } else {
                    value = evaluateReference(compiled: Int(piece.start)) ?? .empty
                }
                if range.upperBound &- range.lowerBound == 1 {
                    // A reference alone (`$(inherited)`, `$(OTHER)`, a computed name's `$(NAME)`):
                    // its value as it is, uncopied.
                    if value.count > options.maximumValueSize {
                        abortValueTooLarge()
                        return .empty
                    }
                    return value
                }
                if committedValues <= end {
                    // Everything above `end` is the reference's, and needed no more.
                    placeValue(value, at: end)
                } else if value.start == end && committedValues <= value.end {
                    // Cached right after the part built (evaluated for the first time): it stays
                    // there, shared with its cache entry.
                    values.removeLast(downTo: value.end)
                } else {
                    return evaluatePiecesInScratch(index..<range.upperBound, built: start..<end, then: value)
                }
            } else if piece.length > 0 {
                values.append(store.text.base.unsafelyUnwrapped + Int(piece.start), count: Int(piece.length))
            }
            if values.count > limit {
                abortValueTooLarge()
                return .empty
            }
        }
        if values.count == start { return .empty }
        return ValueRange(start: start, count: values.count - start)
    }

    /// Makes `value` the bytes of ``values`` from `end` on, where nothing is cached: it is
    /// either there already, above `end` (moved down), or cached below `end` (copied).
    @inline(__always)
    private func placeValue(_ value: ValueRange, at end: Int) {
        if value.count == 0 {
            values.removeLast(downTo: end)
        } else if value.start >= end {
            if value.start != end {
                // The regions may overlap: `copyMemory` moves.
                UnsafeMutableRawPointer(values.base.unsafelyUnwrapped + end).copyMemory(from: values.base.unsafelyUnwrapped + value.start, byteCount: value.count)
            }
            values.removeLast(downTo: end + value.count)
        } else {
            // Cached, so below ``committedValues`` and so below `end`: no overlap.
            values.removeLast(downTo: end)
            values.appendCopy(from: value.start, count: value.count)
        }
    }

    /// The rest of ``evaluatePieces(_:)`` once it cannot build in place: the part built
    /// (`built`, in ``values``) and the value of the reference just evaluated are copied to
    /// `scratch`, the pieces of `rest` are appended there, and the whole is copied to the top of
    /// ``values``. The part built stays where it is, below the value that was cached above it.
    private func evaluatePiecesInScratch(_ rest: Range<Int32>, built: Range<Int>, then value: ValueRange) -> ValueRange {
        // Evaluations nested in a reference build above `mark` and shrink `scratch` back
        // before returning.
        let mark = scratch.count
        defer { scratch.removeLast(downTo: mark) }
        scratch.append(values.base.unsafelyUnwrapped + built.lowerBound, count: built.count)
        if value.count > 0 { scratch.append(values.base.unsafelyUnwrapped + value.start, count: value.count) }
        // Copied: what the reference added is needed no more, unless cached.
        dropValues(above: built.upperBound)
        if scratch.count - mark > options.maximumValueSize {
            abortValueTooLarge()
            return .empty
        }
        for index in rest {
            if aborted { return .empty }
            let piece = store.pieces[Int(index)]
            if piece.isReference {
                let valuesMark = values.count
                if let value = evaluateReference(compiled: Int(piece.start)), value.count > 0 {
                    scratch.append(values.base.unsafelyUnwrapped + value.start, count: value.count)
                }
                // Copied: what the reference added is needed no more, unless cached.
                dropValues(above: valuesMark)
            } else {
                if piece.length > 0 { scratch.append(store.text.base.unsafelyUnwrapped + Int(piece.start), count: Int(piece.length)) }
            }
            if scratch.count - mark > options.maximumValueSize {
                abortValueTooLarge()
                return .empty
            }
        }
        if scratch.count == mark { return .empty }
        let start = values.count
        values.append(scratch.base.unsafelyUnwrapped + mark, count: scratch.count - mark)
        return ValueRange(start: start, count: scratch.count - mark)
    }

    /// A compiled reference evaluated, operators applied; `nil` when it produced nothing. An
    /// empty element (an unset string-typed setting) is empty, or `nil` when the reference has
    /// no operators: only operators tell the two apart, and callers take both as no bytes.
    ///
    /// The usual references (an assigned setting, `$(inherited)`, a name no level assigns,
    /// without extra bindings) reach their target by ID and make no string: a string made or
    /// released per reference cost more than the rest of reaching an unset setting.
    func evaluateReference(compiled index: Int) -> ValueRange? {
        let reference = store.references[index]
        if extraBindings.isEmpty {
            switch reference.kind {
            case .setting:
                // An assigned setting's name, known when compiled: none of the special names apply.
                return evaluateAssigned(reference, id: Int(reference.nameID))
            case .inherited where !frames.isEmpty, .value where !frames.isEmpty:
                // What ``target(of:interned:)`` finds for these names, without comparing strings.
                let top = frames.count - 1
                return evaluate(reference, reaching: inherited(nameID: frames[top].nameID, below: frames[top].record), spelled: nil)
            case .unassigned:
                return evaluateUnassigned(reference)
            case .empty, .inherited, .value, .computed:
                break
            }
        }
        return evaluateReferenceByName(reference)
    }

    /// The value of `reference` to the assigned setting `id`, operators applied, without extra
    /// bindings. Nearly always a setting no frame evaluates, with a matching assignment: what
    /// ``settingTarget(_:)`` then ``evaluate(_:reaching:spelled:)`` do for it, without making a
    /// ``Target`` and passing it on (a call and an enum copy per reference; for a computed
    /// name, 2K of resolve-bench's 572K instructions).
    @inline(__always)
    private func evaluateAssigned(_ reference: CompiledReference, id: Int) -> ValueRange? {
        if activeCount[id, default: 0] == 0 {
            let top = Int(topMatching[id])
            if top >= 0 {
                if !frames.isEmpty { addFreeName(Int32(truncatingIfNeeded: id)) }
                let found = evaluateRecord(nameID: id, record: top)
                return applyOperators(of: reference, to: found.hasContent ? found : nil)
            }
        }
        return evaluate(reference, reaching: settingTarget(id), spelled: nil)
    }

    /// ``evaluateReference(compiled:)`` for the references it does not reach by ID: extra
    /// bindings are consulted by name, and a computed name is evaluated first.
    private func evaluateReferenceByName(_ reference: CompiledReference) -> ValueRange? {
        let name: String?
        let target: Target
        switch reference.kind {
        case .setting:
            name = names[Int(reference.nameID)]
            target = self.target(of: name!, interned: Int(reference.nameID))
        case .unassigned:
            name = store.unassignedNames.string(Int(reference.nameID))
            target = self.target(of: name!, interned: nil)
        case .empty, .inherited, .value:
            name = reference.kind == .empty ? "" : reference.kind == .inherited ? "inherited" : "value"
            target = self.target(of: name!, interned: reference.nameID >= 0 ? Int(reference.nameID) : nil)
        case .computed:
            let spelled = evaluatePieces(reference.name)
            let bytes = values.bytes(spelled.start, spelled.count)
            if extraBindings.isEmpty, CompiledReference.NameKind(specialName: bytes) == nil, let id = nameIDs.id(ofBytes: bytes) {
                // An assigned setting's name, looked up on the bytes, then reached as a reference
                // spelled with that name is.
                return evaluateAssigned(reference, id: id)
            } else {
                name = string(spelled)
                target = self.target(of: name!)
            }
        }
        return evaluate(reference, reaching: target, spelled: name)
    }

    /// The value of `reference`, which reaches `target`, operators applied. `spelled` is the
    /// name as written when it was made; when `nil`, the name is the kind's special name or
    /// the unset setting's (a bare reference to an unset name prints it).
    private func evaluate(_ reference: CompiledReference, reaching target: Target, spelled name: String?) -> ValueRange? {
        var value: ValueRange?
        switch target {
        case .unsetSetting(let id):
            if reference.isBare {
                let printed = name ?? (reference.kind == .inherited ? "inherited" : reference.kind == .value ? "value" : names[id])
                return appendValue("$" + printed)
            }
            // Without operators, one empty element and nothing are alike to every caller: the
            // type is not looked up (a `$(inherited)` at the bottom of its chain cost 4.3K of
            // resolve-bench's 614K instructions in catalogue look-ups).
            if reference.operators.isEmpty { return nil }
            // `default=` alone does not depend on the type: skipped, it is not looked up.
            if let operand = onlyDefaultOperand(reference) { return evaluatePieces(operand) }
            // Only ever empty: one empty element.
            value = declaredStringValue(ofType: settingType(id)).map { _ in .empty }
        case .unsetName(let setting):
            if reference.isBare { return appendValue("$" + (name ?? setting)) }
            if reference.operators.isEmpty { return nil }
            value = declaredStringValue(setting).map { _ in .empty }
        case .bound(let bound):
            value = appendValue(bound)
        case .record(let nameID, let record):
            let found = evaluateRecord(nameID: nameID, record: record)
            value = found.hasContent ? found : nil
        }
        return applyOperators(of: reference, to: value)
    }

    /// The operand of `reference`'s operators when they are exactly one `default=`: on a
    /// reference that produced nothing or an empty value, the result is the operand's value
    /// whatever else the reference reached.
    @inline(__always)
    private func onlyDefaultOperand(_ reference: CompiledReference) -> Range<Int32>? {
        let operators = reference.operators
        guard operators.upperBound &- operators.lowerBound == 1 else { return nil }
        let op = store.operators[Int(operators.lowerBound)]
        return op.name == .default ? op.operand : nil
    }

    /// A reference to a name no level assigns, known by its ID in
    /// ``ProgramStore/unassignedNames``, without extra bindings: what ``target(of:interned:)``
    /// and the unset case of ``evaluate(_:reaching:spelled:)`` do, without making its string.
    private func evaluateUnassigned(_ reference: CompiledReference) -> ValueRange? {
        let id = Int(reference.nameID)
        // Never assigned, so never being evaluated: no effect on cache validity.
        if unresolvedNames != nil { recordUnresolved(store.unassignedNames.string(id)) }
        if reference.isBare { return appendValue("$" + store.unassignedNames.string(id)) }
        // Without operators, one empty element and nothing are alike: the type is not looked up.
        if reference.operators.isEmpty { return nil }
        // `$(UNSET:default=...)`: the operand, whatever the name's type.
        if let operand = onlyDefaultOperand(reference) { return evaluatePieces(operand) }
        // A string-typed name is one empty element, anything else nothing.
        let value: ValueRange? = declaredStringValue(ofType: unassignedType(id)) == nil ? nil : .empty
        return applyOperators(of: reference, to: value)
    }

    /// `value`, what `reference` reached, after the reference's operators.
    ///
    /// Inlined: nearly every reference has no operator, and the call cost more than the check.
    @inline(__always)
    private func applyOperators(of reference: CompiledReference, to value: ValueRange?) -> ValueRange? {
        let operators = reference.operators
        if operators.lowerBound == operators.upperBound { return value }
        return applyOperators(operators, to: value)
    }

    /// ``applyOperators(of:to:)`` of a reference with operators, `operators` in ``ProgramStore/operators``.
    private func applyOperators(_ operators: Range<Int32>, to value: ValueRange?) -> ValueRange? {
        if operators.upperBound &- operators.lowerBound == 1 {
            let op = store.operators[Int(operators.lowerBound)]
            if let operand = op.operand {
                // `default=` on nothing or on an empty value is its operand, evaluated in place.
                if op.name == .default, value?.count ?? 0 == 0 { return evaluatePieces(operand) }
            } else if let value, let mapped = retrievedInPlace(value, by: op.name) {
                return mapped
            }
        }
        // Operators work on strings; the value is read before any operand is evaluated.
        var text = value.map(string)
        for index in operators {
            let op = store.operators[Int(index)]
            text = applyOperator(op.name, hasOperand: op.operand != nil, to: text) { string(evaluatePieces(op.operand!)) }
        }
        return text.map(appendValue)
    }

    /// `value` after the retrieval operator `name`, computed on its bytes when it is ASCII:
    /// `:upper` and `:lower` map it byte by byte, `:file`, `:base`, `:suffix` and `:dir` are a
    /// part of it (not copied). `nil` for any other operator or value. Making strings for
    /// ``Operators`` and back cost more than the rest of the reference.
    private func retrievedInPlace(_ value: ValueRange, by name: OperatorName) -> ValueRange? {
        switch name {
        case .upper: return asciiCaseMapped(value, toUpper: true)
        case .lower: return asciiCaseMapped(value, toUpper: false)
        case .file, .base, .suffix, .dir: return pathPart(value, by: name)
        default: return nil
        }
    }

    /// `value` after `:file`, `:base`, `:suffix` or `:dir` when it is ASCII, as
    /// ``Operators/retrieve(_:_:)`` computes them: a range of `value`, or `./` for the
    /// directory of a value without `/`.
    private func pathPart(_ value: ValueRange, by name: OperatorName) -> ValueRange? {
        guard let (lastSlash, lastDot) = Self.lastSlashAndDot(values.bytes(value.start, value.count)) else { return nil }
        let componentStart = lastSlash + 1
        switch name {
        case .file:
            return ValueRange(start: value.start + componentStart, count: value.count - componentStart)
        case .base:
            let end = lastDot >= 0 ? lastDot : value.count
            return ValueRange(start: value.start + componentStart, count: end - componentStart)
        case .suffix:
            // The extension with its dot; nothing without one.
            guard lastDot >= 0 else { return ValueRange(start: value.start, count: 0) }
            return ValueRange(start: value.start + lastDot, count: value.count - lastDot)
        case .dir:
            // Up to and with the last `/`.
            guard lastSlash >= 0 else { return appendValue("./") }
            return ValueRange(start: value.start, count: lastSlash + 1)
        default:
            return nil
        }
    }

    /// The offsets of the last `/` in `bytes` and of the last `.` after it (in the last
    /// component), -1 for none; `nil` when a byte is not ASCII.
    ///
    /// Eight bytes at a time: comparing each byte of a path of fifty-odd bytes twice cost more
    /// than the rest of the reference. Every byte of a word is below 0x80 once its high bits are
    /// checked, so a byte XOR the one looked for is zero exactly when adding 0x7F leaves its
    /// high bit clear (no carry crosses bytes): the matches are exact, and the last is the
    /// highest set bit.
    static func lastSlashAndDot(_ bytes: UnsafeBufferPointer<UInt8>) -> (slash: Int, dot: Int)? {
        var lastSlash = -1, lastDot = -1
        guard let base = bytes.baseAddress else { return (lastSlash, lastDot) }
        let count = bytes.count
        if count < 8 {
            for offset in 0..<count {
                let byte = base[offset]
                if byte >= 0x80 { return nil }
                if byte == UInt8(ascii: "/") {
                    lastSlash = offset
                    lastDot = -1
                } else if byte == UInt8(ascii: ".") {
                    lastDot = offset
                }
            }
            return (lastSlash, lastDot)
        }
        let raw = UnsafeRawPointer(base)
        let ones: UInt64 = 0x0101_0101_0101_0101, highBits = ones &* 0x80, low = ones &* 0x7F
        let slashes = ones &* UInt64(UInt8(ascii: "/")), dots = ones &* UInt64(UInt8(ascii: "."))
        var offset = 0
        while true {
            // The last word overlaps the one before rather than ending byte by byte: seeing a
            // byte twice finds the same last offsets.
            let at = min(offset, count &- 8)
            let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: at, as: UInt64.self))
            if word & highBits != 0 { return nil }
            let slashMatches = ~((word ^ slashes) &+ low) & highBits
            let dotMatches = ~((word ^ dots) &+ low) & highBits
            if slashMatches != 0 {
                lastSlash = at &+ (63 &- slashMatches.leadingZeroBitCount) &>> 3
                lastDot = -1
            }
            if dotMatches != 0 {
                let dot = at &+ (63 &- dotMatches.leadingZeroBitCount) &>> 3
                if dot > lastSlash { lastDot = dot }
            }
            offset &+= 8
            if offset >= count { return (lastSlash, lastDot) }
        }
    }

    /// `value` after `:upper` (`toUpper`) or `:lower` when it is ASCII, mapped byte by byte (the
    /// usual case: making strings for `uppercased()` and back cost more than the rest of the
    /// reference); `nil` for any other value.
    private func asciiCaseMapped(_ value: ValueRange, toUpper: Bool) -> ValueRange? {
        // An empty element (an unset string-typed setting) maps to itself; `values` may have
        // no storage yet, whose address is read below.
        if value.count == 0 { return value }
        // Copied first and mapped in one pass over the copy, which is dropped again when a
        // byte is not ASCII.
        let start = values.count
        values.appendCopy(from: value.start, count: value.count)
        let bytes = values.base.unsafelyUnwrapped + start
        // The letters to change, and the bit that tells the cases apart.
        let (first, last): (UInt8, UInt8) = toUpper ? (0x61, 0x7A) : (0x41, 0x5A)
        // Eight bytes at a time. Every byte is below 0x80 once the high bits are checked, so
        // adding 0x80 - first sets a byte's high bit exactly when it is at least `first`, and
        // adding 0x7F - last exactly when it is above `last`, without carrying into the next
        // byte; the letters' high bits shifted down by two are the case bits to flip.
        let raw = UnsafeMutableRawPointer(bytes)
        let ones: UInt64 = 0x0101_0101_0101_0101, highBits = ones &* 0x80
        let atLeastFirst = ones &* UInt64(0x80 &- first), aboveLast = ones &* UInt64(0x7F &- last)
        let count = value.count
        if count >= 8 {
            // The last word overlaps the one before rather than ending byte by byte (that cost
            // 1.0K of resolve-bench's 601.2K instructions): the mapping changes no byte it has
            // mapped (a letter mapped is not one to change), so mapping bytes twice is the same.
            var offset = 0
            while true {
                let at = min(offset, count &- 8)
                let word = raw.loadUnaligned(fromByteOffset: at, as: UInt64.self)
                if word & highBits != 0 {
                    values.removeLast(downTo: start)
                    return nil
                }
                let letters = (word &+ atLeastFirst) & ~(word &+ aboveLast) & highBits
                raw.storeBytes(of: word ^ (letters &>> 2), toByteOffset: at, as: UInt64.self)
                offset &+= 8
                if offset >= count { return ValueRange(start: start, count: count) }
            }
        }
        for offset in 0..<count {
            let byte = bytes[offset]
            if byte >= 0x80 {
                values.removeLast(downTo: start)
                return nil
            }
            if byte >= first && byte <= last { bytes[offset] = byte ^ 0x20 }
        }
        return ValueRange(start: start, count: value.count)
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
            value = applyOperator(OperatorName(op.name), hasOperand: op.operand != nil, to: value) { evaluateString(op.operand!) }
        }
        return value
    }

    /// Applies one operator to a reference's value; `operand` evaluates the operand, only when
    /// it is used.
    ///
    /// Operators apply to each element; a reference that produced no element at all (an
    /// unknown name, an unset list) stays empty, except that `default=` supplies one
    /// (semantics §3.6-3.7). An unset string-typed setting is one empty element.
    func applyOperator(_ name: OperatorName, hasOperand: Bool, to value: String?, operand: () -> String) -> String? {
        guard let current = value else {
            return name == .default && hasOperand ? operand() : nil
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
        /// No assignment of the assigned setting with this interned ID matches (for
        /// `$(inherited)`, the setting being evaluated). An ID, so that reaching one makes no string.
        case unsetSetting(Int)
        /// No level assigns the name (or it is empty).
        case unsetName(String)
        case bound(String)
        case record(nameID: Int, record: Int)
    }

    /// The assignment a reference to `name` reaches with the current frames (semantics §3.5).
    func target(of name: String) -> Target {
        target(of: name, interned: nameIDs[name])
    }

    /// ``target(of:)`` with the name's interned ID already looked up.
    func target(of name: String, interned: Int?) -> Target {
        if name.isEmpty { return .unsetName(name) }
        if !extraBindings.isEmpty, let bound = extraBindings[name] { return .bound(bound) }
        if name == "inherited" || name == "value", let top = frames.all.last {
            return inherited(nameID: top.nameID, below: top.record)
        }
        guard let id = interned else {
            // Never assigned, so never being evaluated: no effect on cache validity.
            recordUnresolved(name)
            return .unsetName(name)
        }
        return settingTarget(id)
    }

    /// What a reference to the assigned setting `id` reaches with the current frames.
    func settingTarget(_ id: Int) -> Target {
        if activeCount[id, default: 0] > 0, let frameIndex = frames.all.lastIndex(where: { $0.nameID == id }) {
            // A setting referring to itself (directly or through others) means inherited.
            if frameIndex != frames.count - 1 {
                frames[frames.count - 1].outermostReached = min(frames[frames.count - 1].outermostReached, frameIndex)
            }
            return inherited(nameID: id, below: frames[frameIndex].record)
        }
        if !frames.isEmpty { addFreeName(Int32(truncatingIfNeeded: id)) }
        let top = Int(topMatching[id])
        guard top >= 0 else {
            if unresolvedNames != nil, lastRecord[id] < 0 { recordUnresolved(names[id]) }
            return .unsetSetting(id)
        }
        return .record(nameID: id, record: top)
    }

    /// The string value a reference reaching `target` gets with the current frames.
    func lookup(_ target: Target) -> LookupResult {
        switch target {
        case .unsetSetting(let id): return .unset(setting: names[id])
        case .unsetName(let setting): return .unset(setting: setting)
        case .bound(let value): return .assigned(value)
        case .record(let nameID, let record):
            let value = evaluateRecordString(nameID: nameID, record: record)
            return .assigned(value.isEmpty ? nil : value)
        }
    }

    /// A declared but unset string-typed setting is an empty string, which still counts as
    /// an element; an unset list or unknown name is nothing (semantics §3.5).
    func declaredStringValue(_ name: String) -> String? {
        declaredStringValue(ofType: declaredType(of: name))
    }

    /// ``declaredStringValue(_:)`` of a setting of type `type`.
    func declaredStringValue(ofType type: SettingType) -> String? {
        switch type {
        case .string, .boolean, .enum: return ""
        // Observed in the recorded cases: an unset path-typed setting is nothing.
        case .path, .stringList, .pathList, .userDefined: return nil
        }
    }

    /// The catalogue's type of any name, looked up once per name: unset names are asked for
    /// at every reference to them.
    func declaredType(of name: String) -> SettingType {
        if let id = nameIDs[name] { return settingType(id) }
        return unassignedType(store.unassignedNames.intern(name).id)
    }

    /// The catalogue's type of the unassigned name `id` in ``ProgramStore/unassignedNames``,
    /// looked up once.
    func unassignedType(_ id: Int) -> SettingType {
        if id < unassignedTypes.count, let type = unassignedTypes[id] { return type }
        if id >= unassignedTypes.count {
            // Room for every name interned so far: they are asked for one after another.
            let count = max(id + 1, store.unassignedNames.count)
            unassignedTypes.append(contentsOf: repeatElement(nil, count: count - unassignedTypes.count))
        }
        let type = store.unassignedNames.withBytes(ofID: id) { catalog.type(ofNameBytes: $0) }
        unassignedTypes[id] = type
        return type
    }

    /// The catalogue's type of an interned setting, looked up once per setting.
    func settingType(_ id: Int) -> SettingType {
        if let type = settingTypes[id] { return type }
        let type = nameIDs.withBytes(ofID: id) { catalog.type(ofNameBytes: $0) }
        settingTypes[id] = type
        return type
    }

    /// The setting's next matching record below matching record `record`, if any.
    private func inherited(nameID: Int, below record: Int) -> Target {
        let previous = Int(records[record].previousMatching)
        guard previous >= 0 else { return .unsetSetting(nameID) }
        return .record(nameID: nameID, record: previous)
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

/// Per-setting counters indexed by interned name, read and written like a dictionary.
///
/// Pointer-backed: evaluation counts a setting in and out for every setting it evaluates,
/// and an array's uniqueness check on each write cost more than the count. Its owner calls
/// ``deallocate()`` once, when done with it; copies share the counters.
struct ActiveCounts {
    private var counts: UnsafeMutablePointer<Int>? = nil
    private var count = 0
    /// `false` while the counters are in storage lent by the owner, who frees it.
    private var ownsCounts = true

    init() {}

    /// Counters for `count` IDs in `storage` (room for `count` integers), which the owner
    /// frees, after ``deallocate()``.
    init(count: Int, lending storage: UnsafeMutableRawPointer) {
        guard count > 0 else { return }
        let counts = storage.bindMemory(to: Int.self, capacity: count)
        counts.initialize(repeating: 0, count: count)
        self.counts = counts
        self.count = count
        ownsCounts = false
    }

    init(count: Int) {
        guard count > 0 else { return }
        let counts = PlainMemory.allocate(Int.self, capacity: count)
        counts.initialize(repeating: 0, count: count)
        self.counts = counts
        self.count = count
    }

    subscript(id: Int, default defaultValue: Int) -> Int {
        get { id < count ? counts.unsafelyUnwrapped[id] : defaultValue }
        nonmutating set {
            precondition(id < count, "setting ID out of range")
            counts.unsafelyUnwrapped[id] = newValue
        }
    }

    subscript(id: Int) -> Int? {
        get { id < count ? counts.unsafelyUnwrapped[id] : nil }
        nonmutating set { self[id, default: 0] = newValue ?? 0 }
    }

    /// Frees the counters.
    func deallocate() {
        if ownsCounts { PlainMemory.deallocate(counts) }
    }
}

/// A set of interned names: a short list while small, a bitset once larger, so that merging
/// what a child looked up into its parent stays cheap down a 20,000-long chain (a `Set<Int>`
/// made that quadratic in time and memory). Evaluation keeps up to two names in its frames
/// and makes one of these only for more.
struct NameSet: Sendable {
    private static let listLimit = 16
    /// The members while there are at most ``listLimit``.
    private var list: [Int32] = []
    /// Used instead of `list` once it has words.
    private var words: [UInt64] = []
    private(set) var count = 0

    var isEmpty: Bool { count == 0 }

    func contains(_ id: Int) -> Bool {
        if words.isEmpty { return list.contains(Int32(truncatingIfNeeded: id)) }
        let word = id >> 6
        return word < words.count && words[word] & (1 << UInt64(id & 63)) != 0
    }

    /// `true` when some member satisfies `predicate`.
    func contains(where predicate: (Int) -> Bool) -> Bool {
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
        if words.isEmpty {
            let member = Int32(truncatingIfNeeded: id)
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
        let members = list
        list = []
        count = 0
        words = [0]
        for id in members { insert(Int(id)) }
    }
}
