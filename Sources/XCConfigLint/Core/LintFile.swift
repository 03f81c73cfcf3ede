import XCConfig
import XCConfigSyntax

/// One parsed configuration file, as the rules see it. A class: the rules look files up by path
/// for every assignment they visit, and a reference is copied with one retain.
public final class LintFile: Sendable {
    /// Absolute, normalised path.
    public let path: String
    /// The lossless syntax tree.
    public let tree: SyntaxTree
    /// Every assignment with the statement that holds it, in source order.
    public let assignments: [(statement: Statement, assignment: Assignment)]
    /// Every include directive with its statement, in source order.
    public let includes: [(statement: Statement, directive: IncludeDirective)]
    /// Each assignment's value parsed once, with the semantics of the setting's type
    /// (semantics §3.1), parallel to ``assignments``.
    package let expressions: [Expression]
    /// Each assignment's setting name, parallel to ``assignments``: read from the bytes once,
    /// not by every rule.
    package let names: [String]
    /// Each value's references (``Expression/references``), parallel to ``assignments``.
    package let references: [[Reference]]
    /// The index in ``assignments`` of the assignment whose name starts at each byte offset.
    package let assignmentIndexByNameOffset: [Int: Int]

    public convenience init(path: String, tree: SyntaxTree, catalog: BuildSettingsCatalog = .shared) {
        self.init(path: path, tree: tree, catalog: catalog, reusing: nil)
    }

    /// `earlier`, an earlier version of the same file (parsed with the same catalogue), lends
    /// its parsed values to the values that did not change: typing changes one of a thousand.
    init(path: String, tree: SyntaxTree, catalog: BuildSettingsCatalog = .shared, reusing earlier: LintFile?) {
        self.path = path
        self.tree = tree
        // Labelled as the properties are: an array of unlabelled tuples would be converted
        // element by element.
        var assignments: [(statement: Statement, assignment: Assignment)] = []
        var includes: [(statement: Statement, directive: IncludeDirective)] = []
        for statement in tree.statements {
            switch statement.kind {
            case .assignment(let assignment): assignments.append((statement, assignment))
            case .include(let directive): includes.append((statement, directive))
            default: break
            }
        }
        self.assignments = assignments
        self.includes = includes
        let names = assignments.map(\.assignment.name)
        self.names = names
        let earlierExpressions = earlier?.expressions ?? []
        let earlierReferences = earlier?.references ?? []
        // An edit keeps the assignments before it at their index and those after it at their
        // distance from the end: an earlier value is looked for at both places.
        let shift = earlierExpressions.count - assignments.count
        var expressions: [Expression] = []
        var references: [[Reference]] = []
        expressions.reserveCapacity(assignments.count)
        references.reserveCapacity(assignments.count)
        for (index, (entry, name)) in zip(assignments, names).enumerated() {
            let value = entry.assignment.value
            let semantics: ValueSemantics = catalog.type(of: name).usesListSemantics ? .list : .string
            // An expression's source is its value's text.
            func isKept(_ candidate: Int) -> Bool {
                earlierExpressions.indices.contains(candidate)
                    && earlierExpressions[candidate].semantics == semantics && earlierExpressions[candidate].source == value
            }
            if let kept = isKept(index) ? index : isKept(index + shift) ? index + shift : nil {
                expressions.append(earlierExpressions[kept])
                references.append(earlierReferences[kept])
                continue
            }
            let expression = Expression(parsing: value, semantics: semantics)
            expressions.append(expression)
            references.append(expression.isLiteral ? [] : expression.references)
        }
        self.expressions = expressions
        self.references = references
        var byOffset: [Int: Int] = [:]
        byOffset.reserveCapacity(assignments.count)
        for (index, entry) in assignments.enumerated() { byOffset[entry.assignment.nameRange.startOffset] = index }
        self.assignmentIndexByNameOffset = byOffset
    }

    /// The bytes of `range`.
    public func bytes(_ range: Range<Int>) -> ArraySlice<UInt8> { tree.bytes[range] }

    /// The 1-based line that holds byte `offset`.
    public func line(ofOffset offset: Int) -> Int { tree.location(ofOffset: offset).line }

    /// Byte offset of the `index`-th character of `assignment.value`, mapped back to the source:
    /// the value is its chunks joined with single spaces (semantics §1.3).
    public func sourceOffset(ofValueOffset index: Int, in assignment: Assignment) -> Int {
        var remaining = index
        for chunk in assignment.chunks {
            let length = chunk.endOffset - chunk.startOffset
            if remaining < length { return chunk.startOffset + remaining }
            if remaining == length { return chunk.endOffset }
            remaining -= length + 1
        }
        return assignment.chunks.last?.endOffset ?? assignment.nameRange.startOffset
    }
}

extension LintFile {
    /// The raw bytes of `assignment`'s value: its chunks joined with single spaces, exactly as
    /// Xcode builds the value, so offsets map back with ``sourceOffset(ofValueOffset:in:)``.
    public func valueBytes(of assignment: Assignment) -> [UInt8] {
        var bytes: [UInt8] = []
        for (index, chunk) in assignment.chunks.enumerated() {
            if index > 0 { bytes.append(0x20) }
            bytes.append(contentsOf: tree.bytes[chunk.offsets])
        }
        return bytes
    }
}

/// Each file's ``LintFile`` (its values parsed) kept between lint runs, by path, and used again
/// while the file's bytes are the same: a language server lints the same included files at
/// every keystroke. When they changed, its unchanged values' parses are used again.
///
/// Only the files of the last few runs are kept (``keptRuns``), so that what it holds is the
/// size of the include closures being edited, not of every file ever linted.
public final class LintFileCache: Sendable {
    private struct State {
        var files: [String: (file: LintFile, run: Int)] = [:]
        var run = 0
    }

    private let state = Locked(State())
    /// How many of the latest runs' files are kept.
    public let keptRuns: Int

    public init(keptRuns: Int = 4) {
        self.keptRuns = max(1, keptRuns)
    }

    /// The file at `path` with the bytes of `tree`: the kept one when its bytes are these.
    func file(_ path: String, tree: SyntaxTree) -> LintFile {
        let (kept, run) = state.withLock { ($0.files[path]?.file, $0.run) }
        let file: LintFile
        if let kept, kept.tree.bytes == tree.bytes {
            file = kept
        } else {
            file = LintFile(path: path, tree: tree, reusing: kept)
        }
        state.withLock { $0.files[path] = (file, run) }
        return file
    }

    /// Ends a run: the files no run of the last ``keptRuns`` used are dropped.
    func endRun() {
        state.withLock { state in
            state.run += 1
            let oldest = state.run - keptRuns
            state.files = state.files.filter { $0.value.run >= oldest }
        }
    }

    /// The paths of the files kept.
    public var paths: Set<String> { state.withLock { Set($0.files.keys) } }
}
