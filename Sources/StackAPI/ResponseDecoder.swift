import Foundation

/// Turns a response body (already decompressed) and its HTTP status into items or an `APIError`.
///
/// The body decides, not the status (GUIDE §4): a body carrying `error_id` is an API error whatever the status;
/// a status ≥ 400 without such a body is `.httpStatus`; a 2xx body that does not decode is `.undecodable`
/// with the coding path where decoding stopped (e.g. `items.3.owner.reputation`).
public enum ResponseDecoder {
    /// Decodes the wrapper; an API error body, an HTTP error without body, or undecodable JSON become `APIError`.
    public static func decode<Item: Decodable & Sendable>(
        _ type: Item.Type, from data: Data, httpStatus: Int
    ) -> Result<ResponseWrapper<Item>, APIError> {
        decode(type, from: data, httpStatus: httpStatus, request: nil)
    }

    /// Same as `decode(_:from:httpStatus:)`; `request` supplies the page number for `.pageLimit(page:)`
    /// and the most items kept (`itemLimit`: its page size).
    public static func decode<Item: Decodable & Sendable>(
        _ type: Item.Type, from data: Data, httpStatus: Int, request: APIRequest?
    ) -> Result<ResponseWrapper<Item>, APIError> {
        if let errorBody = APIErrorBody.parse(data) {
            return .failure(errorBody.apiError(for: request))
        }
        if httpStatus >= 400 {
            return .failure(.httpStatus(httpStatus))
        }
        if data.isEmpty {
            return .failure(.undecodable(path: "", reason: "empty body"))
        }
        do {
            let decoder = JSONDecoder()
            if let request { decoder.userInfo[ResponseWrapper<Item>.itemLimitKey] = request.itemLimit }
            return .success(try decoder.decode(ResponseWrapper<Item>.self, from: data))
        } catch let error as DecodingError {
            return .failure(undecodable(error))
        } catch {
            return .failure(.undecodable(path: "", reason: "not JSON"))
        }
    }

    /// Describes a `DecodingError` by its coding path (keys and indices joined with `.`) and a short reason.
    static func undecodable(_ error: DecodingError) -> APIError {
        switch error {
        case .keyNotFound(let key, let context):
            return .undecodable(path: dotted(context.codingPath + [key]), reason: "missing field")
        case .typeMismatch(let type, let context):
            return .undecodable(path: dotted(context.codingPath), reason: "expected \(typeName(type))")
        case .valueNotFound(let type, let context):
            return .undecodable(path: dotted(context.codingPath), reason: "null where \(typeName(type)) expected")
        case .dataCorrupted(let context):
            let reason = context.codingPath.isEmpty ? "not JSON" : "invalid value"
            return .undecodable(path: dotted(context.codingPath), reason: reason)
        @unknown default:
            return .undecodable(path: "", reason: "undecodable")
        }
    }

    private static func dotted(_ path: [any CodingKey]) -> String {
        path.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
    }

    private static func typeName(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: return "text"
        case is Bool.Type: return "true/false"
        case is Int.Type, is Double.Type, is Int64.Type: return "a number"
        default:
            let name = String(describing: type)
            if name.hasPrefix("Array") { return "a list" }
            if name.hasPrefix("Dictionary") { return "an object" }
            return name
        }
    }
}
