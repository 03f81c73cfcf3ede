import Foundation
import XCConfig
import XCConfigLint
import XCConfigSyntax

/// The context of the `resolve-bench` benchmark:
/// `--configuration Debug --sdk iphoneos17.0 --sdk iphoneos --arch arm64`.
let benchContext = EvaluationContext(configuration: "Debug", sdks: ["iphoneos17.0", "iphoneos"], arch: "arm64")

/// The resolver bounds the command line uses.
let cliResolverOptions = Resolver.Options(maximumDepth: 100_000, maximumValueSize: Limits.maximumValueSize)

/// Loads `root` with `loader` and evaluates every setting of the stack; returns a checksum.
/// Never inlined, so that a profile shows one iteration's cost under its name.
@inline(never)
func resolveEverything(root: String, loader: IncludeLoader, context: EvaluationContext) -> Int {
    guard let stack = try? StackInputs(targetConfigFiles: [root]).load(with: loader, context: context, options: cliResolverOptions) else {
        return 0
    }
    // Every setting of every level, evaluated, through the public API: the values without
    // their provenance, as `resolve` prints them by default.
    let resolver = stack.resolver
    var checksum = 0
    for name in resolver.settingNames() {
        checksum &+= name.utf8.count &+ resolver.value(of: name).utf8.count
    }
    return checksum
}

/// Every regular file below `directory`, with its bytes.
func readTree(_ directory: String) -> [(path: String, bytes: [UInt8])] {
    guard let enumerator = FileManager.default.enumerator(atPath: directory) else { return [] }
    var files: [(String, [UInt8])] = []
    let fileSystem = RealFileSystem()
    while let relative = enumerator.nextObject() as? String {
        let path = directory + "/" + relative
        guard fileSystem.kind(of: path) == .file, let bytes = try? fileSystem.read(path) else { continue }
        files.append((path, bytes))
    }
    return files.sorted { $0.0 < $1.0 }
}

// MARK: - Generated inputs

/// A configuration of about `size` bytes, in the proportions of real files: comments, blank
/// lines, conditional assignments, `$(inherited)` lists, continued values, includes.
func generateLargeConfiguration(size: Int) -> [UInt8] {
    var output: [UInt8] = []
    output.reserveCapacity(size + 256)
    var index = 0
    while output.count < size {
        let line: String
        switch index % 12 {
        case 0: line = "// Section \(index): settings shared by every target of the workspace\n"
        case 1: line = "\n"
        case 2: line = "#include? \"Local\(index % 7).xcconfig\"\n"
        case 3: line = "PRODUCT_BUNDLE_IDENTIFIER_\(index) = com.example.$(PRODUCT_NAME:rfc1034identifier).\(index)\n"
        case 4: line = "OTHER_LDFLAGS_\(index) = $(inherited) -ObjC -framework UIKit -weak_framework SwiftUI -l\"c++\"\n"
        case 5: line = "GCC_PREPROCESSOR_DEFINITIONS_\(index)[config=Debug] = $(inherited) DEBUG=1 COCOAPODS=1 LEVEL=\(index)\n"
        case 6: line = "SWIFT_ACTIVE_COMPILATION_CONDITIONS_\(index)[sdk=iphoneos*][arch=arm64] = $(inherited) DEVICE // device only\n"
        case 7: line = "HEADER_SEARCH_PATHS_\(index) = $(inherited) \\\n    \"$(SRCROOT)/Vendor/include\" \\\n    $(PODS_ROOT)/Headers/Public ;\n"
        case 8: line = "\tSETTING_\(index) = plain value with spaces\t\n"
        case 9: line = "INFOPLIST_FILE_\(index) = $(SRCROOT)/App/Resources/Info-$(CONFIGURATION).plist\n"
        case 10: line = "URL_\(index) = https:/$()/example.com/api/v\(index % 5) // a URL kept whole with /$()/\n"
        default: line = "CODE_SIGN_IDENTITY_\(index)[sdk=iphoneos*] = iPhone Developer\n"
        }
        output.append(contentsOf: line.utf8)
        index += 1
    }
    return output
}

/// A monorepo of `fileCount` files in `root`: `fileCount / 20` modules, each a chain of 20
/// files where every file includes the previous one and extends the same settings with
/// `$(inherited)`. Returns the root of each chain (its last file).
func generateMonorepo(in root: String, fileCount: Int, depth: Int = 20) throws -> [String] {
    let modules = max(1, fileCount / depth)
    var roots: [String] = []
    for module in 0..<modules {
        let directory = "\(root)/Modules/M\(module)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        for level in 0..<depth {
            var text = "// Module \(module), layer \(level)\n"
            if level > 0 { text += "#include \"L\(level - 1).xcconfig\"\n" }
            text += """
                PRODUCT_NAME = M\(module)
                OTHER_LDFLAGS = $(inherited) -framework M\(module)L\(level)
                GCC_PREPROCESSOR_DEFINITIONS = $(inherited) M\(module)_L\(level)=1
                OTHER_SWIFT_FLAGS[config=Debug] = $(inherited) -D DEBUG_L\(level)
                HEADER_SEARCH_PATHS = $(inherited) $(SRCROOT)/M\(module)/L\(level)/include
                SWIFT_ACTIVE_COMPILATION_CONDITIONS[sdk=iphoneos*] = $(inherited) L\(level)
                WARNING_CFLAGS = $(inherited) -Wlayer\(level)
                LAYER_\(level)_NAME = $(PRODUCT_NAME)_L\(level)
                PRODUCT_BUNDLE_IDENTIFIER = com.example.$(PRODUCT_NAME:rfc1034identifier).l\(level)

                """
            let path = "\(directory)/L\(level).xcconfig"
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
            if level == depth - 1 { roots.append(path) }
        }
    }
    return roots
}

/// A chain of `length` files in `directory`: `C0000.xcconfig` includes `C0001.xcconfig`, which
/// includes the next, and so on; each file extends two settings with `$(inherited)`.
func generateChain(in directory: String, length: Int) throws {
    func name(_ index: Int) -> String {
        let digits = String(index)
        return "C" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits + ".xcconfig"
    }
    for index in 0..<length {
        var text = "// Layer \(index) of the chain\n"
        if index + 1 < length { text += "#include \"\(name(index + 1))\"\n" }
        text += """
            OTHER_LDFLAGS = $(inherited) -framework Layer\(index)
            GCC_PREPROCESSOR_DEFINITIONS = $(inherited) LAYER_\(index)=1

            """
        try Data(text.utf8).write(to: URL(fileURLWithPath: "\(directory)/\(name(index))"))
    }
}
