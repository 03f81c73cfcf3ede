/// The offset in `bytes` of the next line terminator at or after `start` (LF, CR, U+2028,
/// U+2029), or of the next `//` when `stopAtComment`, or `bytes.count`.
///
/// Comments and values are most of a file, so this tests eight bytes at a time, and checks each
/// flagged byte of a word in turn before loading the next: a '/' of a path (`$(SRCROOT)/a/b`)
/// costs a bit test, not a restart. The test flags every byte below 0x0E (LF, CR, and the rare
/// TAB, VT, FF), every byte from 0x80 (the first byte of U+2028/U+2029, and any other non-ASCII
/// byte) and '/': fewer operations than one test per byte value, and only ASCII text is common.
/// It may also flag a byte above a real match; the check rejects whatever is not a terminator.
@inline(__always)
func endOfLineOffset(in bytes: UnsafeBufferPointer<UInt8>, from start: Int, stopAtComment: Bool) -> Int {
    let count = bytes.count
    /// Whether the byte at `offset` (any byte, flagged or not) ends the scan.
    @inline(__always) func endsScan(_ offset: Int) -> Bool {
        switch bytes[offset] {
        case 0x0A, 0x0D:  // LF, CR
            return true
        case 0xE2:
            return offset + 2 < count && bytes[offset + 1] == 0x80 && (bytes[offset + 2] == 0xA8 || bytes[offset + 2] == 0xA9)
        case 0x2F:  // '/'
            return stopAtComment && offset + 1 < count && bytes[offset + 1] == 0x2F
        default:
            return false
        }
    }
    return firstOffset(in: bytes, from: start, flagging: stopAtComment ? 0x2F : nil, nil, where: endsScan)
}

/// The offset of the first byte at or after `start` for which `ends` holds, or `bytes.count`;
/// the scan of line ends and of condition parts. A test flags every byte below 0x0E (LF, CR,
/// and the rare TAB, VT, FF), every byte from 0x80 (the first byte of U+2028/U+2029, and any
/// other non-ASCII byte), and the bytes `stop` and `alsoStop`: fewer operations than one test
/// per byte value, and only ASCII text is common. `ends` decides each flagged byte in turn, so
/// it must be false for any byte the test does not flag; a '/' of a path (`$(SRCROOT)/a/b`)
/// costs a check, not a restart.
///
/// Sixteen bytes at a time while sixteen remain (see ``flaggedLanes(_:_:_:)``), then eight,
/// then one by one.
@inline(__always)
func firstOffset(
    in bytes: UnsafeBufferPointer<UInt8>, from start: Int, flagging stop: UInt8?, _ alsoStop: UInt8?,
    where ends: (Int) -> Bool
) -> Int {
    let count = bytes.count
    var i = start
    // `i` never exceeds `count`, so `i &+ 16` cannot overflow. A buffer with sixteen bytes has
    // a base address: reading it there spares a test of it before the loop.
    while i &+ 16 <= count {
        let base = UnsafeRawPointer(bytes.baseAddress.unsafelyUnwrapped)
        let flagged = flaggedLanes(base.loadUnaligned(fromByteOffset: i, as: SIMD16<UInt8>.self), stop, alsoStop)
        var (low, high) = words(of: flagged)
        if low | high != 0 {
            while low != 0 {
                let candidate = i &+ low.trailingZeroBitCount >> 3
                if ends(candidate) { return candidate }
                low &= low &- 1
            }
            while high != 0 {
                let candidate = i &+ 8 &+ high.trailingZeroBitCount >> 3
                if ends(candidate) { return candidate }
                high &= high &- 1
            }
        }
        i &+= 16
    }
    return firstOffsetInWords(in: bytes, from: i, flagging: stop, alsoStop, where: ends)
}

/// 0x80 in each lane of `vector` that is below 0x0E, from 0x80, `stop` or `alsoStop`, else 0.
///
/// Lane arithmetic only: the standard library lowers the SIMD types' wrapping arithmetic and
/// bitwise operators to vector instructions (`paddb`, `pand`, ... with SSE2; their NEON
/// counterparts on arm64), but its lane comparisons (`.==`, `.<`) to a loop over the lanes in
/// some uses. Each lane is computed alone, so unlike the word test no borrow crosses lanes and
/// every flag is exact.
@inline(__always)
func flaggedLanes(_ vector: SIMD16<UInt8>, _ stop: UInt8?, _ alsoStop: UInt8?) -> SIMD16<UInt8> {
    // Below 0x0E: the lane minus 0x0E wraps to its high bit, which `~vector` keeps.
    var hits = ((vector &- 0x0E) & ~vector) | vector
    if let stop { hits |= zeroLanes(vector ^ SIMD16(repeating: stop)) }
    if let alsoStop { hits |= zeroLanes(vector ^ SIMD16(repeating: alsoStop)) }
    return hits & 0x80
}

/// The high bit set in each lane of `lanes` that is 0 (and in no other: a lane minus one keeps
/// its high bit only from 0x81 on, where `~lanes` clears it).
@inline(__always) func zeroLanes(_ lanes: SIMD16<UInt8>) -> SIMD16<UInt8> {
    (lanes &- 1) & ~lanes
}

/// ``firstOffset(in:from:flagging:_:where:)`` eight bytes at a time, for the input's last
/// fifteen bytes or fewer, then byte by byte. The word test flags the same bytes, and may also
/// flag a byte above a real match (a borrow crosses bytes); `ends` rejects it.
@inline(__always)
func firstOffsetInWords(
    in bytes: UnsafeBufferPointer<UInt8>, from start: Int, flagging stop: UInt8?, _ alsoStop: UInt8?,
    where ends: (Int) -> Bool
) -> Int {
    let count = bytes.count
    let ones: UInt64 = 0x0101_0101_0101_0101
    var i = start
    if let base = UnsafeRawPointer(bytes.baseAddress) {
        while i &+ 8 <= count {
            let word = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: i, as: UInt64.self))
            // Below 0x0E: the byte minus 0x0E borrows into its high bit, which `~word` keeps.
            var hits = ((word &- ones &* 0x0E) & ~word) | word
            if let stop {
                let matches = word ^ (ones &* UInt64(stop))
                hits |= (matches &- ones) & ~matches
            }
            if let alsoStop {
                let matches = word ^ (ones &* UInt64(alsoStop))
                hits |= (matches &- ones) & ~matches
            }
            hits &= 0x8080_8080_8080_8080
            while hits != 0 {
                let candidate = i &+ hits.trailingZeroBitCount >> 3
                if ends(candidate) { return candidate }
                hits &= hits &- 1
            }
            i &+= 8
        }
    }
    while i < count && !ends(i) { i += 1 }
    return i
}

/// The offset of the `]` closing the condition whose `[` is at `open`, when the sixteen bytes
/// after the `[` settle it: they hold a `]`, an `=` before it, and no byte below 0x0E or from
/// 0x80 before it (so no line terminator, nor the rare TAB, VT, FF or non-ASCII byte). Then
/// ``LineParser/checkConditions(counting:)`` would accept the condition with its parameter ending
/// at that `=` (the first: no `]` or line end comes before it) and its pattern at that `]` (the
/// first). `nil` leaves the condition to the general scan, as does an input ending within the
/// sixteen bytes.
///
/// Two words and three byte tests, instead of two word scans that each check every flagged byte
/// in turn. Each test's lowest flagged byte is exact: a borrow only flags bytes above a match.
@inline(__always)
func shortConditionClose(in bytes: UnsafeBufferPointer<UInt8>, open: Int) -> Int? {
    let start = open &+ 1
    // `open` is below `count`, so `start &+ 16` cannot overflow.
    guard start &+ 16 <= bytes.count, let base = UnsafeRawPointer(bytes.baseAddress) else { return nil }
    let low = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: start, as: UInt64.self))
    let high = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: start &+ 8, as: UInt64.self))
    let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
    /// The offset of the first byte of the sixteen flagged in `flags(word)`, or 16.
    @inline(__always) func first(_ flags: (UInt64) -> UInt64) -> Int {
        let lowOffset = flags(low).trailingZeroBitCount &>> 3  // 8 when none
        return lowOffset < 8 ? lowOffset : 8 &+ flags(high).trailingZeroBitCount &>> 3
    }
    @inline(__always) func matching(_ byte: UInt8) -> (UInt64) -> UInt64 {
        { word in
            let matches = word ^ (ones &* UInt64(byte))
            return (matches &- ones) & ~matches & highs
        }
    }
    let close = first(matching(0x5D))
    guard close < 16, first(matching(0x3D)) < close else { return nil }
    // Below 0x0E: the byte minus 0x0E borrows into its high bit, which `~word` keeps.
    let special = first { word in (((word &- ones &* 0x0E) & ~word) | word) & highs }
    return close < special ? start &+ close : nil
}

/// The offset of the first byte at or after `start` in `bytes` that is not `[A-Za-z0-9_]`, or
/// `bytes.count`. Most names are long (`GCC_PREPROCESSOR_DEFINITIONS`) and most fit in sixteen
/// bytes: one vector test while sixteen bytes remain, then one by one.
@inline(__always)
func endOfNameOffset(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
    let count = bytes.count
    var i = start
    // `i` never exceeds `count`, so `i &+ 16` cannot overflow. A buffer with sixteen bytes has
    // a base address: reading it there spares a test of it before the loop.
    while i &+ 16 <= count {
        let base = UnsafeRawPointer(bytes.baseAddress.unsafelyUnwrapped)
        let vector = base.loadUnaligned(fromByteOffset: i, as: SIMD16<UInt8>.self)
        let (low, high) = words(of: nonNameLanes(vector))
        if low != 0 { return i &+ low.trailingZeroBitCount >> 3 }
        if high != 0 { return i &+ 8 &+ high.trailingZeroBitCount >> 3 }
        i &+= 16
    }
    // Only a name near the end of the input gets here: no word scan, whose constants the
    // compiler would set up before every name.
    while i < count && bytes[i].isNameContinuation { i += 1 }
    return i
}

/// 0x80 in each lane of `vector` that is not `[A-Za-z0-9_]`, else 0; lane arithmetic only, as
/// in ``flaggedLanes(_:_:_:)``.
@inline(__always) func nonNameLanes(_ vector: SIMD16<UInt8>) -> SIMD16<UInt8> {
    // `d < n` for a wrapping difference `d` (n <= 0x80): `d - n` wraps to its high bit, which
    // `~d` keeps. A lane from 0x80 folds to 0xA0 or more and so is never a letter.
    let letterOffset = (vector | 0x20) &- 0x61
    let digitOffset = vector &- 0x30
    let letter = (letterOffset &- 26) & ~letterOffset
    let digit = (digitOffset &- 10) & ~digitOffset
    let name = letter | digit | zeroLanes(vector ^ 0x5F)
    return ~name & 0x80
}

/// The sixteen lanes as two words, the first lane lowest in the first word.
@inline(__always)
func words(of lanes: SIMD16<UInt8>) -> (low: UInt64, high: UInt64) {
    withUnsafeBytes(of: lanes) { bytes in
        (UInt64(littleEndian: bytes.loadUnaligned(as: UInt64.self)),
         UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: 8, as: UInt64.self)))
    }
}
