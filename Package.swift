// swift-tools-version:6.0
import PackageDescription

// Modules follow the data and depend one way:
// XCConfigSyntax <- XCConfig <- XCConfigLint <- xcconfig (CLI).
let package = Package(
    name: "xcconfig",
    platforms: [.macOS(.v13)],
    products: [
        .library(name: "XCConfig", targets: ["XCConfig"]),
        .library(name: "XCConfigLint", targets: ["XCConfigLint"]),
        .executable(name: "xcconfig", targets: ["xcconfig"]),
        .executable(name: "xcconfig-bench", targets: ["xcconfig-bench"]),
    ],
    targets: [
        .target(name: "XCConfigSyntax"),
        .target(name: "XCConfig", dependencies: ["XCConfigSyntax"]),
        .target(name: "XCConfigLint", dependencies: ["XCConfig"]),
        .target(name: "XCConfigCLI", dependencies: ["XCConfig", "XCConfigLint"]),
        // The standard library linked in on Linux: the dynamic one costs milliseconds of symbol
        // binding at every start (the tool starts once per build step). Darwin has it in the OS.
        // Not position-independent on Linux: the loader then has no 26,000 relative relocations
        // to apply (and no data pages to copy for them) at every start.
        .executableTarget(
            name: "xcconfig", dependencies: ["XCConfigCLI"],
            linkerSettings: [.unsafeFlags(["-static-stdlib", "-Xclang-linker", "-no-pie"], .when(platforms: [.linux]))]),
        .executableTarget(name: "xcconfig-bench", dependencies: ["XCConfig", "XCConfigLint", "XCConfigCLI"]),
        .target(name: "ConformanceSupport", path: "Tests/ConformanceSupport"),
        .testTarget(name: "XCConfigSyntaxTests", dependencies: ["XCConfigSyntax"]),
        .testTarget(name: "XCConfigTests", dependencies: ["XCConfig", "ConformanceSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "XCConfigLintTests", dependencies: ["XCConfigLint"]),
        .testTarget(name: "CLITests", dependencies: ["XCConfigCLI", "ConformanceSupport"]),
    ]
)
