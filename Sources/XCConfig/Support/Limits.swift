/// The bounds within which no input is refused (cli.md "Limits"). One place, so the code that
/// enforces a bound and the `--help` text that documents it cannot disagree.
public enum Limits {
    /// The largest file any command reads: 64 MiB.
    public static let maximumFileSize = 64 * 1024 * 1024
    /// The largest value an evaluation may produce: 16 MiB.
    public static let maximumValueSize = 16 * 1024 * 1024
    /// The most bytes of traced values one `explain` shows: 64 MiB. Each assignment is traced
    /// once; values past this are cut, with a note.
    public static let maximumExplanationSize = 64 * 1024 * 1024
    /// The most includes one evaluation resolves.
    public static let maximumIncludeCount = 100_000
}
