/// The settings Xcode's product types and package types define: a target's product type
/// (`com.apple.product-type.application`) names its package type
/// (`com.apple.package-type.wrapper.application`), and both contribute defaults such as
/// WRAPPER_EXTENSION, EXECUTABLE_NAME, EXECUTABLE_PATH, FULL_PRODUCT_NAME and
/// CONTENTS_FOLDER_PATH. A type based on another has that one's settings below its own.
///
/// Facts from swift-build's `ProductTypes.xcspec`, `PackageTypes.xcspec` and the Darwin
/// product and package types, checked against `xcodebuild -showBuildSettings` output.
enum ProductTypeDefaults {
    /// A product type or package type: what it is based on and its own settings.
    struct Entry {
        var basedOn: String?
        var packageType: String?
        var settings: [(name: String, value: String)]
    }

    private static let executableName = "$(EXECUTABLE_PREFIX)$(PRODUCT_NAME)$(EXECUTABLE_VARIANT_SUFFIX)$(EXECUTABLE_SUFFIX)"

    /// Package types, by identifier.
    static let packageTypes: [String: Entry] = [
        "com.apple.package-type.mach-o-executable": Entry(settings: [
            ("EXECUTABLE_NAME", executableName), ("EXECUTABLE_PATH", "$(EXECUTABLE_NAME)"),
        ]),
        "com.apple.package-type.mach-o-objfile": Entry(settings: [
            ("EXECUTABLE_NAME", executableName), ("EXECUTABLE_PATH", "$(EXECUTABLE_NAME)"),
        ]),
        "com.apple.package-type.mach-o-dylib": Entry(settings: [
            ("EXECUTABLE_NAME", executableName), ("EXECUTABLE_PATH", "$(EXECUTABLE_NAME)"),
        ]),
        "com.apple.package-type.static-library": Entry(settings: [
            ("EXECUTABLE_PREFIX", "lib"), ("EXECUTABLE_SUFFIX", ".a"),
            ("EXECUTABLE_NAME", executableName), ("EXECUTABLE_PATH", "$(EXECUTABLE_NAME)"),
        ]),
        "com.apple.package-type.wrapper": Entry(settings: [
            ("WRAPPER_SUFFIX", ".bundle"),
            ("WRAPPER_NAME", "$(WRAPPER_PREFIX)$(PRODUCT_NAME)$(WRAPPER_SUFFIX)"),
            ("CONTENTS_FOLDER_PATH", "$(CONTENTS_FOLDER_PATH_SHALLOW_BUNDLE_$(SHALLOW_BUNDLE))"),
            ("EXECUTABLE_NAME", executableName),
            ("EXECUTABLE_FOLDER_PATH", "$(EXECUTABLE_FOLDER_PATH_SHALLOW_BUNDLE_$(SHALLOW_BUNDLE))"),
            ("EXECUTABLE_PATH", "$(EXECUTABLE_FOLDER_PATH)/$(EXECUTABLE_NAME)"),
            ("INFOPLIST_PATH", "$(CONTENTS_FOLDER_PATH)/Info.plist"),
            ("INFOSTRINGS_PATH", "$(LOCALIZED_RESOURCES_FOLDER_PATH)/InfoPlist.strings"),
            ("PKGINFO_PATH", "$(CONTENTS_FOLDER_PATH)/PkgInfo"),
            ("PBDEVELOPMENTPLIST_PATH", "$(CONTENTS_FOLDER_PATH)/pbdevelopment.plist"),
            ("VERSIONPLIST_PATH", "$(CONTENTS_FOLDER_PATH)/version.plist"),
            ("PUBLIC_HEADERS_FOLDER_PATH", "$(CONTENTS_FOLDER_PATH)/Headers"),
            ("PRIVATE_HEADERS_FOLDER_PATH", "$(CONTENTS_FOLDER_PATH)/PrivateHeaders"),
            ("EXECUTABLES_FOLDER_PATH", "$(CONTENTS_FOLDER_PATH)/Executables"),
            ("FRAMEWORKS_FOLDER_PATH", "$(CONTENTS_FOLDER_PATH)/Frameworks"),
            ("SHARED_FRAMEWORKS_FOLDER_PATH", "$(CONTENTS_FOLDER_PATH)/SharedFrameworks"),
            ("SHARED_SUPPORT_FOLDER_PATH", "$(CONTENTS_FOLDER_PATH)/SharedSupport"),
            ("UNLOCALIZED_RESOURCES_FOLDER_PATH", "$(UNLOCALIZED_RESOURCES_FOLDER_PATH_SHALLOW_BUNDLE_$(SHALLOW_BUNDLE))"),
            ("LOCALIZED_RESOURCES_FOLDER_PATH", "$(UNLOCALIZED_RESOURCES_FOLDER_PATH)/$(DEVELOPMENT_LANGUAGE).lproj"),
            ("DOCUMENTATION_FOLDER_PATH", "$(LOCALIZED_RESOURCES_FOLDER_PATH)/Documentation"),
            ("PLUGINS_FOLDER_PATH", "$(CONTENTS_FOLDER_PATH)/PlugIns"),
            ("EXTENSIONS_FOLDER_PATH", "$(CONTENTS_FOLDER_PATH)/Extensions"),
            ("MODULES_FOLDER_PATH", "$(CONTENTS_FOLDER_PATH)/Modules"),
            ("XPCSERVICES_FOLDER_PATH", "$(CONTENTS_FOLDER_PATH)/XPCServices"),
            ("SYSTEM_EXTENSIONS_FOLDER_PATH", "$(SYSTEM_EXTENSIONS_FOLDER_PATH_SHALLOW_BUNDLE_$(SHALLOW_BUNDLE))"),
            ("SCRIPTS_FOLDER_PATH", "$(UNLOCALIZED_RESOURCES_FOLDER_PATH)/Scripts"),
            ("JAVA_FOLDER_PATH", "$(UNLOCALIZED_RESOURCES_FOLDER_PATH)/Java"),
        ]),
        "com.apple.package-type.wrapper.application": Entry(basedOn: "com.apple.package-type.wrapper", settings: [
            ("PRODUCT_BUNDLE_PACKAGE_TYPE", "APPL"), ("GENERATE_PKGINFO_FILE", "YES"),
        ]),
        "com.apple.package-type.bundle.unit-test": Entry(basedOn: "com.apple.package-type.wrapper", settings: [
            ("PRODUCT_BUNDLE_PACKAGE_TYPE", "BNDL"),
        ]),
        "com.apple.package-type.xpc-service": Entry(basedOn: "com.apple.package-type.wrapper", settings: [
            ("PRODUCT_BUNDLE_PACKAGE_TYPE", "XPC!"), ("WRAPPER_SUFFIX", ".xpc"),
        ]),
        "com.apple.package-type.pluginkit-plugin": Entry(basedOn: "com.apple.package-type.xpc-service", settings: [
            ("WRAPPER_SUFFIX", ".pluginkit"),
        ]),
        "com.apple.package-type.app-extension": Entry(basedOn: "com.apple.package-type.pluginkit-plugin", settings: [
            ("WRAPPER_SUFFIX", ".appex"),
        ]),
        "com.apple.package-type.extensionkit-extension": Entry(basedOn: "com.apple.package-type.pluginkit-plugin", settings: []),
        "com.apple.package-type.wrapper.system-extension": Entry(basedOn: "com.apple.package-type.wrapper", settings: [
            ("PRODUCT_BUNDLE_PACKAGE_TYPE", "SYSX"),
        ]),
        "com.apple.package-type.wrapper.driver-extension": Entry(basedOn: "com.apple.package-type.wrapper.system-extension", settings: [
            ("PRODUCT_BUNDLE_PACKAGE_TYPE", "DEXT"),
        ]),
        "com.apple.package-type.wrapper.framework": Entry(settings: [
            ("WRAPPER_SUFFIX", ".framework"),
            ("WRAPPER_NAME", "$(WRAPPER_PREFIX)$(PRODUCT_NAME)$(WRAPPER_SUFFIX)"),
            ("PRODUCT_BUNDLE_PACKAGE_TYPE", "FMWK"),
            ("CURRENT_VERSION", "Current"),
            ("EXECUTABLE_NAME", executableName),
            ("EXECUTABLE_FOLDER_PATH", "$(CONTENTS_FOLDER_PATH)"),
            ("EXECUTABLE_PATH", "$(EXECUTABLE_FOLDER_PATH)/$(EXECUTABLE_NAME)"),
            ("INFOPLIST_PATH", "$(UNLOCALIZED_RESOURCES_FOLDER_PATH)/Info.plist"),
            ("INFOPLISTSTRINGS_PATH", "$(LOCALIZED_RESOURCES_FOLDER_PATH)/InfoPlist.strings"),
            ("PKGINFO_PATH", "$(WRAPPER_NAME)/PkgInfo"),
            ("PBDEVELOPMENTPLIST_PATH", "$(CONTENTS_FOLDER_PATH)/pbdevelopment.plist"),
            ("VERSIONPLIST_PATH", "$(UNLOCALIZED_RESOURCES_FOLDER_PATH)/version.plist"),
            ("PUBLIC_HEADERS_FOLDER_PATH", "$(CONTENTS_FOLDER_PATH)/Headers"),
            ("PRIVATE_HEADERS_FOLDER_PATH", "$(CONTENTS_FOLDER_PATH)/PrivateHeaders"),
            ("EXECUTABLES_FOLDER_PATH", "$(LOCALIZED_RESOURCES_FOLDER_PATH)"),
            ("FRAMEWORKS_FOLDER_PATH", "$(CONTENTS_FOLDER_PATH)/Frameworks"),
            ("SHARED_FRAMEWORKS_FOLDER_PATH", "$(CONTENTS_FOLDER_PATH)/SharedFrameworks"),
            ("SHARED_SUPPORT_FOLDER_PATH", "$(UNLOCALIZED_RESOURCES_FOLDER_PATH)"),
            ("LOCALIZED_RESOURCES_FOLDER_PATH", "$(UNLOCALIZED_RESOURCES_FOLDER_PATH)/$(DEVELOPMENT_LANGUAGE).lproj"),
            ("DOCUMENTATION_FOLDER_PATH", "$(LOCALIZED_RESOURCES_FOLDER_PATH)/Documentation"),
            ("PLUGINS_FOLDER_PATH", "$(CONTENTS_FOLDER_PATH)/PlugIns"),
            ("EXTENSIONS_FOLDER_PATH", "$(CONTENTS_FOLDER_PATH)/Extensions"),
            ("MODULES_FOLDER_PATH", "$(CONTENTS_FOLDER_PATH)/Modules"),
            ("XPCSERVICES_FOLDER_PATH", "$(CONTENTS_FOLDER_PATH)/XPCServices"),
            ("SCRIPTS_FOLDER_PATH", "$(UNLOCALIZED_RESOURCES_FOLDER_PATH)/Scripts"),
            ("JAVA_FOLDER_PATH", "$(UNLOCALIZED_RESOURCES_FOLDER_PATH)/Java"),
            ("CODESIGNING_FOLDER_PATH", "$(TARGET_BUILD_DIR)/$(CONTENTS_FOLDER_PATH)"),
        ]),
        "com.apple.package-type.wrapper.framework.static": Entry(basedOn: "com.apple.package-type.wrapper.framework", settings: []),
    ]

    /// The folder layout of a framework, deep (macOS) or shallow (the other platforms).
    static func frameworkLayout(shallow: Bool) -> [(name: String, value: String)] {
        shallow
            ? [("VERSIONS_FOLDER_PATH", "$(WRAPPER_NAME)"), ("CONTENTS_FOLDER_PATH", "$(WRAPPER_NAME)"),
               ("UNLOCALIZED_RESOURCES_FOLDER_PATH", "$(CONTENTS_FOLDER_PATH)")]
            : [("VERSIONS_FOLDER_PATH", "$(WRAPPER_NAME)/Versions"), ("CONTENTS_FOLDER_PATH", "$(VERSIONS_FOLDER_PATH)/$(FRAMEWORK_VERSION)"),
               ("UNLOCALIZED_RESOURCES_FOLDER_PATH", "$(CONTENTS_FOLDER_PATH)/Resources")]
    }

    private static let bundleFlags: [(name: String, value: String)] = [
        ("FRAMEWORK_FLAG_PREFIX", "-framework"), ("LIBRARY_FLAG_PREFIX", "-l"), ("LIBRARY_FLAG_NOSPACE", "YES"),
    ]

    /// Product types, by identifier.
    static let productTypes: [String: Entry] = [
        "com.apple.product-type.tool": Entry(packageType: "com.apple.package-type.mach-o-executable", settings: bundleFlags + [
            ("FULL_PRODUCT_NAME", "$(EXECUTABLE_NAME)"), ("MACH_O_TYPE", "mh_execute"), ("REZ_EXECUTABLE", "YES"),
            ("INSTALL_PATH", "/usr/local/bin"), ("GCC_DYNAMIC_NO_PIC", "NO"), ("GCC_SYMBOLS_PRIVATE_EXTERN", "YES"),
            ("GCC_INLINES_ARE_PRIVATE_EXTERN", "YES"), ("STRIP_STYLE", "all"), ("CODE_SIGNING_ALLOWED", "YES"),
        ]),
        "com.apple.product-type.objfile": Entry(packageType: "com.apple.package-type.mach-o-objfile", settings: bundleFlags + [
            ("FULL_PRODUCT_NAME", "$(EXECUTABLE_NAME)"), ("MACH_O_TYPE", "mh_object"), ("LINK_WITH_STANDARD_LIBRARIES", "NO"),
            ("REZ_EXECUTABLE", "YES"), ("EXECUTABLE_SUFFIX", ".$(EXECUTABLE_EXTENSION)"), ("EXECUTABLE_EXTENSION", "o"),
            ("PUBLIC_HEADERS_FOLDER_PATH", "/usr/local/include"), ("PRIVATE_HEADERS_FOLDER_PATH", "/usr/local/include"),
            ("INSTALL_PATH", "$(HOME)/Objects"), ("SKIP_INSTALL", "YES"), ("STRIP_STYLE", "debugging"),
            ("GCC_INLINES_ARE_PRIVATE_EXTERN", "YES"), ("KEEP_PRIVATE_EXTERNS", "YES"), ("DEAD_CODE_STRIPPING", "NO"),
        ]),
        "com.apple.product-type.library.dynamic": Entry(packageType: "com.apple.package-type.mach-o-dylib", settings: bundleFlags + [
            ("FULL_PRODUCT_NAME", "$(EXECUTABLE_NAME)"), ("MACH_O_TYPE", "mh_dylib"), ("REZ_EXECUTABLE", "YES"),
            ("EXECUTABLE_SUFFIX", ".$(EXECUTABLE_EXTENSION)"), ("EXECUTABLE_EXTENSION", "dylib"),
            ("PUBLIC_HEADERS_FOLDER_PATH", "/usr/local/include"), ("PRIVATE_HEADERS_FOLDER_PATH", "/usr/local/include"),
            ("INSTALL_PATH", "/usr/local/lib"), ("DYLIB_INSTALL_NAME_BASE", "$(INSTALL_PATH)"),
            ("LD_DYLIB_INSTALL_NAME", "$(DYLIB_INSTALL_NAME_BASE:standardizepath)/$(EXECUTABLE_PATH)"),
            ("DYLIB_COMPATIBILITY_VERSION", "1"), ("DYLIB_CURRENT_VERSION", "1"), ("STRIP_STYLE", "debugging"),
            ("GCC_INLINES_ARE_PRIVATE_EXTERN", "YES"), ("CODE_SIGNING_ALLOWED", "YES"),
        ]),
        "com.apple.product-type.library.static": Entry(packageType: "com.apple.package-type.static-library", settings: bundleFlags + [
            ("FULL_PRODUCT_NAME", "$(EXECUTABLE_NAME)"), ("MACH_O_TYPE", "staticlib"), ("REZ_EXECUTABLE", "YES"),
            ("EXECUTABLE_PREFIX", "lib"), ("EXECUTABLE_SUFFIX", ".$(EXECUTABLE_EXTENSION)"), ("EXECUTABLE_EXTENSION", "a"),
            ("PUBLIC_HEADERS_FOLDER_PATH", "/usr/local/include"), ("PRIVATE_HEADERS_FOLDER_PATH", "/usr/local/include"),
            ("INSTALL_PATH", "/usr/local/lib"), ("STRIP_STYLE", "debugging"), ("SEPARATE_STRIP", "YES"),
            ("CODE_SIGNING_ALLOWED", "NO"), ("DEAD_CODE_STRIPPING", "YES"),
        ]),
        "com.apple.product-type.bundle": Entry(packageType: "com.apple.package-type.wrapper", settings: bundleFlags + [
            ("FULL_PRODUCT_NAME", "$(WRAPPER_NAME)"), ("MACH_O_TYPE", "mh_bundle"), ("WRAPPER_SUFFIX", ".$(WRAPPER_EXTENSION)"),
            ("WRAPPER_EXTENSION", "bundle"), ("WRAPPER_NAME", "$(WRAPPER_PREFIX)$(PRODUCT_NAME)$(WRAPPER_SUFFIX)"),
            ("STRIP_STYLE", "non-global"), ("GCC_INLINES_ARE_PRIVATE_EXTERN", "YES"), ("CODE_SIGNING_ALLOWED", "YES"),
        ]),
        "com.apple.product-type.application": Entry(basedOn: "com.apple.product-type.bundle", packageType: "com.apple.package-type.wrapper.application", settings: [
            ("MACH_O_TYPE", "mh_execute"), ("GCC_DYNAMIC_NO_PIC", "NO"), ("GCC_INLINES_ARE_PRIVATE_EXTERN", "YES"),
            ("WRAPPER_EXTENSION", "app"), ("INSTALL_PATH", "$(LOCAL_APPS_DIR)"), ("STRIP_STYLE", "all"),
            ("CODE_SIGNING_ALLOWED", "YES"), ("DEAD_CODE_STRIPPING", "YES"), ("LD_RUNPATH_SEARCH_PATHS_YES", "@loader_path/../Frameworks"),
        ]),
        "com.apple.product-type.application.watchapp2": Entry(basedOn: "com.apple.product-type.application", packageType: "com.apple.package-type.wrapper.application", settings: []),
        "com.apple.product-type.application.watchapp2-container": Entry(basedOn: "com.apple.product-type.application", packageType: "com.apple.package-type.wrapper.application", settings: []),
        "com.apple.product-type.application.on-demand-install-capable": Entry(basedOn: "com.apple.product-type.application", packageType: "com.apple.package-type.wrapper.application", settings: []),
        "com.apple.product-type.framework": Entry(basedOn: "com.apple.product-type.bundle", packageType: "com.apple.package-type.wrapper.framework", settings: [
            ("MACH_O_TYPE", "mh_dylib"), ("FRAMEWORK_VERSION", "A"), ("WRAPPER_EXTENSION", "framework"),
            ("INSTALL_PATH", "$(LOCAL_LIBRARY_DIR)/Frameworks"), ("DYLIB_INSTALL_NAME_BASE", "$(INSTALL_PATH)"),
            ("LD_DYLIB_INSTALL_NAME", "$(DYLIB_INSTALL_NAME_BASE:standardizepath)/$(EXECUTABLE_PATH)"),
            ("DYLIB_COMPATIBILITY_VERSION", "1"), ("DYLIB_CURRENT_VERSION", "1"),
            ("STRIP_STYLE", "debugging"), ("CODE_SIGNING_ALLOWED", "YES"),
        ]),
        "com.apple.product-type.framework.static": Entry(basedOn: "com.apple.product-type.framework", packageType: "com.apple.package-type.wrapper.framework.static", settings: [
            ("MACH_O_TYPE", "staticlib"), ("SEPARATE_STRIP", "YES"), ("GCC_INLINES_ARE_PRIVATE_EXTERN", "NO"), ("CODE_SIGNING_ALLOWED", "NO"),
        ]),
        "com.apple.product-type.bundle.unit-test": Entry(basedOn: "com.apple.product-type.bundle", packageType: "com.apple.package-type.bundle.unit-test", settings: [
            ("WRAPPER_EXTENSION", "xctest"), ("PRODUCT_SPECIFIC_LDFLAGS", "$(inherited) -framework XCTest"),
            ("PRODUCT_TYPE_FRAMEWORK_SEARCH_PATHS", "$(inherited) $(TEST_FRAMEWORK_SEARCH_PATHS)"),
            ("ENABLE_TESTING_SEARCH_PATHS", "YES"),
        ]),
        "com.apple.product-type.bundle.ui-testing": Entry(basedOn: "com.apple.product-type.bundle.unit-test", packageType: "com.apple.package-type.bundle.unit-test", settings: [
            ("USES_XCTRUNNER", "YES"),
        ]),
        "com.apple.product-type.app-extension": Entry(basedOn: "com.apple.product-type.bundle", packageType: "com.apple.package-type.app-extension", settings: [
            ("MACH_O_TYPE", "mh_execute"), ("WRAPPER_EXTENSION", "appex"), ("INSTALL_PATH", "$(LOCAL_APPS_DIR)"),
            ("APPLICATION_EXTENSION_API_ONLY", "YES"), ("STRIP_STYLE", "all"), ("CODE_SIGNING_ALLOWED", "YES"),
        ]),
        "com.apple.product-type.extensionkit-extension": Entry(basedOn: "com.apple.product-type.app-extension", packageType: "com.apple.package-type.extensionkit-extension", settings: []),
        "com.apple.product-type.xpc-service": Entry(basedOn: "com.apple.product-type.bundle", packageType: "com.apple.package-type.xpc-service", settings: [
            ("MACH_O_TYPE", "mh_execute"), ("WRAPPER_EXTENSION", "xpc"), ("STRIP_STYLE", "all"), ("CODE_SIGNING_ALLOWED", "YES"),
        ]),
        "com.apple.product-type.system-extension": Entry(basedOn: "com.apple.product-type.bundle", packageType: "com.apple.package-type.wrapper.system-extension", settings: [
            ("MACH_O_TYPE", "mh_execute"), ("WRAPPER_EXTENSION", "systemextension"), ("STRIP_STYLE", "all"), ("CODE_SIGNING_ALLOWED", "YES"),
        ]),
        "com.apple.product-type.driver-extension": Entry(basedOn: "com.apple.product-type.bundle", packageType: "com.apple.package-type.wrapper.driver-extension", settings: [
            ("MACH_O_TYPE", "mh_execute"), ("WRAPPER_EXTENSION", "dext"), ("STRIP_STYLE", "all"), ("CODE_SIGNING_ALLOWED", "YES"),
        ]),
    ]

    /// The level of each product type, for a shallow and a deep bundle, made once.
    private static let levels: [String: (shallow: [DictionaryEntry], deep: [DictionaryEntry])] = {
        var levels: [String: (shallow: [DictionaryEntry], deep: [DictionaryEntry])] = [:]
        for identifier in productTypes.keys {
            levels[identifier] = (XcodeDefaults.entries(settings(productType: identifier, shallowBundle: true)),
                                  XcodeDefaults.entries(settings(productType: identifier, shallowBundle: false)))
        }
        return levels
    }()

    /// The level of `productType`, `nil` for a type the table does not know.
    /// Every setting some product or package type defines: what a stack without a project
    /// lacks of a target's settings.
    static let definedNames: Set<String> = {
        var names: Set<String> = []
        for entry in packageTypes.values { names.formUnion(entry.settings.map(\.name)) }
        for entry in productTypes.values { names.formUnion(entry.settings.map(\.name)) }
        return names
    }()

    static func entries(productType: String, shallowBundle: Bool) -> [DictionaryEntry]? {
        guard let level = levels[productType] else { return nil }
        return shallowBundle ? level.shallow : level.deep
    }

    /// The settings of `productType` and its package type, lowest precedence first (package
    /// type, then the product types from the base up), with PACKAGE_TYPE; empty for a type the
    /// table does not know.
    static func settings(productType: String, shallowBundle: Bool) -> [(name: String, value: String)] {
        var productChain: [Entry] = []
        var next: String? = productType
        while let identifier = next, let entry = productTypes[identifier], productChain.count < 8 {
            productChain.append(entry)
            next = entry.basedOn
        }
        guard let packageType = productChain.lazy.compactMap(\.packageType).first else { return [] }
        var packageChain: [Entry] = []
        next = packageType
        while let identifier = next, let entry = packageTypes[identifier], packageChain.count < 8 {
            packageChain.append(entry)
            next = entry.basedOn
        }
        var result: [(name: String, value: String)] = []
        for entry in packageChain.reversed() { result += entry.settings }
        if packageType.hasPrefix("com.apple.package-type.wrapper.framework") { result += frameworkLayout(shallow: shallowBundle) }
        for entry in productChain.reversed() { result += entry.settings }
        result.append(("PACKAGE_TYPE", packageType))
        return result
    }
}
