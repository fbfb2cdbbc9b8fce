// TEMPORARY: stands in for StackAPI pieces not merged yet (RequestFactory, APIError.from(urlError:)). Deleted at merge.
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import StackAPI

public struct RequestFactory: Sendable {
    public var baseURL: URL
    public init(baseURL: URL) { self.baseURL = baseURL }
    public func urlRequest(for request: APIRequest) -> URLRequest {
        var components = URLComponents(url: baseURL.appendingPathComponent(request.path), resolvingAgainstBaseURL: false)!
        components.queryItems = request.query
        return URLRequest(url: components.url!)
    }
}

extension APIError {
    static func from(urlError: URLError) -> APIError {
        switch urlError.code {
        case .cancelled: .cancelled
        case .timedOut: .timeout
        default: .offline(detail: urlError.localizedDescription)
        }
    }
}
