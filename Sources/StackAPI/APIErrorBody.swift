import Foundation

/// The error fields of an API body (`error_id`, `error_name`, `error_message`), and how they map to `APIError`.
struct APIErrorBody: Decodable {
    var errorID: Int?
    var errorName: String?
    var errorMessage: String?
    /// Some hand-written fixtures say `description` instead of `error_message`.
    var description: String?
    var quotaRemaining: Int?

    enum CodingKeys: String, CodingKey {
        case errorID = "error_id", errorName = "error_name", errorMessage = "error_message", description
        case quotaRemaining = "quota_remaining"
    }

    /// The error fields of `data` when it is a JSON object carrying `error_id`; nil otherwise.
    static func parse(_ data: Data) -> APIErrorBody? {
        guard let body = try? JSONDecoder().decode(APIErrorBody.self, from: data), body.errorID != nil else {
            return nil
        }
        return body
    }

    /// The `APIError` this body stands for, deciding from the body (GUIDE §4), not the HTTP status.
    /// `request` supplies the page for `.pageLimit`.
    func apiError(for request: APIRequest?) -> APIError {
        let id = errorID ?? 0
        let name = errorName ?? ""
        let message = HTMLEntities.decode(errorMessage ?? description ?? "")
        let lowercased = message.lowercased()
        if id == 502 || name == "throttle_violation" {
            if lowercased.contains("quota") || quotaRemaining == 0 {
                return .quotaExhausted
            }
            let seconds = Self.waitSeconds(in: message) ?? APIError.defaultThrottleSeconds
            return .throttled(seconds: seconds, message: message)
        }
        if (id == 403 || name == "access_denied") && lowercased.contains("page") {
            return .pageLimit(page: request?.page ?? 26)
        }
        return .api(id: id, name: name, message: message)
    }

    /// The N in "…more requests available in N seconds": the first number followed by "sec(onds)".
    static func waitSeconds(in message: String) -> Int? {
        let scalars = Array(message.lowercased().unicodeScalars)
        var index = 0
        while index < scalars.count {
            guard ("0"..."9").contains(scalars[index]) else {
                index += 1
                continue
            }
            let start = index
            while index < scalars.count, ("0"..."9").contains(scalars[index]) { index += 1 }
            var after = index
            while after < scalars.count, scalars[after] == " " { after += 1 }
            let rest = String(String.UnicodeScalarView(scalars[after...]))
            if rest.hasPrefix("sec") {
                return Int(String(String.UnicodeScalarView(scalars[start..<index])))
            }
        }
        return nil
    }
}
