#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs another program and reads its standard output, through `posix_spawn`: what the tool
/// needs of Foundation's `Process` (git, `xcode-select`) without linking Foundation, whose
/// loading costs several milliseconds at every start.
package enum Subprocess {
    /// How a program ended and what it printed.
    package struct Result: Sendable, Hashable {
        /// The exit status; `128 + signal` when a signal ended it.
        package var status: Int32
        /// Everything it wrote to standard output.
        package var output: [UInt8]

        /// ``output`` as text, without leading and trailing whitespace and newlines.
        package var trimmedOutput: String {
            let isSpace = { (byte: UInt8) in byte == 0x20 || (0x09...0x0D).contains(byte) }
            guard let first = output.firstIndex(where: { !isSpace($0) }),
                  let last = output.lastIndex(where: { !isSpace($0) }) else { return "" }
            return String(decoding: output[first...last], as: UTF8.self)
        }
    }

    /// Runs `executable` (a path; `PATH` is not searched) with `arguments`, standard error on
    /// `/dev/null`, and returns its status and standard output, read to the end. Standard input
    /// is `input` (a socket the bytes are sent through while the output is read, so that neither
    /// side waits for the other), or `/dev/null` without it. `environment` replaces the
    /// process's own when given. `nil` when it cannot be started (missing, not executable).
    ///
    /// The program starts in this process's directory: choosing another needs
    /// `posix_spawn_file_actions_addchdir_np`, which the Glibc module does not declare and a
    /// static executable cannot look up; git takes `-C DIRECTORY` instead.
    package static func run(
        _ executable: String,
        arguments: [String],
        environment: [String: String]? = nil,
        input: [UInt8]? = nil
    ) -> Result? {
        var pipeEnds: [Int32] = [-1, -1]
        guard pipe(&pipeEnds) == 0 else { return nil }
        let readEnd = pipeEnds[0], writeEnd = pipeEnds[1]
        // Neither end may leak into a program another thread starts meanwhile.
        _ = fcntl(readEnd, F_SETFD, FD_CLOEXEC)
        _ = fcntl(writeEnd, F_SETFD, FD_CLOEXEC)
        // A socket rather than a pipe for the input: a send to a program that exited fails with
        // EPIPE instead of raising SIGPIPE, which would end this process.
        var inputEnds: [Int32] = [-1, -1]
        if input != nil {
            guard socketpair(AF_UNIX, Subprocess.streamSocket, 0, &inputEnds) == 0 else {
                close(readEnd)
                close(writeEnd)
                return nil
            }
            _ = fcntl(inputEnds[0], F_SETFD, FD_CLOEXEC)
            _ = fcntl(inputEnds[1], F_SETFD, FD_CLOEXEC)
            #if canImport(Darwin)
            var on: Int32 = 1
            _ = setsockopt(inputEnds[0], SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
            #endif
        }
        let inputEnd = inputEnds[0], childInput = inputEnds[1]

        #if canImport(Darwin)
        var actions: posix_spawn_file_actions_t? = nil
        var attributes: posix_spawnattr_t? = nil
        #else
        var actions = posix_spawn_file_actions_t()
        var attributes = posix_spawnattr_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if input != nil {
            posix_spawn_file_actions_adddup2(&actions, childInput, 0)
        } else {
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        }
        posix_spawn_file_actions_adddup2(&actions, writeEnd, 1)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)

        // The program starts with every signal at its default and none blocked, whatever this
        // process ignores or blocks.
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaultSignals = sigset_t()
        sigfillset(&defaultSignals)
        sigdelset(&defaultSignals, SIGKILL)
        sigdelset(&defaultSignals, SIGSTOP)
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigdefault(&attributes, &defaultSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))

        let argv = CStringArray([executable] + arguments)
        let envp = environment.map { CStringArray($0.map { $0.key + "=" + $0.value }) }
        var child = pid_t()
        let spawnError = argv.withPointers { argvPointer in
            if let envp {
                return envp.withPointers { posix_spawn(&child, executable, &actions, &attributes, argvPointer, $0) }
            }
            return posix_spawn(&child, executable, &actions, &attributes, argvPointer, processEnvironmentPointer())
        }
        close(writeEnd)
        if input != nil { close(childInput) }
        guard spawnError == 0 else {
            close(readEnd)
            if input != nil { close(inputEnd) }
            return nil
        }

        let output = exchange(input ?? [], through: input == nil ? -1 : inputEnd, reading: readEnd)
        close(readEnd)

        var status: Int32 = 0
        while waitpid(child, &status, 0) < 0 {
            guard errno == EINTR else { return nil }
        }
        // WIFEXITED / WEXITSTATUS / WTERMSIG, which Swift does not import (they are macros).
        let signal = status & 0x7F
        return Result(status: signal == 0 ? (status >> 8) & 0xFF : 128 + signal, output: output)
    }

    /// Sends `input` through `inputEnd` (closed when all is sent, or when the program stops
    /// reading; `-1`: nothing to send) while reading `outputEnd` to its end.
    private static func exchange(_ input: [UInt8], through inputEnd: Int32, reading outputEnd: Int32) -> [UInt8] {
        var inputEnd = inputEnd
        var sent = 0
        if inputEnd >= 0 {
            _ = fcntl(inputEnd, F_SETFL, fcntl(inputEnd, F_GETFL) | O_NONBLOCK)
            if input.isEmpty {
                close(inputEnd)
                inputEnd = -1
            }
        }
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            var descriptors = [pollfd(fd: outputEnd, events: Int16(POLLIN), revents: 0)]
            if inputEnd >= 0 { descriptors.append(pollfd(fd: inputEnd, events: Int16(POLLOUT), revents: 0)) }
            if poll(&descriptors, nfds_t(descriptors.count), -1) < 0 {
                if errno == EINTR { continue }
                break
            }
            if inputEnd >= 0, descriptors[1].revents != 0 {
                let count = input.withUnsafeBytes { send(inputEnd, $0.baseAddress! + sent, $0.count - sent, Subprocess.noSignal) }
                if count > 0 { sent += count }
                if sent == input.count || (count < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR) {
                    close(inputEnd)
                    inputEnd = -1
                }
            }
            if descriptors[0].revents != 0 {
                let count = chunk.withUnsafeMutableBytes { read(outputEnd, $0.baseAddress, $0.count) }
                if count > 0 {
                    output.append(contentsOf: chunk[..<count])
                } else if count == 0 || errno != EINTR {
                    break
                }
            }
        }
        if inputEnd >= 0 { close(inputEnd) }
        return output
    }

    #if canImport(Darwin)
    private static let streamSocket = SOCK_STREAM
    private static let noSignal: Int32 = 0
    #elseif canImport(Musl)
    private static let streamSocket = SOCK_STREAM
    private static let noSignal = Int32(MSG_NOSIGNAL)
    #else
    private static let streamSocket = Int32(SOCK_STREAM.rawValue)
    private static let noSignal = Int32(MSG_NOSIGNAL)
    #endif

    /// Whether `path` is a regular file this process may execute.
    package static func isExecutableFile(_ path: String) -> Bool {
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return false }
        return access(path, X_OK) == 0
    }

    /// The process's environment (`environ`); for duplicated names the first entry wins, as
    /// with `getenv`.
    package static func processEnvironment() -> [String: String] {
        var environment: [String: String] = [:]
        guard var entry = processEnvironmentPointer() else { return environment }
        environment.reserveCapacity(64)
        while let pointer = entry.pointee {
            let bytes = UnsafeRawBufferPointer(start: pointer, count: strlen(pointer))
            if let equals = bytes.firstIndex(of: UInt8(ascii: "=")), equals > 0 {
                let name = String(decoding: bytes[..<equals], as: UTF8.self)
                if environment[name] == nil {
                    environment[name] = String(decoding: bytes[(equals + 1)...], as: UTF8.self)
                }
            }
            entry += 1
        }
        return environment
    }

    /// The value of the process's environment variable `name` (`getenv`), without reading
    /// the others; `nil` for a name no entry of ``processEnvironment()`` could have.
    package static func processEnvironmentValue(_ name: String) -> String? {
        guard !name.isEmpty, !name.utf8.contains(UInt8(ascii: "=")), let value = getenv(name) else { return nil }
        return String(cString: value)
    }

    private static func processEnvironmentPointer() -> UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? {
        #if canImport(Darwin)
        return _NSGetEnviron()?.pointee
        #else
        return environ
        #endif
    }
}

/// A NUL-terminated array of C strings that lives as long as the value.
private final class CStringArray {
    private var pointers: [UnsafeMutablePointer<CChar>?]

    init(_ strings: [String]) {
        pointers = strings.map { strdup($0) }
        pointers.append(nil)
    }

    deinit {
        for pointer in pointers { free(pointer) }
    }

    func withPointers<R>(_ body: (UnsafePointer<UnsafeMutablePointer<CChar>?>) -> R) -> R {
        pointers.withUnsafeBufferPointer { body($0.baseAddress!) }
    }
}
