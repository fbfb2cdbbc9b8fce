import AppCore
import Foundation
import StackAPI
import StackAuth
import StackRetrieval
import TextEngine

/// What the effect runner is made from, once, before the first effect: where requests go, the store's door, what
/// is outside the program, and the settings of live. Nothing in it changes while the program runs.
struct RunnerEnvironment {
    let retrieval: Retrieval
    let outside: ExternalActions
    /// The local store's manager; nil when the store could not be opened (then everything comes from the network).
    var local: LocalDataManager?
    /// Why there is no local store (`local` nil), naming its path and the reason.
    var storeProblem: String?
    /// `--offline`: no request leaves from the start (the reducer may ask for it later: `Effect.answerFromStoreOnly`).
    var offline = false
    /// The live source's socket; nil: the API host has none (an `api_base_url` of its own, no `live_url`), so the
    /// source polls. Live itself is on or off in `SharedState.liveEnabled`, which asks for the source.
    var liveURL: String?
    /// Seconds between the live source's polls when its socket cannot be had (`live_refresh_s`).
    var liveRefreshSeconds = LiveConfiguration.refreshSecondsWithoutKey
    /// Ring the bell when a watched question arrives (`bell`, default true).
    var bell = true
    /// The login's token, sent with the user's writes only; nil when nobody is logged in.
    var accessToken: AccessToken?
}

/// Performs the reducer's effects through the data managers and turns results back into actions. Its state is
/// what effects started and must be able to stop (loads in flight, the live source, the title pushed) and whether
/// loads may leave, which only the reducer changes (`Effect.answerFromStoreOnly`).
@MainActor
final class EffectRunner {
    let retrieval: Retrieval
    /// Every load of the app (`EffectRunner+Loads`): the store or the network, decided by the load.
    let loader: Loader
    let outside: ExternalActions
    /// The local store's manager; nil when the store could not be opened (then everything comes from the network).
    let local: LocalDataManager?
    /// Why there is no local store (`local` nil), naming its path and the reason.
    let storeProblem: String?
    /// The live source's socket, nil to poll (`RunnerEnvironment.liveURL`).
    let liveURL: String?
    /// Seconds between the live source's polls when its socket cannot be had.
    let liveRefreshSeconds: Double
    /// Ring the bell when a watched question arrives.
    let bell: Bool
    /// The login's token, sent with the user's writes only (`Effect.load(_, .write)`); nil when nobody is logged in.
    let accessToken: AccessToken?
    /// `--offline` (or the sample site chosen): no request leaves; every load is answered by the store.
    var offlineOnly: Bool
    /// What the reducer was last told by `.offlineChanged`.
    var reportedOffline: Bool
    /// The live source running, if any (`EffectRunner+Live`).
    var live: LiveSource?
    /// Counts the live source's states: a countdown step of an older one does nothing.
    var liveCountdown = 0
    /// Whether the terminal's own title was pushed on its title stack before stackterm first set one (popped at exit).
    var titlePushed = false
    private var handles: [LoadToken: RetrievalHandle] = [:]
    private var pauseWatcher: PauseWatcher?
    /// Where results go (the app runner's dispatch: wired once, after both are made).
    var send: @MainActor (Action) -> Void = { _ in }
    /// How a terminal browser gets the terminal (the app runner's terminal and event loop, wired once); nil: browsers
    /// start detached.
    var handOver: TerminalHandOver?

    init(_ environment: RunnerEnvironment) {
        let retrieval = environment.retrieval
        self.retrieval = retrieval
        loader = retrieval.loader(local: environment.local)
        outside = environment.outside
        local = environment.local
        storeProblem = environment.storeProblem
        liveURL = environment.liveURL
        liveRefreshSeconds = environment.liveRefreshSeconds
        bell = environment.bell
        accessToken = environment.accessToken
        offlineOnly = environment.offline
        reportedOffline = environment.offline
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
        case let .load(token, request):
            load(token, request)
        case let .remember(memory):
            remember(memory)
        case let .setSaved(site, questionID, saved):
            setSaved(site: site, questionID: questionID, saved: saved)
        case .answerFromStoreOnly:
            offlineOnly = true
            stopLive()
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
        case .editPost(let request):
            editPost(request)
        case let .after(seconds, action):
            DispatchQueue.main.asyncAfter(deadline: .now() + seconds) { @MainActor [weak self] in self?.send(action) }
        case let .openURL(url):
            send(outside.openInBrowser(url, handOver: handOver) { [weak self] failure in
                DispatchQueue.main.async { @MainActor in self?.send(failure) }
            })
        case let .copyToClipboard(text):
            send(outside.copyLink(text))
        case let .copyCode(text):
            send(outside.copyCode(text))
        case .quit, .redraw:
            break // the runner's own: it holds the terminal (`AppRunner.reduce`)
        }
    }

    /// Keeps `memory` in the store (nothing without one); queued in the store's line of the user's own writes.
    private func remember(_ memory: Memory) {
        guard let local else { return }
        switch memory {
        case let .readMarks(site, marks):
            local.markRead(site: site, marks.mapValues { (answerCount: $0.answerCount, lastActivity: $0.lastActivity) })
        case let .search(site, query):
            local.rememberSearch(query, site: site)
        case let .browse(remembered):
            local.rememberBrowse(site: remembered.site, sort: remembered.sort, tagged: remembered.tagged)
        case let .watchedTags(tags):
            local.rememberWatchedTags(tags)
        case let .draftPosted(compose):
            local.forgetDraft(of: compose)
        }
    }

    /// How long quitting waits for the store's queued writes: a few local transactions of milliseconds fit, a store
    /// locked by another process (an import) does not hold the exit — the user's writes left are in the journal.
    static let quitStoreWait: TimeInterval = 0.05

    /// Stops the live source and closes the network connections without waiting, and gives the store's queued writes at most `quitStoreWait`
    /// (the program is quitting; the reducer's `.cancelAll`, which comes before its `.quit`, has already cancelled
    /// every load). Read marks, saves and searches are written before queued network copies; those not written in
    /// time stay in the journal and the next start writes them, network copies are lost (`LocalDataManager.flush`).
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
