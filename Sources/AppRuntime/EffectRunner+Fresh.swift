import AppCore
import Foundation
import StackAPI
import StackRetrieval

/// The freshness rule in the runtime: before a request, the store is asked whether it holds what the network sent
/// less than `LocalDataManager.freshFor` ago (a list page, a thread, a thread's comments); if so, that is the
/// answer and no request is made. `r` (`.reload`) and `--offline` skip the question.
extension EffectRunner {
    /// Asks `fresh` first (unless `policy` is `.reload`, under `--offline` or without a store): a value is delivered,
    /// nil runs `otherwise` — unless the load was cancelled meanwhile.
    func freshOrNetwork<Value: Sendable>(
        _ token: LoadToken, policy: CachePolicy,
        fresh: (LocalDataManager, @escaping RetrievalCompletion<Value?>) -> Void,
        deliver: @escaping @MainActor (Value) -> Void,
        otherwise: @escaping @MainActor () -> Void
    ) {
        guard policy == .useCache, !offlineOnly, let local else { return otherwise() }
        storeChecks.insert(token)
        fresh(local) { [weak self] result in
            guard let self, storeChecks.remove(token) != nil else { return }
            if case .success(let value?) = result { deliver(value) } else { otherwise() }
        }
    }

    /// `freshOrNetwork`, then `load`: a fresh value from the store is delivered as a success, else the load runs.
    func freshOrLoad<Value: Sendable>(
        _ token: LoadToken, policy: CachePolicy,
        fresh: (LocalDataManager, @escaping RetrievalCompletion<Value?>) -> Void,
        network: @escaping @MainActor (@escaping RetrievalCompletion<Value>) -> RetrievalHandle,
        fromStore: @escaping @MainActor @Sendable (LocalDataManager, @escaping RetrievalCompletion<Value>) -> RetrievalHandle,
        keep: @escaping @MainActor @Sendable (LocalDataManager, Value) -> Void,
        deliver: @escaping @MainActor @Sendable (Result<Value, APIError>) -> Action
    ) {
        freshOrNetwork(token, policy: policy, fresh: fresh, deliver: { [weak self] value in
            self?.finish(token, deliver(.success(value)))
        }, otherwise: { [weak self] in
            self?.load(token, network: network, fromStore: fromStore, keep: keep, deliver: deliver)
        })
    }

    /// A question with its answers: fresh from the store, else from the API (kept), else, unreachable, from the store.
    func loadThread(_ token: LoadToken, questionID: Int, site: String, policy: CachePolicy) {
        freshOrLoad(token, policy: policy, fresh: { $0.freshThread(questionID: questionID, site: site, completion: $1) },
                    network: { [retrieval] in
                        retrieval.questions.retrieveThread(questionID: questionID, site: site, cachePolicy: policy, completion: $0)
                    },
                    fromStore: { $0.thread(questionID: questionID, site: site, completion: $1) },
                    keep: { $0.keep(thread: $1, site: site) }, deliver: { .threadLoaded(token, $0) })
    }

    /// The comments of a thread's posts: fresh from the store, else from the API (kept), else from the store.
    func loadComments(_ token: LoadToken, postIDs: [Int], site: String, policy: CachePolicy) {
        freshOrLoad(token, policy: policy, fresh: { $0.freshComments(postIDs: postIDs, site: site, completion: $1) },
                    network: { [retrieval] completion in
                        retrieval.comments.retrieveComments(postIDs: postIDs, site: site) { completion($0.map(\.byPost)) }
                    },
                    fromStore: { $0.comments(postIDs: postIDs, site: site, completion: $1) },
                    keep: { local, comments in
                        local.keep(comments: comments, site: site)
                        local.recordCommentsFetch(postIDs: postIDs, site: site)
                    }, deliver: { .commentsLoaded(token, $0) })
    }
}
