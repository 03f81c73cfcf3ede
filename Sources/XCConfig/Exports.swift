// The library product re-exports the syntax module, so `import XCConfig` is enough to reach
// the syntax tree, source ranges and diagnostics.
@_exported import XCConfigSyntax
