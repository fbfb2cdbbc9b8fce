import Foundation

/// Builds URLs and `WireRequest`s for `APIRequest`s against one API root (Stack Exchange, Teams, or the local double).
///
/// The API key, when set, is appended as `key=` to every URL; it never appears in `description` or logs.
public struct RequestFactory: Sendable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// The public API root, `https://api.stackexchange.com/2.3`.
    public static let stackExchangeBaseURL = URL(string: "https://api.stackexchange.com/2.3")!
    /// `stackterm/<version> (+https://github.com/stackterm)`.
    public static let defaultUserAgent = "stackterm/\(StackTermVersion.current) (+https://github.com/stackterm)"

    /// The API root requests are appended to; may carry a path such as `/2.3`.
    public let baseURL: URL
    public let userAgent: String
    /// Seconds before a request times out.
    public let timeout: TimeInterval
    private let key: String?

    /// Creates a factory; an empty `key` counts as none.
    public init(
        baseURL: URL = RequestFactory.stackExchangeBaseURL, key: String? = nil,
        userAgent: String = RequestFactory.defaultUserAgent, timeout: TimeInterval = 30
    ) {
        self.baseURL = baseURL
        self.key = key.flatMap { $0.isEmpty ? nil : $0 }
        self.userAgent = userAgent
        self.timeout = timeout
    }

    /// Whether an API key is appended (10,000 requests a day instead of 300, pages past 25).
    public var hasKey: Bool { key != nil }

    /// The full URL: base URL, the request's path, its query in order, then `access_token` (a read of the logged-in
    /// user) and `key` when set.
    public func url(for request: APIRequest) -> URL {
        var text = pathText(request.path)
        var items = request.query
        if let token = request.accessToken { items.append(URLQueryItem(name: "access_token", value: token.secret)) }
        if let key { items.append(URLQueryItem(name: "key", value: key)) }
        if !items.isEmpty {
            text += "?" + items.map { item in
                let name = URLEncoding.encode(item.name, allowing: URLEncoding.queryCharacters)
                guard let value = item.value else { return name }
                return name + "=" + URLEncoding.encode(value, allowing: URLEncoding.queryCharacters)
            }.joined(separator: "&")
        }
        // Every character outside the allowed ASCII sets is percent-encoded, so parsing cannot fail
        // for a valid base URL; the fallback only guards against a base URL that does not round-trip.
        return URL(string: text) ?? baseURL
    }

    /// The request for `request`: a GET of `url(for:)`, or for a write (`form` set) a POST of the path whose
    /// form body holds the fields, `access_token` and `key`; User-Agent, JSON, gzip or deflate (the API compresses
    /// every answer), the timeout.
    public func wireRequest(for request: APIRequest) -> WireRequest {
        var headers = [
            HTTPHeader("User-Agent", userAgent),
            HTTPHeader("Accept", "application/json"),
            HTTPHeader("Accept-Encoding", "gzip, deflate"),
        ]
        guard let form = request.form else { return WireRequest(url: url(for: request), headers: headers, timeout: timeout) }
        headers.append(HTTPHeader("Content-Type", "application/x-www-form-urlencoded"))
        var items = form
        if let token = request.accessToken { items.append(URLQueryItem(name: "access_token", value: token.secret)) }
        if let key { items.append(URLQueryItem(name: "key", value: key)) }
        let body = items.map { item in
            URLEncoding.encode(item.name, allowing: URLEncoding.unreserved) + "="
                + URLEncoding.encode(item.value ?? "", allowing: URLEncoding.unreserved)
        }.joined(separator: "&")
        // No query and no key in a POST's URL: they travel in its body.
        let url = URL(string: pathText(request.path)) ?? baseURL
        return WireRequest(url: url, method: .post, headers: headers, body: Data(body.utf8), timeout: timeout)
    }

    /// The base URL followed by `path`, percent-encoded.
    private func pathText(_ path: String) -> String {
        var text = baseURL.absoluteString
        while text.hasSuffix("/") { text.removeLast() }
        return text + URLEncoding.encode(path.hasPrefix("/") ? path : "/" + path, allowing: URLEncoding.pathCharacters)
    }

    /// Describes the factory with the key redacted.
    public var description: String {
        "RequestFactory(baseURL: \(baseURL.absoluteString), key: \(hasKey ? "<redacted>" : "none"), "
            + "userAgent: \(userAgent), timeout: \(timeout))"
    }

    /// Same as `description`: the key is redacted.
    public var debugDescription: String { description }

    /// A mirror without the key, so `dump` and debuggers cannot show it.
    public var customMirror: Mirror {
        Mirror(self, children: ["baseURL": baseURL, "key": hasKey ? "<redacted>" : "none",
                                "userAgent": userAgent, "timeout": timeout], displayStyle: .struct)
    }
}

/// Percent-encoding with explicit ASCII allow-lists (Foundation's sets leave `+`, `&` and `=` alone in queries).
enum URLEncoding {
    /// Unreserved characters (RFC 3986).
    static let unreserved = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~".utf8)
    /// Path characters kept as written: unreserved, `/`, and `;` (the API's id separator).
    static let pathCharacters = unreserved.union("/;:@!$'()*,".utf8)
    /// Query characters kept as written: unreserved and `;` (the API's tag separator).
    static let queryCharacters = unreserved.union(";".utf8)

    /// Percent-encodes every UTF-8 byte of `text` not in `allowed`.
    static func encode(_ text: String, allowing allowed: Set<UInt8>) -> String {
        var output = ""
        output.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            if allowed.contains(byte) {
                output.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                output += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            }
        }
        return output
    }
}

private extension String {
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
