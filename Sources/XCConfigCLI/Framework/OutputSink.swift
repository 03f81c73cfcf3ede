import XCConfig

/// Where a command's stdout or stderr goes: a file descriptor of the real process, or a buffer
/// a test reads back.
///
/// Thread-safe. Output to a descriptor is buffered up to `bufferLimit` bytes; call ``flush()``
/// before the process exits (``CommandLineTool`` does).
public final class OutputSink: @unchecked Sendable {
    private enum Destination {
        case descriptor(Int32)
        case capture
    }

    private let destination: Destination
    private let bufferLimit: Int
    private let lock = Lock()
    private var buffer: [UInt8] = []

    private init(destination: Destination, bufferLimit: Int) {
        self.destination = destination
        self.bufferLimit = bufferLimit
    }

    /// Output to an open file descriptor; `bufferLimit` 0 writes through at once (for stderr).
    public static func fileDescriptor(_ descriptor: Int32, bufferLimit: Int = 64 * 1024) -> OutputSink {
        OutputSink(destination: .descriptor(descriptor), bufferLimit: bufferLimit)
    }

    /// Output kept in memory, read back with ``capturedBytes`` or ``capturedText``.
    public static func capture() -> OutputSink {
        OutputSink(destination: .capture, bufferLimit: .max)
    }

    /// Writes `text` as UTF-8.
    public func write(_ text: String) {
        lock.withLock {
            buffer.appendUTF8(of: text)
            if buffer.count > bufferLimit { flushLocked() }
        }
    }

    /// Writes `bytes` unchanged.
    public func write(bytes: [UInt8]) {
        lock.withLock {
            buffer.append(contentsOf: bytes)
            if buffer.count > bufferLimit { flushLocked() }
        }
    }

    /// Hands buffered output to the descriptor.
    public func flush() {
        lock.withLock { flushLocked() }
    }

    /// Everything written so far, for a capturing sink.
    public var capturedBytes: [UInt8] { lock.withLock { buffer } }

    /// Everything written so far as UTF-8 text, for a capturing sink.
    public var capturedText: String { String(decoding: capturedBytes, as: UTF8.self) }

    private func flushLocked() {
        guard case .descriptor(let descriptor) = destination, !buffer.isEmpty else { return }
        FileDescriptor.writeAll(buffer, to: descriptor)
        buffer.removeAll(keepingCapacity: true)
    }
}

extension [UInt8] {
    /// Appends `text`'s UTF-8 bytes with one copy.
    mutating func appendUTF8(of text: String) {
        if text.utf8.withContiguousStorageIfAvailable({ append(contentsOf: $0) }) == nil {
            append(contentsOf: text.utf8)
        }
    }
}
