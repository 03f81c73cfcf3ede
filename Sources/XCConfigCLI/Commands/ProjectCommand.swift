import XCConfig
import XCConfigSyntax

/// `xcconfig project`: commands about Xcode project files.
enum ProjectCommand: Command {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            name: "project",
            abstract: "Inspect and edit Xcode projects (project.pbxproj or project.xcproj).",
            discussion: """
                Reads an .xcodeproj the way Xcode does: the old-style, XML or JSON project.pbxproj, \
                or the JSON5 project.xcproj of Xcode 27.2+. To resolve a target's build settings, \
                use 'xcconfig resolve --project PATH --target NAME'.

                set-base, clear-overrides and extract edit the project file in its own format \
                (old-style, XML or JSON project.pbxproj; JSON5 project.xcproj): only the entries \
                that change are rewritten, every other byte stays; all the files of one command \
                are written or none, and a project saved by Xcode since it was read is not \
                overwritten. 'xcconfig local init --project' does the whole shared-configuration \
                setup in one command.
                """,
            subcommands: [ProjectListCommand.self, ProjectSetBaseCommand.self, ProjectClearOverridesCommand.self, ProjectExtractCommand.self],
            showsLimits: false
        )
    }
}

/// `xcconfig project list [PATH] [--format text|json]`: targets, configurations and base
/// xcconfig files, like `xcodebuild -list`.
enum ProjectListCommand: Command {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            name: "list",
            abstract: "List a project's targets, build configurations and their base xcconfig files.",
            discussion: """
                Like xcodebuild -list: the targets in project order (the first is what resolve \
                --project uses without --target), each with its product type and, per \
                configuration, its base xcconfig file; then the project's build configurations \
                with theirs, the default configuration, and the schemes (shared, then users', \
                or the ones Xcode autocreates per target when there is no scheme file), each with \
                the targets it builds and its Run configuration. With --workspace: the \
                workspace's projects and its schemes and theirs. Paths are relative to the current \
                directory when they lie below it. A base xcconfig that does not exist is marked \
                (missing); one that depends on something only Xcode knows (DEVELOPER_DIR, SDKROOT) \
                is shown as written and marked (cannot be located).

                EXAMPLES:
                  xcconfig project list App.xcodeproj
                  xcconfig project list
                  xcconfig project list App.xcodeproj --format json | jq '.targets[].name'
                  xcconfig project list --workspace App.xcworkspace
                """,
            options: [
                .value("workspace", valueName: "path", help: "List this .xcworkspace's projects and schemes instead of a project."),
                .value("format", valueName: "format", allowed: ["text", "json"], default: "text",
                       help: "text: an indented listing like xcodebuild -list; json: one object with the project, its configurations and targets."),
            ],
            positionals: [
                PositionalSpec("path", help: "The .xcodeproj (or the project.pbxproj / project.xcproj inside it), or a folder holding one .xcodeproj. Default: the only .xcodeproj in the current directory.",
                               isOptional: true),
            ],
            showsLimits: false
        )
    }

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitStatus {
        if let workspace = arguments.value("workspace") {
            guard arguments.positional("path") == nil else { throw UsageError("--workspace and a project path cannot be given together") }
            return try WorkspaceListing.run(path: context.absolutePath(workspace), json: arguments.value("format") == "json", context: context)
        }
        let path: String
        do throws(ProjectFileError) {
            if let given = arguments.positional("path") {
                path = try XcodeProject.locate(named: context.absolutePath(given), fileSystem: context.fileSystem)
            } else {
                path = try XcodeProject.locate(in: context.currentDirectory, fileSystem: context.fileSystem)
            }
        } catch {
            throw CommandFailure(error.message)
        }
        let project: XcodeProject
        do {
            project = try XcodeProject.load(path: path, fileSystem: context.fileSystem)
        } catch {
            throw CommandFailure(error)
        }
        context.diagnostics.print(project.warnings)
        let schemes = WorkspaceListing.schemes(context: context) { user throws(ProjectFileError) in
            try XcodeScheme.schemes(of: project, user: user, fileSystem: context.fileSystem)
        }
        if arguments.value("format") == "json" {
            var object = json(project, context: context)
            if case .object(var members) = object {
                members.append(JSONValue.Member("schemes", .array(schemes.map { WorkspaceListing.schemeJSON($0, context: context) })))
                object = .object(members)
            }
            context.print(object.serialized(pretty: true))
        } else {
            context.standardOutput.write(text(project, context: context) + WorkspaceListing.schemesText(schemes, context: context))
        }
        return .success
    }

    /// The text listing, modelled on `xcodebuild -list`.
    static func text(_ project: XcodeProject, context: CommandContext) -> String {
        var output = "Information about project \"\(project.name)\":\n"
        output += "    File: \(context.displayPath(project.projectFilePath)) (\(project.format.rawValue))\n"
        output += "    Project directory (SRCROOT): \(displayDirectory(project.projectDirectory, context: context))\n"
        output += "\n    Targets:\n"
        if project.targets.isEmpty { output += "        (none)\n" }
        for target in project.targets {
            output += "        \(target.name) (\(target.shortProductType))\n"
            for configuration in target.configurations {
                output += "            " + configurationText(configuration, context: context) + "\n"
            }
        }
        output += "\n    Build Configurations:\n"
        if project.configurations.isEmpty { output += "        (none)\n" }
        for configuration in project.configurations {
            output += "        " + configurationText(configuration, context: context) + "\n"
        }
        if let defaultName = project.defaultConfigurationName {
            output += "\n    If no build configuration is specified, \"\(defaultName)\" is used.\n"
        }
        return output
    }

    /// `Debug`, `Debug: Config/App.xcconfig`, `Debug: … (missing)` or `Debug: $(SDKROOT)/… (cannot be located: …)`.
    static func configurationText(_ configuration: ProjectConfiguration, context: CommandContext) -> String {
        guard let base = configuration.baseConfiguration else { return configuration.name }
        guard let path = base.path else {
            return "\(configuration.name): \(base.writtenForm) (cannot be located: \(base.problem ?? "unknown reason"))"
        }
        let missing = context.fileSystem.kind(of: path) != .file
        return "\(configuration.name): \(context.displayPath(path))" + (missing ? " (missing)" : "")
    }

    /// A directory as printed: relative to the current directory, `.` for the current directory itself.
    static func displayDirectory(_ directory: String, context: CommandContext) -> String {
        directory == context.currentDirectory ? "." : context.displayPath(directory)
    }

    /// `{"name", "path", "file", "format", "projectDirectory", "defaultConfiguration", "configurations", "targets"}`.
    static func json(_ project: XcodeProject, context: CommandContext) -> JSONValue {
        var members = [
            JSONValue.Member("name", .string(project.name)),
            JSONValue.Member("path", .string(context.exactPath(project.path))),
            JSONValue.Member("file", .string(context.exactPath(project.projectFilePath))),
            JSONValue.Member("format", .string(project.format.rawValue)),
            JSONValue.Member("projectDirectory", .string(project.projectDirectory == context.currentDirectory ? "." : context.exactPath(project.projectDirectory))),
        ]
        members.append(JSONValue.Member("defaultConfiguration", project.defaultConfigurationName.map(JSONValue.string) ?? .null))
        members.append(JSONValue.Member("configurations", .array(project.configurations.map { configurationJSON($0, context: context) })))
        members.append(JSONValue.Member("targets", .array(project.targets.map { target in
            .object([
                JSONValue.Member("name", .string(target.name)),
                JSONValue.Member("kind", .string(target.kind.rawValue)),
                JSONValue.Member("productType", target.productType.map(JSONValue.string) ?? .null),
                JSONValue.Member("configurations", .array(target.configurations.map { configurationJSON($0, context: context) })),
            ])
        })))
        return .object(members)
    }

    /// `{"name", "baseConfiguration": null | {"path", "exists", "line"?, "keyPath"?} | {"path": null, "reference", "problem"}, "settingCount"}`.
    static func configurationJSON(_ configuration: ProjectConfiguration, context: CommandContext) -> JSONValue {
        var base: JSONValue = .null
        if let reference = configuration.baseConfiguration {
            var members: [JSONValue.Member] = []
            if let path = reference.path {
                members.append(JSONValue.Member("path", .string(context.exactPath(path))))
                members.append(JSONValue.Member("exists", .bool(context.fileSystem.kind(of: path) == .file)))
            } else {
                members.append(JSONValue.Member("path", .null))
                members.append(JSONValue.Member("reference", .string(reference.writtenForm)))
                members.append(JSONValue.Member("problem", .string(reference.problem ?? "unknown reason")))
            }
            if let line = reference.line { members.append(JSONValue.Member("line", .integer(line))) }
            if let keyPath = reference.keyPath { members.append(JSONValue.Member("keyPath", .string(keyPath))) }
            base = .object(members)
        }
        return .object([
            JSONValue.Member("name", .string(configuration.name)),
            JSONValue.Member("baseConfiguration", base),
            JSONValue.Member("settingCount", .integer(configuration.buildSettings.count)),
        ])
    }
}
