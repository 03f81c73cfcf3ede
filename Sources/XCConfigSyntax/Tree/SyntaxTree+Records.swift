/// The raw API: a tree's statements read by index, as kinds and byte offsets into
/// ``SyntaxTree/bytes``, without making ``Statement`` or ``Assignment`` values.
///
/// One API for every reader of many assignments: the include walk lists a file's assignments
/// by record index; the resolver interns names, matches conditions and compiles values from the
/// bytes; the linter can find names, conditions and comments here too (today it still reads the
/// public views). The parser found every part once; these read its records (and, for the rare
/// statement a record cannot hold, the statement itself), so all readers see the same parts.
///
/// A record index is a position in ``SyntaxTree/statements``.
extension SyntaxTree {
    /// What a statement record is.
    @usableFromInline
    package enum RecordKind: Sendable, Equatable {
        case assignment
        case include
        case invalid
        case comment
        case blank
    }

    /// How many statements the tree has: record indices are `0..<recordCount`.
    @inlinable
    package var recordCount: Int { records.count }

    /// What statement `index` is.
    @inlinable @inline(__always)
    package func kind(ofRecord index: Int) -> RecordKind {
        let code = records.records[index].code
        switch code {
        case StatementRecord.assignmentCode: return .assignment
        case StatementRecord.blankCode: return .blank
        case StatementRecord.commentCode: return .comment
        default: return records.boxedKind(code)
        }
    }

    /// Statement `index`, made from its record: the safe view.
    package func statement(ofRecord index: Int) -> Statement {
        records.statement(at: index)
    }

    /// The offsets of assignment `index`'s parts, when its record holds them; `nil` for any
    /// other statement, and for an assignment kept whole (longer than 2 GiB, or in a tree made
    /// from statements), which the readers below and ``statement(ofRecord:)`` read instead.
    @inlinable @inline(__always)
    package func assignmentRecord(_ index: Int) -> AssignmentRecord? {
        let record = records.records[index]
        guard record.code == StatementRecord.assignmentCode else { return nil }
        return AssignmentRecord(record)
    }

    /// Calls `body` with the name's UTF-8 bytes of assignment `index`.
    @inlinable
    package func withNameBytes<R>(ofRecord index: Int, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        if let record = assignmentRecord(index) {
            return bytes.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[record.nameRange])) }
        }
        return assignment(ofRecord: index).withNameBytes(body)
    }

    /// Calls `body` with the UTF-8 bytes of assignment `index`'s value (``Assignment/value``),
    /// read in place when the value is one chunk.
    @inlinable
    package func withValueBytes<R>(ofRecord index: Int, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        if let record = assignmentRecord(index) {
            if let chunk = record.valueChunk {
                return bytes.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[chunk])) }
            }
            // No chunk on one line: the value is empty.
            if !record.isContinued { return body(UnsafeBufferPointer(start: nil, count: 0)) }
        }
        var value = assignment(ofRecord: index).value
        return value.withUTF8(body)
    }

    /// Whether assignment `index` has conditions, found without reading them.
    @inlinable
    package func hasConditions(ofRecord index: Int) -> Bool {
        if let record = assignmentRecord(index) { return record.conditionCount != 0 }
        return assignment(ofRecord: index).hasConditions
    }

    /// Calls `body` with the parameter and pattern bytes of each condition of assignment
    /// `index`, in the order written, until it returns `false`.
    @inlinable
    package func forEachCondition(
        ofRecord index: Int, _ body: (_ parameter: UnsafeBufferPointer<UInt8>, _ pattern: UnsafeBufferPointer<UInt8>) -> Bool
    ) {
        if let record = assignmentRecord(index) {
            bytes.withUnsafeBufferPointer { input in
                record.forEachCondition(in: input) { parameter, pattern in
                    body(UnsafeBufferPointer(rebasing: input[parameter]), UnsafeBufferPointer(rebasing: input[pattern]))
                }
            }
            return
        }
        assignment(ofRecord: index).forEachCondition(body)
    }

    /// The ranges of the `//` comments on assignment `index`'s lines, each from `//` to the end
    /// of its line; read again from the input.
    package func commentRanges(ofRecord index: Int) -> [Range<Int>] {
        assignment(ofRecord: index).comments.map(\.offsets)
    }

    /// Assignment `index` as an ``Assignment``, the safe view: for the parts records do not
    /// hold (the joined value of a continued one, comments) and for assignments kept whole.
    @usableFromInline
    package func assignment(ofRecord index: Int) -> Assignment {
        guard let assignment = records.statement(at: index).assignment else {
            preconditionFailure("statement \(index) is not an assignment")
        }
        return assignment
    }
}

/// Where the parts of one assignment stand in its tree's ``SyntaxTree/bytes``: plain offsets,
/// from ``SyntaxTree/assignmentRecord(_:)``.
@usableFromInline
package struct AssignmentRecord: Sendable, Equatable {
    /// The name's bytes.
    @usableFromInline package var nameRange: Range<Int>
    /// The line and column of the name's first byte (Xcode's line count; columns in bytes).
    @usableFromInline package var line: Int
    @usableFromInline package var column: Int
    /// Offset of the `=`.
    @usableFromInline package var equalsOffset: Int
    /// How many `[parameter=pattern]` conditions stand between the name and the `=`, all on
    /// the name's line (``forEachCondition(in:_:)`` finds them).
    @usableFromInline package var conditionCount: Int
    /// The value's bytes where they stand, when the value is one chunk on the name's line
    /// (the common case). `nil` when the value is empty or spans lines
    /// (``SyntaxTree/withValueBytes(ofRecord:_:)`` reads every value).
    @usableFromInline package var valueChunk: Range<Int>?
    /// Whether the value continues onto later lines (`\` at the end of a chunk).
    @usableFromInline package var isContinued: Bool
    /// Where the parser stopped reading the assignment: the end of its last line, comments
    /// skipped.
    @usableFromInline package var endOffset: Int

    @inlinable @inline(__always)
    init(_ record: StatementRecord) {
        // The parse checked that every offset is within the input: wrapping arithmetic.
        let nameStart = record.start &+ Int(record.nameDelta)
        nameRange = nameStart..<nameStart &+ Int(record.nameLength)
        line = Int(record.line)
        column = Int(record.nameDelta) &+ 1
        equalsOffset = nameStart &+ Int(record.equalsDelta)
        conditionCount = Int(record.conditionCount)
        valueChunk = record.chunkStartDelta >= 0
            ? nameStart &+ Int(record.chunkStartDelta)..<nameStart &+ Int(record.chunkEndDelta) : nil
        isContinued = record.chunkStartDelta == Assignment.continued
        endOffset = nameStart &+ Int(record.endDelta)
    }

    /// Calls `body` with the ranges of each condition's parameter and pattern in `input` (the
    /// tree's bytes), in the order written, until it returns `false`. Neither is trimmed
    /// (semantics §1.3).
    @inlinable
    package func forEachCondition(
        in input: UnsafeBufferPointer<UInt8>, _ body: (_ parameter: Range<Int>, _ pattern: Range<Int>) -> Bool
    ) {
        XCConfigParser.forEachConditionRange(in: input, count: conditionCount, nameEnd: nameRange.upperBound) { open, equals, close in
            body(open &+ 1..<equals, equals &+ 1..<close)
        }
    }
}

extension StatementRecords {
    /// The kind of the boxed statement `code`.
    @usableFromInline
    func boxedKind(_ code: Int) -> SyntaxTree.RecordKind {
        switch boxes[code].kind {
        case .assignment: .assignment
        case .include: .include
        case .invalid: .invalid
        case .comment: .comment
        case .blank: .blank
        }
    }
}

extension Statement {
    /// The assignment, when the statement is one.
    @usableFromInline var assignment: Assignment? {
        if case .assignment(let assignment) = kind { return assignment }
        return nil
    }
}
