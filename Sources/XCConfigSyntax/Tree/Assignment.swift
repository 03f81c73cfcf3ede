/// `NAME[cond]... = value`: one assignment, possibly continued over several lines with `\`.
///
/// Stored compactly (48 bytes rather than 230, and no heap allocation of its own): a parsed
/// assignment keeps its line, column, 32-bit offsets from the start of its name and the number of
/// its conditions, and everything else — name, value, conditions, and the chunks, comments and
/// dropped `;` of a continued value — is read again from the input on demand, by the parser's
/// own code (so read each once where it matters). An assignment that was built or changed by
/// hand, or one of 2 GiB or more, keeps every property in a shared out-of-line record instead.
/// Both forms answer every property alike; equality and hashing look at the properties only.
///
/// A safe view: it holds its input like any value holds a reference. Readers of many
/// assignments (the include walk, the resolver, the linter) read the tree's records instead
/// (``SyntaxTree/assignmentRecord(_:)``) and make no assignment at all.
public struct Assignment: Hashable, Sendable {
    /// The input the offsets refer to, shared by every assignment of a parse; a ``GeneralLayout``
    /// when `chunkStartDelta` is ``general``. One reference rather than an input and an optional
    /// record: copying an assignment retains one object, and its properties read no enum.
    @usableFromInline var storage: Source
    /// Offset of the name's first byte.
    @usableFromInline var nameStart: Int
    /// Line and column of the name's first byte.
    @usableFromInline var line: Int32
    @usableFromInline var column: Int32
    /// The rest, relative to `nameStart`, all on the name's line but the end of a continued value.
    @usableFromInline var nameLength: Int32
    @usableFromInline var equalsDelta: Int32
    /// The one chunk of a value on one line: `source[chunk]` is the value. ``absent`` when there
    /// is no value, ``continued`` when it spans lines, ``general`` when `storage` holds every
    /// property (then the compact fields mean nothing).
    @usableFromInline var chunkStartDelta: Int32
    @usableFromInline var chunkEndDelta: Int32
    @usableFromInline var endDelta: Int32
    /// How many `[parameter=pattern]` conditions stand between the name and the `=` (in the
    /// padding after the offsets, so it costs no space): the resolver asks whether there are any
    /// for every assignment, and reading them needs no first pass to size their array.
    @usableFromInline var conditionCount: Int32

    @usableFromInline static var absent: Int32 { Int32.min }
    @usableFromInline static var continued: Int32 { Int32.min + 1 }
    @usableFromInline static var general: Int32 { Int32.min + 2 }

    /// The input of a parse.
    @usableFromInline class Source: @unchecked Sendable {
        @usableFromInline let bytes: [UInt8]

        init(_ bytes: [UInt8]) {
            self.bytes = bytes
        }

        /// `bytes[start..<end]`, decoded as Xcode decodes it.
        final func decode(_ start: Int, _ end: Int) -> String {
            bytes.withUnsafeBufferPointer { buffer in
                String(decoding: UnsafeBufferPointer(rebasing: buffer[start..<end]), as: UTF8.self)
            }
        }
    }

    /// The general form's record, when the assignment is in that form.
    var generalLayout: GeneralLayout? {
        // A checked cast: `chunkStartDelta` and the class of `storage` say the same thing.
        chunkStartDelta == Self.general ? (storage as! GeneralLayout) : nil
    }

    /// Every property of an assignment, for the ones the compact fields cannot describe.
    /// Never mutated once an ``Assignment`` holds it (setters copy it first).
    final class GeneralLayout: Source, @unchecked Sendable {
        /// `nil` when the name is the bytes of `nameRange`.
        var name: String?
        var nameRange: SourceRange
        var conditions: [Condition]
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
            source: [UInt8], name: String?, nameRange: SourceRange, conditions: [Condition],
            equalsLocation: SourceLocation, equalsOffset: Int, value: String?, chunks: [SourceRange],
            comments: [SourceRange], droppedSemicolon: SourceRange?, droppedSemicolons: [SourceRange],
            end: SourceLocation, endOffset: Int
        ) {
            self.name = name
            self.nameRange = nameRange
            self.conditions = conditions
            self.equalsLocation = equalsLocation
            self.equalsOffset = equalsOffset
            self.value = value
            self.chunks = chunks
            self.comments = comments
            self.droppedSemicolon = droppedSemicolon
            self.droppedSemicolons = droppedSemicolons
            self.end = end
            self.endOffset = endOffset
            super.init(source)
        }

        func copy() -> GeneralLayout {
            GeneralLayout(
                source: bytes, name: name, nameRange: nameRange, conditions: conditions,
                equalsLocation: equalsLocation, equalsOffset: equalsOffset, value: value, chunks: chunks,
                comments: comments, droppedSemicolon: droppedSemicolon, droppedSemicolons: droppedSemicolons,
                end: end, endOffset: endOffset)
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
        self.init(general: GeneralLayout(
            source: [], name: name, nameRange: nameRange, conditions: conditions,
            equalsLocation: equalsLocation, equalsOffset: equalsOffset, value: value, chunks: chunks,
            comments: comments, droppedSemicolon: droppedSemicolon,
            droppedSemicolons: droppedSemicolons ?? (droppedSemicolon.map { [$0] } ?? []),
            end: end ?? equalsLocation, endOffset: endOffset))
    }

    /// An assignment in the general form.
    init(general: GeneralLayout) {
        self.init(
            storage: general, nameStart: 0, line: 0, column: 0, nameLength: 0, equalsDelta: 0,
            chunkStartDelta: Self.general, chunkEndDelta: Self.general, endDelta: 0, conditionCount: 0)
    }

    /// An assignment read from `source`, with positions relative to `nameStart`; the caller
    /// checked that they fit.
    @usableFromInline init(
        storage: Source, nameStart: Int, line: Int32, column: Int32,
        nameLength: Int32, equalsDelta: Int32, chunkStartDelta: Int32, chunkEndDelta: Int32, endDelta: Int32,
        conditionCount: Int32
    ) {
        self.storage = storage
        self.nameStart = nameStart
        self.line = line
        self.column = column
        self.nameLength = nameLength
        self.equalsDelta = equalsDelta
        self.chunkStartDelta = chunkStartDelta
        self.chunkEndDelta = chunkEndDelta
        self.endDelta = endDelta
        self.conditionCount = conditionCount
    }

    /// A range on the name's line, from offsets relative to the name.
    func compactRange(_ startDelta: Int32, _ endDelta: Int32) -> SourceRange {
        SourceRange(
            start: SourceLocation(storedLine: line, storedColumn: column &+ startDelta),
            end: SourceLocation(storedLine: line, storedColumn: column &+ endDelta),
            startOffset: nameStart + Int(startDelta), endOffset: nameStart + Int(endDelta))
    }

    /// The chunks, comments, dropped `;` and end of a parsed value, read again from the input.
    func valueLayout() -> ValueLayout {
        XCConfigParser.readValue(
            storage, equals: nameStart + Int(equalsDelta), line: Int(line), lineStart: nameStart - (Int(column) - 1))
    }

    /// The general form of this assignment, copied so that it can be changed.
    func generalCopy() -> GeneralLayout {
        if let general = generalLayout { return general.copy() }
        let layout = valueLayout()
        return GeneralLayout(
                source: storage.bytes, name: name, nameRange: nameRange, conditions: conditions,
                equalsLocation: equalsLocation, equalsOffset: equalsOffset, value: value, chunks: layout.chunks,
                comments: layout.comments, droppedSemicolon: layout.finalSemicolon,
                droppedSemicolons: layout.droppedSemicolons, end: layout.end, endOffset: layout.endOffset)
    }

    /// Changes a copy of the general form and keeps it.
    mutating func changeGeneral(_ change: (GeneralLayout) -> Void) {
        let copy = generalCopy()
        change(copy)
        storage = copy
        chunkStartDelta = Self.general
    }

    /// The setting name.
    public var name: String {
        get {
            if let general = generalLayout {
                return general.name ?? general.decode(general.nameRange.startOffset, general.nameRange.endOffset)
            }
            return storage.decode(nameStart, nameStart + Int(nameLength))
        }
        set { changeGeneral { $0.name = newValue } }
    }

    /// Calls `body` with the name's UTF-8 bytes, read where they stand in the input when they can
    /// be (the raw API's reader of an assignment kept whole).
    @inlinable
    func withNameBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        if chunkStartDelta != Self.general {
            return storage.bytes.withUnsafeBufferPointer {
                body(UnsafeBufferPointer(rebasing: $0[nameStart..<nameStart + Int(nameLength)]))
            }
        }
        var name = self.name
        return name.withUTF8(body)
    }

    /// Where the name is.
    public var nameRange: SourceRange {
        get {
            if let general = generalLayout { return general.nameRange }
            return compactRange(0, nameLength)
        }
        set { changeGeneral { $0.nameRange = newValue } }
    }

    /// The conditions in the order written.
    ///
    /// Read again from the input on each use (unless they were set).
    public var conditions: [Condition] {
        get {
            if let general = generalLayout { return general.conditions }
            return XCConfigParser.readConditions(
                storage, count: Int(conditionCount), nameEnd: nameStart + Int(nameLength),
                line: Int(line), lineStart: nameStart - (Int(column) - 1))
        }
        set { changeGeneral { $0.conditions = newValue } }
    }

    /// Calls `body` with each condition's parameter and pattern bytes, in the order written,
    /// until it returns `false`: the conditions read as the resolver matches them, without
    /// making a ``Condition`` and its strings for each.
    @usableFromInline
    func forEachCondition(_ body: (_ parameter: UnsafeBufferPointer<UInt8>, _ pattern: UnsafeBufferPointer<UInt8>) -> Bool) {
        if let general = generalLayout {
            for condition in general.conditions {
                var parameter = condition.parameter, pattern = condition.pattern
                let goOn = parameter.withUTF8 { parameter in pattern.withUTF8 { body(parameter, $0) } }
                if !goOn { return }
            }
            return
        }
        XCConfigParser.forEachCondition(storage, count: Int(conditionCount), nameEnd: nameStart + Int(nameLength), body)
    }

    /// `true` when the assignment has conditions, found without reading them.
    @inlinable
    var hasConditions: Bool {
        if chunkStartDelta != Self.general { return conditionCount != 0 }
        return hasGeneralConditions
    }

    /// ``hasConditions`` of the general form.
    @usableFromInline var hasGeneralConditions: Bool {
        generalLayout.map { !$0.conditions.isEmpty } ?? false
    }

    /// Where the `=` is.
    public var equalsLocation: SourceLocation {
        get {
            if let general = generalLayout { return general.equalsLocation }
            return SourceLocation(storedLine: line, storedColumn: column &+ equalsDelta)
        }
        set { changeGeneral { $0.equalsLocation = newValue } }
    }

    /// The value as Xcode hands it to expression parsing: the chunks of each physical line
    /// (comments cut, whitespace trimmed, one trailing `;` dropped, the continuation `\`
    /// removed) joined with single spaces (semantics §1.3).
    ///
    /// Decoded from the input on each use (unless it was set).
    public var value: String {
        get {
            if chunkStartDelta >= 0 {
                return storage.decode(nameStart + Int(chunkStartDelta), nameStart + Int(chunkEndDelta))
            }
            if chunkStartDelta == Self.absent { return "" }
            if let general = generalLayout { return general.value ?? Self.joined(general.chunks, general) }
            return Self.joined(valueLayout().chunks, storage)
        }
        set { changeGeneral { $0.value = newValue } }
    }

    /// The text of `chunks` joined with single spaces.
    static func joined(_ chunks: [SourceRange], _ source: Source) -> String {
        var value = ""
        for (index, chunk) in chunks.enumerated() {
            if index > 0 { value += " " }
            value += source.decode(chunk.startOffset, chunk.endOffset)
        }
        return value
    }

    /// The source range of each chunk that makes up `value`, in order.
    /// `value` is exactly these ranges' text joined with one space. Continued chunks that are
    /// empty after trimming are left out, as Xcode leaves them out; the last chunk is kept even
    /// when empty (`A = x \` then `;` gives the value `"x "`), so it may be an empty range.
    public var chunks: [SourceRange] {
        get {
            if chunkStartDelta >= 0 { return [compactRange(chunkStartDelta, chunkEndDelta)] }
            if chunkStartDelta == Self.absent { return [] }
            if let general = generalLayout { return general.chunks }
            return valueLayout().chunks
        }
        set { changeGeneral { $0.chunks = newValue } }
    }

    /// The `//` comments on the assignment's lines, from `//` to the end of the line.
    public var comments: [SourceRange] {
        get {
            if let general = generalLayout { return general.comments }
            return valueLayout().comments
        }
        set { changeGeneral { $0.comments = newValue } }
    }

    /// The `;` that Xcode dropped from the end of the value (its last chunk), if any.
    public var droppedSemicolon: SourceRange? {
        get {
            if let general = generalLayout { return general.droppedSemicolon }
            return valueLayout().finalSemicolon
        }
        set { changeGeneral { $0.droppedSemicolon = newValue } }
    }

    /// Every `;` Xcode dropped, one per chunk at most, in order. A continued chunk loses its `;`
    /// before the `\` test, so `A = x \;` continues (semantics §1.3).
    public var droppedSemicolons: [SourceRange] {
        get {
            if let general = generalLayout { return general.droppedSemicolons }
            return valueLayout().droppedSemicolons
        }
        set { changeGeneral { $0.droppedSemicolons = newValue } }
    }

    /// Byte offset of the `=`.
    public var equalsOffset: Int {
        get {
            if let general = generalLayout { return general.equalsOffset }
            return nameStart + Int(equalsDelta)
        }
        set { changeGeneral { $0.equalsOffset = newValue } }
    }

    /// Where Xcode's parser stopped reading the assignment: the line terminator (or end of file)
    /// of the last line it consumed, comments skipped.
    public var end: SourceLocation {
        get {
            if let general = generalLayout { return general.end }
            if chunkStartDelta == Self.continued { return valueLayout().end }
            return SourceLocation(storedLine: line, storedColumn: column &+ endDelta)
        }
        set { changeGeneral { $0.end = newValue } }
    }

    /// Byte offset of ``end``.
    public var endOffset: Int {
        get {
            if let general = generalLayout { return general.endOffset }
            return nameStart + Int(endDelta)
        }
        set { changeGeneral { $0.endOffset = newValue } }
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
