import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import StackAPI

/// `Transport` over one `URLSession` with an ephemeral configuration (no cookies, no cache on disk).
///
/// gzip and deflate responses are decompressed by the session (libcurl asks for them itself).
public final class URLSessionTransport: Transport {
    private let session: URLSession

    /// Creates the transport; a `URLRequest`'s own headers and timeout win over these defaults. `requestTimeout` bounds the wait for data, `resourceTimeout` the whole transfer.
    public init(
        userAgent: String = RequestFactory.defaultUserAgent,
        requestTimeout: TimeInterval = 20,
        resourceTimeout: TimeInterval = 60
    ) {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpAdditionalHeaders = ["User-Agent": userAgent, "Accept": "application/json"]
        configuration.timeoutIntervalForRequest = requestTimeout
        configuration.timeoutIntervalForResource = resourceTimeout
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        configuration.httpCookieStorage = nil
        session = URLSession(configuration: configuration)
    }

    /// Lets the session go. The last reference may be dropped on the session's own delegate queue
    /// (an operation released when its task ends), where invalidating synchronously would wait on itself.
    deinit {
        let session = session
        DispatchQueue.global(qos: .utility).async { session.finishTasksAndInvalidate() }
    }

    /// Starts a data task for `request` and maps its outcome to data plus HTTP response, or a `URLError`.
    public func send(
        _ request: URLRequest,
        completion: @escaping @Sendable (Result<(Data, HTTPURLResponse), URLError>) -> Void
    ) -> TransportTask {
        let task = session.dataTask(with: request) { data, response, error in
            completion(Self.outcome(data: data, response: response, error: error))
        }
        task.resume()
        return URLSessionTransportTask(task: task)
    }

    private static func outcome(
        data: Data?, response: URLResponse?, error: Error?
    ) -> Result<(Data, HTTPURLResponse), URLError> {
        if let error {
            return .failure(error as? URLError ?? URLError(.unknown, userInfo: [NSUnderlyingErrorKey: error]))
        }
        guard let http = response as? HTTPURLResponse else {
            return .failure(URLError(.badServerResponse))
        }
        return .success((data ?? Data(), http))
    }
}

/// A `URLSessionDataTask` seen as a `TransportTask`.
private struct URLSessionTransportTask: TransportTask, @unchecked Sendable {
    let task: URLSessionDataTask

    func cancel() {
        task.cancel()
    }
}
