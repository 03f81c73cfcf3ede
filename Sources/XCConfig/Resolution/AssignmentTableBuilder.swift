import XCConfigSyntax

extension AssignmentTable {
    /// Builds a table: pushes every level's assignments onto their settings' chains, lowest
    /// level first, and decides which match the context (``ConditionMatching``).
    ///
    /// A value type used once, in ``AssignmentTable/init(levels:context:catalog:)``: its
    /// buffers are written many times per record, and a struct's are checked for exclusive
    /// access when compiled rather than at every write.
    struct Builder: ~Copyable {
        /// An `sdk` pattern of a record of the level being pushed: a range of ``sdkPatternBytes``.
        struct SDKPattern {
            var record: Int
            var start: Int
            var count: Int
        }

        let sources: LevelSources
        let context: EvaluationContext
        let levels: [Level]
        /// What the context binds each condition parameter to, as bytes.
        let conditionValues: ConditionValues
        /// Whether `sdk` conditions are bound per setting before each level is pushed (the
        /// context has an SDK name and fallbacks to choose from), rather than matched like the
        /// others.
        let bindsSDK: Bool
        var records: FlatBuffer<Record>
        let nameIDs: NameTable
        var lastRecord: FlatBuffer<Int32>
        var topMatching: FlatBuffer<Int32>
        var diagnostics: [Diagnostic] = []
        /// Per record, what ``noteConditions(ofRecord:count:after:in:)`` found
        /// (``conditionMismatch``, ``conditionOnSDK``).
        var conditionFlags: FlatBuffer<UInt8>
        /// What the context made of the last few distinct short conditions.
        var conditionMemo: FlatBuffer<ConditionMemoEntry>
        /// With ``bindsSDK``, the `sdk` patterns of the level being pushed, in record order.
        var sdkPatterns: FlatBuffer<SDKPattern>
        var sdkPatternBytes: ByteBuffer

        init(sources: LevelSources, context: EvaluationContext, levels: [Level]) {
            self.sources = sources
            self.context = context
            self.levels = levels
            conditionValues = ConditionValues(context)
            // With one SDK name there is nothing to choose: `sdk` is matched like the others.
            bindsSDK = context.sdks.count > 1
            let count = sources.itemCount
            // Most settings are assigned once: room for as many names as records. There are
            // never more names than records.
            nameIDs = NameTable(capacity: count)
            records = FlatBuffer()
            records.reserveCapacity(count)
            lastRecord = FlatBuffer()
            lastRecord.reserveCapacity(count)
            topMatching = FlatBuffer()
            topMatching.reserveCapacity(count)
            conditionFlags = FlatBuffer()
            conditionFlags.reserveCapacity(count)
            conditionMemo = FlatBuffer()
            sdkPatterns = FlatBuffer()
            sdkPatternBytes = ByteBuffer()
        }

        /// Pushes every level, lowest first.
        mutating func pushLevels() {
            for levelIndex in levels.indices {
                diagnostics += sources.keyDiagnostics[levelIndex]
                let start = records.count
                pushAssignments(levelIndex: levelIndex)
                pushEntries(levelIndex: levelIndex)
                bindConditions(levelIndex: levelIndex, records: start..<records.count)
            }
        }

        /// Pushes the assignments of configuration level `levelIndex`, noting their conditions.
        private mutating func pushAssignments(levelIndex: Int) {
            let listing = sources.levelAssignments[levelIndex]
            let files = sources.levelFiles[levelIndex]
            var item = 0
            while item < listing.count {
                // The assignments of one file read one input: it is opened once for the run,
                // and each name is read as a range of it.
                let file = listing[item].file
                let tree = files[file].tree
                item = tree.bytes.withUnsafeBufferPointer { input in
                    var item = item
                    while item < listing.count && listing[item].file == file {
                        let recordIndex = listing[item].record
                        if let assignment = tree.assignmentRecord(recordIndex) {
                            let nameID = intern(UnsafeBufferPointer(rebasing: input[assignment.nameRange]))
                            let hasConditions = assignment.conditionCount != 0
                            push(nameID: nameID, levelIndex: levelIndex, item: item, hasConditions: hasConditions)
                            // Conditions stay where they are written; they are matched here,
                            // where the input is open.
                            if hasConditions { noteConditions(ofRecord: records.count - 1, of: assignment, in: input) }
                        } else {
                            // An assignment its tree keeps whole: read through its statement.
                            let nameID = tree.withNameBytes(ofRecord: recordIndex) { intern($0) }
                            let hasConditions = tree.hasConditions(ofRecord: recordIndex)
                            push(nameID: nameID, levelIndex: levelIndex, item: item, hasConditions: hasConditions)
                            if hasConditions { noteConditions(ofRecord: records.count - 1) }
                        }
                        item += 1
                    }
                    return item
                }
            }
        }

        /// Pushes the entries of dictionary level `levelIndex`, noting their conditions.
        private mutating func pushEntries(levelIndex: Int) {
            for (item, kept) in sources.levelEntries[levelIndex].enumerated() {
                var name = kept.name
                let nameID = name.withUTF8 { intern($0) }
                let hasConditions = sources.entryConditions[levelIndex][item].count > 0
                push(nameID: nameID, levelIndex: levelIndex, item: item, hasConditions: hasConditions)
                if hasConditions { noteConditions(ofRecord: records.count - 1) }
            }
        }

        /// The interned ID of the name spelled by `bytes`, interning it when new.
        @inline(__always)
        private mutating func intern(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
            let (id, isNew) = nameIDs.intern(bytes: bytes)
            if isNew {
                lastRecord.append(-1)
                topMatching.append(-1)
            }
            return id
        }

        private mutating func push(nameID: Int, levelIndex: Int, item: Int, hasConditions: Bool) {
            conditionFlags.append(0)
            records.append(Record(
                nameID: Int32(truncatingIfNeeded: nameID), levelIndex: Int32(truncatingIfNeeded: levelIndex),
                item: Int32(truncatingIfNeeded: item), hasConditions: hasConditions,
                previous: lastRecord[nameID], previousMatching: -1, matches: false))
            lastRecord[nameID] = Int32(truncatingIfNeeded: records.count - 1)
        }

        /// Marks a record as matching: it goes on top of its setting's matching assignments.
        mutating func markMatching(_ index: Int) {
            let nameID = Int(records[index].nameID)
            records[index].matches = true
            records[index].previousMatching = topMatching[nameID]
            topMatching[nameID] = Int32(truncatingIfNeeded: index)
        }
    }
}
