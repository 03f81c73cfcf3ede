import XCConfigSyntax

/// Building a value from its compiled pieces, in place at the top of ``Evaluator/values``
/// wherever possible.
extension Evaluator {
    /// The string form of a compiled value of setting `nameID`.
    @inline(__always)
    func evaluateProgram(_ program: StringProgram, nameID: Int) -> ValueRange {
        if program.isLiteral {
            // Xcode compiles an empty value of a string-typed setting to an empty string, one
            // element; an empty list to no instruction at all, nothing.
            if program.literalLength == 0 { return settingType(nameID).usesListSemantics ? .nothing : emptyElement }
            let start = values.count
            values.append(store.text.base.unsafelyUnwrapped + Int(program.literalStart), count: Int(program.literalLength))
            return ValueRange(start: start, count: Int(program.literalLength))
        }
        return evaluatePiecesInline(program.pieces)
    }

    /// The string form of compiled pieces: their text with each reference's string value, as
    /// ``evaluateString(_:)`` computes it for an ``Expression``.
    func evaluatePieces(_ range: Range<Int32>) -> ValueRange {
        evaluatePiecesInline(range)
    }

    /// ``evaluatePieces(_:)``, inlined into ``evaluateProgram(_:)`` (so into
    /// ``evaluateRecord(nameID:record:)``, which evaluates nearly every value's pieces), to
    /// spare a call per value.
    @inline(__always)
    func evaluatePiecesInline(_ range: Range<Int32>) -> ValueRange {
        // Built in place at the top of `values`, so that the result needs no copy. A reference's
        // value is kept where it landed, right after the part built, or moved or copied there;
        // what else the reference appended is dropped. That needs nothing above the part built
        // to be cached (``committedValues``): when a nested evaluation cached a value there that
        // is not the reference's own, the rest is built in `scratch` instead.
        let start = values.count
        // The bound on the value's end rather than on its size, so that each piece tests one
        // subtraction less (saturated: `maximumValueSize` may be `Int.max`).
        let limit = start &+ min(options.maximumValueSize, Int.max &- start)
        var index = range.lowerBound
        // Whether a reference produced an element, even an empty one: the value is then
        // an element even when no byte was appended.
        var producedElement = false
        while index < range.upperBound {
            if aborted { return .nothing }
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
                // out here: a function marked `@inline(__always)` for this was still called.
                if reference.kind == .setting && readsCacheInPlace && topMatching[id] >= 0
                    && activeCount[id] == 0, let entry = cache[Int(topMatching[id])], isValid(entry) {
                    if !frames.isEmpty { addFreeName(Int32(truncatingIfNeeded: id)) }
                    mergeIntoParent(entry)
                    value = applyOperators(of: reference, to: entry.value.isNothing ? nil : entry.value) ?? .nothing
                } else {
                    value = evaluateReference(compiled: Int(piece.start)) ?? .nothing
                }
                producedElement = producedElement || !value.isNothing
                if range.upperBound &- range.lowerBound == 1 {
                    // A reference alone (`$(inherited)`, `$(OTHER)`, a computed name's `$(NAME)`):
                    // its value as it is, uncopied.
                    if value.count > options.maximumValueSize {
                        abortValueTooLarge()
                        return .nothing
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
                    return evaluatePiecesInScratch(index..<range.upperBound, built: start..<end, then: value, producedElement: producedElement)
                }
            } else if piece.length > 0 {
                values.append(store.text.base.unsafelyUnwrapped + Int(piece.start), count: Int(piece.length))
            }
            if values.count > limit {
                abortValueTooLarge()
                return .nothing
            }
        }
        if values.count == start { return producedElement ? emptyElement : .nothing }
        return ValueRange(start: start, count: values.count - start)
    }

    /// Makes `value` the bytes of ``values`` from `end` on, where nothing is cached: it is
    /// either there already, above `end` (moved down), or cached below `end` (copied).
    @inline(__always)
    func placeValue(_ value: ValueRange, at end: Int) {
        if value.count == 0 {
            values.removeLast(downTo: end)
        } else if value.start >= end {
            values.moveDown(from: value.start, count: value.count, to: end)
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
    func evaluatePiecesInScratch(_ rest: Range<Int32>, built: Range<Int>, then value: ValueRange, producedElement: Bool) -> ValueRange {
        var producedElement = producedElement
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
            return .nothing
        }
        for index in rest {
            if aborted { return .nothing }
            let piece = store.pieces[Int(index)]
            if piece.isReference {
                let valuesMark = values.count
                if let value = evaluateReference(compiled: Int(piece.start)), !value.isNothing {
                    producedElement = true
                    if value.count > 0 { scratch.append(values.base.unsafelyUnwrapped + value.start, count: value.count) }
                }
                // Copied: what the reference added is needed no more, unless cached.
                dropValues(above: valuesMark)
            } else {
                if piece.length > 0 { scratch.append(store.text.base.unsafelyUnwrapped + Int(piece.start), count: Int(piece.length)) }
            }
            if scratch.count - mark > options.maximumValueSize {
                abortValueTooLarge()
                return .nothing
            }
        }
        if scratch.count == mark { return producedElement ? emptyElement : .nothing }
        let start = values.count
        values.append(scratch.base.unsafelyUnwrapped + mark, count: scratch.count - mark)
        return ValueRange(start: start, count: scratch.count - mark)
    }

}
