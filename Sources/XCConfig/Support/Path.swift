/// Lexical operations on `/`-separated paths. Nothing here touches the file system.
package enum Path {
    /// `true` when `path` starts with `/`.
    package static func isAbsolute(_ path: String) -> Bool { path.utf8.first == UInt8(ascii: "/") }

    /// The directory part of `path` without a trailing `/` (`/a/b.xcconfig` → `/a`, `b` → `.`).
    package static func directory(of path: String) -> String {
        withLastSlash(path) { bytes, slash in
            guard let slash else { return "." }
            if slash == 0 { return "/" }
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[..<slash]), as: UTF8.self)
        }
    }

    /// Whether ``directory(of:)`` of `path` is `directory`, found without making a string: its
    /// last `/` is just past `directory`'s bytes, which `path` starts with. Answers `false`,
    /// leaving the question to ``directory(of:)``, for a path whose last `/` is its first byte or
    /// that has none (whose directory, `/` or `.`, is a small string anyway).
    static func isDirectory(_ directory: String, of path: String) -> Bool {
        var directory = directory
        return directory.withUTF8 { prefix in
            withLastSlash(path) { bytes, slash in
                guard let slash, slash > 0, slash == prefix.count else { return false }
                for index in 0..<slash where bytes[index] != prefix[index] { return false }
                return true
            }
        }
    }

    /// The last component of `path` (`/a/b.xcconfig` → `b.xcconfig`).
    package static func basename(_ path: String) -> String {
        withLastSlash(path) { bytes, slash in
            guard let slash else { return path }
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[(slash + 1)...]), as: UTF8.self)
        }
    }

    /// Calls `body` with the UTF-8 bytes of `path` and the offset of its last `/`, if any. The
    /// include walk asks for the directory and name of every file it finds, and the generic
    /// `utf8.lastIndex(of:)` costs several times a loop over the bytes.
    private static func withLastSlash<Result>(
        _ path: String, _ body: (UnsafeBufferPointer<UInt8>, Int?) -> Result
    ) -> Result {
        var path = path
        return path.withUTF8 { bytes in
            var index = bytes.count
            while index > 0 {
                index -= 1
                if bytes[index] == UInt8(ascii: "/") { return body(bytes, index) }
            }
            return body(bytes, nil)
        }
    }

    /// `name` (a target's or a configuration's, from a project file) made fit to be part of a
    /// generated file name: without `/`, `..`, leading dots, NUL and other control characters,
    /// so that it can neither climb out of the folder nor hide the file; `_` when nothing is left.
    package static func fileNameComponent(_ name: String) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in name.unicodeScalars where scalar != "/" && !(scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)) {
            scalars.append(scalar)
        }
        var component = String(scalars)
        while component.contains("..") { component = component.replacingEvery("..", with: ".") }
        while component.hasPrefix(".") { component.removeFirst() }
        return component.isEmpty ? "_" : component
    }

    /// The extension of the last component without the dot, or `""`.
    package static func fileExtension(_ path: String) -> String {
        let name = basename(path)
        guard let dot = name.utf8.lastIndex(of: UInt8(ascii: ".")), dot != name.utf8.startIndex else { return "" }
        return String(name[name.utf8.index(after: dot)...])
    }

    /// `true` when ``fileExtension(_:)`` is not empty: the last component has a `.` that is
    /// neither its first nor its last byte. Reads the bytes without making a string; the include
    /// search asks this of every include name.
    package static func hasFileExtension(_ path: String) -> Bool {
        var path = path
        return path.withUTF8 { bytes in
            let slash = UInt8(ascii: "/"), dot = UInt8(ascii: ".")
            var index = bytes.count
            while index > 0 {
                let byte = bytes[index - 1]
                if byte == slash { return false }
                // A dot not first in the component (and not last: the extension is not empty).
                if byte == dot { return index < bytes.count && index - 1 > 0 && bytes[index - 2] != slash }
                index -= 1
            }
            return false
        }
    }

    /// `relative` appended to `base` with one `/`; an absolute `relative` is returned as is.
    package static func join(_ base: String, _ relative: String) -> String {
        if isAbsolute(relative) || base.isEmpty { return relative }
        if relative.isEmpty { return base }
        // Only a string whose last byte is `/` can end with the character "/"; the test on
        // characters is kept for those (a prepended mark can join the `/` to its cluster).
        if base.utf8.last == UInt8(ascii: "/") && base.hasSuffix("/") { return base + relative }
        var joined = ""
        joined.reserveCapacity(base.utf8.count + 1 + relative.utf8.count)
        joined += base
        joined += "/"
        joined += relative
        return joined
    }

    /// Lexical normalisation: collapses `//` and `.`, resolves `..` where it can, drops a trailing `/`.
    /// A relative path keeps leading `..` components.
    ///
    /// Works on the UTF-8 bytes (`/` and `.` are ASCII, so no multi-byte sequence is split), and
    /// returns `path` itself, without allocating, when it is already normal.
    package static func normalize(_ path: String) -> String {
        if let normal = path.utf8.withContiguousStorageIfAvailable({ normalize(bytes: $0) }) {
            return normal ?? path
        }
        return Array(path.utf8).withUnsafeBufferPointer { normalize(bytes: $0) } ?? path
    }

    /// The normal form of `bytes`, or `nil` when `bytes` is already normal.
    private static func normalize(bytes: UnsafeBufferPointer<UInt8>) -> String? {
        let slash = UInt8(ascii: "/"), dot = UInt8(ascii: ".")
        let absolute = bytes.first == slash
        if isNormal(bytes, absolute: absolute) { return nil }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + 1)
        if absolute { output.append(slash) }
        let base = output.count
        // Where each kept component starts in `output`, and how many leading `..` are kept.
        var starts: [Int] = []
        var keptParents = 0
        var index = bytes.startIndex
        while index != bytes.endIndex {
            if bytes[index] == slash {
                index = bytes.index(after: index)
                continue
            }
            let start = index
            while index != bytes.endIndex, bytes[index] != slash { index = bytes.index(after: index) }
            let length = bytes.distance(from: start, to: index)
            if length == 1, bytes[start] == dot { continue }
            if length == 2, bytes[start] == dot, bytes[bytes.index(after: start)] == dot {
                if starts.count > keptParents {
                    let removed = starts.removeLast()
                    output.removeSubrange((removed == base ? base : removed - 1)...)
                    continue
                }
                if absolute { continue }
                keptParents += 1
            }
            if output.count > base { output.append(slash) }
            starts.append(output.count)
            output.append(contentsOf: bytes[start..<index])
        }
        if !absolute, output.isEmpty { return "." }
        return String(decoding: output, as: UTF8.self)
    }

    /// `true` when `bytes` has no empty, `.` or `..` component and no trailing `/`.
    ///
    /// Every path the include loader searches or reads is checked here, a dozen times per file
    /// loaded, and nearly all are normal already. Such a path has no `//` and no `/.` (a
    /// component can only be empty, `.` or `..` after a `/` or at the start), which eight byte
    /// pairs at a time rule out, faster than a loop over the bytes. A path
    /// that has one (`/.hidden` is normal too) goes to ``isNormalByComponents(_:absolute:)``.
    static func isNormal(_ bytes: UnsafeBufferPointer<UInt8>, absolute: Bool) -> Bool {
        let count = bytes.count
        guard count >= 9, let base = bytes.baseAddress else { return isNormalByComponents(bytes, absolute: absolute) }
        let slash = UInt8(ascii: "/"), dot = UInt8(ascii: ".")
        if base[count &- 1] == slash || (!absolute && base[0] == dot) { return isNormalByComponents(bytes, absolute: absolute) }
        let raw = UnsafeRawPointer(base)
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        let slashes = ones &* UInt64(slash), dots = ones &* UInt64(dot)
        // The high bit of each byte that is zero: every zero byte is marked (bits above the
        // first may be marked wrongly, which only sends a normal path to the exact check).
        @inline(__always) func zeroBytes(_ word: UInt64) -> UInt64 { (word &- ones) & ~word & highs }
        // Pairs (offset, offset + 1) for eight offsets: the word at `offset` against the word
        // one byte on. The last window overlaps the one before rather than leave a tail.
        var offset = 0
        while true {
            let first = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            let second = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset &+ 1, as: UInt64.self))
            if zeroBytes(first ^ slashes) & (zeroBytes(second ^ slashes) | zeroBytes(second ^ dots)) != 0 {
                return isNormalByComponents(bytes, absolute: absolute)
            }
            if offset == count &- 9 { return true }
            offset = Swift.min(offset &+ 8, count &- 9)
        }
    }

    /// ``isNormal(_:absolute:)`` read component by component: each byte once, a component
    /// ending at a `/`, and only a component of one or two bytes can be `.` or `..`.
    static func isNormalByComponents(_ bytes: UnsafeBufferPointer<UInt8>, absolute: Bool) -> Bool {
        let slash = UInt8(ascii: "/"), dot = UInt8(ascii: ".")
        let count = bytes.count
        if count == 0 { return false }
        if absolute, count == 1 { return true }
        /// Whether the component `bytes[start..<end]` is empty, `.` or `..`.
        func isSpecial(_ start: Int, _ end: Int) -> Bool {
            switch end - start {
            case 0: return true
            case 1: return bytes[start] == dot
            case 2: return bytes[start] == dot && bytes[start + 1] == dot
            default: return false
            }
        }
        var componentStart = absolute ? 1 : 0
        for index in componentStart..<count where bytes[index] == slash {
            if isSpecial(componentStart, index) { return false }
            componentStart = index + 1
        }
        return !isSpecial(componentStart, count)
    }

    /// `path` made absolute against `directory` and normalised.
    package static func absolute(_ path: String, relativeTo directory: String) -> String {
        normalize(isAbsolute(path) ? path : join(directory, path))
    }

    /// `path` relative to `directory` (both absolute and normalised), with `..` where needed.
    package static func relative(_ path: String, from directory: String) -> String {
        let target = path.split(separator: "/", omittingEmptySubsequences: true)
        let base = directory.split(separator: "/", omittingEmptySubsequences: true)
        var common = 0
        while common < target.count, common < base.count, target[common] == base[common] { common += 1 }
        let components = Array(repeating: "..", count: base.count - common) + target[common...].map(String.init)
        return components.isEmpty ? "." : components.joined(separator: "/")
    }

    /// `path` as a list of the files a command writes prints it: relative to `directory`,
    /// climbing with `..` as git prints paths outside the current folder, so that every line
    /// reads alike (`Config/App.xcconfig`, `../.gitignore`); absolute when the two share no
    /// folder but `/`.
    package static func relativeDisplay(_ path: String, from directory: String) -> String {
        guard let first = path.split(separator: "/").first, directory.split(separator: "/").first == first else { return path }
        return relative(path, from: directory)
    }

    /// `path` relative to `directory` when it lies below it, else `path` unchanged.
    /// Used to print file names the way compilers do.
    package static func display(_ path: String, relativeTo directory: String) -> String {
        let base = directory.hasSuffix("/") ? directory : directory + "/"
        if path.hasPrefix(base) { return String(path.dropFirst(base.count)) }
        return path
    }
}
