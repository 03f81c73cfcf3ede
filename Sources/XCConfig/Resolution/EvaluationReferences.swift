import XCConfigSyntax

/// What a reference reaches (semantics §3.4–3.5): an assigned setting's matching assignment,
/// `$(inherited)` below the current frame, a bound name, or nothing; and the catalogue types
/// that decide what an unset name is.
extension Evaluator {
    /// A compiled reference evaluated, operators applied; `nil` when it produced nothing. An
    /// empty element (an unset string-typed setting, an operator's empty result) is an empty
    /// range: operators apply to it (``ValueRange``).
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
    /// ``Target`` and passing it on (a call and an enum copy per reference).
    @inline(__always)
    func evaluateAssigned(_ reference: CompiledReference, id: Int) -> ValueRange? {
        if activeCount[id] == 0 {
            let top = Int(topMatching[id])
            if top >= 0 {
                if !frames.isEmpty { addFreeName(Int32(truncatingIfNeeded: id)) }
                let found = evaluateRecord(nameID: id, record: top)
                return applyOperators(of: reference, to: found.isNothing ? nil : found)
            }
        }
        return evaluate(reference, reaching: settingTarget(id), spelled: nil)
    }

    /// ``evaluateReference(compiled:)`` for the references it does not reach by ID: extra
    /// bindings are consulted by name, and a computed name is evaluated first.
    func evaluateReferenceByName(_ reference: CompiledReference) -> ValueRange? {
        guard reference.kind == .computed else {
            let (name, target) = reach(literal: reference)
            return evaluate(reference, reaching: target, spelled: name)
        }
        let spelled = evaluatePieces(reference.name)
        let bytes = values.bytes(spelled.start, spelled.count)
        if extraBindings.isEmpty, CompiledReference.NameKind(specialName: bytes) == nil, let id = nameIDs.id(ofBytes: bytes) {
            // An assigned setting's name, looked up on the bytes, then reached as a reference
            // spelled with that name is.
            return evaluateAssigned(reference, id: id)
        }
        let name = string(spelled)
        let target = self.target(of: name)
        return evaluate(reference, reaching: target, spelled: name)
    }

    /// The name a reference whose name is not computed spells, and what it reaches.
    func reach(literal reference: CompiledReference) -> (name: String, target: Target) {
        let name: String
        switch reference.kind {
        case .setting: name = table.name(Int(reference.nameID))
        case .unassigned: name = store.unassignedNames.string(Int(reference.nameID))
        case .empty: name = ""
        case .inherited: name = "inherited"
        case .value: name = "value"
        case .computed: preconditionFailure("a computed name is evaluated, not read")
        }
        let interned = reference.kind == .unassigned || reference.nameID < 0 ? nil : Int(reference.nameID)
        return (name, target(of: name, interned: interned))
    }

    /// The value of `reference`, which reaches `target`, operators applied. `spelled` is the
    /// name as written when it was made; when `nil`, the name is the kind's special name or
    /// the unset setting's (a bare reference to an unset name prints it).
    func evaluate(_ reference: CompiledReference, reaching target: Target, spelled name: String?) -> ValueRange? {
        var value: ValueRange?
        switch target {
        case .unsetSetting(let id):
            if reference.isBare {
                let printed = name ?? (reference.kind == .inherited ? "inherited" : reference.kind == .value ? "value" : table.name(id))
                return appendValue("$" + printed)
            }
            // `default=` alone does not depend on the type: skipped, it is not looked up.
            if let operand = onlyDefaultOperand(reference) { return elementOf(evaluatePieces(operand)) }
            // Only ever empty: one empty element.
            value = declaredStringValue(ofType: settingType(id)).map { _ in emptyElement }
        case .unsetName(let setting):
            if reference.isBare { return appendValue("$" + (name ?? setting)) }
            value = declaredStringValue(setting).map { _ in emptyElement }
        case .bound(let bound):
            value = appendValue(bound)
        case .record(let nameID, let record):
            let found = evaluateRecord(nameID: nameID, record: record)
            value = found.isNothing ? nil : found
        }
        return applyOperators(of: reference, to: value)
    }

    /// `value` as an element: an operator's result is one even when empty (`$(UNSET:default=)`
    /// is an empty element).
    @inline(__always)
    func elementOf(_ value: ValueRange) -> ValueRange {
        value.isNothing ? emptyElement : value
    }

    /// The operand of `reference`'s operators when they are exactly one `default=`: on a
    /// reference that produced nothing or an empty value, the result is the operand's value
    /// whatever else the reference reached.
    @inline(__always)
    func onlyDefaultOperand(_ reference: CompiledReference) -> Range<Int32>? {
        let operators = reference.operators
        guard operators.upperBound &- operators.lowerBound == 1 else { return nil }
        let op = store.operators[Int(operators.lowerBound)]
        return op.name == .default ? op.operand : nil
    }

    /// A reference to a name no level assigns, known by its ID in
    /// ``ProgramStore/unassignedNames``, without extra bindings: what ``target(of:interned:)``
    /// and the unset case of ``evaluate(_:reaching:spelled:)`` do, without making its string.
    func evaluateUnassigned(_ reference: CompiledReference) -> ValueRange? {
        let id = Int(reference.nameID)
        // Never assigned, so never being evaluated: no effect on cache validity.
        if unresolvedNames != nil { recordUnresolved(store.unassignedNames.string(id)) }
        if reference.isBare { return appendValue("$" + store.unassignedNames.string(id)) }
        // `$(UNSET:default=...)`: the operand, whatever the name's type.
        if let operand = onlyDefaultOperand(reference) { return elementOf(evaluatePieces(operand)) }
        // A string-typed name is one empty element, anything else nothing.
        let value: ValueRange? = declaredStringValue(ofType: unassignedType(id)) == nil ? nil : emptyElement
        return applyOperators(of: reference, to: value)
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
        if activeCount[id] > 0, let frameIndex = frames.all.lastIndex(where: { $0.nameID == id }) {
            // A setting referring to itself (directly or through others) means inherited.
            if frameIndex != frames.count - 1 {
                frames[frames.count - 1].outermostReached = min(frames[frames.count - 1].outermostReached, frameIndex)
            }
            return inherited(nameID: id, below: frames[frameIndex].record)
        }
        if !frames.isEmpty { addFreeName(Int32(truncatingIfNeeded: id)) }
        let top = Int(topMatching[id])
        guard top >= 0 else {
            if unresolvedNames != nil, table.lastRecord[id] < 0 { recordUnresolved(table.name(id)) }
            return .unsetSetting(id)
        }
        return .record(nameID: id, record: top)
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
        let type = store.unassignedNames.withBytes(ofID: id) { table.catalog.type(ofNameBytes: $0) }
        unassignedTypes[id] = type
        return type
    }

    /// The catalogue's type of an interned setting, looked up once per setting.
    func settingType(_ id: Int) -> SettingType {
        if let type = settingTypes[id] { return type }
        let type = nameIDs.withBytes(ofID: id) { table.catalog.type(ofNameBytes: $0) }
        settingTypes[id] = type
        return type
    }

    /// The setting's next matching record below matching record `record`, if any.
    func inherited(nameID: Int, below record: Int) -> Target {
        let previous = Int(records[record].previousMatching)
        guard previous >= 0 else { return .unsetSetting(nameID) }
        return .record(nameID: nameID, record: previous)
    }

    /// Records a reference to a name no level assigns, unless Xcode's own defaults made it:
    /// they refer to settings its build system declares and leaves empty (EXECUTABLE_PREFIX in
    /// EXECUTABLE_NAME), which are no mistake of the user's.
    func recordUnresolved(_ name: String) {
        guard unresolvedNames != nil else { return }
        if let frame = frames.all.last, table.levels[Int(records[frame.record].levelIndex)].kind == .defaults { return }
        if !unresolvedNames!.contains(name) { unresolvedNames!.append(name) }
    }
}
