import XCConfig
import XCConfigSyntax

/// `xcconfig project list --workspace W`: a workspace's projects and schemes, and the scheme
/// section `project list` prints for a project (as `xcodebuild -list` does).
enum WorkspaceListing {
    static func run(path: String, json: Bool, context: CommandContext) throws -> ExitStatus {
        let workspace: XcodeWorkspace
        do {
            workspace = try XcodeWorkspace.load(path: path, fileSystem: context.fileSystem)
        } catch {
            throw CommandFailure(error.description)
        }
        let schemes = Self.schemes(context: context) { user throws(ProjectFileError) in
            try XcodeScheme.schemes(of: workspace, user: user, fileSystem: context.fileSystem)
        }
        let unlocated = workspace.fileReferences.filter { $0.path == nil }
        if json {
            let projects = workspace.projectPaths.map { path in
                JSONValue.object([
                    JSONValue.Member("path", .string(context.exactPath(path))),
                    JSONValue.Member("exists", .bool(context.fileSystem.kind(of: path) == .directory)),
                ])
            }
            let object = JSONValue.object([
                JSONValue.Member("name", .string(workspace.name)),
                JSONValue.Member("path", .string(context.exactPath(workspace.path))),
                JSONValue.Member("projects", .array(projects)),
                JSONValue.Member("unlocatedReferences", .array(unlocated.map { .string($0.location) })),
                JSONValue.Member("schemes", .array(schemes.map { schemeJSON($0, context: context) })),
            ])
            context.print(object.serialized(pretty: true))
            return .success
        }
        var output = "Information about workspace \"\(workspace.name)\":\n"
        output += "    File: \(context.displayPath(Path.join(workspace.path, "contents.xcworkspacedata")))\n"
        output += "\n    Projects:\n"
        if workspace.projectPaths.isEmpty { output += "        (none)\n" }
        for path in workspace.projectPaths {
            output += "        \(context.displayPath(path))" + (context.fileSystem.kind(of: path) == .directory ? "" : " (missing)") + "\n"
        }
        for reference in unlocated {
            output += "        \(reference.location) (cannot be located)\n"
        }
        context.standardOutput.write(output + schemesText(schemes, context: context))
        return .success
    }

    /// The schemes `read` finds for the current user; a scheme file that cannot be read is
    /// reported as a warning and leaves the list empty.
    static func schemes(context: CommandContext, _ read: (String?) throws(ProjectFileError) -> [XcodeScheme]) -> [XcodeScheme] {
        do {
            return try read(context.environmentValue("USER"))
        } catch {
            context.diagnostics.printWarning("cannot list the schemes: \(error.description)")
            return []
        }
    }

    /// `Schemes:` and one line per scheme: its name, the targets its build action builds for
    /// running, its Run configuration, and whether it is a user's or autocreated.
    static func schemesText(_ schemes: [XcodeScheme], context: CommandContext) -> String {
        var output = "\n    Schemes:\n"
        if schemes.isEmpty { output += "        (none)\n" }
        for scheme in schemes {
            var details: [String] = []
            let targets = scheme.buildEntries.filter(\.buildsForRunning).map(\.targetName)
            details.append("builds " + (targets.isEmpty ? "nothing" : targets.joined(separator: ", ")))
            if let configuration = scheme.launchConfiguration { details.append("runs \(configuration)") }
            if scheme.path == nil {
                details.append("autocreated")
            } else if !scheme.isShared {
                details.append("user scheme")
            }
            output += "        \(scheme.name) (\(details.joined(separator: "; ")))\n"
        }
        return output
    }

    /// `{"name", "file", "shared", "targets", "runConfiguration"}`; `file` is null for an
    /// autocreated scheme, `runConfiguration` when the scheme names none.
    static func schemeJSON(_ scheme: XcodeScheme, context: CommandContext) -> JSONValue {
        .object([
            JSONValue.Member("name", .string(scheme.name)),
            JSONValue.Member("file", scheme.path.map { .string(context.exactPath($0)) } ?? .null),
            JSONValue.Member("shared", .bool(scheme.isShared)),
            JSONValue.Member("targets", .array(scheme.buildEntries.filter(\.buildsForRunning).map { .string($0.targetName) })),
            JSONValue.Member("runConfiguration", scheme.launchConfiguration.map(JSONValue.string) ?? .null),
        ])
    }
}
