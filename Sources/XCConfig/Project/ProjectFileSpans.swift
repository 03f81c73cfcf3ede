/// Where one value of a project file is written, in byte offsets of the file.
///
/// For a dictionary entry the entry runs from its key to just after its `;`; for an array
/// element from the value to just after its `,` (or the value's end when no comma follows).
/// A container's value range runs from its `{` or `(` to just after its `}` or `)`.
package struct ProjectFileSpan: Sendable, Hashable {
    /// The first byte of the key (dictionary entry) or of the value (array element).
    package var entryStart: Int
    /// The first byte of the value.
    package var valueStart: Int
    /// Just after the value's last byte.
    package var valueEnd: Int
    /// Just after the entry's `;` or `,`.
    package var entryEnd: Int

    package init(entryStart: Int, valueStart: Int, valueEnd: Int, entryEnd: Int) {
        self.entryStart = entryStart
        self.valueStart = valueStart
        self.valueEnd = valueEnd
        self.entryEnd = entryEnd
    }
}

/// The spans of every value of a parsed project file, by key path from the root:
/// `["objects", "0A7D…", "buildSettings", "SDKROOT"]`. An array element's component is
/// ``index(_:)`` of its position, which no written key can be (it starts with a NUL byte).
package struct ProjectFileSpans: Sendable {
    private var spans: [[String]: ProjectFileSpan] = [:]
    /// Earlier places of a key written twice in one dictionary, which its last place shadows.
    private var shadowedSpans: [[String]: [ProjectFileSpan]] = [:]

    package init() {}

    /// The key-path component of the element at `position` of an array.
    package static func index(_ position: Int) -> String { "\u{0}\(position)" }

    /// Records where the value at `path` is written; a key written twice keeps its last place,
    /// as its value is the last one, and the earlier ones as ``shadowed(_:)``.
    package mutating func record(_ path: [String], _ span: ProjectFileSpan) {
        if let earlier = spans.updateValue(span, forKey: path) { shadowedSpans[path, default: []].append(earlier) }
    }

    /// The earlier places of a dictionary key written more than once: removing the key removes
    /// them too, or the value of the one before would take its place.
    package func shadowed(_ path: [String]) -> [ProjectFileSpan] { shadowedSpans[path] ?? [] }

    /// Where the value at `path` is written, when it is.
    package subscript(path: [String]) -> ProjectFileSpan? { spans[path] }
}

/// Line layout questions a project-file text editor asks of the file as read, the same in
/// every format: where new text goes and how it is indented.
protocol ProjectTextLayout {
    /// The file's bytes as read.
    var original: [UInt8] { get }
    /// Where each value of the file as read is written.
    var spans: ProjectFileSpans { get }
}

extension ProjectTextLayout {
    /// The line break a file uses: its first one's (a plain loop: the generic
    /// `firstRange(of:)` costs thousands of instructions per byte).
    static func lineBreak(of bytes: [UInt8]) -> [UInt8] {
        for offset in bytes.indices where bytes[offset] == 0x0A || bytes[offset] == 0x0D {
            return bytes[offset] == 0x0D && offset + 1 < bytes.count && bytes[offset + 1] == 0x0A ? [0x0D, 0x0A] : [0x0A]
        }
        return [0x0A]
    }

    /// Where the value at `path` of the file as read is written.
    func span(_ path: [String]) throws(ProjectFileError) -> ProjectFileSpan {
        guard let span = spans[path] else {
            throw ProjectFileError(message: "internal error: no place recorded for '\(path.joined(separator: " / "))'")
        }
        return span
    }

    /// The offset of the start of the line holding `offset`.
    func lineStart(_ offset: Int) -> Int {
        var start = offset
        while start > 0, original[start - 1] != 0x0A, original[start - 1] != 0x0D { start -= 1 }
        return start
    }

    /// The whitespace between the start of `offset`'s line and `offset`, when only whitespace is there.
    func indentation(before offset: Int) -> [UInt8]? {
        let start = lineStart(offset)
        let prefix = original[start..<offset]
        return prefix.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) ? Array(prefix) : nil
    }

    /// The whitespace that starts `offset`'s line.
    func leadingWhitespace(ofLineAt offset: Int) -> [UInt8] {
        let start = lineStart(offset)
        var end = start
        while end < original.count, original[end] == 0x20 || original[end] == 0x09 { end += 1 }
        return Array(original[start..<end])
    }
}

/// Byte edits collected against a file as read, applied together.
struct ProjectTextPatches {
    private var patches: [(range: Range<Int>, bytes: [UInt8], sequence: Int)] = []

    /// Replaces `range` of the file as read (empty to insert) with `bytes`.
    mutating func add(_ range: Range<Int>, _ bytes: [UInt8]) {
        patches.append((range, bytes, patches.count))
    }

    /// `original` with every edit applied, in one pass from the front (replacing ranges one by
    /// one would move the rest of the file each time). At one offset an insertion lands in front
    /// of what a removal there takes away, and of two insertions the earlier ends up first.
    func applied(to original: [UInt8]) -> [UInt8] {
        let ordered = patches.sorted {
            ($0.range.lowerBound, $0.range.upperBound, $0.sequence) < ($1.range.lowerBound, $1.range.upperBound, $1.sequence)
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(original.count + ordered.reduce(0) { $0 + $1.bytes.count })
        var copied = 0
        for patch in ordered {
            if patch.range.lowerBound > copied { bytes.append(contentsOf: original[copied..<patch.range.lowerBound]) }
            bytes.append(contentsOf: patch.bytes)
            copied = max(copied, patch.range.upperBound)
        }
        bytes.append(contentsOf: original[copied...])
        return bytes
    }
}
