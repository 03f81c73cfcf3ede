#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// A program run to completion with `posix_spawn`: the wall time of a run is then the child's
/// own, from spawn to `waitpid`. (`Foundation.Process` adds a monitoring thread and a run loop
/// between the child's exit and `waitUntilExit`, which would count as the tool's time.)
enum ProcessRunner {
    struct Result {
        var status: Int32
        var output: [UInt8]
    }

    /// Runs `path` with `arguments` in `directory` (this process's own when nil); standard
    /// output is read through a pipe, standard error goes to `errorFile` (else /dev/null).
    /// Nil when the program cannot be started.
    static func run(_ path: String, _ arguments: [String], in directory: String? = nil, environment: [String: String]? = nil,
                    errorFile: String? = nil) -> Result? {
        var pipe: [Int32] = [0, 0]
        guard makePipe(&pipe) == 0 else { return nil }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, pipe[1], 1)
        posix_spawn_file_actions_addclose(&actions, pipe[0])
        posix_spawn_file_actions_addclose(&actions, pipe[1])
        posix_spawn_file_actions_addopen(&actions, 2, errorFile ?? "/dev/null", O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        let environmentList = (environment ?? ProcessInfo.processInfo.environment).map { "\($0.key)=\($0.value)" }
        var pid = pid_t()
        // The child starts in this process's directory (posix_spawn_file_actions_addchdir_np
        // is not in every C library Swift imports); the benchmarks spawn from one thread.
        let previous = FileManager.default.currentDirectoryPath
        if let directory, !FileManager.default.changeCurrentDirectoryPath(directory) { return nil }
        defer { if directory != nil { _ = FileManager.default.changeCurrentDirectoryPath(previous) } }
        let status = withCStrings([path] + arguments) { argv in
            withCStrings(environmentList) { envp in posix_spawn(&pid, path, &actions, nil, argv, envp) }
        }
        close(pipe[1])
        defer { close(pipe[0]) }
        guard status == 0 else { return nil }
        var output: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(pipe[0], $0.baseAddress, $0.count) }
            if count > 0 { output += buffer[0..<count] } else if count == 0 || errno != EINTR { break }
        }
        var waitStatus: Int32 = 0
        while waitpid(pid, &waitStatus, 0) < 0 && errno == EINTR {}
        // WIFEXITED / WEXITSTATUS, which Swift does not import as macros.
        let exited = waitStatus & 0x7f == 0
        return Result(status: exited ? (waitStatus >> 8) & 0xff : 128 + (waitStatus & 0x7f), output: output)
    }

    /// Calls `body` with a NULL-terminated array of C strings.
    private static func withCStrings<R>(_ strings: [String], _ body: ([UnsafeMutablePointer<CChar>?]) -> R) -> R {
        var pointers: [UnsafeMutablePointer<CChar>?] = strings.map { strdup($0) }
        pointers.append(nil)
        defer { for pointer in pointers { free(pointer) } }
        return body(pointers)
    }
}

private func makePipe(_ descriptors: inout [Int32]) -> Int32 {
    descriptors.withUnsafeMutableBufferPointer { pipe($0.baseAddress!) }
}
