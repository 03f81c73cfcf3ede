/// Every rule the linter knows, in the order of cli.md's table, then the rules about project
/// files.
public enum RuleRegistry {
    /// All rules.
    public static let all: [any LintRule.Type] = [
        SyntaxRule.self,
        MissingIncludeRule.self,
        IncludeCycleRule.self,
        UnreachableAssignmentRule.self,
        CommentInValueRule.self,
        ConditionRule.self,
        MissingInheritedRule.self,
        UndefinedReferenceRule.self,
        ReferenceCycleRule.self,
        MalformedReferenceRule.self,
        UnknownSettingRule.self,
        InvalidValueRule.self,
        LiteralQuotesRule.self,
        HardcodedTeamRule.self,
        LocalConfigCommittedRule.self,
        DeprecatedReferenceRule.self,
        TrailingSemicolonRule.self,
        IncludeOutsideRootRule.self,
        ValueTooLargeRule.self,
        ProjectShadowsXCConfigRule.self,
        ProjectSettingsRule.self,
    ]

    /// Every rule identifier.
    public static let identifiers: Set<String> = Set(all.map { $0.description.identifier })

    /// The rule with `identifier`, if any.
    public static func rule(_ identifier: String) -> (any LintRule.Type)? {
        all.first { $0.description.identifier == identifier }
    }
}
