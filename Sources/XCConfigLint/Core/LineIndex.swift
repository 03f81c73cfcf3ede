import XCConfigSyntax

/// The line starts of a file that is not a configuration file (a project file), or of a
/// document as LSP counts its lines: LF, CR and CRLF end a line.
package struct LineIndex: Sendable {
    package let bytes: [UInt8]
    package let lineStarts: [Int]

    package init(_ bytes: [UInt8]) {
        self.bytes = bytes
        var starts = [0]
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            if byte == 0x0D, index < bytes.count, bytes[index] == 0x0A { index += 1 }
            if byte == 0x0A || byte == 0x0D { starts.append(index) }
        }
        lineStarts = starts
    }

    /// The offset and location of the first byte of `line` (1-based) that is not a space or tab;
    /// column 1 of line 1 when there is no such line.
    func firstNonBlank(onLine line: Int) -> (offset: Int, location: SourceLocation) {
        guard line >= 1, line <= lineStarts.count else { return (0, SourceLocation(line: 1, column: 1)) }
        let start = lineStarts[line - 1]
        var offset = start
        while offset < bytes.count, bytes[offset] == 0x20 || bytes[offset] == 0x09 { offset += 1 }
        return (offset, SourceLocation(line: line, column: offset - start + 1))
    }
}
