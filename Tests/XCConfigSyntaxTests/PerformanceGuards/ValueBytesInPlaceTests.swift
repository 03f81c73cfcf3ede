import Testing
@testable import XCConfigSyntax

/// `Assignment.valueBytesInPlace(of:)`, the resolver's fast path to a value's bytes, gives the
/// bytes `withValueBytes(of:_:)` gives whenever it gives any, and gives none for the values it
/// cannot read in place (absent and continued values, the general form).
@Suite struct ValueBytesInPlaceTests {
    func viaClosure(_ assignment: UnsafePointer<Assignment>) -> [UInt8] {
        Assignment.withValueBytes(of: assignment) { Array($0) }
    }

    func inPlace(_ assignment: UnsafePointer<Assignment>) -> [UInt8]? {
        Assignment.valueBytesInPlace(of: assignment).map { Array($0) }
    }

    @Test func agreesWithTheClosureOnOneChunkValues() {
        let text = "A = $(B) x\nB[sdk=a] = 1; // c\nC =\nD = é $(E:default=f)\r\nE=\tg  \nF = // c\nG = a \\\n b"
        var assignments = parse(text).assignments
        #expect(assignments.count == 7)
        assignments.withUnsafeBufferPointer { buffer in
            for index in buffer.indices {
                let pointer = buffer.baseAddress! + index
                let expected = viaClosure(pointer)
                #expect(expected == Array(buffer[index].value.utf8), "\(buffer[index].name)")
                if ["C", "F", "G"].contains(buffer[index].name) {
                    // No chunk (absent values, read as empty) or several (joined): not in place.
                    #expect(inPlace(pointer) == nil, "\(buffer[index].name)")
                } else {
                    #expect(inPlace(pointer) == expected, "\(buffer[index].name)")
                }
            }
        }
        // The general form (a value set after parsing) is not read in place.
        assignments[0].value = "changed"
        assignments.withUnsafeBufferPointer { buffer in
            #expect(inPlace(buffer.baseAddress!) == nil)
            #expect(viaClosure(buffer.baseAddress!) == Array("changed".utf8))
        }
    }

    /// Generated values of every length up to 40, at sixteen alignments, each with the values
    /// around it: the bytes in place are the closure's bytes whenever there are any.
    @Test(arguments: 0...40)
    func agreesWithTheValueOnGeneratedLines(length: Int) {
        for value in OneLineValueTests.values(length: length, seed: 17) {
            for nameLength in 1...16 {
                let text = String(repeating: "A", count: nameLength) + " = "
                var assignments = XCConfigParser.parse(Array(text.utf8) + value + Array("\nB = x\n".utf8)).assignments
                assignments.withUnsafeBufferPointer { buffer in
                    for index in buffer.indices {
                        let pointer = buffer.baseAddress! + index
                        let expected = viaClosure(pointer)
                        // `value` decodes the bytes, repairing invalid UTF-8.
                        #expect(String(decoding: expected, as: UTF8.self) == buffer[index].value, "\(value)")
                        if let bytes = inPlace(pointer) { #expect(bytes == expected, "\(value)") }
                    }
                }
                assignments.removeAll()
            }
        }
    }
}
