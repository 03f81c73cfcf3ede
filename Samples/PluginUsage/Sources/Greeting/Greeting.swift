/// A library whose app build reads `Config/App.xcconfig`; the package exists to show the plugin.
public func greeting() -> String { "Hello from the plugin sample" }
