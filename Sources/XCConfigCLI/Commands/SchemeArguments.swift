import XCConfig
import XCConfigSyntax

extension StackArguments {
    /// `arguments` once per target `--scheme` builds, each with `--project` and `--target` set
    /// to it and, unless `--configuration` is given, `--configuration` set to the scheme's Run
    /// configuration, as `xcodebuild -scheme` picks them; `--target` keeps only that one of
    /// the scheme's targets. Without `--scheme`, `[arguments]`; `--workspace` alone is a usage
    /// error, as in xcodebuild. The projects read on the way are added to `projects`, by path.
    static func perSchemeTarget(_ arguments: ParsedArguments, context: CommandContext, projects: inout [String: XcodeProject]) throws -> [ParsedArguments] {
        guard let schemeName = arguments.value("scheme") else {
            if arguments.value("workspace") != nil { throw UsageError("--workspace needs --scheme, as xcodebuild -workspace needs -scheme") }
            return [arguments]
        }
        let user = context.environmentValue("USER")
        let schemes: [XcodeScheme]
        let containerName: String
        do {
            if let workspacePath = arguments.value("workspace") {
                guard arguments.value("project") == nil else { throw UsageError("--workspace and --project cannot be given together") }
                let workspace = try XcodeWorkspace.load(path: context.absolutePath(workspacePath), fileSystem: context.fileSystem)
                schemes = try XcodeScheme.schemes(of: workspace, user: user, fileSystem: context.fileSystem)
                containerName = "workspace '\(workspace.name)'"
            } else if let projectPath = arguments.value("project") {
                let project = try XcodeProject.load(path: context.absolutePath(projectPath), fileSystem: context.fileSystem)
                schemes = try XcodeScheme.schemes(of: project, user: user, fileSystem: context.fileSystem)
                containerName = "project '\(project.name)'"
            } else {
                throw UsageError("--scheme needs --workspace or --project (or an .xcodeproj in the current directory)")
            }
        } catch let error as ProjectFileError {
            throw CommandFailure(error.description)
        }
        guard let scheme = schemes.first(where: { $0.name == schemeName }) else {
            let names = schemes.map { "'\($0.name)'" }.joined(separator: ", ")
            throw CommandFailure("the \(containerName) has no scheme named '\(schemeName)'" + (names.isEmpty ? "" : "; its schemes are \(names)"))
        }
        for entry in scheme.buildEntries where entry.buildsForRunning && entry.isSwiftPackage {
            context.diagnostics.printWarning("the scheme '\(schemeName)' builds '\(entry.targetName)' of a Swift package, whose settings are not resolved")
        }
        var targets: [(project: XcodeProject, target: ProjectTarget)]
        do {
            targets = try scheme.buildTargets(fileSystem: context.fileSystem)
        } catch {
            throw CommandFailure(error.description)
        }
        if let wanted = arguments.value("target") {
            targets = targets.filter { $0.target.name == wanted }
            if targets.isEmpty { throw CommandFailure("the scheme '\(schemeName)' does not build a target named '\(wanted)'") }
        }
        guard !targets.isEmpty else { throw CommandFailure("the scheme '\(schemeName)' builds no target for running") }
        return targets.map { project, target in
            projects[project.path] = project
            var one = arguments
            one.valuesByOption["workspace"] = nil
            one.valuesByOption["scheme"] = nil
            one.valuesByOption["project"] = [project.path]
            one.valuesByOption["target"] = [target.name]
            if arguments.value("configuration") == nil, let configuration = scheme.launchConfiguration {
                one.valuesByOption["configuration"] = [configuration]
            }
            return one
        }
    }
}
