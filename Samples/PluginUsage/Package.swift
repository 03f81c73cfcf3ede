// swift-tools-version:6.0
import PackageDescription

// A package that uses xcconfig's command plugin on its own configuration files:
//
//   swift package --allow-writing-to-package-directory xcconfig lint Config
//   swift package --allow-writing-to-package-directory xcconfig resolve Config/App.xcconfig
//   swift package --allow-writing-to-package-directory xcconfig format --in-place Config/App.xcconfig
//
// A real package names the repository instead of the path:
//   .package(url: "https://github.com/xcconfig/xcconfig.git", from: "0.1.0")
let package = Package(
    name: "PluginUsage",
    dependencies: [.package(name: "xcconfig", path: "../..")],
    targets: [.target(name: "Greeting")]
)
