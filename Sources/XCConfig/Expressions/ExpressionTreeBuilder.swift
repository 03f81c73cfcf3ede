/// Builds the ``Expression`` tree that lint and explain read from what the ``ValueScanner``
/// finds: text tokens (with their printed and element forms in list semantics), spaces between
/// elements, and references with their names and operators.
struct ExpressionTreeBuilder: ValueSink {
    /// An open reference: its index in the references being read.
    typealias OpenReference = Int

    /// The value being read, which nested expressions share (see ``Expression``).
    private let source: String

    /// An expression being read: its tokens so far, and the text not yet made a token.
    private struct OpenExpression {
        var tokens: [ExpressionToken] = []
        /// The text as printed (quotes and escape backslashes kept).
        var raw: [UInt8] = []
        /// The text an element gets (quotes removed, escapes applied); `nil` while it is `raw`,
        /// as it is for nearly all text.
        var cooked: [UInt8]? = nil
        /// A quote opened since the last token: the text starts an element even when empty.
        var opens = false

        mutating func append(raw bytes: some Sequence<UInt8>) {
            raw.append(contentsOf: bytes)
            cooked?.append(contentsOf: bytes)
        }

        /// Appends `rawBytes` to the printed text and `cookedByte`, if any, to the element's.
        mutating func append(raw rawBytes: some Collection<UInt8>, cooked cookedByte: UInt8?) {
            if cooked == nil { cooked = raw }
            raw.append(contentsOf: rawBytes)
            if let cookedByte { cooked!.append(cookedByte) }
        }

        mutating func flushText() {
            guard !raw.isEmpty || opens else { return }
            let rawText = String(decoding: raw, as: UTF8.self)
            let cookedText = cooked.map { String(decoding: $0, as: UTF8.self) } ?? rawText
            tokens.append(.text(raw: rawText, cooked: cookedText, opensElement: opens || !cookedText.isEmpty))
            raw.removeAll(keepingCapacity: true)
            cooked = nil
            opens = false
        }
    }

    /// A finished expression; made an ``Expression`` when it is a name or an operand, and
    /// taken as tokens for the whole value.
    struct Parsed {
        let tokens: [ExpressionToken]
        let range: Range<Int>
        let semantics: ValueSemantics
    }

    /// A reference being read.
    private struct PartialReference {
        let form: ReferenceForm
        var name: XCConfig.Expression?
        var operators: [ExpressionOperator] = []
    }

    private var expressions: [OpenExpression] = []
    private var references: [PartialReference] = []

    init(source: String) {
        self.source = source
    }

    mutating func beginExpression() -> Int {
        expressions.append(OpenExpression())
        return expressions.count - 1
    }

    mutating func endExpression(mark: Int, range: Range<Int>, semantics: ValueSemantics) -> Parsed {
        var expression = expressions.removeLast()
        expression.flushText()
        return Parsed(tokens: expression.tokens, range: range, semantics: semantics)
    }

    private func node(_ parsed: Parsed) -> XCConfig.Expression {
        XCConfig.Expression(storage: source, offsets: parsed.range, semantics: parsed.semantics, tokens: parsed.tokens)
    }

    mutating func text(_ range: Range<Int>, of bytes: UnsafeBufferPointer<UInt8>, mark: Int) {
        expressions[mark].append(raw: bytes[range])
    }

    mutating func literalDollar(mark: Int) {
        expressions[mark].append(raw: CollectionOfOne(ValueScanner.dollar))
    }

    mutating func beginReference(_ form: ReferenceForm, at start: Int) -> Int {
        references.append(PartialReference(form: form))
        return references.count - 1
    }

    mutating func literalName(_ range: Range<Int>, of bytes: UnsafeBufferPointer<UInt8>, for reference: Int) {
        let mark = beginExpression()
        text(range, of: bytes, mark: mark)
        references[reference].name = node(endExpression(mark: mark, range: range, semantics: .string))
    }

    mutating func computedName(_ name: Parsed, for reference: Int) {
        references[reference].name = node(name)
    }

    mutating func addOperator(
        name: Range<Int>, of bytes: UnsafeBufferPointer<UInt8>, operand: Parsed?, range: Range<Int>,
        dropped: DroppedOperator?, to reference: Int
    ) {
        references[reference].operators.append(ExpressionOperator(
            name: String(decoding: bytes[name], as: UTF8.self), operand: operand.map(node), range: range,
            hasInvalidCharacter: dropped == .invalidCharacter, isCutOffByEnd: dropped == .cutOffByEnd))
    }

    mutating func endReference(_ reference: Int, range: Range<Int>, isUnterminated: Bool, quoted: Bool, mark: Int) {
        let open = references.removeLast()
        let made = Reference(name: open.name!, operators: open.operators, form: open.form, range: range, isUnterminated: isUnterminated)
        expressions[mark].flushText()
        expressions[mark].tokens.append(.reference(made, quoted: quoted))
    }

    mutating func escape(_ range: Range<Int>, of bytes: UnsafeBufferPointer<UInt8>, mark: Int) {
        expressions[mark].append(raw: bytes[range], cooked: bytes[range.upperBound - 1])
    }

    mutating func quote(at offset: Int, of bytes: UnsafeBufferPointer<UInt8>, opens: Bool, mark: Int) {
        expressions[mark].append(raw: CollectionOfOne(bytes[offset]), cooked: nil)
        if opens { expressions[mark].opens = true }
    }

    mutating func separator(_ range: Range<Int>, of bytes: UnsafeBufferPointer<UInt8>, mark: Int) {
        expressions[mark].flushText()
        expressions[mark].tokens.append(.space(raw: String(decoding: bytes[range], as: UTF8.self)))
    }
}
