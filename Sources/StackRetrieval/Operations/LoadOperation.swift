import Foundation
import StackAPI
import StackStore

/// One load, wherever its answer comes from: the single place that decides between the store and the network.
///
/// The policy, the same for every kind of load (`LoadRecipe` gives the parts):
/// 1. `.storeOnly` (`--offline`): the store answers, or the load fails saying it needs the network.
/// 2. `.preferFresh`: what the store holds fresh answers (`LoadOrigin.freshInStore`, no request); else its older
///    copy, if the recipe has one and a preview was asked for, is handed to the preview (`.staleInStore`), then step 3.
/// 3. The request runs as a child operation (`.reload` starts here). Its answer is kept in the store and delivered
///    (`.network`). When the network cannot be reached (`.offline`, `.timeout`) the store answers, marked
///    `.storeOffline`; when the store holds nothing either, the network's error is delivered.
///
/// The fresh check runs after the store's queued writes (so what was just kept counts); the offline read runs on
/// this operation's thread. Cancelling cancels the request and stops a store read in SQLite (`StoreInterrupt`);
/// nothing is delivered after cancel. A search the store refuses or cuts fails saying why (`.offline`).
/// `@unchecked Sendable` as every `Operation` must restate; its own state is behind `ParentOperation`'s lock.
public final class LoadOperation<Value: Sendable>: ParentOperation<Loaded<Value>>, @unchecked Sendable {
    private let recipe: LoadRecipe<Value>
    private let mode: LoadMode
    private let local: LocalDataManager?
    private let environment: RequestEnvironment
    private let preview: (@MainActor @Sendable (Loaded<Value>) -> Void)?
    /// Stops this load's store reads when it is cancelled.
    private let interrupt = StoreInterrupt()

    /// Creates the load of `recipe` in `mode`; without `local` every load asks the network. `preview` gets the
    /// store's older copy on the main queue before the result, unless cancelled first.
    public init(_ recipe: LoadRecipe<Value>, mode: LoadMode, local: LocalDataManager?, environment: RequestEnvironment,
                preview: (@MainActor @Sendable (Loaded<Value>) -> Void)? = nil, delivery: ResultDelivery<Loaded<Value>>) {
        self.recipe = recipe
        self.preview = preview
        self.mode = mode
        self.local = local
        self.environment = environment
        super.init(delivery: delivery)
    }

    public override func execute() {
        switch mode {
        case .storeOnly:
            answerFromStore(otherwise: .offline(detail: "started with --offline, and \(recipe.what) needs the network"))
        case .preferFresh:
            guard let local, recipe.fresh != nil || (preview != nil && recipe.stale != nil) else { return askNetwork() }
            local.readAfterWrites { [self] in
                guard !isCancelled else { return }
                if let fresh = recipe.fresh, case .success(let value?) = Result(catching: { try interrupt.run { try fresh(local) } }) {
                    return complete(with: .success(Loaded(value, from: .freshInStore)))
                }
                if let preview, let stale = recipe.stale,
                   case .success(let old?) = Result(catching: { try interrupt.run { try stale(local) } }) {
                    DispatchQueue.main.async { [self] in
                        guard !isCancelled else { return }
                        preview(Loaded(old.value, from: .staleInStore, fetchedAt: old.fetchedAt))
                    }
                }
                askNetwork()
            }
        case .reload:
            askNetwork()
        }
    }

    /// Stops a store read in SQLite, then the request.
    public override func didCancel() {
        interrupt.cancel()
        super.didCancel()
    }

    private func askNetwork() {
        guard let request = recipe.request else {
            return answerFromStore(otherwise: .offline(detail: "\(recipe.what) is not in the local store"))
        }
        let child = request(environment) { [self] result in
            switch result {
            case .success(let value):
                if let local, let keep = recipe.keep { keep(local, value) }
                complete(with: .success(Loaded(value, from: .network)))
            case .failure(let error) where error.isUnreachable:
                answerFromStore(otherwise: error)
            case .failure(let error):
                complete(with: .failure(error))
            }
        }
        startChildren([child])
    }

    /// Completes with the store's answer, or with `error` when the store has none (or no store is open).
    private func answerFromStore(otherwise error: APIError) {
        guard !isCancelled else { return }
        guard let local, let stored = recipe.stored else { return complete(with: .failure(error)) }
        switch Result(catching: { try interrupt.run { try stored(local) } }).mapError(APIError.init(storeFailure:)) {
        case .success(let value):
            complete(with: .success(Loaded(value, from: .storeOffline)))
        case .failure(let storeError):
            // Offline the store's reason is the news; online, the network's error says why the store was asked.
            complete(with: .failure(mode == .storeOnly ? storeError : error))
        }
    }
}
