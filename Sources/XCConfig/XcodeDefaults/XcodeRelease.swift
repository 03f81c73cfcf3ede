/// One Xcode release: its version, build and the SDK versions it ships, which fix the
/// settings Xcode defines about itself (`XCODE_VERSION_*`, `XCODE_PRODUCT_BUILD_VERSION`) and
/// about its SDKs (`SDK_VERSION`, `SDK_NAME`, the default deployment targets).
///
/// The build-system default tables are those of the newest release for every release: older
/// Xcodes defined fewer settings and a few other values (see the parity tests' exceptions).
public struct XcodeRelease: Sendable, Hashable {
    /// The marketing version, `26.4` or `7.2.1`.
    public var version: String
    /// `XCODE_PRODUCT_BUILD_VERSION`, `17E192`.
    public var build: String
    /// The SDK version of each platform family: `iphoneos` (also the simulator), `macosx`,
    /// `appletvos`, `watchos`, `xros`, `driverkit`. A family the release lacks is absent.
    public var sdkVersions: [String: String]
    /// The SDK build of each family (`SDK_PRODUCT_BUILD_VERSION`), where known.
    public var sdkBuilds: [String: String]

    public init(version: String, build: String, sdkVersions: [String: String], sdkBuilds: [String: String] = [:]) {
        self.version = version
        self.build = build
        self.sdkVersions = sdkVersions
        self.sdkBuilds = sdkBuilds
    }

    /// `XCODE_VERSION_ACTUAL`: major, minor and patch digits, `2640` for 26.4, `0721` for 7.2.1.
    public var versionActual: String {
        let parts = version.split(separator: ".").map { Int($0) ?? 0 }
        let major = parts.first ?? 0, minor = parts.count > 1 ? parts[1] : 0, patch = parts.count > 2 ? parts[2] : 0
        return Self.fourDigits(major * 100 + min(minor, 9) * 10 + min(patch, 9))
    }

    /// `XCODE_VERSION_MAJOR`: `2600` for 26.4.
    public var versionMajor: String {
        Self.fourDigits((Int(version.split(separator: ".").first ?? "") ?? 0) * 100)
    }

    /// `XCODE_VERSION_MINOR`: `2640` for 26.4.1.
    public var versionMinor: String {
        let parts = version.split(separator: ".").map { Int($0) ?? 0 }
        return Self.fourDigits((parts.first ?? 0) * 100 + min(parts.count > 1 ? parts[1] : 0, 9) * 10)
    }

    /// The major version number, `26`.
    public var major: Int { Int(version.split(separator: ".").first ?? "") ?? 0 }

    /// Whether this release is `major.minor` or later.
    public func isAtLeast(_ major: Int, _ minor: Int) -> Bool {
        let parts = version.split(separator: ".").map { Int($0) ?? 0 }
        return (parts.first ?? 0, parts.count > 1 ? parts[1] : 0) >= (major, minor)
    }

    private static func fourDigits(_ value: Int) -> String {
        let text = String(value)
        return text.count >= 4 ? text : String(repeating: "0", count: 4 - text.count) + text
    }

    /// The release `--xcode-version` names: a marketing version (`26.4`, `7.2.1`) or a build
    /// (`17E192`); `nil` when the table does not hold it.
    public static func named(_ name: String) -> XcodeRelease? {
        known.first { $0.version == name || $0.build == name }
            ?? known.first { $0.version.hasPrefix(name + ".") }
    }

    /// The release `name` stands for: a tabulated one (``named(_:)``), else, for any other
    /// version number (`26.2`, `15.0`, `5.1.1`), that version with the build and SDKs of the
    /// nearest tabulated release (the lower one of two as near). `nil` for a build (`16E140`)
    /// or text the table does not hold.
    public static func matching(_ name: String) -> XcodeRelease? {
        if let release = named(name) { return release }
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...3).contains(parts.count), parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isNumber) }) else { return nil }
        func position(_ version: String) -> Int {
            let numbers = numbers(version)
            return numbers[0] * 10_000 + min(numbers[1], 99) * 100 + min(numbers[2], 99)
        }
        let asked = position(name)
        var release = known.min { abs(position($0.version) - asked) < abs(position($1.version) - asked) }!
        release.version = name
        return release
    }

    /// `[26, 4, 0]` for `26.4`.
    private static func numbers(_ version: String) -> [Int] {
        let parts = version.split(separator: ".").map { Int($0) ?? 0 }
        return parts + Array(repeating: 0, count: max(0, 3 - parts.count))
    }

    /// The version of the Xcode whose developer directory is `developerDirectory`, from the
    /// `version.plist` beside it (`CFBundleShortVersionString`); `nil` without one.
    public static func installedVersion(developerDirectory: String, fileSystem: any FileSystem) -> String? {
        let file = Path.join(Path.directory(of: developerDirectory), "version.plist")
        guard fileSystem.kind(of: file) == .file, let bytes = try? fileSystem.read(file),
              let plist = try? PropertyListValue(parsing: bytes), case .dictionary(let entries) = plist,
              let entry = entries.first(where: { $0.key == "CFBundleShortVersionString" }), case .string(let version) = entry.value
        else { return nil }
        return version
    }

    /// The release assumed without `--xcode-version`: the newest in ``known``.
    public static var current: XcodeRelease { known[known.count - 1] }
}

extension XcodeRelease {
    /// The releases whose versions and SDKs the tool knows, oldest first. Sources: the
    /// `xcodebuild -showBuildSettings` dumps of each release (XCODE_PRODUCT_BUILD_VERSION,
    /// SDK_NAME, SDK_PRODUCT_BUILD_VERSION, the other platforms' default deployment targets)
    /// and Apple's release notes for the SDK versions of each release.
    public static let known: [XcodeRelease] = [
        XcodeRelease(version: "6.4", build: "6E35b",
                     sdkVersions: ["iphoneos": "8.4", "macosx": "10.10"],
                     sdkBuilds: ["iphoneos": "12H141"]),
        XcodeRelease(version: "7.0", build: "7A220",
                     sdkVersions: ["iphoneos": "9.0", "macosx": "10.11", "watchos": "2.0"],
                     sdkBuilds: ["iphoneos": "13A340", "macosx": "15A278"]),
        XcodeRelease(version: "7.2.1", build: "7C1002",
                     sdkVersions: ["iphoneos": "9.2", "macosx": "10.11", "appletvos": "9.1", "watchos": "2.1"],
                     sdkBuilds: ["iphoneos": "13C75", "appletvos": "13U79"]),
        XcodeRelease(version: "9.0", build: "9M189t",
                     sdkVersions: ["iphoneos": "11.0", "macosx": "10.13", "appletvos": "11.0", "watchos": "4.0"],
                     sdkBuilds: ["iphoneos": "15A5327g"]),
        XcodeRelease(version: "9.3", build: "9E145",
                     sdkVersions: ["iphoneos": "11.3", "macosx": "10.13", "appletvos": "11.3", "watchos": "4.3"]),
        XcodeRelease(version: "9.4.1", build: "9F2000",
                     sdkVersions: ["iphoneos": "11.4", "macosx": "10.13", "appletvos": "11.4", "watchos": "4.3"],
                     sdkBuilds: ["iphoneos": "15F79"]),
        XcodeRelease(version: "16.4", build: "16F6",
                     sdkVersions: ["iphoneos": "18.5", "macosx": "15.5", "appletvos": "18.5", "watchos": "11.5", "xros": "2.5", "driverkit": "24.5"]),
        XcodeRelease(version: "26.0", build: "17A324",
                     sdkVersions: ["iphoneos": "26.0", "macosx": "26.0", "appletvos": "26.0", "watchos": "26.0", "xros": "26.0", "driverkit": "25.0"]),
        XcodeRelease(version: "26.4", build: "17E192",
                     sdkVersions: ["iphoneos": "26.4", "macosx": "26.4", "appletvos": "26.4", "watchos": "26.4", "xros": "26.4", "driverkit": "25.4"],
                     sdkBuilds: ["iphoneos": "23E237"]),
    ]
}
