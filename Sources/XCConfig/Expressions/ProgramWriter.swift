/// The store as a ``ValueSink``: what the ``ValueScanner`` reads becomes pieces, references and
/// operators (``StringProgram``).
///
/// The string form keeps every byte (quotes and escape backslashes stay in it, as Xcode prints
/// them). The list form (``writesListForm``) keeps what list semantics make of them: unquoted,
/// unescaped text, element separators, and whether each reference stands inside quotes.
///
/// An expression's pieces wait in ``pendingPieces`` while it is read, and move to ``pieces``
/// when it ends, so that every expression's pieces are contiguous there; references nested in
/// a name or an operand come after the reference that holds them.
extension ProgramStore: ValueSink {
    /// A reference being compiled: its index in ``references``, and where its operators start
    /// in ``pendingOperators``.
    struct OpenReference {
        let index: Int
        let operatorMark: Int
    }

    @inline(__always)
    mutating func beginExpression() -> Int {
        pendingPieces.count
    }

    /// Moves the pieces above `mark` into the store and returns their range. One by one: an
    /// expression has one to three pieces nearly always, fewer bytes than a call to memcpy costs.
    @inline(__always)
    mutating func endExpression(mark: Int, range: Range<Int>, semantics: ValueSemantics) -> Range<Int32> {
        let start = Int32(truncatingIfNeeded: pieces.count)
        let end = pendingPieces.count
        var index = mark
        while index < end {
            pieces.append(pendingPieces[index])
            index &+= 1
        }
        pendingPieces.removeLast(downTo: mark)
        return start..<Int32(truncatingIfNeeded: pieces.count)
    }

    @inline(__always)
    mutating func text(_ range: Range<Int>, of bytes: UnsafeBufferPointer<UInt8>, mark: Int) {
        appendText(UnsafeBufferPointer(rebasing: bytes[range]), mark: mark)
    }

    mutating func literalDollar(mark: Int) {
        var dollar = ValueScanner.dollar
        withUnsafePointer(to: &dollar) { appendText(UnsafeBufferPointer(start: $0, count: 1), mark: mark) }
    }

    /// Appends text to the expression of `mark`, joining it to its previous text piece.
    @inline(__always)
    private mutating func appendText(_ run: UnsafeBufferPointer<UInt8>, mark: Int) {
        let start = Int32(truncatingIfNeeded: text.count)
        text.append(run)
        let length = Int32(truncatingIfNeeded: run.count)
        let count = pendingPieces.count
        if count > mark, case let last = pendingPieces[count - 1], last.isText, last.start + last.length == start {
            pendingPieces[count - 1].length += length
        } else {
            pendingPieces.append(ProgramPiece(start: start, length: length))
        }
    }

    /// Adds the reference to the store, its name and operators yet to be set. A reference is
    /// written in place as it is compiled: building one and copying it into the store cost more
    /// than compiling its name.
    @inline(__always)
    mutating func beginReference(_ form: ReferenceForm, at start: Int) -> OpenReference {
        references.append(CompiledReference(kind: .empty, nameID: -1, name: 0..<0, isBare: form == .bare, operators: 0..<0))
        return OpenReference(index: references.count - 1, operatorMark: pendingOperators.count)
    }

    /// The name's interned ID when it is an assigned setting's, else its ID among the
    /// unassigned names, or one of the special names.
    @inline(__always)
    mutating func literalName(_ range: Range<Int>, of bytes: UnsafeBufferPointer<UInt8>, for reference: OpenReference) {
        setName(of: reference.index, UnsafeBufferPointer(rebasing: bytes[range]))
    }

    private mutating func setName(of reference: Int, _ text: UnsafeBufferPointer<UInt8>) {
        let (kind, nameID) = nameKindAndID(text, nameIDs: compilingNames)
        references[reference].kind = kind
        references[reference].nameID = nameID
    }

    /// A name read as a literal when its pieces hold no reference.
    mutating func computedName(_ name: Range<Int32>, for reference: OpenReference) {
        let index = reference.index
        references[index].name = name
        switch name.count {
        case 0:
            references[index].kind = .empty
        case 1 where !pieces[Int(name.lowerBound)].isReference:
            // `$(A$)`: one text piece, looked up on its bytes.
            let piece = pieces[Int(name.lowerBound)]
            setName(of: index, text.bytes(Int(piece.start), Int(piece.length)))
        default:
            // Text pieces are joined as they are appended, so several pieces hold a reference;
            // should they ever not, the name is still read as literal.
            if var literal = literalText(name) {
                literal.withUTF8 { setName(of: index, $0) }
            } else {
                references[index].kind = .computed
            }
        }
    }

    /// Dropped operators are left out, as Xcode leaves them out.
    mutating func addOperator(
        name: Range<Int>, of bytes: UnsafeBufferPointer<UInt8>, operand: Range<Int32>?, range: Range<Int>,
        dropped: DroppedOperator?, to reference: OpenReference
    ) {
        guard dropped == nil else { return }
        pendingOperators.append(CompiledOperator(name: OperatorName(bytes: UnsafeBufferPointer(rebasing: bytes[name])), operand: operand))
    }

    mutating func endReference(_ reference: OpenReference, range: Range<Int>, isUnterminated: Bool, quoted: Bool, mark: Int) {
        let operatorMark = reference.operatorMark
        if pendingOperators.count > operatorMark {
            let first = Int32(truncatingIfNeeded: operators.count)
            operators.append(pendingOperators, from: operatorMark)
            pendingOperators.removeLast(downTo: operatorMark)
            references[reference.index].operators = first..<Int32(truncatingIfNeeded: operators.count)
        }
        let length = quoted && writesListForm ? ProgramPiece.quotedReferenceLength : ProgramPiece.referenceLength
        pendingPieces.append(ProgramPiece(start: Int32(truncatingIfNeeded: reference.index), length: length))
    }

    // List semantics: the string form keeps every byte; the list form what an element gets.

    mutating func escape(_ range: Range<Int>, of bytes: UnsafeBufferPointer<UInt8>, mark: Int) {
        let kept = writesListForm ? range.upperBound - 1..<range.upperBound : range
        appendText(UnsafeBufferPointer(rebasing: bytes[kept]), mark: mark)
    }

    mutating func quote(at offset: Int, of bytes: UnsafeBufferPointer<UInt8>, opens: Bool, mark: Int) {
        guard writesListForm else {
            appendText(UnsafeBufferPointer(rebasing: bytes[offset..<offset + 1]), mark: mark)
            return
        }
        // An opening quote opens an element, even an empty one (`""`), unless the text piece
        // just appended did.
        let count = pendingPieces.count
        if opens && !(count > mark && pendingPieces[count - 1].isText) {
            pendingPieces.append(ProgramPiece(start: Int32(truncatingIfNeeded: text.count), length: 0))
        }
    }

    mutating func separator(_ range: Range<Int>, of bytes: UnsafeBufferPointer<UInt8>, mark: Int) {
        if writesListForm {
            pendingPieces.append(ProgramPiece.separator)
        } else {
            appendText(UnsafeBufferPointer(rebasing: bytes[range]), mark: mark)
        }
    }
}
