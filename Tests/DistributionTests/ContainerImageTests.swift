import Foundation
import Testing

/// The `Containerfile` image, built with the `xcconfig` built here, runs `resolve` and `lint` on
/// a sample mounted at /src and prints what the tool prints outside it. Skipped (with the
/// reason) where no container runtime can build and run an image.
@Suite struct ContainerImageTests {
    /// A runtime that built the image and ran it, and the flags it needed.
    struct Runtime {
        var executable: String
        var globalFlags: [String]
        var runFlags: [String]
        var image: String

        func command(_ arguments: [String]) -> String {
            ([executable] + globalFlags + ["run", "--rm"] + runFlags + arguments).map(quote).joined(separator: " ")
        }
    }

    static func quote(_ text: String) -> String { "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'" }

    /// The flags tried, plain first. In a sandbox without cgroup delegation or the right to
    /// raise resource limits (as on this project's machines), podman runs with runc, cgroupfs
    /// and limits no higher than the caller's.
    static let attempts: [(global: [String], run: [String])] = [
        ([], []),
        (["--runtime", "runc", "--cgroup-manager", "cgroupfs"], ["--ulimit", "nofile=1024:1024", "--ulimit", "nproc=1000:1000"]),
    ]

    static let prepared: Result<Runtime, PreparationFailure> = prepare()

    struct PreparationFailure: Error { var reason: String }

    static func prepare() -> Result<Runtime, PreparationFailure> {
        guard let tool = Shell.xcconfig else { return .failure(.init(reason: "xcconfig is not built next to the tests")) }
        #if os(Linux)
        guard let executable = Shell.find("podman", "docker") else { return .failure(.init(reason: "neither podman nor docker is installed")) }
        do {
            let context = try Shell.temporaryDirectory("container-context")
            defer { try? FileManager.default.removeItem(atPath: context) }
            try FileManager.default.copyItem(atPath: tool, toPath: context + "/xcconfig")
            try FileManager.default.copyItem(atPath: Shell.repository + "/LICENSE", toPath: context + "/LICENSE")
            // One tag, replaced by every run, so that runs leave one image behind, not one each.
            let image = "localhost/xcconfig-test:latest"
            var reasons: [String] = []
            for attempt in attempts {
                let flags = attempt.global.map(quote).joined(separator: " ")
                let build = try Shell.run("\(quote(executable)) \(flags) build -q -f \(quote(Shell.repository + "/Containerfile")) -t \(image) \(quote(context))")
                guard build.status == 0 else {
                    reasons.append("build: " + (build.error.split(separator: "\n").last.map(String.init) ?? "status \(build.status)"))
                    continue
                }
                let runtime = Runtime(executable: executable, globalFlags: attempt.global, runFlags: attempt.run, image: image)
                let run = try Shell.run(runtime.command([image, "--version"]))
                if run.status == 0 { return .success(runtime) }
                reasons.append("run: " + (run.error.split(separator: "\n").last.map(String.init) ?? "status \(run.status)"))
            }
            return .failure(.init(reason: "\(executable) cannot build and run the image here (\(reasons.joined(separator: "; ")))"))
        } catch {
            return .failure(.init(reason: "\(error)"))
        }
        #else
        return .failure(.init(reason: "the image holds a static Linux executable, which is built on Linux"))
        #endif
    }

    static var skipReason: Comment {
        if case .failure(let failure) = prepared { return Comment(rawValue: failure.reason) }
        return ""
    }

    static var runtime: Runtime? { try? prepared.get() }

    @Test(.enabled(if: runtime != nil, skipReason))
    func resolveAndLintRunOnAMountedSample() throws {
        let runtime = try #require(Self.runtime)
        let sample = Shell.repository + "/Samples/SharedProject"
        let mount = ["-v", "\(sample):/src:ro", runtime.image]
        let tool = Self.quote(Shell.xcconfig!)

        let resolveArguments = ["resolve", "Config/Debug.xcconfig", "--print", "PRODUCT_BUNDLE_IDENTIFIER"]
        let resolved = try Shell.run(runtime.command(mount + resolveArguments))
        let expected = try Shell.run(([tool] + resolveArguments.map(Self.quote)).joined(separator: " "), in: sample)
        #expect(resolved.status == 0, "\(resolved.error)")
        #expect(!resolved.output.isEmpty)
        #expect(resolved.output == expected.output)

        let lintArguments = ["lint", ".", "--format", "json"]
        let linted = try Shell.run(runtime.command(mount + lintArguments))
        let expectedLint = try Shell.run(([tool] + lintArguments.map(Self.quote)).joined(separator: " "), in: sample)
        #expect(linted.status == expectedLint.status)
        #expect(linted.output == expectedLint.output)
        #expect(linted.output.hasPrefix("["), "lint --format json prints an array: \(linted.output.prefix(80))")
    }

    @Test(.enabled(if: runtime != nil, skipReason))
    func theImageStartsInSrcWithTheToolAsItsEntryPoint() throws {
        let runtime = try #require(Self.runtime)
        let inspect = try Shell.run(([runtime.executable] + runtime.globalFlags).map(Self.quote).joined(separator: " ")
            + " image inspect --format '{{.Config.WorkingDir}} {{json .Config.Entrypoint}}' " + runtime.image)
        #expect(inspect.output.trimmingCharacters(in: .whitespacesAndNewlines) == #"/src ["xcconfig"]"#)
    }
}
