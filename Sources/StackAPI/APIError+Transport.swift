import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension APIError {
    /// Maps a transport error from URLSession: unreachable host → `.offline`, `timedOut` → `.timeout`,
    /// `cancelled` → `.cancelled`, anything else → `.offline` with the error code in the detail.
    public static func from(urlError: URLError) -> APIError {
        let host = urlError.failingURL?.host ?? "the server"
        switch urlError.code {
        case .timedOut:
            return .timeout
        case .cancelled:
            return .cancelled
        case .cannotFindHost, .dnsLookupFailed:
            return .offline(detail: "cannot find host \(host)")
        case .networkConnectionLost:
            return .offline(detail: "connection to \(host) lost")
        case .notConnectedToInternet, .cannotConnectToHost, .internationalRoamingOff, .callIsActive,
             .dataNotAllowed:
            return .offline(detail: "cannot reach \(host)")
        default:
            return .offline(detail: "network error \(urlError.code.rawValue) talking to \(host)")
        }
    }

    /// Maps any error a transport may throw: `URLError`s as in `from(urlError:)`, `APIError`s unchanged,
    /// `CancellationError` to `.cancelled`, anything else to `.offline` with its description.
    public static func from(transportError error: any Error) -> APIError {
        switch error {
        case let apiError as APIError: return apiError
        case let urlError as URLError: return from(urlError: urlError)
        case is CancellationError: return .cancelled
        default: return .offline(detail: String(describing: error))
        }
    }
}
