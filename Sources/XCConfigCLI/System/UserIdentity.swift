#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import XCConfig

/// The user and group the process runs as, which xcodebuild prints as UID, GID and GROUP
/// (shells do not export them).
enum UserIdentity {
    /// `UID`, `GID` and, when `/etc/group` names the group, `GROUP`. (Not `getgrgid`: a
    /// statically linked tool would need the system's name-service libraries at run time.)
    static func current(fileSystem: any FileSystem) -> [String: String] {
        let gid = String(getgid())
        var identity = ["UID": String(getuid()), "GID": gid]
        if let bytes = try? fileSystem.read("/etc/group") {
            // name:password:gid:members
            for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") where !line.hasPrefix("#") {
                let fields = line.split(separator: ":", omittingEmptySubsequences: false)
                if fields.count >= 3, fields[2] == gid, !fields[0].isEmpty {
                    identity["GROUP"] = String(fields[0])
                    break
                }
            }
        }
        return identity
    }
}
