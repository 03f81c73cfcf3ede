/// One `[parameter=pattern]` condition of an assignment, exactly as written.
///
/// Neither part is trimmed: `FOO[ sdk = mac* ]` has the parameter `" sdk "` and the
/// pattern `" mac* "`, which Xcode treats as an unknown parameter (semantics §1.3).
public struct Condition: Hashable, Sendable {
    /// Every byte between `[` and the first `=`.
    public var parameter: String
    /// Every byte between that `=` and `]`.
    public var pattern: String
    /// From `[` to `]`, both included.
    public var range: SourceRange

    public init(parameter: String, pattern: String, range: SourceRange) {
        self.parameter = parameter
        self.pattern = pattern
        self.range = range
    }
}

/// `NAME[cond]... = value`: one assignment, possibly continued over several lines with `\`.
///
/// Stored compactly (72 bytes rather than 230, and no heap allocation beyond the conditions): an
/// assignment on one line, with at most one chunk, comment and dropped `;` — nearly all of them —
/// keeps only 32-bit offsets from the start of its name, and its `name` and `value` are decoded
/// from the input on demand (so read each once where it matters). Anything else (a continued value, a value set by hand, an
/// input of 2 GiB or more) keeps every position in a shared out-of-line record. Both forms answer
/// every property alike; equality and hashing look at the properties only.
public struct Assignment: Hashable, Sendable {
    /// The conditions in the order written.
    public var conditions: [Condition]

    /// The input the offsets refer to (shared with the ``SyntaxTree``); read for `name` and `value`.
    var source: [UInt8]
    /// Every position, when the compact fields below cannot describe the assignment.
    var general: GeneralLayout?
    /// Offset of the name's first byte.
    var nameStart: Int
    /// Line and column of the name's first byte.
    var line: Int32
    var column: Int32
    /// The rest, relative to `nameStart`, all on the name's line. `absent` marks a missing one.
    var nameLength: Int32
    var equalsDelta: Int32
    var chunkStartDelta: Int32
    var chunkEndDelta: Int32
    var semicolonDelta: Int32
    var commentDelta: Int32
    var endDelta: Int32

    static var absent: Int32 { Int32.min }

    /// Every position of an assignment, for the ones the compact fields cannot describe.
    /// Never mutated once an ``Assignment`` holds it (setters copy it first).
    final class GeneralLayout: @unchecked Sendable {
        /// `nil` when the name is the one the compact fields locate in `source`.
        var name: String?
        var nameRange: SourceRange
        var equalsLocation: SourceLocation
        var equalsOffset: Int
        /// `nil` when the value is the text of `chunks` joined with single spaces.
        var value: String?
        var chunks: [SourceRange]
        var comments: [SourceRange]
        var droppedSemicolon: SourceRange?
        var droppedSemicolons: [SourceRange]
        var end: SourceLocation
        var endOffset: Int

        init(
            name: String?, nameRange: SourceRange, equalsLocation: SourceLocation, equalsOffset: Int, value: String?,
            chunks: [SourceRange], comments: [SourceRange], droppedSemicolon: SourceRange?,
            droppedSemicolons: [SourceRange], end: SourceLocation, endOffset: Int
        ) {
            self.name = name
            self.nameRange = nameRange
            self.equalsLocation = equalsLocation
            self.equalsOffset = equalsOffset
            self.value = value
            self.chunks = chunks
            self.comments = comments
            self.droppedSemicolon = droppedSemicolon
            self.droppedSemicolons = droppedSemicolons
            self.end = end
            self.endOffset = endOffset
        }

        func copy() -> GeneralLayout {
            GeneralLayout(
                name: name, nameRange: nameRange, equalsLocation: equalsLocation, equalsOffset: equalsOffset, value: value,
                chunks: chunks, comments: comments, droppedSemicolon: droppedSemicolon,
                droppedSemicolons: droppedSemicolons, end: end, endOffset: endOffset)
        }
    }

    public init(
        name: String,
        nameRange: SourceRange,
        conditions: [Condition],
        equalsLocation: SourceLocation,
        value: String,
        chunks: [SourceRange],
        comments: [SourceRange],
        droppedSemicolon: SourceRange?,
        droppedSemicolons: [SourceRange]? = nil,
        equalsOffset: Int = 0,
        end: SourceLocation? = nil,
        endOffset: Int = 0
    ) {
        self.init(
            conditions: conditions, source: [],
            general: GeneralLayout(
                name: name, nameRange: nameRange, equalsLocation: equalsLocation, equalsOffset: equalsOffset, value: value,
                chunks: chunks, comments: comments, droppedSemicolon: droppedSemicolon,
                droppedSemicolons: droppedSemicolons ?? (droppedSemicolon.map { [$0] } ?? []),
                end: end ?? equalsLocation, endOffset: endOffset))
    }

    /// An assignment in the general form.
    init(conditions: [Condition], source: [UInt8], general: GeneralLayout) {
        self.conditions = conditions
        self.source = source
        self.general = general
        nameStart = 0
        line = 0
        column = 0
        nameLength = 0
        equalsDelta = 0
        chunkStartDelta = 0
        chunkEndDelta = 0
        semicolonDelta = Self.absent
        commentDelta = Self.absent
        endDelta = 0
    }

    /// An assignment on one line with at most one chunk: `source[chunk]` is its value. The
    /// positions are relative to `nameStart` (``absent`` for a missing chunk, `;` or comment); the
    /// caller checked that they fit. When `general` is given, it alone holds the positions.
    init(
        conditions: [Condition], source: [UInt8], general: GeneralLayout?,
        nameStart: Int, line: Int32, column: Int32,
        nameLength: Int32, equalsDelta: Int32, chunkStartDelta: Int32, chunkEndDelta: Int32,
        semicolonDelta: Int32, commentDelta: Int32, endDelta: Int32
    ) {
        self.conditions = conditions
        self.source = source
        self.general = general
        self.nameStart = nameStart
        self.line = line
        self.column = column
        self.nameLength = nameLength
        self.equalsDelta = equalsDelta
        self.chunkStartDelta = chunkStartDelta
        self.chunkEndDelta = chunkEndDelta
        self.semicolonDelta = semicolonDelta
        self.commentDelta = commentDelta
        self.endDelta = endDelta
    }

    /// A range on the name's line, from offsets relative to the name.
    func compactRange(_ startDelta: Int32, _ endDelta: Int32) -> SourceRange {
        SourceRange(
            start: SourceLocation(storedLine: line, storedColumn: column &+ startDelta),
            end: SourceLocation(storedLine: line, storedColumn: column &+ endDelta),
            startOffset: nameStart + Int(startDelta), endOffset: nameStart + Int(endDelta))
    }

    /// The general form of this assignment, copied so that it can be changed.
    func generalCopy() -> GeneralLayout {
        if let general { return general.copy() }
        return GeneralLayout(
            name: name, nameRange: nameRange, equalsLocation: equalsLocation, equalsOffset: equalsOffset, value: value,
            chunks: chunks, comments: comments, droppedSemicolon: droppedSemicolon,
            droppedSemicolons: droppedSemicolons, end: end, endOffset: endOffset)
    }

    /// The setting name.
    public var name: String {
        get {
            if let name = general?.name { return name }
            return decode(nameStart, nameStart + Int(nameLength))
        }
        set { let copy = generalCopy(); copy.name = newValue; general = copy }
    }

    /// `source[start..<end]`, decoded as Xcode decodes it.
    func decode(_ start: Int, _ end: Int) -> String {
        source.withUnsafeBufferPointer { buffer in
            String(decoding: UnsafeBufferPointer(rebasing: buffer[start..<end]), as: UTF8.self)
        }
    }

    /// Calls `body` with the name's UTF-8 bytes, read where they stand in the input when they can
    /// be: the resolver interns names and compiles values without making a `String` of each.
    package func withNameBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        if general != nil {
            var name = self.name
            return name.withUTF8(body)
        }
        return source.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[nameStart..<nameStart + Int(nameLength)])) }
    }

    /// Calls `body` with the UTF-8 bytes of ``value``, read in place when the value is one chunk.
    package func withValueBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        if general != nil || chunkStartDelta == Self.absent {
            var value = self.value
            return value.withUTF8(body)
        }
        return source.withUnsafeBufferPointer {
            body(UnsafeBufferPointer(rebasing: $0[nameStart + Int(chunkStartDelta)..<nameStart + Int(chunkEndDelta)]))
        }
    }

    /// Where the name is.
    public var nameRange: SourceRange {
        get { general?.nameRange ?? compactRange(0, nameLength) }
        set { let copy = generalCopy(); copy.nameRange = newValue; general = copy }
    }

    /// Where the `=` is.
    public var equalsLocation: SourceLocation {
        get { general?.equalsLocation ?? SourceLocation(storedLine: line, storedColumn: column &+ equalsDelta) }
        set { let copy = generalCopy(); copy.equalsLocation = newValue; general = copy }
    }

    /// The value as Xcode hands it to expression parsing: the chunks of each physical line
    /// (comments cut, whitespace trimmed, one trailing `;` dropped, the continuation `\`
    /// removed) joined with single spaces (semantics §1.3).
    ///
    /// Decoded from the input on each use (unless it was set).
    public var value: String {
        get {
            if let general {
                if let value = general.value { return value }
                var value = ""
                for (index, chunk) in general.chunks.enumerated() {
                    if index > 0 { value += " " }
                    value += decode(chunk.startOffset, chunk.endOffset)
                }
                return value
            }
            if chunkStartDelta == Self.absent { return "" }
            return decode(nameStart + Int(chunkStartDelta), nameStart + Int(chunkEndDelta))
        }
        set { let copy = generalCopy(); copy.value = newValue; general = copy }
    }

    /// The source range of each chunk that makes up `value`, in order.
    /// `value` is exactly these ranges' text joined with one space. Continued chunks that are
    /// empty after trimming are left out, as Xcode leaves them out; the last chunk is kept even
    /// when empty (`A = x \` then `;` gives the value `"x "`), so it may be an empty range.
    public var chunks: [SourceRange] {
        get {
            if let general { return general.chunks }
            return chunkStartDelta == Self.absent ? [] : [compactRange(chunkStartDelta, chunkEndDelta)]
        }
        set { let copy = generalCopy(); copy.chunks = newValue; general = copy }
    }

    /// The `//` comments on the assignment's lines, from `//` to the end of the line.
    public var comments: [SourceRange] {
        get {
            if let general { return general.comments }
            return commentDelta == Self.absent ? [] : [compactRange(commentDelta, endDelta)]
        }
        set { let copy = generalCopy(); copy.comments = newValue; general = copy }
    }

    /// The `;` that Xcode dropped from the end of the value (its last chunk), if any.
    public var droppedSemicolon: SourceRange? {
        get {
            if let general { return general.droppedSemicolon }
            return semicolonDelta == Self.absent ? nil : compactRange(semicolonDelta, semicolonDelta + 1)
        }
        set { let copy = generalCopy(); copy.droppedSemicolon = newValue; general = copy }
    }

    /// Every `;` Xcode dropped, one per chunk at most, in order. A continued chunk loses its `;`
    /// before the `\` test, so `A = x \;` continues (semantics §1.3).
    public var droppedSemicolons: [SourceRange] {
        get {
            if let general { return general.droppedSemicolons }
            return semicolonDelta == Self.absent ? [] : [compactRange(semicolonDelta, semicolonDelta + 1)]
        }
        set { let copy = generalCopy(); copy.droppedSemicolons = newValue; general = copy }
    }

    /// Byte offset of the `=`.
    public var equalsOffset: Int {
        get { general?.equalsOffset ?? nameStart + Int(equalsDelta) }
        set { let copy = generalCopy(); copy.equalsOffset = newValue; general = copy }
    }

    /// Where Xcode's parser stopped reading the assignment: the line terminator (or end of file)
    /// of the last line it consumed, comments skipped.
    public var end: SourceLocation {
        get { general?.end ?? SourceLocation(storedLine: line, storedColumn: column &+ endDelta) }
        set { let copy = generalCopy(); copy.end = newValue; general = copy }
    }

    /// Byte offset of ``end``.
    public var endOffset: Int {
        get { general?.endOffset ?? nameStart + Int(endDelta) }
        set { let copy = generalCopy(); copy.endOffset = newValue; general = copy }
    }

    public static func == (lhs: Assignment, rhs: Assignment) -> Bool {
        lhs.name == rhs.name && lhs.conditions == rhs.conditions && lhs.nameRange == rhs.nameRange
            && lhs.equalsLocation == rhs.equalsLocation && lhs.equalsOffset == rhs.equalsOffset
            && lhs.value == rhs.value && lhs.chunks == rhs.chunks && lhs.comments == rhs.comments
            && lhs.droppedSemicolon == rhs.droppedSemicolon && lhs.droppedSemicolons == rhs.droppedSemicolons
            && lhs.end == rhs.end && lhs.endOffset == rhs.endOffset
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(conditions)
        hasher.combine(nameRange)
        hasher.combine(equalsLocation)
        hasher.combine(equalsOffset)
        hasher.combine(value)
        hasher.combine(chunks)
        hasher.combine(comments)
        hasher.combine(droppedSemicolon)
        hasher.combine(droppedSemicolons)
        hasher.combine(end)
        hasher.combine(endOffset)
    }

    /// The columns Xcode records as the assignment's provenance (semantics §1.8): both are
    /// measured from the first byte of the name (column 1), `start` just past the `=`, `end` at
    /// ``end`` even when that is on a later line.
    public var xcodeColumns: (start: Int, end: Int) {
        let nameStart = nameRange.startOffset
        return (equalsOffset + 2 - nameStart, endOffset + 1 - nameStart)
    }

    /// The conditions rendered as Xcode renders them: `[sdk=iphoneos*][arch=arm64]`.
    public var conditionSuffix: String {
        var text = ""
        for condition in conditions {
            text += "[\(condition.parameter)=\(condition.pattern)]"
        }
        return text
    }
}

/// `#include "path"` or `#include? "path"`.
public struct IncludeDirective: Hashable, Sendable {
    /// The quoted file name, without the quotes; no escapes exist (semantics §1.5).
    public var path: String
    /// `true` for `#include?`, which is silent when the file is missing.
    public var isOptional: Bool
    /// The range of the path between the quotes.
    public var pathRange: SourceRange
    /// The `//` comment after the directive, if any.
    public var comment: SourceRange?

    public init(path: String, isOptional: Bool, pathRange: SourceRange, comment: SourceRange?) {
        self.path = path
        self.isOptional = isOptional
        self.pathRange = pathRange
        self.comment = comment
    }
}

/// What a statement is.
///
/// An assignment is stored inline (it is compact, and most statements are assignments: boxing it
/// cost a heap allocation each); the rarer include and invalid lines are boxed so that they do
/// not make every ``Statement`` larger.
public enum StatementKind: Hashable, Sendable {
    /// A setting assignment.
    case assignment(Assignment)
    /// An include directive.
    indirect case include(IncludeDirective)
    /// A line holding only whitespace and a `//` comment.
    case comment
    /// A line holding only whitespace (or nothing).
    case blank
    /// A line Xcode's parser rejects; the diagnostic says why. Xcode skips the rest of the
    /// physical line and resumes on the next one.
    indirect case invalid(Diagnostic)
}

/// One statement of a configuration file: one or more whole physical lines, terminators included.
///
/// The statements of a ``SyntaxTree`` tile its bytes: concatenating their ranges gives the input back.
public struct Statement: Hashable, Sendable {
    /// What the statement is.
    public var kind: StatementKind
    /// Every byte of the statement's lines, line terminators included.
    public var range: SourceRange

    public init(kind: StatementKind, range: SourceRange) {
        self.kind = kind
        self.range = range
    }
}

/// A parsed configuration file: a lossless tree over the input bytes.
public struct SyntaxTree: Sendable {
    /// The input, unchanged.
    public let bytes: [UInt8]
    /// The statements, in source order, tiling `bytes`.
    public let statements: [Statement]
    /// Byte offset at which each line starts (index 0 is line 1), counted as Xcode counts lines:
    /// after every LF, CR, CRLF, U+2028 and U+2029, except a U+2028/U+2029 that Xcode's parser
    /// swallows into a directive keyword (`#foo<U+2028>bar`), which it does not count either.
    public let lineStarts: [Int]

    public init(bytes: [UInt8], statements: [Statement], lineStarts: [Int]) {
        self.bytes = bytes
        self.statements = statements
        self.lineStarts = lineStarts
    }

    /// Every parse diagnostic, in source order, without a file.
    public var diagnostics: [Diagnostic] {
        statements.compactMap {
            if case .invalid(let diagnostic) = $0.kind { return diagnostic }
            return nil
        }
    }

    /// The assignments, in source order.
    public var assignments: [Assignment] {
        statements.compactMap {
            if case .assignment(let assignment) = $0.kind { return assignment }
            return nil
        }
    }

    /// The include directives, in source order.
    public var includes: [IncludeDirective] {
        statements.compactMap {
            if case .include(let include) = $0.kind { return include }
            return nil
        }
    }

    /// The input printed back from the tree: byte for byte the input.
    public func printed() -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        for statement in statements {
            output.append(contentsOf: bytes[statement.range.offsets])
        }
        return output
    }

    /// The text of a range, decoded as Xcode decodes it (invalid UTF-8 becomes U+FFFD).
    public func text(_ range: SourceRange) -> String {
        String(decoding: bytes[range.offsets], as: UTF8.self)
    }

    /// The line and column of a byte offset.
    public func location(ofOffset offset: Int) -> SourceLocation {
        // Binary search for the last line start <= offset.
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if lineStarts[mid] <= offset { low = mid } else { high = mid - 1 }
        }
        return SourceLocation(line: low + 1, column: offset - lineStarts[low] + 1)
    }
}

/// Printed with the public properties, in their former stored order, not the compact storage.
extension Assignment: CustomReflectable {
    public var customMirror: Mirror {
        Mirror(self, children: [
            "name": name, "nameRange": nameRange, "conditions": conditions, "equalsLocation": equalsLocation,
            "value": value, "chunks": chunks, "comments": comments, "droppedSemicolon": droppedSemicolon as Any,
            "droppedSemicolons": droppedSemicolons, "equalsOffset": equalsOffset, "end": end, "endOffset": endOffset,
        ], displayStyle: .struct)
    }
}
