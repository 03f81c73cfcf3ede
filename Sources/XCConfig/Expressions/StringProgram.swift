/// Setting values compiled once into flat arrays for the resolver's hot path: the string form
/// of a value is literal byte runs and references, nothing else (semantics §3).
///
/// ``Expression`` is the tree the public API and the linter see: a class per value, per
/// reference and per name, and strings for every piece of text. Evaluating every setting of a
/// file that way spent most of its time allocating and freeing those nodes, so the resolver
/// compiles each value into a ``StringProgram`` instead: pieces, references and operators live
/// in a few arrays shared by every value of the resolver, and literal text in one byte buffer.
/// One ``ValueScanner`` reads the value's bytes for both, into the tree or into the store;
/// the program keeps the string form (quotes and escape backslashes stay in it, as Xcode
/// prints them), or a list form for splitting into elements.
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

/// One piece of a compiled value: a literal byte run or a reference; in a list form also an
/// element separator, and references inside quotes marked as such.
struct ProgramPiece {
    /// Text: offset in ``ProgramStore/text``. Reference: index in ``ProgramStore/references``.
    var start: Int32
    /// Text: byte count (in a list form, 0 opens an element, as `""` does). Otherwise one of
    /// ``referenceLength``, ``quotedReferenceLength`` or ``separatorLength``.
    var length: Int32

    static let referenceLength: Int32 = -1
    /// A list form's element separator.
    static let separatorLength: Int32 = -2
    /// A list form's reference inside quotes: its string value joins the element.
    static let quotedReferenceLength: Int32 = -3

    static let separator = ProgramPiece(start: 0, length: separatorLength)

    /// A reference of a string form (where there are no separators), a name or an operand.
    var isReference: Bool { length < 0 }
    var isText: Bool { length >= 0 }
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
