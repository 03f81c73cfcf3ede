/// One statement of a tree, as plain values: where it starts and ends and, for an assignment,
/// where its parts are (``SyntaxTree/assignmentRecord(_:)`` reads them as offsets). Any other
/// statement is kept whole in ``StatementRecords/boxes``, at the index `code`.
///
/// A parse writes one per line and nothing else: no counted reference per line, so a tree is
/// made and freed at the cost of its arrays.
@usableFromInline
struct StatementRecord: Sendable {
    /// Offset of the statement's first byte, the start of its first line.
    @usableFromInline var start: Int
    /// ``assignmentCode``, ``blankCode``, ``commentCode``, or the index of the statement in
    /// ``StatementRecords/boxes``.
    @usableFromInline var code: Int
    /// The first line, which the name of an assignment is on.
    @usableFromInline var line: Int32
    var endLine: Int32
    var endColumn: Int32
    /// An assignment's fields (meaningless for any other statement): its name starts
    /// `nameDelta` bytes into its line, and the others are offsets from the name's first byte,
    /// with ``Assignment``'s meaning (``Assignment/absent`` and ``Assignment/continued`` as
    /// `chunkStartDelta` for a value without chunk or spanning lines).
    @usableFromInline var nameDelta: Int32
    @usableFromInline var nameLength: Int32
    @usableFromInline var equalsDelta: Int32
    @usableFromInline var chunkStartDelta: Int32
    @usableFromInline var chunkEndDelta: Int32
    @usableFromInline var endDelta: Int32
    @usableFromInline var conditionCount: Int32

    @usableFromInline static var assignmentCode: Int { -1 }
    @usableFromInline static var blankCode: Int { -2 }
    @usableFromInline static var commentCode: Int { -3 }

    init() {
        start = 0
        code = 0
        line = 0
        endLine = 0
        endColumn = 0
        nameDelta = 0
        nameLength = 0
        equalsDelta = 0
        chunkStartDelta = 0
        chunkEndDelta = 0
        endDelta = 0
        conditionCount = 0
    }

    /// The statement's range, from the start of its first line to `endOffset`.
    func range(endOffset: Int) -> SourceRange {
        SourceRange(
            start: SourceLocation(storedLine: line, storedColumn: 1),
            end: SourceLocation(storedLine: endLine, storedColumn: endColumn),
            startOffset: start, endOffset: endOffset)
    }
}

/// The statements of a tree: a record per statement, and the statements that records do not
/// hold.
///
/// Invariants, kept by the parse and by ``init(bytes:statements:)``: the records' starts
/// ascend, and each statement ends where the next starts (the last at the end of the input),
/// so a record needs no end offset; an assignment record's offsets lie within the input.
@usableFromInline
final class StatementRecords: Sendable {
    /// The input, which every assignment made from a record shares.
    @usableFromInline let source: Assignment.Source
    @usableFromInline let records: [StatementRecord]
    /// The statements of the records whose `code` is not negative, by that code: includes,
    /// invalid lines, assignments too large for a record's fields, and every statement of a
    /// tree made from statements.
    @usableFromInline let boxes: [Statement]

    init(source: Assignment.Source, records: [StatementRecord], boxes: [Statement]) {
        self.source = source
        self.records = records
        self.boxes = boxes
    }

    /// The records of `statements`, each one boxed as it is (their ranges need not tile).
    convenience init(bytes: [UInt8], statements: [Statement]) {
        let records = statements.indices.map { index in
            var record = StatementRecord()
            record.start = statements[index].range.startOffset
            record.code = index
            record.line = statements[index].range.start.storedLine
            record.endLine = statements[index].range.end.storedLine
            record.endColumn = statements[index].range.end.storedColumn
            return record
        }
        self.init(source: Assignment.Source(bytes), records: records, boxes: statements)
    }

    @usableFromInline var count: Int { records.count }

    /// The statement at `position`, made from its record.
    func statement(at position: Int) -> Statement {
        let record = records[position]
        let kind: StatementKind
        switch record.code {
        case StatementRecord.assignmentCode:
            kind = .assignment(assignment(record))
        case StatementRecord.blankCode:
            kind = .blank
        case StatementRecord.commentCode:
            kind = .comment
        default:
            return boxes[record.code]
        }
        // Statements tile the input: each ends where the next starts.
        let end = position + 1 < records.count ? records[position + 1].start : source.bytes.count
        return Statement(kind: kind, range: record.range(endOffset: end))
    }

    /// The assignment of an assignment record: a view of the input.
    @usableFromInline
    func assignment(_ record: StatementRecord) -> Assignment {
        Assignment(
            storage: source, nameStart: record.start &+ Int(record.nameDelta), line: record.line,
            column: record.nameDelta &+ 1, nameLength: record.nameLength, equalsDelta: record.equalsDelta,
            chunkStartDelta: record.chunkStartDelta, chunkEndDelta: record.chunkEndDelta,
            endDelta: record.endDelta, conditionCount: record.conditionCount)
    }
}
