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
}
