/// A setting's value read as its type says, as the build itself reads it (semantics §3.3, §3.6).
public enum TypedValue: Sendable, Hashable {
    /// A string-typed (or enum) setting.
    case string(String)
    /// A boolean setting, read as Xcode reads it: true when the value starts with `y`, `Y`,
    /// `t`, `T` or a digit `1`-`9`.
    case boolean(Bool)
    /// A path setting, lexically normalised.
    case path(String)
    /// A list-typed or user-defined setting split into elements (quotes removed, escapes
    /// applied); path lists normalised, and `FRAMEWORK_SEARCH_PATHS` without later duplicates.
    case list([String])
}

extension Resolver {
    /// `name`'s value read as its type says. The string form that `resolve` prints is
    /// ``value(of:)``; this is what a build step sees.
    public func typedValue(of name: String) -> TypedValue {
        let type = table.catalog.type(of: name)
        switch type {
        case .boolean: return .boolean(Self.boolValue(value(of: name)))
        case .path:
            let text = value(of: name)
            return .path(text.isEmpty ? "" : Path.normalize(text))
        case .string, .enum: return .string(value(of: name))
        case .stringList, .userDefined: return .list(listValue(of: name))
        case .pathList:
            var elements = listValue(of: name).map { $0.isEmpty ? $0 : Path.normalize($0) }
            if name == "FRAMEWORK_SEARCH_PATHS" {
                // A path-ordered set: later duplicates removed (semantics §3.6).
                var seen: Set<String> = []
                elements = elements.filter { seen.insert($0).inserted }
            }
            return .list(elements)
        }
    }

    /// `name`'s value split into list elements as Xcode splits it (semantics §3.3). A
    /// string-typed setting is one element.
    public func listValue(of name: String) -> [String] {
        withEvaluator { $0.listValue(of: name) }
    }

    /// Xcode's reading of a boolean: `y`, `Y`, `t`, `T` or `1`-`9` first.
    public static func boolValue(_ text: String) -> Bool {
        guard let first = text.utf8.first else { return false }
        switch first {
        case UInt8(ascii: "y"), UInt8(ascii: "Y"), UInt8(ascii: "t"), UInt8(ascii: "T"), UInt8(ascii: "1")...UInt8(ascii: "9"):
            return true
        default:
            return false
        }
    }
}

extension Evaluator {
    /// ``Resolver/listValue(of:)``.
    func listValue(of name: String) -> [String] {
        guard let id = nameIDs[name], topMatching[id] >= 0 else {
            return declaredStringValue(name).map { [$0] } ?? []
        }
        guard settingType(id).usesListSemantics else { return [evaluateTopLevel(nameID: id, record: Int(topMatching[id]))] }
        aborted = false
        let elements = evaluateRecordList(nameID: id, record: Int(topMatching[id]))
        aborted = false
        return elements
    }

    /// Matching record `recordIndex` of the list-typed setting `nameID` split into elements
    /// through its list form, with a frame pushed as for strings.
    func evaluateRecordList(nameID: Int, record recordIndex: Int) -> [String] {
        if aborted { return [] }
        if frames.count >= options.maximumDepth {
            abort(nameID: nameID, message: "evaluation of '\(table.name(nameID))' nests deeper than \(options.maximumDepth) settings")
            return []
        }
        pushFrame(nameID: nameID, record: recordIndex)
        let elements = evaluateListForm(listForm(recordIndex))
        _ = popFrame()
        return elements
    }

    /// The list form of record `recordIndex`, compiled on first use: most resolvers never
    /// split a value into elements.
    func listForm(_ recordIndex: Int) -> Range<Int32> {
        if listForms.isEmpty { listForms = Array(repeating: nil, count: records.count) }
        if let form = listForms[recordIndex] { return form }
        let record = records[recordIndex]
        let form = table.sources.withValueBytes(of: record) { store.compileListForm($0, nameIDs: nameIDs) }
        listForms[recordIndex] = form
        return form
    }

    /// The elements of a list form (semantics §3.3): text joins the current element,
    /// separators end it, a reference inside quotes joins its string value, and an unquoted
    /// reference splices its elements, the first joining the current element and the last
    /// left open.
    func evaluateListForm(_ range: Range<Int32>) -> [String] {
        var elements: [String] = []
        var current: String? = nil
        var size = 0
        for index in range {
            if aborted { return [] }
            let piece = store.pieces[Int(index)]
            switch piece.length {
            case ProgramPiece.separatorLength:
                if let element = current {
                    elements.append(element)
                    current = nil
                }
            case ProgramPiece.quotedReferenceLength:
                let mark = values.count
                let value = evaluateReference(compiled: Int(piece.start))
                current = (current ?? "") + (value.map(string) ?? "")
                size += value?.count ?? 0
                dropValues(above: mark)
            case ProgramPiece.referenceLength:
                let parts = evaluateReferenceElements(compiled: Int(piece.start))
                guard let first = parts.first else { continue }
                size += parts.reduce(0) { $0 + $1.utf8.count }
                current = (current ?? "") + first
                if parts.count > 1 {
                    elements.append(current!)
                    elements.append(contentsOf: parts[1..<(parts.count - 1)])
                    current = parts[parts.count - 1]
                }
            default:
                current = (current ?? "") + String(decoding: store.text.bytes(Int(piece.start), Int(piece.length)), as: UTF8.self)
                size += Int(piece.length)
            }
            // Bounded as string values are: each reference may splice a list of its own.
            if size > options.maximumValueSize {
                abortValueTooLarge()
                return []
            }
        }
        if let element = current { elements.append(element) }
        return elements
    }

    /// An unquoted reference in a list: a list-typed setting's elements, any other value one
    /// element, operators applied to each element (semantics §3.3, §3.6).
    func evaluateReferenceElements(compiled index: Int) -> [String] {
        let reference = store.references[index]
        let name: String, target: Target
        if reference.kind == .computed {
            name = evaluatePiecesString(reference.name)
            target = self.target(of: name)
        } else {
            (name, target) = reach(literal: reference)
        }
        var elements: [String]
        switch target {
        case .bound(let value):
            elements = [value]
        case .unsetSetting(let id):
            if reference.isBare { return ["$" + name] }
            elements = declaredStringValue(ofType: settingType(id)).map { [$0] } ?? []
        case .unsetName(let setting):
            if reference.isBare { return ["$" + name] }
            elements = declaredStringValue(setting).map { [$0] } ?? []
        case .record(let nameID, let record):
            if settingType(nameID).usesListSemantics {
                elements = evaluateRecordList(nameID: nameID, record: record)
            } else {
                elements = evaluateRecordString(nameID: nameID, record: record).map { [$0] } ?? []
            }
        }
        for operatorIndex in reference.operators {
            let op = store.operators[Int(operatorIndex)]
            if elements.isEmpty {
                if op.name == .default, let operand = op.operand { elements = [evaluatePiecesString(operand)] }
                continue
            }
            if let operand = op.operand {
                let operandValue = evaluatePiecesString(operand)
                elements = elements.map { Operators.replace(op.name, $0, operand: operandValue) }
            } else {
                elements = elements.map { Operators.retrieve(op.name, $0) }
            }
        }
        return elements
    }

    /// The string form of compiled pieces (a name, an operand), dropping the bytes only it needed.
    func evaluatePiecesString(_ range: Range<Int32>) -> String {
        let mark = values.count
        let text = string(evaluatePieces(range))
        dropValues(above: mark)
        return text
    }
}
