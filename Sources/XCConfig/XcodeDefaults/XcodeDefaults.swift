import XCConfigSyntax

/// The settings Xcode itself defines for a target, at the levels where Xcode defines them,
/// lowest first: the build system's defaults with the facts about Xcode, the machine and the
/// build location; the product type's and package type's; the platform's and SDK's. Above the
/// project and target levels, `SDKROOT` becomes the SDK's path, as `xcodebuild` prints it.
///
/// Without them, a project's settings resolve as if Xcode defined nothing: `$(ARCHS_STANDARD)`,
/// `$(EXECUTABLE_NAME)` or `$(SWIFT_VERSION_$(XCODE_VERSION_MAJOR))` come out empty. Set
/// ``StackInputs/xcodeDefaults`` (the command line does with `--project`) to add them.
public struct XcodeDefaults: Sendable {
    /// The Xcode release whose versions and SDKs are assumed (`--xcode-version`).
    public var release: XcodeRelease
    /// `DEVELOPER_DIR`: the Xcode install's `Contents/Developer` (`--developer-dir`).
    public var developerDirectory: String
    /// The project's DerivedData folder (`xcodebuild -derivedDataPath`); `nil` for Xcode's
    /// default, `$HOME/Library/Developer/Xcode/DerivedData/<Name>-<hash>`.
    public var derivedDataPath: String?
    /// The folder holding every project's DerivedData folder (the `IDECustomDerivedDataLocation`
    /// user default); `nil` for `~/Library/Developer/Xcode/DerivedData`.
    public var derivedDataLocation: String?
    /// Where products and intermediates go instead of the DerivedData folder (the
    /// `IDEBuildLocationStyle` user defaults); `nil` for the DerivedData folder.
    public var buildLocation: BuildLocation?

    /// Where a build puts its products (`SYMROOT`) and intermediates (`OBJROOT`).
    public enum BuildLocation: Sendable, Hashable {
        /// `<project folder>/build` for both, as Xcode 3 did.
        case projectBuildFolder
        /// Paths below the DerivedData folder or the project's folder, or absolute ones.
        case custom(products: String, intermediates: String, relativeTo: Base)

        public enum Base: Sendable, Hashable { case derivedData, project, absolute }

        var key: String { "\(self)" }
    }
    /// The variables Xcode takes from its environment: USER, HOME, PATH, UID, GID, GROUP.
    public var environment: [String: String]
    /// The machine's architecture (`HOST_ARCH`, `NATIVE_ARCH`): a current Mac's by default.
    public var hostArchitecture: String
    /// `ACTION`: the build action xcodebuild runs (`build`, `test`, `archive`, `clean`, …).
    public var action: String = "build"
    /// The levels made so far, by everything they depend on: every target × configuration of
    /// a project shares them (sorting them again for each cost a third of resolving one).
    private let madeLevels = Locked<[String: [DictionaryEntry]]>([:])

    /// The variables of the environment Xcode defines as settings.
    public static let environmentNames = ["GID", "GROUP", "HOME", "PATH", "UID", "USER"]
    /// Where Xcode is installed unless `DEVELOPER_DIR` or `xcode-select` say otherwise.
    public static let defaultDeveloperDirectory = "/Applications/Xcode.app/Contents/Developer"

    public init(
        release: XcodeRelease = .current,
        developerDirectory: String = XcodeDefaults.defaultDeveloperDirectory,
        derivedDataPath: String? = nil,
        environment: [String: String] = [:],
        hostArchitecture: String = "arm64"
    ) {
        self.release = release
        self.developerDirectory = developerDirectory
        self.derivedDataPath = derivedDataPath
        self.environment = environment
        self.hostArchitecture = hostArchitecture
    }

    /// An SDK of a platform: what `SDKROOT` or `--sdk` names.
    public struct SDK: Sendable, Hashable {
        public var platform: ApplePlatform
        /// `26.4`.
        public var version: String
        public init(platform: ApplePlatform, version: String) {
            self.platform = platform
            self.version = version
        }
        /// The canonical name, `iphoneos26.4`: `SDK_NAME` and the first value of the `sdk` condition.
        public var canonicalName: String { platform.name + version }
    }

    /// The SDK `name` selects: a platform name (`iphoneos`, the release's SDK), a canonical
    /// name (`iphoneos17.0`) or an SDK's path (`…/iPhoneOS17.0.sdk`); `nil` when it names no
    /// platform Xcode ships. An empty name is macOS, as in Xcode.
    public func sdk(named name: String) -> SDK? {
        var text = name
        if text.isEmpty { text = "macosx" }
        if text.hasSuffix(".sdk") || text.contains("/") {
            var file = Path.basename(text)
            if file.hasSuffix(".sdk") { file.removeLast(4) }
            for platform in ApplePlatform.all where file.lowercased().hasPrefix(platform.directoryName.lowercased()) {
                let version = String(file.dropFirst(platform.directoryName.count))
                return SDK(platform: platform, version: version.isEmpty ? release.sdkVersions[platform.family] ?? "" : version)
            }
            return nil
        }
        // The longest platform name that prefixes the text, so `iphonesimulator` is not `iphoneos`.
        let candidates = ApplePlatform.all.filter { text.hasPrefix($0.name) }
        guard let platform = candidates.max(by: { $0.name.count < $1.name.count }) else { return nil }
        let version = String(text.dropFirst(platform.name.count))
        guard version.isEmpty || version.first!.isNumber else { return nil }
        return SDK(platform: platform, version: version.isEmpty ? release.sdkVersions[platform.family] ?? "" : version)
    }

    /// The path of `sdk` in the Xcode install: `$(DEVELOPER_DIR)/Platforms/iPhoneOS.platform/Developer/SDKs/iPhoneOS26.4.sdk`.
    /// Xcode 7.2 installed the tvOS simulator's SDK without its version (`AppleTVSimulator.sdk`),
    /// as its dumps print it.
    public func path(of sdk: SDK) -> String {
        let unversioned = sdk.platform.name == "appletvsimulator" && release.major == 7 && release.isAtLeast(7, 2)
        return platformDirectory(sdk.platform) + "/Developer/SDKs/" + sdk.platform.directoryName + (unversioned ? "" : sdk.version) + ".sdk"
    }

    /// The folder of `platform` in the Xcode install: `$(DEVELOPER_DIR)/Platforms/iPhoneOS.platform`.
    public func platformDirectory(_ platform: ApplePlatform) -> String {
        developerDirectory + "/Platforms/" + platform.directoryName + ".platform"
    }

    /// The project's DerivedData folder: ``derivedDataPath``, else Xcode's default for the
    /// project at `projectPath`.
    public func derivedDataFolder(projectPath: String) -> String {
        derivedDataPath ?? derivedDataRoot + "/" + DerivedDataLocation.folderName(forProjectAt: projectPath)
    }

    /// The folder holding the caches shared by projects (ModuleCache.noindex, …).
    var derivedDataRoot: String {
        derivedDataPath ?? derivedDataLocation ?? (environment["HOME"] ?? "") + "/Library/Developer/Xcode/DerivedData"
    }

    /// Whether the release is one of the build system's that name intermediates `.noindex`
    /// and tabulate 64-bit-only architectures (Xcode 10 and later).
    var isModern: Bool { release.major >= 10 }
}

extension XcodeDefaults {
    /// The settings Xcode defines for a target from its product type (EXECUTABLE_NAME,
    /// WRAPPER_NAME, …), which a stack made without a project does not have.
    package static var productTypeSettingNames: Set<String> { ProductTypeDefaults.definedNames }

    /// The levels below the project levels, lowest first, and the level above all others, for
    /// a target of `productType` in the project at `projectPath` built for `sdk`.
    func levels(productType: String?, projectPath: String?, sdk: SDK?, usesPackageProducts: Bool = false) -> (below: [Level], above: [Level]) {
        // The tables that depend on nothing but the type are made once, sorted; the rest is
        // small and made per stack.
        var below = [
            Level(kind: .defaults, source: .dictionary(BuildSystemDefaults.entries)),
            Level(kind: .defaults, source: .dictionary(cached(["xcode", projectPath ?? ""]) { xcodeSettings(projectPath: projectPath) })),
        ]
        if let productType, let entries = ProductTypeDefaults.entries(productType: productType, shallowBundle: sdk.map(isShallow) ?? false) {
            below.append(Level(kind: .defaults, source: .dictionary(entries)))
        }
        if usesPackageProducts {
            // A target that uses a Swift package product finds the package's modules, libraries
            // and headers in the build folder, as the Xcode 26.4 dump prints (no leading space:
            // nothing inherited).
            below.append(Level(kind: .defaults, source: .dictionary(Self.entries([
                ("FRAMEWORK_SEARCH_PATHS", "$(BUILT_PRODUCTS_DIR)"), ("HEADER_SEARCH_PATHS", "$(BUILT_PRODUCTS_DIR)/include"),
                ("LIBRARY_SEARCH_PATHS", "$(BUILT_PRODUCTS_DIR)"), ("REZ_SEARCH_PATHS", "$(BUILT_PRODUCTS_DIR)"),
            ]))))
        }
        // The build location is a standard path: Flutter's `SYMROOT = $(SOURCE_ROOT)/../build/ios`
        // prints without the `..`, and so does everything under it.
        let symroot = projectPath == nil ? [] : [DictionaryEntry(key: "SYMROOT", value: "$(inherited:standardizepath)")]
        guard let sdk else { return (below, symroot.isEmpty ? [] : [Level(kind: .defaults, source: .dictionary(symroot))]) }
        below.append(Level(kind: .defaults, source: .dictionary(cached(["sdk", sdk.canonicalName]) { platformSettings(sdk) })))
        let above = [Level(kind: .defaults, source: .dictionary([DictionaryEntry(key: "SDKROOT", value: Self.literal(path(of: sdk)))] + symroot))]
        return (below, above)
    }

    /// The entries of `make()`, made once for `key` and this value's properties.
    private func cached(_ key: [String], _ make: () -> [(name: String, value: String)]) -> [DictionaryEntry] {
        var parts = key + [release.build, developerDirectory, derivedDataPath ?? "", hostArchitecture, action, derivedDataLocation ?? "",
                           buildLocation?.key ?? ""]
        for name in environment.keys.sorted() { parts += [name, environment[name] ?? ""] }
        let fullKey = parts.joined(separator: "\u{0}")
        if let entries = madeLevels.withLock({ $0[fullKey] }) { return entries }
        let entries = Self.entries(make())
        madeLevels.withLock { $0[fullKey] = entries }
        return entries
    }

    private func isShallow(_ sdk: SDK) -> Bool {
        sdk.platform.settings.contains { $0.name == "SHALLOW_BUNDLE" && $0.value == "YES" }
    }

    /// The facts of the release, the install, the machine and the build location, which sit
    /// with the build system's defaults.
    func xcodeSettings(projectPath: String?) -> [(name: String, value: String)] {
        var settings: [(name: String, value: String)] = []
        for name in Self.environmentNames { if let value = environment[name] { settings.append((name, Self.literal(value))) } }
        let developer = Self.literal(developerDirectory)
        let contents = Self.literal(Path.directory(of: developerDirectory))
        if action != "build" { settings.append(("ACTION", action)) }
        settings += [
            ("DEVELOPER_DIR", developer),
            ("LEGACY_DEVELOPER_DIR", contents + "/PlugIns/Xcode3Core.ideplugin/Contents/SharedSupport/Developer"),
            ("TOOLCHAIN_DIR", "$(DEVELOPER_DIR)/Toolchains/XcodeDefault.xctoolchain"),
            ("XCODE_PRODUCT_BUILD_VERSION", release.build),
            ("XCODE_VERSION_ACTUAL", release.versionActual),
            ("XCODE_VERSION_MAJOR", release.versionMajor),
            ("XCODE_VERSION_MINOR", release.versionMinor),
            ("AVAILABLE_PLATFORMS", BuildSystemDefaults.availablePlatforms),
            ("HOST_ARCH", hostArchitecture),
            ("NATIVE_ARCH", hostArchitecture),
            ("NATIVE_ARCH_ACTUAL", hostArchitecture),
            ("NATIVE_ARCH_32_BIT", hostArchitecture == "arm64" ? "arm" : "i386"),
            ("NATIVE_ARCH_64_BIT", hostArchitecture),
        ]
        if LegacyBuildSystemDefaults.applies(to: release) { settings += LegacyBuildSystemDefaults.settings(release) }
        // Each platform's deployment target defaults to its SDK's version.
        for platform in ApplePlatform.all where !platform.isSimulator {
            if let version = release.sdkVersions[platform.family] { settings.append((platform.deploymentTargetSetting, version)) }
        }
        if let projectPath {
            let folder = Self.literal(derivedDataFolder(projectPath: projectPath))
            let cacheRoot = Self.literal(derivedDataRoot)
            settings += [
                ("SYMROOT", buildFolder(\.products, projectPath: projectPath) ?? folder + "/Build/Products"),
                // `.noindex` (kept out of Spotlight) from Xcode 9 for intermediates, 9.3 for the
                // module cache (the 9.0 beta and 9.4.1 dumps).
                ("OBJROOT", buildFolder(\.intermediates, projectPath: projectPath)
                    ?? folder + (release.major >= 9 ? "/Build/Intermediates.noindex" : "/Build/Intermediates")),
                ("CLANG_PROFILE_DATA_DIRECTORY", folder + "/Build/ProfileData"),
                ("MODULE_CACHE_DIR", cacheRoot + (release.isAtLeast(9, 3) ? "/ModuleCache.noindex" : "/ModuleCache")),
                ("COMPILATION_CACHE_CAS_PATH", cacheRoot + "/CompilationCache.noindex"),
                ("SDK_STAT_CACHE_DIR", cacheRoot),
            ]
        }
        return settings
    }

    /// `SYMROOT` or `OBJROOT` of ``buildLocation``, as an expression; `nil` without one.
    func buildFolder(_ part: KeyPath<(products: String, intermediates: String), String>, projectPath: String) -> String? {
        switch buildLocation {
        case nil: return nil
        case .projectBuildFolder: return "$(PROJECT_DIR)/build"
        case .custom(let products, let intermediates, let base):
            let path = (products: products, intermediates: intermediates)[keyPath: part]
            if path.hasPrefix("/") || base == .absolute { return Self.literal(path) }
            let root = base == .project ? Path.directory(of: projectPath) : derivedDataFolder(projectPath: projectPath)
            return Self.literal(Path.join(root, path))
        }
    }

    /// The platform's and SDK's settings.
    func platformSettings(_ sdk: SDK) -> [(name: String, value: String)] {
        let platform = sdk.platform
        let archs = isModern ? platform.architectures : platform.legacyArchitectures
        let sdkPath = Self.literal(path(of: sdk))
        var settings = platform.settings
        settings += [
            ("PLATFORM_NAME", platform.name),
            ("PLATFORM_DISPLAY_NAME", platform.displayName),
            ("PLATFORM_FAMILY_NAME", platform.familyName),
            ("EFFECTIVE_PLATFORM_NAME", platform.name == "macosx" ? "" : "-" + platform.name),
            ("PLATFORM_DIR", Self.literal(platformDirectory(platform))),
            ("PLATFORM_DEVELOPER_APPLICATIONS_DIR", "$(PLATFORM_DIR)/Developer/Applications"),
            ("PLATFORM_DEVELOPER_BIN_DIR", "$(PLATFORM_DIR)/Developer/usr/bin"),
            ("PLATFORM_DEVELOPER_LIBRARY_DIR", "$(PLATFORM_DIR)/Developer/Library"),
            ("PLATFORM_DEVELOPER_SDK_DIR", "$(PLATFORM_DIR)/Developer/SDKs"),
            ("PLATFORM_DEVELOPER_TOOLS_DIR", "$(PLATFORM_DIR)/Developer/Tools"),
            ("PLATFORM_DEVELOPER_USR_DIR", "$(PLATFORM_DIR)/Developer/usr"),
            ("PLATFORM_PREFERRED_ARCH", archs.preferred),
            ("ARCHS_STANDARD", archs.standard),
            ("ARCHS_STANDARD_32_64_BIT", archs.standard32And64),
            ("ARCHS_STANDARD_64_BIT", archs.standard64),
            ("ARCHS_STANDARD_INCLUDING_64_BIT", archs.standardIncluding64),
            ("VALID_ARCHS", archs.valid),
            ("SDK_NAME", sdk.canonicalName),
            ("SDK_NAMES", sdk.canonicalName),
            ("SDK_DIR_" + platform.name, sdkPath),
            ("SDK_DIR_" + sdk.canonicalName.replacingEvery(".", with: "_"), sdkPath),
            ("SDK_VERSION", sdk.version),
            ("DEPLOYMENT_TARGET_SETTING_NAME", platform.deploymentTargetSetting),
            ("SWIFT_PLATFORM_TARGET_PREFIX", platform.targetTriplePrefix),
            ("SHALLOW_BUNDLE_TRIPLE", platform.targetTriplePrefix),
            ("__ORIGINAL_SDK_DEFINED_LLVM_TARGET_TRIPLE_SYS", platform.targetTriplePrefix),
            ("BUNDLE_FORMAT", isShallow(sdk) ? "shallow" : "deep"),
            ("SUPPORTED_PLATFORMS", ([platform.name] + (platform.counterpart.map { [$0] } ?? [])).sorted { !$0.hasSuffix("simulator") && $1.hasSuffix("simulator") }.joined(separator: " ")),
            ("TEST_FRAMEWORK_SEARCH_PATHS", "$(inherited) $(PLATFORM_DIR)/Developer/Library/Frameworks $(SDKROOT)/Developer/Library/Frameworks"),
            ("TEST_LIBRARY_SEARCH_PATHS", "$(inherited) $(PLATFORM_DIR)/Developer/usr/lib"),
        ]
        if !archs.standard32.isEmpty { settings.append(("ARCHS_STANDARD_32_BIT", archs.standard32)) }
        let versionNumbers = sdkVersionNumbers(sdk.version)
        if LegacyBuildSystemDefaults.applies(to: release) {
            settings += LegacyBuildSystemDefaults.platformSettings(sdk, release: release, sdkVersionActual: versionNumbers[0].value)
        }
        settings += versionNumbers
        if let build = release.sdkBuilds[platform.family], sdk.version == release.sdkVersions[platform.family] {
            settings.append(("SDK_PRODUCT_BUILD_VERSION", build))
            settings.append(("PLATFORM_PRODUCT_BUILD_VERSION", build))
        }
        if let counterpartName = platform.counterpart, let counterpart = ApplePlatform.named(counterpartName) {
            let kind = counterpart.isSimulator ? "SIMULATOR" : "DEVICE"
            let other = SDK(platform: counterpart, version: sdk.version)
            settings += [
                ("CORRESPONDING_\(kind)_PLATFORM_DIR", Self.literal(platformDirectory(counterpart))),
                ("CORRESPONDING_\(kind)_PLATFORM_NAME", counterpart.name),
                ("CORRESPONDING_\(kind)_SDK_DIR", Self.literal(path(of: other))),
                ("CORRESPONDING_\(kind)_SDK_NAME", other.canonicalName),
            ]
        }
        // The per-architecture files of the standard architectures.
        for arch in archs.standard.split(separator: " ") {
            let directory = "$(OBJECT_FILE_DIR_normal)/\(arch)/$(PRODUCT_NAME)"
            settings += [
                ("LINK_FILE_LIST_normal_\(arch)", directory + ".LinkFileList"),
                ("LM_AUX_CONST_METADATA_LIST_PATH_normal_\(arch)", directory + ".SwiftConstValuesFileList"),
                ("SWIFT_RESPONSE_FILE_PATH_normal_\(arch)", directory + ".SwiftFileList"),
            ]
        }
        return settings
    }

    /// SDK_VERSION_ACTUAL, SDK_VERSION_MAJOR and SDK_VERSION_MINOR of `version`: `260400`,
    /// `260000` and `260400` for 26.4; before Xcode 10 the minor part alone (`1100` for 10.11).
    func sdkVersionNumbers(_ version: String) -> [(name: String, value: String)] {
        let parts = version.split(separator: ".").map { Int($0) ?? 0 }
        let major = parts.first ?? 0, minor = parts.count > 1 ? parts[1] : 0, patch = parts.count > 2 ? parts[2] : 0
        let actual = major * 10000 + minor * 100 + patch
        let minorText: String
        if isModern {
            minorText = String(major * 10000 + minor * 100)
        } else {
            let digits = String(minor * 100)
            minorText = digits.count >= 3 ? digits : String(repeating: "0", count: 3 - digits.count) + digits
        }
        return [("SDK_VERSION_ACTUAL", String(actual)), ("SDK_VERSION_MAJOR", String(major * 10000)), ("SDK_VERSION_MINOR", minorText)]
    }

    /// `value` as an xcconfig value that evaluates to itself: every `$` doubled.
    static func literal(_ value: String) -> String { value.replacingEvery("$", with: "$$") }

    /// Dictionary entries of `settings`, the last of each name winning (a type's settings
    /// override its base's), in key order.
    static func entries(_ settings: [(name: String, value: String)]) -> [DictionaryEntry] {
        // Sorted by key, equal keys in table order; then the last of each run of equal keys.
        let order = settings.indices.sorted { left, right in
            settings[left].name == settings[right].name ? left < right : settings[left].name.precedesInByteOrder(settings[right].name)
        }
        var entries: [DictionaryEntry] = []
        entries.reserveCapacity(settings.count)
        for (position, index) in order.enumerated() where position + 1 == order.count || settings[order[position + 1]].name != settings[index].name {
            entries.append(DictionaryEntry(key: settings[index].name, value: settings[index].value))
        }
        return entries
    }
}
