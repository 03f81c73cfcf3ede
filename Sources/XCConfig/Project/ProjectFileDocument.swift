/// A project file opened for editing: the value tree the edits are meant to produce, and the
/// file's bytes with only the edited entries changed.
///
/// Edits address values by key path from the root (`["objects", id, "buildSettings", "SDKROOT"]`).
/// ``rendered()`` applies them to the original bytes and re-parses the result: when the file
/// does not read back as exactly the intended tree, nothing is returned. An edit that sets what
/// is already there changes nothing, so applying the same edits twice is a no-op.
///
/// An old-style `project.pbxproj` is patched edit by edit; a JSON5 `project.xcproj` by comparing
/// the intended tree with the one read (``JSON5ProjectText``); an XML or JSON `project.pbxproj` is
/// written whole, as `plutil` writes it.
package struct ProjectFileDocument: Sendable {
    /// The file's path, for messages.
    package let path: String
    /// The syntax, kept by every edit.
    package let format: ProjectFileFormat
    /// The bytes as read.
    package let original: [UInt8]
    /// The tree the edits are meant to produce.
    package private(set) var root: ProjectFileValue
    /// Objects added to `objects`, rendered as a whole in their section when the file is written.
    private var addedObjects: Set<String> = []
    /// Each list an added object was appended to, with the object's id last.
    private var appendedAddedObjects: Set<[String]> = []
    /// Elements appended to arrays of the file as read: the array, its element count as read, the new elements.
    private var appendedElements: [(path: [String], count: Int, elements: [ProjectFileValue])] = []
    private var text: OldStyleProjectText?
    private var json5Text: JSON5ProjectText?
    private var editedPaths: Set<[String]> = []

    /// Opens `bytes` (the contents of the file at `path`) for editing.
    ///
    /// - Throws: ``ProjectFileError`` when the file does not parse or its format is one this
    ///   editor does not write.
    package init(bytes: [UInt8], path: String, format: ProjectFileFormat) throws(ProjectFileError) {
        self.path = path
        self.format = format
        self.original = bytes
        switch format {
        case .oldStylePropertyList:
            do {
                let (root, spans) = try OldStylePropertyList.parseWithSpans(bytes)
                self.root = root
                self.text = OldStyleProjectText(bytes: bytes, spans: spans)
            } catch {
                throw error.inFile(path)
            }
        case .xmlPropertyList, .json:
            // Written whole by the canonical writer of the format, which must give back the file
            // as read: then only the edited entries' bytes differ.
            let root: ProjectFileValue
            do {
                root = try PBXProjectReader.parse(bytes: bytes, filePath: path).0
            } catch {
                throw error.inFile(path)
            }
            self.root = root
            guard Self.canonicalBytes(root, format: format) == bytes else {
                throw ProjectFileError(
                    file: path,
                    message: "this \(format == .json ? "JSON" : "XML") project.pbxproj is not laid out as plutil writes it, so an edit would rewrite more than it changes; convert it with 'plutil -convert \(format == .json ? "json" : "xml1")' first, or open and save the project in Xcode")
            }
        case .xcproj:
            do {
                let (root, spans) = try JSON5.parseWithSpans(bytes)
                self.root = root
                self.json5Text = JSON5ProjectText(bytes: bytes, root: root, spans: spans)
            } catch {
                throw error.inFile(path)
            }
        }
    }

    /// A `project.pbxproj` tree as `plutil` writes it in `format`: keys sorted, XML with tabs or
    /// compact JSON.
    static func canonicalBytes(_ value: ProjectFileValue, format: ProjectFileFormat) -> [UInt8] {
        if format == .json { return Array(json(value).serialized(pretty: false).utf8) }
        return XMLPropertyListWriter.write(sortedKeys(value).propertyListValue)
    }

    static func sortedKeys(_ value: ProjectFileValue) -> ProjectFileValue {
        switch value {
        case .array(let elements): return .array(elements.map(sortedKeys))
        case .dictionary(let dictionary):
            let entries = dictionary.entries.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
            return .dictionary(ProjectFileDictionary(entries.map { .init(key: $0.key, value: sortedKeys($0.value)) }))
        default: return value
        }
    }

    static func json(_ value: ProjectFileValue) -> JSONValue {
        switch sortedKeys(value) {
        case .string(let text), .number(let text): return .string(text)
        case .boolean(let flag): return .bool(flag)
        case .null, .data: return .null
        case .array(let elements): return .array(elements.map(json))
        case .dictionary(let dictionary): return .object(dictionary.entries.map { JSONValue.Member($0.key, json($0.value)) })
        }
    }

    /// Whether any edit changed something.
    package var isChanged: Bool { !editedPaths.isEmpty || !addedObjects.isEmpty || !appendedElements.isEmpty || treeEdited }
    /// An edit of a file written whole (XML, JSON).
    private var treeEdited = false

    /// The value at `path` in the intended tree.
    package func value(at path: [String]) -> ProjectFileValue? {
        var current = root
        for component in path {
            switch current {
            case .dictionary(let dictionary):
                guard let next = dictionary[component] else { return nil }
                current = next
            case .array(let elements):
                guard let position = Self.position(component), position < elements.count else { return nil }
                current = elements[position]
            default:
                return nil
            }
        }
        return current
    }

    /// The `objects` dictionary of a `project.pbxproj` (empty for other files).
    package var objects: ProjectFileDictionary { root.dictionaryValue?["objects"]?.dictionaryValue ?? ProjectFileDictionary() }

    /// The dictionary of the object `id`, when it exists.
    package func object(_ id: String) -> ProjectFileDictionary? { objects[id]?.dictionaryValue }

    static func position(_ component: String) -> Int? {
        guard component.hasPrefix("\u{0}") else { return nil }
        return Int(component.dropFirst())
    }

    // MARK: - Edits

    /// Sets the dictionary entry at `path` to `value`; does nothing when it already holds it.
    package mutating func set(_ value: ProjectFileValue, at path: [String]) throws(ProjectFileError) {
        guard let key = path.last else { throw internalError("cannot replace the whole file") }
        let parentPath = Array(path.dropLast())
        guard case .dictionary(let parent)? = self.value(at: parentPath) else {
            throw internalError("'\(parentPath.joined(separator: " / "))' is not a dictionary")
        }
        if let current = parent[key], Self.sameValue(current, value) { return }
        // Inside an added object only the tree changes: the object is rendered whole.
        if !isInsideAddedObject(parentPath) {
            try claim(path)
            // Edited in place (`text?.`): a copy would copy every patch so far, for each edit.
            if text != nil {
                let rendered = OldStyleWriting.value(value, comment: comment(forID:))
                if parent[key] != nil {
                    try text?.replaceValue(at: path, with: rendered)
                } else {
                    let successor = Self.successor(of: key, in: parent)
                    try text?.insertEntry(
                        OldStyleWriting.string(key) + " = " + rendered + ";", intoDictionaryAt: parentPath,
                        before: successor, firstKey: parent.keys.first)
                }
            }
        }
        modify(parentPath) { container in
            guard var dictionary = container.takeDictionary() else { return }
            dictionary.set(key, value)
            container = .dictionary(dictionary)
        }
    }

    /// Replaces the value at `path` (a dictionary entry or an array element) in a file written
    /// from its tree (not an old-style `project.pbxproj`, whose edits are each placed as made);
    /// does nothing when it already holds `value`.
    package mutating func replace(_ value: ProjectFileValue, at path: [String]) throws(ProjectFileError) {
        guard text == nil else { throw internalError("an old-style project file is edited entry by entry") }
        guard let current = self.value(at: path) else { throw internalError("nothing at '\(path.joined(separator: " / "))'") }
        if Self.sameValue(current, value) { return }
        modify(path) { $0 = value }
    }

    /// Removes the dictionary entry at `path`; does nothing when there is none.
    package mutating func remove(at path: [String]) throws(ProjectFileError) {
        guard let key = path.last else { throw internalError("cannot remove the whole file") }
        let parentPath = Array(path.dropLast())
        guard case .dictionary(let parent)? = value(at: parentPath), parent[key] != nil else { return }
        if !isInsideAddedObject(parentPath) {
            try claim(path)
            try text?.removeEntry(at: path)
        }
        modify(parentPath) { container in
            guard var dictionary = container.takeDictionary() else { return }
            dictionary.remove(key)
            container = .dictionary(dictionary)
        }
    }

    /// Appends `element` to the array at `path`; does nothing when the array already holds it.
    package mutating func append(_ element: ProjectFileValue, toArrayAt path: [String]) throws(ProjectFileError) {
        // A group read without its `children` (Xcode always writes them) gets the list.
        // An object this document added is in no list but those it was appended to here: a
        // group's children need not be searched (an extract adds thousands).
        let addedID = element.stringValue.flatMap { addedObjects.contains($0) ? $0 : nil }
        if let addedID, !appendedAddedObjects.insert(path + [addedID]).inserted { return }
        guard let existing = value(at: path) else { return try set(.array([element]), at: path) }
        guard case .array(let elements) = existing else {
            throw ProjectFileError(file: self.path, message: "'\(path.joined(separator: " / "))' is not a list, as Xcode writes it; fix the project file first")
        }
        if addedID == nil, elements.contains(where: { Self.sameValue($0, element) }) { return }
        let count = elements.count
        if !isInsideAddedObject(path), text != nil {
            // Written when the file is rendered, with the comments of objects added meanwhile.
            if let position = appendedElements.firstIndex(where: { $0.path == path }) {
                appendedElements[position].elements.append(element)
            } else {
                appendedElements.append((path, count, [element]))
            }
        }
        modify(path) { container in
            guard var elements = container.takeArray() else { return }
            elements.append(element)
            container = .array(elements)
        }
    }

    /// Adds an object to `objects` under `id` (a `project.pbxproj` only); written in its class's
    /// section, in id order, with Xcode's layout.
    package mutating func addObject(_ object: ProjectFileDictionary, id: String) throws(ProjectFileError) {
        guard objects[id] == nil else { throw internalError("the object id '\(id)' is already used") }
        addedObjects.insert(id)
        modify(["objects"]) { container in
            guard var dictionary = container.takeDictionary() else { return }
            dictionary.set(id, .dictionary(object))
            container = .dictionary(dictionary)
        }
    }

    /// A new object id for `seed`: 24 upper-case hex digits, as Xcode's, unused in the file.
    /// The same seed gives the same id, so a plan is the same every time it is made.
    package func newObjectID(seed: String) -> String {
        var attempt = 0
        while true {
            let digest = MD5.hexDigest(Array("\(seed)#\(attempt)".utf8)).uppercased()
            let id = String(digest.prefix(24))
            if objects[id] == nil { return id }
            attempt += 1
        }
    }

    /// The comment Xcode writes after a reference to the object `id`: the name of a file, group
    /// or configuration; `nil` when `id` is not an object's id.
    package func comment(forID id: String) -> String? {
        guard id.utf8.count == 24, let object = object(id) else { return nil }
        switch object["isa"]?.stringValue {
        case "XCBuildConfiguration": return object["name"]?.stringValue
        case "PBXFileReference", "PBXGroup", "PBXVariantGroup", "XCVersionGroup", "PBXFileSystemSynchronizedRootGroup":
            return object["name"]?.stringValue ?? object["path"]?.stringValue
        default: return nil
        }
    }

    // MARK: - Writing

    /// The edited file. Re-parses it and checks that it reads back as exactly the intended tree.
    ///
    /// - Throws: ``ProjectFileError`` when it does not (nothing should then be written).
    package func rendered() throws(ProjectFileError) -> [UInt8] {
        guard isChanged else { return original }
        var bytes: [UInt8]
        if var text {
            let objectsDictionary = objects
            let newline = text.newline
            let newObjects = addedObjects.compactMap { id -> OldStyleProjectText.NewObject? in
                guard let object = object(id), let isa = object["isa"]?.stringValue else { return nil }
                return .init(id: id, isa: isa) { indent in
                    OldStyleWriting.object(id: id, object, comment: comment(forID:), indent: indent, newline: newline)
                }
            }
            try text.insertObjects(newObjects, objects: objectsDictionary)
            for appended in appendedElements {
                try text.appendElements(
                    appended.elements.map { OldStyleWriting.value($0, comment: comment(forID:)) }, toArrayAt: appended.path, count: appended.count)
            }
            bytes = text.result()
        } else if let json5Text {
            bytes = try json5Text.rendered(root)
        } else {
            bytes = Self.canonicalBytes(root, format: format)
        }
        let reread: ProjectFileValue
        do {
            switch format {
            case .oldStylePropertyList: reread = try OldStylePropertyList.parse(bytes)
            case .xcproj: reread = try JSON5.parse(bytes)
            default: reread = try PBXProjectReader.parse(bytes: bytes, filePath: path).0
            }
        } catch {
            throw ProjectFileError(file: path, message: "internal error: the edited file does not parse (\(error.message)); nothing written")
        }
        guard Self.sameValue(reread, root) else {
            throw ProjectFileError(file: path, message: "internal error: the edited file does not read back as intended; nothing written")
        }
        return bytes
    }

    // MARK: - Helpers

    private func internalError(_ message: String) -> ProjectFileError {
        ProjectFileError(file: path, message: "internal error: " + message)
    }

    /// Each place of the original file is edited once per document.
    private mutating func claim(_ path: [String]) throws(ProjectFileError) {
        try refuseDuplicateKey(on: path)
        guard editedPaths.insert(path).inserted else {
            throw internalError("'\(path.joined(separator: " / "))' edited twice")
        }
    }

    /// A key written twice in one dictionary of an old-style file reads as its last value
    /// (project-formats.md §A.2); an edit there would change one place and leave the other to
    /// read back. Refused, pointing at the later place and naming both lines.
    private func refuseDuplicateKey(on path: [String]) throws(ProjectFileError) {
        guard let text, !path.isEmpty else { return }
        for length in 1...path.count {
            let keyPath = Array(path.prefix(length))
            guard let earlier = text.spans.shadowed(keyPath).first, let last = text.spans[keyPath] else { continue }
            let (line, column) = Self.lineAndColumn(of: last.entryStart, in: original)
            let earlierLine = Self.lineAndColumn(of: earlier.entryStart, in: original).line
            let container: String
            switch length {
            case 1: container = "the file"
            case 2 where keyPath[0] == "objects": container = "the objects"
            case 3 where keyPath[0] == "objects": container = "the object \(keyPath[1])"
            default: container = Self.position(keyPath[length - 2]) == nil ? "one \(keyPath[length - 2])" : "one list"
            }
            // A problem of the input (status 1), as a syntax error is.
            var error = ProjectFileError(
                file: self.path, line: line, column: column,
                message: "'\(keyPath[length - 1])' is written twice in \(container), on lines \(earlierLine) and \(line) (Xcode reads the last one); "
                    + "remove one of them, then run the command again; nothing written")
            error.isMalformedFile = true
            throw error
        }
    }

    /// The 1-based line and column (in bytes) of `offset`.
    static func lineAndColumn(of offset: Int, in bytes: [UInt8]) -> (line: Int, column: Int) {
        var line = 1, lineStart = 0
        for position in 0..<min(offset, bytes.count) where bytes[position] == 0x0A {
            line += 1
            lineStart = position + 1
        }
        return (line, offset - lineStart + 1)
    }

    /// Whether `path` lies inside an object added by this document.
    private func isInsideAddedObject(_ path: [String]) -> Bool {
        path.count >= 2 && path[0] == "objects" && addedObjects.contains(path[1])
    }

    /// The key that `key` goes before when inserted into `dictionary` as Xcode sorts keys
    /// (`isa` first, then by key), or `nil` for the end.
    static func successor(of key: String, in dictionary: ProjectFileDictionary) -> String? {
        dictionary.keys.first { $0 != "isa" && key.utf8.lexicographicallyPrecedes($0.utf8) }
    }

    private mutating func modify(_ path: [String], _ change: (inout ProjectFileValue) -> Void) {
        if text == nil { treeEdited = true }
        Self.modify(&root, path[...], change)
    }

    private static func modify(_ value: inout ProjectFileValue, _ path: ArraySlice<String>, _ change: (inout ProjectFileValue) -> Void) {
        guard let component = path.first else {
            change(&value)
            return
        }
        // Taken out of the tree, so that no other reference holds the container while it changes
        // (else every edit copies the `objects` table).
        if var dictionary = value.takeDictionary() {
            dictionary.modifyValue(of: component) { child in modify(&child, path.dropFirst(), change) }
            value = .dictionary(dictionary)
        } else if var elements = value.takeArray() {
            if let position = position(component), position < elements.count { modify(&elements[position], path.dropFirst(), change) }
            value = .array(elements)
        }
    }

    /// Equality of meaning: dictionaries as key → value maps (order and lines aside), arrays in order.
    package static func sameValue(_ lhs: ProjectFileValue, _ rhs: ProjectFileValue) -> Bool {
        switch (lhs, rhs) {
        case (.dictionary(let left), .dictionary(let right)):
            guard left.count == right.count else { return false }
            for entry in left.entries {
                guard let other = right[entry.key], sameValue(entry.value, other) else { return false }
            }
            return true
        case (.array(let left), .array(let right)):
            return left.count == right.count && zip(left, right).allSatisfy { sameValue($0, $1) }
        default:
            return lhs == rhs
        }
    }
}
