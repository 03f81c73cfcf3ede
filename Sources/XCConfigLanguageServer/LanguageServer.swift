import XCConfig

/// The xcconfig language server (LSP 3.17 over JSON-RPC, `Content-Length` framed), what
/// `xcconfig lsp` runs: diagnostics from the linter, hover with resolved values and their
/// provenance, navigation through includes and references, completion, symbols, links,
/// formatting, quick fixes and inlay hints.
///
/// ```swift
/// let status = LanguageServer.run(input: FileDescriptorStream(descriptor: 0),
///                                 output: FileDescriptorStream(descriptor: 1),
///                                 options: LanguageServer.Options(fileSystem: RealFileSystem()))
/// ```
public enum LanguageServer {
    /// What the server needs from its host.
    public struct Options: Sendable {
        /// Every file is read through it (open documents are laid over it).
        public var fileSystem: any FileSystem
        /// Replaces `<DEVELOPER_DIR>` in includes (`$DEVELOPER_DIR`, or `xcode-select -p`).
        public var developerDirectory: String?
        /// How long diagnostics wait after a change for the next one (LSP clients send one
        /// per keystroke).
        public var debounceMilliseconds: Int
        /// The version `initialize` reports.
        public var version: String

        public init(fileSystem: any FileSystem, developerDirectory: String? = nil, debounceMilliseconds: Int = 150, version: String = "") {
            self.fileSystem = fileSystem
            self.developerDirectory = developerDirectory
            self.debounceMilliseconds = debounceMilliseconds
            self.version = version
        }
    }

    /// Serves one client on `input` and `output` until it sends `exit` or closes `input`.
    /// Returns the exit status LSP prescribes: 0 after `shutdown`, 1 otherwise.
    public static func run(input: FileDescriptorStream, output: FileDescriptorStream, options: Options) -> Int32 {
        FileDescriptorStream.ignoreBrokenPipes()
        let queue = EventQueue<IncomingFrame>()
        startThread {
            var reader = FrameReader()
            while true {
                let bytes = input.read()
                if bytes.isEmpty {
                    queue.push(reader.frames() + [.endOfInput])
                    return
                }
                reader.append(bytes)
                queue.push(reader.frames())
            }
        }
        let session = ServerSession(options: options) { message in
            output.write(FrameReader.frame(Array(message.serialized(pretty: false).utf8)))
        }
        return session.run(queue)
    }

    /// What the server writes when `input` is all it reads, handled on the caller's thread
    /// frame by frame, diagnostics published as soon as they are due: for the fuzz target,
    /// which needs no threads and no pipes. Returns the output and the exit status.
    package static func respond(toStream input: [UInt8], options: Options) -> (output: [UInt8], status: Int32) {
        var output: [UInt8] = []
        let session = ServerSession(options: options) { message in
            output += FrameReader.frame(Array(message.serialized(pretty: false).utf8))
        }
        var reader = FrameReader()
        reader.append(input)
        let frames = reader.frames() + [.endOfInput]
        // All of it is received before anything is answered, as one read would be.
        let cancelled = ServerSession.cancelledIDs(in: frames)
        for frame in frames where session.exitStatus == nil {
            session.receive(frame, cancelled: cancelled)
            session.publishDueDiagnostics()
        }
        return (output, session.exitStatus ?? 1)
    }
}
