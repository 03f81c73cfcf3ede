/// A position in a source file: 1-based line and 1-based byte column.
///
/// Lines count every terminator Xcode recognises (LF, CR, CRLF, U+2028, U+2029),
/// so line numbers agree with the ones Xcode prints (semantics §1.2).
public struct SourceLocation: Hashable, Sendable, Comparable {
    /// 1-based line number.
    public var line: Int
    /// 1-based column, counted in bytes from the start of the physical line.
    public var column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        (lhs.line, lhs.column) < (rhs.line, rhs.column)
    }
}

/// A half-open range of bytes in a source file, with the line and column of both ends.
public struct SourceRange: Hashable, Sendable {
    /// Where the range starts.
    public var start: SourceLocation
    /// Where the range ends (the position just past its last byte).
    public var end: SourceLocation
    /// Byte offset of the first byte.
    public var startOffset: Int
    /// Byte offset just past the last byte.
    public var endOffset: Int

    public init(start: SourceLocation, end: SourceLocation, startOffset: Int, endOffset: Int) {
        self.start = start
        self.end = end
        self.startOffset = startOffset
        self.endOffset = endOffset
    }

    /// The byte offsets as a Swift range.
    public var offsets: Range<Int> { startOffset..<endOffset }
}
