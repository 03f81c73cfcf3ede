// swift-tools-version:6.0
import PackageDescription

// Modules follow the data and depend one way:
// XCConfigSyntax <- XCConfig <- XCConfigLint <- XCConfigLanguageServer <- xcconfig (CLI).
let package = Package(
    name: "xcconfig",
    platforms: [.macOS(.v13)],
    products: [
        .library(name: "XCConfig", targets: ["XCConfig"]),
        .library(name: "XCConfigLint", targets: ["XCConfigLint"]),
        .executable(name: "xcconfig", targets: ["xcconfig"]),
        // `swift package xcconfig lint|resolve|format …` in a package that depends on this one.
        .plugin(name: "XCConfigPlugin", targets: ["XCConfigPlugin"]),
    ],
    targets: [
        .target(name: "XCConfigSyntax"),
        .target(name: "XCConfig", dependencies: ["XCConfigSyntax"]),
        .target(name: "XCConfigLint", dependencies: ["XCConfig"]),
        .target(name: "XCConfigLanguageServer", dependencies: ["XCConfig", "XCConfigLint"]),
        .target(name: "XCConfigCLI", dependencies: ["XCConfig", "XCConfigLint", "XCConfigLanguageServer"]),
        // A static executable on Linux: no dynamic loader, no relocations to apply, no shared
        // libraries (libswiftCore, libstdc++, libc) to map and bind at every start (the tool
        // starts once per build step). Darwin has the Swift runtime in the OS. The sanitizers
        // have no static runtime: XCCONFIG_DYNAMIC_EXECUTABLE=1 links it dynamically for them.
        .executableTarget(
            name: "xcconfig", dependencies: ["XCConfigCLI"],
            linkerSettings: Context.environment["XCCONFIG_DYNAMIC_EXECUTABLE"] == "1"
                ? [] : [.unsafeFlags(["-static-executable"], .when(platforms: [.linux]))]),
        .plugin(
            name: "XCConfigPlugin",
            capability: .command(
                intent: .custom(verb: "xcconfig", description: "Run xcconfig (lint, resolve, format, …) in this package's directory."),
                permissions: [.writeToPackageDirectory(reason: "xcconfig format --in-place rewrites .xcconfig files of this package.")]),
            dependencies: ["xcconfig"]),
        .target(name: "ConformanceSupport", path: "Tests/ConformanceSupport"),
        .testTarget(name: "XCConfigSyntaxTests", dependencies: ["XCConfigSyntax", "ConformanceSupport"]),
        .testTarget(name: "XCConfigTests", dependencies: ["XCConfig", "ConformanceSupport"], exclude: ["Fixtures", "PerformanceGuards/README.md"]),
        .testTarget(name: "XCConfigLintTests", dependencies: ["XCConfigLint", "ConformanceSupport"]),
        .testTarget(name: "CLITests", dependencies: ["XCConfigCLI", "ConformanceSupport"]),
        // What ships beside the tool: the formula, the container image, the GitHub Action. It
        // runs the `xcconfig` executable that `swift build --build-tests` and `swift test` build
        // (no dependency on it: that would link the static executable's flags into the tests).
        .testTarget(name: "DistributionTests", dependencies: ["ConformanceSupport"]),
        .testTarget(
            name: "XCConfigLanguageServerTests", dependencies: ["XCConfigLanguageServer", "XCConfigCLI", "ConformanceSupport"],
            exclude: ["Editors"]),
    ]
)
