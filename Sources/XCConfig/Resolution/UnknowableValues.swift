/// A resolved value that depends on something the tool cannot know without Xcode: a setting
/// only a real SDK, platform or Xcode installation defines, or a value the tool guessed (an
/// SDK version). `resolve` reports these on stderr so that no answer is silently wrong.
public struct UnknowableValue: Sendable, Hashable {
    /// The setting whose value is in doubt.
    public var setting: String
    /// Why, in a few words: `refers to SDK_DIR`, `SDK version guessed from Xcode 26.4`.
    public var reason: String

    /// Creates an entry.
    public init(setting: String, reason: String) {
        self.setting = setting
        self.reason = reason
    }

    /// Whether Xcode defines `name` from its installation, the platform or the SDK
    /// (DEVELOPER_DIR and the paths below it, SDKROOT, SDK_*, PLATFORM_*, ARCHS_STANDARD*,
    /// XCODE_VERSION_*, the host's NATIVE_ARCH and macOS version, ...): values no file holds,
    /// so a level here assigns them only when told.
    public static func isDefinedByXcode(_ name: String) -> Bool {
        if xcodeDefinedNames.contains(name) { return true }
        return xcodeDefinedPrefixes.contains { name.hasPrefix($0) }
    }

    static let xcodeDefinedNames: Set<String> = [
        "SDKROOT", "EFFECTIVE_PLATFORM_NAME", "VALID_ARCHS", "DEPLOYMENT_TARGET_SETTING_NAME", "TOOLCHAIN_DIR",
        "DT_TOOLCHAIN_DIR", "SWIFT_PLATFORM_TARGET_PREFIX", "LEGACY_DEVELOPER_DIR", "ARCHS_UNIVERSAL_IPHONE_OS",
    ]
    static let xcodeDefinedPrefixes = [
        "SDK_", "PLATFORM_", "DEVELOPER_", "ARCHS_STANDARD", "NATIVE_ARCH", "XCODE_", "CORRESPONDING_",
        "SYSTEM_DEVELOPER_", "MAC_OS_X_", "LLVM_TARGET_TRIPLE_",
    ]
}

extension Resolver {
    /// The settings among `names` whose value refers, directly or through other settings, to
    /// a setting Xcode defines (``UnknowableValue/isDefinedByXcode(_:)``) that no level here
    /// assigns: Xcode would substitute its value where this resolver substitutes nothing.
    ///
    /// Reads only the assignments that match the context; a value without `$` costs one scan.
    /// After the names were evaluated (the usual order: print, then report), the common case
    /// costs almost nothing: the values compiled so far name no such setting.
    public func unknowableValues(among names: [String]) -> [UnknowableValue] {
        if compiledValuesReferToNoXcodeDefinedName() { return [] }
        var missingByName: [String: String?] = [:]
        /// The first Xcode-defined, unassigned name `name`'s value depends on, memoised.
        func missingDependency(of name: String) -> String? {
            if let known = missingByName[name] { return known }
            missingByName[name] = .some(nil)  // Cycles end here.
            var found: String?
            search: for info in assignments(of: name) where info.matchesContext && info.rawValue.utf8.contains(UInt8(ascii: "$")) {
                let expression = Expression(parsing: info.rawValue, semantics: type(of: name).usesListSemantics ? .list : .string)
                for reference in expression.references {
                    guard let referenced = reference.literalName, !referenced.isEmpty, referenced != "inherited" else { continue }
                    if !isAssigned(referenced) {
                        if UnknowableValue.isDefinedByXcode(referenced) {
                            found = referenced
                            break search
                        }
                    } else if let deeper = missingDependency(of: referenced) {
                        found = deeper
                        break search
                    }
                }
            }
            missingByName[name] = .some(found)
            return found
        }
        return names.compactMap { name in
            missingDependency(of: name).map { UnknowableValue(setting: name, reason: "refers to \($0)") }
        }
    }
}

extension Resolver {
    /// Whether the values this resolver's evaluator has compiled refer to no Xcode-defined name
    /// that no level assigns: the names no level assigns are interned as programs compile, so
    /// this reads that table instead of parsing every value again (which cost 70% of a
    /// `resolve` of the bench file). `false` when nothing has been compiled yet.
    func compiledValuesReferToNoXcodeDefinedName() -> Bool {
        withEvaluator { evaluator in
            guard evaluator.store.pieces.count > 0 else { return false }
            let unassigned = evaluator.store.unassignedNames
            for id in 0..<unassigned.count where UnknowableValue.isDefinedByXcode(unassigned.string(id)) { return false }
            return true
        }
    }
}
