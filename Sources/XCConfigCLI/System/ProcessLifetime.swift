/// What ``CommandContext/keepUntilExit(_:)`` keeps: never released, the process exits first.
enum ProcessLifetime {
    /// Copies `value` into memory that is never freed, so that what it references is never
    /// released. Generic rather than `Any`, and no list of kept values: boxing an existential
    /// and an `[Any]` cost the runtime type instantiations on every run.
    static func keep<Value>(_ value: Value) {
        UnsafeMutablePointer<Value>.allocate(capacity: 1).initialize(to: value)
    }
}
