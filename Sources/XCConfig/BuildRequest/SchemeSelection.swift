import XCConfigSyntax

extension BuildRequest {
    /// The targets the request's scheme builds for its ``action``, as `xcodebuild -scheme`
    /// picks them: each with its project and, without a ``configuration``, the action's
    /// configuration; with ``target``, only that one of them. A workspace needs a scheme, as in
    /// xcodebuild. The projects read on the way are added to `projects`, by path, and each
    /// Swift-package entry is a warning (its settings come from the manifest, not read here).
    func schemeSelections(
        fileSystem: any FileSystem, projects: inout [String: XcodeProject], warnings: inout [Diagnostic]
    ) throws(BuildRequestError) -> [TargetSelection] {
        guard let schemeName = scheme else { throw .workspaceWithoutScheme }
        let user = environment["USER"]
        let schemes: [XcodeScheme]
        let containerName: String
        do {
            if let workspacePath = workspace {
                guard project == nil else { throw BuildRequestError.workspaceAndProject }
                let workspace = try XcodeWorkspace.load(path: absolute(workspacePath), fileSystem: fileSystem)
                schemes = try XcodeScheme.schemes(of: workspace, user: user, fileSystem: fileSystem)
                containerName = "workspace '\(workspace.name)'"
            } else if let projectPath = project {
                let project = try XcodeProject.load(path: absolute(projectPath), fileSystem: fileSystem)
                schemes = try XcodeScheme.schemes(of: project, user: user, fileSystem: fileSystem)
                containerName = "project '\(project.name)'"
            } else {
                throw BuildRequestError.schemeWithoutContainer
            }
        } catch let error as BuildRequestError {
            throw error
        } catch let error as ProjectFileError {
            throw .project(error)
        } catch {
            throw .project(ProjectFileError(message: "\(error)"))
        }
        guard let scheme = schemes.first(where: { $0.name == schemeName }) else {
            throw .noSuchScheme(schemeName, container: containerName, schemes: schemes.map(\.name))
        }
        for entry in scheme.buildEntries where entry.actions.contains(action) && entry.isSwiftPackage {
            warnings.append(Diagnostic(
                severity: .warning,
                message: "the scheme '\(schemeName)' builds '\(entry.targetName)' of a Swift package, whose settings are not resolved"))
        }
        var targets: [(project: XcodeProject, target: ProjectTarget)]
        do {
            targets = try scheme.buildTargets(for: action, fileSystem: fileSystem)
        } catch {
            throw .project(error)
        }
        if let wanted = target {
            targets = targets.filter { $0.target.name == wanted }
            if targets.isEmpty { throw .schemeDoesNotBuildTarget(scheme: schemeName, target: wanted) }
        }
        guard !targets.isEmpty else { throw .schemeBuildsNoTarget(scheme: schemeName, action: action) }
        return targets.map { project, target in
            projects[project.path] = project
            return TargetSelection(project: project.path, target: target.name, configuration: configuration ?? scheme.configuration(for: action))
        }
    }
}
