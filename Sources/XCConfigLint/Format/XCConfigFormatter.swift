import XCConfigSyntax

/// `xcconfig format`: a configuration file in canonical spelling, resolving to exactly the same
/// values in every context (issue 25).
///
/// Works on the lossless tree, statement by statement, and copies bytes rather than decoded
/// text, so nothing it does not mean to change is changed:
/// - an assignment is written `NAME[cond]... = value`: no indentation, no space between the name
///   and its conditions, one space on each side of `=` (none after it when no value follows);
///   the conditions are copied byte for byte (Xcode does not trim them, semantics §1.3);
/// - a trailing `;` that Xcode drops is removed, unless what stays would end in `;` itself (Xcode
///   drops exactly one: `A = 1 ;;` means `1 ;` and keeps its second `;`);
/// - `#include "path"` and `#include? "path"` are written with one space and no indentation, and
///   stay where they are;
/// - trailing inline whitespace (space, TAB, VT, FF) goes from every line: Xcode trims it from
///   every value chunk before reading it, and it means nothing elsewhere;
/// - runs of blank lines become one, blank lines at the start and end of the file go, and the file
///   ends with one line terminator;
/// - comments (their text, indentation, and the gap before a trailing one) are untouched, and so
///   are continuation lines but for their trailing whitespace and dropped `;`;
/// - lines Xcode rejects are copied byte for byte: the formatter does not guess what they meant;
/// - line terminators are kept as written (LF, CR, CRLF, U+2028, U+2029); a missing final one is
///   the file's first terminator, or LF.
///
/// ``FormatOptions`` adds the alignment of `=` and the sorting of conditions.
public enum XCConfigFormatter {
    /// `bytes` formatted.
    public static func format(_ bytes: [UInt8], options: FormatOptions = FormatOptions()) -> [UInt8] {
        format(XCConfigParser.parse(bytes), options: options)
    }

    /// UTF-8 `text` formatted; a convenience for tests and tools.
    public static func format(_ text: String, options: FormatOptions = FormatOptions()) -> String {
        String(decoding: format(Array(text.utf8), options: options), as: UTF8.self)
    }

    /// The file of `tree` formatted.
    public static func format(_ tree: SyntaxTree, options: FormatOptions = FormatOptions()) -> [UInt8] {
        var writer = Writer(tree: tree, options: options)
        return writer.run()
    }

    /// One physical line of the output, before blank lines are collapsed.
    struct Line {
        var content: [UInt8]
        var terminator: ArraySlice<UInt8>
        /// A line of a blank statement, which may be dropped; a line an assignment consumed to
        /// end its continued value may not (the next line would join the value).
        var isRemovable: Bool
        /// Copied as written, trailing whitespace and all.
        var isVerbatim: Bool
    }

    struct Writer {
        let bytes: [UInt8]
        let options: FormatOptions
        let statements: [Statement]
        /// The offset at which each line starts (``SyntaxTree/lineStarts``).
        let lineStarts: [Int]
        var lines: [Line] = []

        init(tree: SyntaxTree, options: FormatOptions) {
            self.bytes = tree.bytes
            self.options = options
            self.statements = tree.statements
            self.lineStarts = tree.lineStarts
        }

        mutating func run() -> [UInt8] {
            let heads = statements.map { statement -> [UInt8]? in
                if case .assignment(let assignment) = statement.kind { return head(of: assignment) }
                return nil
            }
            let widths = options.alignEquals ? alignedWidths(heads) : heads.map { _ in 0 }
            var lineIndex = 0
            for (index, statement) in statements.enumerated() {
                // The statement cut at each line start inside it: its physical lines, as
                // statements are whole lines; cutting its own range loses no byte even if not.
                var cuts = [statement.range.startOffset]
                while lineIndex < lineStarts.count, lineStarts[lineIndex] <= statement.range.startOffset { lineIndex += 1 }
                while lineIndex < lineStarts.count, lineStarts[lineIndex] < statement.range.endOffset {
                    cuts.append(lineStarts[lineIndex])
                    lineIndex += 1
                }
                cuts.append(statement.range.endOffset)
                let statementLines = zip(cuts, cuts.dropFirst()).map { $0..<$1 }.filter { !$0.isEmpty }
                switch statement.kind {
                case .assignment(let assignment):
                    appendAssignment(assignment, head: heads[index]!, width: widths[index], lines: statementLines)
                case .include(let include):
                    appendInclude(include, lines: statementLines)
                case .blank:
                    for line in statementLines { append(line, isRemovable: true) }
                case .comment:
                    for line in statementLines { append(line) }
                case .invalid:
                    for line in statementLines { append(line, isVerbatim: true) }
                }
            }
            return assembled()
        }

        // MARK: Statements

        /// The name and conditions of `assignment`, as bytes of the input; conditions sorted
        /// when asked.
        func head(of assignment: Assignment) -> [UInt8] {
            var head = Array(bytes[assignment.nameRange.offsets])
            var conditions = assignment.conditions
            if options.sortConditions {
                conditions = conditions.enumerated().sorted { lhs, rhs in
                    let left = Self.conditionRank(lhs.element.parameter), right = Self.conditionRank(rhs.element.parameter)
                    return left != right ? left < right : lhs.offset < rhs.offset
                }.map(\.element)
            }
            for condition in conditions { head += bytes[condition.range.offsets] }
            return head
        }

        /// `sdk`, `arch`, `config`, then every other parameter in the order written.
        static func conditionRank(_ parameter: String) -> Int {
            switch parameter {
            case "sdk": 0
            case "arch": 1
            case "config": 2
            default: 3
            }
        }

        /// For each assignment, the width its head is padded to: the widest head of its block of
        /// consecutive assignments, counted in characters.
        func alignedWidths(_ heads: [[UInt8]?]) -> [Int] {
            var widths = heads.map { $0.map { String(decoding: $0, as: UTF8.self).count } ?? 0 }
            var start = 0
            while start < heads.count {
                guard heads[start] != nil else { start += 1; continue }
                var end = start
                while end < heads.count, heads[end] != nil { end += 1 }
                let widest = widths[start..<end].max() ?? 0
                for index in start..<end { widths[index] = widest }
                start = end
            }
            return widths
        }

        mutating func appendAssignment(_ assignment: Assignment, head: [UInt8], width: Int, lines physicalLines: [Range<Int>]) {
            guard let first = physicalLines.first else { return }
            // The dropped `;` that can go, each with the whitespace before it. One that follows
            // another `;` stays (Xcode would drop that one instead: `A = 1 ;;`), and so does one
            // alone on a continuation line: without it the line would be empty and end the value
            // rather than add an empty chunk to it (`A = x \` then `;` means `x `).
            var removals: [Range<Int>] = []
            for semicolon in assignment.droppedSemicolons {
                guard let line = physicalLines.first(where: { $0.contains(semicolon.startOffset) }) else { continue }
                var start = semicolon.startOffset
                while start > line.lowerBound, Self.isInlineWhitespace(bytes[start - 1]) { start -= 1 }
                if start == line.lowerBound, line != first { continue }
                if start > line.lowerBound, bytes[start - 1] == UInt8(ascii: ";") { continue }
                removals.append(start..<semicolon.endOffset)
            }
            for (index, line) in physicalLines.enumerated() {
                let contentEnd = line.upperBound - Self.terminatorLength(bytes, line)
                var start = line.lowerBound
                if index == 0 {
                    start = assignment.equalsOffset + 1
                    while start < contentEnd, Self.isInlineWhitespace(bytes[start]) { start += 1 }
                }
                var rest: [UInt8] = []
                var offset = start
                while offset < contentEnd {
                    if let removal = removals.first(where: { $0.contains(offset) }) {
                        offset = removal.upperBound
                        continue
                    }
                    rest.append(bytes[offset])
                    offset += 1
                }
                var content: [UInt8]
                if index == 0 {
                    // A removed `;` may have stood first: `A = ; // c`.
                    while let byte = rest.first, Self.isInlineWhitespace(byte) { rest.removeFirst() }
                    content = head
                    let headWidth = String(decoding: head, as: UTF8.self).count
                    if width > headWidth { content += repeatElement(UInt8(ascii: " "), count: width - headWidth) }
                    content += Array(" =".utf8)
                    if !rest.isEmpty { content += [UInt8(ascii: " ")] + rest }
                } else {
                    content = rest
                }
                lines.append(Line(content: content, terminator: bytes[contentEnd..<line.upperBound], isRemovable: false, isVerbatim: false))
            }
        }

        mutating func appendInclude(_ include: IncludeDirective, lines physicalLines: [Range<Int>]) {
            guard let line = physicalLines.first else { return }
            let contentEnd = line.upperBound - Self.terminatorLength(bytes, line)
            var content = Array((include.isOptional ? "#include? \"" : "#include \"").utf8)
            content += bytes[include.pathRange.offsets]
            content.append(UInt8(ascii: "\""))
            // After the closing quote: whitespace, then perhaps a comment, kept as written (the
            // trailing whitespace goes with every line's).
            content += bytes[(include.pathRange.endOffset + 1)..<contentEnd]
            lines.append(Line(content: content, terminator: bytes[contentEnd..<line.upperBound], isRemovable: false, isVerbatim: false))
            for line in physicalLines.dropFirst() { append(line) }
        }

        /// Appends an input line as it is.
        mutating func append(_ line: Range<Int>, isRemovable: Bool = false, isVerbatim: Bool = false) {
            let contentEnd = line.upperBound - Self.terminatorLength(bytes, line)
            lines.append(Line(
                content: Array(bytes[line.lowerBound..<contentEnd]), terminator: bytes[contentEnd..<line.upperBound],
                isRemovable: isRemovable, isVerbatim: isVerbatim))
        }

        // MARK: Output

        /// The lines with trailing whitespace trimmed and blank lines collapsed, joined.
        mutating func assembled() -> [UInt8] {
            for index in lines.indices where !lines[index].isVerbatim {
                while let last = lines[index].content.last, Self.isInlineWhitespace(last) { lines[index].content.removeLast() }
            }
            // Blank lines that may go: at the start, after another blank line, and at the end.
            var kept: [Line] = []
            var previousIsBlank = true
            for line in lines {
                let isBlank = line.content.isEmpty
                if isBlank, line.isRemovable, previousIsBlank { continue }
                if line.content.isEmpty && line.terminator.isEmpty { continue }
                kept.append(line)
                previousIsBlank = isBlank
            }
            while let last = kept.last, last.isRemovable, last.content.isEmpty { kept.removeLast() }
            // The file ends with a line terminator, unless Xcode rejects its last line: a
            // rejected line's message may name the end of the file.
            if let last = kept.last, last.terminator.isEmpty, !last.isVerbatim {
                let terminator = lines.first { !$0.terminator.isEmpty }?.terminator ?? [UInt8(ascii: "\n")]
                kept[kept.count - 1].terminator = terminator
            }
            var output: [UInt8] = []
            output.reserveCapacity(bytes.count)
            for line in kept {
                output += line.content
                output += line.terminator
            }
            return output
        }

        /// Space, TAB, VT and FF: Xcode's inline whitespace (semantics §1.2).
        static func isInlineWhitespace(_ byte: UInt8) -> Bool {
            byte == 0x20 || byte == 0x09 || byte == 0x0B || byte == 0x0C
        }

        /// The length of the terminator that ends `line` (LF, CR, CRLF, U+2028, U+2029), 0 at
        /// the end of the file.
        static func terminatorLength(_ bytes: [UInt8], _ line: Range<Int>) -> Int {
            let end = line.upperBound
            guard end > line.lowerBound else { return 0 }
            let last = bytes[end - 1]
            if last == 0x0A {
                return end - line.lowerBound >= 2 && bytes[end - 2] == 0x0D ? 2 : 1
            }
            if last == 0x0D { return 1 }
            if end - line.lowerBound >= 3, bytes[end - 3] == 0xE2, bytes[end - 2] == 0x80, last == 0xA8 || last == 0xA9 {
                return 3
            }
            return 0
        }
    }
}
