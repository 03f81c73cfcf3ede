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
        var name = name
        return name.withUTF8 { isDefinedByXcode(bytes: $0) }
    }

    /// ``isDefinedByXcode(_:)`` on a name's UTF-8 bytes, without making a string: the check
    /// runs on every name a value refers to that no level assigns.
    static func isDefinedByXcode(bytes name: UnsafeBufferPointer<UInt8>) -> Bool {
        // Plain byte comparisons against a static table: a `Set<String>` cost a short-lived
        // process a lot the first time it was built.
        for (pattern, isPrefix) in xcodeDefinedPatterns {
            let count = pattern.utf8CodeUnitCount
            guard isPrefix ? name.count >= count : name.count == count else { continue }
            let matches = pattern.withUTF8Buffer { pattern in
                var index = 0
                while index < count, pattern[index] == name[index] { index += 1 }
                return index == count
            }
            if matches { return true }
        }
        return false
    }

    /// Names (`false`) and prefixes (`true`) of settings Xcode defines.
    static let xcodeDefinedPatterns: [(StaticString, Bool)] = [
        ("SDKROOT", false), ("EFFECTIVE_PLATFORM_NAME", false), ("VALID_ARCHS", false), ("DEPLOYMENT_TARGET_SETTING_NAME", false),
        ("TOOLCHAIN_DIR", false), ("DT_TOOLCHAIN_DIR", false), ("SWIFT_PLATFORM_TARGET_PREFIX", false),
        ("LEGACY_DEVELOPER_DIR", false), ("ARCHS_UNIVERSAL_IPHONE_OS", false),
        ("SDK_", true), ("PLATFORM_", true), ("DEVELOPER_", true), ("ARCHS_STANDARD", true), ("NATIVE_ARCH", true), ("XCODE_", true),
        ("CORRESPONDING_", true), ("SYSTEM_DEVELOPER_", true), ("MAC_OS_X_", true), ("LLVM_TARGET_TRIPLE_", true),
    ]
}

extension Resolver {
    /// ``unknowableValues(among:)`` for every setting `filter` includes: what ``resolveAll(at:)``
    /// lists.
    public func unknowableValues(at filter: LevelFilter = .all) -> [UnknowableValue] {
        if compiledValuesReferToNoXcodeDefinedName() { return [] }
        return unknowableValues(among: settingNames(at: filter))
    }

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
            // The records' raw values only: an ``AssignmentInfo`` per assignment (file, key
            // path, conditions as strings) cost as much as the parsing.
            let records = table.nameIDs[name].map { table.chain(of: $0).filter { table.records[$0].matches } } ?? []
            search: for record in records {
                let rawValue = table.sources.rawValue(of: table.records[record])
                guard rawValue.utf8.contains(UInt8(ascii: "$")) else { continue }
                let expression = Expression(parsing: rawValue, semantics: type(of: name).usesListSemantics ? .list : .string)
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
            for id in 0..<unassigned.count where unassigned.withBytes(ofID: id, UnknowableValue.isDefinedByXcode(bytes:)) { return false }
            return true
        }
    }
}
