import XCConfig
import XCConfigLint
import XCConfigSyntax

/// What the server knows about one document in the current context: its tree, the settings
/// stack it is resolved in, and (once asked for) its lint findings. Made again only when a
/// file it depends on changes.
final class DocumentAnalysis {
    let path: String
    /// The document's text, parsed.
    let tree: SyntaxTree
    /// The project whose build the document is resolved in, if any.
    let project: XcodeProject?
    /// The stack the document is resolved in; `nil` when it could not be loaded.
    let stack: LoadedStack?
    /// The condition parameters bound (the project's configuration and target filled in).
    let context: EvaluationContext
    /// Every file whose change changes this analysis: the stack's files, the project file,
    /// and the lint configuration.
    let dependencies: Set<String>
    /// The lint findings in this document, once computed.
    var findings: [Finding]?
    /// Per configuration of ``project``, the resolver of the same stack; made on first use.
    var resolversByConfiguration: [(configuration: String, resolver: Resolver)]?

    init(path: String, tree: SyntaxTree, project: XcodeProject?, stack: LoadedStack?, context: EvaluationContext, dependencies: Set<String>) {
        self.path = path
        self.tree = tree
        self.project = project
        self.stack = stack
        self.context = context
        self.dependencies = dependencies
    }

    /// The resolver of the document's stack.
    var resolver: Resolver? { stack?.resolver }

    /// Every distinct file of the stack, by path, with its tree; the document's own first.
    var files: [(path: String, tree: SyntaxTree)] {
        var seen: Set<String> = [path]
        var result = [(path, tree)]
        for (_, configuration) in stack?.configurations ?? [] {
            for file in configuration.files {
                guard let filePath = file.path, seen.insert(filePath).inserted else { continue }
                result.append((filePath, file.tree))
            }
        }
        return result
    }

    /// The configurations of the project's chosen target (else of the project), in order.
    var configurationNames: [String] {
        guard let project else { return [] }
        let target = context.targetName.flatMap(project.target(named:))
        let names = (target?.configurations ?? []) + project.configurations
        var seen = Set<String>()
        return names.map(\.name).filter { seen.insert($0).inserted }
    }

    /// What each `#include` of this document resolved to, by the line (1-based, Xcode's
    /// numbering) its directive is on.
    var includeTargets: [Int: IncludeEdge] {
        var result: [Int: IncludeEdge] = [:]
        for (_, configuration) in stack?.configurations ?? [] {
            for edge in configuration.includes where configuration.path(ofFile: edge.includerIndex) == path {
                if result[edge.location.line] == nil { result[edge.location.line] = edge }
            }
        }
        return result
    }
}
