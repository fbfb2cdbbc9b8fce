import AppCore
import Foundation
import StackAPI
import StackRetrieval
import TextEngine

/// Performs the reducer's load effects through the data managers and turns results back into actions.
@MainActor
final class EffectRunner {
    let retrieval: Retrieval
    /// Every load of the app (`EffectRunner+Loads`): the store or the network, decided by the load.
    let loader: Loader
    let outside: ExternalActions
    /// The local store's manager; nil when the store could not be opened (then everything comes from the network).
    let local: LocalDataManager?
    /// `--offline` (or the sample site chosen): no request leaves; every load is answered by the store.
    var offlineOnly: Bool
    /// What the reducer was last told by `.offlineChanged`.
    var reportedOffline: Bool
    /// The live source's socket; nil: the API host has none (an `api_base_url` of its own, no `live_url`), so the
    /// source polls. Live itself is on or off in `SharedState.liveEnabled`, which asks for the source.
    var liveURL: String?
    /// Seconds between the live source's polls when its socket cannot be had (`live_refresh_s`).
    var liveRefreshSeconds = LiveConfiguration.refreshSecondsWithoutKey
    /// Ring the bell when a watched question arrives (`bell`, default true).
    var bell = true
    /// The live source running, if any (`EffectRunner+Live`).
    var live: LiveSource?
    /// Counts the live source's states: a countdown step of an older one does nothing.
    var liveCountdown = 0
    /// Whether the terminal's own title was pushed on its title stack before stackterm first set one (popped at exit).
    var titlePushed = false
    private var handles: [LoadToken: RetrievalHandle] = [:]
    private var pauseWatcher: PauseWatcher?
    /// Where results go (the runner's dispatch).
    var send: @MainActor (Action) -> Void = { _ in }
    /// The code blocks of the question view's layout, nil while it is not laid out (the runner's layouter).
    var codeBlocks: @MainActor () -> [CodeBlockPlacement]? = { nil }
    /// How a terminal browser gets the terminal (the runner's terminal and event loop); nil: browsers start detached.
    var handOver: TerminalHandOver?

    init(retrieval: Retrieval, outside: ExternalActions, local: LocalDataManager? = nil, offlineOnly: Bool = false) {
        self.retrieval = retrieval
        loader = retrieval.loader(local: local)
        self.outside = outside
        self.local = local
        self.offlineOnly = offlineOnly
        reportedOffline = offlineOnly
        pauseWatcher = PauseWatcher(
            paused: { retrieval.pausedMethods() },
            report: { [weak self] pauses in self?.send(.apiPausesChanged(pauses)) })
        // A load may reach the gate long after it started (its queue busy, a slow machine): the gate says when.
        retrieval.onPausesChanged { [weak self] in
            DispatchQueue.main.async { @MainActor in self?.pauseWatcher?.loadsChanged() }
        }
        local?.onFirstWriteFailure { [weak self] sentence in
            DispatchQueue.main.async { @MainActor in self?.send(.notice(sentence)) }
        }
    }

    /// Starts, cancels or schedules what `effect` asks for; `.quit` is the caller's business.
    func perform(_ effect: Effect) {
        switch effect {
        case let .loadQuestions(token, settings, page, priority, reload):
            loadQuestions(token, settings, page: page, priority: priority, reload: reload)
        case let .loadAnswersFeed(token, site, page, pageSize, priority, reload):
            run(token, { [loader] in
                loader.latestAnswers(site: site, page: page, pageSize: pageSize, mode: mode(reload: reload), priority: priority,
                                     completion: $0)
            }, deliver: { .answersFeedLoaded(token, $0) })
        case let .loadQuestionTitles(token, ids, site):
            run(token, { [loader] in loader.questions(ids: ids, site: site, mode: mode(reload: false), completion: $0) },
                deliver: { .questionTitlesLoaded(token, $0) })
        case let .loadThread(token, questionID, site, reload, listCopy):
            run(token, { [loader] in
                loader.thread(questionID: questionID, site: site, listCopy: listCopy, mode: mode(reload: reload), completion: $0)
            },
                deliver: { .threadLoaded(token, $0) })
        case let .loadComments(token, postIDs, site, reload):
            run(token, { [loader] in loader.comments(postIDs: postIDs, site: site, mode: mode(reload: reload), completion: $0) },
                deliver: { .commentsLoaded(token, $0) })
        case let .loadAnswerQuestion(token, answerID, site):
            run(token, { [loader] in loader.questionID(ofAnswer: answerID, site: site, mode: mode(reload: false), completion: $0) },
                deliver: { .answerQuestionLoaded(token, $0) })
        case let .markRead(site, marks):
            markRead(site: site, marks)
        case .loadReadMarks, .loadLastRead, .loadLinkedQuestions, .setSaved, .loadSaved, .loadSiteMemory, .rememberSearch, .rememberBrowse,
             .rememberWatchedTags, .loadHeldSites, .importSample:
            performMemory(effect)
        case let .loadSites(token):
            run(token, { [loader] in loader.sites(mode: mode(reload: false), completion: $0) },
                deliver: { .sitesLoaded(token, $0.map(\.sites), held: (try? $0.get().held) ?? []) })
        case let .startLive(subscription):
            startLive(subscription)
        case .stopLive:
            stopLive()
        case let .alertWatched(message):
            alertWatched(message)
        case let .setWindowTitle(title):
            setWindowTitle(title)
        case let .cancel(token):
            handles.removeValue(forKey: token)?.cancel()
            pauseWatcher?.loadsChanged()
        case .cancelAll:
            cancelAll()
        case let .scheduleLoadingIndicator(token, seconds):
            DispatchQueue.main.asyncAfter(deadline: .now() + seconds) { @MainActor [weak self] in
                self?.send(.loadingIndicatorDue(token))
            }
        case let .openURL(url):
            send(outside.openInBrowser(url, handOver: handOver) { [weak self] failure in
                DispatchQueue.main.async { @MainActor in self?.send(failure) }
            })
        case let .copyToClipboard(text):
            send(outside.copyLink(text))
        case let .copyCodeBlock(top, rows):
            guard let blocks = codeBlocks() else {
                send(.notify("Nothing copied: the question is still being laid out", isError: false))
                return
            }
            send(outside.copyCode(blocks.block(inViewFrom: top, rows: rows)?.text))
        case .quit, .redraw:
            break // the runner's own: it holds the terminal (`AppRunner.reduce`)
        }
    }

    /// How long quitting waits for the store's queued writes: a few local transactions of milliseconds fit, a store
    /// locked by another process (writers wait up to 5 s) does not hold the exit.
    static let quitStoreWait: TimeInterval = 0.05

    /// Stops the live source and closes the network connections without waiting, and gives the store's queued writes at most `quitStoreWait`
    /// (the program is quitting; the reducer's `.cancelAll`, which comes before its `.quit`, has already cancelled
    /// every load). Read marks, saves and searches are written before queued network copies; what is not written
    /// in time is lost (`LocalDataManager.flush(waitingAtMost:)`).
    func shutDown() {
        stopLive()
        restoreWindowTitle()
        retrieval.closeConnections()
        local?.flush(waitingAtMost: Self.quitStoreWait)
    }

    private func cancelAll() {
        for handle in handles.values { handle.cancel() }
        handles.removeAll()
        retrieval.cancelAll()
    }

    func track(_ token: LoadToken, _ handle: RetrievalHandle) {
        handles[token] = handle
        pauseWatcher?.loadsChanged()
    }

    /// The load under `token` ended: forgets it and sends `action`, if any.
    func finish(_ token: LoadToken, _ action: Action?) {
        handles[token] = nil
        if let action { send(action) }
        pauseWatcher?.loadsChanged()
    }
}
