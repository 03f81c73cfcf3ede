/// A value read from a project file: the old-style (OpenStep) or XML `project.pbxproj`, or the
/// JSON5 `project.xcproj`.
///
/// One tree type for the three syntaxes, so the object-graph readers do not care which one the
/// file used. Unlike ``PropertyListValue`` it remembers the line of every dictionary key, so
/// provenance can point at the line where a build setting is written.
///
/// Not `indirect`: arrays and dictionaries hold their elements on the heap already, and a
/// boxed case would keep a second reference to a container an edit changes in place.
package enum ProjectFileValue: Sendable, Hashable {
    /// A string. Old-style property lists have no other scalar: `YES`, `46` are strings too
    /// (project-formats.md §A.2).
    case string(String)
    /// `<0fbd…>` data in an old-style list, `<data>` in XML.
    case data([UInt8])
    /// `true`/`false` (JSON5 and XML only).
    case boolean(Bool)
    /// A number as written (JSON5 and XML only; the schema fields we read never use numbers).
    case number(String)
    /// JSON5 `null`.
    case null
    /// An array, in written order.
    case array([ProjectFileValue])
    /// A dictionary, in written order.
    case dictionary(ProjectFileDictionary)

    /// The string, when this is a string.
    package var stringValue: String? {
        if case .string(let string) = self { return string }
        return nil
    }

    /// The dictionary, when this is a dictionary.
    package var dictionaryValue: ProjectFileDictionary? {
        if case .dictionary(let dictionary) = self { return dictionary }
        return nil
    }

    /// The elements, when this is an array.
    package var arrayValue: [ProjectFileValue]? {
        if case .array(let elements) = self { return elements }
        return nil
    }

    /// The boolean, when this is a boolean.
    package var booleanValue: Bool? {
        if case .boolean(let value) = self { return value }
        return nil
    }

    /// The dictionary, leaving `.null` in its place; `nil` (and nothing changed) when this is
    /// not a dictionary. The caller then holds the only reference, so changing the dictionary
    /// does not copy it (a `switch` over the value would keep a second one until its end).
    package mutating func takeDictionary() -> ProjectFileDictionary? {
        guard case .dictionary(let dictionary) = self else { return nil }
        self = .null
        return dictionary
    }

    /// The elements, leaving `.null` in their place; `nil` (and nothing changed) when this is
    /// not an array. See ``takeDictionary()``.
    package mutating func takeArray() -> [ProjectFileValue]? {
        guard case .array(let elements) = self else { return nil }
        self = .null
        return elements
    }

    /// A short name of the kind of value, for error messages.
    var kindDescription: String {
        switch self {
        case .string: "a string"
        case .data: "data"
        case .boolean: "a boolean"
        case .number: "a number"
        case .null: "null"
        case .array: "an array"
        case .dictionary: "a dictionary"
        }
    }
}

/// A dictionary of a project file, keys in written order, each with the line it is written on.
///
/// A key written twice keeps its first position and takes the last value, as CoreFoundation's
/// set-value semantics and JSON decoders do (project-formats.md §A.2, §B.1).
package struct ProjectFileDictionary: Sendable, Hashable {
    /// One key of a dictionary with its value and the line of the key.
    package struct Entry: Sendable, Hashable {
        /// The key.
        package var key: String
        /// The value.
        package var value: ProjectFileValue
        /// The 1-based line of the key in the file, when the file has lines (XML plists read through
        /// the shared plist reader do not report them).
        package var line: Int?

        /// Creates an entry.
        package init(key: String, value: ProjectFileValue, line: Int? = nil) {
            self.key = key
            self.value = value
            self.line = line
        }
    }

    /// The entries in written order, without duplicate keys.
    package private(set) var entries: [Entry] = []

    /// Key → position in `entries`; only built for large dictionaries (the `objects` table of a
    /// `project.pbxproj` has tens of thousands of keys, while most objects have a handful).
    private var index: [String: Int]?

    private static let indexThreshold = 12

    /// An empty dictionary.
    package init() {}

    /// A dictionary of `entries`; later duplicates replace earlier values.
    package init(_ entries: [Entry]) {
        self.entries.reserveCapacity(entries.count)
        for entry in entries { set(entry.key, entry.value, line: entry.line) }
    }

    /// The number of distinct keys.
    package var count: Int { entries.count }

    /// The keys in written order.
    package var keys: [String] { entries.map(\.key) }

    /// The value of `key`, or `nil`.
    package subscript(key: String) -> ProjectFileValue? {
        guard let position = position(of: key) else { return nil }
        return entries[position].value
    }

    /// The line `key` is written on, when known.
    package func line(of key: String) -> Int? {
        guard let position = position(of: key) else { return nil }
        return entries[position].line
    }

    /// Adds `key` or replaces its value (keeping its position, taking the new line).
    package mutating func set(_ key: String, _ value: ProjectFileValue, line: Int? = nil) {
        if let position = position(of: key) {
            entries[position].value = value
            entries[position].line = line
            return
        }
        entries.append(Entry(key: key, value: value, line: line))
        if index != nil {
            index![key] = entries.count - 1
        } else if entries.count > Self.indexThreshold {
            var built: [String: Int] = [:]
            built.reserveCapacity(entries.count * 2)
            for (position, entry) in entries.enumerated() { built[entry.key] = position }
            index = built
        }
    }

    /// Changes the value of `key` in place, when present. Unlike reading it and setting it
    /// back, the value is not shared with the dictionary meanwhile, so a change deep inside
    /// it does not copy the containers on the way (the `objects` table, for every edit).
    package mutating func modifyValue(of key: String, _ change: (inout ProjectFileValue) -> Void) {
        guard let position = position(of: key) else { return }
        change(&entries[position].value)
    }

    /// Removes `key` and its value, when present.
    package mutating func remove(_ key: String) {
        guard let position = position(of: key) else { return }
        entries.remove(at: position)
        if index != nil {
            index = nil
            if entries.count > Self.indexThreshold {
                var built: [String: Int] = [:]
                for (position, entry) in entries.enumerated() { built[entry.key] = position }
                index = built
            }
        }
    }

    private func position(of key: String) -> Int? {
        if let index { return index[key] }
        return entries.firstIndex { $0.key == key }
    }

    package static func == (lhs: ProjectFileDictionary, rhs: ProjectFileDictionary) -> Bool {
        lhs.entries == rhs.entries
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(entries)
    }
}

extension ProjectFileValue {
    /// The same value as a ``PropertyListValue`` (lines dropped; booleans, numbers and `null`
    /// mapped to the nearest plist kinds), for clients that work with the shared plist type.
    package var propertyListValue: PropertyListValue {
        switch self {
        case .string(let string): return .string(string)
        case .data(let bytes): return .data(bytes)
        case .boolean(let value): return .boolean(value)
        case .number(let text): return text.contains(".") ? .real(text) : .integer(text)
        case .null: return .string("")
        case .array(let elements): return .array(elements.map(\.propertyListValue))
        case .dictionary(let dictionary):
            return .dictionary(dictionary.entries.map { PropertyListEntry(key: $0.key, value: $0.value.propertyListValue) })
        }
    }

    /// A project-file value from a shared ``PropertyListValue`` (the XML form of
    /// `project.pbxproj`, project-formats.md §A.1). Integers, reals and dates become strings, as
    /// the old-style format would have written them.
    package init(_ value: PropertyListValue) {
        switch value {
        case .string(let string), .integer(let string), .real(let string), .date(let string):
            self = .string(string)
        case .boolean(let flag): self = .boolean(flag)
        case .data(let bytes): self = .data(bytes)
        case .array(let elements): self = .array(elements.map(ProjectFileValue.init))
        case .dictionary(let entries):
            self = .dictionary(ProjectFileDictionary(entries.map { .init(key: $0.key, value: ProjectFileValue($0.value)) }))
        }
    }
}

/// A project file that cannot be read: a syntax error with its place, a dangling object id, a
/// format we do not read, or a file the file system cannot give us.
public struct ProjectFileError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file, when known.
    public var file: String?
    /// The 1-based line, for syntax errors.
    public var line: Int?
    /// The 1-based column (in bytes), for syntax errors.
    public var column: Int?
    /// What is wrong, in one sentence.
    public var message: String
    /// Whether the file was read but is not a project file as Xcode reads it (a syntax error, a
    /// broken object graph): a problem of the input (status 1), not a command that could not
    /// run as asked (a missing project, a target it does not have).
    public var isMalformedFile: Bool = false

    /// Creates an error.
    public init(file: String? = nil, line: Int? = nil, column: Int? = nil, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    /// `file:line:column: error: message`, as compilers print it.
    public var description: String {
        var place = ""
        if let file { place += file + ":" }
        if let line {
            place += "\(line):"
            if let column { place += "\(column):" }
        }
        return place.isEmpty ? "error: \(message)" : "\(place) error: \(message)"
    }

    /// The error as a diagnostic: `file:line:column: error: message` when it has a place.
    public var diagnostic: Diagnostic {
        Diagnostic(severity: .error, message: message, file: file, location: line.map { SourceLocation(line: $0, column: column ?? 1) })
    }

    /// The same error naming `file`, unless it already names one.
    func inFile(_ file: String) -> ProjectFileError {
        var copy = self
        if copy.file == nil { copy.file = file }
        return copy
    }
}
