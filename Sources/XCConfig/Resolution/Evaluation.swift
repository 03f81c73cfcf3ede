import XCConfigSyntax

/// Evaluation of one setting's value: frames, the cache and its validity, the value bytes.
///
/// A reference to another setting is late-bound against the whole stack (semantics §4.3): it
/// reaches that setting's newest matching assignment, unless the setting is being evaluated
/// already, in which case it means `$(inherited)` below that frame's assignment.
extension Evaluator {

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
        // have none or one (a literal, a value referring to one setting), so stopping there
        // spares testing all four slots.

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

    /// An evaluated value: a range of ``values``, or ``nothing``.
    ///
    /// Xcode applies an operator to each element of what a reference produced, and an empty
    /// string is an element (swift-build's `MacroEvaluationResultBuilder` counts any text
    /// appended, even empty). So an empty value is one of two things: ``nothing`` (an empty
    /// list-typed value, an unset list, an unknown name), to which only `default=` applies, or
    /// an empty element (an empty string-typed value, an unset string-typed setting, an
    /// operator's empty result), to which every operator applies: `$(EMPTY:not)` is `YES`.
    struct ValueRange {
        var start: Int
        var count: Int
        /// `true` for ``nothing`` only.
        private(set) var isNothing = false

        init(start: Int, count: Int) {
            self.start = start
            self.count = count
        }

        /// What produced no element at all.
        static let nothing: ValueRange = {
            var value = ValueRange(start: 0, count: 0)
            value.isNothing = true
            return value
        }()
        var end: Int { start + count }
    }

    /// An empty element at the top of ``values``.
    var emptyElement: ValueRange { ValueRange(start: values.count, count: 0) }

    /// The value text of record `index`, as written (after Xcode's line processing).
    func rawValue(ofRecord index: Int) -> String {
        // A value without `$` was copied once already, when it was compiled.
        if let program = programs[index], program.isVerbatim { return store.literalString(program) }
        return table.sources.rawValue(of: records[index])
    }

    func program(_ recordIndex: Int) -> StringProgram {
        if let program = programs[recordIndex] { return program }
        let record = records[recordIndex]
        let program: StringProgram
        // A value that is one chunk of its file's input (nearly all) is compiled where it stands.
        if let (input, chunk) = table.sources.valueInPlace(of: record) {
            program = input.withUnsafeBufferPointer { compileProgram(UnsafeBufferPointer(rebasing: $0[chunk]), nameID: Int(record.nameID)) }
        } else {
            program = table.sources.withValueBytes(of: record) { compileProgram($0, nameID: Int(record.nameID)) }
        }
        programs[recordIndex] = program
        return program
    }

    /// The program of a value of setting `nameID` spelled by `bytes`.
    @inline(__always)
    func compileProgram(_ bytes: UnsafeBufferPointer<UInt8>, nameID: Int) -> StringProgram {
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
            value = .nothing
        }
        defer { dropValues(above: mark) }
        return body(values.bytes(value.start, value.count))
    }

    /// ``evaluateRecord(nameID:record:)`` as a string, dropping the bytes only it needed; `nil`
    /// when it produced nothing.
    func evaluateRecordString(nameID: Int, record: Int) -> String? {
        let mark = values.count
        let value = evaluateRecord(nameID: nameID, record: record)
        let text = value.isNothing ? nil : string(value)
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
        if aborted { return .nothing }
        if let entry = cache[recordIndex], isValid(entry), tracer == nil || tracer!.hasExpanded(recordIndex) {
            mergeIntoParent(entry)
            if tracer != nil { tracer!.reachedAgain(recordIndex: recordIndex, value: string(entry.value)) }
            return entry.value
        }
        if frames.count >= options.maximumDepth {
            abort(nameID: nameID, message: "evaluation of '\(table.name(nameID))' nests deeper than \(options.maximumDepth) settings")
            return .nothing
        }
        let program = program(recordIndex)
        if program.isLiteral && tracer == nil {
            // A literal looks nothing up: it needs no frame, and depends on nothing. Many
            // values are literal.
            let value = evaluateProgram(program, nameID: nameID)
            cache[recordIndex] = CacheEntry(value: value, freeNames: InlineNames(), overflow: -1)
            committedValues = max(committedValues, value.end)
            return value
        }
        pushFrame(nameID: nameID, record: recordIndex)
        tracer?.enter(recordIndex: recordIndex)
        let value = evaluateProgram(program, nameID: nameID)
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
        activeCount[nameID] += 1
    }

    /// Pops the innermost frame and passes what it looked up and reached on to the frame
    /// below. When the popped frame has ``Frame/spilled`` set, its free names stay in
    /// ``spilledFreeNames`` at its depth (now `frames.count`) until another frame spills there.
    @inline(__always)
    func popFrame() -> Frame {
        let frame = frames[frames.count - 1]
        frames.removeLast(downTo: frames.count - 1)
        activeCount[frame.nameID] -= 1
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
    func addFreeName(_ id: Int32) {
        let top = frames.count - 1
        if !frames[top].spilled && frames[top].freeNames.insert(id) { return }
        addSpilledFreeName(id)
    }

    /// ``addFreeName(_:)`` once the innermost frame's inline names are full: they are spilled
    /// first if they are not yet.
    func addSpilledFreeName(_ id: Int32) {
        let top = frames.count - 1
        if !frames[top].spilled { spill(top) }
        spilledFreeNames[top].insert(Int(id))
    }

    /// Adds `names` to the free names of the innermost frame; there must be one.
    func addFreeNames(_ names: NameSet) {
        let top = frames.count - 1
        if !frames[top].spilled { spill(top) }
        spilledFreeNames[top].formUnion(names)
    }

    /// Moves the inline free names of the frame at `depth` to ``spilledFreeNames``.
    func spill(_ depth: Int) {
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
    func isValid(_ entry: CacheEntry) -> Bool {
        if entry.overflow >= 0 { return isValid(cachedNameSets[Int(entry.overflow)]) }
        if frames.isEmpty { return true }
        // A member is being evaluated exactly when some frame evaluates it.
        return entry.freeNames.allSatisfy { activeCount[Int($0)] == 0 }
    }

    @inline(__always)
    func mergeIntoParent(_ entry: CacheEntry) {
        guard !frames.isEmpty else { return }
        if entry.overflow >= 0 {
            addFreeNames(cachedNameSets[Int(entry.overflow)])
            return
        }
        entry.freeNames.forEach(addFreeName)
    }

    func isValid(_ freeNames: NameSet) -> Bool {
        if frames.isEmpty || freeNames.isEmpty { return true }
        if freeNames.count < frames.count {
            return !freeNames.contains { activeCount[$0] > 0 }
        }
        for frame in frames.all where freeNames.contains(frame.nameID) { return false }
        return true
    }

    func abort(nameID: Int, message: String) {
        aborted = true
        let chain = frames.all.map { table.name($0.nameID) }
        let root = frames.isEmpty ? nameID : frames[0].nameID
        guard abortReported.insert(root).inserted else { return }
        let top = Int(topMatching[root])
        var notes: [String] = []
        if !chain.isEmpty {
            var shown = chain.prefix(12).joined(separator: " -> ")
            if chain.count > 12 { shown += " -> … (\(chain.count) settings)" }
            notes.append("through " + shown)
        }
        diagnostics.append(Diagnostic(
            severity: .error, message: message, file: top < 0 ? nil : table.file(ofRecord: top), location: top < 0 ? nil : table.location(ofRecord: top),
            notes: notes, code: .valueTooLarge))
    }

    func abortValueTooLarge() {
        let name = frames.all.last.map { table.name($0.nameID) } ?? "value"
        abort(nameID: frames.all.last?.nameID ?? 0, message: "the value of '\(name)' grows past \(options.maximumValueSize / (1024 * 1024)) MiB")
    }

}
