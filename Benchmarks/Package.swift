// swift-tools-version:6.0
import PackageDescription

// The benchmarks live in a package of their own, so that `swift build -c release` of the tool
// (and Mint, Homebrew, pre-commit) builds the tool only. They use the library's public API,
// as any client would, and time the release `xcconfig` executable as a whole process.
let package = Package(
    name: "xcconfig-benchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [.package(name: "xcconfig", path: "..")],
    targets: [
        .executableTarget(
            name: "xcconfig-bench",
            dependencies: [
                .product(name: "XCConfig", package: "xcconfig"),
                .product(name: "XCConfigLint", package: "xcconfig"),
            ]),
    ]
)
