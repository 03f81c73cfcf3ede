import XCConfig

/// The queries of the `xcodebuild` entry other than `-showBuildSettings`, printed as
/// xcodebuild prints them, text or `-json`.
enum XcodebuildQueries {
    /// `-list`: a project's targets, configurations and schemes, or a workspace's schemes.
    /// Without `-project` or `-workspace`, the only project in the current directory.
    static func list(_ invocation: XcodebuildInvocation, context: CommandContext) throws -> ExitStatus {
        let json = invocation.flags.contains("json")
        if let workspacePath = invocation.values["workspace"] {
            let workspace: XcodeWorkspace
            do {
                workspace = try XcodeWorkspace.load(path: context.absolutePath(workspacePath), fileSystem: context.fileSystem)
            } catch {
                throw CommandFailure(error.description)
            }
            let schemes = WorkspaceListing.schemes(context: context) { user throws(ProjectFileError) in
                try XcodeScheme.schemes(of: workspace, user: user, fileSystem: context.fileSystem)
            }.map(\.name)
            if json {
                print(.object([JSONValue.Member("workspace", .object([
                    JSONValue.Member("name", .string(workspace.name)),
                    JSONValue.Member("schemes", .array(schemes.map(JSONValue.string))),
                ]))]), context: context)
            } else {
                context.standardOutput.write("Information about workspace \"\(workspace.name)\":\n" + section("Schemes", schemes))
            }
            return .success
        }
        let project = try loadProject(invocation, context: context)
        let schemes = WorkspaceListing.schemes(context: context) { user throws(ProjectFileError) in
            try XcodeScheme.schemes(of: project, user: user, fileSystem: context.fileSystem)
        }.map(\.name)
        let configurations = project.configurations.map(\.name)
        if json {
            print(.object([JSONValue.Member("project", .object([
                JSONValue.Member("configurations", .array(configurations.map(JSONValue.string))),
                JSONValue.Member("name", .string(project.name)),
                JSONValue.Member("schemes", .array(schemes.map(JSONValue.string))),
                JSONValue.Member("targets", .array(project.targets.map { .string($0.name) })),
            ]))]), context: context)
            return .success
        }
        var text = "Information about project \"\(project.name)\":\n" + section("Targets", project.targets.map(\.name))
        text += "\n" + section("Build Configurations", configurations)
        if let defaultName = project.defaultConfigurationName {
            text += "\n    If no build configuration is specified and -scheme is not passed then \"\(defaultName)\" is used.\n"
        }
        text += "\n" + section("Schemes", schemes)
        context.standardOutput.write(text)
        return .success
    }

    /// `-version`: `Xcode 26.4` and `Build version 17E192`; with `-sdk`, that SDK's facts.
    static func version(_ invocation: XcodebuildInvocation, context: CommandContext) throws -> ExitStatus {
        let defaults = try xcodeDefaults(invocation, context: context)
        guard let name = invocation.values["sdk"] else {
            context.standardOutput.write("Xcode \(defaults.release.version)\nBuild version \(defaults.release.build)\n")
            return .success
        }
        guard let sdk = defaults.sdk(named: name) else { throw CommandFailure("SDK \"\(name)\" cannot be located.") }
        context.standardOutput.write(sdkDescription(sdk, defaults: defaults))
        return .success
    }

    /// `-showsdks`: each platform's SDK of the release, `-sdk NAME` beside it; `-json` as an array.
    static func showSDKs(_ invocation: XcodebuildInvocation, context: CommandContext) throws -> ExitStatus {
        let defaults = try xcodeDefaults(invocation, context: context)
        let sdks = ApplePlatform.all.compactMap { platform in
            defaults.release.sdkVersions[platform.family].map { XcodeDefaults.SDK(platform: platform, version: $0) }
        }
        if invocation.flags.contains("json") {
            print(.array(sdks.map { sdk -> JSONValue in
                JSONValue.object([
                    JSONValue.Member("canonicalName", .string(sdk.canonicalName)),
                    JSONValue.Member("displayName", .string(displayName(sdk))),
                    JSONValue.Member("isBaseSdk", .bool(true)),
                    JSONValue.Member("platform", .string(sdk.platform.name)),
                    JSONValue.Member("platformPath", .string(defaults.platformDirectory(sdk.platform))),
                    JSONValue.Member("platformVersion", .string(sdk.version)),
                    JSONValue.Member("sdkPath", .string(defaults.path(of: sdk))),
                    JSONValue.Member("sdkVersion", .string(sdk.version)),
                ])
            }), context: context)
            return .success
        }
        var text = ""
        for platform in ApplePlatform.all {
            let own = sdks.filter { $0.platform == platform }
            guard !own.isEmpty else { continue }
            text += "\(platform.displayName) SDKs:\n"
            for sdk in own {
                let name = displayName(sdk)
                text += "\t" + name + String(repeating: " ", count: max(1, 30 - name.count)) + "\t-sdk \(sdk.canonicalName)\n"
            }
            text += "\n"
        }
        context.standardOutput.write(text)
        return .success
    }

    /// `-resolvePackageDependencies`: build settings need no package, so there is nothing to
    /// fetch; succeeds, as xcodebuild does when the packages are resolved already, once the
    /// project or workspace reads.
    static func resolvePackageDependencies(_ invocation: XcodebuildInvocation, context: CommandContext) throws -> ExitStatus {
        if let workspacePath = invocation.values["workspace"] {
            do {
                _ = try XcodeWorkspace.load(path: context.absolutePath(workspacePath), fileSystem: context.fileSystem)
            } catch {
                throw CommandFailure(error.description)
            }
        } else {
            _ = try loadProject(invocation, context: context)
        }
        context.standardOutput.write("Resolve Package Graph\n\n\nResolved source packages:\n")
        return .success
    }

    /// `iOS 26.4`, `Simulator - iOS 26.4`, `macOS 26.4`, as `-showsdks` names them.
    static func displayName(_ sdk: XcodeDefaults.SDK) -> String {
        sdk.platform.isSimulator ? "Simulator - \(sdk.platform.familyName) \(sdk.version)" : "\(sdk.platform.familyName) \(sdk.version)"
    }

    /// `-version -sdk NAME`'s lines.
    static func sdkDescription(_ sdk: XcodeDefaults.SDK, defaults: XcodeDefaults) -> String {
        var text = "\(sdk.platform.directoryName)\(sdk.version).sdk - \(displayName(sdk)) (\(sdk.canonicalName))\n"
        text += "SDKVersion: \(sdk.version)\n"
        text += "Path: \(defaults.path(of: sdk))\n"
        text += "PlatformVersion: \(sdk.version)\n"
        text += "PlatformPath: \(defaults.platformDirectory(sdk.platform))\n"
        if let build = defaults.release.sdkBuilds[sdk.platform.family] { text += "ProductBuildVersion: \(build)\n" }
        text += "ProductName: \(sdk.platform.familyName)\nProductVersion: \(sdk.version)\n\n"
        return text
    }

    /// `    Title:` and each name indented below it.
    static func section(_ title: String, _ names: [String]) -> String {
        "    \(title):\n" + names.map { "        \($0)\n" }.joined()
    }

    /// The project of `-project`, else the only one in the current directory.
    static func loadProject(_ invocation: XcodebuildInvocation, context: CommandContext) throws -> XcodeProject {
        do {
            let path = try invocation.values["project"].map(context.absolutePath)
                ?? XcodeProject.locate(in: context.currentDirectory, fileSystem: context.fileSystem)
            return try XcodeProject.load(path: path, fileSystem: context.fileSystem)
        } catch let error as ProjectFileError {
            throw CommandFailure(error)
        }
    }

    /// The Xcode the request names (`--xcode-version`'s sources: `XCCONFIG_XCODE_VERSION`, the
    /// installed Xcode's version file, else the newest known).
    static func xcodeDefaults(_ invocation: XcodebuildInvocation, context: CommandContext) throws -> XcodeDefaults {
        let request = BuildRequest(environment: context.environmentSource)
        do {
            return try request.xcodeDefaults(fileSystem: context.fileSystem) ?? XcodeDefaults()
        } catch {
            throw CommandFailure(error.description)
        }
    }

    static func print(_ value: JSONValue, context: CommandContext) {
        context.print(value.serialized(pretty: true, sortedKeys: true))
    }
}
