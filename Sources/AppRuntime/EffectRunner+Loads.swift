import AppCore
import Foundation
import StackAPI
import StackRetrieval

/// The load effects: each is one `Loader` load under the effect's token, whose one result becomes one action. Where
/// the answer comes from (the store fresh, the network, the store offline) is the load's business; the runner only
/// tells the reducer when answers start or stop coming from the store offline.
extension EffectRunner {
    /// The mode of a load: `--offline` asks only the store, `r` the network first, anything else what is fresh.
    func mode(reload: Bool) -> LoadMode {
        LoadMode.choose(reload: reload, offline: offlineOnly)
    }

    /// Tracks the load `start` launches under `token`, and sends `deliver` of its value (or error) when it ends.
    func run<Value: Sendable>(
        _ token: LoadToken,
        _ start: (@escaping RetrievalCompletion<Loaded<Value>>) -> RetrievalHandle,
        deliver: @escaping @MainActor (Result<Value, APIError>) -> LoadResult
    ) {
        track(token, start { [weak self] result in
            guard let self else { return }
            switch result {
            case .success(let loaded):
                noteOrigin(loaded.origin)
            case .failure(let error) where error.isUnreachable:
                setOffline(true) // the store had nothing either: still, the app is offline, and `s` skips accordingly
            case .failure:
                break
            }
            finish(token, .loaded(token, deliver(result.map(\.value))))
        })
    }

    /// A page of the question list or of a search; page 1 of a list the store holds but not fresh is painted first.
    func loadQuestions(_ token: LoadToken, _ settings: BrowseSettings, page: Int, priority: LoadPriority, reload: Bool) {
        let site = settings.site
        let query = QuestionListQuery(site: site, sort: settings.sort, search: settings.searchQuery,
                                      searchSort: settings.searchSort, tagged: settings.tagged, pageSize: settings.pageSize)
        run(token, { [loader] completion in
            loader.questions(query, page: page, mode: mode(reload: reload), priority: priority, preview: { [weak self] stale in
                guard let fetchedAt = stale.fetchedAt else { return }
                self?.send(.loaded(token, .cachedQuestions(stale.value.items, fetchedAt: fetchedAt)))
            }, completion: completion)
        }, deliver: { .questions($0) })
    }

    /// Tells the reducer when answers start or stop coming from the store offline, or from nowhere because the
    /// network cannot be reached (never leaves `--offline`).
    private func noteOrigin(_ origin: LoadOrigin) {
        switch origin {
        case .network: setOffline(false)
        case .storeOffline: setOffline(true)
        case .freshInStore, .staleInStore: break
        }
    }

    private func setOffline(_ offline: Bool) {
        let now = offline || offlineOnly
        guard now != reportedOffline else { return }
        reportedOffline = now
        send(.offlineChanged(now))
    }
}
