// swift-tools-version:6.0
// A user's package depending on xcconfig's library: its main.swift is the first example of
// the README's "Using the library", and CI builds it in Swift 6 language mode.
import PackageDescription

let package = Package(
    name: "LibraryUsage",
    platforms: [.macOS(.v13)],
    dependencies: [.package(name: "xcconfig", path: "../..")],
    targets: [
        .executableTarget(name: "ResolveConcurrently", dependencies: [.product(name: "XCConfig", package: "xcconfig")]),
    ]
)
