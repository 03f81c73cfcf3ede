import Testing
@testable import XCConfig

/// Assembles a bplist00 file from encoded objects (object references are 1 byte).
func makeBinaryPlist(_ objects: [[UInt8]], root: Int = 0, offsetSize: Int = 1) -> [UInt8] {
    func bigEndian(_ value: Int, _ size: Int) -> [UInt8] {
        (0..<size).reversed().map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) }
    }
    var bytes = Array("bplist00".utf8)
    var offsets: [Int] = []
    for object in objects {
        offsets.append(bytes.count)
        bytes += object
    }
    let table = bytes.count
    for offset in offsets { bytes += bigEndian(offset, offsetSize) }
    bytes += [0, 0, 0, 0, 0, 0, UInt8(offsetSize), 1]
    bytes += bigEndian(objects.count, 8) + bigEndian(root, 8) + bigEndian(table, 8)
    return bytes
}

private func double(_ value: Double) -> [UInt8] {
    (0..<8).reversed().map { UInt8(truncatingIfNeeded: value.bitPattern >> ($0 * 8)) }
}

/// `{a = "$(X)"; n = 1; arr = (true, 1.5, -1); u = "é😀"; d = 2001-01-01; data = <0102>}`
let sampleBinaryPlist = makeBinaryPlist([
    [0xD6, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
    [0x51] + Array("a".utf8), [0x51] + Array("n".utf8), [0x53] + Array("arr".utf8),
    [0x51] + Array("u".utf8), [0x51] + Array("d".utf8), [0x54] + Array("data".utf8),
    [0x54] + Array("$(X)".utf8),
    [0x10, 0x01],
    [0xA3, 13, 14, 15],
    [0x63, 0x00, 0xE9, 0xD8, 0x3D, 0xDE, 0x00],
    [0x33] + double(0),
    [0x42, 0x01, 0x02],
    [0x09],
    [0x23] + double(1.5),
    [0x13, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF],
])

@Suite("Binary property list reader and XML writer")
struct PlistBinaryReaderTests {
    @Test func readsEveryObjectType() throws {
        #expect(try BinaryPropertyList.parse(sampleBinaryPlist) == .dictionary([
            .init(key: "a", value: .string("$(X)")),
            .init(key: "n", value: .integer("1")),
            .init(key: "arr", value: .array([.boolean(true), .real("1.5"), .integer("-1")])),
            .init(key: "u", value: .string("é😀")),
            .init(key: "d", value: .date("2001-01-01T00:00:00Z")),
            .init(key: "data", value: .data([1, 2])),
        ]))
    }

    @Test func readsLongCountsUIDsAndDates() throws {
        let long = Array(repeating: UInt8(ascii: "x"), count: 20)
        let bytes = makeBinaryPlist([
            [0xA3, 1, 2, 3],
            [0x5F, 0x10, 20] + long,
            [0x80, 0x07],
            [0x33] + double(86_400 * 366 + 3_661.5),
        ], offsetSize: 2)
        #expect(try BinaryPropertyList.parse(bytes) == .array([
            .string(String(repeating: "x", count: 20)),
            .dictionary([.init(key: "CF$UID", value: .integer("7"))]),
            .date("2002-01-02T01:01:01Z"),
        ]))
    }

    @Test func truncatedFilesAreErrors() {
        for length in 0..<sampleBinaryPlist.count {
            #expect(throws: PropertyListError.self) { try BinaryPropertyList.parse(Array(sampleBinaryPlist.prefix(length))) }
        }
    }

    @Test func corruptedBytesGiveAValueOrAPropertyListError() {
        for index in sampleBinaryPlist.indices {
            for replacement: UInt8 in [0x00, 0x01, 0x0F, 0x7F, 0x80, 0xAF, 0xDF, 0xFF] {
                var bytes = sampleBinaryPlist
                bytes[index] = replacement
                expectValueOrPropertyListError("byte \(index) = \(replacement)") { try BinaryPropertyList.parse(bytes) }
            }
        }
    }

    @Test func offsetsOutOfRangeAreErrors() {
        var bytes = sampleBinaryPlist
        bytes[bytes.count - 1] = 0xFF  // offset table position past the trailer
        #expect(throws: PropertyListError.self) { try BinaryPropertyList.parse(bytes) }
        let badReference = makeBinaryPlist([[0xA1, 9]])
        #expect(throws: PropertyListError.self) { try BinaryPropertyList.parse(badReference) }
        let pastEnd = makeBinaryPlist([[0x5F, 0x13, 0x7F, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF]])
        #expect(throws: PropertyListError.self) { try BinaryPropertyList.parse(pastEnd) }
    }

    @Test func cyclesAreErrors() {
        let selfContaining = makeBinaryPlist([[0xA1, 0]])
        #expect { try BinaryPropertyList.parse(selfContaining) } throws: { error in
            (error as? PropertyListError)?.message.contains("cycle") == true
        }
        let mutual = makeBinaryPlist([[0xD1, 2, 1], [0xA1, 0], [0x51, 0x6B]])
        #expect(throws: PropertyListError.self) { try BinaryPropertyList.parse(mutual) }
    }

    @Test func exponentialSharingIsRefused() {
        // Object i is an array holding object i+1 twice: 2^40 values once expanded.
        var objects: [[UInt8]] = (0..<40).map { [0xA2, UInt8($0 + 1), UInt8($0 + 1)] }
        objects.append([0x09])
        #expect { try BinaryPropertyList.parse(makeBinaryPlist(objects)) } throws: { error in
            (error as? PropertyListError)?.message.contains("more than") == true
        }
    }

    @Test func nonStringKeysAreErrors() {
        let bytes = makeBinaryPlist([[0xD1, 1, 1], [0x10, 0x01]])
        #expect(throws: PropertyListError.self) { try BinaryPropertyList.parse(bytes) }
    }

    @Test func writerUsesXcodesLayout() {
        let value = PropertyListValue.dictionary([
            .init(key: "a<b", value: .string("x & y")),
            .init(key: "list", value: .array([.integer("1"), .boolean(false), .array([]), .dictionary([])])),
            .init(key: "data", value: .data([0, 1, 2, 255])),
        ])
        let expected = XMLPropertyListWriter.header + """
            <dict>
            \t<key>a&lt;b</key>
            \t<string>x &amp; y</string>
            \t<key>list</key>
            \t<array>
            \t\t<integer>1</integer>
            \t\t<false/>
            \t\t<array/>
            \t\t<dict/>
            \t</array>
            \t<key>data</key>
            \t<data>
            \tAAEC/w==
            \t</data>
            </dict>
            </plist>

            """
        #expect(String(decoding: XMLPropertyListWriter.write(value), as: UTF8.self) == expected)
    }

    @Test func writtenXMLReadsBackToTheSameValue() throws {
        let value = try BinaryPropertyList.parse(sampleBinaryPlist)
        #expect(try XMLPropertyList.parse(XMLPropertyListWriter.write(value)) == value)
    }
}
