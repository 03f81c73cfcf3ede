import XCConfig
import XCConfigLint
import XCConfigSyntax

/// `textDocument/completion`, decided by what precedes the cursor on its line: setting names
/// (the catalogue's and the workspace's), condition parameters and their values, operators
/// after `$(NAME:`, include paths after `#include "`, and allowed values after `=` for an
/// enumerated setting.
enum Completion {
    /// LSP `CompletionItemKind`s used.
    private enum Kind {
        static let variable = 6
        static let module = 9
        static let value = 12
        static let keyword = 14
        static let file = 17
        static let folder = 19
        static let enumMember = 20
        static let `operator` = 24
    }

    /// What the cursor is completing.
    enum Slot: Equatable {
        case settingName
        case conditionParameter
        case conditionValue(parameter: String)
        case referenceName
        case `operator`
        case value(setting: String)
        case includePath(typed: String)
    }

    static func complete(_ request: DocumentRequest) throws(ResponseError) -> JSONValue {
        let lines = request.document.lines
        let offset = request.offset
        let line = request.position.line < lines.starts.count ? request.position.line : lines.starts.count - 1
        let lineStart = lines.starts[line]
        let prefix = String(decoding: lines.bytes[lineStart..<max(lineStart, offset)], as: UTF8.self)
        let items: [JSONValue]
        switch slot(beforeCursor: prefix) {
        case .settingName, .referenceName: items = settingNames(request)
        case .conditionParameter:
            items = ConditionParameters.known.map { item($0, kind: Kind.keyword) }
        case .conditionValue(let parameter): items = conditionValues(parameter, request).map { item($0, kind: Kind.value) }
        case .operator:
            items = (Operators.retrievalNames.union(Operators.replacementNames)).sorted().map { name in
                item(name, kind: Kind.operator, detail: Operators.replacementNames.contains(name) ? "\(name)=operand" : nil)
            }
        case .value(let setting):
            items = (BuildSettingsCatalog.shared[setting]?.allowedValues ?? []).map { item($0, kind: Kind.enumMember) }
        case .includePath(let typed): items = includePaths(typed, request)
        case nil: items = []
        }
        return ["isIncomplete": false, "items": .array(items)]
    }

    /// The slot the text `prefix` (the line up to the cursor) leaves the cursor in.
    static func slot(beforeCursor prefix: String) -> Slot? {
        let trimmed = prefix.drop { $0 == " " || $0 == "\t" }
        if trimmed.hasPrefix("#include") {
            guard let quote = trimmed.firstIndex(of: "\"") else { return nil }
            let typed = trimmed[trimmed.index(after: quote)...]
            return typed.contains("\"") ? nil : .includePath(typed: String(typed))
        }
        if trimmed.hasPrefix("//") || trimmed.hasPrefix("#") { return nil }
        // The name part, up to the first `=` outside brackets.
        var bracketStart: String.Index?
        var equals: String.Index?
        var index = trimmed.startIndex
        while index < trimmed.endIndex {
            let character = trimmed[index]
            if character == "[" { bracketStart = index } else if character == "]" { bracketStart = nil } else if character == "=" {
                if bracketStart == nil { equals = index; break }
            }
            index = trimmed.index(after: index)
        }
        guard let equals else {
            guard let bracketStart else { return trimmed.contains(" ") ? nil : .settingName }
            let condition = trimmed[trimmed.index(after: bracketStart)...]
            guard let conditionEquals = condition.firstIndex(of: "=") else { return .conditionParameter }
            return .conditionValue(parameter: String(condition[..<conditionEquals]).trimmingCharacters(in: " \t"))
        }
        // The value: inside a `$(` or `${` not yet closed, the reference's name or operators.
        let value = trimmed[trimmed.index(after: equals)...]
        var openers: [String.Index] = []
        var previous: Character?
        for position in value.indices {
            let character = value[position]
            if (character == "(" || character == "{"), previous == "$" { openers.append(position) }
            if (character == ")" || character == "}"), !openers.isEmpty { openers.removeLast() }
            previous = character
        }
        if let opener = openers.last {
            let inside = value[value.index(after: opener)...]
            return inside.contains(":") ? .operator : .referenceName
        }
        let name = String(trimmed[..<(trimmed.firstIndex(of: "[") ?? equals)]).trimmingCharacters(in: " \t")
        return .value(setting: name)
    }

    /// The catalogue's settings and every name assigned in the workspace's stack.
    private static func settingNames(_ request: DocumentRequest) -> [JSONValue] {
        let catalog = BuildSettingsCatalog.shared
        var names = Set(catalog.names)
        var workspaceNames = Set<String>()
        for (_, tree) in request.analysis.files { for assignment in tree.assignments { workspaceNames.insert(assignment.name) } }
        if let resolver = request.analysis.resolver { workspaceNames.formUnion(resolver.settingNames()) }
        names.formUnion(workspaceNames)
        return names.sorted().map { name in
            let info = catalog[name]
            return item(name, kind: Kind.variable, detail: info.map { $0.type.rawValue } ?? "assigned in the workspace")
        }
    }

    private static func conditionValues(_ parameter: String, _ request: DocumentRequest) -> [String] {
        switch parameter {
        case "config":
            let names = request.analysis.configurationNames
            return names.isEmpty ? ["Debug", "Release"] : names
        case "sdk":
            let platforms = ["iphoneos", "iphonesimulator", "macosx", "appletvos", "appletvsimulator", "watchos", "watchsimulator",
                             "xros", "xrsimulator", "driverkit"]
            return platforms.map { $0 + "*" } + platforms
        case "arch":
            return ["arm64", "arm64e", "x86_64", "arm64_32", "armv7k", "armv7", "i386"]
        case "variant":
            return ["normal", "debug", "profile"]
        case "target":
            return request.analysis.project?.targets.map(\.name) ?? []
        default:
            return []
        }
    }

    /// Folders and `.xcconfig` files next to what is typed, relative to the document's folder
    /// (or absolute).
    private static func includePaths(_ typed: String, _ request: DocumentRequest) -> [JSONValue] {
        let documentDirectory = Path.directory(of: request.document.path)
        let typedDirectory = typed.contains("/") ? String(typed[..<typed.lastIndex(of: "/")!]) : ""
        let directory = typed.hasPrefix("/") ? (typedDirectory.isEmpty ? "/" : typedDirectory) : Path.join(documentDirectory, typedDirectory)
        let fileSystem = request.workspace.fileSystem
        guard let entries = try? fileSystem.contents(ofDirectory: Path.normalize(directory)) else { return [] }
        // The typed path is replaced whole: clients' words end at `/`.
        let typedRange = request.range(max(0, request.offset - typed.utf8.count)..<request.offset)
        var items: [JSONValue] = []
        for entry in entries.sorted() where !entry.hasPrefix(".") {
            let path = Path.join(directory, entry)
            let insertion = typedDirectory.isEmpty && !typed.hasPrefix("/") ? entry : typedDirectory + "/" + entry
            if fileSystem.kind(of: path) == .directory {
                items.append(item(entry + "/", kind: Kind.folder, edit: ["range": typedRange, "newText": .string(insertion + "/")]))
            } else if entry.hasSuffix(".xcconfig") && path != request.document.path {
                items.append(item(entry, kind: Kind.file, edit: ["range": typedRange, "newText": .string(insertion)]))
            }
        }
        return items
    }

    private static func item(_ label: String, kind: Int, detail: String? = nil, edit: JSONValue? = nil) -> JSONValue {
        var members = [JSONValue.Member("label", .string(label)), JSONValue.Member("kind", .integer(kind))]
        if let detail { members.append(JSONValue.Member("detail", .string(detail))) }
        if let edit { members.append(JSONValue.Member("textEdit", edit)) }
        return .object(members)
    }
}

extension String {
    /// Without leading and trailing characters of `set`.
    fileprivate func trimmingCharacters(in set: String) -> String {
        var text = Substring(self)
        while let first = text.first, set.contains(first) { text.removeFirst() }
        while let last = text.last, set.contains(last) { text.removeLast() }
        return String(text)
    }
}
