#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A byte stream on a file descriptor: the server's standard input and output, or a pipe in a
/// test. The only place the server talks to the operating system about its streams.
public struct FileDescriptorStream: Sendable {
    /// The descriptor read or written; never closed here (the caller owns it).
    public let descriptor: Int32

    public init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// The bytes available, at most `capacity`, waiting for at least one; empty at the end of
    /// the stream or on an error other than an interruption.
    package func read(capacity: Int = 64 * 1024) -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: capacity)
        while true {
            let count = buffer.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress, capacity) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { return [] }
            buffer.removeLast(capacity - count)
            return buffer
        }
    }

    /// Writes all of `bytes`, retrying after interruptions; `false` when the reader has gone.
    @discardableResult
    package func write(_ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { systemWrite(descriptor, $0.baseAddress! + offset, bytes.count - offset) }
            if written < 0 {
                if errno == EINTR { continue }
                return false
            }
            offset += written
        }
        return true
    }

    /// Ignores `SIGPIPE`, so that a client that closes its end makes a write fail instead of
    /// killing the server.
    static func ignoreBrokenPipes() {
        signal(SIGPIPE, SIG_IGN)
    }
}

// Free functions: inside the type, `read` and `write` would name its own methods.
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}

private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, buffer, count)
}
