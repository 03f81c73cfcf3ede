import ConformanceSupport
import Testing
@testable import XCConfig

/// Evaluated values live as byte ranges of one buffer (``Evaluator/values``); cached ranges must
/// survive whatever later evaluations drop, and values evaluated again and again (not
/// cacheable) must not pile up in it.
@Suite struct ValueArenaTests {
    /// `B` refers back to `X`, which is being evaluated, so it is never cached: each of the
    /// 200 references evaluates it again, and only `X`'s own value stays in the buffer.
    @Test func uncachedValuesAreDropped() {
        let resolver = makeResolver("""
            B = b_$(X)
            X = \(String(repeating: "$(B)", count: 200))
            """)
        let value = resolver.value(of: "X")
        #expect(value == String(repeating: "b_", count: 200))
        #expect(resolver.withEvaluator { $0.values.count } == value.utf8.count)
    }

    /// Every order of asking gives what a fresh resolver gives: cached ranges are not
    /// overwritten by later evaluations.
    @Test func cachedValuesSurviveLaterEvaluations() {
        let text = """
            A = a $(B:upper) $(C)
            B = b $(C) $(D:default=$(A))
            C = c $(inherited) $(E)
            D = $(C)$(C)
            E = e
            C = $(inherited) $(B)
            F = $(A) $(B) $(C) $(D) $(E) $(UNSET)
            """
        let names = ["A", "B", "C", "D", "E", "F"]
        let expected = names.map { makeResolver(text).value(of: $0) }
        for order in [names, names.reversed(), ["C", "F", "A", "E", "B", "D"]] {
            let resolver = makeResolver(text)
            var got: [String: String] = [:]
            for name in order { got[name] = resolver.value(of: name) }
            // Asked again, from the cache.
            for name in order { #expect(resolver.value(of: name) == got[name]) }
            #expect(names.map { got[$0]! } == expected)
        }
    }
}

/// ``ByteBuffer`` against `[UInt8]`: appends across growth, truncation, reads.
@Suite struct ByteBufferTests {
    @Test func agreesWithAnArray() {
        var buffer = ByteBuffer()
        var model: [UInt8] = []
        var numbers = SeededNumbers(seed: 1)
        for step in 0..<2_000 {
            let length = numbers.next(300)
            if step % 7 == 3 {
                let newCount = model.count - min(model.count, length)
                buffer.removeLast(downTo: newCount)
                model.removeSubrange(newCount...)
            } else {
                let bytes = (0..<length).map { UInt8(truncatingIfNeeded: $0 &+ step) }
                bytes.withUnsafeBufferPointer { buffer.append($0) }
                model += bytes
            }
            #expect(buffer.count == model.count)
        }
        #expect(Array(buffer.bytes(0, buffer.count)) == model)
        if model.count > 10 { #expect(Array(buffer.bytes(3, 7)) == Array(model[3..<10])) }
        buffer.append("é$x")
        #expect(Array(buffer.bytes(model.count, buffer.count - model.count)) == Array("é$x".utf8))
        #expect(buffer.bytes(0, 0).isEmpty)
    }

    /// Short runs are copied without `memcpy`, by length: every length up to past 16, appended
    /// from outside and copied from within, at every alignment.
    @Test func shortRunsAtEveryLengthAndOffset() {
        var buffer = ByteBuffer()
        var model: [UInt8] = []
        let source = (0..<64).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
        for length in 0...24 {
            for offset in 0..<9 {
                source.withUnsafeBufferPointer { buffer.append(UnsafeBufferPointer(rebasing: $0[offset..<offset + length])) }
                model += source[offset..<offset + length]
                let from = model.count - length - offset / 2
                buffer.appendCopy(from: max(0, from), count: min(length, model.count - max(0, from)))
                model += model[max(0, from)..<max(0, from) + min(length, model.count - max(0, from))]
            }
        }
        #expect(buffer.count == model.count)
        #expect(Array(buffer.bytes(0, buffer.count)) == model)
        // Wider values are copied by bytes alike.
        var pairs = FlatBuffer<(Int32, Int32)>()
        for index in 0..<5 { pairs.append((Int32(index), Int32(-index))) }
        pairs.appendCopy(from: 1, count: 2)
        pairs.appendCopy(from: 0, count: 3)
        #expect(pairs.all.map(\.0) == [0, 1, 2, 3, 4, 1, 2, 0, 1, 2])
        #expect(pairs.all.map(\.1) == [0, -1, -2, -3, -4, -1, -2, 0, -1, -2])
    }
}
