/// Reads binary property lists (`bplist00`), the format Xcode may leave an Info.plist or
/// entitlements file in after `plutil -convert binary1`.
///
/// Every offset, count and reference is checked against the input before use, references that
/// loop back into an object being read are an error, and shared subtrees are counted as often as
/// they appear, so neither truncated nor hostile files can crash the reader or make it build an
/// exponentially large value.
package enum BinaryPropertyList {
    /// At most this many values in the decoded tree (counting a shared object once per use).
    package static let maximumValueCount = 1 << 22

    /// Whether `bytes` start like a binary property list.
    package static func isBinary(_ bytes: [UInt8]) -> Bool {
        bytes.starts(with: Array("bplist".utf8))
    }

    /// Decodes a `bplist00` file.
    ///
    /// Sets are read as arrays; UIDs (keyed archives) become `{CF$UID = n}` dictionaries, as
    /// CoreFoundation writes them in XML; dates become ISO 8601 UTC text; ASCII and UTF-16 strings
    /// both become strings.
    ///
    /// - Throws: `PropertyListError` with the byte offset of the offending object.
    package static func parse(_ bytes: [UInt8]) throws(PropertyListError) -> PropertyListValue {
        var reader = try BinaryPropertyListReader(bytes: bytes)
        return try reader.readRoot()
    }
}

struct BinaryPropertyListReader {
    let bytes: [UInt8]
    let offsetSize: Int
    let referenceSize: Int
    let objectCount: Int
    let rootObject: Int
    let offsetTableStart: Int
    /// Objects already decoded, with the number of values each expands to.
    var decoded: [Int: (value: PropertyListValue, size: Int)] = [:]
    /// Objects on the current path, to detect reference cycles.
    var inProgress: Set<Int> = []

    static func error(_ message: String, at offset: Int? = nil) -> PropertyListError {
        PropertyListError(message: "binary property list: \(message)", location: nil, offset: offset)
    }

    init(bytes: [UInt8]) throws(PropertyListError) {
        self.bytes = bytes
        guard bytes.count >= 8 + 1 + 32, bytes.starts(with: Array("bplist00".utf8)) else {
            throw Self.error(bytes.starts(with: Array("bplist".utf8)) ? "unsupported version or truncated file" : "not a bplist00 file", at: 0)
        }
        let trailer = bytes.count - 32
        offsetSize = Int(bytes[trailer + 6])
        referenceSize = Int(bytes[trailer + 7])
        func trailerInteger(_ at: Int) -> UInt64 {
            var value: UInt64 = 0
            for i in 0..<8 { value = value << 8 | UInt64(bytes[at + i]) }
            return value
        }
        let count = trailerInteger(trailer + 8)
        let root = trailerInteger(trailer + 16)
        let table = trailerInteger(trailer + 24)
        guard (1...8).contains(offsetSize), (1...8).contains(referenceSize) else {
            throw Self.error("invalid offset or reference size in the trailer", at: trailer)
        }
        guard count >= 1, count <= UInt64(bytes.count), root < count, table >= 9, table < UInt64(trailer) else {
            throw Self.error("trailer describes objects outside the file", at: trailer)
        }
        objectCount = Int(count)
        rootObject = Int(root)
        offsetTableStart = Int(table)
        // count ≤ file size and offsetSize ≤ 8, so this cannot overflow.
        guard offsetTableStart + objectCount * offsetSize <= trailer else {
            throw Self.error("offset table runs past the trailer", at: offsetTableStart)
        }
    }

    /// A big-endian unsigned integer of `size` bytes at `offset`, bounds-checked.
    func unsigned(at offset: Int, size: Int) throws(PropertyListError) -> UInt64 {
        guard offset >= 0, size >= 0, size <= 8, offset <= bytes.count - size else {
            throw Self.error("value runs past the end of the file", at: offset)
        }
        var value: UInt64 = 0
        for i in 0..<size { value = value << 8 | UInt64(bytes[offset + i]) }
        return value
    }

    func objectOffset(_ reference: Int) throws(PropertyListError) -> Int {
        guard reference >= 0, reference < objectCount else {
            throw Self.error("reference to object \(reference), but there are only \(objectCount)")
        }
        let offset = try unsigned(at: offsetTableStart + reference * offsetSize, size: offsetSize)
        // Objects lie between the header and the offset table.
        guard offset >= 8, offset < UInt64(offsetTableStart) else {
            throw Self.error("object \(reference) lies outside the object area", at: offsetTableStart + reference * offsetSize)
        }
        return Int(offset)
    }

    mutating func readRoot() throws(PropertyListError) -> PropertyListValue {
        try readObject(rootObject, depth: 0).value
    }

    /// Reads the element count after a marker; returns the count and where the payload starts.
    func count(marker: UInt8, at offset: Int) throws(PropertyListError) -> (Int, Int) {
        let nibble = Int(marker & 0x0F)
        if nibble != 0x0F { return (nibble, offset + 1) }
        let intMarker = Int(try unsigned(at: offset + 1, size: 1))
        guard intMarker & 0xF0 == 0x10, intMarker & 0x0F <= 3 else {
            throw Self.error("invalid length of object", at: offset)
        }
        let size = 1 << (intMarker & 0x0F)
        let value = try unsigned(at: offset + 2, size: size)
        guard value <= UInt64(bytes.count) else {
            throw Self.error("object length \(value) is larger than the file", at: offset)
        }
        return (Int(value), offset + 2 + size)
    }

    /// `count` items of `itemSize` bytes starting at `start` must lie before the offset table.
    func checkPayload(_ start: Int, count: Int, itemSize: Int, object: Int) throws(PropertyListError) {
        // count ≤ file size and itemSize ≤ 8, so no overflow.
        guard start + count * itemSize <= offsetTableStart else {
            throw Self.error("object runs past the object area", at: object)
        }
    }

    mutating func readObject(_ reference: Int, depth: Int) throws(PropertyListError) -> (value: PropertyListValue, size: Int) {
        if let known = decoded[reference] { return known }
        guard depth < propertyListMaximumDepth else {
            throw Self.error("nested deeper than \(propertyListMaximumDepth) levels")
        }
        guard !inProgress.contains(reference) else {
            throw Self.error("object \(reference) contains itself (reference cycle)")
        }
        let offset = try objectOffset(reference)
        let marker = bytes[offset]
        var result: (value: PropertyListValue, size: Int)
        switch marker >> 4 {
        case 0x0:
            switch marker {
            case 0x08: result = (.boolean(false), 1)
            case 0x09: result = (.boolean(true), 1)
            default: throw Self.error("null and fill objects have no property-list equivalent", at: offset)
            }
        case 0x1:
            let exponent = Int(marker & 0x0F)
            guard exponent <= 4 else { throw Self.error("invalid integer size", at: offset) }
            let size = 1 << exponent
            try checkPayload(offset + 1, count: size, itemSize: 1, object: offset)
            if size == 16 {
                let high = try unsigned(at: offset + 1, size: 8)
                let low = try unsigned(at: offset + 9, size: 8)
                result = (.integer(high == 0 ? String(low) : String(Int64(bitPattern: low))), 1)
            } else {
                let raw = try unsigned(at: offset + 1, size: size)
                // 8-byte integers are signed; smaller ones are unsigned.
                result = (.integer(size == 8 ? String(Int64(bitPattern: raw)) : String(raw)), 1)
            }
        case 0x2:
            let exponent = Int(marker & 0x0F)
            guard exponent == 2 || exponent == 3 else { throw Self.error("invalid real size", at: offset) }
            try checkPayload(offset + 1, count: 1 << exponent, itemSize: 1, object: offset)
            let raw = try unsigned(at: offset + 1, size: 1 << exponent)
            let text = exponent == 2
                ? Self.realText(Float(bitPattern: UInt32(raw)))
                : Self.realText(Double(bitPattern: raw))
            result = (.real(text), 1)
        case 0x3:
            guard marker == 0x33 else { throw Self.error("invalid date object", at: offset) }
            try checkPayload(offset + 1, count: 8, itemSize: 1, object: offset)
            let seconds = Double(bitPattern: try unsigned(at: offset + 1, size: 8))
            guard let text = Self.dateText(secondsSince2001: seconds) else {
                throw Self.error("date out of range", at: offset)
            }
            result = (.date(text), 1)
        case 0x4:
            let (length, start) = try count(marker: marker, at: offset)
            try checkPayload(start, count: length, itemSize: 1, object: offset)
            result = (.data(Array(bytes[start..<(start + length)])), 1)
        case 0x5, 0x6:
            result = (.string(try readString(at: offset)), 1)
        case 0x8:
            let size = Int(marker & 0x0F) + 1
            guard size <= 8 else { throw Self.error("invalid UID size", at: offset) }
            try checkPayload(offset + 1, count: size, itemSize: 1, object: offset)
            let uid = try unsigned(at: offset + 1, size: size)
            result = (.dictionary([PropertyListEntry(key: "CF$UID", value: .integer(String(uid)))]), 2)
        case 0xA, 0xC:
            let (length, start) = try count(marker: marker, at: offset)
            try checkPayload(start, count: length, itemSize: referenceSize, object: offset)
            inProgress.insert(reference)
            var items: [PropertyListValue] = []
            items.reserveCapacity(length)
            var size = 1
            for i in 0..<length {
                let child = Int(try unsigned(at: start + i * referenceSize, size: referenceSize))
                let item = try readObject(child, depth: depth + 1)
                size = try add(size, item.size)
                items.append(item.value)
            }
            inProgress.remove(reference)
            result = (.array(items), size)
        case 0xD:
            let (length, start) = try count(marker: marker, at: offset)
            try checkPayload(start, count: length * 2, itemSize: referenceSize, object: offset)
            inProgress.insert(reference)
            var entries: [PropertyListEntry] = []
            entries.reserveCapacity(length)
            var size = 1
            for i in 0..<length {
                let keyReference = Int(try unsigned(at: start + i * referenceSize, size: referenceSize))
                let valueReference = Int(try unsigned(at: start + (length + i) * referenceSize, size: referenceSize))
                let keyOffset = try objectOffset(keyReference)
                guard bytes[keyOffset] >> 4 == 0x5 || bytes[keyOffset] >> 4 == 0x6 else {
                    throw Self.error("dictionary key is not a string", at: keyOffset)
                }
                let key = try readString(at: keyOffset)
                let item = try readObject(valueReference, depth: depth + 1)
                size = try add(size, item.size)
                entries.append(PropertyListEntry(key: key, value: item.value))
            }
            inProgress.remove(reference)
            result = (.dictionary(entries), size)
        default:
            throw Self.error(String(format16: marker), at: offset)
        }
        decoded[reference] = result
        return result
    }

    func add(_ a: Int, _ b: Int) throws(PropertyListError) -> Int {
        let sum = a + b  // both ≤ maximumValueCount, no overflow
        guard sum <= BinaryPropertyList.maximumValueCount else {
            throw Self.error("expands to more than \(BinaryPropertyList.maximumValueCount) values")
        }
        return sum
    }

    /// An ASCII (`0x5n`) or UTF-16 big-endian (`0x6n`) string object.
    func readString(at offset: Int) throws(PropertyListError) -> String {
        let marker = bytes[offset]
        let (length, start) = try count(marker: marker, at: offset)
        if marker >> 4 == 0x5 {
            try checkPayload(start, count: length, itemSize: 1, object: offset)
            // "ASCII" objects may hold any byte; CoreFoundation reads them as Latin-1.
            var text = String.UnicodeScalarView()
            for byte in bytes[start..<(start + length)] { text.append(Unicode.Scalar(byte)) }
            return String(text)
        }
        try checkPayload(start, count: length, itemSize: 2, object: offset)
        var units: [UInt16] = []
        units.reserveCapacity(length)
        for i in 0..<length {
            units.append(UInt16(bytes[start + 2 * i]) << 8 | UInt16(bytes[start + 2 * i + 1]))
        }
        return String(decoding: units, as: UTF16.self)
    }

    /// The text CoreFoundation writes for a real: integral values without a fraction.
    static func realText(_ value: Double) -> String {
        if value.isNaN { return "nan" }
        if value.isInfinite { return value < 0 ? "-infinity" : "+infinity" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return value.description
    }

    static func realText(_ value: Float) -> String {
        if value.isNaN || value.isInfinite { return realText(Double(value)) }
        if value == value.rounded(), abs(value) < 1e7 { return String(Int64(value)) }
        return value.description
    }

    /// `YYYY-MM-DDTHH:MM:SSZ` for seconds since 2001-01-01T00:00:00Z, or `nil` past year 9999.
    static func dateText(secondsSince2001 seconds: Double) -> String? {
        guard seconds.isFinite, abs(seconds) < 3e11 else { return nil }
        let unix = Int64(seconds.rounded(.down)) + 978_307_200
        var days = unix / 86_400
        var secondOfDay = unix % 86_400
        if secondOfDay < 0 {
            secondOfDay += 86_400
            days -= 1
        }
        // Civil date from days since 1970-01-01 (Howard Hinnant's algorithm).
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        guard (0...9999).contains(year) else { return nil }
        func pad(_ n: Int64, _ width: Int) -> String {
            let digits = String(n)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T\(pad(secondOfDay / 3600, 2)):\(pad(secondOfDay / 60 % 60, 2)):\(pad(secondOfDay % 60, 2))Z"
    }
}

extension String {
    /// "unknown object type 0xNN".
    fileprivate init(format16 marker: UInt8) {
        let digits = Array("0123456789ABCDEF")
        self = "unknown object type 0x\(digits[Int(marker >> 4)])\(digits[Int(marker & 0x0F)])"
    }
}
