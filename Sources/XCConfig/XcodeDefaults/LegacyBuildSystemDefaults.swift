/// What the build system of Xcode 9 and earlier defined otherwise than today's, as the
/// `xcodebuild -showBuildSettings` dumps of Xcode 6.4, 7.0, 7.2.1, 9.0, 9.3 and 9.4.1 print it:
/// settings since removed (`APPLE_INTERNAL_*`, `DO_HEADER_SCANNING_IN_JAM`, …), other values
/// (`CHOWN`'s path, `AVAILABLE_PLATFORMS`), and the bitcode and deployment-target flag settings
/// of each platform. Xcode 10's build system (today's swift-build) replaced these tables.
extension XcodeDefaults {
    /// Whether a project file's array values join their elements as written, as the build
    /// system of Xcode 9 and earlier did: Xcode 7.0 prints the array element
    /// `"\"$(SDKROOT)/Developer/Library/Frameworks\""` as the quoted `"…/Frameworks"`.
    var joinsProjectArraysVerbatim: Bool { LegacyBuildSystemDefaults.applies(to: release) }
}

enum LegacyBuildSystemDefaults {
    /// Whether `release` used the legacy build system's tables.
    static func applies(to release: XcodeRelease) -> Bool { release.major < 10 }

    /// The release-wide settings, above today's build-system defaults.
    static func settings(_ release: XcodeRelease) -> [(name: String, value: String)] {
        var settings: [(name: String, value: String)] = [
            ("APPLE_INTERNAL_DEVELOPER_DIR", "/AppleInternal/Developer"),
            ("APPLE_INTERNAL_DIR", "/AppleInternal"),
            ("APPLE_INTERNAL_DOCUMENTATION_DIR", "/AppleInternal/Documentation"),
            ("APPLE_INTERNAL_LIBRARY_DIR", "/AppleInternal/Library"),
            ("APPLE_INTERNAL_TOOLS", "/AppleInternal/Developer/Tools"),
            ("CHOWN", "/usr/sbin/chown"),
            ("COPY_RESOURCES_FROM_STATIC_FRAMEWORKS", "YES"),
            ("DO_HEADER_SCANNING_IN_JAM", "NO"),
            ("GENERATE_MASTER_OBJECT_FILE", "NO"),
            ("PFE_FILE_C_DIALECTS", "objective-c"),
            ("PRESERVE_DEAD_CODE_INITS_AND_TERMS", "NO"),
            ("STRIP_INSTALLED_PRODUCT", "YES"),
            ("DEBUG_INFORMATION_FORMAT", "dwarf-with-dsym"),
            ("GCC_SYMBOLS_PRIVATE_EXTERN", "YES"),
        ]
        // Printed empty.
        settings += ["EXPANDED_CODE_SIGN_IDENTITY", "EXPANDED_CODE_SIGN_IDENTITY_NAME", "EXPANDED_PROVISIONING_PROFILE"].map { ($0, "") }
        if release.major >= 7 { settings += ["LOCALIZABLE_CONTENT_DIR", "LOCROOT", "LOCSYMROOT"].map { ($0, "") } }
        if release.isAtLeast(9, 3) { settings.append(("LOCALIZED_STRING_MACRO_NAMES", "NSLocalizedString CFLocalizedString")) }
        if release.major < 9 { settings.append(("OPTIMIZATION_LEVEL", "0")) }
        if release.major >= 9 {
            // Xcode 9 printed these two otherwise than today (earlier releases lacked them).
            settings += [
                ("KASAN_DEFAULT_CFLAGS", "-DKASAN=1 -fsanitize=address -mllvm -asan-globals-live-support -mllvm -asan-force-dynamic-shadow"),
                ("TAPI_VERIFY_MODE", "ErrorsOnly"),
            ]
        }
        if release.major >= 7 {
            settings += [
                ("BUILD_ACTIVE_RESOURCES_ONLY", "NO"),
                ("EXCLUDED_RECURSIVE_SEARCH_PATH_SUBDIRECTORIES", "*.nib *.lproj *.framework *.gch *.xcode* *.xcassets (*) .DS_Store CVS .svn .git .hg *.pbproj *.pbxproj"),
                ("BITCODE_GENERATION_MODE", "marker"),
                ("HIDE_BITCODE_SYMBOLS", "YES"),
            ]
        } else {
            settings.append(("EXCLUDED_RECURSIVE_SEARCH_PATH_SUBDIRECTORIES", "*.nib *.lproj *.framework *.gch (*) .DS_Store CVS .svn .git .hg *.xcodeproj *.xcode *.pbproj *.pbxproj"))
        }
        settings.append(("AVAILABLE_PLATFORMS", availablePlatforms(release)))
        return settings
    }

    /// The platforms the release shipped, in the order its dumps list them.
    static func availablePlatforms(_ release: XcodeRelease) -> String {
        if release.major >= 9 { return "appletvos appletvsimulator iphoneos iphonesimulator macosx watchos watchsimulator" }
        if release.sdkVersions["appletvos"] != nil { return "watchos iphonesimulator macosx appletvsimulator watchsimulator appletvos iphoneos" }
        if release.sdkVersions["watchos"] != nil { return "iphonesimulator macosx watchsimulator iphoneos watchos" }
        return "iphonesimulator macosx iphoneos"
    }

    /// The platform's and SDK's settings of the dumps: the test frameworks' search path; before
    /// Xcode 9, the simulators' Objective-C runtime, availability-header version and code
    /// signing, and the iOS and tvOS SDKs' own toolchains; from Xcode 7, the bitcode defaults,
    /// the native architecture, the clang flag of the deployment target and the devices'
    /// entitlements.
    static func platformSettings(_ sdk: XcodeDefaults.SDK, release: XcodeRelease, sdkVersionActual: String) -> [(name: String, value: String)] {
        let platform = sdk.platform
        // Tests found frameworks in the platform, not yet in the SDK.
        var settings: [(name: String, value: String)] = [("TEST_FRAMEWORK_SEARCH_PATHS", "$(inherited) $(PLATFORM_DIR)/Developer/Library/Frameworks")]
        if platform.family == "iphoneos" { settings.append(("TARGETED_DEVICE_FAMILY", "1")) }
        if release.major < 9 {
            if platform.isSimulator {
                settings += [
                    ("PLATFORM_VERSION_AVAILABILITY_H_FORMAT", sdkVersionActual), ("OBJC_ABI_VERSION", "2"), ("GCC_OBJC_LEGACY_DISPATCH", "YES"),
                    ("CODE_SIGNING_ALLOWED", "NO"),
                ]
            }
            let toolchainNames = ["iphoneos": "iOS", "appletvos": "AppleTVOS"]
            if let name = toolchainNames[platform.family] {
                settings.append(("TOOLCHAINS", "com.apple.dt.toolchain." + name + sdk.version.replacingEvery(".", with: "_")))
            }
        }
        guard release.major >= 7 else { return settings }
        let flags = [
            "macosx": "mmacosx-version-min", "iphoneos": "miphoneos-version-min", "iphonesimulator": "mios-simulator-version-min",
            "appletvos": "mtvos-version-min", "appletvsimulator": "mtvos-simulator-version-min", "watchos": "mwatchos-version-min",
            "watchsimulator": "mwatchos-simulator-version-min",
        ]
        let isDevice = !platform.isSimulator && platform.name != "macosx"
        if release.major < 9 { settings.append(("ENABLE_ON_DEMAND_RESOURCES", "NO")) }
        if !isDevice { settings.append(("STRIP_BITCODE_FROM_COPIED_FILES", "NO")) }
        if isDevice && platform.family == "iphoneos" {
            settings.append(("ENTITLEMENTS_REQUIRED", "YES"))
            if release.major >= 9 { settings.append(("RESOURCE_RULES_REQUIRED", "YES")) }
        }
        settings += [
            ("ENABLE_BITCODE", isDevice ? "YES" : "NO"),
            // The 32-bit architecture of what the build runs on: a device's ARM, else the Intel Mac.
            ("NATIVE_ARCH", isDevice ? "armv7" : "i386"),
            // Platform folders kept their developer content in the Xcode 3 plug-in.
            ("PLATFORM_DEVELOPER_LIBRARY_DIR", "$(LEGACY_DEVELOPER_DIR)/Library"),
        ]
        // The iOS simulator was listed first (tvOS's was not).
        if platform.family == "iphoneos", let counterpart = platform.counterpart {
            let pair = platform.isSimulator ? [platform.name, counterpart] : [counterpart, platform.name]
            settings.append(("SUPPORTED_PLATFORMS", pair.joined(separator: " ")))
        }
        if let flag = flags[platform.name] {
            settings += [("DEPLOYMENT_TARGET_CLANG_ENV_NAME", platform.deploymentTargetSetting), ("DEPLOYMENT_TARGET_CLANG_FLAG_NAME", flag)]
            // The dumps print no prefix for macOS.
            if platform.name != "macosx" { settings.append(("DEPLOYMENT_TARGET_CLANG_FLAG_PREFIX", "-" + flag + "=")) }
        }
        return settings
    }
}
