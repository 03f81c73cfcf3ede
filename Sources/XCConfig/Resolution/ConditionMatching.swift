import XCConfigSyntax

/// Matching the conditions of the records being pushed against the context, and binding the
/// `sdk` condition per setting (semantics §4.2).
extension AssignmentTable.Builder {
    static var conditionMemoLimit: Int { 16 }
    static var conditionMismatch: UInt8 { 1 }
    static var conditionOnSDK: UInt8 { 2 }

    /// Matches the conditions of conditional record `record`, the assignment `assignment` of a
    /// file whose bytes are `input`, against the context. Read here, while set-up has the
    /// file's input open, where the parse found them.
    @inline(__always)
    mutating func noteConditions(ofRecord record: Int, of assignment: AssignmentRecord, in input: UnsafeBufferPointer<UInt8>) {
        var flags: UInt8 = 0
        assignment.forEachCondition(in: input) { parameter, pattern in
            // The `[` stands just before the parameter.
            noteCondition(
                UnsafeBufferPointer(rebasing: input[parameter]), UnsafeBufferPointer(rebasing: input[pattern]),
                ofRecord: record, flags: &flags, short: ShortCondition(after: parameter.lowerBound &- 1, in: input))
        }
        conditionFlags[record] = flags
    }

    /// ``noteConditions(ofRecord:of:in:)`` for a record whose conditions are read through the
    /// record: a dictionary entry's, or an assignment its tree keeps whole.
    mutating func noteConditions(ofRecord record: Int) {
        var flags: UInt8 = 0
        let sources = sources, conditional = records[record]
        sources.forEachCondition(of: conditional) { noteCondition($0, $1, ofRecord: record, flags: &flags) }
        conditionFlags[record] = flags
    }

    /// Notes one condition of record `record` in `flags`; `false` when the rest need not be read.
    @inline(__always)
    private mutating func noteCondition(
        _ parameter: UnsafeBufferPointer<UInt8>, _ pattern: UnsafeBufferPointer<UInt8>, ofRecord record: Int, flags: inout UInt8,
        short: ShortCondition? = nil
    ) -> Bool {
        if Self.spells(parameter, "sdk") {
            flags |= Self.conditionOnSDK
            if bindsSDK {
                sdkPatterns.append(SDKPattern(record: record, start: sdkPatternBytes.count, count: pattern.count))
                sdkPatternBytes.append(pattern)
                return true
            }
        }
        if flags & Self.conditionMismatch == 0 && !matches(parameter, pattern, short: short) {
            flags |= Self.conditionMismatch
        }
        // With `bindsSDK`, every `sdk` pattern counts in choosing the SDK, also those of
        // records that do not match: read on past a mismatch.
        return flags & Self.conditionMismatch == 0 || bindsSDK
    }

    /// Whether the context matches the condition `[parameter=pattern]`. Files repeat a handful
    /// of conditions (`[config=Debug]`, `[arch=arm64]`) over and over: a short one is looked up
    /// in ``conditionMemo`` first (much cheaper than matching it), and noted there.
    @inline(__always)
    private mutating func matches(_ parameter: UnsafeBufferPointer<UInt8>, _ pattern: UnsafeBufferPointer<UInt8>, short: ShortCondition?) -> Bool {
        guard let short else { return conditionValues.matches(parameter, pattern) }
        for entry in conditionMemo.all where entry.condition == short { return entry.matches }
        let matches = conditionValues.matches(parameter, pattern)
        if conditionMemo.count < Self.conditionMemoLimit { conditionMemo.append(ConditionMemoEntry(condition: short, matches: matches)) }
        return matches
    }

    /// What the context made of a short condition (``conditionMemo``).
    struct ConditionMemoEntry {
        var condition: ShortCondition
        var matches: Bool
    }

    /// A condition whose `parameter=pattern` bytes are at most 15, read as two words: with
    /// the byte after them, its `]`, they lie within the 16 bytes after its `[`, found by two
    /// word loads rather than a byte at a time, and compared whole.
    struct ShortCondition: Equatable {
        /// The bytes as little-endian words, zero from `length` on.
        var low: UInt64
        var high: UInt64
        /// How many bytes `parameter=pattern` has: where the `]` is.
        var length: Int
        /// Where the first `=` is.
        var equals: Int

        /// The condition whose `[` is at `open` in `input`, whose shape the parse checked;
        /// `nil` when fewer than 16 bytes follow the `[`, or when its `]` is not among them.
        @inline(__always)
        init?(after open: Int, in input: UnsafeBufferPointer<UInt8>) {
            guard open &+ 17 <= input.count, let base = input.baseAddress else { return nil }
            let raw = UnsafeRawPointer(base + (open &+ 1))
            let low = UInt64(littleEndian: raw.loadUnaligned(as: UInt64.self))
            let high = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
            // The first `]` and the first `=`: a byte that is not one cannot borrow into the
            // lowest match, so the lowest flag of each mask is exact.
            let length = Self.firstIndex(of: UInt8(ascii: "]"), low, high)
            let equals = Self.firstIndex(of: UInt8(ascii: "="), low, high)
            // The `=` the parse found before the `]` (what the byte-by-byte scan finds).
            guard length < 16, equals < length else { return nil }
            self.length = length
            self.equals = equals
            self.low = length >= 8 ? low : low & ((1 &<< UInt64(length &* 8)) &- 1)
            self.high = length <= 8 ? 0 : high & ((1 &<< UInt64((length &- 8) &* 8)) &- 1)
        }

        /// The index of the first `byte` in the 16 bytes `low` then `high`; 16 when none is.
        @inline(__always)
        static func firstIndex(of byte: UInt8, _ low: UInt64, _ high: UInt64) -> Int {
            let ones: UInt64 = 0x0101_0101_0101_0101, highBits: UInt64 = 0x8080_8080_8080_8080
            let pattern = ones &* UInt64(byte)
            let x = low ^ pattern, y = high ^ pattern
            let inLow = (x &- ones) & ~x & highBits
            if inLow != 0 { return inLow.trailingZeroBitCount &>> 3 }
            let inHigh = (y &- ones) & ~y & highBits
            return inHigh != 0 ? 8 &+ inHigh.trailingZeroBitCount &>> 3 : 16
        }
    }

    /// Decides which of one level's records match the context, from what
    /// ``noteConditions(ofRecord:count:after:in:)`` found as they were pushed.
    ///
    /// SDK conditions are bound per setting before the level is pushed: the first SDK name (the
    /// canonical one, then the fallbacks) that matches any of the setting's `sdk` patterns is
    /// chosen, and only that name is matched afterwards (semantics §4.2).
    mutating func bindConditions(levelIndex: Int, records range: Range<Int>) {
        if !sdkPatterns.isEmpty { bindSDK() }
        for index in range {
            // Most assignments have no condition: they match.
            if records[index].hasConditions {
                let flags = conditionFlags[index]
                if flags & Self.conditionMismatch != 0 { continue }
                if flags & Self.conditionOnSDK != 0, nameIDs.withBytes(ofID: Int(records[index].nameID), { Self.spells($0, "SDKROOT") }) {
                    // Xcode ignores SDKROOT[sdk=...] with a warning (semantics §2.4).
                    let record = records[index]
                    let suffix = sources.conditions(of: record).map { "[\($0.parameter)=\($0.pattern)]" }.joined()
                    diagnostics.append(Diagnostic(
                        severity: .warning,
                        message: "SDK condition on SDKROOT is unsupported, so the SDKROOT\(suffix) assignment at the \(levels[levelIndex].kind.rawValue) level will be ignored.",
                        file: sources.file(of: record), location: sources.location(of: record)))
                    continue
                }
            }
            markMatching(index)
        }
    }

    /// Chooses each setting's SDK from the `sdk` patterns of the level being pushed, and marks
    /// the records whose patterns do not match the chosen name as mismatches.
    private mutating func bindSDK() {
        let sdkNames = context.sdks
        let patternBytes = sdkPatternBytes.all
        func pattern(_ entry: SDKPattern) -> UnsafeBufferPointer<UInt8> {
            UnsafeBufferPointer(rebasing: patternBytes[entry.start..<entry.start &+ entry.count])
        }
        // The chosen SDK of each setting with `sdk` conditions, as an index in `sdkNames` (-1:
        // none matches). SDK names in order, so that each setting gets the first that any of
        // its patterns matches.
        var chosenSDK = [Int](repeating: -1, count: nameIDs.count)
        for (sdkIndex, sdk) in sdkNames.enumerated() {
            NameTable.withBytes(of: sdk) { sdk in
                for entry in sdkPatterns.all where chosenSDK[Int(records[entry.record].nameID)] == -1 {
                    if PatternMatcher.match(pattern(entry), sdk) { chosenSDK[Int(records[entry.record].nameID)] = sdkIndex }
                }
            }
        }
        // Only the chosen name is matched against the `sdk` conditions.
        for entry in sdkPatterns.all where conditionFlags[entry.record] & Self.conditionMismatch == 0 {
            let chosen = chosenSDK[Int(records[entry.record].nameID)]
            let matches = chosen >= 0 && NameTable.withBytes(of: sdkNames[chosen]) { PatternMatcher.match(pattern(entry), $0) }
            if !matches { conditionFlags[entry.record] |= Self.conditionMismatch }
        }
        sdkPatterns.removeLast(downTo: 0)
        sdkPatternBytes.removeLast(downTo: 0)
    }

    /// Whether `bytes` spell `word` (ASCII).
    @inline(__always)
    static func spells(_ bytes: UnsafeBufferPointer<UInt8>, _ word: StaticString) -> Bool {
        bytes.count == word.utf8CodeUnitCount && NameTable.equal(bytes, UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount))
    }
}
