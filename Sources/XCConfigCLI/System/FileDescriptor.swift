#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import XCConfig

/// The process's standard streams as the operating system has them: whether one is a terminal,
/// and writing bytes to one.
enum FileDescriptor {
    /// Whether `descriptor` is a terminal (`isatty`).
    static func isTerminal(_ descriptor: Int32) -> Bool {
        isatty(descriptor) != 0
    }

    /// Writes all of `bytes` to `descriptor`, retrying after interruptions. A closed pipe
    /// (`| head`) is not the tool's problem: the rest is dropped.
    static func writeAll(_ bytes: [UInt8], to descriptor: Int32) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { bytes in
                Glue.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            }
            if written < 0 {
                if errno == EINTR { continue }
                break
            }
            offset += written
        }
    }
}
