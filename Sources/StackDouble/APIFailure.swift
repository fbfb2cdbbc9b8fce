import Foundation

/// An error answer in the API's shape: `{"error_id":…,"error_message":…,"error_name":…}`, HTTP 400 unless told.
struct APIFailure: Error, Equatable {
    var id: Int
    var name: String
    var message: String
    var httpStatus = 400

    static func badParameter(_ message: String) -> APIFailure {
        APIFailure(id: 400, name: "bad_parameter", message: message)
    }

    static func noSite(_ name: String) -> APIFailure {
        badParameter("No site found for name `\(name)`")
    }

    static let noMethod = APIFailure(id: 404, name: "no_method", message: "no method found with this name")

    static let pageAboveLimit = APIFailure(
        id: 403, name: "access_denied", message: "page above 25 requires access token or app key")

    /// 407 `write_failed`: a write the site refused, `message` saying why in the site's words.
    static func writeFailed(_ message: String) -> APIFailure {
        APIFailure(id: 407, name: "write_failed", message: message)
    }

    /// 409 `duplicate_request`: the same write again too soon.
    static let duplicateRequest = APIFailure(
        id: 409, name: "duplicate_request", message: "This exact write was already made less than 30 seconds ago.")

    /// 403 `access_denied`: the token lacks `scope`.
    static func scopeMissing(_ scope: String) -> APIFailure {
        APIFailure(id: 403, name: "access_denied", message: "This method requires an access_token with the \(scope) scope")
    }

    /// A write method asked for with another method than POST.
    static let postRequired = APIFailure(id: 404, name: "no_method", message: "this method must be called with POST")

    static func throttle(seconds: Int) -> APIFailure {
        APIFailure(
            id: 502, name: "throttle_violation",
            message: "too many requests from this IP, more requests available in \(seconds) seconds")
    }

    var json: Data {
        let body: [String: Any] = ["error_id": id, "error_message": message, "error_name": name]
        return (try? JSONSerialization.data(withJSONObject: body, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data()
    }

    /// The gzip-compressed HTTP response.
    var response: DoubleResponse { .gzipJSON(status: httpStatus, json: json) }
}
