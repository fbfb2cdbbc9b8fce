import Foundation

extension APIError {
    /// Why a write (a vote, bookmark, accept, answer or comment) did not happen, in plain words on one line: the
    /// API's own refusal (`write_failed`: one's own post, a locked vote, too little reputation, the daily limit), a
    /// login that no longer works, a throttle's wait (`retryKey` then sends it again), or the failure's summary.
    public func writeReason(retryKey: String) -> String {
        let again = retryKey.isEmpty ? "" : ", then press \(retryKey) again"
        switch self {
        case .api(_, "write_failed", let message) where !message.isEmpty:
            return APIError.singleLine(message)
        case .api(_, "invalid_access_token", _):
            return "your login no longer works (expired or revoked) — run stackterm login"
        case .api(_, "access_token_required", _):
            return "nobody is logged in — run stackterm login"
        case .api(_, "access_denied", _):
            return "your login does not allow writing — run stackterm login again"
        case .api(_, "duplicate_request", _):
            return "the API already has this request (sent twice?)"
        case .throttled(let seconds, _):
            return "the API asks to wait \(seconds) s" + again
        default:
            return summary(retryKey: nil)
        }
    }
}
