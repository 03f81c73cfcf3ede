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
/// Stored compactly (48 bytes rather than 230, and no heap allocation of its own): a parsed
/// assignment keeps its line, column, 32-bit offsets from the start of its name and the number of
/// its conditions, and everything else — name, value, conditions, and the chunks, comments and
/// dropped `;` of a continued value — is read again from the input on demand, by the parser's own code (so read each once where it
/// matters). An assignment that was built or changed by hand, or one of 2 GiB or more, keeps every
/// property in a shared out-of-line record instead. Both forms answer every property alike;
/// equality and hashing look at the properties only.
///
/// The byte accessors the resolver calls for every assignment are inlinable, so that they are
/// specialised for its closures and read the compact fields directly.
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

    static var absent: Int32 { Int32.min }
    static var continued: Int32 { Int32.min + 1 }
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
        chunkStartDelta == Self.general ? unsafeDowncast(storage, to: GeneralLayout.self) : nil
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
    /// be: the resolver interns names and compiles values without making a `String` of each.
    @inlinable
    package func withNameBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        if chunkStartDelta != Self.general {
            return storage.bytes.withUnsafeBufferPointer {
                body(UnsafeBufferPointer(rebasing: $0[nameStart..<nameStart + Int(nameLength)]))
            }
        }
        var name = self.name
        return name.withUTF8(body)
    }

    /// Where the name's bytes are in the input ``withInputBytes(_:)`` reads, when the assignment
    /// is in the compact form; `nil` in the general form (whose name may have been set).
    ///
    /// With ``inputIdentity``, for readers of many assignments at once: the resolver reads the
    /// input of a run of assignments from one file once, and each name as a range of it.
    /// Calling ``withNameBytes(_:)`` on each assignment made the caller copy the assignment
    /// (retaining and releasing its input) around every call.
    @inlinable
    package var compactNameRange: Range<Int>? {
        chunkStartDelta == Self.general ? nil : nameStart..<nameStart + Int(nameLength)
    }

    /// How many conditions follow the name, in the compact form; `nil` in the general form.
    ///
    /// With ``compactNameRange``: the conditions are the first `count` `[parameter=pattern]`
    /// groups after the name's last byte in the input (the parse checked their shape), which
    /// the resolver reads there while it has the input open.
    @inlinable
    package var compactConditionCount: Int? {
        chunkStartDelta == Self.general ? nil : Int(conditionCount)
    }

    /// Tells inputs apart: assignments with the same identity read the same input.
    @inlinable
    package var inputIdentity: ObjectIdentifier { ObjectIdentifier(storage) }

    /// Calls `body` with the bytes of the input the assignment was parsed from (the general
    /// form's record holds its own copy).
    @inlinable
    package func withInputBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        storage.bytes.withUnsafeBufferPointer(body)
    }

    /// Calls `body` with the UTF-8 bytes of ``value``, read in place when the value is one chunk.
    @inlinable
    package func withValueBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        if chunkStartDelta >= 0 {
            return storage.bytes.withUnsafeBufferPointer {
                body(UnsafeBufferPointer(rebasing: $0[nameStart + Int(chunkStartDelta)..<nameStart + Int(chunkEndDelta)]))
            }
        }
        var value = self.value
        return value.withUTF8(body)
    }

    /// ``withValueBytes(_:)`` of the assignment at `assignment`, read through the pointer: calling
    /// the method on `pointer.pointee` made the caller copy the assignment (retaining and
    /// releasing its input) around the call, and the resolver reads the value of every
    /// assignment it evaluates. The input is read without retaining it: the assignment, which
    /// holds it, must stay where it is and unchanged while `body` runs.
    @inlinable
    package static func withValueBytes<R>(
        of assignment: UnsafePointer<Assignment>, _ body: (UnsafeBufferPointer<UInt8>) -> R
    ) -> R {
        let chunkStart = assignment.pointee.chunkStartDelta
        // A continued value is joined, and the general form may have been set: the method reads those.
        guard chunkStart >= 0 else { return assignment.pointee.withValueBytes(body) }
        let start = assignment.pointee.nameStart + Int(chunkStart)
        let end = assignment.pointee.nameStart + Int(assignment.pointee.chunkEndDelta)
        return Unmanaged.passUnretained(assignment.pointee.storage)._withUnsafeGuaranteedRef { source in
            source.bytes.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[start..<end])) }
        }
    }

    /// The value's bytes where they stand in the input, when the value is one chunk of it;
    /// `nil` for a continued value or the general form (``withValueBytes(of:_:)`` reads those).
    ///
    /// For the resolver's compile of every value it evaluates, which took longer calling a
    /// closure than reading the bytes. The input is not retained: the bytes are valid only
    /// while the assignment at `assignment`, which holds it, stays where it is and unchanged.
    @inlinable
    package static func valueBytesInPlace(of assignment: UnsafePointer<Assignment>) -> UnsafeBufferPointer<UInt8>? {
        let chunkStart = assignment.pointee.chunkStartDelta
        guard chunkStart >= 0 else { return nil }
        // The parse made the chunk a range of the input, so neither the sums nor the count can
        // overflow and the input is not empty: wrapping arithmetic, and no range to check
        // (this runs once per value the resolver compiles).
        let start = assignment.pointee.nameStart &+ Int(chunkStart)
        let count = Int(assignment.pointee.chunkEndDelta &- chunkStart)
        return Unmanaged.passUnretained(assignment.pointee.storage)._withUnsafeGuaranteedRef { source in
            source.bytes.withUnsafeBufferPointer {
                UnsafeBufferPointer(start: $0.baseAddress.unsafelyUnwrapped + start, count: count)
            }
        }
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
    package func forEachCondition(_ body: (_ parameter: UnsafeBufferPointer<UInt8>, _ pattern: UnsafeBufferPointer<UInt8>) -> Bool) {
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

    /// ``forEachCondition(_:)`` of the assignment at `assignment`, read through the pointer:
    /// calling the method on `pointer.pointee` made the caller copy the assignment around the
    /// call (the closure could change the memory), and the resolver reads the conditions of
    /// every conditional assignment.
    @inlinable
    package static func forEachCondition(
        of assignment: UnsafePointer<Assignment>,
        _ body: (_ parameter: UnsafeBufferPointer<UInt8>, _ pattern: UnsafeBufferPointer<UInt8>) -> Bool
    ) {
        if assignment.pointee.chunkStartDelta == Self.general { return assignment.pointee.forEachCondition(body) }
        XCConfigParser.forEachCondition(
            assignment.pointee.storage, count: Int(assignment.pointee.conditionCount),
            nameEnd: assignment.pointee.nameStart + Int(assignment.pointee.nameLength), body)
    }

    /// `true` when the assignment has conditions, found without reading them.
    @inlinable
    package var hasConditions: Bool {
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
    public let statements: Statements
    /// Byte offset at which each line starts (index 0 is line 1), counted as Xcode counts lines:
    /// after every LF, CR, CRLF, U+2028 and U+2029, except a U+2028/U+2029 that Xcode's parser
    /// swallows into a directive keyword (`#foo<U+2028>bar`), which it does not count either.
    public let lineStarts: [Int]

    public init(bytes: [UInt8], statements: [Statement], lineStarts: [Int]) {
        self.bytes = bytes
        self.statements = Statements(statements)
        self.lineStarts = lineStarts
    }

    /// The tree of a parse, its statements kept as records.
    init(bytes: [UInt8], records: StatementRecords, lineStarts: [Int]) {
        self.bytes = bytes
        self.statements = Statements(records: records)
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

// MARK: - Statements

extension SyntaxTree {
    /// The statements of a tree, in source order: a random-access collection of ``Statement``.
    ///
    /// A parse keeps each statement as a plain record of offsets, and the include and invalid
    /// lines' contents beside them; the ``Statement`` at a position is made when it is read
    /// (in constant time), so a tree holds no counted reference per line and is freed at once.
    /// Readers of every assignment of a load (the include walk, the resolver) read the records
    /// directly. A tree made from an array of statements keeps that array.
    public struct Statements: RandomAccessCollection, Hashable, Sendable {
        /// The records of a parse; `nil` when the statements are `built`.
        @usableFromInline let records: StatementRecords?
        @usableFromInline let built: [Statement]

        /// The statements of `statements`, as they are.
        public init(_ statements: [Statement]) {
            records = nil
            built = statements
        }

        init(records: StatementRecords) {
            self.records = records
            built = []
        }

        public var startIndex: Int { 0 }
        public var endIndex: Int { records?.records.count ?? built.count }

        public subscript(position: Int) -> Statement {
            guard let records else { return built[position] }
            return records.statement(at: position)
        }

        public static func == (lhs: Statements, rhs: Statements) -> Bool {
            lhs.elementsEqual(rhs)
        }

        public func hash(into hasher: inout Hasher) {
            hasher.combine(count)
            for statement in self { hasher.combine(statement) }
        }
    }
}

extension SyntaxTree.Statements {
    /// Writes the assignments from `position` on, in order, into the uninitialised slots from
    /// `first` on, `stride` bytes apart, until the first include or invalid statement, the end,
    /// or `capacity` assignments; returns where it stopped (that statement's position, the
    /// ``endIndex``, or the position of the first assignment that found no slot) and how many
    /// it wrote.
    ///
    /// The include walk's one pass over a file's statements: it acts on the few includes and
    /// invalid lines, and lists the assignments between them as it meets them. Each written
    /// assignment holds its input without retaining it (see
    /// ``Assignment/initializeUnretained(_:storage:nameStart:line:column:nameLength:equalsDelta:chunkStartDelta:chunkEndDelta:endDelta:conditionCount:)``):
    /// the caller keeps this tree alive for as long as the slots are read, and never
    /// deinitialises them. Listing an assignment retained its input, and freeing the list
    /// released it again, through the runtime's generic code.
    @inlinable
    package func initializeUnretainedAssignments(
        from position: Int, at first: UnsafeMutableRawPointer, stride: Int, capacity: Int
    ) -> (stop: Int, written: Int) {
        var written = 0
        @inline(__always) func slot() -> UnsafeMutablePointer<Assignment> {
            (first + written &* stride).assumingMemoryBound(to: Assignment.self)
        }
        guard let records else {
            for position in position..<built.count {
                switch built[position].kind {
                case .assignment(let assignment):
                    if written == capacity { return (position, written) }
                    Assignment.initializeUnretained(slot(), copying: assignment)
                    written += 1
                case .blank, .comment:
                    break
                case .include, .invalid:
                    return (position, written)
                }
            }
            return (built.count, written)
        }
        let source = records.source
        return records.records.withUnsafeBufferPointer { buffer in
            for position in position..<buffer.count {
                let record = buffer[position]
                if record.code == StatementRecord.assignmentCode {
                    if written == capacity { return (position, written) }
                    Assignment.initializeUnretained(
                        slot(), storage: source, nameStart: record.start &+ Int(record.nameDelta), line: record.line,
                        column: record.nameDelta &+ 1, nameLength: record.nameLength, equalsDelta: record.equalsDelta,
                        chunkStartDelta: record.chunkStartDelta, chunkEndDelta: record.chunkEndDelta,
                        endDelta: record.endDelta, conditionCount: record.conditionCount)
                    written += 1
                } else if record.code >= 0 {
                    guard case .assignment(let assignment) = records.boxes[record.code] else { return (position, written) }
                    if written == capacity { return (position, written) }
                    Assignment.initializeUnretained(slot(), copying: assignment)
                    written += 1
                }
            }
            return (buffer.count, written)
        }
    }
}

extension Assignment {
    /// Initialises the assignment at `slot` without retaining `storage`: the reference is
    /// stored as its bits, and the other fields are plain integers assigned in place.
    ///
    /// The slot then holds a reference it does not own. It may be read and copied (a copy
    /// retains as usual), but never deinitialised, moved out of nor assigned over; and
    /// `storage` must outlive every read. A load lists a few hundred assignments of a handful
    /// of inputs: retaining and releasing the input once for each was about a tenth of the
    /// include walk, and destroying the list went through the runtime's generic code.
    @inlinable
    static func initializeUnretained(
        _ slot: UnsafeMutablePointer<Assignment>, storage: Source, nameStart: Int, line: Int32, column: Int32,
        nameLength: Int32, equalsDelta: Int32, chunkStartDelta: Int32, chunkEndDelta: Int32, endDelta: Int32,
        conditionCount: Int32
    ) {
        // `storage` is the first stored property (StatementRecordTests checks its offset).
        UnsafeMutableRawPointer(slot).storeBytes(
            of: Unmanaged.passUnretained(storage).toOpaque(), as: UnsafeMutableRawPointer.self)
        slot.pointee.nameStart = nameStart
        slot.pointee.line = line
        slot.pointee.column = column
        slot.pointee.nameLength = nameLength
        slot.pointee.equalsDelta = equalsDelta
        slot.pointee.chunkStartDelta = chunkStartDelta
        slot.pointee.chunkEndDelta = chunkEndDelta
        slot.pointee.endDelta = endDelta
        slot.pointee.conditionCount = conditionCount
    }

    /// ``initializeUnretained(_:storage:nameStart:line:column:nameLength:equalsDelta:chunkStartDelta:chunkEndDelta:endDelta:conditionCount:)``
    /// with the fields of `assignment`, which must outlive every read of the slot.
    @inlinable
    static func initializeUnretained(_ slot: UnsafeMutablePointer<Assignment>, copying assignment: Assignment) {
        initializeUnretained(
            slot, storage: assignment.storage, nameStart: assignment.nameStart, line: assignment.line,
            column: assignment.column, nameLength: assignment.nameLength, equalsDelta: assignment.equalsDelta,
            chunkStartDelta: assignment.chunkStartDelta, chunkEndDelta: assignment.chunkEndDelta,
            endDelta: assignment.endDelta, conditionCount: assignment.conditionCount)
    }
}

/// Printed as the array of statements it is.
extension SyntaxTree.Statements: CustomReflectable, CustomStringConvertible {
    public var customMirror: Mirror {
        Mirror(self, unlabeledChildren: Array(self), displayStyle: .collection)
    }

    public var description: String { Array(self).description }
}

/// One statement of a parse, as plain values: where it starts and ends and, for an assignment,
/// the compact fields of ``Assignment`` (its input is the tree's). Any other kind is in
/// ``StatementRecords/boxes``, at the index `code`.
@usableFromInline
struct StatementRecord: Sendable {
    /// Offset of the statement's first byte, the start of its first line.
    @usableFromInline var start: Int
    /// ``assignmentCode``, ``blankCode``, ``commentCode``, or the index of the statement's kind
    /// in ``StatementRecords/boxes``.
    @usableFromInline var code: Int
    /// The first line, which the name of an assignment is on.
    @usableFromInline var line: Int32
    var endLine: Int32
    var endColumn: Int32
    /// An assignment's fields (meaningless for any other statement): its name starts
    /// `nameDelta` bytes into its line, and the others are ``Assignment``'s offsets from there.
    @usableFromInline var nameDelta: Int32
    @usableFromInline var nameLength: Int32
    @usableFromInline var equalsDelta: Int32
    @usableFromInline var chunkStartDelta: Int32
    @usableFromInline var chunkEndDelta: Int32
    @usableFromInline var endDelta: Int32
    @usableFromInline var conditionCount: Int32

    @usableFromInline static var assignmentCode: Int { -1 }
    static var blankCode: Int { -2 }
    static var commentCode: Int { -3 }

    init() {
        start = 0
        code = 0
        line = 0
        endLine = 0
        endColumn = 0
        nameDelta = 0
        nameLength = 0
        equalsDelta = 0
        chunkStartDelta = 0
        chunkEndDelta = 0
        endDelta = 0
        conditionCount = 0
    }
}

/// The statements of a parse: a record per statement, and the kinds that records do not hold.
@usableFromInline
final class StatementRecords: Sendable {
    /// The input, which every assignment made from a record shares.
    @usableFromInline let source: Assignment.Source
    @usableFromInline let records: [StatementRecord]
    /// The kinds of includes, invalid lines, and assignments too large for a record's fields.
    @usableFromInline let boxes: [StatementKind]

    init(source: Assignment.Source, records: [StatementRecord], boxes: [StatementKind]) {
        self.source = source
        self.records = records
        self.boxes = boxes
    }

    /// The statement at `position`, made from its record.
    func statement(at position: Int) -> Statement {
        let record = records[position]
        // Statements tile the input: each ends where the next starts.
        let end = position + 1 < records.count ? records[position + 1].start : source.bytes.count
        let range = SourceRange(
            start: SourceLocation(storedLine: record.line, storedColumn: 1),
            end: SourceLocation(storedLine: record.endLine, storedColumn: record.endColumn),
            startOffset: record.start, endOffset: end)
        let kind: StatementKind
        switch record.code {
        case StatementRecord.assignmentCode:
            kind = .assignment(Assignment(
                storage: source, nameStart: record.start &+ Int(record.nameDelta), line: record.line,
                column: record.nameDelta &+ 1, nameLength: record.nameLength, equalsDelta: record.equalsDelta,
                chunkStartDelta: record.chunkStartDelta, chunkEndDelta: record.chunkEndDelta,
                endDelta: record.endDelta, conditionCount: record.conditionCount))
        case StatementRecord.blankCode:
            kind = .blank
        case StatementRecord.commentCode:
            kind = .comment
        default:
            kind = boxes[record.code]
        }
        return Statement(kind: kind, range: range)
    }
}
