/// Byte-exact edits of an old-style `project.pbxproj`: each edit replaces or inserts the bytes of
/// one entry, laid out as its neighbours are, and leaves every other byte of the file as it was
/// (ordering, comments, indentation, the `/* Begin … section */` markers).
///
/// Edits are collected against the original bytes and applied together by ``result()``; the
/// caller keeps the model of what they mean (``ProjectFileDocument``).
struct OldStyleProjectText: ProjectTextLayout {
    let original: [UInt8]
    let spans: ProjectFileSpans
    /// The line break the file uses.
    let newline: [UInt8]
    private var patches = ProjectTextPatches()

    init(bytes: [UInt8], spans: ProjectFileSpans) {
        self.original = bytes
        self.spans = spans
        newline = Self.lineBreak(of: bytes)
    }

    /// The file with every edit applied.
    func result() -> [UInt8] {
        patches.applied(to: original)
    }

    private mutating func patch(_ range: Range<Int>, _ text: String) {
        patch(range, Array(text.utf8))
    }

    private mutating func patch(_ range: Range<Int>, _ bytes: [UInt8]) {
        patches.add(range, bytes)
    }

    // MARK: - Layout

    /// Whether the container written at `span` spans several lines.
    func isMultiline(_ span: ProjectFileSpan) -> Bool {
        original[span.valueStart..<span.valueEnd].contains { $0 == 0x0A || $0 == 0x0D }
    }

    /// The indentation one level deeper than `indent`: a tab when the file indents with tabs.
    func deeper(_ indent: [UInt8]) -> [UInt8] {
        if let first = indent.first, first == 0x20 { return indent + [0x20, 0x20, 0x20, 0x20] }
        return indent + [0x09]
    }

    /// How the members of the container at `path` are indented, from its first member (`first`)
    /// or one level deeper than the line holding the container.
    func memberIndentation(of span: ProjectFileSpan, first: ProjectFileSpan?) -> [UInt8] {
        if let first, let indent = indentation(before: first.entryStart) { return indent }
        return deeper(leadingWhitespace(ofLineAt: span.valueStart))
    }

    // MARK: - Edits

    /// Replaces the value at `path` (which must be written in the file) with `text`.
    mutating func replaceValue(at path: [String], with text: String) throws(ProjectFileError) {
        let span = try span(path)
        // Up to the `;`: the comment naming the old value's object goes with it.
        let end = span.entryEnd > span.valueEnd && original[span.entryEnd - 1] == UInt8(ascii: ";") ? span.entryEnd - 1 : span.valueEnd
        patch(span.valueStart..<end, text)
    }

    /// Removes the entry at `path`: its whole line when it is alone on it, else just its bytes
    /// and the space after them.
    mutating func removeEntry(at path: [String]) throws(ProjectFileError) {
        let span = try span(path)
        if indentation(before: span.entryStart) != nil {
            var end = span.entryEnd
            while end < original.count, original[end] == 0x20 || original[end] == 0x09 { end += 1 }
            if end == original.count || original[end] == 0x0A || original[end] == 0x0D {
                if end < original.count { end += original[end] == 0x0D && end + 1 < original.count && original[end + 1] == 0x0A ? 2 : 1 }
                patch(lineStart(span.entryStart)..<end, [])
                return
            }
        }
        var end = span.entryEnd
        if end < original.count, original[end] == 0x20 { end += 1 }
        patch(span.entryStart..<end, [])
    }

    /// Inserts `key = valueText;` into the dictionary at `path`, before `successor` (a key of the
    /// dictionary) or at its end, laid out as the dictionary's other entries.
    mutating func insertEntry(
        _ entryText: String, intoDictionaryAt path: [String], before successor: String?, firstKey: String?
    ) throws(ProjectFileError) {
        let dictionary = try span(path)
        let first = try firstKey.map { key throws(ProjectFileError) in try span(path + [key]) }
        try insertMember(entryText, container: dictionary, first: first, successor: successor.map { path + [$0] })
    }

    /// Appends `elementTexts` (without their commas) to the array at `path`, laid out as its
    /// other elements.
    mutating func appendElements(_ elementTexts: [String], toArrayAt path: [String], count: Int) throws(ProjectFileError) {
        let array = try span(path)
        let first = count > 0 ? try span(path + [ProjectFileSpans.index(0)]) : nil
        if count > 0 {
            // `(a, b)` without a trailing comma needs one before the new element.
            let last = try span(path + [ProjectFileSpans.index(count - 1)])
            if last.entryEnd == last.valueEnd { patch(last.valueEnd..<last.valueEnd, ",") }
        }
        for elementText in elementTexts {
            try insertMember(elementText + ",", container: array, first: first, successor: nil, elementSeparator: true)
        }
    }

    /// Inserts one member's text (`key = value;` or `value,`) into a container, before the member
    /// at `successor` or before the closing bracket.
    private mutating func insertMember(
        _ memberText: String, container: ProjectFileSpan, first: ProjectFileSpan?, successor: [String]?,
        elementSeparator: Bool = false
    ) throws(ProjectFileError) {
        let successorSpan = try successor.map { path throws(ProjectFileError) in try span(path) }
        if isMultiline(container) {
            let indent = memberIndentation(of: container, first: first)
            let line = indent + Array(memberText.utf8) + newline
            if let successorSpan, indentation(before: successorSpan.entryStart) != nil {
                patch(lineStart(successorSpan.entryStart)..<lineStart(successorSpan.entryStart), line)
                return
            }
            let close = container.valueEnd - 1
            if indentation(before: close) != nil {
                patch(lineStart(close)..<lineStart(close), line)
            } else {
                patch(close..<close, newline + indent + Array(memberText.utf8) + newline)
            }
            return
        }
        // One line, as Xcode writes file references and build files: `{isa = …; path = …; }`.
        if let successorSpan {
            patch(successorSpan.entryStart..<successorSpan.entryStart, memberText + " ")
            return
        }
        let close = container.valueEnd - 1
        let needsSpace = close > container.valueStart + 1 && original[close - 1] != 0x20
        patch(close..<close, (needsSpace ? " " : "") + memberText + (elementSeparator && first == nil ? "" : " "))
    }

    /// An object to insert into the `objects` dictionary: its id, class, and its text for an indentation.
    struct NewObject {
        var id: String
        var isa: String
        var render: ([UInt8]) -> [UInt8]
    }

    /// Inserts objects (`id /* comment */ = {…};`, each rendered with the objects' indentation)
    /// into the `objects` dictionary: each in the `/* Begin ISA section */` of its class, before
    /// the first object with a greater id, creating the section in alphabetical order when the
    /// file has sections but not this one. `objects` is the dictionary as edited; only the
    /// objects of the file as read have places.
    ///
    /// All at once, in id order: the sections are found once, and the place of each object is
    /// at or after the place of the one before, so the whole insertion reads the file once.
    mutating func insertObjects(_ newObjects: [NewObject], objects: ProjectFileDictionary) throws(ProjectFileError) {
        guard !newObjects.isEmpty else { return }
        let objectsSpan = try span(["objects"])
        let sectionMarkers = Self.sectionMarkers(in: original, range: objectsSpan.valueStart..<objectsSpan.valueEnd)
        // The objects of the file as read, in written order, with their places.
        let written = objects.entries.compactMap { entry -> (id: String, span: ProjectFileSpan)? in
            spans[["objects", entry.key]].map { (entry.key, $0) }
        }
        let indent = memberIndentation(of: objectsSpan, first: written.first?.span)
        let sorted = newObjects.sorted { $0.id.utf8.lexicographicallyPrecedes($1.id.utf8) }

        // The objects written inside each section, by the section's position in `sectionMarkers`.
        var members = [[(id: String, span: ProjectFileSpan)]](repeating: [], count: sectionMarkers.count)
        for object in written {
            // The last section beginning before the object (sections do not nest).
            var low = 0, high = sectionMarkers.count
            while low < high {
                let middle = (low + high) / 2
                if sectionMarkers[middle].begin < object.span.entryStart { low = middle + 1 } else { high = middle }
            }
            if low > 0, object.span.entryStart < sectionMarkers[low - 1].end { members[low - 1].append(object) }
        }
        var nextMember = [Int](repeating: 0, count: sectionMarkers.count)
        var nextWritten = 0
        var newSections: [String: [UInt8]] = [:]

        for object in sorted {
            let objectLine = object.render(indent)
            func follows(_ id: String) -> Bool { !id.utf8.lexicographicallyPrecedes(object.id.utf8) && id != object.id }
            if let section = sectionMarkers.firstIndex(where: { $0.name == object.isa }) {
                let inSection = members[section]
                while nextMember[section] < inSection.count, !follows(inSection[nextMember[section]].id) { nextMember[section] += 1 }
                if nextMember[section] < inSection.count, indentation(before: inSection[nextMember[section]].span.entryStart) != nil {
                    let next = inSection[nextMember[section]].span
                    patch(lineStart(next.entryStart)..<lineStart(next.entryStart), objectLine)
                } else {
                    let end = sectionMarkers[section].end
                    patch(lineStart(end)..<lineStart(end), objectLine)
                }
                continue
            }
            if !sectionMarkers.isEmpty {
                newSections[object.isa, default: []] += objectLine
                continue
            }
            // No sections (a hand-made or converted file): in id order among the objects.
            while nextWritten < written.count, !follows(written[nextWritten].id) { nextWritten += 1 }
            if isMultiline(objectsSpan), nextWritten < written.count, indentation(before: written[nextWritten].span.entryStart) != nil {
                let successor = written[nextWritten].span
                patch(lineStart(successor.entryStart)..<lineStart(successor.entryStart), objectLine)
            } else {
                let close = objectsSpan.valueEnd - 1
                if indentation(before: close) != nil {
                    patch(lineStart(close)..<lineStart(close), objectLine)
                } else {
                    patch(close..<close, newline + objectLine)
                }
            }
        }
        // A class the file has no section for: one new section, in alphabetical order.
        for isa in newSections.keys.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
            let block = Array("/* Begin \(isa) section */".utf8) + newline + newSections[isa]! + Array("/* End \(isa) section */".utf8) + newline
            if let later = sectionMarkers.first(where: { $0.name.utf8.lexicographicallyPrecedes(isa.utf8) == false }) {
                patch(lineStart(later.begin)..<lineStart(later.begin), block + newline)
            } else {
                let lastEnd = sectionMarkers.map(\.endLineEnd).max()!
                patch(lastEnd..<lastEnd, newline + block)
            }
        }
    }

    /// A `/* Begin NAME section */` … `/* End NAME section */` pair: the offsets of the two
    /// comments, and just after the end comment's line.
    struct SectionMarker {
        var name: String
        var begin: Int
        var end: Int
        var endLineEnd: Int
    }

    static func sectionMarkers(in bytes: [UInt8], range: Range<Int>) -> [SectionMarker] {
        let beginPrefix = Array("/* Begin ".utf8)
        let endPrefix = Array("/* End ".utf8)
        let suffix = Array(" section */".utf8)
        var begins: [String: Int] = [:]
        var markers: [SectionMarker] = []
        var offset = range.lowerBound
        while offset < range.upperBound {
            guard let slash = bytes[offset..<range.upperBound].firstIndex(of: UInt8(ascii: "/")) else { break }
            offset = slash + 1
            let isBegin = bytes[slash...].starts(with: beginPrefix)
            let isEnd = !isBegin && bytes[slash...].starts(with: endPrefix)
            guard isBegin || isEnd else { continue }
            let nameStart = slash + (isBegin ? beginPrefix.count : endPrefix.count)
            // The marker ends on its own line.
            var lineEnd = nameStart
            while lineEnd < range.upperBound, bytes[lineEnd] != 0x0A, bytes[lineEnd] != 0x0D { lineEnd += 1 }
            guard let suffixStart = (nameStart...max(nameStart, lineEnd - suffix.count)).first(where: { bytes[$0...].starts(with: suffix) }),
                  suffixStart + suffix.count <= lineEnd else { continue }
            let close = suffixStart..<(suffixStart + suffix.count)
            let name = String(decoding: bytes[nameStart..<close.lowerBound], as: UTF8.self)
            guard !name.contains("\n") else { continue }
            if isBegin {
                begins[name] = slash
            } else if let begin = begins[name] {
                var lineEnd = close.upperBound
                while lineEnd < bytes.count, bytes[lineEnd] != 0x0A, bytes[lineEnd] != 0x0D { lineEnd += 1 }
                if lineEnd < bytes.count { lineEnd += bytes[lineEnd] == 0x0D && lineEnd + 1 < bytes.count && bytes[lineEnd + 1] == 0x0A ? 2 : 1 }
                markers.append(SectionMarker(name: name, begin: begin, end: slash, endLineEnd: lineEnd))
            }
            offset = close.upperBound
        }
        return markers.sorted { $0.begin < $1.begin }
    }
}

/// How Xcode writes strings, references and objects in an old-style `project.pbxproj`
/// (project-formats.md §A.2 "What Xcode writes").
enum OldStyleWriting {
    /// `text` as Xcode writes it: bare when non-empty, made only of `[A-Za-z0-9_$./]` and
    /// without `//` or `___`; otherwise double-quoted with `\\`, `\"`, `\n`, `\t` and `\Uxxxx` escapes.
    static func string(_ text: String) -> String {
        let bare = !text.isEmpty && text.utf8.allSatisfy { byte in
            (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
                || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || "_$./".utf8.contains(byte)
        } && !text.containsBytes("//") && !text.containsBytes("___")
        if bare { return text }
        var quoted = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": quoted += "\\\\"
            case "\"": quoted += "\\\""
            case "\n": quoted += "\\n"
            case "\t": quoted += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                let hex = String(scalar.value, radix: 16)
                quoted += "\\U" + String(repeating: "0", count: 4 - hex.count) + hex
            default: quoted.unicodeScalars.append(scalar)
            }
        }
        return quoted + "\""
    }

    /// `value` as Xcode writes it on one line; strings that are object ids get their
    /// `/* comment */` from `comment`.
    static func value(_ value: ProjectFileValue, comment: (String) -> String?) -> String {
        switch value {
        case .string(let text):
            return string(text) + (comment(text).map { " /* \($0) */" } ?? "")
        case .data(let bytes):
            return "<" + bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined() + ">"
        case .boolean(let flag): return flag ? "YES" : "NO"
        case .number(let text): return string(text)
        case .null: return "\"\""
        case .array(let elements):
            return "(" + elements.map { Self.value($0, comment: comment) + ", " }.joined() + ")"
        case .dictionary(let dictionary):
            return "{" + sortedEntries(dictionary).map { "\(string($0.key)) = \(Self.value($0.value, comment: comment)); " }.joined() + "}"
        }
    }

    /// The entries in the order Xcode writes them: `isa` first, then by key.
    static func sortedEntries(_ dictionary: ProjectFileDictionary) -> [ProjectFileDictionary.Entry] {
        dictionary.entries.sorted { lhs, rhs in
            if lhs.key == "isa" || rhs.key == "isa" { return lhs.key == "isa" && rhs.key != "isa" }
            return lhs.key.utf8.lexicographicallyPrecedes(rhs.key.utf8)
        }
    }

    /// Object classes Xcode writes on one line.
    static let singleLineClasses: Set<String> = ["PBXBuildFile", "PBXFileReference"]

    /// The line(s) of an object of the `objects` dictionary, indented by `indent`, ending with a line break.
    static func object(
        id: String, _ object: ProjectFileDictionary, comment: (String) -> String?, indent: [UInt8], newline: [UInt8]
    ) -> [UInt8] {
        let indent = String(decoding: indent, as: UTF8.self)
        let newline = String(decoding: newline, as: UTF8.self)
        let head = indent + string(id) + (comment(id).map { " /* \($0) */" } ?? "") + " = "
        let isa = object["isa"]?.stringValue ?? ""
        if singleLineClasses.contains(isa) {
            return Array((head + value(.dictionary(object), comment: comment) + ";" + newline).utf8)
        }
        let inner = indent + "\t"
        var text = head + "{" + newline
        for entry in sortedEntries(object) {
            text += inner + string(entry.key) + " = "
            switch entry.value {
            case .array(let elements):
                text += "(" + newline
                for element in elements { text += inner + "\t" + value(element, comment: comment) + "," + newline }
                text += inner + ");" + newline
            case .dictionary(let dictionary):
                text += "{" + newline
                for member in sortedEntries(dictionary) {
                    text += inner + "\t" + string(member.key) + " = " + value(member.value, comment: comment) + ";" + newline
                }
                text += inner + "};" + newline
            default:
                text += value(entry.value, comment: comment) + ";" + newline
            }
        }
        return Array((text + indent + "};" + newline).utf8)
    }
}
