/// The developer directory `xcode-select` has chosen, asked once per process: a resolve never
/// waits for a subprocess after the first that needs it.
enum XcodeSelect {
    /// What `xcode-select -p` prints on macOS; `nil` elsewhere or when it fails.
    static let selectedDeveloperDirectory: String? = {
        #if os(macOS)
        guard let result = Subprocess.run("/usr/bin/xcode-select", arguments: ["-p"]), result.status == 0 else { return nil }
        let path = result.trimmedOutput
        return path.isEmpty ? nil : path
        #else
        return nil
        #endif
    }()
}
