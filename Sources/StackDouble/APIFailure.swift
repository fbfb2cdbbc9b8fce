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
