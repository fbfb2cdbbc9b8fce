import Foundation
import StackAPI
import StackStore

/// What the app remembers between runs through the store (saved questions, search history, the browse settings, read
/// marks, links between posts): the user's own writes, and reads ordered after the writes they must see.
extension LocalDataManager {
    /// Which writes a read waits for.
    public enum ReadOrder: Sendable {
        /// None: it runs on the read queue at once (WAL readers never wait for the writer).
        case now
        /// Every write asked for before it (what was just kept or remembered counts).
        case afterWrites
        /// The user's own writes asked for before it, not those asked for after (a mark from before an opening).
        case afterRemembered
    }

    /// How many past searches a site keeps for the search prompt's history.
    public static let searchHistoryLimit = 50


    /// Reads the store in `order` and delivers the value on the main queue unless cancelled; a store error is
    /// delivered as `.offline`, saying the store failed.
    @discardableResult
    public func read<Value: Sendable>(_ order: ReadOrder = .now, _ body: @escaping @Sendable (Store) throws -> Value,
                                      completion: @escaping RetrievalCompletion<Value>) -> RetrievalHandle {
        let operation = StoreReadOperation(delivery: .mainQueue(completion)) { [store] in try body(store) }
        switch order {
        case .now: reads.addOperation(operation)
        case .afterWrites: enqueue(.fetched) { _ in operation.start() }
        case .afterRemembered: enqueue(.remembered) { _ in operation.start() }
        }
        return RetrievalHandle(operation: operation)
    }

    /// Runs `body` on the write queue after every `.fetched` write asked for before it (a load's freshness check,
    /// which must see what was just kept).
    func readAfterWrites(_ body: @escaping @Sendable () -> Void) {
        enqueue(.fetched) { _ in body() }
    }
}
