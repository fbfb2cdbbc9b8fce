import Foundation

/// Recorded API responses replayed as they are, found through each folder's `REQUESTS.json`.
///
/// A request matches a recording when method, path and query agree, ignoring the `/2.x` version prefix,
/// a trailing `/`, parameter order and the credentials `key` and `access_token`.
final class RecordedResponses: Sendable {
    /// One recorded request.
    struct Recording: Sendable {
        var file: URL
        var status: Int?
    }

    /// The `--recorded` folder.
    let root: URL?
    private let recordings: [String: Recording]
    /// The `site` values the recordings were made for (e.g. `stackoverflow`): these sites answer only recordings.
    let sites: Set<String>

    /// Reads every `*/REQUESTS.json` under `root`; folders without one are served only by path.
    init(root: URL?) {
        self.root = root
        var recordings: [String: Recording] = [:]
        var sites: Set<String> = []
        let folders = root.flatMap { try? FileManager.default.contentsOfDirectory(atPath: $0.path) } ?? []
        for folder in folders.sorted() {
            guard let root else { break }
            let index = root.appendingPathComponent(folder).appendingPathComponent("REQUESTS.json")
            guard let data = try? Data(contentsOf: index),
                  let entries = try? JSONSerialization.jsonObject(with: data) as? [[String: Any]] else { continue }
            for entry in entries {
                guard let file = entry["file"] as? String, let request = Self.request(of: entry) else { continue }
                let key = Self.key(method: request.method, path: request.path, query: request.query)
                recordings[key] = Recording(
                    file: root.appendingPathComponent(folder).appendingPathComponent(file),
                    status: entry["status"] as? Int)
                if let site = QueryParameters(query: request.query).string("site") { sites.insert(site) }
            }
        }
        self.recordings = recordings
        self.sites = sites
    }

    var count: Int { recordings.count }

    /// The recording answering this request, if any.
    func match(_ request: DoubleRequest) -> Recording? {
        recordings[Self.key(method: request.method, path: request.path, query: request.query)]
    }

    /// A file below the recorded folder by relative path; nil for anything outside it or absent.
    func file(relativePath: String) -> URL? {
        guard let root, !relativePath.isEmpty,
              !relativePath.split(separator: "/").contains(where: { $0 == ".." || $0 == "." }) else { return nil }
        let url = root.appendingPathComponent(relativePath)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue else {
            return nil
        }
        return url
    }

    /// The gzip-compressed response for a recording: its recorded status, else 400 for error bodies, else 200.
    func response(for recording: Recording, truncate: Bool = false) throws -> DoubleResponse {
        let body = try Data(contentsOf: recording.file)
        let status = recording.status ?? (Self.isErrorBody(body) ? 400 : 200)
        return .gzipJSON(status: status, json: body, truncate: truncate)
    }

    private static func isErrorBody(_ body: Data) -> Bool {
        guard let object = try? JSONSerialization.jsonObject(with: body) as? [String: Any] else { return false }
        return object["error_id"] != nil && object["items"] == nil
    }

    /// `"GET https://host/2.2/x?y"` (ruby-stackoverflow-vcr) or `request_comment` + `method` (stacman-csharp).
    private static func request(of entry: [String: Any]) -> (method: String, path: String, query: String)? {
        var method = entry["method"] as? String ?? "GET"
        var text = entry["request"] as? String ?? entry["request_comment"] as? String ?? ""
        if let space = text.firstIndex(of: " ") {
            method = String(text[..<space])
            text = String(text[text.index(after: space)...])
        }
        guard let schemeEnd = text.range(of: "://") else { return nil }
        let afterHost = text[schemeEnd.upperBound...].drop(while: { $0 != "/" })
        let parts = afterHost.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        guard let path = parts.first else { return nil }
        return (method, String(path), parts.count > 1 ? String(parts[1]) : "")
    }

    /// The matching key: method, path without version or trailing `/`, sorted query without credentials.
    static func key(method: String, path: String, query: String) -> String {
        var apiPath = APIPath.removingVersion(path.removingPercentEncoding ?? path) ?? path
        while apiPath.count > 1, apiPath.hasSuffix("/") { apiPath.removeLast() }
        let parameters = QueryParameters(query: query).all
            .filter { $0.key != "key" && $0.key != "access_token" }
            .map { "\($0.key)=\($0.value)" }
            .sorted()
        return "\(method.uppercased()) \(apiPath)?\(parameters.joined(separator: "&"))"
    }
}

/// The `/2.x` version prefix of API paths.
enum APIPath {
    /// `/2.3/questions` → `/questions`; nil when the path has no `/2.N` prefix.
    static func removingVersion(_ path: String) -> String? {
        guard path.hasPrefix("/2.") else { return nil }
        let rest = path.dropFirst(3)
        let digits = rest.prefix(while: \.isNumber)
        guard !digits.isEmpty else { return nil }
        let remainder = rest.dropFirst(digits.count)
        guard remainder.isEmpty || remainder.hasPrefix("/") else { return nil }
        return remainder.isEmpty ? "/" : String(remainder)
    }

    /// The versions the generated routes answer.
    static let servedVersions: Set<String> = ["/2.2", "/2.3"]
}
