/// How Xcode reads a value's text: decided by the type of the setting it is assigned to
/// (semantics §3.1).
public enum ValueSemantics: Sendable, Hashable {
    /// Everything but `$` sequences is literal text (boolean, string, path and enum settings).
    case string
    /// Whitespace separates elements; quotes and backslashes group and escape (list-typed and
    /// user-defined settings).
    case list
}

/// A setting value parsed once into text and references, ready to be evaluated any number of times.
package final class Expression: Sendable {
    /// The value text it was parsed from.
    package var source: String {
        guard let sourceOffsets else { return storage }
        let utf8 = storage.utf8
        let start = utf8.index(utf8.startIndex, offsetBy: sourceOffsets.lowerBound)
        let end = utf8.index(start, offsetBy: sourceOffsets.count)
        return String(decoding: utf8[start..<end], as: UTF8.self)
    }
    /// How the text was read.
    package let semantics: ValueSemantics
    let tokens: [ExpressionToken]
    /// The string form when the value holds no reference, else `nil`.
    let literal: String?
    /// The whole value a nested expression (a name, an operand) belongs to, shared rather than
    /// copied: an unterminated `$(` nesting 10,000 deep would otherwise copy the rest of a
    /// 10 MB value at every level.
    private let storage: String
    /// For a nested expression, its UTF-8 offsets in `storage`.
    private let sourceOffsets: Range<Int>?

    convenience init(source: String, semantics: ValueSemantics, tokens: [ExpressionToken]) {
        self.init(storage: source, offsets: nil, semantics: semantics, tokens: tokens)
    }

    /// An expression over part of `storage`; `offsets` `nil` means all of it.
    init(storage: String, offsets: Range<Int>?, semantics: ValueSemantics, tokens: [ExpressionToken]) {
        self.storage = storage
        self.sourceOffsets = offsets
        self.semantics = semantics
        self.tokens = tokens
        if tokens.contains(where: { if case .reference = $0 { return true } else { return false } }) {
            literal = nil
        } else {
            var text = ""
            for token in tokens {
                switch token {
                case .text(let raw, _, _): text += raw
                case .space(let raw): text += raw
                case .reference: break
                }
            }
            literal = text
        }
    }

    /// Parses `source` with the given semantics.
    package convenience init(parsing source: String, semantics: ValueSemantics) {
        var text = source
        let tokens = text.withUTF8 { bytes in
            var builder = ExpressionTreeBuilder(source: source)
            var scanner = ValueScanner(bytes: bytes)
            return scanner.scanValue(semantics, into: &builder).tokens
        }
        self.init(source: source, semantics: semantics, tokens: tokens)
    }

    /// Every reference in the value, outermost first, nested ones (in names and operands) included.
    package var references: [Reference] {
        var result: [Reference] = []
        var pending: [Expression] = [self]
        while let expression = pending.popLast() {
            for token in expression.tokens {
                if case .reference(let reference, _) = token {
                    result.append(reference)
                    pending.append(reference.name)
                    for op in reference.operators {
                        if let operand = op.operand { pending.append(operand) }
                    }
                }
            }
        }
        return result
    }

    /// `true` when the value contains no reference at all.
    package var isLiteral: Bool { literal != nil }
}

/// One piece of a parsed value.
enum ExpressionToken: Sendable {
    /// Text. `raw` is what the string form prints (quotes and escape backslashes kept);
    /// `cooked` is the text the list form sees (quotes removed, escapes applied);
    /// `opensElement` says the piece starts an element even when `cooked` is empty (a `""`).
    case text(raw: String, cooked: String, opensElement: Bool)
    /// Unquoted, unescaped whitespace between list elements (list semantics only).
    case space(raw: String)
    /// A substitution; `quoted` when it stands inside quotes (evaluated as one string).
    case reference(Reference, quoted: Bool)
}

/// How a reference was written.
package enum ReferenceForm: Sendable, Hashable {
    /// `$(NAME)`
    case parentheses
    /// `${NAME}` (deprecated)
    case braces
    /// `$[NAME]` (deprecated)
    case brackets
    /// `$NAME`, which stays literal when NAME has no value.
    case bare
}

/// A `$(NAME:op=operand)` substitution.
package final class Reference: Sendable {
    /// The name part, itself an expression (`$(A_$(B))`), evaluated as a string.
    package let name: Expression
    /// The operators, applied left to right.
    package let operators: [ExpressionOperator]
    /// How it was written.
    package let form: ReferenceForm
    /// Byte offsets of the whole reference in the value's UTF-8, from `$` to the closer.
    package let range: Range<Int>
    /// `true` when the closing delimiter was missing (Xcode consumes the rest of the value).
    package let isUnterminated: Bool
    /// For the bracketed forms: the closing delimiter that was expected.
    package var closer: UInt8? {
        switch form {
        case .parentheses: UInt8(ascii: ")")
        case .braces: UInt8(ascii: "}")
        case .brackets: UInt8(ascii: "]")
        case .bare: nil
        }
    }

    init(name: Expression, operators: [ExpressionOperator], form: ReferenceForm, range: Range<Int>, isUnterminated: Bool) {
        self.name = name
        self.operators = operators
        self.form = form
        self.range = range
        self.isUnterminated = isUnterminated
    }

    /// The name when it is plain text (no nested reference), else `nil`.
    package var literalName: String? { name.literal }
}

/// One `:op` or `:op=operand` of a reference.
package struct ExpressionOperator: Sendable {
    /// The operator's name, possibly empty (`$(X:)`, a malformed reference).
    package let name: String
    /// The operand of a replacement operator.
    package let operand: Expression?
    /// Byte offsets of the operator, from after the `:` to its end.
    package let range: Range<Int>
    /// `true` when a character that cannot continue an operator name followed it.
    package let hasInvalidCharacter: Bool
    /// `true` for a retrieval operator whose name runs to the end of the value (`$(V:upper`
    /// and the line ends): Xcode reports the reference unterminated and never reads the name
    /// as an operator (swift-build's `MacroExpressionParser` reports a retrieval operator
    /// only once a `:` or the closer follows its name).
    package let isCutOffByEnd: Bool

    /// `false` for the operators Xcode drops: an invalid character after the name, or the
    /// value's end right after a retrieval operator's name.
    package var isApplied: Bool { !hasInvalidCharacter && !isCutOffByEnd }
}
