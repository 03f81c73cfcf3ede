import ConformanceSupport
import Foundation
import Testing
@testable import XCConfig

/// The values of the real-world files of `shared/corpus` (the text after each line's first `=`)
/// compile alike through ``ProgramStore/program(_:nameIDs:usesListSemantics:)`` and through
/// ``ProgramStore/verbatimProgram(_:)`` then the general compiler alone, with the names the
/// files assign interned. Skipped without the corpus.
@Suite(.enabled(if: ConformanceFixtures.corpusDirectory != nil, "shared/corpus is absent"))
struct CommonShapeCorpusTests {
    @Test(arguments: [false, true])
    func corpusValuesCompileAsTheGeneralCompilerCompilesThem(isList: Bool) throws {
        var values: [String] = []
        let names = NameTable()
        for file in ConformanceFixtures.corpusFiles() {
            let text = String(decoding: try Data(contentsOf: URL(fileURLWithPath: file)), as: UTF8.self)
            for line in text.split(whereSeparator: \.isNewline) {
                guard let equals = line.firstIndex(of: "=") else { continue }
                let name = line[..<equals].prefix { $0 != "[" }.trimmingCharacters(in: .whitespaces)
                if !name.isEmpty { names.intern(name) }
                values.append(String(line[line.index(after: equals)...]).trimmingCharacters(in: .whitespaces))
            }
        }
        var direct = ProgramStore(), general = ProgramStore()
        defer {
        }
        for var value in values {
            let programs = value.withUTF8 { bytes in
                (direct.program(bytes, nameIDs: names) { isList },
                 general.verbatimProgram(bytes)
                    ?? general.compileInGeneral(bytes, semantics: ProgramStore.dependsOnSemantics(bytes) && isList ? .list : .string, nameIDs: names))
            }
            #expect(programs.0.pieces == programs.1.pieces, "\(value)")
            #expect(programs.0.literalStart == programs.1.literalStart, "\(value)")
            #expect(programs.0.literalLength == programs.1.literalLength, "\(value)")
            #expect(programs.0.isVerbatim == programs.1.isVerbatim, "\(value)")
            if programs.0.pieces != programs.1.pieces { return }
        }
        // Once, at the end: comparing the stores after every value took minutes.
        let same = CommonShapeTests.sameContents(direct, general)
        #expect(same)
        // The corpus must hold enough references for the comparison to test the compiler.
        #expect(direct.references.count > 1_000)
    }
}
