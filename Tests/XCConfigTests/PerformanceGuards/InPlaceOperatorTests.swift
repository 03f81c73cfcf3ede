import Testing
@testable import XCConfig

/// The operators the resolver applies on a value's bytes (`:file`, `:base`, `:suffix`, `:dir`,
/// `:upper`, `:lower` on ASCII values, `default=` alone) and the references it reaches by ID
/// give what ``Operators`` and the string path give.
@Suite struct InPlaceOperatorTests {
    static func resolver(_ text: String) -> Resolver {
        makeResolver(text, context: EvaluationContext(configuration: "Debug"))
    }

    static let inputs = [
        "/a/b/c.tar.gz", "c.txt", "noext", ".profile", "/dir/", "a/b", "/", "dir.d/file", "/x/.hidden",
        "a.b.c/", "trailing.", "/ab/cd.", "é/x.y", "x/é.y", "plain words.txt",
    ]

    @Test(arguments: [OperatorName.file, .base, .suffix, .dir, .upper, .lower])
    func retrievalMatchesOperators(_ op: OperatorName) {
        for input in Self.inputs {
            let spelling = String(describing: op.spelling)
            // Alone (the value as it is) and among other text (copied into the value).
            let resolver = Self.resolver("V = \(input)\nR = $(V:\(spelling))\nS = <$(V:\(spelling))>\n")
            let expected = Operators.retrieve(op, resolver.value(of: "V"))
            #expect(resolver.value(of: "R") == expected, "\(spelling) of \(input)")
            #expect(resolver.value(of: "S") == "<" + expected + ">", "\(spelling) of \(input)")
        }
    }

    /// Case mapping works eight bytes at a time: the letters' neighbours (`@`, `[`, `` ` ``,
    /// `{`) at every offset, and a non-ASCII byte past the first words.
    @Test(arguments: [OperatorName.upper, .lower])
    func caseMappingMatchesOperatorsOnLongValues(_ op: OperatorName) {
        let printable = String(decoding: (0x20...0x7E).filter { $0 != UInt8(ascii: "$") }, as: UTF8.self)
        let inputs = [
            printable, "@[`{AZaz@[`{AZaz@[`{AZaz", "abcdefgh", "abcdefghé ijk", "ABCDEFGHIJKLMNOPQé", "0123456789abcdefXYZ",
        ]
        for input in inputs {
            let level = Level(kind: .commandLine, source: .dictionary([
                DictionaryEntry(key: "V", value: input),
                DictionaryEntry(key: "R", value: "$(V:\(String(describing: op.spelling)))"),
            ]))
            let resolver = Resolver(levels: [level], context: EvaluationContext())
            #expect(resolver.value(of: "R") == Operators.retrieve(op, input), "\(input)")
        }
    }

    /// Case mapping ends with a word overlapping the one before: values of every length up to
    /// five words, letters of both cases and their neighbours at every offset, mapped twice
    /// where the words overlap, and a non-ASCII byte in the last word only.
    @Test(arguments: [OperatorName.upper, .lower])
    func caseMappingMatchesOperatorsAtEveryLength(_ op: OperatorName) {
        let alphabet = Array("aZ@[`{zA_m".utf8)
        for length in 0...40 {
            let ascii = String(decoding: (0..<length).map { alphabet[($0 * 7 + length) % alphabet.count] }, as: UTF8.self)
            for input in [ascii, length > 0 ? String(ascii.dropLast()) + "é" : "é"] {
                let level = Level(kind: .commandLine, source: .dictionary([
                    DictionaryEntry(key: "V", value: input),
                    DictionaryEntry(key: "R", value: "$(V:\(String(describing: op.spelling)))"),
                    DictionaryEntry(key: "S", value: "<$(V:\(String(describing: op.spelling)))>"),
                ]))
                let resolver = Resolver(levels: [level], context: EvaluationContext())
                #expect(resolver.value(of: "R") == Operators.retrieve(op, input), "\(input)")
                #expect(resolver.value(of: "S") == "<" + Operators.retrieve(op, input) + ">", "\(input)")
            }
        }
    }

    /// ``Operators/lastSlashAndDot(_:)`` reads eight ASCII bytes at a time: it finds what a
    /// byte-by-byte scan finds for values of every length up to a few words, with `/`, `.` and
    /// a non-ASCII byte (read byte by byte) at every offset.
    @Test func lastSlashAndDotMatchesAByteScan() {
        var state: UInt64 = 7
        let alphabet: [[UInt8]] = [[UInt8(ascii: "a")], [UInt8(ascii: "/")], [UInt8(ascii: ".")], [UInt8(ascii: "z")], Array("é".utf8)]
        for _ in 0..<5000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let length = Int((state >> 33) % 40)
            var bytes: [UInt8] = []
            for _ in 0..<length {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                // Mostly ASCII, so that most values get past the high-bit check.
                let pick = Int((state >> 33) % 41)
                bytes += alphabet[pick == 40 ? 4 : pick % 4]
            }
            var expected: (slash: Int, dot: Int) = (-1, -1)
            for (offset, byte) in bytes.enumerated() {
                if byte == UInt8(ascii: "/") { expected = (offset, -1) } else if byte == UInt8(ascii: ".") { expected.dot = offset }
            }
            let found = bytes.withUnsafeBufferPointer { Operators.lastSlashAndDot($0) }
            #expect(found.slash == expected.slash && found.dot == expected.dot, "\(bytes)")
        }
    }

    @Test func pathPartsOfASCIIValues() {
        let resolver = Self.resolver("""
            V = /a/b/c.tar.gz
            FILE = $(V:file)
            BASE = $(V:base)
            SUFFIX = $(V:suffix)
            DIR = $(V:dir)
            NO_SLASH = $(BASE:dir)
            DOT = $(SUFFIX:base)
            """)
        #expect(resolver.value(of: "FILE") == "c.tar.gz")
        #expect(resolver.value(of: "BASE") == "c.tar")
        #expect(resolver.value(of: "SUFFIX") == ".gz")
        #expect(resolver.value(of: "DIR") == "/a/b/")
        #expect(resolver.value(of: "NO_SLASH") == "./")
        #expect(resolver.value(of: "DOT") == "")
    }

    @Test func defaultAloneIsItsOperandOnNothing() {
        let resolver = Self.resolver("""
            A = a
            EMPTY =
            OTHER[config=Release] = release
            ON_ASSIGNED = $(A:default=d)
            ON_EMPTY = $(EMPTY:default=d)
            ON_UNMATCHED = $(OTHER:default=d $(A))
            ON_UNSET_STRING = $(PRODUCT_NAME:default=d)
            ON_UNSET_LIST = $(OTHER_CFLAGS:default=d)
            ON_UNKNOWN = $(NOT_A_SETTING:default=d)
            EMPTY_OPERAND = [$(NOT_A_SETTING:default=)]
            CHAINED = $(NOT_A_SETTING:default=x/y.z:base)
            """)
        #expect(resolver.value(of: "ON_ASSIGNED") == "a")
        #expect(resolver.value(of: "ON_EMPTY") == "d")
        #expect(resolver.value(of: "ON_UNMATCHED") == "d a")
        #expect(resolver.value(of: "ON_UNSET_STRING") == "d")
        #expect(resolver.value(of: "ON_UNSET_LIST") == "d")
        #expect(resolver.value(of: "ON_UNKNOWN") == "d")
        #expect(resolver.value(of: "EMPTY_OPERAND") == "[]")
        #expect(resolver.value(of: "CHAINED") == "y")
    }

    @Test func bareReferencesToUnsetNamesStayLiteral() {
        let resolver = Self.resolver("""
            OTHER[config=Release] = release
            X = a$(OTHER) $inherited $value $OTHER $NOT_A_SETTING
            Y = $(inherited)b
            """)
        #expect(resolver.value(of: "X") == "a $inherited $value $OTHER $NOT_A_SETTING")
        #expect(resolver.value(of: "Y") == "b")
    }
}
