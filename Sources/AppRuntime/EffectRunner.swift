import AppCore
import Foundation
import Rendering
import StackAPI
import StackRetrieval

/// Performs the reducer's load effects through the data managers and turns results back into actions.
@MainActor
final class EffectRunner {
    let retrieval: Retrieval
    private let outside: ExternalActions
    /// The local store's manager; nil when the store could not be opened (then everything comes from the network).
    let local: LocalDataManager?
    /// `--offline`: no request leaves; every load is answered by the store.
    let offlineOnly: Bool
    /// What the reducer was last told by `.offlineChanged`.
    var reportedOffline: Bool
    private var handles: [LoadToken: RetrievalHandle] = [:]
    /// Loads waiting for the store to say whether it holds them fresh (`EffectRunner+Fresh`); cancelling removes them.
    var storeChecks: Set<LoadToken> = []
    private var pauseWatcher: PauseWatcher?
    /// Where results go (the runner's dispatch).
    var send: @MainActor (Action) -> Void = { _ in }
    /// The code blocks of the question view's layout, nil while it is not laid out (the runner's layouter).
    var codeBlocks: @MainActor () -> [CodeBlockPlacement]? = { nil }
    /// How a terminal browser gets the terminal (the runner's terminal and event loop); nil: browsers start detached.
    var handOver: TerminalHandOver?

    init(retrieval: Retrieval, outside: ExternalActions, local: LocalDataManager? = nil, offlineOnly: Bool = false) {
        self.retrieval = retrieval
        self.outside = outside
        self.local = local
        self.offlineOnly = offlineOnly
        reportedOffline = offlineOnly
        pauseWatcher = PauseWatcher(
            paused: { retrieval.pausedMethods() },
            report: { [weak self] pauses in self?.send(.apiPausesChanged(pauses)) })
        local?.onFirstWriteFailure { [weak self] sentence in
            DispatchQueue.main.async { MainActor.assumeIsolated { self?.send(.notice(sentence)) } }
        }
    }

    /// Starts, cancels or schedules what `effect` asks for; `.quit` is the caller's business.
    func perform(_ effect: Effect) {
        switch effect {
        case let .loadQuestions(token, settings, page, priority, reload):
            loadQuestions(token, settings, page: page, priority: priority, policy: reload ? .reload : .useCache)
        case let .loadAnswersFeed(token, site, page, pageSize, priority, reload):
            load(token, network: { [retrieval] in
                retrieval.answers.retrieveLatestAnswers(
                    site: site, page: page, pageSize: pageSize, cachePolicy: reload ? .reload : .useCache,
                    priority: priority, completion: $0)
            }, fromStore: nil, keep: { $0.keep(answers: $1.items, site: site) }, deliver: { .answersFeedLoaded(token, $0) })
        case let .loadQuestionTitles(token, ids, site):
            load(token, network: { [retrieval] in retrieval.questions.retrieveQuestions(ids: ids, site: site, priority: .prefetch, completion: $0) },
                 fromStore: nil, keep: { $0.keep(questions: $1.items, site: site) },
                 deliver: { .questionTitlesLoaded(token, $0.map(\.items)) })
        case let .loadThread(token, questionID, site, reload):
            loadThread(token, questionID: questionID, site: site, policy: reload ? .reload : .useCache)
        case let .loadComments(token, postIDs, site, reload):
            loadComments(token, postIDs: postIDs, site: site, policy: reload ? .reload : .useCache)
        case let .loadAnswerQuestion(token, _, _) where offlineOnly:
            finish(token, .answerQuestionLoaded(token, .failure(.offline(detail: "started with --offline; finding an answer's question needs the network"))))
        case let .loadAnswerQuestion(token, answerID, site):
            track(token, retrieval.answers.retrieveAnswers(ids: [answerID], site: site) { [weak self] result in
                let question = result.flatMap { page -> Result<Int, APIError> in
                    guard let answer = page.items.first(where: { $0.answerID == answerID }) else {
                        return .failure(.api(id: 404, name: "no_such_answer", message: "No answer \(answerID) on \(site)"))
                    }
                    return .success(answer.questionID)
                }
                self?.finish(token, .answerQuestionLoaded(token, question))
            })
        case let .markRead(site, marks):
            markRead(site: site, marks)
        case .loadLastRead, .loadLinkedQuestions, .setSaved, .loadSaved, .loadSiteMemory, .rememberSearch, .rememberBrowse:
            performMemory(effect)
        case let .loadSites(token) where offlineOnly:
            finish(token, .sitesLoaded(token, .failure(.offline(detail: "started with --offline; the site list needs the network"))))
        case let .loadSites(token):
            track(token, retrieval.sites.retrieveSites { [weak self] result in
                self?.finish(token, .sitesLoaded(token, result.map(\.sites)))
                if case .success(let list) = result, let error = list.refreshError {
                    self?.send(.notify("Showing the saved site list: \(error.summary)", isError: false))
                }
            })
        case let .cancel(token):
            storeChecks.remove(token)
            handles.removeValue(forKey: token)?.cancel()
            pauseWatcher?.loadsChanged()
        case .cancelAll:
            cancelAll()
        case let .scheduleLoadingIndicator(token, seconds):
            DispatchQueue.main.asyncAfter(deadline: .now() + seconds) { [weak self] in
                MainActor.assumeIsolated { self?.send(.loadingIndicatorDue(token)) }
            }
        case let .openURL(url):
            send(outside.openInBrowser(url, handOver: handOver) { [weak self] failure in
                DispatchQueue.main.async { MainActor.assumeIsolated { self?.send(failure) } }
            })
        case let .copyToClipboard(text):
            send(outside.copyLink(text))
        case let .copyCodeBlock(top, rows):
            guard let blocks = codeBlocks() else {
                send(.notify("Nothing copied: the question is still being laid out", isError: false))
                return
            }
            send(outside.copyCode(blocks.block(inViewFrom: top, rows: rows)?.text))
        case .quit:
            break
        }
    }

    /// How long quitting waits for the store's queued writes: a few local transactions of milliseconds fit, a store
    /// locked by another process (writers wait up to 5 s) does not hold the exit.
    static let quitStoreWait: TimeInterval = 0.05

    /// Closes the network connections without waiting and gives the store's queued writes at most `quitStoreWait`
    /// (the program is quitting; the reducer's `.cancelAll`, which comes before its `.quit`, has already cancelled
    /// every load). Read marks, saves and searches are written before queued network copies; what is not written
    /// in time is lost (`LocalDataManager.flush(waitingAtMost:)`).
    func shutDown() {
        retrieval.closeConnections()
        local?.flush(waitingAtMost: Self.quitStoreWait)
    }

    private func cancelAll() {
        storeChecks.removeAll()
        for handle in handles.values { handle.cancel() }
        handles.removeAll()
        retrieval.cancelAll()
    }

    /// `/questions`, or `/search/advanced` when the settings carry a search. Pages come with bodies, so opening
    /// one of their questions costs only the answers request.
    func networkQuestions(_ settings: BrowseSettings, page: Int, priority: LoadPriority, policy: CachePolicy,
                          completion: @escaping RetrievalCompletion<Page<Question>>) -> RetrievalHandle {
        if let query = settings.searchQuery {
            return retrieval.search.search(site: settings.site, query: query, tagged: settings.tagged, sort: settings.searchSort,
                                           page: page, pageSize: settings.pageSize, withBodies: true, cachePolicy: policy,
                                           priority: priority, completion: completion)
        }
        return retrieval.questions.retrieveQuestions(site: settings.site, sort: settings.sort, tagged: settings.tagged, page: page,
                                                     pageSize: settings.pageSize, withBodies: true, cachePolicy: policy,
                                                     priority: priority, completion: completion)
    }

    func track(_ token: LoadToken, _ handle: RetrievalHandle) {
        handles[token] = handle
        pauseWatcher?.loadsChanged()
    }

    func finish(_ token: LoadToken, _ action: Action) {
        handles[token] = nil
        send(action)
        pauseWatcher?.loadsChanged()
    }
}
