import XCConfig

// Load a configuration with its includes, as Xcode reads it, in one build context.
let context = EvaluationContext(configuration: "Release", sdks: ["iphoneos18.0", "iphoneos"], arch: "arm64")
let stack = try StackInputs(targetConfigFiles: ["Samples/SharedProject/Config/Release.xcconfig"])
    .load(with: IncludeLoader(fileSystem: RealFileSystem()), context: context)
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
