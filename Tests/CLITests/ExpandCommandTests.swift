import Foundation
import Testing
import XCConfig
@testable import XCConfigCLI

private let header = """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
    <plist version="1.0">

    """

private let entitlements = header + """
    <dict>
    	<key>com.apple.developer.icloud-container-identifiers</key>
    	<array>
    		<string>$(CLOUDKIT_CONTAINER_ID)</string>
    	</array>
    	<key>com.apple.developer.ubiquity-kvstore-identifier</key>
    	<string>$(TeamIdentifierPrefix)$(CFBundleIdentifier)</string>
    	<key>keychain-access-groups</key>
    	<array>
    		<string>$(AppIdentifierPrefix)$(CFBundleIdentifier)</string>
    	</array>
    	<key>$(KEY_PREFIX).flag</key>
    	<true/>
    </dict>
    </plist>

    """

private let config = """
    PRODUCT_BUNDLE_IDENTIFIER = com.example.app
    DEVELOPMENT_TEAM = ABCDE12345
    CLOUDKIT_CONTAINER_ID = iCloud.$(PRODUCT_BUNDLE_IDENTIFIER)
    KEY_PREFIX = com.example

    """

private func project(_ extra: [String: String] = [:]) -> InMemoryFileSystem {
    var files = ["/work/App/App.entitlements": entitlements, "/work/Config/App.xcconfig": config]
    for (path, text) in extra { files[path] = text }
    return workspace(files)
}

@Suite("Expand command")
struct ExpandCommandTests {
    /// `Samples/SharedProject` of this repository.
    static let sample = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Samples/SharedProject").path

    /// Issue 33, finding 5: Xcode's template Info.plist expands under --strict with the
    /// project, although EXECUTABLE_NAME, Xcode's own default, refers to EXECUTABLE_PREFIX,
    /// EXECUTABLE_VARIANT_SUFFIX and EXECUTABLE_SUFFIX, which nothing assigns for an app.
    @Test func theTemplateInfoPlistExpandsStrictlyWithTheProject() {
        let result = runCLI(["expand", "App/Info.plist", "--project", "App.xcodeproj", "-c", "Release", "--strict", "--format", "list"],
                            realDirectory: Self.sample)
        #expect(result.status == .success, "\(result.stderr)")
        #expect(result.stderr.isEmpty)
        // PRODUCT_NAME = $(TARGET_NAME) for the target App, in project.pbxproj.
        #expect(result.stdout.contains("CFBundleExecutable: $(EXECUTABLE_NAME) -> App\n"))
        #expect(result.stdout.contains("CFBundleName: $(PRODUCT_NAME) -> App\n"))
    }

    /// Without a project, the names Xcode sets per target are missing: --strict still fails,
    /// and a note says what to pass.
    @Test func withoutTheProjectANoteNamesWhatXcodeSetsPerTarget() {
        let result = runCLI(["expand", "App/Info.plist", "Config/Release.xcconfig", "-c", "Release", "--strict"], realDirectory: Self.sample)
        #expect(result.status == .failure)
        #expect(result.stderr.contains("error: 'EXECUTABLE_NAME' is not assigned at any level"))
        #expect(result.stderr.contains("note: Xcode sets EXECUTABLE_NAME from the target's product type; pass --project"))
        #expect(!result.stderr.contains("EXECUTABLE_PREFIX"))
    }
    @Test func entitlementsGetKeysAndValuesExpanded() {
        let result = runCLI(["expand", "App/App.entitlements", "Config/App.xcconfig"], fileSystem: project())
        #expect(result.status == .success)
        #expect(result.stderr == "")
        #expect(result.stdout == header + """
            <dict>
            	<key>com.apple.developer.icloud-container-identifiers</key>
            	<array>
            		<string>iCloud.com.example.app</string>
            	</array>
            	<key>com.apple.developer.ubiquity-kvstore-identifier</key>
            	<string>ABCDE12345.com.example.app</string>
            	<key>keychain-access-groups</key>
            	<array>
            		<string>$(AppIdentifierPrefix)com.example.app</string>
            	</array>
            	<key>com.example.flag</key>
            	<true/>
            </dict>
            </plist>

            """)
    }

    @Test func theAppIdentifierPrefixIsUsedVerbatimWhenGiven() {
        let result = runCLI(["expand", "App/App.entitlements", "Config/App.xcconfig", "--app-id-prefix", "XYZ987."], fileSystem: project())
        #expect(result.stdout.contains("<string>XYZ987.com.example.app</string>"))
    }

    @Test func withoutATeamTheTeamPrefixIsEmpty() {
        let result = runCLI(["expand", "App/App.entitlements", "Config/App.xcconfig", "DEVELOPMENT_TEAM="], fileSystem: project())
        #expect(result.stdout.contains("<string>com.example.app</string>"))
    }

    @Test func infoPlistValuesAreExpandedKeysKeptAndEmptyKnownKeysDropped() {
        let info = header + """
            <dict>
              <key>CFBundleExecutable</key>
              <string>$(EXECUTABLE_NAME)</string>
              <key>CFBundleIdentifier</key>
              <string>$(PRODUCT_BUNDLE_IDENTIFIER)</string>
              <key>$(KEY_PREFIX)</key>
              <integer>7</integer>
              <key>Custom</key>
              <string>$(EMPTY)</string>
            </dict>
            </plist>

            """
        let fileSystem = project(["/work/App/Info.plist": info])
        let result = runCLI(["expand", "App/Info.plist", "Config/App.xcconfig", "EMPTY="], fileSystem: fileSystem)
        #expect(result.status == .success)
        #expect(result.stdout == header + """
            <dict>
              <key>CFBundleIdentifier</key>
              <string>com.example.app</string>
              <key>$(KEY_PREFIX)</key>
              <integer>7</integer>
              <key>Custom</key>
              <string></string>
            </dict>
            </plist>

            """)
        #expect(result.stderr == """
            App/Info.plist:6:3: warning: 'EXECUTABLE_NAME' is not assigned at any level; referenced by value 'CFBundleExecutable'
            note: Xcode sets EXECUTABLE_NAME from the target's product type; pass --project (and --target) to expand with the target's settings

            """)
    }

    @Test func listFormatReportsEverySubstitution() {
        let result = runCLI(["expand", "App/App.entitlements", "Config/App.xcconfig", "--format", "list"], fileSystem: project())
        #expect(result.stdout == """
            com.apple.developer.icloud-container-identifiers.0: $(CLOUDKIT_CONTAINER_ID) -> iCloud.com.example.app
            com.apple.developer.ubiquity-kvstore-identifier: $(TeamIdentifierPrefix)$(CFBundleIdentifier) -> ABCDE12345.com.example.app
            keychain-access-groups.0: $(AppIdentifierPrefix)$(CFBundleIdentifier) -> $(AppIdentifierPrefix)com.example.app
            com.example.flag: $(KEY_PREFIX).flag -> com.example.flag

            """)
    }

    @Test func jsonFormatReportsEverySubstitutionWithUnresolvedNames() throws {
        let fileSystem = project(["/work/App/Info.plist": header + "<dict>\n<key>A</key>\n<string>$(MISSING)-$(KEY_PREFIX)</string>\n</dict>\n</plist>\n"])
        let result = runCLI(["expand", "App/Info.plist", "Config/App.xcconfig", "--format=json"], fileSystem: fileSystem)
        #expect(result.status == .success)
        let parsed = try JSONParser.parse(result.stdout)
        #expect(parsed == .array([.object([
            JSONValue.Member("keyPath", .string("A")),
            JSONValue.Member("template", .string("$(MISSING)-$(KEY_PREFIX)")),
            JSONValue.Member("value", .string("-com.example")),
            JSONValue.Member("unresolved", .array([.string("MISSING")])),
            JSONValue.Member("removed", .bool(false)),
        ])]))
        #expect(result.stderr.contains("App/Info.plist:6:1: warning: 'MISSING' is not assigned at any level"))
    }

    @Test func strictMakesUnresolvedReferencesFailAndWritesNothing() {
        let fileSystem = project()
        let result = runCLI(
            ["expand", "App/App.entitlements", "Config/App.xcconfig", "--strict", "KEY_PREFIX=$(NOWHERE)", "-o", "build/App.entitlements"],
            fileSystem: fileSystem)
        #expect(result.status == .failure)
        #expect(result.stderr.contains("error: 'NOWHERE' is not assigned at any level"))
        #expect(result.stderr.contains("build/App.entitlements not written"))
        #expect(fileSystem.writtenPaths.isEmpty)
    }

    @Test func outputGoesToTheFileAndTheInputIsUntouched() {
        let fileSystem = project()
        fileSystem.addDirectory("/work/build")
        let result = runCLI(["expand", "App/App.entitlements", "Config/App.xcconfig", "-o", "build/App.entitlements"], fileSystem: fileSystem)
        #expect(result.status == .success)
        #expect(result.stdout == "")
        #expect(fileSystem.writtenPaths == ["/work/build/App.entitlements"])
        #expect(fileSystem.contentsOfFile("/work/App/App.entitlements") == entitlements)
        #expect(fileSystem.contentsOfFile("/work/build/App.entitlements")?.contains("ABCDE12345.com.example.app") == true)
    }

    @Test func inPlaceRewritesTheInputKeepingItsPermissions() {
        let fileSystem = project()
        fileSystem.setPermissions(0o600, of: "/work/App/App.entitlements")
        let result = runCLI(["expand", "App/App.entitlements", "Config/App.xcconfig", "--in-place", "--format", "list"], fileSystem: fileSystem)
        #expect(result.status == .success)
        #expect(result.stdout.hasPrefix("com.apple.developer.icloud-container-identifiers.0: "))
        #expect(fileSystem.contentsOfFile("/work/App/App.entitlements")?.contains("<string>iCloud.com.example.app</string>") == true)
        #expect(fileSystem.permissions(of: "/work/App/App.entitlements") == 0o600)
    }

    @Test func aMalformedPlistIsAnErrorNamingItsLineAndNothingIsWritten() {
        let broken = header + "<dict>\n\t<key>A</key>\n\t<string>$(X)</strin>\n</dict>\n</plist>\n"
        let fileSystem = project(["/work/App/App.entitlements": broken])
        for output in [["-o", "out.entitlements"], ["--in-place"]] {
            let result = runCLI(["expand", "App/App.entitlements", "Config/App.xcconfig"] + output, fileSystem: fileSystem)
            #expect(result.status == .failure)
            #expect(result.stdout == "")
            #expect(result.stderr.hasPrefix("App/App.entitlements:6:"))
            #expect(result.stderr.contains(": error: "))
            #expect(result.stderr.contains("nothing written"))
            #expect(fileSystem.writtenPaths.isEmpty)
            #expect(fileSystem.contentsOfFile("/work/App/App.entitlements") == broken)
        }
    }

    @Test func aBinaryPlistIsReadAndWrittenBackAsXML() {
        // {CFBundleIdentifier = "$(PRODUCT_BUNDLE_IDENTIFIER)"}
        let binary = makeSmallBinaryPlist([
            [0xD1, 1, 2],
            [0x5F, 0x10, 18] + Array("CFBundleIdentifier".utf8),
            [0x5F, 0x10, 28] + Array("$(PRODUCT_BUNDLE_IDENTIFIER)".utf8),
        ])
        let fileSystem = project()
        fileSystem.addFile("/work/App/Info.plist", bytes: binary)
        let result = runCLI(["expand", "App/Info.plist", "Config/App.xcconfig"], fileSystem: fileSystem)
        #expect(result.status == .success)
        #expect(result.stdout.hasSuffix("<dict>\n\t<key>CFBundleIdentifier</key>\n\t<string>com.example.app</string>\n</dict>\n</plist>\n"))
        #expect(result.stderr == "App/Info.plist:1:1: warning: binary property list read; the expanded output is written as XML\n")
    }

    @Test func aFailedWriteLeavesNothingBehind() {
        let fileSystem = project()
        fileSystem.failWrites(under: "/work/App", with: .diskFull)
        let result = runCLI(["expand", "App/App.entitlements", "Config/App.xcconfig", "--in-place"], fileSystem: fileSystem)
        #expect(result.status == .failure)
        #expect(result.stderr.contains("error: could not write App/App.entitlements"))
        #expect(fileSystem.contentsOfFile("/work/App/App.entitlements") == entitlements)
        #expect(fileSystem.writtenPaths.isEmpty)
    }

    @Test func theKindComesFromTheExtensionOrKind() {
        let fileSystem = project(["/work/App/Template.txt": header + "<dict>\n<key>$(KEY_PREFIX)</key>\n<string>$(KEY_PREFIX)</string>\n</dict>\n</plist>\n"])
        let unknown = runCLI(["expand", "App/Template.txt", "Config/App.xcconfig"], fileSystem: fileSystem)
        #expect(unknown.status == .usageError)
        #expect(unknown.stderr.contains("--kind"))
        let asEntitlements = runCLI(["expand", "App/Template.txt", "Config/App.xcconfig", "--kind", "entitlements"], fileSystem: fileSystem)
        #expect(asEntitlements.stdout.contains("<key>com.example</key>"))
        let asInfoPlist = runCLI(["expand", "App/Template.txt", "Config/App.xcconfig", "--kind", "info-plist"], fileSystem: fileSystem)
        #expect(asInfoPlist.stdout.contains("<key>$(KEY_PREFIX)</key>\n<string>com.example</string>"))
    }

    @Test func aMissingInputOrConflictingOutputsCannotRun() {
        #expect(runCLI(["expand", "App/None.plist"], fileSystem: project()).status == .usageError)
        let both = runCLI(["expand", "App/App.entitlements", "-o", "x", "--in-place"], fileSystem: project())
        #expect(both.status == .usageError)
        #expect(both.stderr.hasPrefix("error: --in-place and --output cannot be used together"))
    }

    @Test func problemsInTheConfigurationAreReportedAndFail() {
        let fileSystem = project(["/work/Config/App.xcconfig": config + "#include \"Missing.xcconfig\"\n"])
        let result = runCLI(["expand", "App/App.entitlements", "Config/App.xcconfig"], fileSystem: fileSystem)
        #expect(result.status == .failure)
        #expect(result.stderr.hasPrefix("Config/App.xcconfig:5:"))
        #expect(result.stdout.contains("iCloud.com.example.app"))
    }

    @Test func theHelpDescribesEveryFlag() {
        let help = runCLI(["expand", "--help"]).stdout
        for option in ExpandCommand.configuration.options {
            #expect(help.contains("--\(option.long)"), "missing --\(option.long)")
        }
        #expect(help.contains("-o, --output <file>"))
        #expect(help.contains("EXAMPLES:"))
    }
}

/// A bplist00 file from encoded objects (one-byte object references and offsets).
func makeSmallBinaryPlist(_ objects: [[UInt8]]) -> [UInt8] {
    var bytes = Array("bplist00".utf8)
    var offsets: [Int] = []
    for object in objects {
        offsets.append(bytes.count)
        bytes += object
    }
    let table = bytes.count
    bytes += offsets.map { UInt8($0) }
    func bigEndian(_ value: Int) -> [UInt8] { (0..<8).reversed().map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) } }
    bytes += [0, 0, 0, 0, 0, 0, 1, 1] + bigEndian(objects.count) + bigEndian(0) + bigEndian(table)
    return bytes
}

@Suite("Expand and local help layout")
struct ExpandLocalHelpLayoutTests {
    @Test func helpLinesFitIn80Columns() {
        for words in [["expand"], ["local"], ["local", "init"], ["local", "update"], ["local", "check"]] {
            for line in runCLI(["help"] + words).stdout.split(separator: "\n") {
                #expect(line.count <= 80, "\(words.joined(separator: " ")): \(line)")
            }
        }
    }
}
