import Foundation
import StackAPI

/// Why a request got no HTTP reply: the closed set every transport reports, mapped to `APIError` for the app.
public enum TransportError: Error, Equatable, Sendable {
    /// Connection refused or the network unreachable.
    case cannotConnect(host: String)
    /// The host name did not resolve.
    case cannotFindHost(host: String)
    /// The connection closed before the reply was complete.
    case connectionLost(host: String)
    /// Connecting, a pause between bytes, or the whole exchange took longer than allowed.
    case timedOut
    case cancelled
    /// The body (after decompression) or the decompression ratio passed the transport's limit, in bytes.
    case tooLarge(limit: Int)
    /// More redirects than allowed, or a redirect cycle.
    case tooManyRedirects(host: String)
    /// Anything else, described.
    case other(host: String, detail: String)

    /// The same failure as the app knows it.
    public var apiError: APIError {
        switch self {
        case .cannotConnect(let host): .offline(detail: "cannot reach \(host)")
        case .cannotFindHost(let host): .offline(detail: "cannot find host \(host)")
        case .connectionLost(let host): .offline(detail: "connection to \(host) lost")
        case .timedOut: .timeout
        case .cancelled: .cancelled
        case .tooLarge(let limit): .responseTooLarge(limit: limit)
        case .tooManyRedirects(let host): .offline(detail: "too many redirects from \(host)")
        case .other(let host, let detail): .offline(detail: "\(detail) talking to \(host)")
        }
    }
}
