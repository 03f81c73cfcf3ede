import XCConfig

/// The build the server evaluates documents for, as the client configures it in
/// `initializationOptions` or `workspace/didChangeConfiguration`:
///
/// ```json
/// {"configuration": "Release", "sdk": "iphoneos", "arch": "arm64",
///  "project": "App.xcodeproj", "target": "App"}
/// ```
///
/// Everything is optional. Without a project, the nearest `.xcodeproj` above a document is
/// used, with its default configuration and first target unless these name others.
struct ContextSettings: Hashable, Sendable {
    var configuration: String?
    /// `sdk` takes one name or a list (Xcode binds several: `iphoneos17.0`, `iphoneos`).
    var sdks: [String] = []
    var arch: String?
    /// A path, relative to the workspace root unless absolute.
    var project: String?
    var target: String?

    init() {}

    /// The settings in `json`: the object itself, or its `xcconfig` member (clients nest
    /// server settings under the server's name).
    init(_ json: JSONValue?) {
        guard var json, json.objectMembers != nil else { return }
        if let nested = json["xcconfig"], nested.objectMembers != nil { json = nested }
        configuration = json["configuration"]?.stringValue
        if let sdk = json["sdk"]?.stringValue {
            sdks = [sdk]
        } else if let list = json["sdk"]?.arrayValue {
            sdks = list.compactMap(\.stringValue)
        }
        arch = json["arch"]?.stringValue
        project = json["project"]?.stringValue
        target = json["target"]?.stringValue
    }
}
