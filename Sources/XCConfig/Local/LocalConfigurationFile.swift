import XCConfigSyntax

/// A value given for the local file: `NAME[cond]=VALUE` on the command line, or an environment
/// variable with `--from-env`.
package struct LocalSettingValue: Sendable, Hashable {
    /// `NAME` or `NAME[cond]`, as written on the left of `=`.
    package var key: String
    /// The value, written as given (references stay references, as for `xcodebuild NAME=VALUE`).
    package var value: String

    package init(key: String, value: String) {
        self.key = key
        self.value = value
    }
}

/// One assignment the local file makes.
package struct LocalOverride: Sendable, Hashable {
    /// `NAME` or `NAME[cond]`.
    package var key: String
    /// The setting name.
    package var name: String
    /// The value as written.
    package var value: String
    /// Where the assignment is in the local file.
    package var location: SourceLocation
    /// The shared value it replaces; `nil` when the shared configuration does not assign this
    /// name and conditions before its `#include?`.
    package var sharedValue: String?
}

/// Writes and updates the per-developer local file (cli.md "xcconfig local").
package enum LocalConfigurationFile {
    /// The complete text of a new local file for `shared`.
    ///
    /// Every overridable setting is listed in order: `NAME = value` when `values` gives one,
    /// otherwise commented out with its shared value, ready to edit. Values for settings that
    /// are not overridable come last, under a comment saying so.
    ///
    /// - Parameter ignoredByGit: whether the header may say git ignores the file.
    package static func render(for shared: SharedConfiguration, values: [LocalSettingValue], ignoredByGit: Bool) throws(LocalConfigurationError) -> String {
        var given: [String: String] = [:]
        for value in values {
            given[value.key] = try valueText(value.value, key: value.key)
        }
        var text = header(for: shared, ignoredByGit: ignoredByGit)
        if shared.overridable.isEmpty {
            text += "// \(Path.basename(shared.path)) assigns no setting before its #include? line yet.\n"
        }
        for setting in shared.overridable {
            if let value = given.removeValue(forKey: setting.key) {
                text += assignmentLine(setting.key, value)
            } else {
                text += "// " + assignmentLine(setting.key, commentedValue(setting.sharedValue))
            }
        }
        let extra = values.filter { given[$0.key] != nil }
        if !extra.isEmpty {
            text += "\n// Not assigned by \(Path.basename(shared.path)) before its #include? line:\n"
            var written: Set<String> = []
            for value in extra where written.insert(value.key).inserted {
                text += assignmentLine(value.key, given[value.key]!)
            }
        }
        return text
    }

    /// The comment at the top of a new local file: what it is for and why git ignores it.
    static func header(for shared: SharedConfiguration, ignoredByGit: Bool) -> String {
        let local = Path.basename(shared.localFilePath)
        let config = Path.basename(shared.path)
        let include = "#include? \"\(shared.includeName)\""
        return """
            // \(local): build settings for this checkout only.
            //
            // \(config) reads this file through its line
            //     \(include)
            // so a setting assigned here replaces the shared value assigned before that line. Put
            // your own team, signing identity and other per-developer choices here, not in the
            // shared configuration.
            // \(ignoredByGit
                ? "Git ignores this file (.gitignore lists it): it stays on this machine."
                : "Keep this file out of version control: list it in .gitignore.")
            //
            // Uncomment a line and edit its value to override the shared value shown.
            // `xcconfig local update` adds settings that become overridable later;
            // `xcconfig local check` shows what this file overrides.


            """
    }

    /// `NAME = value`, without a trailing space when the value is empty.
    static func assignmentLine(_ key: String, _ value: String) -> String {
        value.isEmpty ? "\(key) =\n" : "\(key) = \(value)\n"
    }

    /// A shared value shown in a comment: on one line.
    static func commentedValue(_ value: String) -> String {
        var text = ""
        for scalar in value.unicodeScalars {
            text.unicodeScalars.append(scalar == "\n" || scalar == "\r" || scalar == "\u{2028}" || scalar == "\u{2029}" ? " " : scalar)
        }
        return text
    }

    /// A given value written so that Xcode reads it back unchanged: `//` (which would start a
    /// comment, §1.3) broken as `/$()/`, and `$()` guarding a trailing `;` or `\` (which Xcode
    /// would drop or read as a continuation) and leading or trailing spaces (which it trims).
    /// `$(...)` references stay, as with `xcodebuild NAME=VALUE`.
    ///
    /// A final `\` can be guarded only in a setting parsed as a string: with list semantics
    /// (§3.3) the `\` would escape the guard's `$`, and the value would read back as `…\$()`.
    /// No text holds it there, so such a value is refused rather than written changed.
    static func valueText(_ value: String, key: String) throws(LocalConfigurationError) -> String {
        if value.unicodeScalars.contains(where: { $0 == "\n" || $0 == "\r" || $0 == "\u{2028}" || $0 == "\u{2029}" }) {
            throw LocalConfigurationError(.invalidValue, "the value of \(key) has a line break, which an xcconfig value cannot hold")
        }
        var text = value.replacingEvery("//", with: "/$()/")
        while text.contains("//") { text = text.replacingEvery("//", with: "/$()/") }
        if let first = text.unicodeScalars.first, first == " " || first == "\t" { text = "$()" + text }
        guard let last = text.unicodeScalars.last else { return text }
        if last == "\\" {
            let name = String(key.prefix { $0 != "[" })
            if BuildSettingsCatalog.shared.type(of: name).usesListSemantics {
                throw LocalConfigurationError(
                    .invalidValue,
                    "the value of \(key) ends in \\, which an xcconfig file cannot hold for a setting parsed as a list: Xcode reads a final \\ as a line continuation, and any guard after it as escaped text")
            }
        }
        if last == " " || last == "\t" || last == ";" || last == "\\" { text += "$()" }
        return text
    }

    /// The assignments a local file makes, each with the shared value it replaces.
    package static func overrides(in bytes: [UInt8], shared: SharedConfiguration) -> [LocalOverride] {
        XCConfigParser.parse(bytes).assignments.map { assignment in
            let key = assignment.name + assignment.conditionSuffix
            return LocalOverride(
                key: key, name: assignment.name, value: assignment.value, location: assignment.nameRange.start,
                sharedValue: shared.overridable(key)?.sharedValue)
        }
    }

    /// What ``update(_:for:prune:)`` changed.
    package struct Update: Sendable, Hashable {
        /// The updated file; equal to the input when nothing changed.
        package var bytes: [UInt8]
        /// Keys appended, commented out with their shared values.
        package var added: [String]
        /// Keys whose assignments were commented out (with `prune`) because the name is no
        /// longer overridable.
        package var commentedOut: [String]
        /// Keys no longer overridable whose assignments were kept in force (without `prune`),
        /// newly marked with a comment saying so.
        package var kept: [String] = []
        /// Names overridable again whose marker comments were removed, so none is left stale.
        package var unmarked: [String] = []
        /// Whether anything changed.
        package var changed: Bool { !added.isEmpty || !commentedOut.isEmpty || !kept.isEmpty || !unmarked.isEmpty }
    }

    /// The start of the comments `update` writes above an assignment it keeps or comments out.
    static let markerPrefix = "// xcconfig local update: "

    /// An existing local file brought up to date with `shared`, never changing the build
    /// silently: every line is kept; settings that became overridable are appended, commented
    /// out with their shared values. An assignment of a name that is no longer overridable
    /// still applies (nothing in the shared configuration replaces it), so it stays in force
    /// under a comment saying so; with `prune` it is commented out instead (never deleted). When
    /// a name becomes overridable again, the comments `update` wrote about it are removed. A
    /// setting already present, assigned or commented out as `// NAME = …`, is not appended
    /// again. The file's line terminator style is kept.
    package static func update(_ bytes: [UInt8], for shared: SharedConfiguration, prune: Bool = false) -> Update {
        let tree = XCConfigParser.parse(bytes)
        let newline = lineTerminator(of: bytes)
        var present: Set<String> = []
        var stale: [(Statement, Assignment)] = []
        // Marker comments by setting name, with the line each is on.
        var markers: [(name: String, line: Int, keepsValue: Bool)] = []
        for statement in tree.statements {
            switch statement.kind {
            case .assignment(let assignment):
                present.insert(assignment.name + assignment.conditionSuffix)
                if !shared.isOverridable(name: assignment.name) { stale.append((statement, assignment)) }
            case .comment:
                let line = String(tree.text(statement.range).drop { $0 == " " || $0 == "\t" })
                if line.hasPrefix(markerPrefix) {
                    let name = String(line.dropFirst(markerPrefix.count).prefix { $0 != " " })
                    markers.append((name, statement.range.start.line, line.contains("still applies")))
                } else if let key = commentedKey(tree.text(statement.range)) {
                    present.insert(key)
                }
            default:
                break
            }
        }
        let added = shared.overridable.filter { !present.contains($0.key) }

        // Edits of whole lines, in offset order: marker comments of names overridable again
        // removed; stale assignments marked (kept) or commented out (prune).
        var edits: [(range: Range<Int>, text: String)] = []
        func lineRange(_ line: Int) -> Range<Int> {
            tree.lineStarts[line - 1]..<(line < tree.lineStarts.count ? tree.lineStarts[line] : bytes.count)
        }
        var unmarked: [String] = []
        for marker in markers where shared.isOverridable(name: marker.name) {
            edits.append((lineRange(marker.line), ""))
            if !unmarked.contains(marker.name) { unmarked.append(marker.name) }
        }
        let config = Path.basename(shared.path)
        var kept: [String] = []
        var commentedOut: [String] = []
        for (statement, assignment) in stale {
            let firstLine = statement.range.start.line
            let indentation = leadingWhitespace(tree.text(statement.range))
            let key = assignment.name + assignment.conditionSuffix
            let marked = markers.contains { $0.name == assignment.name && $0.line == firstLine - 1 && $0.keepsValue }
            guard prune else {
                if !marked {
                    edits.append((tree.lineStarts[firstLine - 1]..<tree.lineStarts[firstLine - 1], indentation + markerPrefix
                        + "\(assignment.name) is no longer assigned by \(config) before its #include? line; this value still applies "
                        + "(`xcconfig local update --prune` comments it out)." + newline))
                    kept.append(key)
                }
                continue
            }
            if marked { edits.append((lineRange(firstLine - 1), "")) }
            edits.append((tree.lineStarts[firstLine - 1]..<tree.lineStarts[firstLine - 1], indentation + markerPrefix
                + "\(assignment.name) is no longer assigned by \(config) before its #include? line, so this line was commented out." + newline))
            var line = firstLine
            while line - 1 < tree.lineStarts.count, tree.lineStarts[line - 1] < statement.range.endOffset {
                edits.append((tree.lineStarts[line - 1]..<tree.lineStarts[line - 1], "// "))
                line += 1
            }
            commentedOut.append(key)
        }
        guard !added.isEmpty || !edits.isEmpty else { return Update(bytes: bytes, added: [], commentedOut: []) }

        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + 256)
        var position = 0
        // By offset; edits at one offset in the order they were made (a marker before the `// `).
        let ordered = edits.enumerated().sorted { ($0.element.range.lowerBound, $0.offset) < ($1.element.range.lowerBound, $1.offset) }
        for edit in ordered.map(\.element) where edit.range.lowerBound >= position {
            output.append(contentsOf: bytes[position..<edit.range.lowerBound])
            output.append(contentsOf: edit.text.utf8)
            position = edit.range.upperBound
        }
        output.append(contentsOf: bytes[position...])

        if !added.isEmpty {
            if let last = output.last, last != 0x0A, last != 0x0D { output.append(contentsOf: newline.utf8) }
            var text = newline + "// Added by xcconfig local update: \(config) now assigns these before its #include? line." + newline
            for setting in added {
                var line = "// " + assignmentLine(setting.key, commentedValue(setting.sharedValue))
                line.removeLast()
                text += line + newline
            }
            output.append(contentsOf: text.utf8)
        }
        return Update(bytes: output, added: added.map(\.key), commentedOut: commentedOut, kept: kept, unmarked: unmarked)
    }

    /// `NAME[cond]` of a comment line shaped like a commented-out assignment: `// NAME = …`.
    static func commentedKey(_ line: String) -> String? {
        var scalars = Substring(line).unicodeScalars.drop { $0 == " " || $0 == "\t" }
        guard scalars.starts(with: "//".unicodeScalars) else { return nil }
        scalars = scalars.dropFirst(2).drop { $0 == " " || $0 == "\t" || $0 == "/" }
        // The `=` that ends the key, not one inside `[sdk=…]`.
        var inCondition = false
        guard let equals = scalars.firstIndex(where: { scalar in
            if scalar == "[" { inCondition = true } else if scalar == "]" { inCondition = false }
            return scalar == "=" && !inCondition
        }) else { return nil }
        var key = String(String.UnicodeScalarView(scalars[..<equals]))
        while let last = key.unicodeScalars.last, last == " " || last == "\t" { key.unicodeScalars.removeLast() }
        guard let parsed = parseSettingKey(key) else { return nil }
        return parsed.name + parsed.conditions.map { "[\($0.parameter)=\($0.pattern)]" }.joined()
    }

    static func leadingWhitespace(_ line: String) -> String {
        String(String.UnicodeScalarView(line.unicodeScalars.prefix { $0 == " " || $0 == "\t" }))
    }

    /// The first line terminator of `bytes` (`\n` when there is none).
    static func lineTerminator(of bytes: [UInt8]) -> String {
        guard let index = bytes.firstIndex(where: { $0 == 0x0A || $0 == 0x0D }) else { return "\n" }
        if bytes[index] == 0x0A { return "\n" }
        return index + 1 < bytes.count && bytes[index + 1] == 0x0A ? "\r\n" : "\r"
    }
}
