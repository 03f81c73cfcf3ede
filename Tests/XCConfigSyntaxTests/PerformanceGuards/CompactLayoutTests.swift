import Testing
@testable import XCConfigSyntax

/// Guards of the compact assignment layout and the byte readers the resolver's set-up uses:
/// sizes, the shortcut `hasConditions`, the conditions as bytes, and the word-at-a-time
/// end-of-line scan against a byte-by-byte one.
@Suite struct CompactLayoutTests {
    func range(_ l1: Int, _ c1: Int, _ l2: Int, _ c2: Int, _ o1: Int, _ o2: Int) -> SourceRange {
        SourceRange(start: SourceLocation(line: l1, column: c1), end: SourceLocation(line: l2, column: c2),
                    startOffset: o1, endOffset: o2)
    }

    /// The raw API asks `hasConditions` of an assignment kept whole; it must agree with them,
    /// `[` in the value or a pattern with `=` included.
    @Test func hasConditionsAgreesWithConditions() {
        let tree = parse("A = [x]\nB[sdk=a] = 1\nC [arch=b][config=c=d] = [\nD=\\\n [e]\nE[x=]=")
        #expect(tree.assignments.count == 5)
        for assignment in tree.assignments {
            #expect(assignment.hasConditions == !assignment.conditions.isEmpty, "\(assignment.name)")
        }
        var changed = tree.assignments[0]
        changed.conditions = [Condition(parameter: "sdk", pattern: "*", range: range(1, 1, 1, 1, 0, 0))]
        #expect(changed.hasConditions)
    }

    /// The raw API reads an assignment's conditions through `forEachCondition`, as bytes: the same pairs as
    /// `conditions`, in order, for parsed and for edited assignments, and it stops when asked.
    @Test func conditionBytesAgreeWithConditions() {
        let tree = parse("A = [x]\nB[sdk=a] = 1\nC [arch=b][config=c=d] = [\nD=\\\n [e]\nE[x=]=\nF[sdk=iphone*] [é=ü]=2")
        var edited = tree.assignments[0]
        edited.conditions = [
            Condition(parameter: "sdk", pattern: "*", range: range(1, 1, 1, 1, 0, 0)),
            Condition(parameter: "arch", pattern: "arm64", range: range(1, 1, 1, 1, 0, 0)),
        ]
        for assignment in tree.assignments + [edited] {
            var pairs: [String] = []
            assignment.forEachCondition { parameter, pattern in
                pairs.append(String(decoding: parameter, as: UTF8.self) + "=" + String(decoding: pattern, as: UTF8.self))
                return true
            }
            #expect(pairs == assignment.conditions.map { "\($0.parameter)=\($0.pattern)" }, "\(assignment.name)")
            var visited = 0
            assignment.forEachCondition { _, _ in
                visited += 1
                return false
            }
            #expect(visited == min(1, assignment.conditions.count))
        }
    }

    /// Statements are most of a tree's memory: one per line of the input.
    @Test func statementsStayCompact() {
        #expect(MemoryLayout<Assignment>.size <= 48)
        #expect(MemoryLayout<Statement>.stride <= 80)
    }

    /// The word-at-a-time end-of-line scan agrees with a byte-by-byte one on random inputs, from
    /// every start, with the SWAR test's false positives (each target's byte with its low bit
    /// flipped, just above a match) plentiful.
    @Test func endOfLineScanAgreesWithAByteByByteScan() {
        func model(_ bytes: [UInt8], _ start: Int, _ stopAtComment: Bool) -> Int {
            var i = start
            while i < bytes.count {
                let rest = bytes[i...]
                if rest.starts(with: [0x0A]) || rest.starts(with: [0x0D]) || rest.starts(with: [0xE2, 0x80, 0xA8])
                    || rest.starts(with: [0xE2, 0x80, 0xA9]) || (stopAtComment && rest.starts(with: [0x2F, 0x2F])) {
                    return i
                }
                i += 1
            }
            return bytes.count
        }
        let alphabet: [UInt8] = [0x0A, 0x0B, 0x0D, 0x0C, 0xE2, 0xE3, 0x80, 0xA8, 0xA9, 0x2F, 0x2E, 0x61, 0x20, 0x09, 0x00, 0xFF]
        var numbers = SeededNumbers(seed: 0x00E0_F11E)
        func next(_ bound: Int) -> Int { numbers.next(bound) }
        for _ in 0..<1500 {
            // Mostly plain bytes, so that scans run over whole words before a match.
            let bytes = (0..<next(40)).map { _ in next(3) == 0 ? alphabet[next(alphabet.count)] : 0x61 }
            bytes.withUnsafeBufferPointer { buffer in
                for start in 0...bytes.count {
                    for stopAtComment in [false, true] {
                        #expect(endOfLineOffset(in: buffer, from: start, stopAtComment: stopAtComment)
                            == model(bytes, start, stopAtComment), "\(bytes) from \(start)")
                    }
                }
            }
        }
    }
}
