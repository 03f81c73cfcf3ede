import XCConfig

/// `xcconfig xcodebuild ARGS`, and the tool invoked as `xcodebuild` (a link or a copy):
/// xcodebuild's command line for the queries that need no build (`-showBuildSettings`,
/// `-list`, `-version`, `-showsdks`, `-resolvePackageDependencies`), answered as xcodebuild
/// answers them, so that fastlane, xcode-build-server, XcodeBuildMCP, React Native and
/// codemagic run on any machine.
enum XcodebuildCommand: Command {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            name: "xcodebuild",
            abstract: "Answer xcodebuild's command line: -showBuildSettings, -list, -version, -showsdks.",
            discussion: """
                Reads the rest of the command line as xcodebuild does; the tool does the same when \
                it is run as 'xcodebuild' (ln -s \"$(command -v xcconfig)\" /usr/local/bin/xcodebuild). \
                Action words (build, test, archive, analyze, install, installsrc, clean, \
                build-for-testing, test-without-building, docbuild) set ACTION and the header, and \
                a scheme's action picks its targets and configuration. Honoured: -project, \
                -workspace, -scheme, -target, -alltargets, -configuration, -sdk, -arch, \
                -destination (its platform and arch), -toolchain, -xcconfig, -derivedDataPath, \
                -json and NAME=VALUE. Accepted and ignored, as they change no setting: -quiet, \
                -jobs N, -allowProvisioningUpdates, the package-resolution options, -testPlan, \
                -resultBundlePath, ... and every -NAME=VALUE user default; those of the build \
                location (-IDEBuildLocationStyle, -IDECustomDerivedDataLocation, \
                -IDECustomBuildProductsPath, ...) move the build folders. A unique prefix stands \
                for the option (-config is -configuration). A build, -showdestinations and \
                -exportArchive need Xcode: status 1. A usage mistake is status 64, as in \
                xcodebuild. Problems in the configuration files are printed on stderr and do not \
                change the status, as xcodebuild prints the settings it has.

                EXAMPLES:
                  xcconfig xcodebuild -showBuildSettings -workspace W.xcworkspace -scheme App
                  xcconfig xcodebuild -list -json
                  xcconfig xcodebuild test -showBuildSettings -scheme App \\
                      -destination 'platform=iOS Simulator,name=iPhone 16'
                """,
            positionals: [PositionalSpec("argument", help: "xcodebuild's arguments.", isOptional: true, isRepeatable: true)],
            acceptsOverrides: true,
            showsLimits: false
        )
    }

    /// xcodebuild's status for a usage mistake (`EX_USAGE`).
    static let usageStatus = ExitStatus(rawValue: 64)

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitStatus {
        run(xcodebuildArguments: arguments.positionals("argument") + arguments.overrides.map { $0.key + "=" + $0.value }, context: context)
    }

    /// Runs xcodebuild's command line `arguments` (without the program name).
    static func run(xcodebuildArguments arguments: [String], context: CommandContext) -> ExitStatus {
        do {
            let invocation = try XcodebuildGrammar.parse(arguments)
            switch invocation.query {
            case .showBuildSettings: return try showBuildSettings(invocation, context: context)
            case .list: return try XcodebuildQueries.list(invocation, context: context)
            case .version: return try XcodebuildQueries.version(invocation, context: context)
            case .showsdks: return try XcodebuildQueries.showSDKs(invocation, context: context)
            case .resolvePackageDependencies: return try XcodebuildQueries.resolvePackageDependencies(invocation, context: context)
            case .usage, .help:
                context.standardOutput.write(HelpFormatter.help(for: [XcodebuildCommand.self]))
                return .success
            case .showdestinations:
                throw CommandFailure("-showdestinations needs Xcode: the destinations are this machine's devices and simulators")
            case nil:
                let what = invocation.actions.isEmpty ? "a build" : "'\(invocation.actions.joined(separator: " "))'"
                throw CommandFailure("\(what) needs Xcode; this xcodebuild answers -showBuildSettings, -list, -version, -showsdks and -resolvePackageDependencies")
            }
        } catch let error as UsageError {
            context.standardError.write("xcodebuild: error: \(error.message)\n  See 'xcconfig xcodebuild -usage' for the options.\n")
            return usageStatus
        } catch let failure as CommandFailure {
            failure.print(to: context.diagnostics)
            return .failure
        } catch {
            context.diagnostics.printError("\(error)")
            return .failure
        }
    }

    /// `-showBuildSettings`: `resolve`'s xcodebuild formats, with the invocation's options in
    /// `resolve`'s spelling.
    static func showBuildSettings(_ invocation: XcodebuildInvocation, context: CommandContext) throws -> ExitStatus {
        let arguments = try ArgumentParser.parse(resolveArguments(invocation), for: ResolveCommand.configuration)
        let resolved = try StackArguments.defaultingToProject(arguments, files: [], context: context)
        var output = XcodebuildOutput.Options(action: invocation.action, failsOnInputErrors: false)
        output.userDefaults = invocation.userDefaults
        output.schemeAction = schemeAction(of: invocation.action)
        output.echoesSDK = invocation.values["sdk"] != nil
        return try XcodebuildOutput.run(resolved, files: [], context: context, options: output)
    }

    /// The scheme action whose targets and configuration an action word uses.
    static func schemeAction(of action: String) -> SchemeAction {
        switch action {
        case "test", "build-for-testing", "test-without-building": .test
        case "archive": .archive
        case "analyze": .analyze
        default: .build
        }
    }

    /// The `resolve` command line that asks what `invocation` asks.
    static func resolveArguments(_ invocation: XcodebuildInvocation) -> [String] {
        var arguments: [String] = []
        let spellings = ["project": "project", "workspace": "workspace", "scheme": "scheme", "target": "target",
                         "configuration": "configuration", "sdk": "sdk", "arch": "arch", "xcconfig": "xcconfig",
                         "derivedDataPath": "derived-data-path"]
        for (word, long) in spellings.sorted(by: { $0.key < $1.key }) {
            if let value = invocation.values[word] { arguments += ["--" + long, value] }
        }
        if let specifier = invocation.values["destination"] {
            let destination = XcodebuildGrammar.destination(specifier)
            if invocation.values["sdk"] == nil, let sdk = destination.sdk { arguments += ["--sdk", sdk] }
            if invocation.values["arch"] == nil, let arch = destination.arch { arguments += ["--arch", arch] }
        }
        if invocation.flags.contains("alltargets") { arguments.append("--all-targets") }
        arguments += ["--format", invocation.flags.contains("json") ? "xcodebuild-json" : "showbuildsettings"]
        if let toolchain = invocation.values["toolchain"] { arguments += ["--set", "TOOLCHAINS=" + toolchain] }
        for override in invocation.overrides { arguments += ["--set", override] }
        return arguments
    }
}
