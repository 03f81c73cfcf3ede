import Foundation
import Testing

/// Issue 30, finding 11: runs of the built `xcconfig` at the same time in one repository lose
/// nothing. Each `local init` adds its own local file to the one `.gitignore`; under the file's
/// lock, a run that finds the `.gitignore` changed appends its entry to what is there now.
@Suite struct ParallelEditTests {
    static var canRun: Bool { Shell.xcconfig != nil && Shell.find("git") != nil }

    @Test(.enabled(if: canRun, "needs the built xcconfig and git"))
    func tenParallelLocalInitsEachKeepTheirGitIgnoreEntry() throws {
        let root = try Shell.temporaryDirectory("xcconfig-parallel")
        defer { try? FileManager.default.removeItem(atPath: root) }
        let script = """
            set -u
            tool=\(Shell.xcconfig!)
            git init -q . && printf 'build/\\n' > .gitignore
            for i in 0 1 2 3 4 5 6 7 8 9; do
                mkdir Module$i
                printf 'DEVELOPMENT_TEAM = ABC\\n#include? "LocalConfig.xcconfig"\\n' > Module$i/Shared.xcconfig
            done
            git add -A && git -c user.name=t -c user.email=t@t commit -qm base
            for i in 0 1 2 3 4 5 6 7 8 9; do
                ( $tool local init Module$i/Shared.xcconfig DEVELOPMENT_TEAM=XYZ$i >/dev/null 2>err-$i; echo "status $i $?" > status-$i ) &
            done
            wait
            cat status-* err-*
            for i in 0 1 2 3 4 5 6 7 8 9; do
                if [ -f Module$i/LocalConfig.xcconfig ]; then echo "created $i"; fi
                if git check-ignore -q Module$i/LocalConfig.xcconfig; then echo "ignored $i"; fi
            done
            git check-ignore -q build/x && echo "kept build/"
            """
        let result = try Shell.run(script, in: root)
        let lines = Set(result.output.split(separator: "\n").map(String.init))
        for index in 0..<10 {
            #expect(lines.contains("status \(index) 0"), "\(result.output)\(result.error)")
            #expect(lines.contains("created \(index)"), "\(result.output)")
            #expect(lines.contains("ignored \(index)"), "\(result.output)")
        }
        #expect(lines.contains("kept build/"), "\(result.output)")
    }
}
