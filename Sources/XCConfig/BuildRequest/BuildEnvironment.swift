/// The environment a build runs in: given values, or the running process's own, read a variable
/// at a time.
///
/// A build runs tools with hundreds of variables, of which a resolve reads three or four
/// (`DEVELOPER_DIR`, `XCODE_XCCONFIG_FILE`, `HOME`, `USER`); the process's are made a
/// dictionary only when all of them are needed (the `environment` level).
public struct BuildEnvironment: Sendable {
    private enum Source: Sendable {
        case values([String: String])
        case process(ProcessEnvironment)
    }

    private var source: Source

    /// Exactly `values`.
    public init(_ values: [String: String] = [:]) {
        source = .values(values)
    }

    private init(source: Source) {
        self.source = source
    }

    /// The running process's environment.
    public static var process: BuildEnvironment { .process(ProcessEnvironment()) }

    /// The process's environment as `environment` reads it.
    package static func process(_ environment: ProcessEnvironment) -> BuildEnvironment {
        BuildEnvironment(source: .process(environment))
    }

    /// The value of the variable `name`.
    public subscript(name: String) -> String? {
        switch source {
        case .values(let values): values[name]
        case .process(let process): process.value(name)
        }
    }

    /// Every variable.
    public var values: [String: String] {
        get {
            switch source {
            case .values(let values): values
            case .process(let process): process.values
            }
        }
        set { source = .values(newValue) }
    }
}
