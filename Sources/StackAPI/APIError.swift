import Foundation

/// Everything that can go wrong with one API request: a closed set the UI can explain in one line.
public enum APIError: Error, Equatable, Hashable, Sendable {
    /// The host could not be reached (no network, DNS failure, connection refused).
    case offline(detail: String)
    /// The request took longer than the transport allows.
    case timeout
    /// The request was cancelled by the program; never shown to users.
    case cancelled
    /// An HTTP error status whose body was not an API error object.
    case httpStatus(Int)
    /// The API answered with an error object (`error_id`, `error_name`, `error_message`).
    case api(id: Int, name: String, message: String)
    /// `throttle_violation`: the API asks us to wait `seconds` before trying again.
    case throttled(seconds: Int, message: String)
    /// The daily request quota is used up (`quota_remaining` reached 0).
    case quotaExhausted
    /// Pages past 25 need an API key or access token.
    case pageLimit(page: Int)
    /// The response was larger than the client accepts (`limit` bytes, after decompression): refused unread.
    case responseTooLarge(limit: Int)
    /// The body was not the JSON we expected; `path` is the coding path where decoding stopped.
    case undecodable(path: String, reason: String)
}
