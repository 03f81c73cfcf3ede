import Testing
@testable import XCConfig

/// The name byte classes are bit sets; every byte must be classed as the grammar says.
@Suite struct NameByteClassTests {
    private static func isLetterDigitUnderscoreOrDot(_ byte: UInt8) -> Bool {
        (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39)
            || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ".")
    }

    @Test func bareNameBytesAreLettersDigitsUnderscoreAndDot() {
        for byte in UInt8.min...UInt8.max {
            #expect(ValueScanner.isBareNameByte(byte) == Self.isLetterDigitUnderscoreOrDot(byte), "byte \(byte)")
        }
    }

    @Test func operatorNameBytesAddPlusAndMinus() {
        for byte in UInt8.min...UInt8.max {
            let expected = Self.isLetterDigitUnderscoreOrDot(byte) || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-")
            #expect(ValueScanner.isOperatorNameByte(byte) == expected, "byte \(byte)")
        }
    }
}
