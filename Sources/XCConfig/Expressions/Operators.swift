/// The retrieval and replacement operators of `$(NAME:op)` and `$(NAME:op=operand)`,
/// each applied to one string (semantics §3.6–3.7).
package enum Operators {
    /// The retrieval operators Xcode knows.
    package static let retrievalNames: Set<String> = [
        "quote", "upper", "lower", "identifier", "rfc1034identifier", "c99extidentifier",
        "dir", "file", "base", "suffix", "standardizepath", "not", "truncatedversion",
        "__md5", "__stripslash",
    ]
    /// The replacement operators Xcode knows.
    package static let replacementNames: Set<String> = [
        "default", "dir", "file", "base", "suffix", "relativeto", "isancestor",
    ]

    /// `true` when `name` is an operator Xcode applies (as a retrieval operator when
    /// `hasOperand` is false, else as a replacement operator).
    package static func isKnown(_ name: String, hasOperand: Bool) -> Bool {
        hasOperand ? replacementNames.contains(name) : retrievalNames.contains(name)
    }

    /// Applies a retrieval operator; an unknown one leaves the value unchanged.
    package static func retrieve(_ name: String, _ value: String) -> String {
        retrieve(OperatorName(name), value)
    }

    /// Applies a replacement operator with its (already evaluated) operand; an unknown one
    /// leaves the value unchanged. `default=` is handled by the evaluator, since it also
    /// applies when a reference produced nothing.
    package static func replace(_ name: String, _ value: String, operand: String) -> String {
        replace(OperatorName(name), value, operand: operand)
    }

    /// ``retrieve(_:_:)`` by the operator's ID: the bytes of `value` through
    /// ``retrieve(_:_:in:)``, the one implementation.
    static func retrieve(_ name: OperatorName, _ value: String) -> String {
        var buffer = ByteBuffer()
        buffer.append(value)
        let result = retrieve(name, 0..<buffer.count, in: &buffer)
        return String(decoding: buffer.bytes(result.lowerBound, result.count), as: UTF8.self)
    }

    /// Applies retrieval operator `name` to the bytes `value` of `buffer` and returns where the
    /// result is: a part of `value` (`:file`, `:base`, `:suffix`, `:dir` of a value with a
    /// `/`), or bytes appended to `buffer`. The resolver evaluates values into a buffer, so a
    /// part costs no copy and ASCII case mapping no string: making strings and back cost more
    /// than the rest of the reference.
    static func retrieve(_ name: OperatorName, _ value: Range<Int>, in buffer: inout ByteBuffer) -> Range<Int> {
        switch name {
        case .file, .base, .suffix, .dir:
            // `/` and `.` never occur inside a multi-byte UTF-8 sequence: the parts found on
            // bytes are the parts found on characters.
            let (lastSlash, lastDot) = lastSlashAndDot(buffer.bytes(value.lowerBound, value.count))
            let start = value.lowerBound, componentStart = start + lastSlash + 1
            switch name {
            case .file: return componentStart..<value.upperBound
            case .base: return componentStart..<(lastDot >= 0 ? start + lastDot : value.upperBound)
            // The extension with its dot; nothing without one.
            case .suffix: return lastDot >= 0 ? (start + lastDot)..<value.upperBound : start..<start
            // Up to and with the last `/`; `./` without one.
            default:
                if lastSlash >= 0 { return start..<componentStart }
                let appended = buffer.count
                buffer.append("./")
                return appended..<buffer.count
            }
        case .upper, .lower:
            // ASCII letters change by one bit; the letters to change are `a`–`z` or `A`–`Z`.
            let appended = buffer.count
            let (first, last): (UInt8, UInt8) = name == .upper ? (0x61, 0x7A) : (0x41, 0x5A)
            var index = value.lowerBound
            while index < value.upperBound {
                let byte = buffer[index]
                if byte >= 0x80 { break }
                buffer.append(byte >= first && byte <= last ? byte ^ 0x20 : byte)
                index += 1
            }
            if index == value.upperBound { return appended..<buffer.count }
            // Not ASCII: Unicode case mapping (`ß` → `SS`).
            buffer.removeLast(downTo: appended)
            let text = String(decoding: buffer.bytes(value.lowerBound, value.count), as: UTF8.self)
            buffer.append(name == .upper ? text.uppercased() : text.lowercased())
            return appended..<buffer.count
        case .default, .relativeto, .isancestor, .unknown:
            return value
        default:
            let text = String(decoding: buffer.bytes(value.lowerBound, value.count), as: UTF8.self)
            let result = retrieveOnString(name, text)
            let appended = buffer.count
            buffer.append(result)
            return appended..<buffer.count
        }
    }

    /// The retrieval operators that work on characters rather than bytes.
    private static func retrieveOnString(_ name: OperatorName, _ value: String) -> String {
        switch name {
        case .quote: return quote(value)
        case .identifier: return identifier(value, allowed: "_", replacement: "_")
        case .rfc1034identifier: return identifier(value, allowed: "-", replacement: "-")
        case .c99extidentifier: return C99Identifier.mangle(value)
        case .standardizepath: return standardize(value)
        case .not: return value == "YES" ? "NO" : "YES"
        case .truncatedversion: return truncatedVersion(value)
        case .md5: return MD5.hexDigest(Array(value.utf8))
        case .stripslash: return value.hasPrefix("/") ? String(value.dropFirst()) : value
        case .upper, .lower, .dir, .file, .base, .suffix, .default, .relativeto, .isancestor, .unknown:
            return retrieve(name, value)
        }
    }

    /// ``replace(_:_:operand:)`` by the operator's ID.
    static func replace(_ name: OperatorName, _ value: String, operand: String) -> String {
        switch name {
        case .default: return value.isEmpty ? operand : value
        case .dir:
            let component = lastComponent(value)
            return operand.isEmpty ? component : Path.join(operand, component)
        case .file: return Path.join(directoryPart(value), operand)
        case .base:
            // Always appends `.`, even without an extension (semantics §3.7).
            let ext = extensionOfLast(value)
            return Path.join(directoryPart(value), operand) + "." + ext
        case .suffix:
            let operandSuffix = retrieve(.suffix, operand)
            let newExtension = operandSuffix.isEmpty ? operand : String(operandSuffix.dropFirst())
            return withoutSuffix(value) + "." + newExtension
        case .relativeto: return relative(value, to: operand)
        case .isancestor: return isAncestor(operand, of: value) ? "YES" : "NO"
        case .quote, .upper, .lower, .identifier, .rfc1034identifier, .c99extidentifier, .standardizepath, .not,
             .truncatedversion, .md5, .stripslash, .unknown:
            return value
        }
    }

    // MARK: Helpers

    static func quote(_ value: String) -> String {
        if value.isEmpty { return "\"\"" }
        var output: [UInt8] = []
        output.reserveCapacity(value.utf8.count + 8)
        for byte in value.utf8 {
            switch byte {
            case 0x20, 0x09, 0x0D, 0x0A, UInt8(ascii: "\\"), UInt8(ascii: "\""), UInt8(ascii: "'"):
                output.append(UInt8(ascii: "\\"))
            default: break
            }
            output.append(byte)
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// `identifier` and `rfc1034identifier`: per user-perceived character, keep ASCII letters,
    /// digits (not first) and the one allowed punctuation, replace the rest (semantics §3.6).
    /// Like Xcode, membership is tested with `Character` ranges, which compare canonically
    /// equivalent forms, so a letter with a combining mark that has no precomposed form still
    /// counts as a letter.
    static func identifier(_ value: String, allowed: Character, replacement: Character) -> String {
        var output = ""
        var first = true
        for character in value {
            defer { first = false }
            if ("A"..."Z").contains(character) || ("a"..."z").contains(character) || character == allowed
                || (!first && ("0"..."9").contains(character)) {
                output.append(character)
            } else {
                output.append(replacement)
            }
        }
        return output
    }

    /// The byte offsets in `value` of its last `/` and of the last `.` after it, -1 for none.
    static func lastSlashAndDot(of value: String) -> (slash: Int, dot: Int) {
        NameTable.withBytes(of: value) { lastSlashAndDot($0) }
    }

    /// `value`'s UTF-8 bytes `range`, as a string.
    static func utf8Slice(_ value: String, _ range: Range<Int>) -> String {
        let utf8 = value.utf8
        let start = utf8.index(utf8.startIndex, offsetBy: range.lowerBound)
        let end = utf8.index(start, offsetBy: range.count)
        return String(value[start..<end])
    }

    /// Text after the last `/` (`:file`).
    static func lastComponent(_ value: String) -> String {
        retrieve(.file, value)
    }

    /// Text up to and excluding the last `/` (empty when none; `/` when it is the first byte).
    static func directoryPart(_ value: String) -> String {
        let slash = lastSlashAndDot(of: value).slash
        if slash < 0 { return "" }
        return slash == 0 ? "/" : utf8Slice(value, 0..<slash)
    }

    /// The extension of the last component without the dot. A leading dot starts one too, as
    /// for `:suffix` (`.o` has the extension `o`; semantics §3.7).
    static func extensionOfLast(_ value: String) -> String {
        let (slash, dot) = lastSlashAndDot(of: value)
        guard dot > slash else { return "" }
        return utf8Slice(value, (dot + 1)..<value.utf8.count)
    }

    /// `value` without `:suffix` (its last component's `.` and what follows).
    static func withoutSuffix(_ value: String) -> String {
        let dot = lastSlashAndDot(of: value).dot
        return dot < 0 ? value : utf8Slice(value, 0..<dot)
    }

    /// `standardizepath`: `..` resolved only in absolute paths (semantics §3.6).
    static func standardize(_ value: String) -> String {
        if value.isEmpty { return value }
        let absolute = value.hasPrefix("/")
        var parts: [Substring] = []
        for component in value.split(separator: "/", omittingEmptySubsequences: true) {
            if component == "." { continue }
            if component == "..", absolute {
                if !parts.isEmpty { parts.removeLast() }
                continue
            }
            parts.append(component)
        }
        let joined = parts.joined(separator: "/")
        if absolute { return "/" + joined }
        // A relative path of only `.` components is the current directory, not nothing.
        return joined.isEmpty ? "." : joined
    }

    /// `truncatedversion`: the first three non-empty `.`-separated components; Xcode drops the
    /// empty ones before it counts (`1..2.3.4` → `1.2.3`).
    static func truncatedVersion(_ value: String) -> String {
        value.split(separator: ".", omittingEmptySubsequences: true).prefix(3).joined(separator: ".")
    }

    /// `relativeto=P`: P relative to the value when both are absolute, else the value.
    static func relative(_ value: String, to other: String) -> String {
        guard value.hasPrefix("/"), other.hasPrefix("/") else { return value }
        let from = Path.normalize(value).split(separator: "/")
        let to = Path.normalize(other).split(separator: "/")
        var common = 0
        while common < from.count, common < to.count, from[common] == to[common] { common += 1 }
        let ups = Array(repeating: Substring(".."), count: from.count - common)
        let parts = ups + to[common...]
        return parts.isEmpty ? "." : parts.joined(separator: "/")
    }

    /// `true` when `ancestor` is a strict ancestor of `path` (both absolute).
    static func isAncestor(_ ancestor: String, of path: String) -> Bool {
        guard ancestor.hasPrefix("/"), path.hasPrefix("/") else { return false }
        let a = Path.normalize(ancestor).split(separator: "/")
        let p = Path.normalize(path).split(separator: "/")
        return a.count < p.count && Array(p.prefix(a.count)) == a
    }
}

extension Operators {
    /// The offsets of the last `/` in `bytes` and of the last `.` after it (in the last
    /// component), -1 for none.
    ///
    /// Eight bytes at a time while they are ASCII: comparing each byte of a path of fifty-odd
    /// bytes twice cost more than the rest of the reference. Every byte of a word is below 0x80
    /// once its high bits are checked, so a byte XOR the one looked for is zero exactly when
    /// adding 0x7F leaves its high bit clear (no carry crosses bytes): the matches are exact,
    /// and the last is the highest set bit. A word with a byte of 0x80 or more is read byte by byte.
    static func lastSlashAndDot(_ bytes: UnsafeBufferPointer<UInt8>) -> (slash: Int, dot: Int) {
        var lastSlash = -1, lastDot = -1
        guard let base = bytes.baseAddress else { return (lastSlash, lastDot) }
        let count = bytes.count
        func scan(_ range: Range<Int>) {
            for offset in range {
                let byte = base[offset]
                if byte == UInt8(ascii: "/") {
                    lastSlash = offset
                    lastDot = -1
                } else if byte == UInt8(ascii: ".") {
                    lastDot = offset
                }
            }
        }
        if count < 8 {
            scan(0..<count)
            return (lastSlash, lastDot)
        }
        let raw = UnsafeRawPointer(base)
        let ones: UInt64 = 0x0101_0101_0101_0101, highBits = ones &* 0x80, low = ones &* 0x7F
        let slashes = ones &* UInt64(UInt8(ascii: "/")), dots = ones &* UInt64(UInt8(ascii: "."))
        var offset = 0
        while true {
            // The last word overlaps the one before rather than ending byte by byte: seeing a
            // byte twice finds the same last offsets.
            let at = min(offset, count &- 8)
            let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: at, as: UInt64.self))
            if word & highBits != 0 {
                scan(at..<(at &+ 8))
            } else {
                let slashMatches = ~((word ^ slashes) &+ low) & highBits
                let dotMatches = ~((word ^ dots) &+ low) & highBits
                if slashMatches != 0 {
                    lastSlash = at &+ (63 &- slashMatches.leadingZeroBitCount) &>> 3
                    lastDot = -1
                }
                if dotMatches != 0 {
                    let dot = at &+ (63 &- dotMatches.leadingZeroBitCount) &>> 3
                    if dot > lastSlash { lastDot = dot }
                }
            }
            offset &+= 8
            if offset >= count { return (lastSlash, lastDot) }
        }
    }
}

/// An operator's name as an ID: every name Xcode knows as a retrieval or replacement operator,
/// and `unknown` for the rest. Compiled values hold these, so that applying an operator
/// compares no strings.
enum OperatorName: UInt8 {
    case quote, upper, lower, identifier, rfc1034identifier, c99extidentifier, dir, file, base, suffix
    case standardizepath, not, truncatedversion, md5, stripslash, `default`, relativeto, isancestor
    /// Any other name.
    case unknown

    /// How the operator is written.
    var spelling: StaticString {
        switch self {
        case .quote: "quote"
        case .upper: "upper"
        case .lower: "lower"
        case .identifier: "identifier"
        case .rfc1034identifier: "rfc1034identifier"
        case .c99extidentifier: "c99extidentifier"
        case .dir: "dir"
        case .file: "file"
        case .base: "base"
        case .suffix: "suffix"
        case .standardizepath: "standardizepath"
        case .not: "not"
        case .truncatedversion: "truncatedversion"
        case .md5: "__md5"
        case .stripslash: "__stripslash"
        case .default: "default"
        case .relativeto: "relativeto"
        case .isancestor: "isancestor"
        case .unknown: ""
        }
    }

    /// The operator spelled by `bytes` (UTF-8).
    init(bytes: UnsafeBufferPointer<UInt8>) {
        let candidate = Self.candidate(bytes)
        let spelling = candidate.spelling
        if candidate != .unknown, spelling.withUTF8Buffer({ NameTable.equal($0, bytes) }) {
            self = candidate
        } else {
            self = .unknown
        }
    }

    init(_ name: String) {
        var name = name
        self = name.withUTF8 { OperatorName(bytes: $0) }
    }

    /// The only known operator `bytes` can spell, told by its length and first bytes.
    private static func candidate(_ bytes: UnsafeBufferPointer<UInt8>) -> OperatorName {
        guard bytes.count >= 3 else { return .unknown }
        switch (bytes.count, bytes[0]) {
        case (3, UInt8(ascii: "d")): return .dir
        case (3, UInt8(ascii: "n")): return .not
        case (4, UInt8(ascii: "f")): return .file
        case (4, UInt8(ascii: "b")): return .base
        case (5, UInt8(ascii: "q")): return .quote
        case (5, UInt8(ascii: "u")): return .upper
        case (5, UInt8(ascii: "l")): return .lower
        case (5, UInt8(ascii: "_")): return .md5
        case (6, UInt8(ascii: "s")): return .suffix
        case (7, UInt8(ascii: "d")): return .default
        case (10, UInt8(ascii: "i")): return bytes[1] == UInt8(ascii: "d") ? .identifier : .isancestor
        case (10, UInt8(ascii: "r")): return .relativeto
        case (12, UInt8(ascii: "_")): return .stripslash
        case (15, UInt8(ascii: "s")): return .standardizepath
        case (16, UInt8(ascii: "c")): return .c99extidentifier
        case (16, UInt8(ascii: "t")): return .truncatedversion
        case (17, UInt8(ascii: "r")): return .rfc1034identifier
        default: return .unknown
        }
    }
}
