/// The buffers every compiled value of one resolver shares, freed with it.
struct ProgramStore: ~Copyable {
    var pieces = FlatBuffer<ProgramPiece>()
    var references = FlatBuffer<CompiledReference>()
    var operators = FlatBuffer<CompiledOperator>()
    var text = ByteBuffer()
    /// Pieces of the expressions being compiled, innermost last; each expression moves its own
    /// into `pieces` when it ends, so every expression's pieces are contiguous there. Kept
    /// between compilations for its capacity.
    var pendingPieces = FlatBuffer<ProgramPiece>()
    /// Operators of the references being compiled, likewise.
    var pendingOperators = FlatBuffer<CompiledOperator>()
    /// Names referred to without references that no level assigns, interned when compiled.
    var unassignedNames = NameTable()
    /// While a value compiles: lookups in the interned setting names, which do not change
    /// meanwhile (the caller of ``compile(_:semantics:nameIDs:)`` holds the table).
    var compilingNames = NameTable.Lookup(slots: nil, mask: 0, ends: nil, storage: nil)
    /// While a value compiles: its list form is written (``ProgramWriter``), not its string form.
    var writesListForm = false

    /// The text of pieces that hold no reference, as a range of ``text`` (joined there when
    /// there are several).
    mutating func literalRange(_ range: Range<Int32>) -> (start: Int32, length: Int32)? {
        for index in range where pieces[Int(index)].isReference { return nil }
        if range.isEmpty { return (0, 0) }
        if range.count == 1 {
            let piece = pieces[Int(range.lowerBound)]
            return (piece.start, piece.length)
        }
        let start = Int32(text.count)
        for index in range {
            let piece = pieces[Int(index)]
            text.appendCopy(from: Int(piece.start), count: Int(piece.length))
        }
        return (start, Int32(text.count) - start)
    }

    /// The string of pieces that hold no reference.
    mutating func literalText(_ range: Range<Int32>) -> String? {
        guard let (start, length) = literalRange(range) else { return nil }
        return string(start: start, length: length)
    }

    /// The literal string form of `program`, which must have one.
    func literalString(_ program: StringProgram) -> String {
        string(start: program.literalStart, length: program.literalLength)
    }

    private func string(start: Int32, length: Int32) -> String {
        String(decoding: text.bytes(Int(start), Int(length)), as: UTF8.self)
    }

    /// The program of the value spelled by `bytes` (UTF-8) when it holds no `$`: the value
    /// itself, in either semantics. `nil` when it holds a `$`.
    mutating func verbatimProgram(_ bytes: UnsafeBufferPointer<UInt8>) -> StringProgram? {
        if ValueScanner.firstIndex(of: UInt8(ascii: "$"), in: bytes, from: 0) < bytes.count { return nil }
        return appendVerbatim(bytes)
    }

    /// The program of the value spelled by `bytes` (UTF-8), as ``verbatimProgram(_:)`` then
    /// ``compile(_:semantics:nameIDs:)`` give it; `usesListSemantics` is asked only for a value
    /// holding a `$` and a `\`, the only values whose program depends on it.
    ///
    /// The one fast path, as swift-build's: a value without `$` is its own literal.
    mutating func program(_ bytes: UnsafeBufferPointer<UInt8>, nameIDs: NameTable, usesListSemantics: () -> Bool) -> StringProgram {
        if ValueScanner.firstIndex(of: UInt8(ascii: "$"), in: bytes, from: 0) == bytes.count {
            return appendVerbatim(bytes)
        }
        if Self.dependsOnSemantics(bytes) && usesListSemantics() {
            return compile(bytes, semantics: .list, nameIDs: nameIDs)
        }
        return compile(bytes, semantics: .string, nameIDs: nameIDs)
    }

    /// ``verbatimProgram(_:)`` of a value known to hold no `$`.
    private mutating func appendVerbatim(_ bytes: UnsafeBufferPointer<UInt8>) -> StringProgram {
        let start = Int32(truncatingIfNeeded: text.count)
        text.append(bytes)
        return StringProgram(pieces: 0..<0, literalStart: start, literalLength: Int32(truncatingIfNeeded: bytes.count), isVerbatim: true)
    }

    /// `false` when the value spelled by `bytes` compiles alike in list and string semantics:
    /// they differ only in a list's `\` keeping the next byte from being read as a `$`, so
    /// a caller need not look up a value's semantics when it holds no `\`.
    static func dependsOnSemantics(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        ValueScanner.firstIndex(of: UInt8(ascii: "\\"), in: bytes, from: 0) < bytes.count
    }

    /// Compiles the value spelled by `bytes` (UTF-8) read with `semantics`; literal names are
    /// looked up in `nameIDs`.
    mutating func compile(_ bytes: UnsafeBufferPointer<UInt8>, semantics: ValueSemantics, nameIDs: NameTable) -> StringProgram {
        // The compiler writes to the store in place, passed `inout` (swapping the arrays in
        // and out cost more than compiling a short value).
        let referenceCount = references.count
        compilingNames = nameIDs.lookup
        var scanner = ValueScanner(bytes: bytes)
        let pieces = scanner.scanValue(semantics, into: &self)
        var program = StringProgram(pieces: pieces)
        // A value that compiled no reference is text (`$$`, a `$` that starts none) and has
        // a literal; one that did holds a reference at the top level, so has none.
        if references.count == referenceCount, let (start, length) = literalRange(pieces) {
            program.literalStart = start
            program.literalLength = length
        }
        return program
    }

    /// The list form of the value spelled by `bytes` (UTF-8): the pieces list semantics split
    /// into elements (``ProgramWriter``).
    mutating func compileListForm(_ bytes: UnsafeBufferPointer<UInt8>, nameIDs: NameTable) -> Range<Int32> {
        compilingNames = nameIDs.lookup
        writesListForm = true
        defer { writesListForm = false }
        var scanner = ValueScanner(bytes: bytes)
        return scanner.scanValue(.list, into: &self)
    }

    /// The kind and ID of a reference to the literal name `text`: its interned ID when it is
    /// an assigned setting's, else its ID among the unassigned names, or one of the special
    /// names.
    mutating func nameKindAndID(_ text: UnsafeBufferPointer<UInt8>, nameIDs: NameTable.Lookup) -> (CompiledReference.NameKind, Int32) {
        nameKindAndID(text, hash: NameTable.hash(text), nameIDs: nameIDs)
    }

    /// ``nameKindAndID(_:nameIDs:)`` with the name's ``NameTable/hash(_:)`` computed already,
    /// for the lookup and for interning an unassigned name.
    ///
    /// `@_transparent` rather than `@inline(__always)`: the scanner is a large function, and
    /// the optimizer left a call to this one in it for each name otherwise.
    @_transparent
    mutating func nameKindAndID(_ text: UnsafeBufferPointer<UInt8>, hash: UInt64, nameIDs: NameTable.Lookup) -> (CompiledReference.NameKind, Int32) {
        let id = nameIDs.id(ofBytes: text, hash: hash)
        // IDs converted unchecked: an ID is a name's index in a table, far below `Int32.max`.
        // Only names of up to
        // nine bytes can be special: nearly every name is ruled out by one comparison.
        if text.count <= 9, let special = CompiledReference.NameKind(specialName: text) {
            return (special, id.map { Int32(truncatingIfNeeded: $0) } ?? -1)
        } else if let id {
            return (.setting, Int32(truncatingIfNeeded: id))
        } else {
            return (.unassigned, Int32(truncatingIfNeeded: unassignedNames.intern(bytes: text, hash: hash).id))
        }
    }
}
