import XCConfigSyntax

/// What each level of a stack assigns, as the set-up and evaluation read it: a configuration
/// level's assignments as loaded, a dictionary level's well-formed entries in the order Xcode
/// applies them. A record (``AssignmentTable/Record``) names its level and its item there; this
/// type answers everything about the assignment behind it (name, conditions, value, where).
///
/// Immutable once made, so it is shared by every evaluation of a resolver.
struct LevelSources: Sendable {
    /// The assignments of each configuration level, as loaded: (file, record) indices into the
    /// trees of ``levelFiles`` (empty for dictionary levels).
    let levelAssignments: [[AssignmentIndex]]
    /// The files of each configuration level: their trees hold the assignments, their paths
    /// are the provenance.
    let levelFiles: [[ConfigurationFile]]
    /// The entries of each dictionary level with a well-formed key, in the order pushed, with
    /// the setting name of each key.
    let levelEntries: [[(name: String, entry: DictionaryEntry)]]
    /// The conditions of every conditional dictionary entry, each entry's contiguous; an
    /// entry's start is ``entryConditionStarts``.
    let conditionSpecs: [ConditionSpec]
    /// Per dictionary level, per kept entry: where its conditions start in ``conditionSpecs``
    /// and how many there are.
    let entryConditions: [[(start: Int32, count: Int32)]]
    /// Malformed dictionary keys, with their level, in level order.
    let keyDiagnostics: [[Diagnostic]]

    init(levels: [Level]) {
        var levelAssignments: [[AssignmentIndex]] = []
        var levelFiles: [[ConfigurationFile]] = []
        var levelEntries: [[(name: String, entry: DictionaryEntry)]] = []
        var keyDiagnostics: [[Diagnostic]] = []
        var conditionSpecs: [ConditionSpec] = []
        var entryConditions: [[(start: Int32, count: Int32)]] = []
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
                levelAssignments.append(loaded.assignmentIndices)
                levelFiles.append(loaded.files)
                levelEntries.append([])
                entryConditions.append([])
            case .dictionary(let entries):
                levelAssignments.append([])
                levelFiles.append([])
                // Dictionaries are applied in ascending key order, so `FOO[...]` beats `FOO`
                // (semantics §4.1).
                let sorted = entries.sortedByKey()
                var kept: [(name: String, entry: DictionaryEntry)] = []
                var keptConditions: [(start: Int32, count: Int32)] = []
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
                    keptConditions.append((Int32(truncatingIfNeeded: conditionSpecs.count), Int32(truncatingIfNeeded: conditions.count)))
                    conditionSpecs.append(contentsOf: conditions)
                }
                levelEntries.append(kept)
                entryConditions.append(keptConditions)
            }
        }
        self.levelAssignments = levelAssignments
        self.levelFiles = levelFiles
        self.levelEntries = levelEntries
        self.conditionSpecs = conditionSpecs
        self.entryConditions = entryConditions
        self.keyDiagnostics = keyDiagnostics
    }

    /// How many assignments and entries all levels hold: the number of records.
    var itemCount: Int {
        levelAssignments.reduce(0) { $0 + $1.count } + levelEntries.reduce(0) { $0 + $1.count }
    }

    /// Where configuration record `record`'s assignment is written.
    @inline(__always)
    private func index(of record: AssignmentTable.Record) -> AssignmentIndex {
        levelAssignments[Int(record.levelIndex)][Int(record.item)]
    }

    /// The conditions of `record`.
    func conditions(of record: AssignmentTable.Record) -> [ConditionSpec] {
        let levelIndex = Int(record.levelIndex)
        guard record.hasConditions else { return [] }
        if levelAssignments[levelIndex].isEmpty {
            let spec = entryConditions[levelIndex][Int(record.item)]
            return Array(conditionSpecs[Int(spec.start)..<Int(spec.start + spec.count)])
        }
        var conditions: [ConditionSpec] = []
        forEachCondition(of: record) { parameter, pattern in
            conditions.append(ConditionSpec(
                parameter: String(decoding: parameter, as: UTF8.self), pattern: String(decoding: pattern, as: UTF8.self)))
            return true
        }
        return conditions
    }

    /// Calls `body` with the parameter and pattern bytes of each condition of `record`, in
    /// the order written, until it returns `false`.
    func forEachCondition(of record: AssignmentTable.Record, _ body: (_ parameter: UnsafeBufferPointer<UInt8>, _ pattern: UnsafeBufferPointer<UInt8>) -> Bool) {
        guard record.hasConditions else { return }
        let levelIndex = Int(record.levelIndex)
        if levelAssignments[levelIndex].isEmpty {
            let spec = entryConditions[levelIndex][Int(record.item)]
            for condition in Int(spec.start)..<Int(spec.start + spec.count) {
                var parameter = conditionSpecs[condition].parameter, pattern = conditionSpecs[condition].pattern
                if !parameter.withUTF8({ parameter in pattern.withUTF8 { body(parameter, $0) } }) { return }
            }
            return
        }
        let assignment = index(of: record)
        levelFiles[levelIndex][assignment.file].tree.forEachCondition(ofRecord: assignment.record, body)
    }

    /// The value text of `record`, as written (after Xcode's line processing).
    func rawValue(of record: AssignmentTable.Record) -> String {
        let levelIndex = Int(record.levelIndex)
        if levelAssignments[levelIndex].isEmpty { return levelEntries[levelIndex][Int(record.item)].entry.value }
        let assignment = index(of: record)
        return levelFiles[levelIndex][assignment.file].tree.assignment(ofRecord: assignment.record).value
    }

    /// The input of the file `record` is written in, and the range of its value there, when the
    /// value is one chunk of it (nearly always); `nil` otherwise. The input is the one value the
    /// caller then holds while it reads the bytes: reading them in a closure through this type
    /// (``withValueBytes(of:_:)``) kept every array on the way to them retained around the
    /// closure, about nine retains and releases per compiled value.
    @inline(__always)
    func valueInPlace(of record: AssignmentTable.Record) -> (input: [UInt8], chunk: Range<Int>)? {
        let levelIndex = Int(record.levelIndex)
        if levelAssignments[levelIndex].isEmpty { return nil }
        let assignment = index(of: record)
        guard let chunk = levelFiles[levelIndex][assignment.file].tree.assignmentRecord(assignment.record)?.valueChunk else {
            return nil
        }
        return (levelFiles[levelIndex][assignment.file].tree.bytes, chunk)
    }

    /// Calls `body` with the UTF-8 bytes of `record`'s value, in place where possible.
    @inline(__always)
    func withValueBytes<R>(of record: AssignmentTable.Record, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        let levelIndex = Int(record.levelIndex)
        if levelAssignments[levelIndex].isEmpty {
            var value = levelEntries[levelIndex][Int(record.item)].entry.value
            return value.withUTF8(body)
        }
        let assignment = index(of: record)
        return levelFiles[levelIndex][assignment.file].tree.withValueBytes(ofRecord: assignment.record, body)
    }

    /// The file `record` is written in (or the file holding its dictionary entry).
    func file(of record: AssignmentTable.Record) -> String? {
        let levelIndex = Int(record.levelIndex)
        if levelAssignments[levelIndex].isEmpty { return levelEntries[levelIndex][Int(record.item)].entry.origin?.file }
        return levelFiles[levelIndex][levelAssignments[levelIndex][Int(record.item)].file].path
    }

    /// Where `record`'s setting name is written.
    func location(of record: AssignmentTable.Record) -> SourceLocation? {
        let levelIndex = Int(record.levelIndex)
        if levelAssignments[levelIndex].isEmpty {
            return levelEntries[levelIndex][Int(record.item)].entry.origin?.line.map { SourceLocation(line: $0, column: 1) }
        }
        let assignment = index(of: record)
        return levelFiles[levelIndex][assignment.file].tree.assignment(ofRecord: assignment.record).nameRange.start
    }

    /// The key path of `record`'s dictionary entry, if it has one.
    func keyPath(of record: AssignmentTable.Record) -> String? {
        let levelIndex = Int(record.levelIndex)
        if levelAssignments[levelIndex].isEmpty { return levelEntries[levelIndex][Int(record.item)].entry.origin?.keyPath }
        return nil
    }
}
