import XCConfig
import XCConfigSyntax

/// One parsed configuration file, as the rules see it.
public struct LintFile: Sendable {
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

    public init(path: String, tree: SyntaxTree, catalog: BuildSettingsCatalog = .shared) {
        self.path = path
        self.tree = tree
        var assignments: [(Statement, Assignment)] = []
        var includes: [(Statement, IncludeDirective)] = []
        for statement in tree.statements {
            switch statement.kind {
            case .assignment(let assignment): assignments.append((statement, assignment))
            case .include(let directive): includes.append((statement, directive))
            default: break
            }
        }
        self.assignments = assignments
        self.includes = includes
        self.expressions = assignments.map { entry in
            let semantics: ValueSemantics = catalog.type(of: entry.1.name).usesListSemantics ? .list : .string
            return Expression(parsing: entry.1.value, semantics: semantics)
        }
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
