import Testing
import XCConfig
@testable import XCConfigCLI

/// The `xcodebuild` entry: xcodebuild's own command lines, those recorded with each dump of
/// `shared/xcodebuild` (`commands.json`) and those the tools of its `CLIENTS.md` send, with
/// what each tool reads of the answer.
@Suite struct XcodebuildEntryTests {
    struct Run {
        var status: XCConfigCLI.ExitStatus
        var stdout: String
        var stderr: String
    }

    /// Runs `xcodebuild ARGUMENTS` in `folder`, as the tool run through a link named `xcodebuild`.
    static func xcodebuild(_ arguments: [String], in folder: String, environment: [String: String] = [:],
                           fileSystem: any FileSystem = RealFileSystem()) -> Run {
        let stdout = OutputSink.capture()
        let stderr = OutputSink.capture()
        let context = CommandContext(arguments: ["xcodebuild"] + arguments, environment: environment, currentDirectory: folder,
                                     fileSystem: fileSystem, standardOutput: stdout, standardError: stderr)
        let status = CommandLineTool.run(context)
        return Run(status: status, stdout: stdout.capturedText, stderr: stderr.capturedText)
    }

    static var directory: String? { XcodebuildParityTests.directory }

    /// Each dump's recorded command, from its folder's `commands.json`.
    static func recordedCommands(in directory: String) throws -> [(folder: String, dump: String, arguments: [String], xcodeVersion: String?)] {
        var commands: [(String, String, [String], String?)] = []
        for folder in try RealFileSystem().contents(ofDirectory: directory).sorted() {
            let file = Path.join(directory, folder + "/commands.json")
            guard RealFileSystem().kind(of: file) == .file else { continue }
            let json = try JSONValue.parse(String(decoding: try RealFileSystem().read(file), as: UTF8.self))
            let members = json.objectMembers ?? []
            let version = members.first { $0.key == "xcode_version" }.flatMap { member -> String? in
                if case .string(let text) = member.value { return text }
                return nil
            }
            guard let entries = members.first(where: { $0.key == "commands" })?.value.objectMembers else { continue }
            for entry in entries {
                guard case .array(let words) = entry.value else { continue }
                let arguments = words.compactMap { word -> String? in
                    if case .string(let text) = word { return text }
                    return nil
                }
                commands.append((folder, entry.key, arguments, version))
            }
        }
        return commands
    }

    /// xcbs "unexpanded" machine values before committing its dumps: for each of these names
    /// in turn, every occurrence of the setting's value in the whole output became the name
    /// (the pair's SOURCE.md). Done to our output, the two compare as the publisher's did.
    static let xcbsUnexpandedNames = [
        "DEVELOPER_DIR", "USER_APPS_DIR", "MODULE_CACHE_DIR", "OBJROOT", "SYMROOT", "SRCROOT", "CCHROOT", "USER_LIBRARY_DIR",
        "VERSION_INFO_BUILDER", "LEGACY_DEVELOPER_DIR", "PATH", "MAC_OS_X_PRODUCT_BUILD_VERSION", "MAC_OS_X_VERSION_ACTUAL",
        "MAC_OS_X_VERSION_MAJOR", "MAC_OS_X_VERSION_MINOR", "PLATFORM_PRODUCT_BUILD_VERSION", "XCODE_VERSION_ACTUAL",
        "XCODE_VERSION_MAJOR", "XCODE_VERSION_MINOR", "XCODE_PRODUCT_BUILD_VERSION",
    ]

    /// The DerivedData folder's name in a build folder: `CalculatorApp-<hash>`.
    static func derivedDataName(_ path: String) -> String? {
        guard let range = path.range(of: "/DerivedData/") else { return nil }
        return String(path[range.upperBound...].prefix { $0 != "/" })
    }

    static func xcbsUnexpanded(_ output: String) -> String {
        var output = output
        for name in xcbsUnexpandedNames {
            guard let value = XcodebuildParityTests.dumpSettings(output)[name], !value.isEmpty else { continue }
            output = output.replacingEvery(value, with: name)
        }
        return output
    }

    /// What the recorded commands print and we do not, by setting, and why. Each is a value
    /// of the publisher's machine, of a build step, or of an old Xcode's table not yet known.
    static let reasonsForMisses: [String: String] = [
        "CACHE_ROOT": "the user's cache folder (/var/folders/…/C), which only macOS knows (README: what cannot be known)",
        "CCHROOT": "the user's cache folder",
        "COMPOSITE_SDK_DIRS": "before Xcode 9, under the user's cache folder",
        "MAC_OS_X_PRODUCT_BUILD_VERSION": "the host's macOS (README)",
        "MAC_OS_X_VERSION_ACTUAL": "the host's macOS",
        "MAC_OS_X_VERSION_MAJOR": "the host's macOS",
        "MAC_OS_X_VERSION_MINOR": "the host's macOS",
        "PROJECT_GUID": "a hash whose input is not known",
        "ASSETCATALOG_FILTER_FOR_DEVICE_MODEL": "the run destination xcodebuild picked (the Mac it ran on)",
        "ASSETCATALOG_FILTER_FOR_DEVICE_OS_VERSION": "the run destination",
        "ASSETCATALOG_FILTER_FOR_THINNING_DEVICE_CONFIGURATION": "the run destination",
        "TARGET_DEVICE_MODEL": "the run destination",
        "TARGET_DEVICE_OS_VERSION": "the run destination",
        "TARGET_DEVICE_PLATFORM_NAME": "the run destination",
        "DEPLOYMENT_TARGET_SUGGESTED_VALUES": "the deployment targets each old SDK suggested are not tabulated",
        "PLATFORM_PRODUCT_BUILD_VERSION": "the builds of Xcode 9.3's SDKs are not tabulated; Xcode 7.0 gave macOS its own build",
        "SDK_PRODUCT_BUILD_VERSION": "the builds of Xcode 9.3's SDKs are not tabulated",
        "SKIP_INSTALL": "Xcode 7 test bundles skipped installing; the product-type tables are today's",
        "PRODUCT_TYPE_FRAMEWORK_SEARCH_PATHS": "Xcode 7 test bundles: one space less than today's `$(inherited) $(TEST_FRAMEWORK_SEARCH_PATHS)`",
        "PRODUCT_SPECIFIC_LDFLAGS": "Xcode 7 test bundles: one space less than today's table",
        "DEAD_CODE_STRIPPING": "Xcode 6 and 7 product-type defaults differ from today's",
        "XPCSERVICES_FOLDER_PATH": "Xcode 6 and 7 printed it for static libraries too",
        "SHALLOW_BUNDLE": "Xcode 6 and 7 printed NO for static libraries",
        "ENTITLEMENTS_REQUIRED": "Xcode 7's test bundles on a device required none",
        "ENABLE_BITCODE": "Xcode 7's test bundles on a device built no bitcode",
        "GCC_SYMBOLS_PRIVATE_EXTERN": "Xcode 9.3 printed NO for Debug and YES for Release of the same app, by a rule not yet known",
        "ARCHS_UNIVERSAL_IPHONE_OS": "Xcode 7.2's tvOS simulator still printed it",
        "PLATFORM_DEVELOPER_LIBRARY_DIR": "Xcode 6.4's simulator and 7.0's macOS platform kept it elsewhere than other platforms",
        "PLATFORM_DEVELOPER_USR_DIR": "Xcode 7.0's macOS platform kept its developer folders in the Developer folder",
        "PLATFORM_DEVELOPER_BIN_DIR": "Xcode 7.0's macOS platform kept its developer folders in the Developer folder",
        "PLATFORM_DEVELOPER_TOOLS_DIR": "Xcode 7.0's macOS platform kept its developer folders in the Developer folder",
        "PLATFORM_DEVELOPER_APPLICATIONS_DIR": "Xcode 7.0's macOS platform kept its developer folders in the Developer folder",
        "PLATFORM_DISPLAY_NAME": "macOS was OS X until Xcode 8",
        "SWIFT_PLATFORM_TARGET_PREFIX": "macOS's triple was macosx in Xcode 7",
        "STRINGS_FILE_OUTPUT_ENCODING": "Xcode 7's macOS platform defaults",
        "PLIST_FILE_OUTPUT_FORMAT": "Xcode 7's macOS platform defaults",
        "INFOPLIST_OUTPUT_FORMAT": "Xcode 7's macOS platform defaults",
        "DEFAULT_KEXT_INSTALL_PATH": "Xcode 7's macOS platform defaults",
        "SDK_VERSION_MAJOR": "macOS 10.11's major version number counted its minor part",
        "SUPPORTED_PLATFORMS": "Xcode 6.4 listed the iOS simulator first",
        "SUPPORTED_DEVICE_FAMILIES": "Xcode 6.4 separated them with a space",
        "PLATFORM_PREFERRED_ARCH": "Xcode 6.4's iOS simulator preferred i386",
        "NATIVE_ARCH": "Xcode 6.4's iOS simulator native architecture",
        "ALWAYS_USE_SEPARATE_HEADERMAPS": "an Xcode 6.4 default",
        "GCC_ENABLE_SYMBOL_SEPARATION": "an Xcode 6.4 default",
        "HEADERMAP_USES_VFS": "Xcode 7.2's frameworks used a VFS for their header maps",
        "SHARED_PRECOMPS_DIR": "Xcode 9.4.1 named the folder under a project's own build folder otherwise",
        "COLOR_DIAGNOSTICS": "the terminal xcodebuild of the 9.0 beta ran in",
        "diagnostic_message_length": "the terminal's width",
        "TARGET_DEVICE_IDENTIFIER": "the run destination",
        "SDK_STAT_CACHE_PATH": "a hash of the SDK whose input is not known",
        "SDK_DIR": "Xcode 7.2's tvOS simulator: the unversioned SDK's path for a framework, the versioned one for its tests",
        "SDK_DIR_appletvsimulator9_1": "Xcode 7.2's tvOS simulator: the versioned SDK's path, beside an unversioned SDKROOT",
        "HEADER_SEARCH_PATHS": "Xcode 6.4 searched the toolchain's headers",
    ]

    /// Every recorded command runs through the entry with status 0 and prints a settings
    /// block, and at least 90% of what the dumps print equals it (the machine's values given
    /// as xcodebuild takes them: in the environment, and the Xcode version).
    @Test(.enabled(if: XcodebuildEntryTests.directory != nil, "shared/xcodebuild is absent"))
    func everyRecordedCommandRuns() throws {
        let directory = try #require(Self.directory)
        let commands = try Self.recordedCommands(in: directory)
        #expect(commands.count == 14, "the shared dumps hold 14 commands")
        var total = 0, equal = 0, xcode26Total = 0, xcode26Equal = 0
        var missed: [String: [String]] = [:]
        for command in commands {
            let folder = Path.join(directory, command.folder)
            var dump = XcodebuildParityTests.dumpSettings(String(decoding: try RealFileSystem().read(Path.join(folder, command.dump)), as: UTF8.self))
            var environment: [String: String] = [:]
            for name in XcodeDefaults.environmentNames + ["DEVELOPER_DIR"] {
                if let value = dump[name], value.hasPrefix("/") || name != "DEVELOPER_DIR" { environment[name] = value }
            }
            for (placeholder, value) in XcodebuildParityTests.placeholders {
                for (name, current) in environment { environment[name] = current.replacingEvery(placeholder, with: value) }
            }
            // The Xcode 6.4 dump prints no HOME; its user's Library folder is in it.
            if environment["HOME"] == nil, let library = dump["USER_LIBRARY_DIR"], library.hasSuffix("/Library") {
                environment["HOME"] = Path.directory(of: library)
            }
            if let version = command.xcodeVersion ?? dump["XCODE_PRODUCT_BUILD_VERSION"] { environment["XCCONFIG_XCODE_VERSION"] = version }
            let run = Self.xcodebuild(command.arguments, in: folder, environment: environment)
            #expect(run.status == .success, "\(command.folder)/\(command.dump): \(run.stderr)")
            #expect(run.stdout.contains("Build settings for action build and target "), "\(command.folder)/\(command.dump)")
            let isXcbs = command.folder.hasPrefix("xcbs-")
            var ours = XcodebuildParityTests.dumpSettings(isXcbs ? Self.xcbsUnexpanded(run.stdout) : run.stdout)
            if command.folder.contains("xcodebuildmcp") {
                // Its harness trimmed trailing whitespace (SOURCE.md); so do we, on both sides.
                ours = ours.mapValues(XcodebuildParityTests.trimmedTrailingSpaces)
                dump = dump.mapValues(XcodebuildParityTests.trimmedTrailingSpaces)
            }
            // The two machines written alike: the publisher's placeholders as the environment
            // gave them, the DerivedData folders' names (a hash of each project's path), and
            // the project folders (and their parents, where Flutter's build folder lies),
            // except in xcbs's, which names them SRCROOT. A value still holding a placeholder
            // is left out.
            var alike: [(String, String)] = XcodebuildParityTests.placeholders.map { ($0.key, $0.value) }
            if let theirs = dump["BUILD_DIR"], let mine = ours["BUILD_DIR"], let their = Self.derivedDataName(theirs), let my = Self.derivedDataName(mine) {
                alike.append(("/DerivedData/" + their + "/", "/DerivedData/" + my + "/"))
            }
            let theirRoot = isXcbs ? nil : dump["PROJECT_DIR"]
            for (name, value) in dump {
                var value = value
                for (old, new) in alike { value = value.replacingEvery(old, with: new) }
                guard !value.contains("<") else { continue }
                total += 1
                var expected = [value]
                if let theirRoot {
                    let rooted = value.replacingEvery(theirRoot, with: folder)
                    expected = [rooted, rooted.replacingEvery(Path.directory(of: theirRoot), with: Path.directory(of: folder))]
                }
                let matches = ours[name].map(expected.contains) ?? false
                if matches { equal += 1 } else { missed[name, default: []].append(command.folder + "/" + command.dump) }
                if command.folder.contains("xcode26") {
                    xcode26Total += 1
                    if matches { xcode26Equal += 1 }
                }
            }
        }
        for (name, dumps) in missed.sorted(by: { $0.key < $1.key }) where Self.reasonsForMisses[name] == nil {
            Issue.record("\(name) differs in \(dumps.joined(separator: ", "))")
        }
        #expect(Double(equal) >= 0.90 * Double(total), "\(equal) of \(total)")
        #expect(Double(xcode26Equal) >= 0.97 * Double(xcode26Total), "Xcode 26.4: \(xcode26Equal) of \(xcode26Total)")
    }

    /// Xcode 9 and earlier print the legacy build system's tables: each value here is the Xcode
    /// 7.0 macOS dump's.
    @Test(.enabled(if: XcodebuildEntryTests.directory != nil, "shared/xcodebuild is absent"))
    func oldXcodesPrintTheLegacyTables() throws {
        let folder = Path.join(try #require(Self.directory), "xctool-macos-app-xcode7.0")
        let dump = XcodebuildParityTests.dumpSettings(String(decoding: try RealFileSystem().read(Path.join(folder, "dump.txt")), as: UTF8.self))
        let run = Self.xcodebuild(["build", "-showBuildSettings", "-project", "TestProject-App-OSX.xcodeproj"], in: folder,
                                  environment: ["XCCONFIG_XCODE_VERSION": "7.0"])
        let ours = XcodebuildParityTests.dumpSettings(run.stdout)
        for name in ["CHOWN", "APPLE_INTERNAL_DIR", "AVAILABLE_PLATFORMS", "DEPLOYMENT_TARGET_CLANG_FLAG_NAME", "ENABLE_BITCODE",
                     "NATIVE_ARCH", "NATIVE_ARCH_64_BIT", "STRIP_INSTALLED_PRODUCT", "LOCROOT",
                     "EXCLUDED_RECURSIVE_SEARCH_PATH_SUBDIRECTORIES", "ONLY_ACTIVE_ARCH", "ENABLE_TESTABILITY"] {
            #expect(dump[name] != nil && ours[name] == dump[name], "\(name): '\(ours[name] ?? "(not printed)")', Xcode 7.0 printed '\(dump[name] ?? "")'")
        }
        #expect(ours["DEPLOYMENT_TARGET_CLANG_FLAG_PREFIX"] == nil && dump["DEPLOYMENT_TARGET_CLANG_FLAG_PREFIX"] == nil)
    }

    /// What the build system computes from resolved values, each as a dump prints it: the
    /// Info.plist path, the legacy build system's last architecture and its link file lists,
    /// Xcode 9's 64-bit-only standard architectures for iOS 11, intermediates in a project's own
    /// SYMROOT, and Xcode 26's Swift language mode, debug-build flag and package search paths.
    @Test(.enabled(if: XcodebuildEntryTests.directory != nil, "shared/xcodebuild is absent"))
    func valuesTheBuildSystemComputesFromOthers() throws {
        let directory = try #require(Self.directory)
        func compare(_ folder: String, _ arguments: [String], version: String, names: [String], dumpFile: String = "dump.txt") throws {
            let folder = Path.join(directory, folder)
            let dump = XcodebuildParityTests.dumpSettings(String(decoding: try RealFileSystem().read(Path.join(folder, dumpFile)), as: UTF8.self))
            let run = Self.xcodebuild(arguments, in: folder, environment: ["XCCONFIG_XCODE_VERSION": version, "HOME": "/Users/tester"])
            let ours = XcodebuildParityTests.dumpSettings(run.stdout)
            // xcbs's dumps name their root SRCROOT; the others' roots are written alike.
            let theirRoot = dump["PROJECT_DIR"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            for name in names {
                var expected = try #require(dump[name], "\(name) is in the dump")
                if let theirRoot {
                    expected = expected.replacingEvery(theirRoot, with: folder).replacingEvery(Path.directory(of: theirRoot), with: Path.directory(of: folder))
                }
                #expect(ours[name] == expected, "\(folder): \(name) = '\(ours[name] ?? "(not printed)")', the dump's '\(expected)'")
            }
        }
        try compare("xctool-ios-staticlib-xcode7.0", ["-showBuildSettings", "-target", "TestProject-LibraryTests", "-sdk", "iphoneos9.0", "-configuration", "Debug"],
                    version: "7.0", names: ["CURRENT_ARCH", "arch", "LINK_FILE_LIST_normal_armv7", "LINK_FILE_LIST_normal_armv7s", "PRODUCT_SETTINGS_PATH"],
                    dumpFile: "dump-LibraryTests-iphoneos-Debug.txt")
        try compare("flutter-runner-objc-xcode9.4.1", ["-project", "Runner.xcodeproj", "-target", "Runner", "-showBuildSettings"], version: "9.4.1",
                    names: ["OBJROOT", "TARGET_TEMP_DIR", "ARCHS_STANDARD", "CURRENT_ARCH"])
        try compare("xcbs-ios-app-3configs-xcode9.3", ["-project", "Test Project.xcodeproj", "-scheme", "Test Project", "-configuration", "Debug", "-showBuildSettings"],
                    version: "9.3", names: ["ARCHS", "ARCHS_STANDARD", "ARCHS_STANDARD_INCLUDING_64_BIT", "CURRENT_ARCH", "IPHONEOS_DEPLOYMENT_TARGET"])
        try compare("xcodebuildmcp-ios-calculator-xcode26.4", ["-showBuildSettings", "-workspace", "CalculatorApp.xcworkspace", "-scheme", "CalculatorApp"],
                    version: "26.4", names: ["EFFECTIVE_SWIFT_VERSION", "IS_UNOPTIMIZED_BUILD", "PRODUCT_SETTINGS_PATH", "CURRENT_ARCH"])
    }

    /// A project's `SYMROOT = $(SOURCE_ROOT)/../build/ios` (Flutter's) prints as a standard path,
    /// and so does every build location under it, as in the Xcode 9.4.1 dump.
    @Test(.enabled(if: XcodebuildEntryTests.directory != nil, "shared/xcodebuild is absent"))
    func theBuildLocationIsAStandardPath() throws {
        let folder = Path.join(try #require(Self.directory), "flutter-runner-objc-xcode9.4.1")
        let dump = XcodebuildParityTests.dumpSettings(String(decoding: try RealFileSystem().read(Path.join(folder, "dump.txt")), as: UTF8.self))
        let run = Self.xcodebuild(["-project", "Runner.xcodeproj", "-target", "Runner", "-showBuildSettings"], in: folder,
                                  environment: ["XCCONFIG_XCODE_VERSION": "9.4.1"])
        let ours = XcodebuildParityTests.dumpSettings(run.stdout)
        // Their project folder's parent and ours, written alike.
        let theirParent = Path.directory(of: try #require(dump["PROJECT_DIR"]))
        for name in ["SYMROOT", "BUILD_DIR", "BUILD_ROOT", "BUILT_PRODUCTS_DIR", "CONFIGURATION_BUILD_DIR", "CODESIGNING_FOLDER_PATH"] {
            let expected = try #require(dump[name]).replacingEvery(theirParent, with: Path.directory(of: folder))
            #expect(ours[name] == expected, "\(name)")
        }
    }

    /// The user defaults that move the build folders: a DerivedData location of one's own, the
    /// project's `build` folder, custom paths; `-derivedDataPath` wins. The xctool dump's
    /// misspelt `DeterminedByTarget` leaves the DerivedData folder, as that dump shows.
    @Test(.enabled(if: XcodebuildEntryTests.directory != nil, "shared/xcodebuild is absent"))
    func userDefaultsMoveTheBuildFolders() throws {
        let folder = Self.calculator(try #require(Self.directory))
        func settings(_ extra: [String]) -> [String: String] {
            let run = Self.xcodebuild(["-showBuildSettings", "-project", "CalculatorApp.xcodeproj", "-target", "CalculatorApp"] + extra, in: folder,
                                      environment: ["HOME": "/Users/tester"])
            return XcodebuildParityTests.dumpSettings(run.stdout)
        }
        let located = settings(["-IDECustomDerivedDataLocation=/tmp/DD"])
        #expect(located["BUILD_DIR"]?.hasPrefix("/tmp/DD/CalculatorApp-") == true && located["BUILD_DIR"]?.hasSuffix("/Build/Products") == true)
        #expect(located["MODULE_CACHE_DIR"] == "/tmp/DD/ModuleCache.noindex")
        let legacy = settings(["-IDEBuildLocationStyle=DeterminedByTargets"])
        #expect(legacy["SYMROOT"] == folder + "/build" && legacy["OBJROOT"] == folder + "/build")
        // Without -configuration, the project's default one, Release.
        #expect(legacy["BUILT_PRODUCTS_DIR"] == folder + "/build/Release-iphoneos")
        let custom = settings(["-IDEBuildLocationStyle=Custom", "-IDECustomBuildLocationType=Absolute",
                               "-IDECustomBuildProductsPath=/tmp/P", "-IDECustomBuildIntermediatesPath=/tmp/I"])
        #expect(custom["SYMROOT"] == "/tmp/P" && custom["OBJROOT"] == "/tmp/I")
        let relative = settings(["-IDEBuildLocationStyle=Custom", "-IDECustomBuildLocationType=RelativeToWorkspace",
                                 "-IDECustomBuildProductsPath=out/products"])
        #expect(relative["SYMROOT"] == folder + "/out/products")
        let explicit = settings(["-IDEBuildLocationStyle=DeterminedByTargets", "-derivedDataPath", "/tmp/explicit"])
        #expect(explicit["SYMROOT"] == "/tmp/explicit/Build/Products")
        let misspelt = settings(["-IDEBuildLocationStyle=DeterminedByTarget"])
        #expect(misspelt["BUILD_DIR"]?.contains("/Library/Developer/Xcode/DerivedData/CalculatorApp-") == true)
    }

    /// With `-workspace`, WORKSPACE_DIR is the workspace's folder, as the Xcode 26.4 dump (the
    /// calculator's workspace beside its project) prints it.
    @Test(.enabled(if: XcodebuildEntryTests.directory != nil, "shared/xcodebuild is absent"))
    func aWorkspacesFolderIsWorkspaceDir() throws {
        let folder = Self.calculator(try #require(Self.directory))
        let dump = XcodebuildParityTests.dumpSettings(String(decoding: try RealFileSystem().read(Path.join(folder, "dump.txt")), as: UTF8.self))
        #expect(dump["WORKSPACE_DIR"] != nil && dump["WORKSPACE_DIR"] == dump["PROJECT_DIR"])
        let run = Self.xcodebuild(["-showBuildSettings", "-workspace", "CalculatorApp.xcworkspace", "-scheme", "CalculatorApp"], in: folder)
        #expect(XcodebuildParityTests.dumpSettings(run.stdout)["WORKSPACE_DIR"] == folder)
    }

    /// The grammar: action words, prefixes, ignored options and user defaults, refused words.
    @Test func xcodebuildsGrammarIsReadAsXcodebuildReadsIt() throws {
        let invocation = try XcodebuildGrammar.parse([
            "test", "-showBuildSettings", "-config", "Release", "-quiet", "-jobs", "4", "-IDEBuildLocationStyle=Custom",
            "-clonedSourcePackagesDirPath", "SourcePackages", "-skipMacroValidation", "OTHER_CFLAGS=-DX", "-json",
        ])
        #expect(invocation.query == .showBuildSettings)
        #expect(invocation.action == "test")
        #expect(invocation.values["configuration"] == "Release")
        #expect(invocation.flags == ["json"])
        #expect(invocation.overrides == ["OTHER_CFLAGS=-DX"])
        #expect(invocation.userDefaults.map(\.name) == ["IDEBuildLocationStyle"])
        #expect(try XcodebuildGrammar.parse(["clean", "build", "-showBuildSettings"]).action == "build")
        #expect(throws: UsageError.self) { try XcodebuildGrammar.parse(["-destinatoin", "x"]) }
        #expect(throws: UsageError.self) { try XcodebuildGrammar.parse(["-s"]) }
        #expect(throws: UsageError.self) { try XcodebuildGrammar.parse(["bulid"]) }
    }

    /// An unknown option is named whole, with a did-you-mean, and the status is xcodebuild's 64.
    @Test func anUnknownOptionIsNamedWhole() throws {
        let run = Self.xcodebuild(["-showBuildSettings", "-destinatoin", "generic/platform=iOS"], in: "/")
        #expect(run.status == XcodebuildCommand.usageStatus)
        #expect(run.stderr.contains("'-destinatoin'"))
        #expect(run.stderr.contains("did you mean '-destination'?"))
    }

    @Test func destinationsNameTheSDKAndArchitecture() {
        #expect(XcodebuildGrammar.destination("platform=iOS Simulator,name=iPhone 16,OS=latest").sdk == "iphonesimulator")
        #expect(XcodebuildGrammar.destination("generic/platform=iOS").sdk == "iphoneos")
        #expect(XcodebuildGrammar.destination("generic/platform=ios").sdk == "iphoneos")
        #expect(XcodebuildGrammar.destination("generic/platform=visionOS Simulator").sdk == "xrsimulator")
        let mac = XcodebuildGrammar.destination("platform=macOS,arch=x86_64")
        #expect(mac.sdk == "macosx" && mac.arch == "x86_64")
        #expect(XcodebuildGrammar.destination("id=00008110-001A2C3E0A38801E").sdk == nil)
    }

    /// Any Xcode version: a tabulated one as it is, another with the nearest one's tables.
    @Test func anyXcodeVersionIsAccepted() throws {
        #expect(XcodeRelease.matching("26.4")?.build == "17E192")
        let between = try #require(XcodeRelease.matching("26.2"))
        #expect(between.versionActual == "2620" && between.sdkVersions["iphoneos"] == "26.0")
        #expect(XcodeRelease.matching("15.0")?.sdkVersions["iphoneos"] == "18.5")
        #expect(XcodeRelease.matching("5.1.1")?.versionActual == "0511")
        #expect(XcodeRelease.matching("5.1.1")?.build == "6E35b")
        #expect(XcodeRelease.matching("latest") == nil)
        // 16.3 takes the tables (and build) of 16.4, the nearest tabulated release.
        let run = Self.xcodebuild(["-version"], in: "/", environment: ["XCCONFIG_XCODE_VERSION": "16.3"])
        #expect(run.stdout == "Xcode 16.3\nBuild version 16F6\n")
    }

    // MARK: The clients of CLIENTS.md

    static func calculator(_ directory: String) -> String { Path.join(directory, "xcodebuildmcp-ios-calculator-xcode26.4") }

    /// fastlane: `-resolvePackageDependencies` must succeed before it asks for the settings, and
    /// it reads `K = value` lines of the merged output.
    @Test(.enabled(if: XcodebuildEntryTests.directory != nil, "shared/xcodebuild is absent"))
    func fastlanesCallsSucceed() throws {
        let folder = Self.calculator(try #require(Self.directory))
        let resolve = Self.xcodebuild(["-resolvePackageDependencies", "-workspace", "CalculatorApp.xcworkspace", "-scheme", "CalculatorApp",
                                       "-scmProvider", "system", "-disableAutomaticPackageResolution", "-skipPackageUpdates"], in: folder)
        #expect(resolve.status == .success, "\(resolve.stderr)")
        let settings = Self.xcodebuild(["-showBuildSettings", "-workspace", "CalculatorApp.xcworkspace", "-scheme", "CalculatorApp",
                                        "-configuration", "Debug", "-scmProvider", "system", "-clonedSourcePackagesDirPath", "/tmp/x",
                                        "-packageCachePath", "/tmp/y", "-disableAutomaticPackageResolution", "-skipPackageUpdates"], in: folder)
        let values = XcodebuildParityTests.dumpSettings(settings.stdout + settings.stderr)
        #expect(values["PRODUCT_BUNDLE_IDENTIFIER"] == "io.sentry.calculatorapp")
        #expect(values["CONFIGURATION"] == "Debug")
        #expect(values["PLATFORM_NAME"] == "iphoneos")
    }

    /// xcode-build-server: `-list -json` gives `workspace.schemes[0]`, then `-json` settings give
    /// `[0].buildSettings.SYMROOT`.
    @Test(.enabled(if: XcodebuildEntryTests.directory != nil, "shared/xcodebuild is absent"))
    func xcodeBuildServersCallsSucceed() throws {
        let folder = Self.calculator(try #require(Self.directory))
        let list = Self.xcodebuild(["-list", "-json", "-workspace", "CalculatorApp.xcworkspace"], in: folder)
        #expect(list.status == .success)
        let workspace = try #require(try JSONValue.parse(list.stdout).objectMembers?.first { $0.key == "workspace" }?.value.objectMembers)
        guard case .array(let schemes)? = workspace.first(where: { $0.key == "schemes" })?.value else { Issue.record("no schemes"); return }
        #expect(schemes.first == .string("CalculatorApp"))
        let settings = Self.xcodebuild(["-showBuildSettings", "-json", "-workspace", "CalculatorApp.xcworkspace", "-scheme", "CalculatorApp"], in: folder)
        #expect(settings.status == .success)
        guard case .array(let blocks) = try JSONValue.parse(settings.stdout) else { Issue.record("not an array"); return }
        let first = try #require(blocks.first?.objectMembers)
        let build = try #require(first.first { $0.key == "buildSettings" }?.value.objectMembers)
        guard case .string(let symroot)? = build.first(where: { $0.key == "SYMROOT" })?.value else { Issue.record("no SYMROOT"); return }
        #expect(symroot.hasSuffix("/Build/Products"))
    }

    /// XcodeBuildMCP's app-path tool always passes `-destination`; it reads BUILT_PRODUCTS_DIR and
    /// FULL_PRODUCT_NAME.
    @Test(.enabled(if: XcodebuildEntryTests.directory != nil, "shared/xcodebuild is absent"))
    func xcodeBuildMCPsCallsSucceed() throws {
        let folder = Self.calculator(try #require(Self.directory))
        let run = Self.xcodebuild(["-showBuildSettings", "-workspace", "CalculatorApp.xcworkspace", "-scheme", "CalculatorApp", "-configuration",
                                   "Debug", "-destination", "platform=iOS Simulator,name=iPhone 16,OS=latest"], in: folder)
        #expect(run.status == .success, "\(run.stderr)")
        let values = XcodebuildParityTests.dumpSettings(run.stdout)
        #expect(values["BUILT_PRODUCTS_DIR"]?.hasSuffix("/Build/Products/Debug-iphonesimulator") == true)
        #expect(values["FULL_PRODUCT_NAME"] == "CalculatorApp.app")
        #expect(values["SDKROOT"]?.contains("iPhoneSimulator") == true)
        #expect(!run.stdout.contains("Build settings from command line"), "a destination's SDK is not echoed")
    }

    /// React Native: `-list -json` in the project's folder, then `-sdk … -showBuildSettings -json`,
    /// whose status must be 0 even when an xcconfig it names is not there (Pods not installed).
    @Test(.enabled(if: XcodebuildEntryTests.directory != nil, "shared/xcodebuild is absent"))
    func reactNativesCallsSucceed() throws {
        let folder = Self.calculator(try #require(Self.directory))
        let list = Self.xcodebuild(["-list", "-json", "-project", "CalculatorApp.xcodeproj"], in: folder)
        let project = try #require(try JSONValue.parse(list.stdout).objectMembers?.first { $0.key == "project" }?.value.objectMembers)
        #expect(project.map(\.key) == ["configurations", "name", "schemes", "targets"])
        // The project without the base xcconfig of its Debug configuration, as a checkout
        // whose generated xcconfig is not there yet.
        var files: [String: String] = [:]
        func copy(_ path: String) throws {
            for name in try RealFileSystem().contents(ofDirectory: path) {
                let child = Path.join(path, name)
                if RealFileSystem().kind(of: child) == .directory { try copy(child) } else if !child.hasSuffix("Config/Debug.xcconfig") {
                    files[child] = String(decoding: try RealFileSystem().read(child), as: UTF8.self)
                }
            }
        }
        try copy(folder)
        let memory = InMemoryFileSystem(currentDirectory: folder, files: files)
        let run = Self.xcodebuild(["-workspace", "CalculatorApp.xcworkspace", "-scheme", "CalculatorApp", "-sdk", "iphonesimulator",
                                   "-configuration", "Debug", "-showBuildSettings", "-json"], in: folder, fileSystem: memory)
        #expect(run.stderr.contains("Debug.xcconfig"), "the missing file is reported")
        #expect(run.status == .success, "\(run.stderr)")
        #expect(run.stdout.hasPrefix("["))
    }

    /// codemagic: `-config C` stands for `-configuration C`.
    @Test(.enabled(if: XcodebuildEntryTests.directory != nil, "shared/xcodebuild is absent"))
    func codemagicsAbbreviationWorks() throws {
        let folder = Path.join(try #require(Self.directory), "xcbs-ios-app-3configs-xcode9.3")
        let run = Self.xcodebuild(["-project", "Test Project.xcodeproj", "-target", "Test Project", "-config", "Other Configuration",
                                   "-showBuildSettings", "-json"], in: folder)
        #expect(run.status == .success, "\(run.stderr)")
        #expect(run.stdout.contains("\"CONFIGURATION\" : \"Other Configuration\""))
    }

    /// An action word sets ACTION and the header.
    @Test(.enabled(if: XcodebuildEntryTests.directory != nil, "shared/xcodebuild is absent"))
    func anActionWordSetsActionAndTheHeader() throws {
        let folder = Self.calculator(try #require(Self.directory))
        let run = Self.xcodebuild(["test", "-showBuildSettings", "-project", "CalculatorApp.xcodeproj", "-target", "CalculatorApp"], in: folder)
        #expect(run.stdout.hasPrefix("Build settings for action test and target CalculatorApp:\n"))
        #expect(XcodebuildParityTests.dumpSettings(run.stdout)["ACTION"] == "test")
    }
}
