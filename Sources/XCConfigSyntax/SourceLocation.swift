/// A position in a source file: 1-based line and 1-based byte column.
///
/// Lines count every terminator Xcode recognises (LF, CR, CRLF, U+2028, U+2029),
/// so line numbers agree with the ones Xcode prints (semantics §1.2).
///
/// Both are stored in 32 bits (8 bytes in all, a quarter of the tree's ranges): inputs of 2 GiB
/// or more are far beyond ``XCConfig``'s file size limit, and only their line and column numbers
/// would wrap, never their byte offsets.
public struct SourceLocation: Hashable, Sendable, Comparable {
    @usableFromInline var storedLine: Int32
    @usableFromInline var storedColumn: Int32

    /// 1-based line number.
    @inlinable public var line: Int {
        get { Int(storedLine) }
        set { storedLine = Int32(truncatingIfNeeded: newValue) }
    }

    /// 1-based column, counted in bytes from the start of the physical line.
    @inlinable public var column: Int {
        get { Int(storedColumn) }
        set { storedColumn = Int32(truncatingIfNeeded: newValue) }
    }

    @inlinable public init(line: Int, column: Int) {
        storedLine = Int32(truncatingIfNeeded: line)
        storedColumn = Int32(truncatingIfNeeded: column)
    }

    @inlinable init(storedLine: Int32, storedColumn: Int32) {
        self.storedLine = storedLine
        self.storedColumn = storedColumn
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

/// Printed as before the 32-bit storage: `SourceLocation(line: 3, column: 10)`.
extension SourceLocation: CustomReflectable {
    public var customMirror: Mirror {
        Mirror(self, children: ["line": line, "column": column], displayStyle: .struct)
    }
}
