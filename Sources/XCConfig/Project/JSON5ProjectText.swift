/// Byte-exact edits of a JSON5 `project.xcproj` (project-formats.md §B.1).
///
/// The tree an edit means is compared with the tree as read, and only what differs is written:
/// a changed value is replaced in place; a removed member or element goes with its line and its
/// trailing comma; a new one is laid out as its neighbours are (their indentation, their trailing
/// commas, one line or several), and in an empty container as Xcode writes one: 2-space
/// indentation, double-quoted keys, a trailing comma after every member, small objects on one
/// line, sibling objects joined as `}, {`. Every other byte stays: order, comments, indentation.
struct JSON5ProjectText: ProjectTextLayout {
    let original: [UInt8]
    let spans: ProjectFileSpans
    /// The tree as read, which the spans describe.
    let originalRoot: ProjectFileValue
    /// The line break the file uses.
    let newline: [UInt8]
    /// One level of indentation: the file's first indented line's whitespace, else 2 spaces.
    let indentUnit: [UInt8]
    /// Whether the file ends the last member of a container with a comma, as Xcode does (else
    /// it is strict JSON, and new containers are written without).
    let trailingCommas: Bool
    private var patches = ProjectTextPatches()

    init(bytes: [UInt8], root: ProjectFileValue, spans: ProjectFileSpans) {
        original = bytes
        originalRoot = root
        self.spans = spans
        var unit: [UInt8] = [0x20, 0x20]
        var offset = 0
        while offset < bytes.count, bytes[offset] != 0x0A, bytes[offset] != 0x0D { offset += 1 }
        // The first line that starts with white space sets the unit.
        while offset < bytes.count {
            while offset < bytes.count, bytes[offset] == 0x0A || bytes[offset] == 0x0D { offset += 1 }
            var end = offset
            while end < bytes.count, bytes[end] == 0x20 || bytes[end] == 0x09 { end += 1 }
            if end > offset, end < bytes.count, bytes[end] != 0x0A, bytes[end] != 0x0D {
                unit = Array(bytes[offset..<end])
                break
            }
            while end < bytes.count, bytes[end] != 0x0A, bytes[end] != 0x0D { end += 1 }
            offset = end
        }
        newline = Self.lineBreak(of: bytes)
        indentUnit = unit
        trailingCommas = Self.endsMembersWithCommas(root, spans: spans, bytes: bytes)
    }

    /// Whether the last member of the first multi-line container that has members ends with a comma.
    private static func endsMembersWithCommas(_ root: ProjectFileValue, spans: ProjectFileSpans, bytes: [UInt8]) -> Bool {
        var pending: [([String], ProjectFileValue)] = [([], root)]
        while let (path, value) = pending.popLast() {
            let children: [(String, ProjectFileValue)]
            switch value {
            case .dictionary(let dictionary): children = dictionary.entries.map { ($0.key, $0.value) }
            case .array(let elements): children = elements.enumerated().map { (ProjectFileSpans.index($0.offset), $0.element) }
            default: continue
            }
            // One-line containers (`{ "path": "App.swift" }`) go without in Xcode's layout too.
            if let last = children.last, let span = spans[path + [last.0]], let container = spans[path], span.entryEnd <= container.valueEnd,
               bytes[span.entryEnd..<container.valueEnd].contains(where: { $0 == 0x0A || $0 == 0x0D }) {
                return span.entryEnd > span.valueEnd
            }
            pending.append(contentsOf: children.reversed().map { (path + [$0.0], $0.1) })
        }
        return true
    }

    /// The file with the differences between the tree as read and `intended` written into it.
    func rendered(_ intended: ProjectFileValue) throws(ProjectFileError) -> [UInt8] {
        var text = self
        text.patches = ProjectTextPatches()
        try text.edit([], from: originalRoot, to: intended)
        return text.patches.applied(to: original)
    }

    private mutating func patch(_ range: Range<Int>, _ bytes: [UInt8]) {
        patches.add(range, bytes)
    }

    // MARK: - Comparing the trees

    private mutating func edit(_ path: [String], from old: ProjectFileValue, to new: ProjectFileValue) throws(ProjectFileError) {
        if ProjectFileDocument.sameValue(old, new) { return }
        switch (old, new) {
        case (.dictionary(let before), .dictionary(let after)):
            try editObject(path, before, after)
        case (.array(let before), .array(let after)):
            try editArray(path, before, after)
        default:
            let span = try span(path)
            patch(span.valueStart..<span.valueEnd, render(new, indent: leadingWhitespace(ofLineAt: span.valueStart)))
        }
    }

    private mutating func editObject(_ path: [String], _ before: ProjectFileDictionary, _ after: ProjectFileDictionary) throws(ProjectFileError) {
        let container = try span(path)
        var members: [ProjectFileSpan] = []
        for entry in before.entries { members.append(try span(path + [entry.key])) }
        // Whether a new member follows the last kept one: then that one keeps its comma.
        let lastKept = after.entries.lastIndex { before[$0.key] != nil } ?? -1
        let appends = after.entries.indices.contains { $0 > lastKept }
        removeMembers(members, kept: before.entries.map { after[$0.key] != nil }, followedByNewMembers: appends)
        // A key written twice: its earlier places go too, or the one before would take its place.
        for entry in before.entries where after[entry.key] == nil {
            let shadowed = spans.shadowed(path + [entry.key])
            if !shadowed.isEmpty { removeMembers(shadowed, kept: shadowed.map { _ in false }, followedByNewMembers: true) }
        }
        for entry in before.entries {
            if let value = after[entry.key] { try edit(path + [entry.key], from: entry.value, to: value) }
        }
        // New members go after the kept member that precedes them in `after`.
        let indent = memberIndentation(of: container, members: members)
        var anchor: ProjectFileSpan?
        var pending: [(text: [UInt8], isMultilineObject: Bool)] = []
        for entry in after.entries {
            if before[entry.key] != nil {
                let span = try span(path + [entry.key])
                if !pending.isEmpty { insert(pending, into: container, members: members, after: anchor, before: span, inArray: false) }
                pending = []
                anchor = span
            } else {
                pending.append((Self.quoted(entry.key) + Array(": ".utf8) + render(entry.value, indent: indent), false))
            }
        }
        if !pending.isEmpty { insert(pending, into: container, members: members, after: anchor, before: nil, inArray: false) }
    }

    private mutating func editArray(_ path: [String], _ before: [ProjectFileValue], _ after: [ProjectFileValue]) throws(ProjectFileError) {
        let container = try span(path)
        var members: [ProjectFileSpan] = []
        for position in before.indices { members.append(try span(path + [ProjectFileSpans.index(position)])) }
        // Elements added among the ones read: each one read, in order, is the intended element it
        // corresponds to (the same, or naming the same thing); the others are new.
        var matched: [Int?] = Array(repeating: nil, count: after.count)
        var next = 0
        for position in after.indices where next < before.count && Self.corresponds(before[next], after[position]) {
            matched[position] = next
            next += 1
        }
        if next == before.count, after.count > before.count {
            let indent = memberIndentation(of: container, members: members)
            var anchor: ProjectFileSpan?
            var pending: [(text: [UInt8], isMultilineObject: Bool)] = []
            for position in after.indices {
                guard let old = matched[position] else {
                    pending.append((render(after[position], indent: indent), Self.isMultilineObject(after[position])))
                    continue
                }
                try edit(path + [ProjectFileSpans.index(old)], from: before[old], to: after[position])
                if !pending.isEmpty { insert(pending, into: container, members: members, after: anchor, before: members[old], inArray: true) }
                pending = []
                anchor = members[old]
            }
            if !pending.isEmpty { insert(pending, into: container, members: members, after: anchor, before: nil, inArray: true) }
            return
        }
        // Else element by element: the first ones changed in place, then added or removed at the end.
        removeMembers(members, kept: before.indices.map { $0 < after.count }, followedByNewMembers: false)
        for position in 0..<min(before.count, after.count) {
            try edit(path + [ProjectFileSpans.index(position)], from: before[position], to: after[position])
        }
        guard after.count > before.count else { return }
        let indent = memberIndentation(of: container, members: members)
        let added = after[before.count...].map { value in (render(value, indent: indent), Self.isMultilineObject(value)) }
        insert(Array(added), into: container, members: members, after: members.last, before: nil, inArray: true)
    }

    /// Whether an element as read and an intended one are the same thing: equal, or objects with
    /// the same `name` (else `path`), or a name and the object it became (`"Debug"` and
    /// `{ "name": "Debug", … }`).
    static func corresponds(_ old: ProjectFileValue, _ new: ProjectFileValue) -> Bool {
        if ProjectFileDocument.sameValue(old, new) { return true }
        switch (old, new) {
        case (.dictionary(let before), .dictionary(let after)):
            if let name = before["name"] { return after["name"] == name }
            if let path = before["path"] { return after["name"] == nil && after["path"] == path }
            return false
        case (.string(let name), .dictionary(let after)):
            return after["name"] == .string(name)
        default:
            return false
        }
    }

    // MARK: - Removing

    /// Removes the members of a container that are not `kept`: the whole line when a member is
    /// alone on its lines, else its bytes and the space after them.
    private mutating func removeMembers(_ members: [ProjectFileSpan], kept: [Bool], followedByNewMembers: Bool) {
        for (position, member) in members.enumerated() where !kept[position] {
            let hasComma = member.entryEnd > member.valueEnd
            // The last member, written without a comma: the kept member before it becomes the
            // last one and loses its comma, unless a member follows it still.
            if !hasComma, !followedByNewMembers, let previous = members[..<position].indices.last(where: { kept[$0] }),
               !kept[(position + 1)...].contains(true), members[previous].entryEnd > members[previous].valueEnd {
                patch(members[previous].entryEnd - 1..<members[previous].entryEnd, [])
            }
            if indentation(before: member.entryStart) != nil, let lineEnd = blankRestOfLine(from: member.entryEnd) {
                patch(lineStart(member.entryStart)..<lineEnd, [])
                continue
            }
            var end = member.entryEnd
            while end < original.count, original[end] == 0x20 || original[end] == 0x09 { end += 1 }
            patch(member.entryStart..<end, [])
        }
    }

    // MARK: - Inserting

    /// Inserts members (rendered, without separators) into a container: after `anchor` (a
    /// member kept), else before `successor`, else into the container with no member kept.
    private mutating func insert(
        _ added: [(text: [UInt8], isMultilineObject: Bool)], into container: ProjectFileSpan, members: [ProjectFileSpan],
        after anchor: ProjectFileSpan?, before successor: ProjectFileSpan?, inArray: Bool
    ) {
        let comma = [UInt8(ascii: ",")]
        // Members of this container end with a comma when its last one does (Xcode's layout),
        // or, when it was empty, as the file's do.
        let trailingCommas = members.last.map { $0.entryEnd > $0.valueEnd } ?? self.trailingCommas
        let multiline = isMultiline(container)
        let indent = memberIndentation(of: container, members: members)
        func separated(_ index: Int) -> [UInt8] {
            added[index].text + (trailingCommas || index < added.count - 1 || successor != nil ? comma : [])
        }

        if !multiline {
            // One line: `{ "name": "Debug", "file": "…" }`, `[ "a" ]`.
            if members.isEmpty {
                // Empty (`{}`, `[]`): opened up as Xcode writes a container, one member a line.
                let containerIndent = leadingWhitespace(ofLineAt: container.valueStart)
                var text = newline
                for index in added.indices { text += containerIndent + indentUnit + separated(index) + newline }
                patch(container.valueStart + 1..<container.valueEnd - 1, text + containerIndent)
                return
            }
            let joined = added.map(\.text).joined(separator: Array(", ".utf8))
            if let anchor {
                if anchor.entryEnd > anchor.valueEnd {
                    patch(anchor.entryEnd..<anchor.entryEnd, Array(" ".utf8) + joined + comma)
                } else {
                    patch(anchor.valueEnd..<anchor.valueEnd, Array(", ".utf8) + joined)
                }
            } else if let successor {
                patch(successor.entryStart..<successor.entryStart, joined + Array(", ".utf8))
            } else {
                let close = container.valueEnd - 1
                let space = original[close - 1] == 0x20 ? [] : [UInt8(0x20)]
                patch(close..<close, space + joined + Array(" ".utf8))
            }
            return
        }

        if let anchor {
            var text: [UInt8] = []
            var offset = anchor.entryEnd
            if anchor.entryEnd == anchor.valueEnd {
                // `"a": 1` last without a comma: it gets one, and so does the new member when
                // more follow.
                patch(anchor.valueEnd..<anchor.valueEnd, comma)
            }
            for index in added.indices {
                let previousIsObject = index == 0 ? inArray && isMultilineObject(at: anchor) : added[index - 1].isMultilineObject
                if inArray, previousIsObject, added[index].isMultilineObject {
                    // Sibling objects are joined: `}, {`.
                    text += Array(" ".utf8) + separated(index)
                } else {
                    if index == 0, let lineEnd = blankRestOfLine(from: anchor.entryEnd, keepingComment: true) { offset = lineEnd }
                    text += newline + indent + separated(index)
                }
            }
            patch(offset..<offset, text)
            return
        }
        if let successor, indentation(before: successor.entryStart) != nil {
            let start = lineStart(successor.entryStart)
            var text: [UInt8] = []
            for index in added.indices { text += indent + added[index].text + comma + newline }
            patch(start..<start, text)
            return
        }
        if let successor {
            patch(successor.entryStart..<successor.entryStart, added.map(\.text).joined(separator: Array(", ".utf8)) + Array(", ".utf8))
            return
        }
        // No member kept: before the closing bracket, on its own line when it is on one.
        let close = container.valueEnd - 1
        var text: [UInt8] = []
        for index in added.indices { text += indent + separated(index) + newline }
        if indentation(before: close) != nil {
            patch(lineStart(close)..<lineStart(close), text)
        } else {
            patch(close..<close, newline + text + leadingWhitespace(ofLineAt: container.valueStart))
        }
    }

    // MARK: - Layout

    /// When only white space (or, with `keepingComment`, a `//` comment) follows `offset` on its
    /// line: the offset after the line break (or before it, with `keepingComment`, so what is
    /// inserted there goes after the comment).
    func blankRestOfLine(from offset: Int, keepingComment: Bool = false) -> Int? {
        var end = offset
        while end < original.count, original[end] == 0x20 || original[end] == 0x09 { end += 1 }
        if keepingComment {
            if end + 1 < original.count, original[end] == UInt8(ascii: "/"), original[end + 1] == UInt8(ascii: "/") {
                while end < original.count, original[end] != 0x0A, original[end] != 0x0D { end += 1 }
            }
            return end == original.count || original[end] == 0x0A || original[end] == 0x0D ? end : nil
        }
        if end == original.count { return end }
        guard original[end] == 0x0A || original[end] == 0x0D else { return nil }
        return end + (original[end] == 0x0D && end + 1 < original.count && original[end + 1] == 0x0A ? 2 : 1)
    }

    /// Whether the container written at `span` spans several lines.
    func isMultiline(_ span: ProjectFileSpan) -> Bool {
        original[span.valueStart..<span.valueEnd].contains { $0 == 0x0A || $0 == 0x0D }
    }

    func isMultilineObject(at span: ProjectFileSpan) -> Bool {
        original[span.valueStart] == UInt8(ascii: "{") && isMultiline(span)
    }

    /// How the members of a container are indented: as its first member on a line of its own,
    /// else one level deeper than the line holding the container.
    func memberIndentation(of container: ProjectFileSpan, members: [ProjectFileSpan]) -> [UInt8] {
        for member in members {
            if let indent = indentation(before: member.entryStart) { return indent }
        }
        return leadingWhitespace(ofLineAt: container.valueStart) + indentUnit
    }

    // MARK: - Writing values

    /// `value` as Xcode writes it, its first line at the current position and the following
    /// ones indented from `indent`.
    func render(_ value: ProjectFileValue, indent: [UInt8]) -> [UInt8] {
        switch value {
        case .string(let text): return Self.quoted(text)
        case .number(let text): return Array(text.utf8)
        case .boolean(let flag): return Array((flag ? "true" : "false").utf8)
        case .null, .data: return Array("null".utf8)
        case .array(let elements):
            if elements.isEmpty { return Array("[]".utf8) }
            if Self.isSmall(value) { return Array("[ ".utf8) + elements.map { render($0, indent: indent) }.joined(separator: Array(", ".utf8)) + Array(" ]".utf8) }
            let inner = indent + indentUnit
            var text = Array("[".utf8)
            for (position, element) in elements.enumerated() {
                if position > 0, Self.isMultilineObject(elements[position - 1]), Self.isMultilineObject(element) {
                    text += Array(" ".utf8) + render(element, indent: inner)
                } else {
                    text += newline + inner + render(element, indent: inner)
                }
                if trailingCommas || position < elements.count - 1 { text += Array(",".utf8) }
            }
            return text + newline + indent + Array("]".utf8)
        case .dictionary(let dictionary):
            if dictionary.count == 0 { return Array("{}".utf8) }
            let members = dictionary.entries.map { Self.quoted($0.key) + Array(": ".utf8) + render($0.value, indent: indent + indentUnit) }
            if Self.isSmall(value) { return Array("{ ".utf8) + members.joined(separator: Array(", ".utf8)) + Array(" }".utf8) }
            var text = Array("{".utf8)
            for (position, member) in members.enumerated() {
                text += newline + indent + indentUnit + member
                if trailingCommas || position < members.count - 1 { text += Array(",".utf8) }
            }
            return text + newline + indent + Array("}".utf8)
        }
    }

    /// Whether Xcode writes `value` on one line: an object of strings (or one-string arrays), as
    /// `{ "path": "App.swift" }`; an array of one string.
    static func isSmall(_ value: ProjectFileValue) -> Bool {
        switch value {
        case .array(let elements): return elements.count <= 1 && elements.allSatisfy(isScalar)
        case .dictionary(let dictionary): return dictionary.entries.allSatisfy { isScalar($0.value) || isSmall($0.value) }
        default: return true
        }
    }

    static func isScalar(_ value: ProjectFileValue) -> Bool {
        switch value {
        case .array, .dictionary: return false
        default: return true
        }
    }

    static func isMultilineObject(_ value: ProjectFileValue) -> Bool {
        if case .dictionary(let dictionary) = value { return dictionary.count > 0 && !isSmall(value) }
        return false
    }

    /// `text` as a JSON string: double quotes, `\"`, `\\`, `\n`, `\t`, … and `\u00XX` for the
    /// other control characters (and U+2028/U+2029, which some JSON readers take as line breaks).
    static func quoted(_ text: String) -> [UInt8] {
        var bytes: [UInt8] = [UInt8(ascii: "\"")]
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": bytes += [0x5C, UInt8(ascii: "\"")]
            case "\\": bytes += [0x5C, 0x5C]
            case "\n": bytes += [0x5C, UInt8(ascii: "n")]
            case "\r": bytes += [0x5C, UInt8(ascii: "r")]
            case "\t": bytes += [0x5C, UInt8(ascii: "t")]
            case "\u{08}": bytes += [0x5C, UInt8(ascii: "b")]
            case "\u{0C}": bytes += [0x5C, UInt8(ascii: "f")]
            default:
                if scalar.value < 0x20 || scalar.value == 0x2028 || scalar.value == 0x2029 {
                    let hex = String(scalar.value, radix: 16, uppercase: true)
                    bytes += Array(("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).utf8)
                } else {
                    bytes += Array(String(scalar).utf8)
                }
            }
        }
        bytes.append(UInt8(ascii: "\""))
        return bytes
    }
}
