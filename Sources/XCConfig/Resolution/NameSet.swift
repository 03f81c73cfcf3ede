/// A set of interned names: a short list while small, a bitset once larger, so that merging
/// what a child looked up into its parent stays cheap down a 20,000-long chain (a `Set<Int>`
/// made that quadratic in time and memory). Evaluation keeps up to two names in its frames
/// and makes one of these only for more.
struct NameSet: Sendable {
    private static let listLimit = 16
    /// The members while there are at most ``listLimit``.
    private var list: [Int32] = []
    /// Used instead of `list` once it has words.
    private var words: [UInt64] = []
    private(set) var count = 0

    var isEmpty: Bool { count == 0 }

    func contains(_ id: Int) -> Bool {
        if words.isEmpty { return list.contains(Int32(truncatingIfNeeded: id)) }
        let word = id >> 6
        return word < words.count && words[word] & (1 << UInt64(id & 63)) != 0
    }

    /// `true` when some member satisfies `predicate`.
    func contains(where predicate: (Int) -> Bool) -> Bool {
        if words.isEmpty { return list.contains { predicate(Int($0)) } }
        for (index, word) in words.enumerated() where word != 0 {
            var bits = word
            while bits != 0 {
                if predicate(index << 6 | bits.trailingZeroBitCount) { return true }
                bits &= bits - 1
            }
        }
        return false
    }

    mutating func insert(_ id: Int) {
        if words.isEmpty {
            let member = Int32(truncatingIfNeeded: id)
            if list.contains(member) { return }
            if list.count < Self.listLimit {
                list.append(member)
                count += 1
                return
            }
            convertToWords()
        }
        let word = id >> 6
        if word >= words.count { words.append(contentsOf: repeatElement(0, count: word + 1 - words.count)) }
        let mask: UInt64 = 1 << UInt64(id & 63)
        if words[word] & mask == 0 {
            words[word] |= mask
            count += 1
        }
    }

    mutating func formUnion(_ other: NameSet) {
        if other.isEmpty { return }
        if other.words.isEmpty {
            for id in other.list { insert(Int(id)) }
            return
        }
        if words.isEmpty { convertToWords() }
        if other.words.count > words.count {
            words.append(contentsOf: repeatElement(0, count: other.words.count - words.count))
        }
        var total = 0
        for index in words.indices {
            if index < other.words.count { words[index] |= other.words[index] }
            total += words[index].nonzeroBitCount
        }
        count = total
    }

    private mutating func convertToWords() {
        let members = list
        list = []
        count = 0
        words = [0]
        for id in members { insert(Int(id)) }
    }
}
