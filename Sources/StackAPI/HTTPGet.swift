import Foundation

/// One GET request as the wire layer describes it: URL, headers and time budget. No HTTP client is involved here;
/// the retrieval layer's transport sends it.
public struct HTTPGet: Sendable, Hashable {
    /// The full URL, query and key included.
    public var url: URL
    /// Header fields in the order they are sent.
    public var headers: [HTTPHeader]
    /// Seconds the whole exchange may take, connection to last byte.
    public var timeout: TimeInterval

    public init(url: URL, headers: [HTTPHeader] = [], timeout: TimeInterval = 30) {
        self.url = url
        self.headers = headers
        self.timeout = timeout
    }

    /// The value of the first header named `name` (case-insensitive), if any.
    public func value(forHeader name: String) -> String? {
        headers.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
    }
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

/// What came back for an `HTTPGet`: the status and the body, already decompressed.
public struct HTTPReply: Sendable, Hashable {
    public var status: Int
    public var body: Data

    public init(status: Int, body: Data) {
        self.status = status
        self.body = body
    }
}
