/// The settings the build system computes from the others once they are resolved, rather
/// than defining them as expressions: the Info.plist path it exports (swift-build's
/// `infoPlistFilePath`), the Swift language mode, whether the build is a debug one, and, in the legacy build system of Xcode 9 and earlier, the
/// architecture it built last and the standard architectures an iOS 11 deployment target
/// allows. Each needs a value of the resolved stack, so the stack is resolved again with them.
extension XcodeDefaults {
    /// The defaults that follow from the project's values, for a level just above the
    /// platform's:
    /// - a project or target that sets `SYMROOT` keeps its intermediates there too (`OBJROOT`),
    ///   as Flutter's `build/ios` shows in the Xcode 9.4.1 dump;
    /// - before Xcode 12, an iOS deployment target of 11 or later builds only the 64-bit
    ///   architecture, as the Xcode 9.3 dump of an iOS 11.3 app shows (`ARCHS_STANDARD = arm64`
    ///   where an iOS 8 app of Xcode 9.4.1 prints `armv7 arm64`).
    func boundDefaults(_ resolver: Resolver, sdk: SDK?) -> [(name: String, value: String)] {
        var settings: [(name: String, value: String)] = []
        let projectLevels: Set<LevelKind> = [.projectXCConfig, .project, .targetXCConfig, .target]
        if resolver.assignments(of: "SYMROOT").contains(where: { projectLevels.contains($0.level) }) {
            settings.append(("OBJROOT", "$(SYMROOT)"))
        }
        if release.major >= 9, release.major < 12, let sdk, sdk.platform.family == "iphoneos",
           let major = Int(resolver.value(of: sdk.platform.deploymentTargetSetting).prefix { $0 != "." }), major >= 11 {
            let bits64 = sdk.platform.legacyArchitectures.standard64
            settings += [("ARCHS_STANDARD", bits64), ("ARCHS_STANDARD_INCLUDING_64_BIT", bits64)]
        }
        return settings
    }

    /// The settings above every level that the build system derives from resolved values.
    func computedSettings(_ resolver: Resolver, projectDirectory: String?) -> [(name: String, value: String)] {
        var settings: [(name: String, value: String)] = []
        if let projectDirectory {
            // A relative Info.plist is the project folder's, whatever SRCROOT says.
            let file = resolver.value(of: "INFOPLIST_FILE")
            let path = file.isEmpty || file.hasPrefix("/") ? file : Path.join(projectDirectory, file)
            if !path.isEmpty { settings.append(("PRODUCT_SETTINGS_PATH", Self.literal(path))) }
        }
        if isModern { settings.append(("EFFECTIVE_SWIFT_VERSION", effectiveSwiftVersion(resolver.value(of: "SWIFT_VERSION")))) }
        if release.major >= 15 {
            // A debug build, as Apple's guide to mergeable libraries defines it: clang at -O0
            // or swiftc at -Onone.
            let unoptimized = resolver.value(of: "GCC_OPTIMIZATION_LEVEL") == "0" || resolver.value(of: "SWIFT_OPTIMIZATION_LEVEL") == "-Onone"
            settings.append(("IS_UNOPTIMIZED_BUILD", unoptimized ? "YES" : "NO"))
        }
        if LegacyBuildSystemDefaults.applies(to: release) {
            // The legacy build system printed the settings of the last architecture it built
            // for, and an empty link file list for each architecture and variant.
            let architectures = resolver.value(of: "ARCHS").split(separator: " ").map(String.init)
            if let last = architectures.last {
                settings += [("CURRENT_ARCH", Self.literal(last)), ("arch", Self.literal(last))]
            }
            for variant in resolver.value(of: "BUILD_VARIANTS").split(separator: " ") {
                for architecture in architectures { settings.append(("LINK_FILE_LIST_\(variant)_\(architecture)", "")) }
            }
        }
        return settings
    }

    /// The language mode `SWIFT_VERSION` selects, as swift-build derives it: a version the
    /// release's compiler supports, zeros trimmed (`5.0` → `5`); another of a supported major
    /// version, that major version (`5.5` → `5`); anything else, empty.
    func effectiveSwiftVersion(_ value: String) -> String {
        let parts = value.split(separator: ".", omittingEmptySubsequences: false).map { Int($0) }
        guard !parts.isEmpty, parts.count <= 3, parts.allSatisfy({ $0 != nil }) else { return "" }
        var numbers = parts.compactMap { $0 }
        while numbers.count > 1, numbers.last == 0 { numbers.removeLast() }
        let trimmed = numbers.map(String.init).joined(separator: ".")
        let supported = release.isAtLeast(16, 0) ? ["4", "4.2", "5", "6"] : release.isAtLeast(10, 2) ? ["4", "4.2", "5"] : ["3", "4", "4.2"]
        if supported.contains(trimmed) { return trimmed }
        return supported.contains(String(numbers[0])) ? String(numbers[0]) : ""
    }
}
