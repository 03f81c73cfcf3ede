import XCConfigSyntax

/// One parsed file of an include graph.
public struct ConfigurationFile: Sendable {
    /// The file's absolute, lexically normalised path (as found, symbolic links not resolved),
    /// or `nil` for a configuration given as bytes.
    public let path: String?
    /// Its syntax tree.
    public let tree: SyntaxTree
}

/// An assignment and the file it is written in.
public struct SourcedAssignment: Sendable {
    /// The assignment as parsed.
    public let assignment: Assignment
    /// Index of its file in ``LoadedConfiguration/files``.
    public internal(set) var fileIndex: Int
}

/// What became of one `#include` directive during loading.
public struct IncludeEdge: Sendable {
    /// What happened.
    public enum Outcome: Sendable, Hashable {
        /// The file was parsed in place.
        case included
        /// Not found: an error for `#include`, silent for `#include?`.
        case notFound
        /// Found but not readable (also an error for `#include?`, semantics §1.6).
        case unreadable
        /// Skipped because it would form a cycle (a warning).
        case cycle
        /// Skipped because the include limit was reached.
        case limitReached
    }
    /// Index of the including file in ``LoadedConfiguration/files``.
    public let includerIndex: Int
    /// The directive.
    public let directive: IncludeDirective
    /// Where the directive's line starts.
    public let location: SourceLocation
    /// The path the name resolved to, when it resolved to one.
    public let resolvedPath: String?
    /// Index of the included file when it was parsed.
    public let targetIndex: Int?
    /// What happened.
    public let outcome: Outcome
}

/// A configuration file with its includes expanded in place, as Xcode's loader reads it.
public struct LoadedConfiguration: Sendable {
    /// Every distinct file parsed, the root first (a file included twice is parsed once and
    /// listed once).
    public internal(set) var files: [ConfigurationFile]
    /// Every assignment in evaluation order: each include's assignments stand where the
    /// directive is, once per inclusion (semantics §1.6).
    public internal(set) var assignments: Assignments
    /// Every include directive met, in encounter order.
    public internal(set) var includes: [IncludeEdge]
    /// Parse and include diagnostics, in encounter order, each with its file.
    public internal(set) var diagnostics: [Diagnostic]
    /// The root and every resolved include, in encounter order, without repeats.
    public internal(set) var dependencies: [String]

    /// The path of the file at `index`.
    public func path(ofFile index: Int) -> String? { files[index].path }
}

extension LoadedConfiguration {
    /// The assignments of a load, in evaluation order: a random-access collection of
    /// ``SourcedAssignment``.
    ///
    /// A load keeps them in one buffer that does not retain each assignment's input (the
    /// files it read hold those), so listing them costs no reference counting and freeing them
    /// is one deallocation; reading an element gives an ordinary ``SourcedAssignment``.
    public struct Assignments: RandomAccessCollection, ExpressibleByArrayLiteral, Sendable {
        /// The load's buffer; `nil` when the assignments are `built`.
        let store: UnretainedAssignments?
        let built: [SourcedAssignment]

        public init(arrayLiteral elements: SourcedAssignment...) {
            store = nil
            built = elements
        }

        init(_ elements: [SourcedAssignment]) {
            store = nil
            built = elements
        }

        init(store: UnretainedAssignments) {
            self.store = store
            built = []
        }

        public var startIndex: Int { 0 }
        public var endIndex: Int { store?.count ?? built.count }

        public subscript(position: Int) -> SourcedAssignment {
            guard let store else { return built[position] }
            precondition(position >= 0 && position < store.count, "Index out of range")
            // A copy: it retains its input as any assignment does.
            return store.base[position]
        }

        /// Calls `body` with the assignments where they are stored, for as long as this value
        /// lives: the resolver reads each one through a pointer.
        func withUnsafeBufferPointer<R>(_ body: (UnsafeBufferPointer<SourcedAssignment>) -> R) -> R {
            guard let store else { return built.withUnsafeBufferPointer(body) }
            return body(UnsafeBufferPointer(start: store.base, count: store.count))
        }

        /// The assignments of `parts` one after another, each part's file indices `offset`
        /// more, reading `files`.
        static func concatenating(_ parts: [(assignments: Assignments, fileIndexOffset: Int)], files: [ConfigurationFile]) -> Assignments {
            let result = UnretainedAssignments(
                capacity: parts.reduce(0) { $0 + $1.assignments.count }, files: files, keeping: parts.map(\.assignments))
            for part in parts {
                part.assignments.withUnsafeBufferPointer { result.append(copying: $0, fileIndexOffset: part.fileIndexOffset) }
            }
            return Assignments(store: result)
        }
    }
}

/// The assignments of a load in a buffer whose elements hold their inputs without retaining
/// them (``Assignment/initializeUnretained(_:copying:)``): `files` and `kept`, which this
/// keeps, hold every input the assignments read. The elements are never deinitialised, only
/// read, and moved bitwise when the buffer grows.
final class UnretainedAssignments: @unchecked Sendable {
    private(set) var base: UnsafeMutablePointer<SourcedAssignment>
    private(set) var capacity: Int
    private(set) var count = 0
    /// The files whose inputs the assignments read; set by ``finish(files:)`` while listing
    /// during a walk, which holds the files meanwhile.
    private(set) var files: [ConfigurationFile]
    /// Collections whose elements were copied here, which hold those elements' inputs.
    let kept: [LoadedConfiguration.Assignments]

    init(capacity: Int, files: [ConfigurationFile] = [], keeping kept: [LoadedConfiguration.Assignments] = []) {
        self.capacity = max(capacity, 1)
        base = .allocate(capacity: self.capacity)
        self.files = files
        self.kept = kept
    }

    deinit {
        // No deinitialisation: the elements own no reference.
        base.deallocate()
    }

    /// Records the files that hold the inputs of the assignments listed from their trees.
    func finish(files: [ConfigurationFile]) {
        self.files = files
    }

    /// Room for `additional` more elements, the buffer at least doubled when it grows.
    private func reserve(_ additional: Int) {
        guard count + additional > capacity else { return }
        // Room for a few lines more than the root file's statements at the least: an included
        // file seldom has more.
        let newCapacity = max(capacity * 2, count + additional, 64)
        let newBase = UnsafeMutablePointer<SourcedAssignment>.allocate(capacity: newCapacity)
        // A bitwise move: the elements own nothing that a move would have to account for.
        UnsafeMutableRawPointer(newBase).copyMemory(from: base, byteCount: count * MemoryLayout<SourcedAssignment>.stride)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }

    /// Lists the assignments of `statements`, the statements of file `fileIndex`, from
    /// `position` up to the first include or invalid statement, after the ones listed so far;
    /// returns that statement's position, or the statements' end. The file's tree must be
    /// kept alive until ``finish(files:)`` names it.
    func append(_ statements: SyntaxTree.Statements, from position: Int, ofFile fileIndex: Int) -> Int {
        var position = position
        while true {
            let first = base + count
            let (stop, written) = statements.initializeUnretainedAssignments(
                from: position, at: UnsafeMutableRawPointer(first) + Self.assignmentOffset,
                stride: MemoryLayout<SourcedAssignment>.stride, capacity: capacity - count)
            // The index is a plain integer, assigned in place beside each assignment just written.
            for slot in first..<first + written { slot.pointee.fileIndex = fileIndex }
            count += written
            position = stop
            // Stopped for want of room: an assignment is waiting at `stop`.
            guard count == capacity, position < statements.endIndex, case .assignment = statements[position].kind else {
                return position
            }
            reserve(1)
        }
    }

    /// Copies `elements` bitwise after the ones listed so far, adding `offset` to their file
    /// indices: the copies read inputs that `kept` holds, as the elements do.
    func append(copying elements: UnsafeBufferPointer<SourcedAssignment>, fileIndexOffset offset: Int) {
        guard let source = elements.baseAddress, !elements.isEmpty else { return }
        reserve(elements.count)
        let first = base + count
        UnsafeMutableRawPointer(first).copyMemory(
            from: source, byteCount: elements.count * MemoryLayout<SourcedAssignment>.stride)
        for slot in first..<first + elements.count { slot.pointee.fileIndex += offset }
        count += elements.count
    }

    private static var assignmentOffset: Int { MemoryLayout<SourcedAssignment>.offset(of: \SourcedAssignment.assignment)! }
}
