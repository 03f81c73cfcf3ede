import XCConfigSyntax

/// Evaluates one property-list string in the build settings of a target, as the build system
/// does for Info.plist and entitlements (semantics §5). Implemented by the resolver.
///
/// The template is parsed with **string semantics** (§3.2): everything is literal except `$`
/// sequences, handled as in §3.4 — undefined `$(X)` becomes empty, an undefined `$X` stays as
/// written, `$$` becomes `$`, `$(inherited)` is empty.
public protocol PlistTemplateExpander {
    /// Expands `template` in the evaluation context.
    ///
    /// - Parameters:
    ///   - template: the text of a `<string>` or `<key>` element (already XML-decoded).
    ///   - bindings: names that must evaluate to these literal values, taking precedence over any
    ///     setting of the same name at every level (the plist-only names `CFBundleIdentifier`,
    ///     `TeamIdentifierPrefix` and `AppIdentifierPrefix`, §5). A bound name is never unresolved,
    ///     and its value is not expanded again. A setting that refers to a bound name sees the
    ///     binding too, as a subscope binding does in Xcode.
    /// - Returns: the expanded text, and the names referenced (directly, or through the settings
    ///   consulted) that are assigned at no level and not bound, each once, in order of first use.
    func expand(_ template: String, bindings: [String: String]) -> PlistTemplateExpansion
}

/// The result of expanding one template.
public struct PlistTemplateExpansion: Sendable, Hashable {
    /// The expanded text.
    public var value: String
    /// Names referenced but assigned at no level, each once, in order of first use.
    public var unresolved: [String]

    /// Creates an expansion result.
    public init(value: String, unresolved: [String] = []) {
        self.value = value
        self.unresolved = unresolved
    }
}

/// One string (or, in entitlements, one key) that contained a `$` and was expanded, or an
/// Info.plist entry that was removed because its value was empty.
public struct PlistSubstitution: Sendable, Hashable {
    /// Where the string is: the dictionary keys (as written to the output, so expanded in
    /// entitlements) and array indices from the root, joined by `.` —
    /// `com.apple.developer.icloud-container-identifiers.0`. Keys that contain dots are not
    /// escaped; entitlement keys read naturally that way. Empty for a root that is a string.
    public var keyPath: String
    /// `true` when the expanded text is a dictionary key (entitlements only, §5).
    public var isKey: Bool
    /// The text as written in the input.
    public var template: String
    /// The text written to the output.
    public var value: String
    /// Names referenced but assigned at no level.
    public var unresolved: [String]
    /// `true` when the Info.plist entry was dropped because it expanded to an empty string (§5).
    public var removed: Bool
    /// Where the element is in an XML input; `nil` for binary input.
    public var location: SourceLocation?

    /// Creates a substitution record.
    public init(
        keyPath: String, isKey: Bool = false, template: String, value: String, unresolved: [String] = [],
        removed: Bool = false, location: SourceLocation? = nil
    ) {
        self.keyPath = keyPath
        self.isKey = isKey
        self.template = template
        self.value = value
        self.unresolved = unresolved
        self.removed = removed
        self.location = location
    }
}

/// The format a property list was read in.
public enum PropertyListFormat: String, Sendable, Hashable {
    case xml
    case binary
}

/// What `PlistExpansion.expand` produced.
public struct PlistExpansionResult: Sendable, Hashable {
    /// The expanded property list.
    public var value: PropertyListValue
    /// The expanded document as XML: the input with only the changed `<string>`/`<key>` text
    /// and the removed entries' lines rewritten, or, for binary input, `value` written by
    /// `XMLPropertyListWriter`.
    public var output: [UInt8]
    /// Every string that contained a `$`, and every removed entry, in document order.
    public var substitutions: [PlistSubstitution]
    /// Unresolved references (warnings, errors with `strict`) and format notes, in document order.
    public var diagnostics: [Diagnostic]
    /// The input's format.
    public var inputFormat: PropertyListFormat

    /// Whether any diagnostic is an error (an unresolved reference with `strict`).
    public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
}

/// Substitutes build settings into an entitlements file or an Info.plist the way Xcode's build
/// does (semantics §5; `xcconfig expand`).
public struct PlistExpansion: Sendable, Hashable {
    /// Which build step's rules apply.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// Keys and string values expanded; `$(AppIdentifierPrefix)` kept for provisioning.
        case entitlements
        /// String values expanded, keys untouched, listed keys removed when empty.
        case infoPlist = "info-plist"
    }

    /// Which rules apply.
    public var kind: Kind
    /// The value of `$(AppIdentifierPrefix)`, used verbatim (trailing `.` included); `nil` keeps
    /// the reference as written, for the provisioning step to fill in.
    public var appIdentifierPrefix: String?
    /// Report unresolved references as errors instead of warnings.
    public var strict: Bool

    /// Creates expansion options.
    public init(kind: Kind, appIdentifierPrefix: String? = nil, strict: Bool = false) {
        self.kind = kind
        self.appIdentifierPrefix = appIdentifierPrefix
        self.strict = strict
    }

    /// The kind a file name implies: `.entitlements` → entitlements, `.plist` → Info.plist.
    public static func kind(forPath path: String) -> Kind? {
        let lowered = path.lowercased()
        if lowered.hasSuffix(".entitlements") { return .entitlements }
        if lowered.hasSuffix(".plist") { return .infoPlist }
        return nil
    }

    /// Info.plist keys Xcode removes when their value expands to the empty string (semantics §5).
    ///
    /// Applied in every dictionary, not only the root: the list names document-type keys
    /// (`CFBundleTypeIconFile`, `CFBundleTypeRole`, `NSDocumentClass`) that only occur nested.
    package static let infoPlistKeysRemovedWhenEmpty: Set<String> = [
        "CFBundleDevelopmentRegion", "CFBundleExecutable", "CFBundleGetInfoString", "CFBundleIconFile",
        "CFBundleIdentifier", "CFBundleName", "CFBundlePackageType", "CFBundleResourceSpecification",
        "CFBundleShortVersionString", "CFBundleSignature", "CFBundleTypeIconFile", "CFBundleTypeRole",
        "CFBundleVersion", "NSDocumentClass", "NSHelpFile", "NSHumanReadableCopyright", "NSMainNibFile",
        "NSPrincipalClass", "NSStickerSharingLevel", "BuildMachineOSBuild", "DTSwiftPlaygroundsBuild",
        "DTSwiftPlaygroundsVersion", "DTXcode", "DTXcodeBuild",
    ]

    /// Stands in for `$(AppIdentifierPrefix)` while the expander runs, then is turned back into
    /// the reference (the placeholder round trip of §5). Private-use characters only, so case
    /// operators leave it intact and no real plist contains it.
    static let appIdentifierPrefixPlaceholder = "\u{F0000}\u{F0001}\u{F0002}"

    /// Expands an XML or binary property list.
    ///
    /// XML input keeps every byte except the text of the `<string>`/`<key>` elements that changed
    /// (re-escaped) and the whole lines of removed Info.plist entries. Binary input is written
    /// back as XML, with a warning saying so.
    ///
    /// - Throws: `PropertyListError` when the input is not a well-formed property list; nothing
    ///   is produced then.
    public func expand(_ bytes: [UInt8], using expander: some PlistTemplateExpander) throws(PropertyListError) -> PlistExpansionResult {
        if BinaryPropertyList.isBinary(bytes) {
            let value = try BinaryPropertyList.parse(bytes)
            var result = expand(value, using: expander)
            result.inputFormat = .binary
            result.diagnostics.insert(Diagnostic(
                severity: .warning,
                message: "binary property list read; the expanded output is written as XML",
                location: SourceLocation(line: 1, column: 1)), at: 0)
            return result
        }
        let document = try XMLPropertyList.parseDocument(bytes)
        var walker = ExpansionWalker(options: self, expander: expander, document: document)
        let value = walker.run(document.root)
        return PlistExpansionResult(
            value: value, output: walker.rewrittenDocument(), substitutions: walker.substitutions,
            diagnostics: walker.diagnostics, inputFormat: .xml)
    }

    /// Expands an already-parsed property list; the output is written by `XMLPropertyListWriter`.
    public func expand(_ value: PropertyListValue, using expander: some PlistTemplateExpander) -> PlistExpansionResult {
        var walker = ExpansionWalker(options: self, expander: expander, document: nil)
        let expanded = walker.run(value)
        return PlistExpansionResult(
            value: expanded, output: XMLPropertyListWriter.write(expanded), substitutions: walker.substitutions,
            diagnostics: walker.diagnostics, inputFormat: .xml)
    }

    /// The names only plists know, bound for every template (semantics §5, `xcconfig expand`).
    ///
    /// Bound for both kinds: the CLI contract defines all three without distinguishing them, and
    /// an Info.plist commonly uses `$(AppIdentifierPrefix)` for keychain groups.
    func specialBindings(for root: PropertyListValue, using expander: some PlistTemplateExpander) -> [String: String] {
        var bindings: [String: String] = [:]
        bindings["AppIdentifierPrefix"] = appIdentifierPrefix ?? Self.appIdentifierPrefixPlaceholder
        let team = expander.expand("$(DEVELOPMENT_TEAM)", bindings: [:]).value
        bindings["TeamIdentifierPrefix"] = team.isEmpty ? "" : team + "."
        if kind == .infoPlist, case .dictionary(let entries) = root,
           let entry = entries.first(where: { $0.key == "CFBundleIdentifier" }), case .string(let own) = entry.value {
            // An Info.plist's own CFBundleIdentifier, itself expanded, is what $(CFBundleIdentifier)
            // means inside it (§5). Expanded without that binding, so a self-reference falls
            // through to the settings instead of looping.
            bindings["CFBundleIdentifier"] = expander.expand(own, bindings: bindings).value
        } else if expander.expand("$(CFBundleIdentifier)", bindings: [:]).unresolved.contains("CFBundleIdentifier") {
            // Otherwise the computed bundle identifier, unless a level assigns CFBundleIdentifier.
            // Without PRODUCT_BUNDLE_IDENTIFIER either, the name stays unbound and is reported.
            let identifier = expander.expand("$(PRODUCT_BUNDLE_IDENTIFIER)", bindings: [:])
            if identifier.unresolved.isEmpty { bindings["CFBundleIdentifier"] = identifier.value }
        }
        return bindings
    }
}

/// Walks a value in document order, expanding strings and collecting the byte edits that turn
/// the source document into the output.
private struct ExpansionWalker<Expander: PlistTemplateExpander> {
    let options: PlistExpansion
    let expander: Expander
    let document: XMLPropertyListDocument?
    var bindings: [String: String] = [:]
    var nextSite = 0
    var edits: [(range: Range<Int>, replacement: [UInt8])] = []
    var substitutions: [PlistSubstitution] = []
    var diagnostics: [Diagnostic] = []
    /// Built once, so locating every substitution stays linear in the document size.
    let lines: PropertyListLineTable?

    init(options: PlistExpansion, expander: Expander, document: XMLPropertyListDocument?) {
        self.options = options
        self.expander = expander
        self.document = document
        self.lines = document.map { PropertyListLineTable($0.bytes) }
    }

    mutating func run(_ root: PropertyListValue) -> PropertyListValue {
        bindings = options.specialBindings(for: root, using: expander)
        return walk(root, path: [])
    }

    /// The next `<key>`/`<string>` site; sites are in the same pre-order as this walk.
    mutating func takeSite() -> XMLTextSite? {
        guard let document, nextSite < document.sites.count else { return nil }
        defer { nextSite += 1 }
        return document.sites[nextSite]
    }

    func location(of site: XMLTextSite?) -> SourceLocation? {
        guard let site, let lines else { return nil }
        return lines.location(of: site.element.lowerBound)
    }

    /// Expands one template; records it when it contains a `$` (anything else is a literal, §3.2).
    /// `path` leads to the string, or for a key to the dictionary holding it.
    mutating func expandText(_ template: String, path: [String], isKey: Bool, site: XMLTextSite?) -> String {
        guard template.utf8.contains(UInt8(ascii: "$")) else { return template }
        let expansion = expander.expand(template, bindings: bindings)
        var value = expansion.value
        if options.appIdentifierPrefix == nil {
            value = value.replacingAll(PlistExpansion.appIdentifierPrefixPlaceholder, with: "$(AppIdentifierPrefix)")
        }
        // A key's path ends with the key as written to the output.
        let keyPath = (isKey ? path + [value] : path).joined(separator: ".")
        let location = location(of: site)
        substitutions.append(PlistSubstitution(
            keyPath: keyPath, isKey: isKey, template: template, value: value, unresolved: expansion.unresolved,
            location: location))
        for name in expansion.unresolved {
            diagnostics.append(Diagnostic(
                severity: options.strict ? .error : .warning,
                message: "'\(name)' is not assigned at any level; referenced by \(isKey ? "key" : "value") '\(keyPath)'",
                location: location ?? SourceLocation(line: 1, column: 1)))
        }
        if value != template, let site { replaceText(of: site, with: value, elementName: isKey ? "key" : "string") }
        return value
    }

    mutating func replaceText(of site: XMLTextSite, with text: String, elementName: String) {
        let escaped = Array(XMLPropertyListWriter.escape(text).utf8)
        if let content = site.content {
            edits.append((content, escaped))
        } else {
            // `<string/>` gains content, so the element is written out in full.
            edits.append((site.element, Array("<\(elementName)>".utf8) + escaped + Array("</\(elementName)>".utf8)))
        }
    }

    // Recursion depth equals the nesting depth, which the readers limit (propertyListMaximumDepth).
    mutating func walk(_ value: PropertyListValue, path: [String]) -> PropertyListValue {
        switch value {
        case .string(let template):
            let site = takeSite()
            return .string(expandText(template, path: path, isKey: false, site: site))
        case .array(let items):
            var result: [PropertyListValue] = []
            result.reserveCapacity(items.count)
            for (index, item) in items.enumerated() {
                result.append(walk(item, path: path + [String(index)]))
            }
            return .array(result)
        case .dictionary(let entries):
            var result: [PropertyListEntry] = []
            result.reserveCapacity(entries.count)
            for entry in entries {
                let keySite = takeSite()
                // Keys are expanded in entitlements only (§5, vector X2).
                let key = options.kind == .entitlements
                    ? expandText(entry.key, path: path, isKey: true, site: keySite)
                    : entry.key
                let editsBefore = edits.count
                let substitutionsBefore = substitutions.count
                let expanded = walk(entry.value, path: path + [key])
                if options.kind == .infoPlist, case .string("") = expanded,
                   PlistExpansion.infoPlistKeysRemovedWhenEmpty.contains(entry.key) {
                    // Xcode drops these keys when they expand to nothing (§5, vector X3).
                    removeEntry(keySite: keySite, keepingEditsBefore: editsBefore)
                    if substitutions.count > substitutionsBefore {
                        substitutions[substitutions.count - 1].removed = true
                    } else {
                        substitutions.append(PlistSubstitution(
                            keyPath: (path + [key]).joined(separator: "."), template: "", value: "", removed: true,
                            location: location(of: keySite)))
                    }
                    continue
                }
                result.append(PropertyListEntry(key: key, value: expanded))
            }
            return .dictionary(result)
        default:
            return value
        }
    }

    /// Removes a dictionary entry from the source: its whole lines when nothing else shares
    /// them, else just its elements.
    mutating func removeEntry(keySite: XMLTextSite?, keepingEditsBefore count: Int) {
        edits.removeSubrange(count...)
        guard let keySite, let bytes = document?.bytes else { return }
        var start = keySite.element.lowerBound
        var end = keySite.entryEnd
        var lineStart = start
        while lineStart > 0, bytes[lineStart - 1] == 0x20 || bytes[lineStart - 1] == 0x09 { lineStart -= 1 }
        var lineEnd = end
        while lineEnd < bytes.count, bytes[lineEnd] == 0x20 || bytes[lineEnd] == 0x09 { lineEnd += 1 }
        let startsLine = lineStart == 0 || bytes[lineStart - 1] == 0x0A || bytes[lineStart - 1] == 0x0D
        let endsLine = lineEnd == bytes.count || bytes[lineEnd] == 0x0A || bytes[lineEnd] == 0x0D
        if startsLine, endsLine {
            start = lineStart
            end = lineEnd
            if end < bytes.count, bytes[end] == 0x0D { end += 1 }
            if end < bytes.count, bytes[end] == 0x0A, end == lineEnd || bytes[end - 1] == 0x0D { end += 1 }
        }
        edits.append((start..<end, []))
    }

    /// The source with every edit applied (edits are in document order and never overlap).
    func rewrittenDocument() -> [UInt8] {
        guard let bytes = document?.bytes else { return [] }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var position = 0
        for edit in edits {
            output.append(contentsOf: bytes[position..<edit.range.lowerBound])
            output.append(contentsOf: edit.replacement)
            position = edit.range.upperBound
        }
        output.append(contentsOf: bytes[position...])
        return output
    }
}

extension String {
    /// Every occurrence of `target` replaced (FoundationEssentials-free).
    fileprivate func replacingAll(_ target: String, with replacement: String) -> String {
        let source = Array(utf8)
        let needle = Array(target.utf8)
        guard !needle.isEmpty, source.count >= needle.count else { return self }
        var output: [UInt8] = []
        var i = 0
        var changed = false
        while i < source.count {
            if i + needle.count <= source.count, source[i] == needle[0], source[i..<(i + needle.count)].elementsEqual(needle) {
                output.append(contentsOf: replacement.utf8)
                i += needle.count
                changed = true
            } else {
                output.append(source[i])
                i += 1
            }
        }
        return changed ? String(decoding: output, as: UTF8.self) : self
    }
}
