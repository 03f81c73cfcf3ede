/// Project files made to measure, shared by the test targets.
public enum GeneratedProjects {
    /// A project of `targets` app targets, Debug and Release, each with a few settings and a
    /// team, under a project-level base that sets the team the project's own settings hide.
    public static func project(targets: Int) -> String {
        var objects = ""
        var targetIDs: [String] = []
        func configuration(_ id: String, _ name: String, _ settings: String, base: String = "") -> String {
            "\t\t\(id) = { isa = XCBuildConfiguration; \(base)buildSettings = { \(settings) }; name = \(name); };\n"
        }
        for index in 0..<targets {
            let hex = String(index, radix: 16, uppercase: true)
            let id = "A" + String(repeating: "0", count: 23 - hex.count) + hex
            targetIDs.append(id)
            objects += "\t\t\(id) = { isa = PBXNativeTarget; buildConfigurationList = \(id)L; name = Target\(index); productType = \"com.apple.product-type.application\"; };\n"
            objects += "\t\t\(id)L = { isa = XCConfigurationList; buildConfigurations = ( \(id)D, \(id)R, ); };\n"
            let settings = "PRODUCT_BUNDLE_IDENTIFIER = com.example.target\(index); DEVELOPMENT_TEAM = QMQYCKL255; SDKROOT = iphoneos; OTHER_FLAG_\(index) = \"-D X\(index)\"; "
            objects += configuration("\(id)D", "Debug", settings + "SWIFT_OPTIMIZATION_LEVEL = \"-Onone\"; ")
            objects += configuration("\(id)R", "Release", settings)
        }
        return """
            // !$*UTF8*$!
            {
            \tarchiveVersion = 1;
            \tobjectVersion = 77;
            \tobjects = {
            \t\tROOT = { isa = PBXProject; buildConfigurationList = PLIST; mainGroup = MAIN; targets = ( \(targetIDs.map { "\($0), " }.joined())); };
            \t\tMAIN = { isa = PBXGroup; children = ( SHARED, ); sourceTree = "<group>"; };
            \t\tSHARED = { isa = PBXFileReference; path = Config/Shared.xcconfig; sourceTree = "<group>"; };
            \t\tPLIST = { isa = XCConfigurationList; buildConfigurations = ( PD, PR, ); defaultConfigurationName = Release; };
            \(configuration("PD", "Debug", "DEVELOPMENT_TEAM = QMQYCKL255; ", base: "baseConfigurationReference = SHARED; "))\
            \(configuration("PR", "Release", "DEVELOPMENT_TEAM = QMQYCKL255; ", base: "baseConfigurationReference = SHARED; "))\
            \(objects)\
            \t};
            \trootObject = ROOT;
            }

            """
    }
}
