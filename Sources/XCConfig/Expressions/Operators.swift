#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The retrieval and replacement operators of `$(NAME:op)` and `$(NAME:op=operand)`,
/// each applied to one string (semantics §3.6–3.7).
public enum Operators {
    /// The retrieval operators Xcode knows.
    public static let retrievalNames: Set<String> = [
        "quote", "upper", "lower", "identifier", "rfc1034identifier", "c99extidentifier",
        "dir", "file", "base", "suffix", "standardizepath", "not", "truncatedversion",
        "__md5", "__stripslash",
    ]
    /// The replacement operators Xcode knows.
    public static let replacementNames: Set<String> = [
        "default", "dir", "file", "base", "suffix", "relativeto", "isancestor",
    ]

    /// `true` when `name` is an operator Xcode applies (as a retrieval operator when
    /// `hasOperand` is false, else as a replacement operator).
    public static func isKnown(_ name: String, hasOperand: Bool) -> Bool {
        hasOperand ? replacementNames.contains(name) : retrievalNames.contains(name)
    }

    /// Applies a retrieval operator; an unknown one leaves the value unchanged.
    public static func retrieve(_ name: String, _ value: String) -> String {
        retrieve(OperatorName(name), value)
    }

    /// Applies a replacement operator with its (already evaluated) operand; an unknown one
    /// leaves the value unchanged. `default=` is handled by the evaluator, since it also
    /// applies when a reference produced nothing.
    public static func replace(_ name: String, _ value: String, operand: String) -> String {
        replace(OperatorName(name), value, operand: operand)
    }

    /// ``retrieve(_:_:)`` by the operator's ID.
    static func retrieve(_ name: OperatorName, _ value: String) -> String {
        switch name {
        case .quote: return quote(value)
        case .upper: return value.uppercased()
        case .lower: return value.lowercased()
        case .identifier: return identifier(value, allowed: "_", replacement: "_")
        case .rfc1034identifier: return identifier(value, allowed: "-", replacement: "-")
        case .c99extidentifier: return C99Identifier.mangle(value)
        case .dir: return directoryWithSlash(value)
        case .file: return lastComponent(value)
        case .base: return base(value)
        case .suffix: return suffix(value)
        case .standardizepath: return standardize(value)
        case .not: return value == "YES" ? "NO" : "YES"
        case .truncatedversion: return truncatedVersion(value)
        case .md5: return MD5.hexDigest(Array(value.utf8))
        case .stripslash: return value.hasPrefix("/") ? String(value.dropFirst()) : value
        case .default, .relativeto, .isancestor, .unknown: return value
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
            let operandSuffix = suffix(operand)
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

    /// Text after the last `/`.
    /// The index of the last `byte` in `value`, found on its UTF-8 bytes (the generic
    /// backward walk over `String.UTF8View` cost several hundred instructions a call).
    static func lastIndex(of byte: UInt8, in value: String) -> String.Index? {
        let offset = NameTable.withBytes(of: value) { bytes -> Int? in
            var index = bytes.count
            while index > 0 {
                index -= 1
                if bytes[index] == byte { return index }
            }
            return nil
        }
        return offset.map { value.utf8.index(value.utf8.startIndex, offsetBy: $0) }
    }

    static func lastComponent(_ value: String) -> String {
        guard let slash = lastIndex(of: UInt8(ascii: "/"), in: value) else { return value }
        return String(value[value.utf8.index(after: slash)...])
    }

    /// Text up to and excluding the last `/` (empty when none).
    static func directoryPart(_ value: String) -> String {
        guard let slash = lastIndex(of: UInt8(ascii: "/"), in: value) else { return "" }
        if slash == value.utf8.startIndex { return "/" }
        return String(value[..<slash])
    }

    /// `:dir`: the directory with a trailing `/`; `./` without a slash.
    static func directoryWithSlash(_ value: String) -> String {
        guard let slash = lastIndex(of: UInt8(ascii: "/"), in: value) else { return "./" }
        return String(value[...slash])
    }

    /// The extension of the last component without the dot; a leading dot is no extension.
    static func extensionOfLast(_ value: String) -> String {
        let component = lastComponent(value)
        guard let dot = lastIndex(of: UInt8(ascii: "."), in: component), dot != component.utf8.startIndex else { return "" }
        return String(component[component.utf8.index(after: dot)...])
    }

    static func base(_ value: String) -> String {
        let component = lastComponent(value)
        guard let dot = lastIndex(of: UInt8(ascii: "."), in: component) else { return component }
        return String(component[..<dot])
    }

    static func suffix(_ value: String) -> String {
        let component = lastComponent(value)
        guard let dot = lastIndex(of: UInt8(ascii: "."), in: component) else { return "" }
        return String(component[dot...])
    }

    static func withoutSuffix(_ value: String) -> String {
        let component = lastComponent(value)
        guard let dot = lastIndex(of: UInt8(ascii: "."), in: component) else { return value }
        let cut = component.utf8.distance(from: dot, to: component.utf8.endIndex)
        return String(value.utf8.dropLast(cut))!
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
        return absolute ? "/" + joined : joined
    }

    static func truncatedVersion(_ value: String) -> String {
        let parts = value.split(separator: ".", maxSplits: 3, omittingEmptySubsequences: false)
            .filter { !$0.isEmpty }
        return parts.prefix(3).joined(separator: ".")
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
        if candidate != .unknown, spelling.utf8CodeUnitCount == bytes.count,
           memcmp(spelling.utf8Start, bytes.baseAddress!, bytes.count) == 0 {
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
