import AppCore
import Foundation
import StackAPI
import StackRetrieval

/// The local store's part in running effects: what the network brings is kept, `--offline` asks only the store,
/// and a load the network cannot answer (unreachable, timed out) is answered by the store when it holds the data.
extension EffectRunner {
    /// Runs `network`, keeping its value in the store; with `--offline`, or when the network is unreachable, asks
    /// `fromStore` instead (nil: the store cannot answer, so the network's error stands).
    func load<Value: Sendable>(
        _ token: LoadToken,
        network: (@escaping RetrievalCompletion<Value>) -> RetrievalHandle,
        fromStore: (@MainActor @Sendable (LocalDataManager, @escaping RetrievalCompletion<Value>) -> RetrievalHandle)?,
        keep: @escaping @MainActor @Sendable (LocalDataManager, Value) -> Void,
        deliver: @escaping @MainActor @Sendable (Result<Value, APIError>) -> Action
    ) {
        if offlineOnly {
            guard let local, let fromStore else {
                finish(token, deliver(.failure(.offline(detail: "started with --offline, and this needs the network"))))
                return
            }
            track(token, fromStore(local) { [weak self] result in self?.finish(token, deliver(result)) })
            return
        }
        track(token, network { [weak self] result in
            guard let self else { return }
            if case .success(let value) = result {
                if let local { keep(local, value) }
                setOffline(false)
            } else if case .failure(let error) = result, Self.isUnreachable(error), let local, let fromStore {
                track(token, fromStore(local) { [weak self] stored in
                    guard let self else { return }
                    if case .success = stored { setOffline(true) }
                    finish(token, deliver(stored.flatMapError { _ in result }))
                })
                return
            }
            finish(token, deliver(result))
        })
    }

    /// A page of the question list or of a search: from the store when the network sent it fresh, else from the API
    /// (kept in the store), else, unreachable, from the store.
    func loadQuestions(_ token: LoadToken, _ settings: BrowseSettings, page: Int, priority: LoadPriority, policy: CachePolicy) {
        let site = settings.site
        let key = LocalDataManager.listKey(site: site, sort: settings.sortName, search: settings.searchQuery, tagged: settings.tagged,
                                           pageSize: settings.pageSize, page: page)
        freshOrNetwork(token, policy: policy, fresh: { local, completion in
            local.freshListPage(key: key, site: site, page: page, completion: completion)
        }, deliver: { [weak self] fresh in
            self?.finish(token, .questionsLoaded(token, .success(fresh)))
            self?.loadReadMarks(site: site, ids: fresh.items.map(\.questionID))
        }, otherwise: { [weak self] in
            self?.loadQuestionsFromNetwork(token, settings, key: key, page: page, priority: priority, policy: policy)
        })
    }

    private func loadQuestionsFromNetwork(_ token: LoadToken, _ settings: BrowseSettings, key: String, page: Int, priority: LoadPriority,
                                          policy: CachePolicy) {
        let site = settings.site
        if page == 1, policy == .useCache, !offlineOnly, settings.searchQuery == nil, let local {
            // Cache first: the store's copy paints at once; the network's page replaces it when it comes.
            local.questions(site: site, sort: settings.sort, tagged: settings.tagged, page: 1, pageSize: settings.pageSize) { [weak self] in
                guard case .success(let cached) = $0, let fetchedAt = cached.fetchedAt else { return }
                self?.send(.cachedQuestionsLoaded(token, cached.stored.map(\.question), fetchedAt: fetchedAt))
                self?.loadReadMarks(site: site, ids: cached.stored.map(\.question.questionID))
            }
        }
        load(token, network: { networkQuestions(settings, page: page, priority: priority, policy: policy, completion: $0) },
             fromStore: { local, completion in
                 let done: RetrievalCompletion<LocalPage> = { completion($0.map(\.questionPage)) }
                 if let query = settings.searchQuery {
                     return local.search(site: site, query: query, tagged: settings.tagged, page: page,
                                         pageSize: settings.pageSize, completion: done)
                 }
                 return local.questions(site: site, sort: settings.sort, tagged: settings.tagged, page: page,
                                        pageSize: settings.pageSize, completion: done)
             },
             keep: { local, page in
                 local.keep(questions: page.items, site: site)
                 local.keep(listPage: key, page, site: site)
             },
             deliver: { [weak self] result in
                 if case .success(let page) = result { self?.loadReadMarks(site: site, ids: page.items.map(\.questionID)) }
                 return .questionsLoaded(token, result)
             })
    }

    /// Asks the store which of these questions were read, and tells the reducer.
    func loadReadMarks(site: String, ids: [Int]) {
        guard let local, !ids.isEmpty else { return }
        local.readMarks(site: site, ids: ids) { [weak self] result in
            guard case .success(let marks) = result, !marks.isEmpty else { return }
            self?.send(.readMarksLoaded(site: site, marks.mapValues {
                ReadState(answerCount: $0.answerCount, lastActivity: $0.lastActivity)
            }))
        }
    }

    func markRead(site: String, _ marks: [Int: ReadState]) {
        local?.markRead(site: site, marks.mapValues { (answerCount: $0.answerCount, lastActivity: $0.lastActivity) })
    }

    /// Tells the reducer when loads start or stop being answered by the store (never leaves `--offline`).
    func setOffline(_ offline: Bool) {
        let now = offline || offlineOnly
        guard now != reportedOffline else { return }
        reportedOffline = now
        send(.offlineChanged(now))
    }

    /// Errors that mean the API could not be reached, so the store should answer.
    static func isUnreachable(_ error: APIError) -> Bool {
        switch error {
        case .offline, .timeout: true
        default: false
        }
    }
}
