import XCConfigSyntax

/// What `--strict` makes of the warnings about the inputs themselves: a configuration that does
/// not exist (`-c Nope`) would print another configuration's values, so it is an error.
enum StrictDiagnostics {
    static func escalated(_ diagnostics: [Diagnostic], strict: Bool) -> [Diagnostic] {
        guard strict else { return diagnostics }
        return diagnostics.map { diagnostic in
            guard diagnostic.code == .unknownConfiguration, diagnostic.severity == .warning else { return diagnostic }
            var error = diagnostic
            error.severity = .error
            return error
        }
    }
}
