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
}

extension ProjectTextLayout {
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
