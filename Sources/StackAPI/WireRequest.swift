import Foundation

/// One HTTP request as the wire layer describes it: method, URL, headers, the form body of a POST and the time
/// budget. No HTTP client is involved here; the retrieval layer's transport sends it.
public struct WireRequest: Sendable, Hashable {
    /// GET for reads, POST (with a form body) for the API's writes.
    public enum Method: String, Sendable, Hashable {
        case get = "GET"
        case post = "POST"
    }

    /// The full URL: for a GET, query and key included; for a POST, no query (everything is in the body).
    public var url: URL
    public var method: Method
    /// Header fields in the order they are sent.
    public var headers: [HTTPHeader]
    /// The `application/x-www-form-urlencoded` body of a POST; nil for a GET.
    public var body: Data?
    /// Seconds the whole exchange may take, connection to last byte.
    public var timeout: TimeInterval

    public init(url: URL, method: Method = .get, headers: [HTTPHeader] = [], body: Data? = nil, timeout: TimeInterval = 30) {
        self.url = url
        self.method = method
        self.headers = headers
        self.body = body
        self.timeout = timeout
    }

    /// The value of the first header named `name` (case-insensitive), if any.
    public func value(forHeader name: String) -> String? {
        headers.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
    }
}

extension WireRequest: CustomStringConvertible, CustomReflectable {
    /// `POST https://…/questions/1/upvote (87 bytes)`: never the body, nor an `access_token` of the query
    /// (shown as `access_token=<redacted>`).
    public var description: String {
        "\(method.rawValue) \(Self.redacted(url.absoluteString))" + (body.map { " (\($0.count) bytes)" } ?? "")
    }

    /// `url` with the value of every `access_token=` parameter replaced by `<redacted>`.
    static func redacted(_ url: String) -> String {
        var parts = url.components(separatedBy: "access_token=")
        for index in parts.indices.dropFirst() {
            let rest = parts[index].drop { $0 != "&" && $0 != "#" }
            parts[index] = "<redacted>" + rest
        }
        return parts.joined(separator: "access_token=")
    }

    /// What `dump` and debuggers show: the description, never the body.
    public var customMirror: Mirror { Mirror(self, children: ["request": description], displayStyle: .struct) }
}

/// One header field.
public struct HTTPHeader: Sendable, Hashable {
    public var name: String
    public var value: String

    public init(_ name: String, _ value: String) {
        self.name = name
        self.value = value
    }
}

/// What came back for a `WireRequest`: the status and the body, already decompressed.
public struct HTTPReply: Sendable, Hashable {
    public var status: Int
    public var body: Data

    public init(status: Int, body: Data) {
        self.status = status
        self.body = body
    }
}
