import Foundation
import NIOConcurrencyHelpers
import StackAPI
import StackRetrieval

/// Sends the account commands' few requests (`AuthRequest`) one at a time through the app's transport and waits for
/// each: the same client, limits and error words as the browser, without the Loader (nothing about a token is stored).
struct AuthClient {
    let factory: RequestFactory
    var transport: any Transport = HTTPClientTransport.shared

    /// The items `request` answers, or the failure in the `APIError` every other command reports.
    func items<Item: Decodable & Sendable>(_ request: AuthRequest, as type: Item.Type) -> Result<[Item], APIError> {
        let outcome = NIOLockedValueBox<Result<HTTPReply, TransportError>>(.failure(.cancelled))
        let done = DispatchSemaphore(value: 0)
        // The transport's own deadline (the request's timeout) ends the exchange, so this wait ends too.
        _ = transport.send(factory.wireRequest(for: request)) { result in
            outcome.withLockedValue { $0 = result }
            done.signal()
        }
        done.wait()
        switch outcome.withLockedValue({ $0 }) {
        case .failure(let error): return .failure(error.apiError)
        case .success(let reply): return ResponseDecoder.decode(type, from: reply.body, httpStatus: reply.status).map(\.items)
        }
    }
}
