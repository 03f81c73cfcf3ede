import XCConfigSyntax

/// Why a property list could not be read, and where.
///
/// XML errors carry the 1-based line and byte column of the offending markup (lines counted as
/// everywhere else in the project: LF, CR, CRLF, U+2028, U+2029); binary errors carry the byte
/// offset of the offending object instead, since a binary file has no lines.
public struct PropertyListError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong, in one line.
    public var message: String
    /// Where in an XML property list the problem is; `nil` for binary input.
    public var location: SourceLocation?
    /// Byte offset of the problem in the input, when known.
    public var offset: Int?

    /// Creates an error with a message and optional position.
    public init(message: String, location: SourceLocation? = nil, offset: Int? = nil) {
        self.message = message
        self.location = location
        self.offset = offset
    }

    /// `line L, column C: message` (or `byte N: message` for binary input).
    public var description: String {
        if let location {
            return "line \(location.line), column \(location.column): \(message)"
        }
        if let offset {
            return "byte \(offset): \(message)"
        }
        return message
    }

    /// This error as a diagnostic of error severity, for the CLI to print.
    public func diagnostic(file: String? = nil) -> Diagnostic {
        Diagnostic(severity: .error, message: message, file: file, location: location ?? SourceLocation(line: 1, column: 1))
    }
}

/// Nesting deeper than this is refused by every property-list reader.
///
/// Real property lists nest a handful of levels; the limit keeps hostile input from exhausting
/// the stack in the recursive operations `PropertyListValue` gets for free (destruction,
/// equality, hashing) and in the writer.
public let propertyListMaximumDepth = 512

/// Maps a byte offset to a 1-based line and byte column.
///
/// Only called when reporting, so a linear scan is fine. Terminators: LF, CR, CRLF, U+2028,
/// U+2029 (semantics §1.2, the same line count Xcode's own messages use).
func propertyListLocation(of offset: Int, in bytes: [UInt8]) -> SourceLocation {
    var line = 1
    var lineStart = 0
    var i = 0
    let end = min(offset, bytes.count)
    while i < end {
        let b = bytes[i]
        if b == 0x0A {
            line += 1
            lineStart = i + 1
        } else if b == 0x0D {
            if i + 1 < bytes.count, bytes[i + 1] == 0x0A {
                if i + 1 >= end { break }
                i += 1
            }
            line += 1
            lineStart = i + 1
        } else if b == 0xE2, i + 2 < bytes.count, bytes[i + 1] == 0x80, bytes[i + 2] == 0xA8 || bytes[i + 2] == 0xA9 {
            if i + 2 >= end { break }
            i += 2
            line += 1
            lineStart = i + 1
        }
        i += 1
    }
    return SourceLocation(line: line, column: end - lineStart + 1)
}

/// Line starts of a document, for mapping many offsets to locations without rescanning.
struct PropertyListLineTable {
    /// Offset of the first byte of each line; `starts[0] == 0`.
    private var starts: [Int] = [0]

    init(_ bytes: [UInt8]) {
        var i = 0
        while i < bytes.count {
            let b = bytes[i]
            if b == 0x0A {
                starts.append(i + 1)
            } else if b == 0x0D {
                if i + 1 < bytes.count, bytes[i + 1] == 0x0A { i += 1 }
                starts.append(i + 1)
            } else if b == 0xE2, i + 2 < bytes.count, bytes[i + 1] == 0x80, bytes[i + 2] == 0xA8 || bytes[i + 2] == 0xA9 {
                i += 2
                starts.append(i + 1)
            }
            i += 1
        }
    }

    /// The 1-based line and byte column of `offset`.
    func location(of offset: Int) -> SourceLocation {
        var low = 0
        var high = starts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if starts[mid] <= offset { low = mid } else { high = mid - 1 }
        }
        return SourceLocation(line: low + 1, column: offset - starts[low] + 1)
    }
}
