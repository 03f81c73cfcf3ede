#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Setting values compiled once into flat arrays for the resolver's hot path: the string form
/// of a value is literal byte runs and references, nothing else (semantics §3).
///
/// ``Expression`` is the tree the public API and the linter see: a class per value, per
/// reference and per name, and strings for every piece of text. Evaluating every setting of a
/// file that way spent most of its time allocating and freeing those nodes, so the resolver
/// compiles each value into a ``StringProgram`` instead: pieces, references and operators live
/// in a few arrays shared by every value of the resolver, and literal text in one byte buffer.
/// The compiler reads the value's bytes exactly as ``ExpressionParser`` does; only the string
/// form is kept (quotes and escape backslashes stay in it, as Xcode prints them).
///
/// A program is plain integers, like everything in the store, so that the resolver's array of
/// them is copied and freed without visiting each.
struct StringProgram {
    /// Pieces of the value in ``ProgramStore/pieces``.
    var pieces: Range<Int32>
    /// The string form when the value holds no reference: a range of ``ProgramStore/text``
    /// (`literalLength` -1 when it holds one).
    var literalStart: Int32 = 0
    var literalLength: Int32 = -1
    /// `true` when the literal is the value exactly as written (it holds no `$`).
    var isVerbatim = false

    var isLiteral: Bool { literalLength >= 0 }
}

/// One piece of a compiled value: a literal byte run or a reference.
struct ProgramPiece {
    /// Text: offset in ``ProgramStore/text``. Reference: index in ``ProgramStore/references``.
    var start: Int32
    /// Text: byte count. Reference: -1.
    var length: Int32

    var isReference: Bool { length < 0 }
}

/// A compiled `$(NAME:op=operand)`, `${…}`, `$[…]` or `$NAME`. Plain integers, so that the
/// arrays holding them are copied and freed without reference counting.
struct CompiledReference {
    /// What the name is, decided when compiled.
    enum NameKind: UInt8 {
        /// An assigned setting's name, none of the special ones: ``nameID`` is its interned ID.
        case setting
        /// A name no level assigns: ``nameID`` is its ID in ``ProgramStore/unassignedNames``.
        case unassigned
        /// `$()`.
        case empty
        /// `inherited` or `value`, which the resolver treats specially; ``nameID`` is the
        /// interned ID should a level also assign it, else -1.
        case inherited, value
        /// A name holding references, evaluated each time: ``name`` holds its pieces.
        case computed
    }

    var kind: NameKind
    var nameID: Int32
    /// The pieces of a computed name.
    var name: Range<Int32>
    /// `$NAME`, which stays literal when NAME has no value.
    var isBare: Bool
    /// Operators, in ``ProgramStore/operators``; malformed ones are dropped, as Xcode drops them.
    var operators: Range<Int32>
}

extension CompiledReference.NameKind {
    /// The kind of the name spelled by `text` when the resolver treats it specially (`$()`,
    /// `inherited`, `value`); `nil` for any other name. Inlined: the value compiler tells every
    /// name of up to nine bytes it reads, and the call cost more than the comparisons.
    @inline(__always)
    init?(specialName text: UnsafeBufferPointer<UInt8>) {
        // Nearly every name is longer than `inherited`: one comparison rules it out, where the
        // switch below compared the length with each case.
        guard text.count <= 9 else { return nil }
        // Compared byte by byte: `elementsEqual` against a string's UTF-8 view took hundreds
        // of instructions for nine bytes.
        switch text.count {
        case 0: self = .empty
        case 5 where text[0] == 0x76 && text[1] == 0x61 && text[2] == 0x6C && text[3] == 0x75 && text[4] == 0x65:  // value
            self = .value
        case 9 where text[0] == 0x69 && text[1] == 0x6E && text[2] == 0x68 && text[3] == 0x65 && text[4] == 0x72
            && text[5] == 0x69 && text[6] == 0x74 && text[7] == 0x65 && text[8] == 0x64:  // inherited
            self = .inherited
        default: return nil
        }
    }
}

/// A compiled `:op` or `:op=operand`.
struct CompiledOperator {
    var name: OperatorName
    /// The operand's pieces for a replacement operator, `nil` for a retrieval operator.
    var operand: Range<Int32>?
}

/// The buffers every compiled value of one resolver shares. Their owner calls
/// ``deallocate()`` once, when done with them.
struct ProgramStore {
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
    /// The operator names the common shape has read lately.
    var recentOperatorNames = OperatorNameMemo()

    mutating func deallocate() {
        pieces.deallocate()
        references.deallocate()
        operators.deallocate()
        text.deallocate()
        pendingPieces.deallocate()
        pendingOperators.deallocate()
    }

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
        if let base = bytes.baseAddress, memchr(base, Int32(UInt8(ascii: "$")), bytes.count) != nil { return nil }
        let start = Int32(text.count)
        text.append(bytes)
        return StringProgram(pieces: 0..<0, literalStart: start, literalLength: Int32(bytes.count), isVerbatim: true)
    }

    /// The program of the value spelled by `bytes` (UTF-8), as ``verbatimProgram(_:)`` then
    /// ``compile(_:semantics:nameIDs:)`` give it; `usesListSemantics` is asked only for a value
    /// holding a `$` and a `\`, the only values whose program depends on it, and only when
    /// the common shape gives up on it (at a `\` right before a `$`: the common shape's
    /// program is the same in either semantics, so finding a `\` once more was wasted).
    ///
    /// `memchr` finds the first `$` (it reads 32 bytes at a time, faster than the compiler's
    /// eight-byte scans over a whole value) and the compiler starts there, rather than reading
    /// the text before it again.
    mutating func program(_ bytes: UnsafeBufferPointer<UInt8>, nameIDs: NameTable, usesListSemantics: () -> Bool) -> StringProgram {
        guard let base = bytes.baseAddress, let dollar = memchr(base, Int32(UInt8(ascii: "$")), bytes.count) else {
            return appendVerbatim(bytes)
        }
        let firstDollar = UnsafeRawPointer(dollar) - UnsafeRawPointer(base)
        if let program = compileCommonShape(bytes, firstDollar: firstDollar, nameIDs: nameIDs.lookup) { return program }
        if Self.dependsOnSemantics(bytes) && usesListSemantics() {
            return compileInGeneral(bytes, semantics: .list, nameIDs: nameIDs)
        }
        return compileInGeneral(bytes, semantics: .string, nameIDs: nameIDs)
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
        guard let base = bytes.baseAddress else { return false }
        return memchr(base, Int32(UInt8(ascii: "\\")), bytes.count) != nil
    }

    /// Compiles the value spelled by `bytes` (UTF-8) read with `semantics`; literal names are
    /// looked up in `nameIDs`. A value without `$` goes to
    /// ``verbatimProgram(_:)`` first (compiled here, it would be copied twice).
    mutating func compile(_ bytes: UnsafeBufferPointer<UInt8>, semantics: ValueSemantics, nameIDs: NameTable) -> StringProgram {
        // List semantics differ only at a `\`, which the common shape leaves out.
        if semantics == .string,
           let program = compileCommonShape(bytes, firstDollar: Self.dollarIndex(in: bytes, from: 0), nameIDs: nameIDs.lookup) {
            return program
        }
        return compileInGeneral(bytes, semantics: semantics, nameIDs: nameIDs)
    }

    /// Compiles the value spelled by `bytes` with the general compiler only, as
    /// ``compile(_:semantics:nameIDs:)`` does whatever shape the value has.
    mutating func compileInGeneral(_ bytes: UnsafeBufferPointer<UInt8>, semantics: ValueSemantics, nameIDs: NameTable) -> StringProgram {
        // The compiler writes to the store in place, through a pointer valid for this call
        // (swapping the arrays in and out cost more than compiling a short value).
        let referenceCount = references.count
        let pieces = withUnsafeMutablePointer(to: &self) { store in
            var compiler = ProgramCompiler(bytes: bytes, store: store, nameIDs: nameIDs)
            return compiler.compileTopLevel(list: semantics == .list)
        }
        var program = StringProgram(pieces: pieces)
        // A value that compiled no reference is text (`$$`, a `$` that starts none) and has
        // a literal; one that did holds a reference at the top level, so has none.
        if references.count == referenceCount, let (start, length) = literalRange(pieces) {
            program.literalStart = start
            program.literalLength = length
        }
        return program
    }

    /// Compiles the value spelled by `bytes` (UTF-8, string semantics) in one pass when it is
    /// of the shape nearly every value has: text, and references `$(NAME)`, `${NAME}` or
    /// `$[NAME]` whose name is plain bytes or one such reference (`$($(NAME))`), with
    /// operators whose operands are plain text (`:upper`, `:default=text`) at most. `nil`, the
    /// store as it was, for any other value (`$$`, `$NAME`, deeper nesting, a dropped operator,
    /// a reference left open, a `\` right before a `$`), which the general compiler then reads
    /// from the start.
    ///
    /// List semantics differ from string semantics only in a `\` keeping the next byte from
    /// being read as a `$` (outside references): a value with no `\` right before a `$` of its
    /// own compiles alike in both, so the program given here is both semantics' program.
    ///
    /// The general compiler keeps a nesting depth and joins adjacent text pieces, which these
    /// values never need. The value's own pieces go straight to ``pieces`` until a name or an
    /// operand has pieces of its own; from then on they wait in ``pendingPieces`` while the
    /// name's or operand's go to ``pieces`` first, as in the general compiler. They come out exactly as the general
    /// compiler writes them, unassigned names interned in the same order (so interned again,
    /// to the same IDs, after a fallback).
    ///
    /// `start` is the index of the value's first `$` (`bytes.count` when it holds none): the
    /// caller found it already, and scanning for it again cost a word's scan per value.
    private mutating func compileCommonShape(_ bytes: UnsafeBufferPointer<UInt8>, firstDollar start: Int, nameIDs: NameTable.Lookup) -> StringProgram? {
        let count = bytes.count
        let piecesStart = pieces.count, referencesStart = references.count
        let operatorsStart = operators.count, textStart = text.count
        let mark = pendingPieces.count
        let dollar = UInt8(ascii: "$"), colon = UInt8(ascii: ":"), equals = UInt8(ascii: "="), backslash = UInt8(ascii: "\\")
        guard let base = bytes.baseAddress else {
            let start = Int32(truncatingIfNeeded: piecesStart)
            return StringProgram(pieces: start..<start, literalStart: 0, literalLength: 0)
        }
        var index = start
        var runStart = 0
        // Whether the value's pieces so far are in `pieces` (from `piecesStart`), not pending.
        var piecesInStore = true
        // `index` is at a `$`, or at the end.
        while true {
            // A trailing `$` is text.
            if index &+ 1 >= count { break }
            // Where list semantics would differ (see above): the caller decides.
            if index > 0 && base[index &- 1] == backslash {
                return abandon(pieces: piecesStart, references: referencesStart, operators: operatorsStart, text: textStart, pending: mark)
            }
            guard let closer = Self.closer(after: base[index &+ 1]) else {
                let next = base[index &+ 1]
                if next == dollar || ExpressionParser.isNameStart(next) {
                    return abandon(pieces: piecesStart, references: referencesStart, operators: operatorsStart, text: textStart, pending: mark)
                }
                // A `$` that starts nothing is text.
                index = Self.dollarIndex(in: bytes, from: index &+ 1)
                continue
            }
            if index > runStart { appendTextPiece(UnsafeBufferPointer(start: base + runStart, count: index &- runStart), to: piecesInStore ? .store : .pending) }
            // Appended whole as soon as its name is known (before an inner reference's, the
            // general compiler's order), operators set afterwards when there are any: a
            // reference built on the stack and stored at the end kept each of its fields in a
            // stack slot across the operators' code, a load and a store per field.
            let reference = references.count
            let nameStart = index &+ 2
            // `$(` nearly always: its closer spelled as a constant, which the scan compares
            // with as it is, where a closer read from a variable was spread over a word first.
            let closesParenthesis = closer == UInt8(ascii: ")")
            // The name is hashed as it is scanned (wasted on the rare computed name).
            var (end, nameHash) = closesParenthesis
                ? HashingScan.scan(for: UInt8(ascii: ")"), colon, dollar, in: bytes, from: nameStart)
                : HashingScan.scan(for: closer, colon, dollar, in: bytes, from: nameStart)
            if end == count {
                return abandon(pieces: piecesStart, references: referencesStart, operators: operatorsStart, text: textStart, pending: mark)
            }
            if base[end] != dollar {
                let (kind, nameID) = nameKindAndID(UnsafeBufferPointer(start: base + nameStart, count: end &- nameStart), hash: nameHash, nameIDs: nameIDs)
                references.append(CompiledReference(kind: kind, nameID: nameID, name: 0..<0, isBare: false, operators: 0..<0))
            } else {
                // `$(NAME)` as the whole name: nothing before it, the closer right after it.
                guard end == nameStart, end &+ 1 < count, let innerCloser = Self.closer(after: base[end &+ 1]) else {
                    return abandon(pieces: piecesStart, references: referencesStart, operators: operatorsStart, text: textStart, pending: mark)
                }
                let innerStart = end &+ 2
                let (innerEnd, innerHash) = HashingScan.scan(for: innerCloser, colon, dollar, in: bytes, from: innerStart)
                guard innerEnd < count, base[innerEnd] == innerCloser, innerEnd &+ 1 < count, base[innerEnd &+ 1] == closer else {
                    return abandon(pieces: piecesStart, references: referencesStart, operators: operatorsStart, text: textStart, pending: mark)
                }
                if piecesInStore { piecesInStore = moveToPending(from: piecesStart) }
                // The name's one piece, the inner reference, goes to `pieces` next.
                let namePiece = Int32(truncatingIfNeeded: pieces.count)
                references.append(CompiledReference(kind: .computed, nameID: -1, name: namePiece..<namePiece &+ 1, isBare: false, operators: 0..<0))
                let inner = references.count
                let (kind, nameID) = nameKindAndID(UnsafeBufferPointer(start: base + innerStart, count: innerEnd &- innerStart), hash: innerHash, nameIDs: nameIDs)
                references.append(CompiledReference(kind: kind, nameID: nameID, name: 0..<0, isBare: false, operators: 0..<0))
                pieces.append(ProgramPiece(start: Int32(truncatingIfNeeded: inner), length: -1))
                end = innerEnd &+ 1
            }
            if base[end] == colon {
                let firstOperator = operators.count
                repeat {
                    end &+= 1
                    let operatorStart = end
                    // The name ends at the first byte that is not an operator name's; in the
                    // common shape that is `=`, `:` or the closer, found eight bytes at a time. A
                    // known operator's name is all name bytes; any other is checked byte by byte.
                    // `)` a constant again, as for the name.
                    end = closesParenthesis
                        ? ProgramCompiler.firstIndex(of: equals, colon, UInt8(ascii: ")"), in: bytes, from: operatorStart)
                        : ProgramCompiler.firstIndex(of: equals, colon, closer, in: bytes, from: operatorStart)
                    // A dropped operator or an open reference: the general compiler's.
                    guard end < count else {
                        return abandon(pieces: piecesStart, references: referencesStart, operators: operatorsStart, text: textStart, pending: mark)
                    }
                    let nameBytes = UnsafeBufferPointer(start: base + operatorStart, count: end &- operatorStart)
                    let name = recentOperatorNames.name(nameBytes)
                    if name == .unknown, !nameBytes.allSatisfy(ExpressionParser.isOperatorNameByte) {
                        return abandon(pieces: piecesStart, references: referencesStart, operators: operatorsStart, text: textStart, pending: mark)
                    }
                    if base[end] == equals {
                        let operandStart = end &+ 1
                        end = ProgramCompiler.firstIndex(of: colon, closer, dollar, in: bytes, from: operandStart)
                        guard end < count, base[end] != dollar else {
                            return abandon(pieces: piecesStart, references: referencesStart, operators: operatorsStart, text: textStart, pending: mark)
                        }
                        if piecesInStore { piecesInStore = moveToPending(from: piecesStart) }
                        let operandPieces = Int32(truncatingIfNeeded: pieces.count)
                        if end > operandStart {
                            appendTextPiece(UnsafeBufferPointer(start: base + operandStart, count: end &- operandStart), to: .store)
                        }
                        operators.append(CompiledOperator(name: name, operand: operandPieces..<Int32(truncatingIfNeeded: pieces.count)))
                    } else {
                        // `:` or the closer.
                        operators.append(CompiledOperator(name: name, operand: nil))
                    }
                } while base[end] == colon
                references[reference].operators = Int32(truncatingIfNeeded: firstOperator)..<Int32(truncatingIfNeeded: operators.count)
            }
            let piece = ProgramPiece(start: Int32(truncatingIfNeeded: reference), length: -1)
            if piecesInStore { pieces.append(piece) } else { pendingPieces.append(piece) }
            runStart = end &+ 1
            index = ProgramCompiler.firstIndex(of: dollar, in: bytes, from: runStart)
        }
        if count > runStart { appendTextPiece(UnsafeBufferPointer(start: base + runStart, count: count &- runStart), to: piecesInStore ? .store : .pending) }
        var first = piecesStart
        if !piecesInStore {
            first = pieces.count
            pieces.append(pendingPieces, from: mark)
            pendingPieces.removeLast(downTo: mark)
        }
        let range = Int32(truncatingIfNeeded: first)..<Int32(truncatingIfNeeded: pieces.count)
        var program = StringProgram(pieces: range)
        if references.count == referencesStart {
            // Text only, one piece at most.
            if let piece = range.isEmpty ? nil : pieces[first] {
                program.literalStart = piece.start
                program.literalLength = piece.length
            } else {
                program.literalStart = 0
                program.literalLength = 0
            }
        }
        return program
    }

    /// The index of the first `$` in `bytes` from `start` on, `bytes.count` when there is none.
    /// `memchr`, not an inlined scan: this is for the rare `$` that starts nothing (and for
    /// ``compile(_:semantics:nameIDs:)``), where a scan's code was not worth inlining again.
    private static func dollarIndex(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        guard start < bytes.count, let base = bytes.baseAddress,
              let found = memchr(base + start, Int32(UInt8(ascii: "$")), bytes.count &- start) else { return bytes.count }
        return UnsafeRawPointer(found) - UnsafeRawPointer(base)
    }

    /// Moves the pieces from `start` on in ``pieces`` to ``pendingPieces`` and returns `false`
    /// (they are no longer in the store), before a name's or an operand's pieces go there.
    private mutating func moveToPending(from start: Int) -> Bool {
        var index = start
        while index < pieces.count {
            pendingPieces.append(pieces[index])
            index &+= 1
        }
        pieces.removeLast(downTo: start)
        return false
    }

    /// The closer of the reference `$` then `opener` starts; `nil` when it starts none.
    @inline(__always)
    private static func closer(after opener: UInt8) -> UInt8? {
        switch opener {
        case UInt8(ascii: "("): UInt8(ascii: ")")
        case UInt8(ascii: "{"): UInt8(ascii: "}")
        case UInt8(ascii: "["): UInt8(ascii: "]")
        default: nil
        }
    }

    /// Where ``compileCommonShape(_:nameIDs:)`` puts a piece: with the value's own, or in
    /// ``pieces`` at once (a name's or an operand's).
    private enum PieceDestination { case pending, store }

    /// Appends a text piece holding a copy of `run`.
    @inline(__always)
    private mutating func appendTextPiece(_ run: UnsafeBufferPointer<UInt8>, to destination: PieceDestination) {
        let start = Int32(truncatingIfNeeded: text.count)
        text.append(run)
        let piece = ProgramPiece(start: start, length: Int32(truncatingIfNeeded: run.count))
        switch destination {
        case .pending: pendingPieces.append(piece)
        case .store: pieces.append(piece)
        }
    }

    /// Puts the buffers back as they were before a value that ``compileCommonShape(_:nameIDs:)``
    /// leaves to the general compiler, and returns `nil`.
    private mutating func abandon(pieces piecesCount: Int, references referencesCount: Int, operators operatorsCount: Int, text textCount: Int, pending pendingCount: Int) -> StringProgram? {
        pendingPieces.removeLast(downTo: pendingCount)
        pieces.removeLast(downTo: piecesCount)
        references.removeLast(downTo: referencesCount)
        operators.removeLast(downTo: operatorsCount)
        text.removeLast(downTo: textCount)
        return nil
    }

    /// The kind and ID of a reference to the literal name `text`: its interned ID when it is
    /// an assigned setting's, else its ID among the unassigned names, or one of the special
    /// names.
    fileprivate mutating func nameKindAndID(_ text: UnsafeBufferPointer<UInt8>, nameIDs: Unmanaged<NameTable>) -> (CompiledReference.NameKind, Int32) {
        nameKindAndID(text, hash: NameTable.hash(text), nameIDs: nameIDs._withUnsafeGuaranteedRef { $0.lookup })
    }

    /// ``nameKindAndID(_:nameIDs:)`` with the name's ``NameTable/hash(_:)`` computed already
    /// (by ``HashingScan``), for the lookup and for interning an unassigned name.
    ///
    /// `@_transparent` rather than `@inline(__always)`: the common shape is a large function,
    /// and the optimizer left a call to this one in it for each name (about 40 instructions
    /// of call, prologue and epilogue and of a call to tell the special names).
    @_transparent
    fileprivate mutating func nameKindAndID(_ text: UnsafeBufferPointer<UInt8>, hash: UInt64, nameIDs: NameTable.Lookup) -> (CompiledReference.NameKind, Int32) {
        let id = nameIDs.id(ofBytes: text, hash: hash)
        // IDs converted unchecked: an ID is a name's index in a table, far below `Int32.max`,
        // and checking each cost resolve-bench about 0.9K instructions. Only names of up to
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

/// A scan for the end of a name that hashes the name's bytes on the way, as
/// ``NameTable/hash(_:)`` does: the value compiler looks up every name it reads, and hashing
/// read the name's bytes a second time, a word at a time, after the scan had read them.
enum HashingScan {
    /// The index of the first byte from `start` on that is `a`, `b` or `c` (which must not be
    /// 0), and ``NameTable/hash(_:)`` of the bytes from `start` up to it; `bytes.count` (and
    /// no hash) when there is none. As ``ProgramCompiler/firstIndex(of:_:_:in:from:)``: eight
    /// bytes at a time, and the bytes past the last whole word in one word whose missing bytes
    /// are zeros; each whole word that holds none of the three is folded into the hash. Every
    /// read stays inside `bytes`.
    @inline(__always)
    static func scan(for a: UInt8, _ b: UInt8, _ c: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> (end: Int, hash: UInt64) {
        let count = bytes.count
        guard start < count, let base = bytes.baseAddress else { return (count, 0) }
        let raw = UnsafeRawPointer(base)
        var hash = NameTable.hashSeed
        var index = start
        // The word at `index` holding the end, first byte lowest, and the bits of its matches.
        var word: UInt64
        var found: UInt64
        while true {
            if index &+ 8 <= count {
                word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))
                found = ProgramCompiler.matches(of: a, b, c, in: word)
                if found != 0 { break }
                hash = NameTable.fold(hash, word)
                index &+= 8
                continue
            }
            if index == count { return (count, 0) }
            if count >= 8 {
                // The last eight bytes, shifted down past those folded already; zeros come in.
                let skipped = index &- (count &- 8)
                word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)) &>> UInt64(skipped &* 8)
            } else {
                word = NameTable.partialWord(raw + index, count: count &- index)
            }
            found = ProgramCompiler.matches(of: a, b, c, in: word)
            if found == 0 { return (count, 0) }
            break
        }
        let offset = found.trailingZeroBitCount &>> 3
        let end = index &+ offset
        // A match among the zeros past the end (none, as no byte sought is 0).
        if end >= count { return (count, 0) }
        let length = end &- start
        if length < 8 {
            // Nothing folded yet (`index` is `start`): the name's bytes are the word's lowest,
            // exact below the first match.
            hash = NameTable.fold(hash, word & ((1 &<< UInt64(truncatingIfNeeded: offset &* 8)) &- 1))
        } else if offset != 0 {
            hash = NameTable.fold(hash, UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: end &- 8, as: UInt64.self)))
        }
        return (end, NameTable.finishHash(hash, count: length))
    }
}

/// The last four short operator names read, with what ``OperatorName/init(bytes:)`` makes of
/// them. Telling an operator by its name called two functions, one of them `memcmp`, which cost
/// more than the rest of compiling the operator; a file uses a handful of operators, and a name
/// of up to seven bytes is told from the others by one word.
struct OperatorNameMemo {
    private var keys: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
    private var names: (OperatorName, OperatorName, OperatorName, OperatorName) = (.unknown, .unknown, .unknown, .unknown)
    /// The entry the next name read replaces.
    private var next = 0

    /// ``OperatorName/init(bytes:)`` of `bytes`.
    @inline(__always)
    mutating func name(_ bytes: UnsafeBufferPointer<UInt8>) -> OperatorName {
        let count = bytes.count
        guard count > 0, count < 8, let base = bytes.baseAddress else { return OperatorName(bytes: bytes) }
        // The bytes, and the length above them: two names share a key only when spelled alike.
        let key = NameTable.partialWord(UnsafeRawPointer(base), count: count) | UInt64(truncatingIfNeeded: count) &<< 56
        if key == keys.0 { return names.0 }
        if key == keys.1 { return names.1 }
        if key == keys.2 { return names.2 }
        if key == keys.3 { return names.3 }
        let name = OperatorName(bytes: bytes)
        switch next {
        case 0: (keys.0, names.0) = (key, name)
        case 1: (keys.1, names.1) = (key, name)
        case 2: (keys.2, names.2) = (key, name)
        default: (keys.3, names.3) = (key, name)
        }
        next = (next &+ 1) & 3
        return name
    }
}

/// Reads one value's bytes into a ``ProgramStore``, mirroring ``ExpressionParser``: the same
/// grammar, the same nesting bound, only the string form kept.
private struct ProgramCompiler {
    let bytes: UnsafeBufferPointer<UInt8>
    /// The store compiled into, owned by the caller for the compiler's lifetime.
    let storage: UnsafeMutablePointer<ProgramStore>
    /// The interned setting names, unretained: the caller of
    /// ``ProgramStore/compile(_:semantics:nameIDs:)`` holds the table for the compiler's
    /// lifetime. Holding it strongly cost a retain and a release per value compiled, and an
    /// `unowned(unsafe)` reference one per name looked up.
    let nameIDs: Unmanaged<NameTable>
    var index = 0
    var depth = 0

    /// The store, modified in place.
    private var store: ProgramStore {
        unsafeAddress { UnsafePointer(storage) }
        nonmutating unsafeMutableAddress { storage }
    }

    init(bytes: UnsafeBufferPointer<UInt8>, store: UnsafeMutablePointer<ProgramStore>, nameIDs: NameTable) {
        self.bytes = bytes
        self.storage = store
        self.nameIDs = Unmanaged.passUnretained(nameIDs)
    }

    private static let dollar = UInt8(ascii: "$")
    private static let backslash = UInt8(ascii: "\\")
    private static let colon = UInt8(ascii: ":")
    private static let equals = UInt8(ascii: "=")
    private static let openParenthesis = UInt8(ascii: "(")

    /// The index of the first byte from `start` on that is `a`, `b` or `c`; `bytes.count` when
    /// none is. Eight bytes at a time: names and text runs are long enough that comparing each
    /// byte three times was a good part of compiling.
    @inline(__always)
    static func firstIndex(of a: UInt8, _ b: UInt8, _ c: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        let count = bytes.count
        guard start < count, let base = bytes.baseAddress else { return count }
        let raw = UnsafeRawPointer(base)
        var index = start
        while index &+ 8 <= count {
            let found = matches(of: a, b, c, in: UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)))
            if found != 0 { return index &+ found.trailingZeroBitCount &>> 3 }
            index &+= 8
        }
        if index == count { return count }
        if count >= 8 {
            // The last eight bytes, shifted down past those already scanned; the zero bytes
            // shifted in are past the end, so a match among them is not one.
            let skipped = index &- (count &- 8)
            let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)) &>> UInt64(skipped &* 8)
            let offset = matches(of: a, b, c, in: word).trailingZeroBitCount &>> 3
            return offset < 8 &- skipped ? index &+ offset : count
        }
        while index < count, base[index] != a, base[index] != b, base[index] != c { index &+= 1 }
        return index
    }

    /// ``firstIndex(of:_:_:in:from:)`` for one byte: a third of the work per word.
    @inline(__always)
    static func firstIndex(of a: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        let count = bytes.count
        guard start < count, let base = bytes.baseAddress else { return count }
        let raw = UnsafeRawPointer(base)
        let ones: UInt64 = 0x0101_0101_0101_0101, pattern = ones &* UInt64(a)
        @inline(__always) func matches(_ word: UInt64) -> UInt64 {
            let x = word ^ pattern
            return (x &- ones) & ~x & 0x8080_8080_8080_8080
        }
        var index = start
        while index &+ 8 <= count {
            let found = matches(UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)))
            if found != 0 { return index &+ found.trailingZeroBitCount &>> 3 }
            index &+= 8
        }
        if index == count { return count }
        if count >= 8 {
            // As in the three-byte scan: the last eight bytes, shifted past those scanned.
            let skipped = index &- (count &- 8)
            let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)) &>> UInt64(skipped &* 8)
            let offset = matches(word).trailingZeroBitCount &>> 3
            return offset < 8 &- skipped ? index &+ offset : count
        }
        while index < count, base[index] != a { index &+= 1 }
        return index
    }

    /// The high bit of each byte of `word` that is `a`, `b` or `c`, exact up to the lowest
    /// match (bits above it may be false positives: borrows from the subtraction carry up).
    @inline(__always)
    fileprivate static func matches(of a: UInt8, _ b: UInt8, _ c: UInt8, in word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let x = word ^ (ones &* UInt64(a)), y = word ^ (ones &* UInt64(b)), z = word ^ (ones &* UInt64(c))
        return ((x &- ones) & ~x | (y &- ones) & ~y | (z &- ones) & ~z) & 0x8080_8080_8080_8080
    }

    // MARK: Pieces

    /// Appends text to the innermost expression, joining it to the previous text piece.
    private mutating func appendText(_ range: Range<Int>, mark: Int) {
        guard !range.isEmpty else { return }
        appendText(UnsafeBufferPointer(rebasing: bytes[range]), mark: mark)
    }

    private mutating func appendText(_ text: UnsafeBufferPointer<UInt8>, mark: Int) {
        let start = Int32(store.text.count)
        store.text.append(text)
        let length = Int32(text.count)
        let count = store.pendingPieces.count
        if count > mark, case let last = store.pendingPieces[count - 1], !last.isReference, last.start + last.length == start {
            store.pendingPieces[count - 1].length += length
        } else {
            store.pendingPieces.append(ProgramPiece(start: start, length: length))
        }
    }

    private mutating func appendDollar(mark: Int) {
        var dollar = Self.dollar
        withUnsafePointer(to: &dollar) { appendText(UnsafeBufferPointer(start: $0, count: 1), mark: mark) }
    }

    /// Moves the pieces above `mark` into the store and returns their range. One by one: an
    /// expression has one to three pieces nearly always, fewer bytes than a call to memcpy costs.
    private mutating func finish(mark: Int) -> Range<Int32> {
        let start = Int32(truncatingIfNeeded: store.pieces.count)
        let end = store.pendingPieces.count
        var index = mark
        while index < end {
            store.pieces.append(store.pendingPieces[index])
            index &+= 1
        }
        store.pendingPieces.removeLast(downTo: mark)
        return start..<Int32(truncatingIfNeeded: store.pieces.count)
    }

    /// Adds a reference to the store, its name and operators yet to be set, and returns its
    /// index there. A reference is written in place as it is compiled: building one and copying
    /// it into the store cost more than compiling its name. References nested in its name or
    /// operands come after it.
    @inline(__always)
    private mutating func startReference(isBare: Bool) -> Int {
        store.references.append(CompiledReference(kind: .empty, nameID: -1, name: 0..<0, isBare: isBare, operators: 0..<0))
        return store.references.count - 1
    }

    /// Appends the piece for the reference at `reference` in the store.
    private mutating func appendReferencePiece(_ reference: Int) {
        store.pendingPieces.append(ProgramPiece(start: Int32(reference), length: -1))
    }

    // MARK: Grammar

    mutating func compileTopLevel(list: Bool) -> Range<Int32> {
        list ? compileList() : compileString(stopAtColon: false, closer: nil)
    }

    /// String semantics: text up to a `$` sequence, a stopping `:` or the closer.
    private mutating func compileString(stopAtColon: Bool, closer: UInt8?) -> Range<Int32> {
        let mark = store.pendingPieces.count
        var textStart = index
        // Only `$` stops the scan at the top level; the stops are repeated to fill the three.
        let colon = stopAtColon ? Self.colon : Self.dollar
        let closer = closer ?? Self.dollar
        while true {
            index = Self.firstIndex(of: Self.dollar, colon, closer, in: bytes, from: index)
            if index == bytes.count || bytes[index] != Self.dollar { break }
            let start = index
            if compileDollar(textBefore: textStart..<start, mark: mark) {
                textStart = index
            } else {
                index += 1
            }
        }
        appendText(textStart..<index, mark: mark)
        return finish(mark: mark)
    }

    /// List semantics, string form: every byte is kept, a `\` keeps the next byte from being
    /// read as a `$`, and `$` sequences are compiled as in string semantics (semantics §3.3).
    private mutating func compileList() -> Range<Int32> {
        let mark = store.pendingPieces.count
        var textStart = index
        while true {
            index = Self.firstIndex(of: Self.dollar, Self.backslash, Self.backslash, in: bytes, from: index)
            if index == bytes.count { break }
            if bytes[index] == Self.backslash {
                index = min(index + 2, bytes.count)
                continue
            }
            let start = index
            if !compileDollar(textBefore: textStart..<start, mark: mark) {
                index += 1
                continue
            }
            textStart = index
        }
        appendText(textStart..<index, mark: mark)
        return finish(mark: mark)
    }

    /// At a `$`: compiles a reference or `$$` (flushing `textBefore` first) and returns `true`,
    /// or returns `false` for a `$` that is plain text.
    private mutating func compileDollar(textBefore: Range<Int>, mark: Int) -> Bool {
        guard index + 1 < bytes.count else { return false }  // trailing `$` is literal
        let next = bytes[index + 1]
        if next == Self.dollar {
            appendText(textBefore, mark: mark)
            appendDollar(mark: mark)
            index += 2
            return true
        }
        if let closer = ExpressionParser.closer(for: next) {
            if depth >= ExpressionParser.maximumNesting { return false }
            appendText(textBefore, mark: mark)
            appendReferencePiece(compileBracketed(closer: closer))
            return true
        }
        if ExpressionParser.isNameStart(next) {
            appendText(textBefore, mark: mark)
            appendReferencePiece(compileBare())
            return true
        }
        return false
    }

    /// `$NAME`, with a bracketed reference right after the name appended to it (semantics §3.4).
    /// Returns the reference's index in the store.
    private mutating func compileBare() -> Int {
        index += 1
        let mark = store.pendingPieces.count
        let nameStart = index
        while index < bytes.count, ExpressionParser.isBareNameByte(bytes[index]) { index += 1 }
        let appendsReference = index + 1 < bytes.count && bytes[index] == Self.dollar
            && bytes[index + 1] == Self.openParenthesis && depth < ExpressionParser.maximumNesting
        let reference = startReference(isBare: true)
        if !appendsReference {
            setName(of: reference, UnsafeBufferPointer(rebasing: bytes[nameStart..<index]))
            return reference
        }
        appendText(nameStart..<index, mark: mark)
        appendReferencePiece(compileBracketed(closer: UInt8(ascii: ")")))
        // Not inlined into the call: `self` would be read before `finish` moves the pieces.
        let name = finish(mark: mark)
        setComputedName(of: reference, name)
        return reference
    }

    /// `$(NAME:op:op=operand)` with `index` at the `$`; returns the reference's index in the store.
    private mutating func compileBracketed(closer: UInt8) -> Int {
        index += 2
        depth += 1
        defer { depth -= 1 }
        let reference = startReference(isBare: false)
        // Most names are plain bytes up to the closer or a `:`: looked up where they stand.
        let end = Self.firstIndex(of: closer, Self.colon, Self.dollar, in: bytes, from: index)
        if end == bytes.count || bytes[end] != Self.dollar {
            setName(of: reference, UnsafeBufferPointer(rebasing: bytes[index..<end]))
            index = end
        } else {
            let name = compileString(stopAtColon: true, closer: closer)
            setComputedName(of: reference, name)
        }
        let operatorMark = store.pendingOperators.count
        while index < bytes.count {
            if bytes[index] == closer {
                index += 1
                break
            }
            // At a `:`: an operator name, then `=operand`, `:`, or the closer.
            index += 1
            let operatorStart = index
            while index < bytes.count, ExpressionParser.isOperatorNameByte(bytes[index]) { index += 1 }
            let operatorName = OperatorName(bytes: UnsafeBufferPointer(rebasing: bytes[operatorStart..<index]))
            if index < bytes.count, bytes[index] == Self.equals {
                index += 1
                let operand = compileString(stopAtColon: true, closer: closer)
                store.pendingOperators.append(CompiledOperator(name: operatorName, operand: operand))
            } else if index >= bytes.count {
                // The value ends right after the name: Xcode reports the reference
                // unterminated and does not apply the operator (``ExpressionOperator/isCutOffByEnd``).
            } else if bytes[index] == Self.colon || bytes[index] == closer {
                store.pendingOperators.append(CompiledOperator(name: operatorName, operand: nil))
            } else {
                // An invalid character after the operator name: Xcode drops the operator.
                while index < bytes.count, bytes[index] != Self.colon, bytes[index] != closer { index += 1 }
            }
        }
        if store.pendingOperators.count > operatorMark {
            let first = Int32(store.operators.count)
            store.operators.append(store.pendingOperators, from: operatorMark)
            store.pendingOperators.removeLast(downTo: operatorMark)
            store.references[reference].operators = first..<Int32(store.operators.count)
        }
        return reference
    }

    /// Sets the literal name of the reference at `reference` in the store: its interned ID
    /// when it is an assigned setting's, else its ID among the unassigned names, or one of the
    /// special names.
    private mutating func setName(of reference: Int, _ text: UnsafeBufferPointer<UInt8>) {
        let (kind, nameID) = store.nameKindAndID(text, nameIDs: nameIDs)
        store.references[reference].kind = kind
        store.references[reference].nameID = nameID
    }

    /// Sets the name of the reference at `reference` in the store to the pieces `name`: read as
    /// a literal name when they hold no reference.
    private mutating func setComputedName(of reference: Int, _ name: Range<Int32>) {
        store.references[reference].name = name
        switch name.count {
        case 0:
            store.references[reference].kind = .empty
        case 1 where !store.pieces[Int(name.lowerBound)].isReference:
            // The common case, `$(NAME)`: looked up on the bytes, no string made.
            let piece = store.pieces[Int(name.lowerBound)]
            setName(of: reference, store.text.bytes(Int(piece.start), Int(piece.length)))
        default:
            // Text pieces are joined as they are appended, so several pieces hold a reference;
            // should they ever not, the name is still read as literal.
            if var text = store.literalText(name) {
                text.withUTF8 { setName(of: reference, $0) }
            } else {
                store.references[reference].kind = .computed
            }
        }
    }
}
