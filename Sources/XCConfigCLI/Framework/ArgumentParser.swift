import XCConfigLint

/// A `NAME[cond]...=VALUE` argument: a command-line override of a build setting, as with
/// `xcodebuild NAME=value` (cli.md "Levels", level `command-line`).
public struct CommandLineOverride: Hashable, Sendable {
    /// The name and its conditions exactly as written: `OTHER_LDFLAGS[sdk=iphoneos*]`.
    public var key: String
    /// The setting name: `OTHER_LDFLAGS`.
    public var name: String
    /// The conditions as written, brackets included: `[sdk=iphoneos*]`, or `""`.
    public var conditions: String
    /// Everything after the `=` that ends the key, unchanged.
    public var value: String

    public init(key: String, name: String, conditions: String, value: String) {
        self.key = key
        self.name = name
        self.conditions = conditions
        self.value = value
    }

    /// The override `argument` spells, or `nil` when its left side is not a setting name
    /// (`[A-Za-z_][A-Za-z0-9_]*`) optionally followed by `[...]` conditions.
    public static func parse(_ argument: String) -> CommandLineOverride? {
        let bytes = Array(argument.utf8)
        func isNameStart(_ byte: UInt8) -> Bool {
            (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                || byte == UInt8(ascii: "_")
        }
        func isNameByte(_ byte: UInt8) -> Bool { isNameStart(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }

        guard let first = bytes.first, isNameStart(first) else { return nil }
        var index = 1
        while index < bytes.count, isNameByte(bytes[index]) { index += 1 }
        let nameEnd = index
        // Conditions: `[` up to the next `]`, any number of times; the `=` inside belongs to them.
        while index < bytes.count, bytes[index] == UInt8(ascii: "[") {
            guard let close = bytes[index...].firstIndex(of: UInt8(ascii: "]")) else { return nil }
            index = close + 1
        }
        guard index < bytes.count, bytes[index] == UInt8(ascii: "=") else { return nil }
        return CommandLineOverride(
            key: String(decoding: bytes[..<index], as: UTF8.self),
            name: String(decoding: bytes[..<nameEnd], as: UTF8.self),
            conditions: String(decoding: bytes[nameEnd..<index], as: UTF8.self),
            value: String(decoding: bytes[(index + 1)...], as: UTF8.self)
        )
    }
}

/// The arguments of one invocation, checked against the command's table.
public struct ParsedArguments: Sendable {
    /// Every positional argument, in order (overrides excluded).
    public internal(set) var positionals: [String] = []
    /// The `NAME[cond]=VALUE` arguments and `--set` values, in the order given.
    public internal(set) var overrides: [CommandLineOverride] = []
    var valuesByOption = NamedValues()
    /// Every flag given, once per occurrence.
    var givenFlags: [String] = []
    var positionalsByName = NamedValues()

    public init() {}

    /// The value of option `long` (its last occurrence), or its declared default, or `nil`.
    public func value(_ long: String) -> String? { valuesByOption[long]?.last }

    /// Every value of option `long`, in order.
    public func values(_ long: String) -> [String] { valuesByOption[long] ?? [] }

    /// Whether flag `long` was given.
    public func flag(_ long: String) -> Bool { givenFlags.contains(long) }

    /// The value of the positional named `name` (the first, for a repeatable one).
    public func positional(_ name: String) -> String? { positionalsByName[name]?.first }

    /// Every value of the positional named `name`.
    public func positionals(_ name: String) -> [String] { positionalsByName[name] ?? [] }
}

/// A few value lists by name, in the order first set, found by a linear search: a command has
/// a handful of options, and a dictionary type costs a short-lived process runtime type
/// instantiation the first time it is used.
struct NamedValues: Sendable {
    private var names: [String] = []
    private var lists: [[String]] = []

    subscript(name: String) -> [String]? {
        get { names.firstIndex(of: name).map { lists[$0] } }
        set {
            if let index = names.firstIndex(of: name) {
                if let newValue {
                    lists[index] = newValue
                } else {
                    names.remove(at: index)
                    lists.remove(at: index)
                }
            } else if let newValue {
                names.append(name)
                lists.append(newValue)
            }
        }
    }

    subscript(name: String, default defaultValue: [String]) -> [String] {
        get { self[name] ?? defaultValue }
        set { self[name] = newValue }
    }
}

/// Parses arguments against a command's option and positional tables.
enum ArgumentParser {
    /// The options every command accepts besides its own.
    static let globalOptions: [OptionSpec] = [
        .value(
            "color", valueName: "when", allowed: ColorMode.allCases.map(\.rawValue), default: "auto",
            help: "Colour diagnostics: only on a terminal without NO_COLOR (auto), always, or never."
        ),
        .flag("help", short: "h", help: "Show help information."),
    ]

    static func parse(_ arguments: [String], for configuration: CommandConfiguration) throws(UsageError) -> ParsedArguments {
        let options = configuration.options + globalOptions
        var result = ParsedArguments()
        for option in options {
            if let defaultValue = option.defaultValue { result.valuesByOption[option.long] = [defaultValue] }
        }
        // A list, not a set: see ``NamedValues``.
        var explicitlyGiven: [String] = []
        var positionals: [String] = []
        var index = 0

        func record(_ option: OptionSpec, _ value: String) throws(UsageError) {
            if let allowed = option.allowedValues, !allowed.contains(value) {
                let list = allowed.map { "'\($0)'" }.joined(separator: ", ")
                throw UsageError("The value '\(value)' is invalid for '\(option.synopsis)'. Please provide one of \(list).")
            }
            if option.isOverride {
                guard let override = CommandLineOverride.parse(value) else {
                    throw UsageError("The value '\(value)' is invalid for '\(option.synopsis)': expected NAME=VALUE.")
                }
                result.overrides.append(override)
            }
            let isFirst = !explicitlyGiven.contains(option.long)
            if isFirst { explicitlyGiven.append(option.long) }
            if isFirst || !option.isRepeatable {
                // The first explicit value replaces the default; a repeated non-repeatable option keeps the last.
                result.valuesByOption[option.long] = [value]
            } else {
                result.valuesByOption[option.long, default: []].append(value)
            }
        }

        /// The value after an option: the next argument, unless it is clearly another option.
        func nextValue(for option: OptionSpec) throws(UsageError) -> String {
            if index < arguments.count, !looksLikeOption(arguments[index], options: options) {
                index += 1
                return arguments[index - 1]
            }
            throw UsageError("Missing value for '\(option.synopsis)'")
        }

        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if argument == "--" {
                positionals.append(contentsOf: arguments[index...])
                break
            }
            if argument.hasPrefix("--") {
                let body = argument.dropFirst(2)
                let name = body.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)[0]
                let inlineValue = body.firstIndex(of: "=").map { String(body[body.index(after: $0)...]) }
                guard let option = options.first(where: { $0.long == name }) else {
                    throw UsageError("Unknown option '--\(name)'" + didYouMean(String(name), in: options.map(\.long), prefix: "--"))
                }
                switch option.kind {
                case .flag:
                    if inlineValue != nil { throw UsageError("The flag '--\(name)' does not take a value") }
                    result.givenFlags.append(option.long)
                case .value:
                    if let inlineValue {
                        try record(option, inlineValue)
                    } else {
                        try record(option, try nextValue(for: option))
                    }
                }
            } else if let spelling = try xcodebuildSpelling(argument, options: options) {
                let option = spelling.option
                switch option.kind {
                case .flag:
                    if spelling.inlineValue != nil { throw UsageError("The flag '-\(spelling.word)' does not take a value") }
                    result.givenFlags.append(option.long)
                case .value:
                    if let value = spelling.impliedValue ?? spelling.inlineValue {
                        try record(option, value)
                    } else {
                        try record(option, try nextValue(for: option))
                    }
                }
            } else if argument.hasPrefix("-"), argument.count > 1 {
                let letters = Array(argument.dropFirst())
                guard let option = options.first(where: { $0.short == letters[0] }) else {
                    throw UsageError("Unknown option '-\(letters[0])'")
                }
                switch option.kind {
                case .value:
                    // `-I DIR` or `-IDIR`.
                    let attached = String(letters.dropFirst())
                    let value = attached.isEmpty ? try nextValue(for: option) : attached
                    try record(option, value)
                case .flag:
                    // `-abc` is three flags, as in every POSIX tool.
                    for letter in letters {
                        guard let flag = options.first(where: { $0.short == letter && $0.kind == .flag }) else {
                            throw UsageError("Unknown option '-\(letter)'")
                        }
                        result.givenFlags.append(flag.long)
                    }
                }
            } else if configuration.acceptsOverrides, let override = CommandLineOverride.parse(argument) {
                result.overrides.append(override)
            } else {
                positionals.append(argument)
            }
        }

        result.positionals = positionals
        var remaining = positionals[...]
        for positional in configuration.positionals {
            if positional.isRepeatable {
                result.positionalsByName[positional.name] = Array(remaining)
                remaining = []
            } else if let value = remaining.popFirst() {
                result.positionalsByName[positional.name] = [value]
            }
            if !positional.isOptional, (result.positionalsByName[positional.name] ?? []).isEmpty {
                throw UsageError("Missing expected argument '\(positional.synopsis)'")
            }
        }
        if let unexpected = remaining.first {
            throw UsageError("Unexpected argument '\(unexpected)'")
        }
        return result
    }

    /// xcodebuild's single-dash option words and the options they stand for, so that a CI
    /// script can swap `xcodebuild -showBuildSettings` for `xcconfig resolve` (cli.md
    /// "xcodebuild compatibility"). `impliedValue` is the value a word gives without taking one.
    static let xcodebuildSpellings: [(word: String, long: String, impliedValue: String?)] = [
        ("project", "project", nil), ("target", "target", nil), ("configuration", "configuration", nil),
        ("sdk", "sdk", nil), ("arch", "arch", nil), ("xcconfig", "xcconfig", nil), ("workspace", "workspace", nil),
        ("scheme", "scheme", nil), ("derivedDataPath", "derived-data-path", nil), ("json", "format", "xcodebuild-json"),
        ("alltargets", "all-targets", nil), ("showBuildSettings", "show-build-settings", nil),
    ]

    /// The option a single-dash word such as `-configuration` or `-configuration=Debug` stands
    /// for, or `nil` for anything else (`-c`, `-cDebug`, `-I DIR`, `-`, `-5`).
    ///
    /// A single-dash word is never split into short options: an xcodebuild word the command
    /// does not take, or any other `-name=value` (an xcodebuild user default such as
    /// `-IDEBuildLocationStyle=…`), is an unknown option, not `-I DEBuildLocationStyle=…`.
    static func xcodebuildSpelling(_ argument: String, options: [OptionSpec]) throws(UsageError)
        -> (word: String, option: OptionSpec, inlineValue: String?, impliedValue: String?)? {
        guard argument.hasPrefix("-"), !argument.hasPrefix("--") else { return nil }
        let body = argument.dropFirst()
        let equals = body.firstIndex(of: "=")
        let word = String(body[..<(equals ?? body.endIndex)])
        let inlineValue = equals.map { String(body[body.index(after: $0)...]) }
        guard word.count > 1 else { return nil }
        if let spelling = xcodebuildSpellings.first(where: { $0.word == word }) {
            guard let option = options.first(where: { $0.long == spelling.long }),
                  spelling.impliedValue.map({ option.allowedValues?.contains($0) ?? true }) ?? true else {
                throw UsageError("Unknown option '-\(word)'")
            }
            if spelling.impliedValue != nil, inlineValue != nil { throw UsageError("The flag '-\(word)' does not take a value") }
            return (word, option, inlineValue, spelling.impliedValue)
        }
        if inlineValue != nil, isSettingName(word) {
            throw UsageError("Unknown option '-\(word)'" + didYouMean(word, in: xcodebuildSpellings.map(\.word), prefix: "-"))
        }
        return nil
    }

    /// `[A-Za-z_][A-Za-z0-9_]*`.
    private static func isSettingName(_ word: String) -> Bool {
        func isLetter(_ byte: UInt8) -> Bool {
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) || byte == UInt8(ascii: "_")
        }
        guard let first = word.utf8.first, isLetter(first) else { return false }
        return word.utf8.allSatisfy { isLetter($0) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
    }

    /// `; did you mean 'PREFIXsuggestion'?` when `word` is a near miss of one of `candidates`, else "".
    static func didYouMean(_ word: String, in candidates: [String], prefix: String = "") -> String {
        NearMiss.suggestion(for: word, in: candidates).map { "; did you mean '\(prefix)\($0)'?" } ?? ""
    }

    /// Whether `argument` would be read as an option rather than as the value of the one before it:
    /// any `--name`, or a short option the command knows. `-` alone (stdin) and `-5` are values.
    static func looksLikeOption(_ argument: String, options: [OptionSpec]) -> Bool {
        if argument == "--" { return true }
        if argument.hasPrefix("--") { return true }
        guard argument.hasPrefix("-"), argument.count > 1 else { return false }
        if let spelling = xcodebuildSpellings.first(where: { "-" + $0.word == argument }) {
            return options.contains { $0.long == spelling.long }
        }
        let letter = argument[argument.index(after: argument.startIndex)]
        return options.contains { $0.short == letter }
    }

    /// Whether `-h` or `--help` comes before any `--`.
    static func asksForHelp(_ arguments: some Sequence<String>) -> Bool {
        for argument in arguments {
            if argument == "--" { return false }
            if argument == "--help" || argument == "-h" { return true }
        }
        return false
    }
}
