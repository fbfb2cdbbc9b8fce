import Foundation

/// An HTTP request as the double sees it, independent of the server package.
public struct DoubleRequest: Sendable {
    /// `GET`, `POST`…
    public var method: String
    /// The path, percent-encoded as received, e.g. `/2.3/questions/1;2`.
    public var path: String
    /// The query string, percent-encoded as received, without `?` (may be empty).
    public var query: String
    /// The body of a POST (a form's `a=1&b=2`); empty for a GET.
    public var body: Data

    public init(method: String = "GET", path: String, query: String = "", body: Data = Data()) {
        self.method = method
        self.path = path
        self.query = query
        self.body = body
    }

    /// The largest body read (1 MiB); a longer one is cut to one byte more and answered 400.
    public static let bodyLimit = 1 << 20

    /// `GET /2.3/questions?page=2&site=cardano`, the form the request log uses, with every `access_token` value
    /// replaced by `REDACTED` (the body is not logged).
    public var logLine: String {
        LogRedaction.redacted(query.isEmpty ? "\(method) \(path)" : "\(method) \(path)?\(query)")
    }

    /// The path with percent escapes decoded.
    var decodedPath: String { path.removingPercentEncoding ?? path }
}

/// An HTTP response as the double produces it.
public struct DoubleResponse: Sendable {
    public var status: Int
    public var headers: [String: String]
    /// The body bytes exactly as sent (gzip-compressed for API responses); empty when `stream` sends it.
    public var body: Data
    /// A body made while it is sent (faults too large to build first, or that stop half-way); nil: `body`.
    public var stream: ResponseStream?

    public init(status: Int, headers: [String: String], body: Data, stream: ResponseStream? = nil) {
        self.status = status
        self.headers = headers
        self.body = body
        self.stream = stream
    }

    /// The body as a stream, whether or not it was made as one.
    var asStream: ResponseStream {
        stream ?? .plain([.bytes(body)])
    }

    /// A gzip-compressed JSON response, as every API answer is sent.
    static func gzipJSON(status: Int, json: Data, truncate: Bool = false) -> DoubleResponse {
        var body = (try? Gzip.compress(json)) ?? Data()
        if truncate { body = body.prefix(body.count / 2) }
        return DoubleResponse(
            status: status,
            headers: ["Content-Type": "application/json; charset=utf-8", "Content-Encoding": "gzip"],
            body: body)
    }

    /// A gzip-compressed JSON response compressed while it is sent: `pieces` are the JSON's parts.
    static func gzipStream(_ pieces: [BodyPiece]) -> DoubleResponse {
        DoubleResponse(
            status: 200,
            headers: ["Content-Type": "application/json; charset=utf-8", "Content-Encoding": "gzip"],
            body: Data(), stream: .gzip(pieces))
    }

    /// A plain, uncompressed text response (control endpoints and HTML errors).
    static func plain(status: Int, contentType: String, text: String) -> DoubleResponse {
        DoubleResponse(status: status, headers: ["Content-Type": contentType], body: Data(text.utf8))
    }
}
