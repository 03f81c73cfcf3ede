/// The names a listing shows, in byte order: read from the table's records and name buffers,
/// without building an ``AssignmentInfo`` for every assignment.
enum SettingListing {
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

    /// Every name with a record, in byte order of its name.
    private func allSettingIDs() -> [Int] {
        var ids = (0..<nameIDs.count).filter { lastRecord[$0] >= 0 }
        let nameIDs = nameIDs
        ids.sort { a, b in
            nameIDs.withBytes(ofID: a) { a in nameIDs.withBytes(ofID: b) { SettingListing.precedesInByteOrder(a, $0) } }
        }
        return ids
    }
}
