enum ASCII {
    static let tab: UInt8 = 0x09
    static let lineFeed: UInt8 = 0x0A
    static let carriageReturn: UInt8 = 0x0D
    static let space: UInt8 = 0x20
    static let quote: UInt8 = 0x22
    static let hash: UInt8 = 0x23
    static let slash: UInt8 = 0x2F
    static let semicolon: UInt8 = 0x3B
    static let equals: UInt8 = 0x3D
    static let openBracket: UInt8 = 0x5B
    static let backslash: UInt8 = 0x5C
    static let closeBracket: UInt8 = 0x5D
}

extension UInt8 {
    /// Xcode's inline whitespace: space, TAB, VT, FF; never CR or LF (semantics §1.2).
    @inline(__always) var isInlineSpace: Bool {
        self == 0x20 || self == 0x09 || self == 0x0B || self == 0x0C
    }

    /// `isspace()`: space and 0x09...0x0D. Only ends a directive keyword (semantics §1.5).
    @inline(__always) var isKeywordTerminator: Bool {
        self == 0x20 || (self >= 0x09 && self <= 0x0D)
    }

    /// `[A-Za-z_]`.
    @inline(__always) var isNameStart: Bool {
        let folded = self | 0x20
        return (folded >= 0x61 && folded <= 0x7A) || self == 0x5F
    }

    /// `[A-Za-z0-9_]`.
    @inline(__always) var isNameContinuation: Bool {
        (self | 0x20) &- 0x61 < 26 || self &- 0x30 < 10 || self == 0x5F
    }
}
