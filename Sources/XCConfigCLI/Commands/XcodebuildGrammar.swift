import XCConfig

/// xcodebuild's command line, read as xcodebuild reads it (its man page and usage text):
/// action words, single-dash options (a unique prefix stands for the whole word, so `-config`
/// is `-configuration`), `NAME=VALUE` build settings and `-NAME=VALUE` user defaults.
struct XcodebuildInvocation {
    /// What is asked for; `nil` is a build, which needs Xcode.
    enum Query: String {
        case showBuildSettings, list, version, showsdks, showdestinations, resolvePackageDependencies, usage, help
    }

    var query: Query?
    /// The action words, in order (`clean build`).
    var actions: [String] = []
    /// The honoured options' values, by xcodebuild's word (`project`, `configuration`, …).
    var values: [String: String] = [:]
    /// The honoured flags given (`json`, `alltargets`).
    var flags: Set<String> = []
    /// `NAME=VALUE` build settings, in order.
    var overrides: [String] = []
    /// `-NAME=VALUE` user defaults, in order.
    var userDefaults: [(name: String, value: String)] = []

    /// The action the settings are shown for: the first word other than `clean` (xcodebuild
    /// runs `clean` first), else `clean`, else `build`.
    var action: String { actions.first { $0 != "clean" } ?? actions.first ?? "build" }
}

enum XcodebuildGrammar {
    /// What a single-dash word does.
    enum Kind: Equatable {
        case query(XcodebuildInvocation.Query)
        /// A flag that changes what is printed.
        case flag
        /// An option whose value changes the settings.
        case value
        /// Accepted and ignored: nothing it does changes build settings.
        case ignoredFlag
        case ignoredValue
    }

    /// The action words of `xcodebuild [action ...]`.
    static let actionWords = [
        "build", "build-for-testing", "analyze", "archive", "test", "test-without-building", "docbuild", "installsrc", "install", "clean",
    ]

    /// Every option word, as xcodebuild spells it.
    static let options: [(word: String, kind: Kind)] = {
        var table: [(String, Kind)] = []
        for query in ["showBuildSettings", "list", "version", "showsdks", "showdestinations", "resolvePackageDependencies", "usage", "help"] {
            table.append((query, .query(XcodebuildInvocation.Query(rawValue: query)!)))
        }
        table += ["json", "alltargets"].map { ($0, Kind.flag) }
        table += ["project", "target", "configuration", "sdk", "arch", "xcconfig", "workspace", "scheme", "derivedDataPath", "destination",
                  "toolchain"].map { ($0, Kind.value) }
        table += [
            "quiet", "verbose", "parallelizeTargets", "allowProvisioningUpdates", "allowProvisioningDeviceRegistration",
            "skipPackagePluginValidation", "skipMacroValidation", "disableAutomaticPackageResolution",
            "onlyUsePackageVersionsFromResolvedFile", "skipPackageUpdates", "skipPackageSignatureValidation",
            "hideShellScriptEnvironment", "showBuildTimingSummary", "disablePackageRepositoryCache", "skipUnavailableActions",
            "exportArchive", "exportNotarizedApp", "exportLocalizations", "importLocalizations", "create-xcframework",
            "disable-concurrent-destination-testing", "run-tests-until-failure", "retry-tests-on-failure", "dry-run", "n",
            "checkFirstLaunchStatus", "runFirstLaunch", "showTestPlans", "showBuildSettingsForIndex",
        ].map { ($0, Kind.ignoredFlag) }
        table += [
            "jobs", "clonedSourcePackagesDirPath", "packageCachePath", "scmProvider", "packageAuthorizationProvider",
            "defaultPackageRegistryURL", "packageDependencySchemePreference", "testPlan", "resultBundlePath", "resultBundleVersion",
            "resultStreamPath", "archivePath", "exportPath", "exportOptionsPlist", "destination-timeout", "xctestrun",
            "testProductsPath", "enableCodeCoverage", "enableAddressSanitizer", "enableThreadSanitizer",
            "enableUndefinedBehaviorSanitizer", "testLanguage", "testRegion", "only-testing", "skip-testing",
            "only-test-configuration", "skip-test-configuration", "test-iterations", "test-timeouts-enabled",
            "default-test-execution-time-allowance", "maximum-test-execution-time-allowance", "parallel-testing-enabled",
            "parallel-testing-worker-count", "maximum-parallel-testing-workers", "maximum-concurrent-test-device-destinations",
            "maximum-concurrent-test-simulator-destinations", "collect-test-diagnostics", "authenticationKeyPath",
            "authenticationKeyID", "authenticationKeyIssuerID", "localizationPath", "exportLanguage", "framework", "library",
            "headers", "debug-symbols", "output", "buildLogPath",
        ].map { ($0, Kind.ignoredValue) }
        return table
    }()

    /// Reads `arguments` (without the program name).
    static func parse(_ arguments: [String]) throws(UsageError) -> XcodebuildInvocation {
        var invocation = XcodebuildInvocation()
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if actionWords.contains(argument) {
                invocation.actions.append(argument)
                continue
            }
            if !argument.hasPrefix("-") || argument == "-" {
                guard let equals = argument.firstIndex(of: "="), equals != argument.startIndex else {
                    throw UsageError("Unknown build action '\(argument)'" + ArgumentParser.didYouMean(argument, in: actionWords))
                }
                invocation.overrides.append(argument)
                continue
            }
            var word = String(argument.drop { $0 == "-" })
            if let equals = word.firstIndex(of: "=") {
                // A user default, `-IDEBuildLocationStyle=Custom`.
                invocation.userDefaults.append((String(word[..<equals]), String(word[word.index(after: equals)...])))
                continue
            }
            let (found, kind) = try option(named: word, written: argument)
            word = found
            switch kind {
            case .query(let query):
                if let given = invocation.query, given != query, !(given == .version && query == .showsdks) {
                    throw UsageError("-\(given.rawValue) and -\(query.rawValue) cannot be given together")
                }
                invocation.query = invocation.query ?? query
            case .flag:
                invocation.flags.insert(word)
            case .ignoredFlag:
                break
            case .value, .ignoredValue:
                guard index < arguments.count else { throw UsageError("The option '-\(word)' needs a value") }
                if kind == .value { invocation.values[word] = arguments[index] }
                index += 1
            }
        }
        return invocation
    }

    /// The option `word` names: itself, else the one option it is a prefix of.
    static func option(named word: String, written: String) throws(UsageError) -> (String, Kind) {
        if let exact = options.first(where: { $0.word == word }) { return exact }
        let candidates = word.isEmpty ? [] : options.filter { $0.word.hasPrefix(word) }
        if candidates.count == 1 { return candidates[0] }
        if candidates.count > 1 {
            throw UsageError("The option '\(written)' is ambiguous: " + candidates.map { "-" + $0.word }.joined(separator: ", "))
        }
        throw UsageError("Unknown option '\(written)'" + ArgumentParser.didYouMean(word, in: options.map(\.word), prefix: "-"))
    }

    /// The SDK and architecture a `-destination` specifier names, where they can be known
    /// without the machine: `platform=iOS Simulator,name=…`, `generic/platform=iOS`,
    /// `platform=macOS,arch=x86_64`. `id=…` names a device only the machine knows: no SDK.
    static func destination(_ specifier: String) -> (sdk: String?, arch: String?) {
        var sdk: String?
        var arch: String?
        for field in specifier.split(separator: ",") {
            var pair = field.split(separator: "=", maxSplits: 1).map { String($0) }
            guard pair.count == 2 else { continue }
            if pair[0].hasPrefix("generic/") { pair[0].removeFirst("generic/".count) }
            switch pair[0].lowercased() {
            case "platform":
                let name = pair[1].lowercased() == "os x" ? "macos" : pair[1].lowercased()
                sdk = ApplePlatform.all.first { $0.displayName.lowercased() == name || $0.name == name }?.name
            case "arch":
                arch = pair[1]
            default:
                continue
            }
        }
        return (sdk, arch)
    }
}
