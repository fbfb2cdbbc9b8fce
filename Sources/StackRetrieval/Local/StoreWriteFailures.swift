import Foundation
import NIOConcurrencyHelpers
import StackStore

/// The first failed write of the local store, reported once: the app keeps running from the network, and the
/// reader is told that nothing new is being kept. Lock-guarded: writes fail on the store's queue, the handler is
/// set from the main thread.
final class StoreWriteFailures: Sendable {
    private let state = NIOLockedValueBox((handler: (@Sendable (String) -> Void)?.none, reported: false))

    func setHandler(_ handler: @escaping @Sendable (String) -> Void) {
        state.withLockedValue { $0.handler = handler }
    }

    /// Hands the first failure to the handler (outside the lock); later ones, or any before a handler, are dropped.
    func report(_ error: any Error) {
        let handler: (@Sendable (String) -> Void)? = state.withLockedValue { state in
            guard !state.reported, let handler = state.handler else { return nil }
            state.reported = true
            return handler
        }
        handler?(Self.sentence(error))
    }

    static func sentence(_ error: any Error) -> String {
        let detail = (error as? StoreError)?.description ?? "\(error)"
        return "The local store could not be written (\(detail)): reading goes on from the network, nothing new is kept"
    }
}
