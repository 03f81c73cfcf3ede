import XCConfig
import XCConfigLint
import XCConfigSyntax

/// The open documents over the files on disk, the context the client chose, and each
/// document's analysis, kept until a file it depends on changes.
final class Workspace {
    /// The files on disk.
    let baseFileSystem: any FileSystem
    /// The workspace's root folder: relative project paths start here.
    var rootDirectory: String
    /// Replaces `<DEVELOPER_DIR>` in includes.
    var developerDirectory: String?
    /// The build documents are evaluated for.
    var settings = ContextSettings() {
        didSet { if settings != oldValue { invalidateAll() } }
    }
    private(set) var documents: [String: TextDocument] = [:]
    private var analyses: [String: DocumentAnalysis] = [:]
    /// Files parsed since the last change, shared by the analyses and lint runs made until the
    /// next one; at a change, each file is read again and only the changed ones parsed again.
    private var parsedFiles = ParsedFileCache()
    /// Each file linted, its values parsed, kept while its bytes are the same.
    private let lintFiles = LintFileCache()
    /// Loaded projects by path (`nil`: unreadable).
    private var projects: [String: XcodeProject?] = [:]
    /// The project found above each folder, and the folder Xcode searches last for the
    /// includes of the files in each folder, as found on disk.
    private var locator: ProjectLocator

    init(fileSystem: any FileSystem, rootDirectory: String, developerDirectory: String?) {
        self.baseFileSystem = fileSystem
        self.rootDirectory = rootDirectory
        self.developerDirectory = developerDirectory
        self.locator = ProjectLocator(fileSystem: fileSystem)
    }

    /// The file system everything reads: the disk with the open documents over it.
    var fileSystem: OverlayFileSystem {
        OverlayFileSystem(base: baseFileSystem, documents: documents.mapValues(\.bytes))
    }

    // MARK: - Documents

    /// Opens, replaces or closes `path`'s document; returns the open documents whose analysis
    /// this changes (the document itself first when open).
    @discardableResult
    func setDocument(_ document: TextDocument?, at path: String) -> [String] {
        documents[path] = document
        return fileChanged(path)
    }

    /// Forgets everything that depends on `path`, which changed on disk or in an editor;
    /// returns the open documents affected.
    @discardableResult
    func fileChanged(_ path: String) -> [String] {
        parsedFiles = parsedFiles.revalidating()
        // A project, or a lint or format configuration that may be new: what depends on it
        // is not recorded, so everything is made again.
        let name = Path.basename(path)
        if path.hasSuffix(".pbxproj") || path.hasSuffix(".xcodeproj") || path.hasSuffix(".xcproj") || path.hasSuffix(".xcworkspace")
            || name == LintConfiguration.fileName || name == FormatOptions.fileName {
            projects = [:]
            locator = ProjectLocator(fileSystem: baseFileSystem)
            return invalidateAll()
        }
        var affected: [String] = []
        for (analysed, analysis) in analyses where analysed == path || analysis.dependencies.contains(path) {
            analyses[analysed] = nil
            affected.append(analysed)
        }
        if documents[path] != nil && !affected.contains(path) { affected.append(path) }
        return affected.filter { documents[$0] != nil }.sorted { a, b in a == path || (b != path && a < b) }
    }

    /// Forgets every analysis; returns the open documents.
    @discardableResult
    func invalidateAll() -> [String] {
        analyses = [:]
        parsedFiles = parsedFiles.revalidating()
        return documents.keys.sorted()
    }

    // MARK: - Analysis

    /// The analysis of the document (or file) at `path`.
    func analysis(of path: String) -> DocumentAnalysis {
        if let cached = analyses[path] { return cached }
        let fileSystem = self.fileSystem
        let bytes = (try? fileSystem.read(path)) ?? []
        let tree = XCConfigParser.parse(bytes)
        let project = project(for: path)
        let stack = loadStack(for: path, project: project, configuration: settings.configuration, fileSystem: fileSystem)
        let context = stack?.resolver.context ?? EvaluationContext(configuration: settings.configuration, sdks: settings.sdks, arch: settings.arch)
        var dependencies: Set<String> = [path]
        for (_, configuration) in stack?.configurations ?? [] { dependencies.formUnion(configuration.dependencies) }
        if let project { dependencies.insert(project.projectFilePath) }
        if let lintConfiguration = LintConfiguration.find(from: Path.directory(of: path), fileSystem: fileSystem) {
            dependencies.insert(lintConfiguration)
        }
        let analysis = DocumentAnalysis(path: path, tree: tree, project: project, stack: stack, context: context, dependencies: dependencies)
        analyses[path] = analysis
        return analysis
    }

    /// The lint findings in the document at `path`, with the workspace's `.xcconfig-lint.json`.
    func findings(of path: String) -> [Finding] {
        let analysis = analysis(of: path)
        if let findings = analysis.findings { return findings }
        let fileSystem = self.fileSystem
        var configuration = LintConfiguration()
        if let configurationPath = LintConfiguration.find(from: Path.directory(of: path), fileSystem: fileSystem),
           let loaded = try? LintConfiguration.load(configurationPath, fileSystem: fileSystem) {
            configuration = loaded.configuration
        }
        var linter = Linter(
            configuration: configuration,
            environment: LintEnvironment(projectRoot: analysis.project?.projectDirectory ?? projectDirectory(above: path),
                                         developerDirectory: developerDirectory),
            fileSystem: fileSystem,
            project: analysis.project?.path)
        // Only this document's findings are published; the files it includes are parsed
        // again only when they changed.
        linter.parsedFiles = parsedFiles
        linter.lintFiles = lintFiles
        linter.reportedFiles = [path]
        let findings = (try? linter.findings(paths: [path])) ?? []
        analysis.findings = findings
        return findings
    }

    /// The resolver of `analysis`'s stack in each of its project's configurations that builds
    /// with the document (a Debug-only file has no Release row); when none does, in every one,
    /// the document standing in for the base xcconfig.
    func resolversByConfiguration(_ analysis: DocumentAnalysis) -> [(configuration: String, resolver: Resolver)] {
        if let cached = analysis.resolversByConfiguration { return cached }
        var result: [(configuration: String, resolver: Resolver)] = []
        if let project = analysis.project {
            let names = analysis.configurationNames
            if names.count > 1 {
                let fileSystem = self.fileSystem
                for name in names {
                    if let stack = loadStack(for: analysis.path, project: project, configuration: name, fileSystem: fileSystem, standingIn: false) {
                        result.append((name, stack.resolver))
                    }
                }
                if result.isEmpty {
                    for name in names {
                        if let stack = loadStack(for: analysis.path, project: project, configuration: name, fileSystem: fileSystem) {
                            result.append((name, stack.resolver))
                        }
                    }
                }
            }
        }
        analysis.resolversByConfiguration = result
        return result
    }

    /// The stack `path` is resolved in (``BuildRequest/loadStack(containing:fileSystem:projects:)``)
    /// for the client's target, configuration, SDKs and architecture, without Xcode's defaults.
    /// Unless `standingIn`, only a stack whose base xcconfigs reach `path`.
    private func loadStack(
        for path: String, project: XcodeProject?, configuration: String?, fileSystem: OverlayFileSystem, standingIn: Bool = true
    ) -> LoadedStack? {
        var request = BuildRequest(project: project?.path)
        request.target = settings.target
        request.configuration = configuration
        request.sdks = settings.sdks
        request.arch = settings.arch
        request.usesXcodeDefaults = false
        request.developerDirectory = developerDirectory
        // The folder found on disk, kept between edits.
        if project == nil { request.projectRoot = projectDirectory(above: path) }
        request.parsedFiles = parsedFiles
        request.options = Resolver.Options(maximumDepth: 100_000)
        let projects = project.map { [$0.path: $0] } ?? [:]
        if !standingIn { return request.loadStackUsing(path, fileSystem: fileSystem, projects: projects) }
        return request.loadStack(containing: path, fileSystem: fileSystem, projects: projects)
    }

    // MARK: - Projects

    /// The project of the settings, else the nearest `.xcodeproj` above `path`.
    func project(for path: String) -> XcodeProject? {
        let projectPath: String
        if let configured = settings.project {
            projectPath = Path.absolute(configured, relativeTo: rootDirectory)
        } else {
            guard let found = self.projectPath(above: Path.directory(of: path)) else { return nil }
            projectPath = found
        }
        if let cached = projects[projectPath] { return cached }
        let project = try? XcodeProject.load(path: projectPath, fileSystem: fileSystem)
        projects[projectPath] = .some(project)
        return project
    }

    /// The first `.xcodeproj` (by name) in `directory` or the nearest folder above it.
    private func projectPath(above directory: String) -> String? {
        locator.nearestProject(from: directory)
    }

    /// The nearest folder at or above `path`'s that holds an `.xcodeproj` or `.xcworkspace`:
    /// where Xcode searches last for includes.
    private func projectDirectory(above path: String) -> String? {
        locator.projectDirectory(above: path)
    }
}
