/// The tool's version, printed by `xcconfig --version`. The only place it is written.
public let xcconfigVersion = "0.1.0"
