import Foundation
import StackAPI

/// The list of sites on disk (`sites.json` in the cache directory), so the picker costs a request once a week.
///
/// The file records which API root it came from: a list from another root (e.g. the local double) is ignored.
/// Reading never throws: a missing, unreadable or corrupt file is simply `.absent`; without a usable
/// directory (see `defaultDirectory(environment:)`) the list is kept in memory only. Writing is atomic
/// (a temporary file in the same directory, then `rename`), so a reader never sees half a file.
public struct SitesCache: Sendable {
    /// One week.
    public static let defaultMaxAge: TimeInterval = 7 * 24 * 60 * 60
    /// The file name inside the cache directory.
    public static let fileName = "sites.json"

    /// What the file held.
    public enum Lookup: Sendable, Equatable {
        /// A list younger than `maxAge`.
        case fresh(SiteList)
        /// A list at least `maxAge` old (or dated in the future): refetch, but usable if that fails.
        case expired(SiteList)
        /// No usable list: no file, unreadable, corrupt, or from another API root.
        case absent
    }

    /// The directory holding the file; nil when there is none to use (no absolute `XDG_CACHE_HOME` or `HOME`):
    /// then nothing is read or written and every lookup is `.absent`.
    public let directory: URL?
    /// How long a fetched list stays fresh.
    public let maxAge: TimeInterval
    private let now: @Sendable () -> Date

    /// Creates the cache in `directory` (default: `$XDG_CACHE_HOME/stackterm`, else `~/.cache/stackterm`),
    /// reading wall-clock time from `now`.
    public init(
        directory: URL? = SitesCache.defaultDirectory(), maxAge: TimeInterval = SitesCache.defaultMaxAge,
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.directory = directory
        self.maxAge = maxAge
        self.now = now
    }

    /// `$XDG_CACHE_HOME/stackterm` when that variable is an absolute path, else `$HOME/.cache/stackterm` when
    /// `HOME` is; nil otherwise, so a relative or missing `HOME` never puts a cache in the current directory.
    public static func defaultDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL? {
        if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") {
            return URL(fileURLWithPath: xdg, isDirectory: true).appendingPathComponent("stackterm", isDirectory: true)
        }
        guard let home = environment["HOME"], home.hasPrefix("/") else { return nil }
        return URL(fileURLWithPath: home, isDirectory: true)
            .appendingPathComponent(".cache", isDirectory: true)
            .appendingPathComponent("stackterm", isDirectory: true)
    }

    /// The status-line note when `environment` gives no cache directory; nil when it gives one.
    public static func notice(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        guard defaultDirectory(environment: environment) == nil else { return nil }
        let home = environment["HOME"] ?? ""
        return (home.isEmpty ? "HOME is not set" : "HOME is not an absolute path")
            + " (nor XDG_CACHE_HOME) — the sites list is not cached on disk"
    }

    /// The cache file; nil without a directory.
    public var fileURL: URL? {
        directory?.appendingPathComponent(Self.fileName)
    }

    /// Reads the file and says whether the list it holds for `apiRoot` is fresh, expired or absent.
    public func lookup(apiRoot: String) -> Lookup {
        guard let fileURL, let data = try? Data(contentsOf: fileURL),
              let file = try? JSONDecoder().decode(SitesCacheFile.self, from: data),
              file.format == SitesCacheFile.currentFormat, file.apiRoot == apiRoot else {
            return .absent
        }
        let fetchedAt = Date(timeIntervalSince1970: file.fetchedAt)
        let list = SiteList(sites: file.sites, fetchedAt: fetchedAt)
        let age = now().timeIntervalSince(fetchedAt)
        return age >= 0 && age < maxAge ? .fresh(list) : .expired(list)
    }

    /// Writes `list` for `apiRoot`, replacing the file atomically; creates the directory when needed.
    /// Without a directory it writes nothing.
    public func save(_ list: SiteList, apiRoot: String) throws {
        guard let directory, let fileURL else { return }
        let file = SitesCacheFile(
            format: SitesCacheFile.currentFormat, apiRoot: apiRoot,
            fetchedAt: list.fetchedAt.timeIntervalSince1970, sites: list.sites)
        let data = try JSONEncoder().encode(file)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let temporary = directory.appendingPathComponent(".\(Self.fileName).\(UUID().uuidString).tmp")
        guard FileManager.default.createFile(atPath: temporary.path, contents: data) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: temporary.path])
        }
        guard rename(temporary.path, fileURL.path) == 0 else {
            let code = errno
            try? FileManager.default.removeItem(at: temporary)
            throw POSIXError(POSIXErrorCode(rawValue: code) ?? .EIO)
        }
    }

    /// The time `now` reads (for deciding `fetchedAt` of a new list).
    func currentDate() -> Date {
        now()
    }
}

/// The file's layout: a format number, the API root, when it was fetched (unix seconds) and the sites as the API
/// writes them.
private struct SitesCacheFile: Codable {
    static let currentFormat = 1

    var format: Int
    var apiRoot: String
    var fetchedAt: TimeInterval
    var sites: [Site]

    enum CodingKeys: String, CodingKey {
        case format, apiRoot = "api_root", fetchedAt = "fetched_at", sites
    }
}
