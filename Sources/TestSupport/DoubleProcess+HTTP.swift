import Foundation
import NIOConcurrencyHelpers
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Blocking HTTP GETs for tests (URLSession with a semaphore; the body arrives decompressed).
public enum LoopbackHTTP {
    /// The answer to one request.
    public struct Reply: Sendable {
        public var status: Int
        /// Header fields as received (names as the server wrote them).
        public var headers: [String: String]
        /// The body (URLSession undoes gzip transparently).
        public var body: Data
    }

    /// GETs `url` and waits up to `timeout` seconds.
    public static func get(_ url: URL, timeout: TimeInterval = 30) throws -> Reply {
        var request = URLRequest(url: url, timeoutInterval: timeout)
        request.setValue("stackterm-tests", forHTTPHeaderField: "User-Agent")
        let box = NIOLockedValueBox<Result<Reply, Error>?>(nil)
        let done = DispatchSemaphore(value: 0)
        let session = URLSession(configuration: .ephemeral)
        let task = session.dataTask(with: request) { data, response, error in
            let result: Result<Reply, Error>
            if let error {
                result = .failure(error)
            } else if let http = response as? HTTPURLResponse {
                var headers: [String: String] = [:]
                for (name, value) in http.allHeaderFields {
                    if let name = name as? String, let value = value as? String { headers[name] = value }
                }
                result = .success(Reply(status: http.statusCode, headers: headers, body: data ?? Data()))
            } else {
                result = .failure(URLError(.badServerResponse))
            }
            box.withLockedValue { $0 = result }
            done.signal()
        }
        task.resume()
        if done.wait(timeout: .now() + timeout + 5) == .timedOut {
            task.cancel()
            session.invalidateAndCancel()
            throw URLError(.timedOut)
        }
        session.finishTasksAndInvalidate()
        guard let result = box.withLockedValue({ $0 }) else { throw URLError(.unknown) }
        return try result.get()
    }
}
