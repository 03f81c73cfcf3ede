import Testing
import XCConfigSyntax
@testable import XCConfig

/// The settings Xcode defines below a project's levels (issue 22). Expected values are those
/// `xcodebuild -showBuildSettings` printed (shared/xcodebuild) or the issue states.
@Suite struct XcodeDefaultsTests {
    /// A project with one target of `productType`; `settings` are the target's Debug build
    /// settings, `projectSettings` the project's.
    static func project(productType: String = "com.apple.product-type.application", projectSettings: String = "", settings: String) -> String {
        """
        // !$*UTF8*$!
        {
        \tarchiveVersion = 1;
        \tobjectVersion = 77;
        \tobjects = {
        \t\tROOT = { isa = PBXProject; buildConfigurationList = PLIST; mainGroup = MAIN; targets = ( APP, ); };
        \t\tMAIN = { isa = PBXGroup; children = ( ); sourceTree = "<group>"; };
        \t\tPLIST = { isa = XCConfigurationList; buildConfigurations = ( PDEBUG, ); defaultConfigurationName = Debug; };
        \t\tPDEBUG = { isa = XCBuildConfiguration; buildSettings = { \(projectSettings) }; name = Debug; };
        \t\tAPP = { isa = PBXNativeTarget; buildConfigurationList = TLIST; name = App; productType = "\(productType)"; };
        \t\tTLIST = { isa = XCConfigurationList; buildConfigurations = ( TDEBUG, ); };
        \t\tTDEBUG = { isa = XCBuildConfiguration; buildSettings = { \(settings) }; name = Debug; };
        \t};
        \trootObject = ROOT;
        }
        """
    }

    static let defaults = XcodeDefaults(environment: ["HOME": "/Users/me", "USER": "me"])

    static func resolver(
        productType: String = "com.apple.product-type.application", projectSettings: String = "", settings: String,
        defaults: XcodeDefaults? = XcodeDefaultsTests.defaults, context: EvaluationContext = EvaluationContext()
    ) throws -> Resolver {
        let fileSystem = InMemoryFileSystem(currentDirectory: "/w", files: [
            "/w/App.xcodeproj/project.pbxproj": project(productType: productType, projectSettings: projectSettings, settings: settings),
        ])
        let project = try XcodeProject.load(path: "App.xcodeproj", fileSystem: fileSystem)
        var inputs = StackInputs()
        inputs.xcodeDefaults = defaults
        let source = ProjectStackSource(project: project, loader: IncludeLoader(fileSystem: fileSystem), inputs: inputs)
        return try source.loadStack(context: context).resolver
    }

    /// Issue 22: `[sdk=iphoneos*]` assignments (NetNewsWire's CODE_SIGN_IDENTITY, duckduckgo's
    /// PROVISIONING_PROFILE_SPECIFIER) did not match without `--sdk`: the SDK is the one
    /// SDKROOT names, bound as its canonical name and its platform.
    @Test func theSDKComesFromSDKROOT() throws {
        let resolver = try Self.resolver(settings: """
            SDKROOT = iphoneos; "CODE_SIGN_IDENTITY[sdk=iphoneos*]" = "Apple Development"; "DEVELOPMENT_TEAM[sdk=iphoneos26.4]" = TEAM;
            """)
        #expect(resolver.value(of: "CODE_SIGN_IDENTITY") == "Apple Development")
        #expect(resolver.value(of: "DEVELOPMENT_TEAM") == "TEAM")
        #expect(resolver.context.sdks == ["iphoneos26.4", "iphoneos"])
        #expect(resolver.value(of: "SDK_NAME") == "iphoneos26.4")
        #expect(resolver.value(of: "PLATFORM_NAME") == "iphoneos")
        #expect(resolver.value(of: "EFFECTIVE_PLATFORM_NAME") == "-iphoneos")
        // xcodebuild prints SDKROOT as the SDK's path.
        #expect(resolver.value(of: "SDKROOT") == "/Applications/Xcode.app/Contents/Developer/Platforms/iPhoneOS.platform/Developer/SDKs/iPhoneOS26.4.sdk")
    }

    /// `-sdk iphonesimulator` selects the simulator SDK of the release (xctool-ios-xctest-bundle dump).
    @Test func oneSDKNameSelectsThatSDK() throws {
        let resolver = try Self.resolver(settings: "SDKROOT = iphoneos;", defaults: XcodeDefaults(release: XcodeRelease.named("7.2.1")!),
                                         context: EvaluationContext(sdks: ["iphonesimulator"]))
        #expect(resolver.context.sdks == ["iphonesimulator9.2", "iphonesimulator"])
        #expect(resolver.value(of: "PLATFORM_NAME") == "iphonesimulator")
        #expect(resolver.value(of: "EFFECTIVE_PLATFORM_NAME") == "-iphonesimulator")
        #expect(resolver.value(of: "SDK_VERSION") == "9.2")
        #expect(resolver.value(of: "ARCHS") == "i386 x86_64")
        #expect(resolver.value(of: "SDKROOT") == "/Applications/Xcode.app/Contents/Developer/Platforms/iPhoneSimulator.platform/Developer/SDKs/iPhoneSimulator9.2.sdk")
    }

    /// A command-line `SDKROOT=` override chooses the SDK (xctool-ios-cmdline-overrides dump).
    @Test func anSDKROOTOverrideChoosesTheSDK() throws {
        let fileSystem = InMemoryFileSystem(currentDirectory: "/w", files: [
            "/w/App.xcodeproj/project.pbxproj": Self.project(productType: "com.apple.product-type.library.static", settings: "SDKROOT = iphoneos; PRODUCT_NAME = \"$(TARGET_NAME)\";"),
        ])
        var inputs = StackInputs(commandLineSettings: [DictionaryEntry(key: "SDKROOT", value: "iphonesimulator")])
        inputs.xcodeDefaults = XcodeDefaults(release: XcodeRelease.named("6.4")!)
        let project = try XcodeProject.load(path: "App.xcodeproj", fileSystem: fileSystem)
        let resolver = try ProjectStackSource(project: project, loader: IncludeLoader(fileSystem: fileSystem), inputs: inputs).loadStack().resolver
        #expect(resolver.value(of: "SDK_NAME") == "iphonesimulator8.4")
        #expect(resolver.value(of: "EXECUTABLE_NAME") == "libApp.a")
        #expect(resolver.value(of: "FULL_PRODUCT_NAME") == "libApp.a")
    }

    /// Issue 22: a realm setting such as `SWIFT_VERSION = $(SWIFT_VERSION_$(XCODE_VERSION_MAJOR))` resolves.
    @Test func xcodeVersionSettingsFollowTheRelease() throws {
        let settings = "SWIFT_VERSION_0900 = 4.0; SWIFT_VERSION_2600 = 6.0; SWIFT_VERSION = \"$(SWIFT_VERSION_$(XCODE_VERSION_MAJOR))\";"
        #expect(try Self.resolver(settings: settings).value(of: "SWIFT_VERSION") == "6.0")
        let old = try Self.resolver(settings: settings, defaults: XcodeDefaults(release: XcodeRelease.named("9F2000")!))
        #expect(old.value(of: "SWIFT_VERSION") == "4.0")
        // XCODE_VERSION_* of the dumps: 7.2.1 prints 0721, 0700, 0720; 26.4 prints 2640, 2600, 2640.
        let release = XcodeRelease.named("7.2.1")!
        #expect([release.versionActual, release.versionMajor, release.versionMinor] == ["0721", "0700", "0720"])
        let current = XcodeRelease.current
        #expect([current.versionActual, current.versionMajor, current.versionMinor, current.build] == ["2640", "2600", "2640", "17E192"])
    }

    /// Product and package types: the paths of an iOS app (Xcode 26.4 dump of CalculatorApp).
    @Test func productTypeSettingsOfAnIOSApp() throws {
        let resolver = try Self.resolver(settings: "SDKROOT = iphoneos; PRODUCT_NAME = CalculatorApp;")
        let expected = [
            "WRAPPER_EXTENSION": "app", "WRAPPER_SUFFIX": ".app", "WRAPPER_NAME": "CalculatorApp.app",
            "FULL_PRODUCT_NAME": "CalculatorApp.app", "EXECUTABLE_NAME": "CalculatorApp",
            "EXECUTABLE_PATH": "CalculatorApp.app/CalculatorApp", "CONTENTS_FOLDER_PATH": "CalculatorApp.app",
            "INFOPLIST_PATH": "CalculatorApp.app/Info.plist", "PRODUCT_MODULE_NAME": "CalculatorApp",
            "PACKAGE_TYPE": "com.apple.package-type.wrapper.application", "PRODUCT_BUNDLE_PACKAGE_TYPE": "APPL",
            "EXECUTABLE_FOLDER_PATH_SHALLOW_BUNDLE_NO": "CalculatorApp.app/MacOS", "MACH_O_TYPE": "mh_execute",
            "INSTALL_PATH": "/Applications", "DSTROOT": "/tmp/App.dst",
        ]
        for (name, value) in expected { #expect(resolver.value(of: name) == value, "\(name)") }
    }

    /// A macOS app's bundle is deep: Contents/MacOS (xctool-macos-app dump).
    @Test func aMacOSAppIsADeepBundle() throws {
        let resolver = try Self.resolver(settings: "SDKROOT = macosx; PRODUCT_NAME = \"$(TARGET_NAME)\";", defaults: XcodeDefaults(release: XcodeRelease.named("7.0")!))
        #expect(resolver.value(of: "EXECUTABLE_PATH") == "App.app/Contents/MacOS/App")
        #expect(resolver.value(of: "EFFECTIVE_PLATFORM_NAME") == "")
        #expect(resolver.value(of: "ARCHS") == "x86_64")
        #expect(resolver.value(of: "SDK_NAME") == "macosx10.11")
        #expect(resolver.value(of: "SDK_VERSION_MINOR") == "1100")
    }

    /// DerivedData: Xcode's folder by default, `-derivedDataPath` when given.
    @Test func buildLocationsFollowTheDerivedDataFolder() throws {
        let resolver = try Self.resolver(settings: "SDKROOT = iphoneos;")
        let folder = "/Users/me/Library/Developer/Xcode/DerivedData/" + DerivedDataLocation.folderName(forProjectAt: "/w/App.xcodeproj")
        #expect(resolver.value(of: "BUILD_DIR") == folder + "/Build/Products")
        #expect(resolver.value(of: "BUILT_PRODUCTS_DIR") == folder + "/Build/Products/Debug-iphoneos")
        #expect(resolver.value(of: "MODULE_CACHE_DIR") == "/Users/me/Library/Developer/Xcode/DerivedData/ModuleCache.noindex")

        var custom = Self.defaults
        custom.derivedDataPath = "/tmp/dd"
        let other = try Self.resolver(settings: "SDKROOT = iphoneos;", defaults: custom)
        let expected = [
            "BUILD_DIR": "/tmp/dd/Build/Products", "SYMROOT": "/tmp/dd/Build/Products",
            "OBJROOT": "/tmp/dd/Build/Intermediates.noindex",
            "BUILT_PRODUCTS_DIR": "/tmp/dd/Build/Products/Debug-iphoneos",
            "CONFIGURATION_BUILD_DIR": "/tmp/dd/Build/Products/Debug-iphoneos",
            "PROJECT_TEMP_DIR": "/tmp/dd/Build/Intermediates.noindex/App.build",
            "TARGET_TEMP_DIR": "/tmp/dd/Build/Intermediates.noindex/App.build/Debug-iphoneos/App.build",
            "DSTROOT": "/tmp/App.dst",
        ]
        for (name, value) in expected { #expect(other.value(of: name) == value, "\(name)") }
    }

    /// Folder names by release: Intermediates.noindex from Xcode 9 (the 9.0 beta dump),
    /// ModuleCache.noindex from 9.3 (9.0 beta: ModuleCache; 9.4.1: ModuleCache.noindex).
    @Test func buildFolderNamesFollowTheRelease() throws {
        func value(_ name: String, _ version: String) throws -> String {
            try Self.resolver(settings: "SDKROOT = iphoneos;", defaults: XcodeDefaults(release: XcodeRelease.named(version)!, environment: ["HOME": "/Users/me"]))
                .value(of: name)
        }
        #expect(try value("OBJROOT", "7.0").hasSuffix("/Build/Intermediates"))
        #expect(try value("OBJROOT", "9.0").hasSuffix("/Build/Intermediates.noindex"))
        #expect(try value("MODULE_CACHE_DIR", "9.0") == "/Users/me/Library/Developer/Xcode/DerivedData/ModuleCache")
        #expect(try value("MODULE_CACHE_DIR", "9.4.1") == "/Users/me/Library/Developer/Xcode/DerivedData/ModuleCache.noindex")
    }

    /// The DerivedData folder names Xcode gave the xctool projects (their dumps' BUILD_DIR).
    @Test func derivedDataFolderNamesAreXcodes() {
        let root = "/Users/nekto/Projects/xctool/xctool/xctool-tests/TestData/"
        #expect(DerivedDataLocation.folderName(forProjectAt: root + "TestProject-Library/TestProject-Library.xcodeproj")
                == "TestProject-Library-frruszglismbfoceinskphldzhci")
        #expect(DerivedDataLocation.hash(ofPath: root + "TestProject-App-OSX/TestProject-App-OSX.xcodeproj") == "bcutwtvwxhkfgvfcuhyucdaqhgqx")
        #expect(DerivedDataLocation.hash(ofPath: root + "TestProject-TVFramework/TestProject-TVFramework.xcodeproj") == "eioarvrojappukbxcyfncxozpvso")
    }

    /// Without Xcode's defaults nothing changes: no SDK is bound and SDKROOT is as written.
    @Test func withoutDefaultsNothingIsAdded() throws {
        let resolver = try Self.resolver(settings: "SDKROOT = iphoneos; \"CODE_SIGN_IDENTITY[sdk=iphoneos*]\" = X;", defaults: nil)
        #expect(resolver.value(of: "SDKROOT") == "iphoneos")
        #expect(resolver.value(of: "CODE_SIGN_IDENTITY") == "")
        #expect(!resolver.isAssigned("EXECUTABLE_PATH"))
    }

    /// Every xcodebuild dump prints BUILD_STYLE empty (Xcode 6.4 to 26.4).
    @Test func buildStyleIsEmpty() throws {
        let resolver = try Self.resolver(settings: "", defaults: nil)
        #expect(resolver.isAssigned("BUILD_STYLE"))
        #expect(resolver.value(of: "BUILD_STYLE") == "")
    }

    /// SDK names and paths Xcode accepts in SDKROOT.
    @Test func sdkNames() {
        let defaults = XcodeDefaults()
        #expect(defaults.sdk(named: "iphonesimulator")?.canonicalName == "iphonesimulator26.4")
        #expect(defaults.sdk(named: "appletvsimulator9.1")?.canonicalName == "appletvsimulator9.1")
        #expect(defaults.sdk(named: "/Applications/Xcode.app/Contents/Developer/Platforms/MacOSX.platform/Developer/SDKs/MacOSX15.0.sdk")?.canonicalName == "macosx15.0")
        #expect(defaults.sdk(named: "")?.canonicalName == "macosx26.4")
        #expect(defaults.sdk(named: "driverkit")?.canonicalName == "driverkit25.4")
        #expect(defaults.sdk(named: "linux") == nil)
        #expect(defaults.sdk(named: "iphoneosx") == nil)
    }
}
