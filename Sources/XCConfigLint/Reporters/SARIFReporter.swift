import XCConfig
import XCConfigSyntax

/// SARIF 2.1.0, for GitHub code scanning and other static-analysis dashboards: one run whose
/// driver lists every rule (id, name, short and full description, default level) and whose
/// results point at files relative to `%SRCROOT%` (the current directory).
public struct SARIFReporter: Reporter {
    public static let identifier = "sarif"
    public init() {}

    public func report(_ diagnostics: [Diagnostic], context: ReportContext) -> String {
        let rules = context.rules
        var ruleIndex: [String: Int] = [:]
        for (index, rule) in rules.enumerated() { ruleIndex[rule.identifier] = index }
        let ruleObjects: [JSONValue] = rules.map { rule in
            .object([
                .init("id", .string(rule.identifier)),
                .init("name", .string(rule.name)),
                .init("shortDescription", .object([.init("text", .string(rule.summary))])),
                .init("fullDescription", .object([.init("text", .string(rule.rationale))])),
                .init("defaultConfiguration", .object([
                    .init("level", .string(Self.level(context.configuration.severity(of: rule)))),
                    .init("enabled", .bool(context.configuration.isEnabled(rule))),
                ])),
                .init("properties", .object([.init("tags", .array(rule.isOptIn ? ["opt-in"] : []))])),
            ])
        }
        let results: [JSONValue] = diagnostics.map { diagnostic in
            var members: [JSONValue.Member] = []
            if let rule = diagnostic.rule {
                members.append(.init("ruleId", .string(rule)))
                if let index = ruleIndex[rule] { members.append(.init("ruleIndex", .integer(index))) }
            }
            members.append(.init("level", .string(Self.level(diagnostic.severity))))
            var message = diagnostic.message
            for note in diagnostic.notes { message += "\n" + note }
            members.append(.init("message", .object([.init("text", .string(message))])))
            var physical: [JSONValue.Member] = []
            let file = context.display(diagnostic.file)
            var artifact: [JSONValue.Member] = [.init("uri", .string(Self.uri(file)))]
            if !file.hasPrefix("/") { artifact.append(.init("uriBaseId", "%SRCROOT%")) }
            physical.append(.init("artifactLocation", .object(artifact)))
            if let location = diagnostic.location {
                physical.append(.init("region", .object([
                    .init("startLine", .integer(location.line)),
                    .init("startColumn", .integer(location.column)),
                ])))
            }
            members.append(.init("locations", .array([.object([.init("physicalLocation", .object(physical))])])))
            return .object(members)
        }
        let root: JSONValue = .object([
            .init("$schema", "https://json.schemastore.org/sarif-2.1.0.json"),
            .init("version", "2.1.0"),
            .init("runs", .array([.object([
                .init("tool", .object([.init("driver", .object([
                    .init("name", "xcconfig-lint"),
                    .init("version", .string(context.toolVersion)),
                    .init("rules", .array(ruleObjects)),
                ]))])),
                .init("originalUriBaseIds", .object([
                    .init("%SRCROOT%", .object([.init("uri", .string(Self.uri("file://" + context.currentDirectory + (context.currentDirectory.hasSuffix("/") ? "" : "/"))))])),
                ])),
                .init("results", .array(results)),
            ])])),
        ])
        return root.serialized(pretty: true) + "\n"
    }

    /// SARIF's level for a severity.
    static func level(_ severity: Severity) -> String {
        switch severity {
        case .error: "error"
        case .warning: "warning"
        case .note: "note"
        }
    }

    /// A path as a URI reference: bytes outside the unreserved set (and `/`, `:`) percent-encoded.
    static func uri(_ path: String) -> String {
        var result = ""
        for byte in path.utf8 {
            let isUnreserved = (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39)
                || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "~")
                || byte == UInt8(ascii: "/") || byte == UInt8(ascii: ":")
            if isUnreserved {
                result.unicodeScalars.append(UnicodeScalar(byte))
            } else {
                let hex = Array("0123456789ABCDEF".utf8)
                result += "%" + String(decoding: [hex[Int(byte >> 4)], hex[Int(byte & 0xF)]], as: UTF8.self)
            }
        }
        return result
    }
}
