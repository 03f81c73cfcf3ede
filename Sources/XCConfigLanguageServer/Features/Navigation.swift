import XCConfig
import XCConfigSyntax

/// `textDocument/definition` and `textDocument/references`, through the include graph of the
/// document's stack.
enum Navigation {
    /// An `#include` goes to its file; a setting name or `$(NAME)` to the assignment that wins,
    /// or, when none of the xcconfig files wins, to every assignment written in a file.
    static func definition(_ request: DocumentRequest) throws(ResponseError) -> JSONValue {
        guard let item = SyntaxQueries.item(at: request.offset, in: request.analysis.tree) else { return .null }
        let name: String
        switch item {
        case .include(_, let line):
            guard let edge = request.analysis.includeTargets[line], edge.outcome == .included, let path = edge.resolvedPath,
                  let location = request.location(path, 0..<0) else { return .null }
            return location
        case .settingName(let settingName, _, _), .reference(let settingName, _, _):
            name = settingName
        case .value, .condition:
            return .null
        }
        guard let resolver = request.analysis.resolver else {
            return .array(assignments(of: name, request).map { request.location($0.path, $0.range) }.compactMap { $0 })
        }
        if let winner = resolver.winner(of: name), let location = request.nameLocation(of: winner) {
            return location
        }
        return .array(resolver.assignments(of: name).compactMap(request.nameLocation(of:)))
    }

    /// Every assignment of the name and every reference to it, in the files of the stack.
    static func references(_ request: DocumentRequest, includeDeclaration: Bool) throws(ResponseError) -> JSONValue {
        guard let item = SyntaxQueries.item(at: request.offset, in: request.analysis.tree) else { return .null }
        let name: String
        switch item {
        case .settingName(let settingName, _, _), .reference(let settingName, _, _): name = settingName
        default: return .null
        }
        var places = includeDeclaration ? assignments(of: name, request) : []
        for (path, tree) in request.analysis.files {
            for assignment in tree.assignments {
                for use in SyntaxQueries.nameUses(in: assignment, tree: tree) where use.name == name {
                    places.append((path, use.range))
                }
            }
        }
        return .array(places.compactMap { request.location($0.path, $0.range) })
    }

    /// Where `name` is assigned in the files of the stack: each assignment's name.
    static func assignments(of name: String, _ request: DocumentRequest) -> [(path: String, range: Range<Int>)] {
        var result: [(path: String, range: Range<Int>)] = []
        for (path, tree) in request.analysis.files {
            for assignment in tree.assignments where assignment.name == name {
                result.append((path, assignment.nameRange.offsets))
            }
        }
        return result
    }
}
