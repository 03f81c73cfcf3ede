#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The common shape: one pass over the values nearly every file is made of, giving the
/// general compiler's store (``ValueScanner`` into ``ProgramWriter``) without its nesting and joining.
extension ProgramStore {
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
    mutating func compileCommonShape(_ bytes: UnsafeBufferPointer<UInt8>, firstDollar start: Int, nameIDs: NameTable.Lookup) -> StringProgram? {
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
                if next == dollar || ValueScanner.isNameStart(next) {
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
            var end = closesParenthesis
                ? ValueScanner.firstIndex(of: UInt8(ascii: ")"), colon, dollar, in: bytes, from: nameStart)
                : ValueScanner.firstIndex(of: closer, colon, dollar, in: bytes, from: nameStart)
            if end == count {
                return abandon(pieces: piecesStart, references: referencesStart, operators: operatorsStart, text: textStart, pending: mark)
            }
            if base[end] != dollar {
                let name = UnsafeBufferPointer(start: base + nameStart, count: end &- nameStart)
                let (kind, nameID) = nameKindAndID(name, hash: NameTable.hash(name), nameIDs: nameIDs)
                references.append(CompiledReference(kind: kind, nameID: nameID, name: 0..<0, isBare: false, operators: 0..<0))
            } else {
                // `$(NAME)` as the whole name: nothing before it, the closer right after it.
                guard end == nameStart, end &+ 1 < count, let innerCloser = Self.closer(after: base[end &+ 1]) else {
                    return abandon(pieces: piecesStart, references: referencesStart, operators: operatorsStart, text: textStart, pending: mark)
                }
                let innerStart = end &+ 2
                let innerEnd = ValueScanner.firstIndex(of: innerCloser, colon, dollar, in: bytes, from: innerStart)
                guard innerEnd < count, base[innerEnd] == innerCloser, innerEnd &+ 1 < count, base[innerEnd &+ 1] == closer else {
                    return abandon(pieces: piecesStart, references: referencesStart, operators: operatorsStart, text: textStart, pending: mark)
                }
                if piecesInStore { piecesInStore = moveToPending(from: piecesStart) }
                // The name's one piece, the inner reference, goes to `pieces` next.
                let namePiece = Int32(truncatingIfNeeded: pieces.count)
                references.append(CompiledReference(kind: .computed, nameID: -1, name: namePiece..<namePiece &+ 1, isBare: false, operators: 0..<0))
                let inner = references.count
                let innerName = UnsafeBufferPointer(start: base + innerStart, count: innerEnd &- innerStart)
                let (kind, nameID) = nameKindAndID(innerName, hash: NameTable.hash(innerName), nameIDs: nameIDs)
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
                        ? ValueScanner.firstIndex(of: equals, colon, UInt8(ascii: ")"), in: bytes, from: operatorStart)
                        : ValueScanner.firstIndex(of: equals, colon, closer, in: bytes, from: operatorStart)
                    // A dropped operator or an open reference: the general compiler's.
                    guard end < count else {
                        return abandon(pieces: piecesStart, references: referencesStart, operators: operatorsStart, text: textStart, pending: mark)
                    }
                    let nameBytes = UnsafeBufferPointer(start: base + operatorStart, count: end &- operatorStart)
                    let name = recentOperatorNames.name(nameBytes)
                    if name == .unknown, !nameBytes.allSatisfy(ValueScanner.isOperatorNameByte) {
                        return abandon(pieces: piecesStart, references: referencesStart, operators: operatorsStart, text: textStart, pending: mark)
                    }
                    if base[end] == equals {
                        let operandStart = end &+ 1
                        end = ValueScanner.firstIndex(of: colon, closer, dollar, in: bytes, from: operandStart)
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
            index = ValueScanner.firstIndex(of: dollar, in: bytes, from: runStart)
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
    static func dollarIndex(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
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
