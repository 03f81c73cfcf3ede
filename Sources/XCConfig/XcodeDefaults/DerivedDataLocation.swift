/// Where Xcode puts a project's build products and intermediates by default:
/// `~/Library/Developer/Xcode/DerivedData/<Name>-<hash>`, where the hash is made from the
/// project's (or workspace's) path: the MD5 digest of its UTF-8 bytes, read as two big-endian
/// 64-bit numbers, each written as 14 base-26 digits `a`–`z`, most significant first.
public enum DerivedDataLocation {
    /// The folder name for the project or workspace at `path` (`/…/App.xcodeproj`):
    /// `App-<28 letters>`.
    public static func folderName(forProjectAt path: String) -> String {
        var name = Path.basename(path)
        if let dot = name.lastIndex(of: "."), dot != name.startIndex { name = String(name[..<dot]) }
        return name + "-" + hash(ofPath: path)
    }

    /// The 28-letter hash of `path`.
    public static func hash(ofPath path: String) -> String {
        let digest = MD5.digest(Array(path.utf8))
        var letters: [UInt8] = []
        letters.reserveCapacity(28)
        for half in 0..<2 {
            var value: UInt64 = 0
            for byte in digest[(half * 8)..<(half * 8 + 8)] { value = value << 8 | UInt64(byte) }
            var digits = [UInt8](repeating: 0, count: 14)
            for index in stride(from: 13, through: 0, by: -1) {
                digits[index] = UInt8(ascii: "a") + UInt8(value % 26)
                value /= 26
            }
            letters += digits
        }
        return String(decoding: letters, as: UTF8.self)
    }
}
