/// Receives the parts of a value as the parser reads them. The parse only needs the value's
/// extent and passes ``ValueExtentOnly``, for which the specialised scan makes no ranges at all;
/// reading a value again passes a ``ValueLayout``, which keeps every part.
protocol ValueRecorder {
    /// `false` when every call would be thrown away, so that none is made.
    static var records: Bool { get }
    mutating func recordComment(_ range: SourceRange)
    /// A chunk, continued ones already trimmed (and left out when empty).
    mutating func recordChunk(_ range: SourceRange)
    /// A dropped `;`; `isFinal` for the one of the last chunk.
    mutating func recordDroppedSemicolon(_ range: SourceRange, isFinal: Bool)
    mutating func recordEnd(_ location: SourceLocation, offset: Int)
}

/// The recorder of the parse: the scan's result says all it needs.
struct ValueExtentOnly: ValueRecorder {
    static var records: Bool { false }
    func recordComment(_ range: SourceRange) {}
    func recordChunk(_ range: SourceRange) {}
    func recordDroppedSemicolon(_ range: SourceRange, isFinal: Bool) {}
    func recordEnd(_ location: SourceLocation, offset: Int) {}
}

/// What the compact form of an assignment does not keep of its value, read again on demand.
struct ValueLayout: ValueRecorder {
    var chunks: [SourceRange] = []
    var comments: [SourceRange] = []
    var droppedSemicolons: [SourceRange] = []
    /// The `;` dropped from the last chunk.
    var finalSemicolon: SourceRange?
    var end = SourceLocation(line: 0, column: 0)
    var endOffset = 0

    static var records: Bool { true }
    mutating func recordComment(_ range: SourceRange) { comments.append(range) }
    mutating func recordChunk(_ range: SourceRange) { chunks.append(range) }
    mutating func recordDroppedSemicolon(_ range: SourceRange, isFinal: Bool) {
        droppedSemicolons.append(range)
        if isFinal { finalSemicolon = range }
    }
    mutating func recordEnd(_ location: SourceLocation, offset: Int) {
        end = location
        endOffset = offset
    }
}
