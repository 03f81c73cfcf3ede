import ConformanceSupport
import Foundation
import Testing

/// Issue 33, finding 10: Ctrl-C at any point of the commands that edit a project leaves every
/// file as it was (or, when it comes after the last write, the edit done), with no new or
/// temporary file. The built `xcconfig` runs on a generated project in a git work tree, and
/// SIGINT is sent at several points of each command's run, from start-up to the writes.
@Suite(.serialized) struct InterruptionTests {
    static var canRun: Bool { Shell.xcconfig != nil && Shell.find("git") != nil }

    static let commands = [
        "project extract App.xcodeproj --output Config/Extracted",
        "project clear-overrides App.xcodeproj",
        "project set-base App.xcodeproj Config/Other.xcconfig",
        "local init --project App.xcodeproj DEVELOPMENT_TEAM=ABCDE12345",
    ]

    @Test(.enabled(if: canRun, "needs the built xcconfig and git"), arguments: commands)
    func ctrlCLeavesEveryFileAsItWasOrTheEditDone(command: String) throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("xcconfig-interrupt-\(UInt32.random(in: 0...UInt32.max))").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root + "/fixture/App.xcodeproj", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: root + "/fixture/Config", withIntermediateDirectories: true)
        try GeneratedProjects.project(targets: 30).write(toFile: root + "/fixture/App.xcodeproj/project.pbxproj", atomically: true, encoding: .utf8)
        try "DEVELOPMENT_TEAM = ABCDE12345\n".write(toFile: root + "/fixture/Config/Shared.xcconfig", atomically: true, encoding: .utf8)
        try "OTHER = 1\n".write(toFile: root + "/fixture/Config/Other.xcconfig", atomically: true, encoding: .utf8)
        // Each run: a fresh copy, SIGINT after the delay, then the status and a listing of every
        // folder and file (with its checksum) but .git. A delay of -1 runs without a signal.
        let script = """
            set -u
            tool=\(Shell.xcconfig!)
            git -C fixture init -q && git -C fixture add -A && git -C fixture -c user.name=t -c user.email=t@t commit -qm base
            snapshot() { (cd "$1" && find . -path ./.git -prune -o -type d -print -o -type f -exec sha1sum {} + | sort); }
            run() {
                rm -rf work && cp -R fixture work
                (cd work && exec $tool \(command) >/dev/null 2>&1) &
                pid=$!
                if [ "$1" != "-1" ]; then sleep "$1"; kill -INT $pid 2>/dev/null; fi
                wait $pid
                status=$?
                echo "status $1 $status"
                snapshot work > "listing-$1"
            }
            snapshot fixture > listing-original
            start=$(date +%s%N); run -1; end=$(date +%s%N)
            cp listing--1 listing-final
            elapsed=$(( (end - start) / 1000000 ))
            for k in 1 2 3 4 5 6 7 8 9 10 11 12; do
                delay=$(awk "BEGIN { printf \\"%.3f\\", $elapsed * $k / 12000 }")
                run $delay
                if cmp -s listing-$delay listing-original; then echo "state $delay original"
                elif cmp -s listing-$delay listing-final; then echo "state $delay final"
                else echo "state $delay other"; diff listing-original listing-$delay | head -5; fi
            done
            """
        let result = try Shell.run(script, in: root)
        let lines = result.output.split(separator: "\n").map(String.init)
        #expect(lines.contains("status -1 0"), "\(result.output)\(result.error)")
        for line in lines where line.hasPrefix("status ") && !line.hasPrefix("status -1 ") {
            // 130: ended by SIGINT; 0: the signal came after the command had finished.
            #expect(line.hasSuffix(" 130") || line.hasSuffix(" 0"), "\(command): \(line)")
        }
        let states = lines.filter { $0.hasPrefix("state ") }
        #expect(states.count == 12, "\(result.output)\(result.error)")
        for state in states {
            #expect(state.hasSuffix(" original") || state.hasSuffix(" final"), "\(command): \(state)\n\(result.output)")
        }
    }
}
