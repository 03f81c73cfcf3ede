/// Finding the next byte of interest in a value, eight bytes at a time: the scanner's stops
/// (`$`, `:`, a closer) are rare, and the runs between them are what a value is mostly made of.
extension ValueScanner {
    /// The index of the first byte from `start` on that is `a`, `b` or `c`; `bytes.count` when
    /// none is. Eight bytes at a time: names and text runs are long enough that comparing each
    /// byte three times was a good part of compiling.
    @inline(__always)
    static func firstIndex(of a: UInt8, _ b: UInt8, _ c: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        let count = bytes.count
        guard start < count, let base = bytes.baseAddress else { return count }
        let raw = UnsafeRawPointer(base)
        var index = start
        while index &+ 8 <= count {
            let found = matches(of: a, b, c, in: UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)))
            if found != 0 { return index &+ found.trailingZeroBitCount &>> 3 }
            index &+= 8
        }
        if index == count { return count }
        if count >= 8 {
            // The last eight bytes, shifted down past those already scanned; the zero bytes
            // shifted in are past the end, so a match among them is not one.
            let skipped = index &- (count &- 8)
            let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)) &>> UInt64(skipped &* 8)
            let offset = matches(of: a, b, c, in: word).trailingZeroBitCount &>> 3
            return offset < 8 &- skipped ? index &+ offset : count
        }
        while index < count, base[index] != a, base[index] != b, base[index] != c { index &+= 1 }
        return index
    }

    /// ``firstIndex(of:_:_:in:from:)`` for one byte: a third of the work per word.
    @inline(__always)
    static func firstIndex(of a: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        let count = bytes.count
        guard start < count, let base = bytes.baseAddress else { return count }
        let raw = UnsafeRawPointer(base)
        let ones: UInt64 = 0x0101_0101_0101_0101, pattern = ones &* UInt64(a)
        @inline(__always) func matches(_ word: UInt64) -> UInt64 {
            let x = word ^ pattern
            return (x &- ones) & ~x & 0x8080_8080_8080_8080
        }
        var index = start
        while index &+ 8 <= count {
            let found = matches(UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)))
            if found != 0 { return index &+ found.trailingZeroBitCount &>> 3 }
            index &+= 8
        }
        if index == count { return count }
        if count >= 8 {
            // As in the three-byte scan: the last eight bytes, shifted past those scanned.
            let skipped = index &- (count &- 8)
            let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)) &>> UInt64(skipped &* 8)
            let offset = matches(word).trailingZeroBitCount &>> 3
            return offset < 8 &- skipped ? index &+ offset : count
        }
        while index < count, base[index] != a { index &+= 1 }
        return index
    }

    /// The high bit of each byte of `word` that is `a`, `b` or `c`, exact up to the lowest
    /// match (bits above it may be false positives: borrows from the subtraction carry up).
    @inline(__always)
    fileprivate static func matches(of a: UInt8, _ b: UInt8, _ c: UInt8, in word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let x = word ^ (ones &* UInt64(a)), y = word ^ (ones &* UInt64(b)), z = word ^ (ones &* UInt64(c))
        return ((x &- ones) & ~x | (y &- ones) & ~y | (z &- ones) & ~z) & 0x8080_8080_8080_8080
    }
}
