import Foundation

/// The bounds every response is held to. They live here, in the client's configuration, and nowhere else:
/// the HTTP client refuses anything past them and the request fails with `TransportError.tooLarge` or `.timedOut`.
public struct TransportLimits: Sendable, Equatable {
    /// Largest body accepted after decompression (a gzip bomb stops here). A page of 100 questions with bodies
    /// is about 0.5 MB, 100 long answers a few MB; `/sites` pages are smaller.
    public var maximumBodyBytes: Int
    /// Largest body accepted as sent (its `Content-Length`), compressed or not.
    public var maximumWireBytes: Int
    /// Seconds to open a connection.
    public var connectTimeout: TimeInterval
    /// Seconds the server may stay silent in the middle of a reply.
    public var readTimeout: TimeInterval
    /// Redirects followed before giving up (cycles are refused).
    public var maximumRedirects: Int

    /// Creates limits; the defaults suit the Stack Exchange API.
    public init(
        maximumBodyBytes: Int = 16 << 20, maximumWireBytes: Int = 8 << 20, connectTimeout: TimeInterval = 10,
        readTimeout: TimeInterval = 30, maximumRedirects: Int = 5
    ) {
        self.maximumBodyBytes = maximumBodyBytes
        self.maximumWireBytes = maximumWireBytes
        self.connectTimeout = connectTimeout
        self.readTimeout = readTimeout
        self.maximumRedirects = maximumRedirects
    }
}
