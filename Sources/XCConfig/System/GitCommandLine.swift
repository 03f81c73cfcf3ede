/// The installed `git`, run the one way this tool runs it: the only git of the tool (the lint
/// rules, the `local` commands and `diff --base` all ask through it).
///
/// The repository being read is an input, and nothing from an input is ever run. Its
/// `.git/config` can name commands (hooks, `filter.*.clean`, `core.fsmonitor`, `diff.external`,
/// textconv, pagers, `gpg.program`, `core.sshCommand`, `remote.*.uploadpack`, askpass), so the
/// tool asks only plumbing that reads objects, refs and the index as they are
/// (`rev-parse`, `ls-tree`, `cat-file --batch`, `check-ignore`, `ls-files`), never a command
/// that refreshes or writes the index or compares the work tree, and every call carries
/// ``safetyArguments`` and ``safeEnvironment(from:)``, which switch off or block what is left.
package struct GitCommandLine: Sendable {
    /// The `git` executable.
    package var executable: String

    package init(executable: String) {
        self.executable = executable
    }

    /// The first executable `git` on `PATH` (from `environment`), or `nil` when git is not installed.
    package static func find(environment: [String: String]) -> GitCommandLine? {
        guard let path = environment["PATH"], !path.isEmpty else { return nil }
        for directory in path.split(separator: ":", omittingEmptySubsequences: true) {
            let candidate = Path.join(String(directory), "git")
            if Subprocess.isExecutableFile(candidate) { return GitCommandLine(executable: candidate) }
        }
        return nil
    }

    /// Configuration given before every command, which wins over the repository's own:
    /// - `core.fsmonitor=false`: reading the index would run the named command;
    /// - `core.hooksPath=/dev/null`: no hook can be found, whatever a command would run;
    /// - `protocol.allow=never`: no transport may be used, so a partial clone's missing object
    ///   is never fetched (which would run `core.sshCommand` or `remote.*.uploadpack`, and
    ///   reach the network), and no credential helper or askpass program is asked;
    /// - `--no-pager`: output goes to the tool, never through `core.pager`.
    package static let safetyArguments = [
        "--no-pager",
        "-c", "core.fsmonitor=false",
        "-c", "core.hooksPath=/dev/null",
        "-c", "protocol.allow=never",
        "-c", "core.quotePath=false",
    ]

    /// The environment git runs with: the user's, with paths printed plainly, no prompt, no
    /// lazy fetch of a partial clone's missing objects (`GIT_NO_LAZY_FETCH`, honoured since
    /// git 2.39.4; `protocol.allow=never` blocks the fetch on older versions), no optional
    /// index writes, and none of the variables that name a program to run.
    package static func safeEnvironment(from environment: [String: String]) -> [String: String] {
        var environment = environment
        for name in ["GIT_EXTERNAL_DIFF", "GIT_PAGER", "PAGER", "GIT_SSH", "GIT_SSH_COMMAND", "GIT_ASKPASS", "SSH_ASKPASS", "GIT_PROXY_COMMAND", "GIT_EDITOR"] {
            environment[name] = nil
        }
        environment["GIT_TERMINAL_PROMPT"] = "0"
        environment["GIT_NO_LAZY_FETCH"] = "1"
        environment["GIT_OPTIONAL_LOCKS"] = "0"
        environment["GIT_ALLOW_PROTOCOL"] = "none"
        environment["LC_ALL"] = "C"
        return environment
    }

    /// Runs git in `directory` (`-C`: as if started there) with `arguments` after
    /// ``safetyArguments``, `input` as its standard input; `nil` when it cannot be started.
    package func run(_ arguments: [String], in directory: String, input: [UInt8]? = nil) -> Subprocess.Result? {
        Subprocess.run(
            executable, arguments: GitCommandLine.safetyArguments + ["-C", directory] + arguments,
            environment: GitCommandLine.safeEnvironment(from: Subprocess.processEnvironment()), input: input)
    }
}
