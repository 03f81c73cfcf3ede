import XCConfig

// What is built, as xcodebuild takes it: the files (or a project and target), the configuration,
// the SDK and architecture. The request finds the includes as Xcode finds them.
var request = BuildRequest(files: ["Samples/SharedProject/Config/Release.xcconfig"], environment: .process)
request.configuration = "Release"
request.sdks = ["iphoneos18.0", "iphoneos"]
request.arch = "arm64"
let stack = try request.loadStack(fileSystem: RealFileSystem())
let resolver = stack.resolver

// One resolver answers queries from many tasks at once.
let names = ["PRODUCT_BUNDLE_IDENTIFIER", "DEVELOPMENT_TEAM", "SWIFT_VERSION", "OTHER_LDFLAGS"]
let values = await withTaskGroup(of: (String, String).self, returning: [String: String].self) { group in
    for name in names {
        group.addTask { (name, resolver.value(of: name)) }
    }
    var values: [String: String] = [:]
    for await (name, value) in group { values[name] = value }
    return values
}
for name in names {
    // Where each value comes from: the assignment that won, with its file and line.
    let winner = resolver.winner(of: name)
    print("\(name) = \(values[name] ?? "")", winner.map { "(\($0.file ?? "?"):\($0.location?.line ?? 0))" } ?? "")
}
