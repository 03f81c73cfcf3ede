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
        aborted = false
        let elements = evaluateRecordList(nameID: id, record: Int(topMatching[id]))
        aborted = false
        return elements
    }

    /// Matching record `recordIndex` of `nameID` evaluated as a list, with a frame pushed as for strings.
    func evaluateRecordList(nameID: Int, record recordIndex: Int) -> [String] {
        if aborted { return [] }
        if frames.count >= options.maximumDepth { return [] }
        pushFrame(nameID: nameID, record: recordIndex)
        let expression = expression(recordIndex)
        let elements: [String]
        if expression.semantics == .list {
            elements = evaluateList(expression)
        } else {
            elements = [evaluateString(expression)]
        }
        _ = popFrame()
        return elements
    }

    /// A list-semantics expression split into elements: whitespace separates, quotes group,
    /// quoted references join as strings, unquoted list references splice (semantics §3.3).
    func evaluateList(_ expression: Expression) -> [String] {
        var elements: [String] = []
        var current: String? = nil
        for token in expression.tokens {
            if aborted { return [] }
            switch token {
            case .text(_, let cooked, let opens):
                if opens || !cooked.isEmpty { current = (current ?? "") + cooked }
            case .space:
                if let element = current {
                    elements.append(element)
                    current = nil
                }
            case .reference(let reference, let quoted):
                if quoted {
                    current = (current ?? "") + (evaluateReference(reference) ?? "")
                    continue
                }
                let parts = evaluateReferenceList(reference)
                guard let first = parts.first else { continue }
                current = (current ?? "") + first
                if parts.count > 1 {
                    elements.append(current!)
                    elements.append(contentsOf: parts[1..<(parts.count - 1)])
                    current = parts[parts.count - 1]
                }
            }
        }
        if let element = current { elements.append(element) }
        return elements
    }

    /// An unquoted reference in list context: a list-typed setting's elements, a string-typed
    /// setting's one element, operators applied to each element.
    func evaluateReferenceList(_ reference: Reference) -> [String] {
        let name = evaluateString(reference.name)
        var values: [String]
        switch target(of: name) {
        case .bound(let value):
            values = [value]
        case .unsetSetting(let id):
            if reference.form == .bare { return ["$" + name] }
            values = declaredStringValue(ofType: settingType(id)).map { [$0] } ?? []
        case .unsetName(let setting):
            if reference.form == .bare { return ["$" + name] }
            values = declaredStringValue(setting).map { [$0] } ?? []
        case .record(let nameID, let record):
            if settingType(nameID).usesListSemantics {
                values = evaluateRecordList(nameID: nameID, record: record)
            } else {
                values = evaluateRecordString(nameID: nameID, record: record).map { [$0] } ?? []
            }
        }
        for op in reference.operators where op.isApplied {
            if values.isEmpty {
                if op.name == "default", let operand = op.operand { values = [evaluateString(operand)] }
                continue
            }
            if let operand = op.operand {
                let operandValue = evaluateString(operand)
                values = values.map { Operators.replace(op.name, $0, operand: operandValue) }
            } else {
                values = values.map { Operators.retrieve(op.name, $0) }
            }
        }
        return values
    }
}
