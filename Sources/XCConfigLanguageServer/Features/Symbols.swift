import XCConfig
import XCConfigSyntax

/// `textDocument/documentSymbol` (assignments and includes) and `textDocument/documentLink`
/// (includes, to the file each resolves to).
enum Symbols {
    /// LSP `SymbolKind`s used.
    private static let fileKind = 1
    private static let variableKind = 13

    static func documentSymbols(_ request: DocumentRequest) -> JSONValue {
        var symbols: [JSONValue] = []
        for statement in request.analysis.tree.statements {
            let range = request.range(statement.range.startOffset..<contentEnd(of: statement, request))
            switch statement.kind {
            case .assignment(let assignment):
                symbols.append([
                    "name": .string(assignment.name + assignment.conditionSuffix),
                    "detail": .string(assignment.value),
                    "kind": .integer(variableKind),
                    "range": range,
                    "selectionRange": request.range(assignment.nameRange.offsets),
                ])
            case .include(let directive):
                symbols.append([
                    "name": .string("#include\(directive.isOptional ? "?" : "") \"\(directive.path)\""),
                    "kind": .integer(fileKind),
                    "range": range,
                    "selectionRange": request.range(directive.pathRange.offsets),
                ])
            default:
                break
            }
        }
        return .array(symbols)
    }

    static func documentLinks(_ request: DocumentRequest) -> JSONValue {
        let targets = request.analysis.includeTargets
        var links: [JSONValue] = []
        for statement in request.analysis.tree.statements {
            guard case .include(let directive) = statement.kind, let edge = targets[statement.range.start.line],
                  edge.outcome == .included, let path = edge.resolvedPath else { continue }
            links.append([
                "range": request.range(directive.pathRange.offsets),
                "target": .string(request.workspace.documents[path]?.uri ?? DocumentURI.uri(of: path)),
                "tooltip": .string(path),
            ])
        }
        return .array(links)
    }

    /// Where `statement`'s text ends, before its final line terminator.
    static func contentEnd(of statement: Statement, _ request: DocumentRequest) -> Int {
        let bytes = request.document.bytes
        var end = min(statement.range.endOffset, bytes.count)
        if end > statement.range.startOffset, bytes[end - 1] == 0x0A { end -= 1 }
        if end > statement.range.startOffset, bytes[end - 1] == 0x0D { end -= 1 }
        return end
    }
}
