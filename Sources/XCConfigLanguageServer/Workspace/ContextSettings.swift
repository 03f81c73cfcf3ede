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
        self = ContextSettings().overlaid(by: json)
    }

    /// These settings with each one `json` names replaced. Clients send
    /// `workspace/didChangeConfiguration` with whatever their own configuration holds, often
    /// `{}` (Emacs eglot does, right after `initialized`), so a setting it leaves out keeps its
    /// `initializationOptions` value rather than falling back to the default.
    func overlaid(by json: JSONValue?) -> ContextSettings {
        guard var json, json.objectMembers != nil else { return self }
        if let nested = json["xcconfig"], nested.objectMembers != nil { json = nested }
        var settings = self
        if let value = json["configuration"] { settings.configuration = value.stringValue }
        if let sdk = json["sdk"] {
            settings.sdks = sdk.stringValue.map { [$0] } ?? sdk.arrayValue?.compactMap(\.stringValue) ?? []
        }
        if let value = json["arch"] { settings.arch = value.stringValue }
        if let value = json["project"] { settings.project = value.stringValue }
        if let value = json["target"] { settings.target = value.stringValue }
        return settings
    }
}
