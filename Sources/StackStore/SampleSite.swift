import Foundation

/// The small real site shipped with stackterm (Cardano Stack Exchange's 2021 data dump, CC BY-SA 4.0), so that a
/// first run without internet has a site to browse: found beside the program, imported into the store on first use.
public enum SampleSite {
    /// The site's API name.
    public static let site = "cardano"
    /// The archive's file name (`Resources/sample/` in the source tree, `share/stackterm/sample/` when installed).
    public static let archiveName = "cardano.stackexchange.com.7z"
    /// Where its content comes from and under which licence, for every screen that shows it.
    public static let attribution = "sample site: Cardano Stack Exchange's data dump (2021), CC BY-SA 4.0, by its authors"
    /// The environment variable naming the archive, for a copy kept elsewhere.
    public static let environmentVariable = "STACKTERM_SAMPLE"

    /// The places the archive is looked for, in order: `$STACKTERM_SAMPLE`; then, from the program's folder up,
    /// `share/stackterm/sample/` (an installed program: `PREFIX/bin` → `PREFIX/share`) and `Resources/sample/` (a
    /// program run from its build folder in the source tree).
    public static func candidates(executable: URL = programURL,
                                  environment: [String: String] = ProcessInfo.processInfo.environment) -> [URL] {
        var places: [URL] = []
        if let named = environment[environmentVariable], !named.isEmpty { places.append(URL(fileURLWithPath: named)) }
        var folder = executable.deletingLastPathComponent()
        for _ in 0..<6 {
            places.append(folder.appendingPathComponent("share/stackterm/sample/" + archiveName))
            places.append(folder.appendingPathComponent("Resources/sample/" + archiveName))
            folder.deleteLastPathComponent()
        }
        return places
    }

    /// The first of `candidates` that is a readable file; nil when the program was copied without it.
    public static func archive(executable: URL = programURL,
                               environment: [String: String] = ProcessInfo.processInfo.environment) -> URL? {
        candidates(executable: executable, environment: environment).first { FileManager.default.isReadableFile(atPath: $0.path) }
    }

    /// Why there is no sample to browse, naming where it was looked for.
    public static func missingMessage(executable: URL = programURL,
                                      environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        "the sample site's archive (\(archiveName)) is not beside this program: set \(environmentVariable) to its path "
            + "or install stackterm with scripts/install.sh (looked in \(executable.deletingLastPathComponent().path) and above)"
    }

    /// The running program's file, links resolved.
    public static var programURL: URL {
        URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    }
}

extension SampleSite {
    /// Why the sample's import from `archive` failed: the archive named, with what was wrong with it; a fault of the
    /// store itself (a full disk, a read-only store) in the store's own words.
    public static func importFailure(_ error: StoreError, archive: URL) -> String {
        guard case .importFailed(let file, let message) = error else { return error.description }
        let reason = file == archive.path ? message : "\(URL(fileURLWithPath: file).lastPathComponent): \(message)"
        return UnusableFile.sample(archive.path, reason)
    }
}

extension Store {
    /// Imports the sample site from `archive` unless the store already holds it whole (then nothing is written).
    @discardableResult
    public func importSample(from archive: URL, progress: (ImportProgress) -> Void = { _ in }) throws(StoreError) -> ImportSummary {
        try importDump(.archive(archive), site: SampleSite.site, progress: progress)
    }
}
