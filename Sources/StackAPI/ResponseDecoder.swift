import Foundation

/// Turns a response body (already decompressed) and its HTTP status into items or an `APIError`.
public enum ResponseDecoder {
    /// Decodes the wrapper; an API error body, an HTTP error without body, or undecodable JSON become `APIError`.
    public static func decode<Item: Decodable & Sendable>(
        _ type: Item.Type, from data: Data, httpStatus: Int
    ) -> Result<ResponseWrapper<Item>, APIError> {
        fatalError("StackAPI helper implements this")
    }
}
