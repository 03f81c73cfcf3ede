import XCConfig
import XCConfigSyntax

/// What the cursor is on.
enum CursorItem {
    /// An `#include` directive.
    case include(IncludeDirective, line: Int)
    /// The name of an assignment.
    case settingName(String, range: Range<Int>, assignment: Assignment)
    /// A setting name inside a `$(NAME)` of a value.
    case reference(String, range: Range<Int>, assignment: Assignment)
    /// A condition of an assignment.
    case condition(Condition, assignment: Assignment)
    /// Elsewhere in an assignment's value.
    case value(Assignment)
}

/// A reference to a setting written in a value: the name and where the name's bytes are.
struct NameUse {
    var name: String
    var range: Range<Int>
}

/// Questions about the syntax of one file, in byte offsets.
enum SyntaxQueries {
    /// The statement whose bytes hold `offset` (the last one at the end of the text).
    static func statement(at offset: Int, in tree: SyntaxTree) -> Statement? {
        let statements = tree.statements
        var low = 0, high = statements.count - 1
        while low <= high {
            let middle = (low + high) / 2
            let range = statements[middle].range
            if offset < range.startOffset { high = middle - 1 } else if offset >= range.endOffset { low = middle + 1 } else { return statements[middle] }
        }
        // The end of a text whose last line has no terminator is still on that line.
        guard let last = statements.last, offset == last.range.endOffset, last.range.endOffset > last.range.startOffset,
              ![0x0A, 0x0D].contains(tree.bytes[last.range.endOffset - 1]) else { return nil }
        return last
    }

    /// What is at `offset`.
    static func item(at offset: Int, in tree: SyntaxTree) -> CursorItem? {
        guard let statement = statement(at: offset, in: tree) else { return nil }
        switch statement.kind {
        case .include(let directive):
            return .include(directive, line: statement.range.start.line)
        case .assignment(let assignment):
            let nameRange = assignment.nameRange.offsets
            if nameRange.contains(offset) || offset == nameRange.upperBound {
                return .settingName(assignment.name, range: nameRange, assignment: assignment)
            }
            if offset < assignment.equalsOffset {
                if let condition = assignment.conditions.first(where: { $0.range.startOffset <= offset && offset <= $0.range.endOffset }) {
                    return .condition(condition, assignment: assignment)
                }
                return nil
            }
            let uses = nameUses(in: assignment, tree: tree)
            if let use = uses.first(where: { $0.range.contains(offset) || offset == $0.range.upperBound }) {
                return .reference(use.name, range: use.range, assignment: assignment)
            }
            return .value(assignment)
        default:
            return nil
        }
    }

    /// Every setting named by a reference in `assignment`'s value, nested ones included, with
    /// the bytes of the name. `$(inherited)` is left out: it names no setting of its own.
    static func nameUses(in assignment: Assignment, tree: SyntaxTree) -> [NameUse] {
        var uses: [NameUse] = []
        for chunk in assignment.chunks where chunk.endOffset > chunk.startOffset {
            let text = tree.text(chunk)
            guard text.utf8.contains(UInt8(ascii: "$")) else { continue }
            for reference in Expression(parsing: text, semantics: .list).references {
                guard let name = reference.literalName, !name.isEmpty, name != "inherited" else { continue }
                let opener = reference.form == .bare ? 1 : 2
                let start = chunk.startOffset + reference.range.lowerBound + opener
                uses.append(NameUse(name: name, range: start..<min(start + name.utf8.count, chunk.endOffset)))
            }
        }
        return uses.sorted { $0.range.lowerBound < $1.range.lowerBound }
    }

    /// The end of the word that starts at `offset`: the range a diagnostic underlines.
    static func wordRange(at offset: Int, in lines: LineTable) -> Range<Int> {
        let bytes = lines.bytes
        let start = min(max(offset, 0), bytes.count)
        var end = start
        while end < bytes.count, ![0x20, 0x09, 0x0A, 0x0D].contains(bytes[end]) { end += 1 }
        if end == start, end < bytes.count, bytes[end] != 0x0A, bytes[end] != 0x0D { end += 1 }
        return start..<end
    }
}
