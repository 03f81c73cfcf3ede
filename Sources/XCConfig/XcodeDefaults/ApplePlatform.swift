/// One platform Xcode ships (a device platform or its simulator) and what Xcode defines for
/// it: the values of its `Info.plist` and its SDK's `SDKSettings` that `xcodebuild
/// -showBuildSettings` prints (PLATFORM_NAME, EFFECTIVE_PLATFORM_NAME, ARCHS_STANDARD*,
/// VALID_ARCHS, DEPLOYMENT_TARGET_SETTING_NAME, ...).
public struct ApplePlatform: Sendable, Hashable {
    /// `PLATFORM_NAME` and the SDK's fallback name: `iphoneos`, `iphonesimulator`.
    public var name: String
    /// The device platform's name, the key of ``XcodeRelease/sdkVersions``: `iphoneos` for
    /// both the device and the simulator.
    public var family: String
    /// `PLATFORM_DISPLAY_NAME`.
    public var displayName: String
    /// `PLATFORM_FAMILY_NAME`.
    public var familyName: String
    /// The folder names under `$(DEVELOPER_DIR)/Platforms`: `iPhoneOS` for
    /// `iPhoneOS.platform` and `iPhoneOS26.4.sdk`.
    public var directoryName: String
    /// The simulator of a device platform, or the device platform of a simulator.
    public var counterpart: String?
    /// Whether this is a simulator.
    public var isSimulator: Bool
    /// `DEPLOYMENT_TARGET_SETTING_NAME`.
    public var deploymentTargetSetting: String
    /// `SWIFT_PLATFORM_TARGET_PREFIX`, the OS part of the target triple.
    public var targetTriplePrefix: String
    /// ARCHS_STANDARD, ARCHS_STANDARD_32_64_BIT, ARCHS_STANDARD_32_BIT, ARCHS_STANDARD_64_BIT,
    /// ARCHS_STANDARD_INCLUDING_64_BIT, VALID_ARCHS and PLATFORM_PREFERRED_ARCH of Xcode 12
    /// and later.
    public var architectures: Architectures
    /// The same before Xcode 12, when 32-bit devices were still built for.
    public var legacyArchitectures: Architectures
    /// Further settings of the platform, as xcconfig values.
    public var settings: [(name: String, value: String)]

    /// The architecture settings of a platform.
    public struct Architectures: Sendable, Hashable {
        public var standard: String
        public var standard32And64: String
        public var standard32: String
        public var standard64: String
        public var standardIncluding64: String
        public var valid: String
        public var preferred: String
    }

    public static func == (lhs: ApplePlatform, rhs: ApplePlatform) -> Bool { lhs.name == rhs.name }
    public func hash(into hasher: inout Hasher) { hasher.combine(name) }

    /// The platform named `name` (`iphoneos`, `appletvsimulator`), if Xcode ships it.
    public static func named(_ name: String) -> ApplePlatform? { all.first { $0.name == name } }
}

extension ApplePlatform {
    private static func archs(_ standard: String, _ both: String, _ bits32: String, _ bits64: String, _ including: String,
                              valid: String, preferred: String) -> Architectures {
        Architectures(standard: standard, standard32And64: both, standard32: bits32, standard64: bits64,
                      standardIncluding64: including, valid: valid, preferred: preferred)
    }

    /// Settings every device platform of the iOS family shares (iOS, tvOS, watchOS, visionOS).
    private static let embeddedDevice: [(name: String, value: String)] = [
        ("CODE_SIGNING_REQUIRED", "YES"),
        ("CODE_SIGN_CONTEXT_CLASS", "XCiPhoneOSCodeSignContext"),
        ("EMBEDDED_PROFILE_NAME", "embedded.mobileprovision"),
        ("ENTITLEMENTS_ALLOWED", "YES"),
        ("ENTITLEMENTS_DESTINATION", "Signature"),
        ("PROVISIONING_PROFILE_SUPPORTED", "YES"),
        ("ENTITLEMENTS_REQUIRED", "NO"),
        ("GCC_THUMB_SUPPORT", "YES"),
        ("PROVISIONING_PROFILE_REQUIRED", "YES"),
        ("PROVISIONING_PROFILE_REQUIRED_YES_YES", "YES"),
        ("SHALLOW_BUNDLE", "YES"),
        ("__IS_NOT_MACOS", "YES"),
        ("__IS_NOT_SIMULATOR", "YES"),
    ]

    /// Settings every simulator shares.
    private static let embeddedSimulator: [(name: String, value: String)] = [
        ("CODE_SIGN_CONTEXT_CLASS", "XCiPhoneSimulatorCodeSignContext"),
        ("ENTITLEMENTS_REQUIRED", "NO"),
        ("LLVM_TARGET_TRIPLE_SUFFIX", "-simulator"),
        ("SHALLOW_BUNDLE", "YES"),
        ("__IS_NOT_MACOS", "YES"),
        ("__IS_NOT_SIMULATOR", "NO"),
    ]

    /// Settings of iOS and its simulator.
    private static let iOSFamily: [(name: String, value: String)] = [
        ("ENABLE_ON_DEMAND_RESOURCES", "YES"),
        ("SUPPORTS_MACCATALYST", "NO"),
        ("SUPPORTS_MAC_DESIGNED_FOR_IPHONE_IPAD", "YES"),
        ("SUPPORTS_ON_DEMAND_RESOURCES", "YES"),
        ("SUPPORTS_XR_DESIGNED_FOR_IPHONE_IPAD", "YES"),
    ]

    /// The platforms Xcode ships, device platforms first.
    public static let all: [ApplePlatform] = [
        ApplePlatform(
            name: "macosx", family: "macosx", displayName: "macOS", familyName: "macOS", directoryName: "MacOSX",
            counterpart: nil, isSimulator: false, deploymentTargetSetting: "MACOSX_DEPLOYMENT_TARGET", targetTriplePrefix: "macos",
            architectures: archs("arm64 x86_64", "arm64 x86_64 i386", "i386", "arm64 x86_64", "arm64 x86_64",
                                 valid: "arm64 arm64e i386 x86_64", preferred: "arm64"),
            legacyArchitectures: archs("x86_64", "x86_64 i386", "i386", "x86_64", "x86_64", valid: "i386 x86_64", preferred: "x86_64"),
            settings: [
                ("CODE_SIGN_CONTEXT_CLASS", "XCCodeSignContext"),
                ("EMBEDDED_PROFILE_NAME", "embedded.provisionprofile"),
                ("SHALLOW_BUNDLE", "NO"),
                ("__IS_NOT_MACOS", "NO"),
                ("__IS_NOT_SIMULATOR", "YES"),
            ]),
        ApplePlatform(
            name: "iphoneos", family: "iphoneos", displayName: "iOS", familyName: "iOS", directoryName: "iPhoneOS",
            counterpart: "iphonesimulator", isSimulator: false, deploymentTargetSetting: "IPHONEOS_DEPLOYMENT_TARGET", targetTriplePrefix: "ios",
            architectures: archs("arm64", "armv7 arm64", "armv7", "arm64", "arm64", valid: "arm64 arm64e armv7 armv7s", preferred: "arm64"),
            legacyArchitectures: archs("armv7 arm64", "armv7 arm64", "armv7", "arm64", "armv7 arm64", valid: "arm64 armv7 armv7s", preferred: "arm64"),
            settings: embeddedDevice + iOSFamily + [
                ("ARCHS_UNIVERSAL_IPHONE_OS", "armv7 arm64"),
                ("SUPPORTED_DEVICE_FAMILIES", "1,2"),
                ("RECOMMENDED_IPHONEOS_DEPLOYMENT_TARGET", "15.0"),
                ("DEPLOYMENT_TARGET_SUGGESTED_VALUES", "12.0 12.1 12.2 12.3 12.4 13.0 13.1 13.2 13.3 13.4 13.5 13.6 14.0 14.1 14.2 14.3 14.4 14.5 14.6 14.7 15.0 15.1 15.2 15.3 15.4 15.5 15.6 16.0 16.1 16.2 16.3 16.4 16.5 16.6 17.0 17.1 17.2 17.3 17.4 17.5 17.6 18.0 18.1 18.2 18.3 18.4 18.5 18.6 26.0 26.2 26.3 26.4"),
            ]),
        ApplePlatform(
            name: "iphonesimulator", family: "iphoneos", displayName: "iOS Simulator", familyName: "iOS", directoryName: "iPhoneSimulator",
            counterpart: "iphoneos", isSimulator: true, deploymentTargetSetting: "IPHONEOS_DEPLOYMENT_TARGET", targetTriplePrefix: "ios",
            architectures: archs("arm64 x86_64", "i386 x86_64", "i386", "x86_64", "arm64 x86_64", valid: "arm64 arm64e i386 x86_64", preferred: "arm64"),
            legacyArchitectures: archs("i386 x86_64", "i386 x86_64", "i386", "x86_64", "i386 x86_64", valid: "i386 x86_64", preferred: "x86_64"),
            settings: embeddedSimulator + iOSFamily + [("SUPPORTED_DEVICE_FAMILIES", "1,2"), ("RECOMMENDED_IPHONEOS_DEPLOYMENT_TARGET", "15.0")]),
        ApplePlatform(
            name: "appletvos", family: "appletvos", displayName: "tvOS", familyName: "tvOS", directoryName: "AppleTVOS",
            counterpart: "appletvsimulator", isSimulator: false, deploymentTargetSetting: "TVOS_DEPLOYMENT_TARGET", targetTriplePrefix: "tvos",
            architectures: archs("arm64", "arm64", "", "arm64", "arm64", valid: "arm64 arm64e", preferred: "arm64"),
            legacyArchitectures: archs("arm64", "arm64", "", "arm64", "arm64", valid: "arm64", preferred: "arm64"),
            settings: embeddedDevice + [("SUPPORTED_DEVICE_FAMILIES", "3")]),
        ApplePlatform(
            name: "appletvsimulator", family: "appletvos", displayName: "tvOS Simulator", familyName: "tvOS", directoryName: "AppleTVSimulator",
            counterpart: "appletvos", isSimulator: true, deploymentTargetSetting: "TVOS_DEPLOYMENT_TARGET", targetTriplePrefix: "tvos",
            architectures: archs("arm64 x86_64", "i386 x86_64", "i386", "x86_64", "arm64 x86_64", valid: "arm64 x86_64", preferred: "arm64"),
            legacyArchitectures: archs("x86_64", "i386 x86_64", "i386", "x86_64", "x86_64", valid: "i386 x86_64", preferred: "x86_64"),
            settings: embeddedSimulator + [("SUPPORTED_DEVICE_FAMILIES", "3")]),
        ApplePlatform(
            name: "watchos", family: "watchos", displayName: "watchOS", familyName: "watchOS", directoryName: "WatchOS",
            counterpart: "watchsimulator", isSimulator: false, deploymentTargetSetting: "WATCHOS_DEPLOYMENT_TARGET", targetTriplePrefix: "watchos",
            architectures: archs("arm64_32 arm64", "armv7k", "armv7k", "arm64_32 arm64", "arm64_32 arm64", valid: "arm64_32 arm64 arm64e armv7k", preferred: "arm64_32"),
            legacyArchitectures: archs("armv7k", "armv7k", "armv7k", "", "armv7k", valid: "armv7k", preferred: "armv7k"),
            settings: embeddedDevice + [("SUPPORTED_DEVICE_FAMILIES", "4")]),
        ApplePlatform(
            name: "watchsimulator", family: "watchos", displayName: "watchOS Simulator", familyName: "watchOS", directoryName: "WatchSimulator",
            counterpart: "watchos", isSimulator: true, deploymentTargetSetting: "WATCHOS_DEPLOYMENT_TARGET", targetTriplePrefix: "watchos",
            architectures: archs("arm64 x86_64", "i386 x86_64", "i386", "x86_64", "arm64 x86_64", valid: "arm64 x86_64", preferred: "arm64"),
            legacyArchitectures: archs("i386", "i386", "i386", "", "i386", valid: "i386", preferred: "i386"),
            settings: embeddedSimulator + [("SUPPORTED_DEVICE_FAMILIES", "4")]),
        ApplePlatform(
            name: "xros", family: "xros", displayName: "visionOS", familyName: "visionOS", directoryName: "XROS",
            counterpart: "xrsimulator", isSimulator: false, deploymentTargetSetting: "XROS_DEPLOYMENT_TARGET", targetTriplePrefix: "xros",
            architectures: archs("arm64", "arm64", "", "arm64", "arm64", valid: "arm64 arm64e", preferred: "arm64"),
            legacyArchitectures: archs("arm64", "arm64", "", "arm64", "arm64", valid: "arm64", preferred: "arm64"),
            settings: embeddedDevice + [("SUPPORTED_DEVICE_FAMILIES", "7")]),
        ApplePlatform(
            name: "xrsimulator", family: "xros", displayName: "visionOS Simulator", familyName: "visionOS", directoryName: "XRSimulator",
            counterpart: "xros", isSimulator: true, deploymentTargetSetting: "XROS_DEPLOYMENT_TARGET", targetTriplePrefix: "xros",
            architectures: archs("arm64 x86_64", "x86_64", "", "arm64 x86_64", "arm64 x86_64", valid: "arm64 x86_64", preferred: "arm64"),
            legacyArchitectures: archs("arm64 x86_64", "x86_64", "", "arm64 x86_64", "arm64 x86_64", valid: "arm64 x86_64", preferred: "arm64"),
            settings: embeddedSimulator + [("SUPPORTED_DEVICE_FAMILIES", "7")]),
        ApplePlatform(
            name: "driverkit", family: "driverkit", displayName: "DriverKit", familyName: "DriverKit", directoryName: "DriverKit",
            counterpart: nil, isSimulator: false, deploymentTargetSetting: "DRIVERKIT_DEPLOYMENT_TARGET", targetTriplePrefix: "driverkit",
            architectures: archs("arm64 x86_64", "arm64 x86_64", "", "arm64 x86_64", "arm64 x86_64", valid: "arm64 arm64e x86_64", preferred: "arm64"),
            legacyArchitectures: archs("x86_64", "x86_64", "", "x86_64", "x86_64", valid: "x86_64", preferred: "x86_64"),
            settings: [
                ("CODE_SIGN_CONTEXT_CLASS", "XCCodeSignContext"),
                ("EMBEDDED_PROFILE_NAME", "embedded.provisionprofile"),
                ("SHALLOW_BUNDLE", "NO"),
                ("__IS_NOT_MACOS", "YES"),
                ("__IS_NOT_SIMULATOR", "YES"),
            ]),
    ]
}
