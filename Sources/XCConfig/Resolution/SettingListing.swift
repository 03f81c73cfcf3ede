/// The names a listing shows, in byte order: read from the table's records and name buffers,
/// without building an ``AssignmentInfo`` for every assignment.
enum SettingListing {
    /// A name's place in byte order: its first 16 bytes as two integers that compare as the
    /// bytes do (``sortPrefix(_:)``), and its ID.
    struct SortKey {
        var high: UInt64
        var low: UInt64
        var id: Int
    }

    /// The first 16 bytes of `bytes`, zero bytes after the end, as two integers that compare
    /// as the bytes do: read as big-endian, the first byte is the most significant. Loaded
    /// eight bytes at a time, never past the end (a `memcpy` per name cost more than the sort).
    @inline(__always)
    static func sortPrefix(_ bytes: UnsafeBufferPointer<UInt8>) -> (high: UInt64, low: UInt64) {
        let count = bytes.count
        guard let base = bytes.baseAddress else { return (0, 0) }
        let raw = UnsafeRawPointer(base)
        // Its bytes low in a zeroed word, first lowest: swapped, first highest.
        if count < 8 { return (NameTable.partialWord(raw, count: count).byteSwapped, 0) }
        let high = UInt64(bigEndian: raw.loadUnaligned(as: UInt64.self))
        if count >= 16 { return (high, UInt64(bigEndian: raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self))) }
        if count == 8 { return (high, 0) }
        // The eight bytes ending at the end, shifted up past those already in `high`.
        let last = UInt64(bigEndian: raw.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self))
        return (high, last << UInt64(8 * (16 - count)))
    }

    /// `a < b` comparing bytes, without the generic sequence walk.
    static func precedesInByteOrder(_ left: UnsafeBufferPointer<UInt8>, _ right: UnsafeBufferPointer<UInt8>) -> Bool {
        let common = min(left.count, right.count)
        var index = 0
        while index < common {
            let l = left[index], r = right[index]
            if l != r { return l < r }
            index += 1
        }
        return left.count < right.count
    }

    /// How many indices from `start` on, before `end`, satisfy `isLeading`, which holds for a
    /// prefix of the range and fails after it: found by probing 1, 2, 4, … ahead, then by
    /// binary search, in about twice the logarithm of the count.
    @inline(__always)
    static func leadingCount(from start: Int, to end: Int, _ isLeading: (Int) -> Bool) -> Int {
        // Every index below `low` leads; each round probes `step` ahead of it.
        var low = start, step = 1
        while true {
            let probe = low + step - 1
            if probe >= end || !isLeading(probe) {
                var high = min(probe, end)
                while low < high {
                    let middle = (low + high) / 2
                    if isLeading(middle) { low = middle + 1 } else { high = middle }
                }
                return low - start
            }
            low = probe + 1
            step *= 2
        }
    }
}

extension AssignmentTable {
    /// The interned names of the settings `filter` includes, sorted by name in byte order.
    func settingIDs(_ filter: LevelFilter) -> [Int] {
        let included = levels.map { filter.includes($0.kind) }
        let includingDynamic = filter.contains(.dynamicSettings)
        if includingDynamic, !included.contains(false) { return allSettingIDs() }
        let dynamicLevel = levels.map { $0.kind == .project || $0.kind == .target }
        return allSettingIDs().filter { id in
            anyRecord(of: id) { index in
                let record = records[index]
                let levelIndex = Int(record.levelIndex)
                guard included[levelIndex] else { return false }
                // Not ``AssignmentInfo/isDynamicSetting``, read on the record.
                return includingDynamic || !dynamicLevel[levelIndex] || sources.file(of: record) != nil || sources.keyPath(of: record) != nil
            }
        }
    }

    /// Every name with a record, in byte order, keyed as it is found without an array of the
    /// IDs first (its appends cost as much as keying the names).
    private func allSettingIDs() -> [Int] {
        let count = nameIDs.count
        if count == 0 { return [] }
        // Scratch of the listing's own (the table is shared by concurrent queries): a key per
        // name, and as much again for the merge. Used only inside the access, which keeps the
        // buffer alive for as long as the pointer is used.
        var keys = FlatBuffer<SettingListing.SortKey>(unsafeUninitializedCount: 2 &* count)
        return keys.withUnsafeMutableElements { keys in
            let base = keys.baseAddress.unsafelyUnwrapped
            var keyed = 0
            var id = 0
            while id < count {
                if lastRecord[id] >= 0 {
                    (base + keyed).initialize(to: sortKey(id))
                    keyed &+= 1
                }
                id &+= 1
            }
            return sortedByName(base, count: keyed)
        }
    }

    /// The ``SettingListing/SortKey`` of the name with interned ID `id`.
    @inline(__always)
    private func sortKey(_ id: Int) -> SettingListing.SortKey {
        let prefix = SettingListing.sortPrefix(nameIDs.bytes(ofID: id))
        return SettingListing.SortKey(high: prefix.high, low: prefix.low, id: id)
    }

    /// The IDs of the `count` keys at `buffers` in byte order of their names; `buffers` has
    /// room for twice as many, the second half scratch for the merge.
    ///
    /// A merge sort written out rather than `sort(by:)`: the standard library's sort makes a
    /// process instantiate `[Range<Int>]` for its runs, about 0.1M instructions at start-up.
    /// It merges the ascending runs already there, so names that a file assigns in order cost
    /// one comparison each, and names already in order are returned as they are.
    private func sortedByName(_ buffers: UnsafeMutablePointer<SettingListing.SortKey>, count: Int) -> [Int] {
        typealias Key = SettingListing.SortKey
        func ids(_ keys: UnsafeMutablePointer<Key>) -> [Int] {
            Array(unsafeUninitializedCapacity: count) { result, initialized in
                for index in 0..<count { (result.baseAddress! + index).initialize(to: keys[index].id) }
                initialized = count
            }
        }
        if count < 2 { return ids(buffers) }
        let nameIDs = nameIDs
        func precedes(_ a: Key, _ b: Key) -> Bool {
            if a.high != b.high { return a.high < b.high }
            if a.low != b.low { return a.low < b.low }
            // Equal first 16 bytes (zero bytes pad shorter names, so compare in full).
            return nameIDs.withBytes(ofID: a.id) { a in nameIDs.withBytes(ofID: b.id) { b in SettingListing.precedesInByteOrder(a, b) } }
        }
        // The end of each run, ascending; the last is the count.
        var runEnds: [Int] = []
        runEnds.reserveCapacity(32)
        for index in 1..<count where precedes(buffers[index], buffers[index - 1]) { runEnds.append(index) }
        if runEnds.isEmpty { return ids(buffers) }
        runEnds.append(count)
        var source = buffers, target = buffers + count
        while runEnds.count > 1 {
            // Merges each pair of runs into one, from `source` into `target`.
            var merged = 0, start = 0, pair = 0
            while pair < runEnds.count {
                let middle = runEnds[pair]
                let end = pair + 1 < runEnds.count ? runEnds[pair + 1] : middle
                var left = start, right = middle, output = start
                // Groups of names (`HELPER_…`, `SETTING_…`) rarely interleave: after four names
                // in a row from one run, the rest of that run's names that come first are
                // found by exponential search and go over in one copy.
                var rightStreak = 0, leftStreak = 0
                while left < middle, right < end {
                    if precedes(source[right], source[left]) {
                        target[output] = source[right]
                        right += 1
                        output += 1
                        rightStreak += 1
                        leftStreak = 0
                        if rightStreak >= 4 {
                            let leftKey = source[left]
                            let run = SettingListing.leadingCount(from: right, to: end) { precedes(source[$0], leftKey) }
                            (target + output).initialize(from: source + right, count: run)
                            right += run
                            output += run
                            rightStreak = 0
                        }
                    } else {
                        target[output] = source[left]
                        left += 1
                        output += 1
                        leftStreak += 1
                        rightStreak = 0
                        if leftStreak >= 4 {
                            let rightKey = source[right]
                            let run = SettingListing.leadingCount(from: left, to: middle) { !precedes(rightKey, source[$0]) }
                            (target + output).initialize(from: source + left, count: run)
                            left += run
                            output += run
                            leftStreak = 0
                        }
                    }
                }
                // What is left of one run (a whole run without a partner) goes over in one copy.
                if left < middle {
                    (target + output).initialize(from: source + left, count: middle - left)
                } else if right < end {
                    (target + output).initialize(from: source + right, count: end - right)
                }
                runEnds[merged] = end
                merged += 1
                start = end
                pair += 2
            }
            runEnds.removeLast(runEnds.count - merged)
            swap(&source, &target)
        }
        return ids(source)
    }
}
